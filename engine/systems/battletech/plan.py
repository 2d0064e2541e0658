"""The plan of a BattleTech turn and what its rolls make (see `battletech.turn`).

`prepare` (`battletech.turn`) builds a `Turn` once per scenario: everything that needs no
dice. Its `Stage`s hold each support's independent rolls (`Action`s); a roll makes a
`Volley` (where a bomb or shell landed, and the `Strike`s it sends at units); each strike
resolved is a `Result` of 5-point damage `Group`s (BT-RULE.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.hexgrid import Hex
from engine.scenario import Scenario
from engine.words import Msg, Words, msg


@dataclass(frozen=True)
class Strike:
    """One attack on one unit: `groups` damage groups, each rolled on `table`."""

    unit: int
    source: Msg  # the support's name in the log (`support_labels`)
    groups: int
    group_damage: int
    arc: str | None  # None: roll 1D6 (BT-RULE.2); "-": no table
    table: str  # "mech" | "punch" | "none"


@dataclass(frozen=True)
class Volley:
    """What one roll of a support did: where it landed (bombs, shells) and whom it attacks."""

    impact: Hex | None
    strikes: tuple[Strike, ...]


@dataclass(frozen=True)
class Group:
    """One 5-point damage group as it hit: location, armour (front/rear), critical check."""

    damage: int
    location: str
    armour: str
    critical: bool = False

    @property
    def key(self) -> str:
        """The location as odds count it (rear torso armour apart: "CT(R)")."""
        return f"{self.location}(R)" if self.armour == "rear" else self.location


@dataclass(frozen=True)
class Result:
    """A resolved attack on one unit."""

    strike: Strike
    arc: str
    groups: tuple[Group, ...]


Outcome = tuple[Result, ...]
NO_EFFECT = Volley(None, ())

Action = tuple[Callable[..., Volley], tuple[Any, ...]]
"""One independent roll of a support: ``(fn, args)``, run as ``fn(turn, *args, dice, log)``
(the plan is passed in, not bound, so that a plan holds no reference to itself)."""


@dataclass(frozen=True)
class Stage:
    """One support as the Weapon Attack Phase resolves it: its cover, its independent rolls."""

    label: Msg  # the support's name in the log
    hexes: tuple[Hex, ...]  # the hexes it is aimed at
    covers: tuple[tuple[Msg, int], ...]  # each Air Cover card laid against it: name, number
    actions: tuple[Action, ...]


@dataclass(frozen=True, eq=False)
class Turn:
    """The plan of one turn (`prepare`): everything that needs no dice, built once.

    `attacks` (a support's attacks on the units of one hex) and `areas` (an artillery
    shell's area of effect around one impact hex) are filled the first time a run needs
    them; they belong to this plan and are dropped with it.
    """

    scn: Scenario
    labels: tuple[Msg, ...]  # each support's name in the log, then each shell in flight's
    stages: tuple[Stage, ...]
    units_in: dict[Hex, tuple[int, ...]]  # units per hex, in scenario order
    submerged: tuple[bool, ...]  # per unit (BT-RULE.5)
    attacks: dict[tuple[Msg, Hex, Hex | None], tuple[Volley, tuple[int, ...]]] = field(
        default_factory=dict)
    areas: dict[tuple[Msg, Hex, Hex | None], tuple[Volley, tuple[int, ...]]] = field(
        default_factory=dict)


def joined(key: str, parts: Sequence[Words]) -> Words:
    """`parts` joined as one message of `key` ("bt.join.semicolon": "a; b; c", "bt.join.and":
    "a and b"); a single part is itself, none is nothing (""). The joins say the same
    however they are grouped, so the messages nest as a balanced tree: saying the RESULT
    of 500 units goes 9 messages deep, not 500 (past the browser's recursion limit)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    half = len(parts) // 2
    return msg(key, first=joined(key, parts[:half]), rest=joined(key, parts[half:]))

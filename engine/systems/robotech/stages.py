"""Robotech Blast: what the stages of the rule pass on to each other (seed 000).

The aims and the plan made before any roll, a roll to Strike or to Dodge, what missiles
would do to each unit (`Impact`, `Record`), where a template came down, and what the
reactions and the whole attack did to a unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from engine.geometry import Circle, Point
from engine.scenario import Scenario
from engine.scenario.robotech import Reactions, Unit
from engine.words import Msg

TEMPLATE_RADIUS = 2.5
POINT_OF_IMPACT_DF = 5
SCATTER_STRIKE_BONUS = 1
"""The new Strike after a scatter is D6 + 1 (RT-14)."""


@dataclass(frozen=True)
class Aim:
    """Where one missile (or the single Blast shot) is aimed, before any roll."""

    index: int
    target: int | None  # unit index of the primary target; None for a ground point
    centre: Point
    modifier: int  # -3 for a secondary target of a split volley
    one_at: float  # bearing of template direction "1": straight away from the firer
    reach: float  # the attacker's range to the target: the scatter cap (RT-13)
    under: tuple[int, ...]  # the units a template centred here covers


class Strike(NamedTuple):
    """A roll to Strike (or to Dodge): the die face, the total, and whether a natural 6 or
    1 decides the point of impact (`natural_impact`) and every other comparison
    (`natural_all`), as option ``natural_rolls`` reads it. A named tuple: seeded runs make
    one per missile, and a frozen dataclass costs several times as much to make."""

    face: int
    total: int
    natural_impact: bool = False
    natural_all: bool = False

    @property
    def natural(self) -> bool:
        return self.face in (1, 6)

    def hits_point(self) -> bool:
        """RT-1: equal or beat DF 5, the point of impact (a natural 6 or 1 decides it)."""
        if self.natural_impact and self.natural:
            return self.face == 6
        return self.total >= POINT_OF_IMPACT_DF

    def reaches(self, df: int) -> bool:
        """Equal or beat `df` (a DF, or a Strike for a Dodge): totals, unless natural 6 and
        1 decide every comparison (``natural_rolls`` true)."""
        if self.natural_all and self.natural:
            return self.face == 6
        return self.total >= df

    def by_nature(self, df: int) -> bool:
        """Does the natural 6 or 1 change the answer against `df`?"""
        return (self.total >= df) != self.reaches(df)


IMPACT, NEW_STRIKE, DODGE = "impact", "new strike", "dodge"
"""The three rolls `strike_roll` makes: the first Roll to Strike (against the point of
impact, RT-1), the new Strike after a scatter (RT-14), a Dodge (RT-6)."""


def strike_roll(plan: Plan, face: int, total: int, kind: str) -> Strike:
    """A roll of `kind` (`IMPACT`, `NEW_STRIKE` or `DODGE`) under the option
    ``natural_rolls``: whether a natural 6 or 1 decides the point of impact (every value
    but false), a Dodge ("strike-and-dodge" and true) and every DF (true alone)."""
    natural = plan.options["natural_rolls"]
    return Strike(face, total, kind == IMPACT and natural is not False,
                  natural is True or (kind == DODGE and natural == "strike-and-dodge"))


class Impact(NamedTuple):
    """What one or more missiles would do to one unit under their templates, before
    reactions. A unit under a template whose DF is above the Strike roll has an Impact
    with no missile striking it: it is under the blast (p_hit, RT-11 shoot-downs) but
    takes nothing (RT-9). A named tuple, so that the exact odds, which hash millions of
    records, hash them in C."""

    templates: int  # templates over it: it may shoot these missiles down (RT-11)
    striking: int  # missiles that strike it (Strike >= its DF): RT-18 counts these
    damage: int  # their damage, summed
    halved: int  # their damage halved missile by missile (impact_halves = "missile")
    strike: int  # the highest of their Strike rolls: a Dodge must equal or beat it

    def plus(self, other: Impact) -> Impact:
        """Two bundles of missiles on the same unit: counts and damage add up, a Dodge
        must beat the higher Strike."""
        return Impact(self.templates + other.templates, self.striking + other.striking,
                      self.damage + other.damage, self.halved + other.halved,
                      max(self.strike, other.strike))


Record = tuple[Impact | None, ...]
"""Per unit (scenario order), what a missile (or a bundle of missiles) would do."""


def merge(records: Any) -> Record:
    """Unit by unit sum of records (empty: an empty tuple)."""
    out: list[Impact | None] = []
    for record in records:
        if not out:
            out = list(record)
            continue
        out = [a if b is None else b if a is None else a.plus(b)
               for a, b in zip(out, record, strict=True)]
    return tuple(out)


@dataclass(frozen=True)
class Landing:
    """Where one template came down and what it would do there."""

    centre: Point
    record: Record


@dataclass(frozen=True)
class Defence:
    """One unit's answer to the Impact left after shoot-downs (RT-6, RT-7, RT-8)."""

    damage: int
    spent: int  # Command Points spent on Dodge and Roll with Impact
    reactions: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitResult:
    """What the whole attack did to one unit."""

    hits: int  # templates that came down over it (shot down or not)
    damage: int
    cp_spent: int
    reactions: tuple[str, ...]


NO_REACTIONS = Reactions(order=())
"""The reactions of a mecha that never reacts."""


def own_side(scenario: Scenario, unit: Unit) -> bool:
    """Is `unit` a mecha of the attacker's side that the scenario gives no reactions of
    its own (an entry by its id)?"""
    attack = scenario.attack
    return (unit.is_mecha and unit.id not in attack.reactions
            and unit.side == scenario.unit(attack.attacker).side)


def reactions_in(scenario: Scenario, unit: Unit) -> Reactions:
    """A unit's `Reactions` in this attack. A side never reacts against its own attack: a
    mecha of the attacker's side (a Life is Cheap one under the template, RT-4, or one a
    scatter lands on, RT-16) neither shoots its side's missiles down (RT-11) nor spends a
    Command Point against them (RT-6, RT-7), unless the scenario gives it reactions by its
    id (``default`` is for the other side)."""
    return NO_REACTIONS if own_side(scenario, unit) else scenario.attack.reactions_of(unit.id)


@dataclass(frozen=True, eq=False)
class Plan:
    """A legal attack, checked and aimed: everything `play` needs before the dice."""

    scenario: Scenario
    attacker: Unit
    circles: tuple[Circle, ...]
    aims: tuple[Aim, ...]
    shooters: tuple[int, ...]  # units that may try to shoot the missiles down (RT-11)
    cp: tuple[int, ...]  # Command Points in each unit's purse (0: structures, Life is Cheap)
    checks: tuple[tuple[str, Msg], ...]  # (clause, text) of the legality checks passed

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        return self.scenario.units

    @cached_property
    def options(self) -> dict[str, Any]:
        return self.scenario.options

    @cached_property
    def volley(self) -> bool:
        return len(self.aims) > 1

    @cached_property
    def labels(self) -> dict[tuple[str, int, bool], Msg]:
        """The dice labels that depend on the aim alone, made once per plan
        (engine.systems.robotech.words): the odds roll the same aims thousands of times."""
        return {}

    @cached_property
    def covered(self) -> dict[tuple[float, float], tuple[int, ...]]:
        """The units under a template centred at a point (`legality.units_under`), by
        point, measured once per plan (`scatter.scattered_hit`)."""
        return {}

    @cached_property
    def damage(self) -> dict[tuple[tuple[int, ...], Strike, tuple[int, ...]],
                             tuple[Record, tuple[int, ...], tuple[int, ...]]]:
        """What a template does to the units under it, by (those units, the roll, those
        that take the full MD), with who it struck and spared
        (`strikes.damage_record`), made once per plan."""
        return {}

    @cached_property
    def decisions(self) -> dict[tuple[int, Any, int], bool]:
        """Each mecha's shoot-down decision by what it reads and has spent
        (`shootdowns.will_shoot`), made once per plan."""
        return {}

    @cached_property
    def reactions(self) -> dict[str, Reactions]:
        """Each unit's `Reactions`, by id, looked up once (seeded runs ask often)."""
        return {u.id: reactions_in(self.scenario, u) for u in self.units}

    def reactions_of(self, unit: Unit) -> Reactions:
        return self.reactions[unit.id]

    @cached_property
    def friends(self) -> tuple[tuple[int, ...], ...]:
        """Per unit, the other units of its side (`shootdowns.threat_of`: the missiles a
        mecha shoots at may damage them)."""
        sides = grouped([u.side for u in self.units])
        return tuple(tuple(j for j in side if j != i) for i, side in enumerate(sides))

    @cached_property
    def purses(self) -> tuple[str, ...]:
        """Whose Command Points each unit spends: its side's pool (option
        ``command_points`` "side", the game's: any of a player's mecha spend his) or its own
        ("mecha")."""
        pooled = self.options["command_points"] == "side"
        return tuple(u.side if pooled else u.id for u in self.units)

    @cached_property
    def sharing(self) -> tuple[tuple[int, ...], ...]:
        """Per unit, the units that spend from its purse (`purses`), itself included."""
        return grouped(self.purses)

    def spent_from(self, index: int, spent: Sequence[int]) -> int:
        """The Command Points already spent from unit `index`'s purse (`spent`: per unit)."""
        return sum([spent[j] for j in self.sharing[index]])


def grouped(keys: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """Per index of `keys`, the indices whose key is its own (itself included)."""
    groups: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(key, []).append(i)
    held = {key: tuple(group) for key, group in groups.items()}
    return tuple(held[key] for key in keys)

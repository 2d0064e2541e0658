"""The resolution record: ordered steps, each citing a rule clause, with its dice.

A rule writes to a `Log` as it goes (``log.step("RT-5", "...", template(...))``); the log
takes the rolls made since the previous step from the dice, so every step shows exactly
the dice it used. Odds run the same rules with a `SilentLog`, which records nothing.

Steps may carry *marks*: plain dicts that tell a renderer what to draw for that step,
without the renderer knowing any rule. The kinds (all coordinates in inches or hex labels):

- ``{"kind": "template", "x", "y", "radius", "role"}``: a blast marker; ``role`` is
  ``"aim"`` (first placement), ``"final"`` or ``"scatter-start"``. Optional ``zones``
  (radii of the Mega-blast zones, inner first), ``one_at`` (Robotech: the bearing of
  direction 1 in degrees) with ``winding`` (``"clockwise"``/``"counter-clockwise"``),
  ``label`` (drawn by the template), ``source`` (Robotech: which missile or blast it is,
  as its scatter arrow's ``label`` names it; not drawn, the summary reads it).
- ``{"kind": "scatter", "from": [x, y], "to": [x, y], "distance", "label"}``: an arrow.
- ``{"kind": "hex", "hex": "0908", "role"}``: a BattleTech hex; roles ``"target"``,
  ``"hit"``, ``"scatter"``, ``"aoe-0"``/``"aoe-1"``/``"aoe-2"`` (ring), ``"strafe"``.
- ``{"kind": "hexpath", "hexes": [...], "role": "scatter"}``: a scatter path of hexes.
- ``{"kind": "unit", "id", "state"}``: what happened to a unit: ``"hit"``, ``"damaged"``,
  ``"dodged"``, ``"shot-down"``, ``"saved"``, ``"missed"``, ``"untouched"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice, Roll
from engine.readings import readings_line
from engine.words import DEFAULT_LANG, Lang, Msg, Words, say

Mark = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One step of a resolution: the clause it applies, what happened (a message, said in
    the reader's language by `engine.words.say`), its dice."""

    clause: str
    text: Words
    rolls: tuple[Roll, ...] = ()
    marks: tuple[Mark, ...] = ()

    def to_dict(self, lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
        return {
            "clause": self.clause,
            "text": say(self.text, lang),
            "rolls": [r.to_dict(lang) for r in self.rolls],
            "marks": [{k: say(v, lang) if isinstance(v, Msg) else v for k, v in m.items()}
                      for m in self.marks],
        }


@dataclass(frozen=True)
class Resolution:
    """A whole resolution: the seed (None for scripted dice), options, steps, effects.

    `effects` maps each unit id to what happened to it (system-specific keys: hits,
    damage, wounds, locations, spent Command Points...).
    """

    system: str
    seed: int | None
    options: dict[str, Any]
    steps: tuple[Step, ...]
    effects: dict[str, dict[str, Any]]

    def to_dict(self, lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
        """The resolution as JSON, its words in `lang`."""
        return {
            "system": self.system,
            "seed": self.seed,
            "options": dict(self.options),
            "steps": [s.to_dict(lang) for s in self.steps],
            "effects": {k: dict(v) for k, v in self.effects.items()},
        }


@dataclass
class Log:
    """Collects the steps of one resolution; the rolls come from `dice`."""

    dice: Dice
    steps: list[Step] = field(default_factory=list)

    def step(self, clause: str, text: Words, *marks: Mark) -> None:
        """Record a step citing `clause`, with the rolls made since the previous step."""
        self.steps.append(Step(clause, text, tuple(self.dice.drain()),
                               tuple(_rounded(m) for m in marks)))

    def options(self, system: str, options: Mapping[str, Any]) -> None:
        """The OPT step: the named readings the resolution uses, in one line of players'
        words (engine.readings): rules as written, or which readings changed and to what.
        The resolution keeps every option as in the JSON (`Resolution.options`)."""
        self.step("OPT", readings_line(system, options))

    @property
    def silent(self) -> bool:
        """True when nothing is recorded (odds): rules may skip building text."""
        return False


class SilentLog(Log):
    """A log that records nothing: the rules run at full speed when computing odds."""

    def __init__(self) -> None:
        super().__init__(dice=None)  # type: ignore[arg-type]

    def step(self, clause: str, text: Words, *marks: Mark) -> None:
        return None

    @property
    def silent(self) -> bool:
        return True


MARK_DECIMALS = 6
"""Marks are for drawing: rounded to a millionth of an inch, they read the same in CPython
and in Pyodide, whose maths libraries may differ in the last bit of a sine."""


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, MARK_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rounded(v) for v in value]
    return value


def effect_text(value: Any) -> str:
    """An effect (or any part of one) as one plain line: ``hits 3, damage 12, reactions
    dodge-failed``; empty lists, zeros and false flags are left out, nested records are
    written in brackets. The command line and the page show effects with it."""
    if isinstance(value, dict):
        parts = [k.replace("_", " ") if v is True
                 else f"{k.replace('_', ' ')} ({effect_text(v)})" if isinstance(v, dict)
                 else f"{k.replace('_', ' ')} {effect_text(v)}"
                 for k, v in value.items() if _worth_saying(v)]
        return ", ".join(parts) or "nothing"
    if isinstance(value, list | tuple):
        items = [effect_text(v) for v in value]
        nested = any(isinstance(v, dict | list | tuple) for v in value)
        return "; ".join(f"[{i}]" for i in items) if nested else " ".join(items)
    return str(value)


def _worth_saying(value: Any) -> bool:
    return value not in (False, None, 0, "") and not (isinstance(value, dict | list | tuple)
                                                      and not value)


def template(x: float, y: float, radius: float, role: str, **extra: Any) -> Mark:
    """A blast marker mark (see the module docstring for the optional keys)."""
    return {"kind": "template", "x": x, "y": y, "radius": radius, "role": role, **extra}


def scatter(start: tuple[float, float], end: tuple[float, float], distance: float,
            label: Words = "") -> Mark:
    """A scatter arrow from `start` to `end` (inches)."""
    return {"kind": "scatter", "from": list(start), "to": list(end),
            "distance": distance, "label": label}


def hex_mark(label: str, role: str) -> Mark:
    """A highlighted BattleTech hex."""
    return {"kind": "hex", "hex": label, "role": role}


def hexpath(hexes: list[str], role: str = "scatter") -> Mark:
    """A path through BattleTech hexes (a bomb's or a shell's scatter)."""
    return {"kind": "hexpath", "hexes": list(hexes), "role": role}


def unit_state(unit_id: str, state: str) -> Mark:
    """What happened to one unit at this step."""
    return {"kind": "unit", "id": unit_id, "state": state}

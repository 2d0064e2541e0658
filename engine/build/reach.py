"""An attack's reach as the board draws it while the player sets it up (issue 15).

Each tabletop system says, for every aim of its attack, where its weapon's range is
measured from and to (`RangeLine`): Heresy from the firer's base or hull edge to the hole
(HH-2), Robotech from the attacker's base edge to the target's base edge or the ground
point (RT-2, RT-3). The board draws the line, red past the weapon's maximum range, and a
handle on an aim the player may drag. Drawing decides nothing: the legality line beside
Roll is still the engine's verdict (`engine.build.legality`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.geometry import Point

BISECTIONS = 40
"""Halvings of a segment when finding where a measure reaches a value (2^-40 of it)."""


@dataclass(frozen=True)
class RangeLine:
    """One aim's reach: from `start` (the firer's edge) to `end` (the aim); `limit` the
    point where the weapon's maximum range ends, when `end` lies past it (the clause that
    says so: `clause`). `moves` names what a drag of the aim changes: ``"aim"`` (Heresy
    shots `shots`' hole), ``"point"`` (a Robotech ground point), or ``""`` (the aim is a
    unit, moved as units are)."""

    start: Point
    end: Point
    limit: Point | None
    clause: str
    moves: str = ""
    shots: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, object]:
        def xy(p: Point | None) -> list[float] | None:
            return None if p is None else [round(p.x, 3), round(p.y, 3)]

        return {"start": xy(self.start), "end": xy(self.end), "limit": xy(self.limit),
                "clause": self.clause, "moves": self.moves, "shots": list(self.shots)}


def point_where(measure: Callable[[Point], float], a: Point, b: Point, value: float) -> Point:
    """The point of segment a-b where `measure`, nondecreasing from `a` to `b`, reaches
    `value` (by bisection; `b` when it never does)."""
    lo, hi = 0.0, 1.0
    if measure(b) <= value:
        return b
    for _ in range(BISECTIONS):
        mid = (lo + hi) / 2
        if measure(a + (b - a) * mid) <= value:
            lo = mid
        else:
            hi = mid
    return a + (b - a) * lo

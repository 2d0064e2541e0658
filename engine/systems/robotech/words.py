"""Robotech Blast: how the log names missiles, templates, places and units."""

from __future__ import annotations

from collections.abc import Container, Sequence

from engine.geometry import (
    Point,
)
from engine.log import Mark, template
from engine.names import shown_name
from engine.scenario.robotech import Unit
from engine.systems.robotech.stages import TEMPLATE_RADIUS, Aim, Plan, Record, Strike


def missile_name(plan: Plan, aim: Aim) -> str:
    return f"missile {aim.index + 1}" if plan.volley else "the blast"


def template_name(plan: Plan, aim: Aim, whole: bool) -> str:
    """How the log calls a scattering template: its missile's, or the volley's (RT-20)."""
    return "the volley's template" if whole else missile_name(plan, aim)


def place_name(plan: Plan, aim: Aim) -> str:
    if aim.target is None:
        return f"the point ({aim.centre.x:g}, {aim.centre.y:g})"
    return who(plan.units[aim.target], plan.units)


def final_template(plan: Plan, centre: Point, one_at: float, source: str) -> Mark:
    """Where a template comes down; `source` names its missile (or the blast, the volley)."""
    return template(centre.x, centre.y, TEMPLATE_RADIUS, "final", one_at=one_at,
                    winding=plan.options["template_winding"], source=source)


def describe(plan: Plan, record: Record, struck: Sequence[int], full: Container[int],
             roll: Strike) -> str:
    """Who a template strikes, for how much (and where only a natural 6 reached the DF)."""
    parts = [f"{who(plan.units[i], plan.units)} {'full' if i in full else 'half'} {hit.damage}"
             + (" (natural 6)" if roll.by_nature(plan.units[i].df) else "")
             for i, hit in ((i, record[i]) for i in struck) if hit is not None]
    return "it strikes " + ", ".join(parts) if parts else "it strikes no unit"


def cap(text: str) -> str:
    """A sentence's first letter in capitals, the rest as written (names stay as given)."""
    return text[:1].upper() + text[1:]


def who(unit: Unit, units: Sequence[Unit]) -> str:
    """A unit as players call it among `units`: its name, with its id where another unit
    shares the name ("Regult (r1)"; engine.names)."""
    return shown_name(unit, units)

"""Robotech Blast: how the log names missiles, templates, places and units.

Each name is a message (engine.words.robotech), said in the reader's language by whoever
shows the log; a missile's name is also the ``label`` of its scatter arrow and the
``source`` of its final template, which the summary matches by equality.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence

from engine.geometry import (
    Point,
)
from engine.log import Mark, template
from engine.names import shown_name
from engine.scenario.robotech import Unit
from engine.systems.robotech.stages import (
    SCATTER_STRIKE_BONUS,
    TEMPLATE_RADIUS,
    Aim,
    Plan,
    Record,
    Strike,
)
from engine.words import Msg, Words, msg


def missile_name(plan: Plan, aim: Aim) -> Msg:
    """A volley's missile by its number ("missile 3"), or the single shot ("the blast")."""
    return msg("rt.missile", n=aim.index + 1) if plan.volley else msg("rt.the_blast")


def missiles_named(numbers: Sequence[int]) -> Msg:
    """Missiles of a volley by their numbers: "missile 3", "missiles 1, 2"."""
    if len(numbers) == 1:
        return msg("rt.missile", n=numbers[0])
    return msg("rt.missiles", numbers=list(numbers))


def template_name(plan: Plan, aim: Aim, whole: bool) -> Msg:
    """How the log calls a scattering template: its missile's, or the volley's (RT-20)."""
    return msg("rt.volley_template") if whole else missile_name(plan, aim)


def point_name(centre: Point) -> Msg:
    """A spot on the ground (Indirect Fire, RT-3): "the point (30, 24)"."""
    return msg("rt.point", x=centre.x, y=centre.y)


def place_name(plan: Plan, aim: Aim) -> Words:
    """Where a missile is aimed: its target's name, or the point on the ground."""
    if aim.target is None:
        return point_name(aim.centre)
    return who(plan.units[aim.target], plan.units)


def final_template(plan: Plan, centre: Point, one_at: float, source: Msg) -> Mark:
    """Where a template comes down; `source` names its missile (or the blast, the volley)."""
    return template(centre.x, centre.y, TEMPLATE_RADIUS, "final", one_at=one_at,
                    winding=plan.options["template_winding"], source=source)


def describe(plan: Plan, record: Record, struck: Sequence[int], full: Container[int],
             roll: Strike) -> Msg:
    """Who a template strikes, for how much (and where only a natural 6 reached the DF)."""
    parts = [msg("rt.struck.natural" if roll.by_nature(plan.units[i].df) else "rt.struck",
                 unit=who(plan.units[i], plan.units), damage=hit.damage,
                 share=msg("rt.share.full") if i in full else msg("rt.share.half"))
             for i, hit in ((i, record[i]) for i in struck) if hit is not None]
    return msg("rt.strikes", units=parts) if parts else msg("rt.strikes.none")


def unit_dfs(plan: Plan, indices: Sequence[int]) -> list[Msg]:
    """Units with their DF, for the steps that say whose DF the Strike did not reach."""
    return [msg("rt.unit_df", unit=who(plan.units[i], plan.units), df=plan.units[i].df)
            for i in indices]


def chained(key: str, parts: Sequence[Words]) -> Words:
    """Sentences or clauses one after the other, joined as the message `key` joins two
    (``{a}; {b}``): the parts of the log that English separates with semicolons."""
    whole = parts[-1]
    for part in reversed(parts[:-1]):
        whole = msg(key, a=part, b=whole)
    return whole


def aim_label(plan: Plan, kind: str, aim: Aim, whole: bool = False) -> Msg:
    """The label of a roll that depends on the aim alone: the Strike (`kind` "strike"), the
    scatter's direction and distance, the new Strike where it comes down; made once per plan
    and aim (`Plan.labels`)."""
    key = (kind, aim.index, whole)
    label = plan.labels.get(key)
    if label is None:
        label = plan.labels[key] = _AIM_LABELS[kind](plan, aim, whole)
    return label


def _strike_label(plan: Plan, aim: Aim, whole: bool) -> Msg:
    modifier = plan.scenario.attack.strike_modifier
    dice: Msg = msg("rt.dice.gn", gn=plan.attacker.gn)
    if modifier:
        dice = msg("rt.dice.modifier", dice=dice, mod=modifier)
    if aim.modifier:
        dice = msg("rt.dice.secondary", dice=dice, mod=aim.modifier)
    place = place_name(plan, aim)
    if plan.volley:
        return msg("rt.roll.strike_of", missile=missile_name(plan, aim), place=place, dice=dice)
    return msg("rt.roll.strike", place=place, dice=dice)


_AIM_LABELS: dict[str, Callable[[Plan, Aim, bool], Msg]] = {
    "strike": _strike_label,
    "scatter direction": lambda plan, aim, whole: msg(
        "rt.roll.scatter_direction", name=template_name(plan, aim, whole),
        place=place_name(plan, aim)),
    "scatter distance": lambda plan, aim, whole: msg(
        "rt.roll.scatter_distance", name=template_name(plan, aim, whole)),
    "new strike": lambda plan, aim, whole: msg(
        "rt.roll.new_strike", name=template_name(plan, aim, whole), bonus=SCATTER_STRIKE_BONUS),
}


def who(unit: Unit, units: Sequence[Unit]) -> str:
    """A unit as players call it among `units`: its name, with its id where another unit
    shares the name ("Regult (r1)"; engine.names)."""
    return shown_name(unit, units)

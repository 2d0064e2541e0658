"""Robotech Blast: the scatter of a missed template and its new Strike (RT-12 to RT-16)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.geometry import (
    Point,
    move,
    normalize_angle,
)
from engine.log import Log, template, unit_state
from engine.log import scatter as scatter_mark
from engine.systems.robotech.legality import units_under
from engine.systems.robotech.stages import (
    NEW_STRIKE,
    SCATTER_STRIKE_BONUS,
    TEMPLATE_RADIUS,
    Aim,
    Plan,
    Record,
    strike_roll,
)
from engine.systems.robotech.strikes import damage_record
from engine.systems.robotech.words import (
    aim_label,
    describe,
    final_template,
    place_name,
    template_name,
    unit_dfs,
)
from engine.words import msg

DIRECTION_STEP = 60.0


def scatter_bearing(plan: Plan, aim: Aim, number: int) -> float:
    """The bearing of template direction `number` (1 straight away from the firer)."""
    turn = DIRECTION_STEP * (number - 1)
    sign = 1.0 if plan.options["template_winding"] == "clockwise" else -1.0
    return normalize_angle(aim.one_at + sign * turn)


def scatter(plan: Plan, aim: Aim, dice: Dice, log: Log, whole: bool = False) -> Point:
    """RT-12 / RT-13: D6 for the direction, 2D6 inches, capped at the range to the target
    (`whole`: the one template of a whole-volley miss, RT-20)."""
    number = dice.d6(aim_label(plan, "scatter direction", aim, whole))
    rolled = dice.total(aim_label(plan, "scatter distance", aim, whole), 2, 6)
    distance = min(float(rolled), aim.reach)
    bearing = scatter_bearing(plan, aim, number)
    end = move(aim.centre, bearing, distance)
    if not log.silent:
        name, place = template_name(plan, aim, whole), place_name(plan, aim)
        start = (aim.centre.x, aim.centre.y)
        log.step("RT-20" if whole else "RT-12",
                 msg("rt.scatters", name=name, place=place, number=number, bearing=bearing,
                     rolled=rolled),
                 template(start[0], start[1], TEMPLATE_RADIUS, "scatter-start",
                          one_at=aim.one_at, winding=plan.options["template_winding"]),
                 scatter_mark(start, (end.x, end.y), distance, name))
        if distance < rolled:
            log.step("RT-13", msg("rt.scatter_capped", distance=distance, rolled=rolled))
    return end


def scattered_hit(plan: Plan, aim: Aim, centre: Point, dice: Dice, log: Log,
                  whole: bool = False, under: Sequence[int] | None = None) -> Record:
    """RT-14 / RT-15 / RT-16: new Strike D6+1; half damage where it reaches the DF, else a
    dud. For the one template of a whole-volley miss (`whole`, RT-20) under the "full"
    reading of ``volley_miss_damage`` everything struck takes the full MD. `under`: the
    units under the template at `centre` (`units_under`), when the caller has them (the
    exact odds roll every face of the new Strike at one centre)."""
    face = dice.d6(aim_label(plan, "new strike", aim, whole))
    roll = strike_roll(plan, face, face + SCATTER_STRIKE_BONUS, NEW_STRIKE)
    if under is None:  # a scatter's 66 points: each measured once per plan
        under = plan.covered.get((centre.x, centre.y))
        if under is None:
            under = plan.covered[centre.x, centre.y] = tuple(units_under(plan.circles, centre))
    full = under if whole and plan.options["volley_miss_damage"] == "full" else ()
    record, struck, spared = damage_record(plan, under, roll, full)
    if not log.silent:
        name = template_name(plan, aim, whole)
        tpl = final_template(plan, centre, aim.one_at, name)
        if struck:
            outcome = describe(plan, record, struck, full, roll)
        else:
            outcome = msg("rt.dud", why=msg("rt.dud.no_df") if spared else msg("rt.dud.no_unit"))
        head = msg("rt.new_strike", name=name, face=face, bonus=SCATTER_STRIKE_BONUS,
                   total=roll.total, x=centre.x, y=centre.y, outcome=outcome)
        if struck:
            log.step("RT-20" if whole else "RT-14", head, tpl,
                     *(unit_state(plan.units[i].id, "hit") for i in struck))
        else:
            log.step("RT-16", head, tpl,
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
        if struck and spared:
            log.step("RT-15", msg("rt.spared.new_strike", units=unit_dfs(plan, spared),
                                  total=roll.total),
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record

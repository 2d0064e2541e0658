"""Robotech Blast: the scatter of a missed template and its new Strike (RT-12 to RT-16)."""

from __future__ import annotations

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
    TEMPLATE_RADIUS,
    Aim,
    Plan,
    Record,
    strike_roll,
)
from engine.systems.robotech.strikes import damage_record
from engine.systems.robotech.words import (
    cap,
    describe,
    final_template,
    place_name,
    template_name,
    who,
)

SCATTER_STRIKE_BONUS = 1
DIRECTION_STEP = 60.0


def scatter_bearing(plan: Plan, aim: Aim, number: int) -> float:
    """The bearing of template direction `number` (1 straight away from the firer)."""
    turn = DIRECTION_STEP * (number - 1)
    sign = 1.0 if plan.options["template_winding"] == "clockwise" else -1.0
    return normalize_angle(aim.one_at + sign * turn)


def scatter(plan: Plan, aim: Aim, dice: Dice, log: Log, whole: bool = False) -> Point:
    """RT-12 / RT-13: D6 for the direction, 2D6 inches, capped at the range to the target
    (`whole`: the one template of a whole-volley miss, RT-20)."""
    name = template_name(plan, aim, whole)
    number = dice.d6(f"Scatter direction of {name} from {place_name(plan, aim)} (D6)")
    rolled = dice.total(f"Scatter distance of {name} (2D6 inches)", 2, 6)
    distance = min(float(rolled), aim.reach)
    bearing = scatter_bearing(plan, aim, number)
    end = move(aim.centre, bearing, distance)
    if not log.silent:
        start = (aim.centre.x, aim.centre.y)
        log.step("RT-20" if whole else "RT-12",
                 f"{cap(name)} scatters from {place_name(plan, aim)}: "
                 f"direction {number} (bearing {bearing:.0f}°), {rolled}\"",
                 template(start[0], start[1], TEMPLATE_RADIUS, "scatter-start",
                          one_at=aim.one_at, winding=plan.options["template_winding"]),
                 scatter_mark(start, (end.x, end.y), distance, name))
        if distance < rolled:
            log.step("RT-13", f"The scatter is capped at the range to the target: "
                              f"{distance:.2f}\" instead of {rolled}\"")
    return end


def scattered_hit(plan: Plan, aim: Aim, centre: Point, dice: Dice, log: Log,
                  whole: bool = False) -> Record:
    """RT-14 / RT-15 / RT-16: new Strike D6+1; half damage where it reaches the DF, else a
    dud. For the one template of a whole-volley miss (`whole`, RT-20) under the "full"
    reading of ``volley_miss_damage`` everything struck takes the full MD."""
    face = dice.d6(f"New Strike of {template_name(plan, aim, whole)} where it comes down "
                   f"(D6 + {SCATTER_STRIKE_BONUS})")
    roll = strike_roll(plan, face, face + SCATTER_STRIKE_BONUS, NEW_STRIKE)
    under = units_under(plan.circles, centre)
    full = under if whole and plan.options["volley_miss_damage"] == "full" else ()
    record, struck, spared = damage_record(plan, under, roll, full)
    if not log.silent:
        head = (f"{cap(template_name(plan, aim, whole))}: new Strike {face} + "
                f"{SCATTER_STRIKE_BONUS} = {roll.total} where it comes down "
                f"({centre.x:.1f}, {centre.y:.1f}): ")
        tpl = final_template(plan, centre, aim.one_at, template_name(plan, aim, whole))
        if struck:
            log.step("RT-20" if whole else "RT-14",
                     head + describe(plan, record, struck, full, roll), tpl,
                     *(unit_state(plan.units[i].id, "hit") for i in struck))
        else:
            what = "it reaches no DF under the template" if spared else "no unit under it"
            log.step("RT-16", head + what + ": a dud, no second scatter", tpl,
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
        if struck and spared:
            log.step("RT-15", ", ".join(f"{who(plan.units[i], plan.units)} DF {plan.units[i].df}"
                                        for i in spared)
                     + f" above the new Strike roll {roll.total}: no damage",
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record

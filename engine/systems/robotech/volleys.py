"""Robotech Blast: where each missile comes down, and the volley rules (RT-17, RT-20,
RT-21).

`land` puts one missile down (on its target or scattered); `land_volley` applies the
whole-volley miss (`land_whole_miss`, RT-20) and split volleys (RT-21).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.log import Log
from engine.readings import reading_words
from engine.systems.robotech.scatter import scatter, scattered_hit
from engine.systems.robotech.stages import Aim, Landing, Plan, Strike
from engine.systems.robotech.strikes import direct_hit
from engine.words import say


def land(plan: Plan, aim: Aim, roll: Strike, dice: Dice, log: Log) -> Landing:
    """One missile comes down: on its target if it struck (RT-5), else scattered (RT-12)."""
    if roll.hits_point():
        return Landing(aim.centre, direct_hit(plan, aim, roll, log))
    return land_scattered(plan, aim, dice, log)


def land_scattered(plan: Plan, aim: Aim, dice: Dice, log: Log) -> Landing:
    """RT-12 to RT-16: scatter from the aim, then the new Strike where it comes down."""
    centre = scatter(plan, aim, dice, log)
    return Landing(centre, scattered_hit(plan, aim, centre, dice, log))


def land_whole_miss(plan: Plan, dice: Dice, log: Log) -> Landing:
    """RT-20: the whole volley missed: ONE template scatters from the first target and
    inflicts the full MD of one missile (option ``volley_miss_damage``: "full", the seed's
    word, or "half" as any scattered blast)."""
    full = plan.options["volley_miss_damage"] == "full"
    md = plan.scenario.attack.weapon.md
    if not log.silent:
        log.step("RT-20", "Every missile of the volley missed: ONE template, the volley's, "
                          "scatters and inflicts only the MD of one missile, "
                          + (f"full: {md} to everything its new Strike reaches "
                             + say(reading_words("robotech", "volley_miss_damage", "full"))
                             + ", the seed's words" if full else
                             f"halved as any scattered blast: {md // 2} "
                             + say(reading_words("robotech", "volley_miss_damage", "half"))))
    aim = plan.aims[0]
    centre = scatter(plan, aim, dice, log, whole=True)
    return Landing(centre, scattered_hit(plan, aim, centre, dice, log, whole=True))


def whole_volley_rule(plan: Plan) -> bool:
    """RT-20 / RT-21: does a whole-volley miss scatter ONE template for this attack?"""
    split = len({a.target for a in plan.aims}) > 1
    return plan.volley and (not split or plan.options["split_volley_miss"] == "single")


def land_volley(plan: Plan, rolls: Sequence[Strike], dice: Dice, log: Log) -> list[Landing]:
    """RT-17, RT-20, RT-21: each missile lands on its own, unless the whole volley misses."""
    if whole_volley_rule(plan) and not any(r.hits_point() for r in rolls):
        return [land_whole_miss(plan, dice, log)]
    return [land(plan, a, r, dice, log) for a, r in zip(plan.aims, rolls, strict=True)]

"""Robotech Blast: the Roll to Strike and the template on its target (RT-1, RT-5, RT-8,
RT-9, RT-17, RT-22).

`strike` is the Roll to Strike against the point of impact, DF 5; `direct_hit` places
the template on the target: full MD to the primary target, half to everything else under
it, nothing where DF > the roll.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.systems.robotech.stages import (
    IMPACT,
    POINT_OF_IMPACT_DF,
    Aim,
    Impact,
    Plan,
    Record,
    Strike,
    strike_roll,
)
from engine.systems.robotech.words import (
    aim_label,
    describe,
    final_template,
    missile_name,
    place_name,
    unit_dfs,
)
from engine.words import Msg, msg


def strike(plan: Plan, aim: Aim, dice: Dice, log: Log) -> Strike:
    """RT-1 / RT-17: D6 + GN + the attack's modifier (-3 at a secondary target) against
    DF 5, one per missile: the total decides ("Only failing the initial roll to Strike
    against a DF of 5 will cause the Blast template to scatter"), unless ``natural_rolls``
    lets a natural 6 always hit and a natural 1 always miss the point of impact."""
    modifier = plan.scenario.attack.strike_modifier
    face = dice.d6(aim_label(plan, "strike", aim))
    roll = strike_roll(plan, face, face + plan.attacker.gn + modifier + aim.modifier, IMPACT)
    if not log.silent:
        sum_words: Msg = msg("rt.sum.gn", face=face, gn=plan.attacker.gn)
        if modifier:
            sum_words = msg("rt.sum.modifier", sum=sum_words, mod=modifier)
        if aim.modifier:
            sum_words = msg("rt.sum.secondary", sum=sum_words, mod=aim.modifier)
        verdict = msg("rt.strike.hits") if roll.hits_point() else msg("rt.strike.misses")
        if (roll.total >= POINT_OF_IMPACT_DF) != roll.hits_point():
            verdict = msg("rt.natural", face=face, outcome=verdict)
        log.step("RT-17" if plan.volley else "RT-1",
                 msg("rt.strike", missile=missile_name(plan, aim), sum=sum_words,
                     total=roll.total, df=POINT_OF_IMPACT_DF, verdict=verdict))
    return roll


def halve(plan: Plan, damage: int) -> int:
    """Roll with Impact on one amount (RT-7, RT-15): "reduce the damage by half (rounded
    down)", never below ``impact_minimum`` (facts.md: minimum 1; 0: the seed's words)."""
    return max(int(plan.options["impact_minimum"]), damage // 2) if damage > 0 else 0


def impact(plan: Plan, damage: int, roll: Strike) -> Impact:
    """One missile striking a unit: `damage` before reactions, Dodge against its roll."""
    return Impact(1, 1, damage, halve(plan, damage), roll.total)


UNREACHED = Impact(1, 0, 0, 0, 0)
"""One template over a unit whose DF is above the Strike roll: no damage (RT-9)."""


def damage_record(plan: Plan, under: Sequence[int], roll: Strike,
                  full: Sequence[int]) -> tuple[Record, tuple[int, ...], tuple[int, ...]]:
    """Who a template damages among the units `under` it: the record, struck, spared.

    The primary target (in `full`) takes the full MD, every other unit under the template
    half of it (rounded down), and any unit whose DF is above the roll nothing (RT-5, RT-9,
    RT-14): it is still under the template (`UNREACHED`). Made once per plan for each
    such template and roll (`Plan.damage`): seeded runs land the same ones again and again.
    """
    key = (tuple(under), roll, tuple(full))
    made = plan.damage.get(key)
    if made is None:
        md = plan.scenario.attack.weapon.md
        record: list[Impact | None] = [None] * len(plan.units)
        struck, spared = [], []
        for i in under:
            if roll.reaches(plan.units[i].df):
                record[i] = impact(plan, md if i in full else md // 2, roll)
                struck.append(i)
            else:
                record[i] = UNREACHED
                spared.append(i)
        made = plan.damage[key] = tuple(record), tuple(struck), tuple(spared)
    return made


def direct_hit(plan: Plan, aim: Aim, roll: Strike, log: Log) -> Record:
    """RT-5 / RT-17: the template centred on the target; RT-8, RT-9 / RT-22 for each unit."""
    full = () if aim.target is None else (aim.target,)
    record, struck, spared = damage_record(plan, aim.under, roll, full)
    if not log.silent:
        log.step("RT-17" if plan.volley else "RT-5",
                 msg("rt.lands", missile=missile_name(plan, aim), place=place_name(plan, aim),
                     struck=describe(plan, record, struck, full, roll)),
                 final_template(plan, aim.centre, aim.one_at, missile_name(plan, aim)),
                 *(unit_state(plan.units[i].id, "hit") for i in struck))
        if spared:
            natural = roll.natural_impact and roll.face == 6 and not roll.natural_all
            log.step("RT-22" if plan.volley else "RT-9",
                     msg("rt.spared.natural6" if natural else "rt.spared",
                         units=unit_dfs(plan, spared), total=roll.total),
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record

"""Robotech Blast: the whole attack, step by step (`play`, `run`), and what it did to
each unit (`harm`, `effects`), with the log's first and last steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.dice import Dice
from engine.log import Log, Mark, template, unit_state
from engine.odds import Harm
from engine.readings import reading_words
from engine.scenario import Scenario
from engine.scenario.robotech import Unit
from engine.systems.robotech.defence import defend
from engine.systems.robotech.legality import SECONDARY_TARGET_MODIFIER, pool_of, prepare
from engine.systems.robotech.shootdowns import ShootDown, shoot_down, surviving
from engine.systems.robotech.stages import (
    TEMPLATE_RADIUS,
    Impact,
    Plan,
    Record,
    UnitResult,
    merge,
    own_side,
)
from engine.systems.robotech.strikes import strike
from engine.systems.robotech.volleys import land_volley
from engine.systems.robotech.words import (
    chained,
    missile_name,
    missiles_named,
    place_name,
    who,
)
from engine.words import Words, msg


def play(scenario: Scenario, dice: Dice, log: Log) -> tuple[UnitResult, ...]:
    """Resolve the Blast attack step by step: legality, strikes, landings, reactions."""
    return run(prepare(scenario), dice, log)


def run(plan: Plan, dice: Dice, log: Log) -> tuple[UnitResult, ...]:
    """The rolls of a prepared attack: strikes, landings, shoot-downs, then each unit."""
    if not log.silent:
        log.options("robotech", plan.options)
        log_setup(plan, log)
    rolls = [strike(plan, a, dice, log) for a in plan.aims]
    records = [landed.record for landed in land_volley(plan, rolls, dice, log)]
    struck = merge(records)
    if not log.silent:
        log_own_side(plan, struck, log)
    shot = shoot_down(plan, records, dice, log)
    left = struck if all(shot.alive) else surviving(plan, records, shot.alive)
    spent = list(shot.spent)
    results: list[UnitResult] = []
    for i, hit in enumerate(struck):  # each unit's defence in turn, paid from its purse
        result = UNTOUCHED if hit is None else unit_result(
            plan, i, hit, left[i], shot, plan.spent_from(i, spent), dice, log)
        spent[i] = result.cp_spent
        results.append(result)
    if not log.silent:
        log_result(plan, results, log)
    return tuple(results)


UNTOUCHED = UnitResult(0, 0, 0, ())


def unit_result(plan: Plan, index: int, struck: Impact, left: Impact | None, shot: ShootDown,
                spent: int, dice: Dice, log: Log) -> UnitResult:
    """One unit struck by the attack: its shoot-down, then its own defence (`spent`: CP
    already gone from its purse)."""
    d = defend(plan, index, left, spent, bool(shot.tried[index]), dice, log)
    return UnitResult(struck.templates, d.damage, shot.spent[index] + d.spent,
                      shot.tried[index] + d.reactions)


def hit_counts(records: Sequence[Record]) -> list[int]:
    """Per unit, the templates that came down over it (before any reaction)."""
    return [0 if hit is None else hit.templates for hit in merge(records)]


def destroyed(unit: Unit, damage: int) -> bool:
    """A unit with an MDC is destroyed when the attack's damage reaches it."""
    return unit.mdc is not None and damage > 0 and damage >= unit.mdc


def harm_of(unit: Unit, hits: int, damage: int) -> Harm:
    """The odds' record of one unit: templates over it, damage, destroyed or not."""
    return Harm(hits, damage, destroyed=destroyed(unit, damage))


def harm(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> tuple[Harm, ...]:
    return tuple(UNHARMED if r is UNTOUCHED else harm_of(u, r.hits, r.damage)
                 for u, r in zip(scenario.units, outcome, strict=True))


UNHARMED = Harm()
"""The `Harm` of a unit no template came down over (`UNTOUCHED`)."""


def effects(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> dict[str, dict[str, Any]]:
    return {u.id: {"hits": r.hits, "damage": r.damage, "destroyed": destroyed(u, r.damage),
                   "cp_spent": r.cp_spent, "reactions": list(r.reactions)}
            for u, r in zip(scenario.units, outcome, strict=True)}


def log_setup(plan: Plan, log: Log) -> None:
    """The first steps: who fires what at whom (each missile's target when a volley is
    divided, RT-21), then the legality checks passed."""
    weapon = plan.scenario.attack.weapon
    names = [place_name(plan, a) for a in plan.aims]
    targets: Words
    if len(set(names)) > 1:
        targets = chained("rt.aims.next", [
            msg("rt.aims.group", place=n, missiles=missiles_named(
                [k + 1 for k, m in enumerate(names) if m == n]))
            for n in dict.fromkeys(names)])
    else:
        targets = msg("rt.aims.all", place=names[0]) if plan.volley else msg(
            "rt.aims.one", place=names[0])
    modifier = plan.scenario.attack.strike_modifier
    profile = [msg("rt.profile.md", md=weapon.md)]
    if plan.volley:
        profile.append(msg("rt.profile.volley", n=len(plan.aims)))
    if modifier:
        profile.append(msg("rt.profile.modifier", mod=modifier))
    log.step("SETUP", msg("rt.fires", attacker=who(plan.attacker, plan.units),
                          weapon=weapon.name, profile=profile, targets=targets),
             *(template(a.centre.x, a.centre.y, TEMPLATE_RADIUS, "aim", one_at=a.one_at,
                        winding=plan.options["template_winding"],
                        label=missile_name(plan, a)) for a in plan.aims))
    for clause, text in plan.checks:
        log.step(clause, text)
    log_pools(plan, log)
    if len({a.target for a in plan.aims}) > 1:
        log.step("RT-21", msg("rt.divided", mod=SECONDARY_TARGET_MODIFIER))


def log_pools(plan: Plan, log: Log) -> None:
    """Each reacting side's pool of Command Points (option ``command_points`` "side")."""
    if plan.options["command_points"] != "side":
        return
    given = plan.scenario.attack.cp or {}
    for side in dict.fromkeys(u.side for i, u in enumerate(plan.units)
                              if plan.cp[i] and plan.reactions_of(u).order):
        mecha = [u for u in plan.units if u.is_mecha and u.side == side]
        how = (msg("rt.pool.given") if side in given else
               msg("rt.pool.counted", mecha=len(mecha),
                   leadership=sum(u.leadership for u in mecha)))
        log.step("SETUP", msg("rt.pool", side=side, pool=pool_of(plan.scenario, side), how=how,
                              reading=reading_words("robotech", "command_points", "side")))


def log_own_side(plan: Plan, struck: Record, log: Log) -> None:
    """Mecha of the attacker's side under a template do not react (`reactions_in`)."""
    friends = [who(u, plan.units) for u, hit in zip(plan.units, struck, strict=True)
               if hit is not None and own_side(plan.scenario, u)]
    if friends:
        log.step("RT-11" if plan.scenario.attack.weapon.has("missile") else "RT-6",
                 msg("rt.own_side", friends=friends))


def log_result(plan: Plan, results: Sequence[UnitResult], log: Log) -> None:
    marks: list[Mark] = []
    parts: list[Words] = []
    for u, r in zip(plan.units, results, strict=True):
        if r.damage:
            state = "damaged"
        elif "dodge" in r.reactions:
            state = "dodged"
        elif r.hits:
            state = "saved"
        else:
            state = "untouched"
        marks.append(unit_state(u.id, state))
        if r.hits or r.cp_spent:
            templates = msg("rt.result.templates", n=r.hits)
            parts.append(
                msg("rt.result.destroyed", unit=who(u, plan.units), damage=r.damage,
                    templates=templates, cp=r.cp_spent, mdc=u.mdc)
                if destroyed(u, r.damage) else
                msg("rt.result.unit", unit=who(u, plan.units), damage=r.damage,
                    templates=templates, cp=r.cp_spent))
    log.step("RESULT", chained("rt.result.next", parts) if parts else msg("rt.result.none"),
             *marks)

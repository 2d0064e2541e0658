"""Robotech Blast: shooting the Blast Missiles down (RT-11, RT-16)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.scenario.robotech import Unit
from engine.systems.robotech.defence import (
    SAME,
    dodge_after_shot,
    expected_defence,
    may_dodge,
    reserved,
)
from engine.systems.robotech.legality import shoot_down_cost
from engine.systems.robotech.stages import Impact, Plan, Record, merge
from engine.systems.robotech.words import missiles_named, who
from engine.words import msg

SHOOT_DOWN_FACE = 6
SHOT_MISSES = 5 / 6
"""A shoot-down fails on 1 to 5 (RT-11)."""


@dataclass(frozen=True)
class ShootDown:
    """During and after the shoot-downs: which records still fly, each unit's CP spent and
    its attempt."""

    alive: tuple[bool, ...]
    spent: tuple[int, ...]
    tried: tuple[tuple[str, ...], ...]

    @classmethod
    def start(cls, records: Sequence[Record], units: int) -> ShootDown:
        """Before any shot: every record flies, no unit has spent or tried anything."""
        return cls((True,) * len(records), (0,) * units, ((),) * units)


def shoot_down(plan: Plan, records: Sequence[Record], dice: Dice, log: Log) -> ShootDown:
    """RT-11 / RT-16: the shoot-downs, rolled in unit order, each paid from its purse as it
    comes (a side's pool, option ``command_points``). A mecha with an ``order`` or the
    policy best has declared together with every such mecha, each seeing every
    missile over it (`declares`); a mecha following today's booleans decides when its turn
    comes, seeing which missiles over it are still in the air (`in_turn`)."""
    state = ShootDown.start(records, len(plan.units))
    for i in plan.shooters:
        # (asked only of the missiles over it: most units are under none)
        over = [k for k, r in enumerate(records) if r[i] is not None and aimed_at(plan, i, r)]
        if not over:  # nothing it may shoot at: no shoot-down to decide, nothing to pay
            continue
        spent = plan.spent_from(i, state.spent)
        if not in_turn(plan, i):
            if declares(plan, i, [records[k] for k in over], spent):
                state = shoot(plan, i, over, state, dice, log)
            continue
        flying = [k for k in over if state.alive[k]]
        if flying and will_shoot(plan, i, threat_of(plan, i, [records[k] for k in flying]),
                                 spent):
            state = shoot(plan, i, flying, state, dice, log)
    return state


def in_turn(plan: Plan, index: int) -> bool:
    """Does this mecha decide its shoot-down when its turn comes (today's booleans)?"""
    return plan.reactions_of(plan.units[index]).in_turn


def declares(plan: Plan, index: int, incoming: Sequence[Record], spent: int) -> bool:
    """RT-11: does this mecha declare a shoot-down of the missiles it may shoot at
    (`incoming`: their records; `spent`: CP its purse has already paid for earlier
    shoot-downs)?"""
    return bool(incoming) and will_shoot(plan, index, threat_of(plan, index, incoming), spent)


class Threat(NamedTuple):
    """What the missiles a mecha may shoot at would do: to it, and to others of its side."""

    own: Impact | None
    others: bool


def aimed_at(plan: Plan, index: int, record: Record) -> bool:
    """RT-11: may unit `index` shoot at this missile? Under its template (option
    ``shoot_down_by`` "under-template"), or only if the missile would damage it."""
    hit = record[index]
    return hit is not None and (plan.options["shoot_down_by"] == "under-template"
                                or hit.damage > 0)


def threat_of(plan: Plan, index: int, records: Sequence[Record]) -> Threat:
    """The `Threat` of these missiles to unit `index`."""
    own: Impact | None = None
    for record in records:
        hit = record[index]
        if hit is not None:
            own = hit if own is None else own.plus(hit)
    friends = plan.friends[index]
    others = any((hit := record[i]) is not None and hit.damage > 0
                 for record in records for i in friends)
    return Threat(own, others)


def shoot(plan: Plan, index: int, incoming: Sequence[int], state: ShootDown, dice: Dice,
          log: Log) -> ShootDown:
    """RT-11: one mecha shoots at the missiles `incoming` (indices of records); only a 6
    succeeds, and then every one of them is destroyed: they damage no one."""
    unit = plan.units[index]
    face = dice.d6(msg("rt.roll.shoot_down", unit=who(unit, plan.units)))
    cost = shoot_down_cost(unit)
    success = face == SHOOT_DOWN_FACE
    if not log.silent:
        which = (missiles_named([k + 1 for k in incoming]) if plan.volley
                 else msg("rt.the_missile"))
        what = msg("rt.shot.down") if success else msg("rt.shot.missed")
        log.step("RT-11", msg("rt.shoots", unit=who(unit, plan.units), which=which, cost=cost,
                              face=face, what=what),
                 unit_state(unit.id, "shot-down" if success else "hit"))
    alive = tuple(a and not (success and k in incoming) for k, a in enumerate(state.alive))
    return ShootDown(alive, replace_at(state.spent, index, cost),
                     replace_at(state.tried, index,
                                ("shoot-down",) if success else ("shoot-down-failed",)))


def will_shoot(plan: Plan, index: int, threat: Threat, spent: int = 0) -> bool:
    """RT-11: does this mecha spend its shoot-down on these missiles, with `spent` CP gone
    from its purse? Never when they would damage no one it protects (itself, and others of
    its side if ``shoot_for_others``); then as its `Reactions` say (priority and kept CP,
    or the policy best). Decided once per plan (`Plan.decisions`): seeded runs ask again
    and again."""
    key = (index, threat, spent)
    got = plan.decisions.get(key)
    if got is None:
        got = plan.decisions[key] = decide(plan, index, threat, spent)
    return got


def decide(plan: Plan, index: int, threat: Threat, spent: int) -> bool:
    """`will_shoot`, worked out."""
    unit = plan.units[index]
    react = plan.reactions_of(unit)
    cost = shoot_down_cost(unit)
    budget = plan.cp[index] - spent - react.keep
    hurt = threat.own is not None and threat.own.damage > 0
    protects = threat.others and plan.options["shoot_for_others"]
    if not react.allows("shoot_down") or budget < cost or not (hurt or protects):
        return False
    if react.best:
        stay = expected_defence(plan, unit, threat.own, budget)
        go = SHOT_MISSES * expected_defence(plan, unit, threat.own, budget - cost,
                                            dodge_after_shot(plan))
        return go < stay - SAME or (go <= stay + SAME and protects)
    if not dodge_after_shot(plan) and ranks_dodge_higher(plan, unit, threat.own, budget):
        return False
    return budget - cost >= reserved(plan, unit, threat.own, "shoot_down")


def ranks_dodge_higher(plan: Plan, unit: Unit, hit: Impact | None, budget: int) -> bool:
    """Priority, when a shoot-down rules out a Dodge: does the mecha rank a Dodge that could
    help above the shoot-down?"""
    order = plan.reactions_of(unit).order
    return (hit is not None and "dodge" in order
            and order.index("dodge") < order.index("shoot_down")
            and may_dodge(plan, unit, hit, budget))


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]


def surviving(plan: Plan, records: Sequence[Record], alive: Sequence[bool]) -> Record:
    """Per unit, the Impact of the missiles still flying after the shoot-downs."""
    return merge(r for r, a in zip(records, alive, strict=True) if a) or (None,) * len(plan.units)

"""Robotech Blast: what Best aim rules aims out by (engine/aim.py), figures that a unit's
exact expected damage never exceeds, each far cheaper than its exact odds: the `bound`,
the attack with no shoot-down, and the looser `ceiling`, no reaction at all."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial

from engine.enumeration import Budget, Distribution
from engine.odds import Marginals
from engine.scenario import Scenario
from engine.systems.robotech.defence import pool_binds
from engine.systems.robotech.legality import prepare
from engine.systems.robotech.odds import marginals, stored_volley
from engine.systems.robotech.stages import Plan, Record


def bound(scenario: Scenario, budget: Budget, plan: Plan | None = None) -> Marginals | None:
    """Every unit's exact harm in the attack with no shoot-down (RT-11), whose expected
    damage to each unit is at least the attack's own (Best aim prunes by it, engine/aim.py):
    another mecha's shoot-down only takes missiles away; a mecha of the policy best shoots
    only when that lowers its expected damage below defending with every Command Point
    (or ties it, protecting others), and its Dodge and Roll with Impact expect more damage
    of more missiles (`expected_defence`); a mecha that cannot react takes every missile.
    None where this does not hold: a mecha with Command Points to spend and a priority of
    its own, a pool of Command Points that may run short (`pool_binds`), or shoot-downs
    only at missiles that would damage the shooter (``shoot_down_by`` "would-damage": its
    decision then does not read every template over it)."""
    plan = prepare(scenario) if plan is None else plan
    if (pool_binds(plan) or plan.options["shoot_down_by"] != "under-template"
            or not all(cannot_react(plan, i) or plan.reactions_of(u).best
                       for i, u in enumerate(plan.units))):
        return None
    return marginals(scenario, budget, replace(plan, shooters=()))


def ceiling(scenario: Scenario, budget: Budget, plan: Plan | None = None) -> tuple[float, ...]:
    """Per unit, its expected damage with no reaction at all: every missile's damage where
    it comes down (RT-17 to RT-20, each missile on its own), never below its expected
    damage under any reactions, which only take damage away (a shoot-down takes missiles,
    a Dodge all of them, a Roll with Impact half: `defend`); where RT-20 gives a whole miss
    its one template, that template's damage is added to the missed missiles' own, not
    put in their place. Made from the missiles' landings alone, kept in `budget`'s store:
    Best aim rules out most aims far from the best by it, before their `bound`
    (engine/aim.py)."""
    plan = prepare(scenario) if plan is None else plan
    missiles, single = stored_volley(plan, budget)
    means = [budget.memo(("robotech.mean", m.aim), partial(
        mean_damage, m.outcomes.map(lambda o: o[1]))) for m in missiles]
    if single is not None:
        all_missed = math.prod(m.outcomes.probability(lambda o: o[0]) for m in missiles)
        means.append(tuple(all_missed * d for d in mean_damage(single)))
    return tuple(math.fsum(unit) for unit in zip(*means, strict=True))


def mean_damage(records: Distribution[Record]) -> tuple[float, ...]:
    """Per unit, the expected damage of these records before any reaction."""
    out: list[float] = []
    for record, p in records.items():
        out = out or [0.0] * len(record)
        for i, hit in enumerate(record):
            if hit is not None:
                out[i] += p * hit.damage
    return tuple(out)


def cannot_react(plan: Plan, index: int) -> bool:
    """Does unit `index` never shoot, Dodge or Roll with Impact (no reaction allowed, or no
    Command Point it may spend)?"""
    react = plan.reactions_of(plan.units[index])
    return not react.order or plan.cp[index] - react.keep <= 0

"""Exact odds of a Robotech Blast attack, per unit, at the cost of a few units' worth each.

The odds report per-unit figures, so each unit gets its own exact marginal, composed from
the very functions `play` runs (engine/systems/robotech_rules.py):

1. each missile on its own: its Strike, then its landing or its scatter and new Strike
   (`strike`, `land`), enumerated once with `enumerate_outcomes` (about 800 paths) and
   reduced to its `Record` (per unit: would-be damage, the Strike a Dodge must beat);
2. per unit, each missile's record seen from that unit (`Sight`): the templates over it
   and its Impact, and, for the mecha that could shoot that missile down before it
   reaches the unit, what the shoot-down decision reads (`Threat`). Only shooters
   coupled to the unit count: those that can stand under one template with it, or with
   a shooter so coupled (`coupled`). Equal sights merge, so a missile far from the unit
   is one outcome;
3. the missiles folded one by one into that unit's state: missiles bundled by the set of
   shooters that would shoot at them (a success destroys all of them, RT-11), each bundle
   summed (`Impact.plus`). A flag says whether every missile so far missed: those
   states become the ONE scattered template of RT-20 when the rule applies;
4. per state, the shoot-downs of the coupled shooters in unit order (`will_shoot`, a 6 or
   not: 2 outcomes each), then the unit's own Dodge and Roll with Impact (`defend`).

The shoot-downs are the only rule that couples units, and a mecha's Command Points the
only thing shared across a volley: both stay inside one unit's state. Independent
missiles combine by folding their merged sights (`engine.dice.combine`'s way), never as a
product of their paths. `budget` (states, seconds) is checked as the states grow; past it
`TooManyOutcomes` makes `auto` odds fall back to Monte Carlo, saying so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from engine.dice import Budget, Dice, Distribution, enumerate_outcomes
from engine.geometry import Point
from engine.log import SilentLog
from engine.odds import Block, Marginals
from engine.scenario import Scenario
from engine.systems.robotech_rules import (
    TEMPLATE_RADIUS,
    Aim,
    Impact,
    Landing,
    Plan,
    Record,
    Threat,
    aimed_at,
    defend,
    harm_of,
    land,
    land_whole_miss,
    prepare,
    shoot_down_cost,
    strike,
    threat_of,
    whole_volley_rule,
    will_shoot,
)

HURT = Impact(0, 1, 1, 0, 0)
"""What a shooter whose decision reads only "would it damage me" keeps of its Impact."""
SHOT_SUCCEEDS = 1 / 6
"""RT-11: only a 6."""


def flight(plan: Plan, aim: Aim) -> Distribution[tuple[bool, Landing]]:
    """One missile alone: (did it miss its Strike, where and how it landed)."""
    silent = SilentLog()

    def fly(dice: Dice) -> tuple[bool, Landing]:
        roll = strike(plan, aim, dice, silent)
        return not roll.hits_point(), land(plan, aim, roll, dice, silent)

    return enumerate_outcomes(fly)


def single_scatter(plan: Plan) -> Distribution[Landing]:
    """RT-20: the one template a whole-volley miss scatters from the first target."""
    silent = SilentLog()
    return enumerate_outcomes(lambda d: land_whole_miss(plan, d, silent))


def flights(plan: Plan) -> list[Distribution[tuple[bool, Landing]]]:
    """Every missile's own distribution (missiles with the same aim computed once)."""
    seen: dict[tuple[int | None, int], Distribution[tuple[bool, Landing]]] = {}
    for a in plan.aims:
        key = (a.target, a.modifier)
        if key not in seen:
            seen[key] = flight(plan, a)
    return [seen[(a.target, a.modifier)] for a in plan.aims]


# -- which shooters matter to a unit ---------------------------------------------------------


def may_share_a_template(plan: Plan, a: int, b: int) -> bool:
    """Can one 5" template cover both units' bases, wherever it lands?"""
    ca, cb = plan.circles[a], plan.circles[b]
    return (ca.center - cb.center).length() <= 2 * TEMPLATE_RADIUS + ca.radius + cb.radius


def coupled(plan: Plan, index: int) -> tuple[int, ...]:
    """The shooters whose shoot-downs can change what reaches unit `index`: those that
    can share a template with it, and, through their decisions, with those (in unit
    order)."""
    found: set[int] = set()
    frontier = [index]
    while frontier:
        a = frontier.pop()
        for j in plan.shooters:
            if j not in found and may_share_a_template(plan, a, j):
                found.add(j)
                frontier.append(j)
    return tuple(j for j in plan.shooters if j in found)


def needs_detail(plan: Plan, index: int) -> bool:
    """Does this shooter's decision read more than "would the missiles damage me"?"""
    react = plan.scenario.attack.reactions_of(plan.units[index].id)
    return react.best or any(r != "shoot_down" for r in
                             react.order[:react.order.index("shoot_down")])


# -- a missile as one unit sees it -------------------------------------------------------------


class Sight(NamedTuple):
    """One missile seen from one unit: did it miss its Strike, the templates over the
    unit, the shooters that would shoot at it (the bundle key) with what their decision
    reads, and its Impact on the unit (templates left out)."""

    missed: bool
    hits: int
    key: tuple[int, ...]
    threats: tuple[Threat, ...]
    own: Impact | None


def sight(plan: Plan, index: int, shooters: Sequence[int], detailed: Sequence[bool],
          missed: bool, record: Record) -> Sight:
    hit = record[index]
    key, threats = [], []
    for j, detail in zip(shooters, detailed, strict=True):
        if aimed_at(plan, j, record):
            t = threat_of(plan, j, [record])
            own = t.own._replace(templates=0) if detail and t.own else (
                HURT if t.own and t.own.damage > 0 else None)
            key.append(j)
            threats.append(Threat(own, t.others))
    return Sight(missed, 0 if hit is None else hit.templates, tuple(key), tuple(threats),
                 None if hit is None or hit.count == 0 else hit._replace(templates=0))


def plus(a: Impact | None, b: Impact | None) -> Impact | None:
    if a is None:
        return b
    if b is None:
        return a
    if a == HURT and b == HURT:
        return HURT
    return a.plus(b)


class Bundle(NamedTuple):
    """Missiles with the same key, summed: each shooter's `Threat`, the unit's Impact."""

    threats: tuple[Threat, ...]
    own: Impact | None

    def add(self, s: Sight) -> Bundle:
        return Bundle(tuple(Threat(plus(a.own, b.own), a.others or b.others)
                            for a, b in zip(self.threats, s.threats, strict=True)),
                      plus(self.own, s.own))


State = tuple[bool, int, tuple[Bundle | None, ...]]
"""(every missile so far missed, templates over the unit, one bundle per key slot)."""


def fold(state: State, s: Sight, slot: int) -> State:
    missed, hits, bundles = state
    if not s.key and s.own is None:
        return missed and s.missed, hits + s.hits, bundles
    held = bundles[slot]
    bundle = Bundle(s.threats, s.own) if held is None else held.add(s)
    return (missed and s.missed, hits + s.hits,
            bundles[:slot] + (bundle,) + bundles[slot + 1:])


def folded(parts: Sequence[Distribution[Sight]], single: Distribution[Sight] | None,
           budget: Budget) -> Distribution[tuple[int, tuple[tuple[tuple[int, ...], Bundle], ...]]]:
    """Stages 2-3 for one unit: the missiles folded into bundles, the whole-volley miss
    applied (`single`: the one template's sight, when RT-20 applies). Returns (templates
    over the unit, the bundles that fly with their keys)."""
    keys = sorted({s.key for part in [*parts, single or Distribution()] for s, _ in part.items()})
    slots = {k: n for n, k in enumerate(keys)}
    start: State = (True, 0, (None,) * len(keys))
    states = Distribution.certain(start)
    all_missed = 0.0
    for n, part in enumerate(parts):
        budget.check(len(states) * len(part))
        items = [(s, slots[s.key], p) for s, p in part.items()]
        last = single is not None and n == len(parts) - 1
        if last:
            all_missed = (math.fsum(p for st, p in states.items() if st[0])
                          * math.fsum(p for s, _, p in items if s.missed))
        struck = [m for m in items if not m[0].missed]
        out: dict[State, float] = {}
        get = out.get
        for state, ps in states.items():
            for s, slot, pm in struck if last and state[0] else items:
                nxt = fold(state, s, slot)
                out[nxt] = get(nxt, 0.0) + ps * pm
        states = Distribution(out.items())
    pairs = list(states.items())
    if single is not None:
        pairs += [(fold(start, s, slots[s.key]), all_missed * p) for s, p in single.items()]

    def flying(state: State) -> tuple[int, tuple[tuple[tuple[int, ...], Bundle], ...]]:
        return state[1], tuple((keys[k], b) for k, b in enumerate(state[2]) if b is not None)

    return Distribution(pairs).map(flying)


def shot_down(plan: Plan, index: int, shooters: Sequence[int],
              bundles: tuple[tuple[tuple[int, ...], Bundle], ...]
              ) -> Distribution[tuple[Impact | None, int]]:
    """Stage 4a: the coupled shooters in unit order, each at the bundles still flying that
    it would shoot at (`will_shoot`); what is left of the unit's Impact and the CP it
    spent shooting."""
    states = Distribution.certain(((True,) * len(bundles), 0))
    for j in shooters:
        pos = [n for n, (key, _) in enumerate(bundles) if j in key]
        if not pos:
            continue
        cost = shoot_down_cost(plan.units[j])

        def step(state: tuple[tuple[bool, ...], int], j: int = j, pos: list[int] = pos,
                 cost: int = cost) -> Distribution[tuple[tuple[bool, ...], int]]:
            alive, spent = state
            incoming = [n for n in pos if alive[n]]
            threats = [bundles[n][1].threats[bundles[n][0].index(j)] for n in incoming]
            if not incoming or not will_shoot(plan, j, merged(threats)):
                return Distribution.certain(state)
            paid = spent + (cost if j == index else 0)
            down = tuple(a and n not in incoming for n, a in enumerate(alive))
            return Distribution([((down, paid), SHOT_SUCCEEDS), ((alive, paid), 1 - SHOT_SUCCEEDS)])

        states = states.bind(step)

    def left(state: tuple[tuple[bool, ...], int]) -> tuple[Impact | None, int]:
        own = None
        for (_, b), a in zip(bundles, state[0], strict=True):
            if a:
                own = plus(own, b.own)
        return own, state[1]

    return states.map(left)


def merged(threats: Sequence[Threat]) -> Threat:
    own = None
    for t in threats:
        own = plus(own, t.own)
    return Threat(own, any(t.others for t in threats))


def unit_marginal(plan: Plan, index: int, missiles: Sequence[Distribution[tuple[bool, Record]]],
                  single: Distribution[Record] | None, budget: Budget) -> Block:
    """Stages 2 to 4 for one unit: its exact distribution of harm."""
    shooters = coupled(plan, index)
    detailed = [needs_detail(plan, j) for j in shooters]
    unit = plan.units[index]
    whole = single is not None

    def seen(o: tuple[bool, Record]) -> Sight:
        return sight(plan, index, shooters, detailed, o[0] and whole, o[1])

    parts = [m.map(seen) for m in missiles]
    one = single.map(lambda r: seen((True, r))) if single is not None else None
    states = folded(parts, one, budget)
    budget.check(len(states))
    silent = SilentLog()
    shots: dict[object, Distribution[tuple[Impact | None, int]]] = {}

    def after(state: tuple[int, tuple[tuple[tuple[int, ...], Bundle], ...]]
              ) -> Distribution[tuple[int, Impact | None, int]]:
        hits, bundles = state
        if bundles not in shots:
            shots[bundles] = shot_down(plan, index, shooters, bundles)
        return shots[bundles].map(lambda o: (hits, o[0], o[1]))

    faced = states.bind(after)
    budget.check(len(faced))

    def harms(f: tuple[int, Impact | None, int]) -> Distribution:
        hits, hit, spent = f
        return enumerate_outcomes(lambda d: (harm_of(unit, hits, defend(
            plan, index, hit, spent, d, silent).damage),))

    return Block((index,), faced.bind(harms))


def marginals(scenario: Scenario, budget: Budget) -> Marginals:
    """Every unit's exact harm (its own block: only shoot-downs couple units, and they
    are folded inside each unit's state)."""
    plan = prepare(scenario)
    missiles = [f.map(lambda o: (o[0], o[1].record)) for f in flights(plan)]
    budget.check(sum(len(m) for m in missiles))
    single = single_scatter(plan).map(lambda landed: landed.record) \
        if whole_volley_rule(plan) else None
    return tuple(unit_marginal(plan, i, missiles, single, budget)
                 for i in range(len(plan.units)))


def landing(scenario: Scenario) -> list[dict[str, float]]:
    """Where templates come down: each point's share of all the templates of the attack.

    Exact, with the whole-volley miss: a missed missile's own scatter counts only when
    some other missile struck; when all miss, the one template's scatter counts instead.
    """
    plan = prepare(scenario)
    dists = flights(plan)
    misses = [d.probability(lambda o: o[0]) for d in dists]
    all_missed = math.prod(misses) if whole_volley_rule(plan) else 0.0
    weight: dict[tuple[float, float], float] = {}

    def add(centre: Point, p: float) -> None:
        key = (round(centre.x, 6), round(centre.y, 6))
        weight[key] = weight.get(key, 0.0) + p

    for dist, q in zip(dists, misses, strict=True):
        for (missed, landed), p in dist.items():
            add(landed.centre, p * (1.0 - all_missed / q) if missed else p)
    if all_missed:
        for landed, p in single_scatter(plan).items():
            add(landed.centre, all_missed * p)
    total = sum(weight.values())
    return [{"x": x, "y": y, "p": round(p / total, 6)}
            for (x, y), p in sorted(weight.items()) if p > 0]

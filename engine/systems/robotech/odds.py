"""Exact odds of a Robotech Blast attack, per unit, at the cost of a few units' worth each.

The odds report per-unit figures, so each unit gets its own exact marginal, composed from
the very functions `play` runs (the modules of engine/systems/robotech/):

1. each missile on its own: its Strike, then its landing or its scatter and new Strike
   (`strike`, `land`), enumerated once with `enumerate_outcomes` (about 800 paths,
   `robotech.flights`) and reduced to its `Record` (per unit: would-be damage, the Strike
   a Dodge must beat);
2. per unit, each missile's record seen from that unit (`Sight`): the templates over it
   and its Impact, and, for the mecha that could shoot that missile down before it
   reaches the unit, what the shoot-down decision reads (`Threat`). Only shooters
   coupled to the unit count: those that can stand under one template with it, and for
   each that decides in turn (today's booleans) the earlier shooters that can stand
   under one template with it (`coupled`); when all of them declare, only those that may
   shoot at a missile that matters to the unit, wherever this attack's missiles come
   down (`View.narrowed`). Equal sights merge, so a missile far from the unit is one
   outcome;
3. the missiles folded one by one into that unit's state: missiles bundled by the set of
   shooters that may shoot at them (a success destroys all of them, RT-11), each bundle
   summed (`Impact.plus`, and what it reads to each in-turn shooter); a declaring
   shooter's reading is summed over every missile. A flag says whether every missile so
   far missed: those states become the ONE scattered template of RT-20 when the rule
   applies;
4. per state, the shoot-downs of the coupled shooters in unit order (`will_shoot`: a
   declaring shooter on every missile over it, an in-turn one on the bundles still
   flying; then a 6 or not), then the unit's own Dodge and Roll with Impact (`defend`).

The shoot-downs are the only rule that couples units, and a mecha's Command Points the
only thing shared across a volley (while no pool runs short, below): both stay inside one
unit's state. Independent
missiles combine by folding their merged sights (`engine.enumeration.combine`'s way), never as a
product of their paths. `budget` (states, seconds) is checked as the states grow; past it
`TooManyOutcomes` makes `auto` odds fall back to Monte Carlo, saying so.

A side's pool of Command Points (option ``command_points``) couples its mecha only where
it may run short (`pool_binds`); there the attack is enumerated whole (`pooled`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import NamedTuple

from engine.enumeration import Budget, Distribution, enumerate_outcomes
from engine.geometry import Point
from engine.log import SilentLog
from engine.odds import Block, Harm, Marginals, blocks_of, partition
from engine.scenario import Scenario
from engine.systems.robotech import survivors
from engine.systems.robotech.attack import harm, harm_of, run
from engine.systems.robotech.canons import Canon, decision_canon, defence_canon
from engine.systems.robotech.defence import defend, pool_binds
from engine.systems.robotech.flights import flights, single_scatter
from engine.systems.robotech.legality import prepare, shoot_down_cost
from engine.systems.robotech.shootdowns import Threat, aimed_at, in_turn, threat_of, will_shoot
from engine.systems.robotech.stages import (
    TEMPLATE_RADIUS,
    Aim,
    Impact,
    Landing,
    Plan,
    Record,
)
from engine.systems.robotech.survivors import Ids, Rules, Seen
from engine.systems.robotech.volleys import whole_volley_rule

SHOT_SUCCEEDS = 1 / 6
"""RT-11: only a 6."""
ROUGH_SHOOTERS = 3
"""How many other mecha's shoot-downs a unit's rough harm follows (`unit_blocks`): on the
crowded volley's Best aim, the count that rules aims out at the least cost (of 1 to 5)."""


# -- which shooters matter to a unit ---------------------------------------------------------


def may_share_a_template(plan: Plan, a: int, b: int) -> bool:
    """Can one 5" template cover both units' bases, wherever it lands?"""
    ca, cb = plan.circles[a], plan.circles[b]
    return (ca.center - cb.center).length() <= 2 * TEMPLATE_RADIUS + ca.radius + cb.radius


def coupled(plan: Plan, index: int) -> tuple[int, ...]:
    """The shooters whose shoot-downs can change what reaches unit `index` (itself
    included): those that can stand under one template with it; and, for each of them
    that decides in turn (today's booleans), the earlier shooters that can stand under one
    template with it, whose shots decide which missiles it still sees (and so on)."""
    found = {j for j in plan.shooters if may_share_a_template(plan, index, j)}
    todo = [j for j in found if in_turn(plan, j)]
    while todo:
        j = todo.pop()
        for k in plan.shooters:
            if k < j and k not in found and may_share_a_template(plan, j, k):
                found.add(k)
                if in_turn(plan, k):
                    todo.append(k)
    return tuple(sorted(found))


# -- a missile as one unit sees it -------------------------------------------------------------


class Sight(NamedTuple):
    """One missile seen from one unit: did it miss its Strike, the templates over the
    unit, the coupled shooters that may shoot at it (its `key`: one successful shot among
    them destroys it), its Impact on the unit, and what the decision of each coupled
    shooter it is over reads of it (`Threat`, by the shooter's place in the view): those
    that decide in turn (`turn`), and those that declare (`declared`)."""

    missed: bool
    hits: int
    key: tuple[int, ...]
    own: Impact | None
    turn: tuple[tuple[int, Threat], ...]
    declared: tuple[tuple[int, Threat], ...]


Pack = tuple[Impact | None, tuple[tuple[int, Threat], ...]]
"""Missiles of one key: their Impact on the unit, summed, and what they read to each
in-turn shooter of the key (by its place in the view), summed."""
Bundles = tuple[tuple[tuple[int, ...], Pack], ...]
State = tuple[bool, int, Bundles, tuple[Threat | None, ...]]
"""(every missile so far missed, templates over the unit, the missiles that matter packed
per key (sorted), each declaring shooter's Threat summed over every missile over it)."""
Settled = tuple[int, Bundles, frozenset[int]]
"""A state once every missile is in: (templates over the unit, the packs, the declaring
shooters that shoot). States that differ only in what the declarations read merge."""


class View(NamedTuple):
    """How one unit sees the attack: the coupled shooters, which of them decide in turn,
    and the `Canon` of its own defence and of each shooter's decision."""

    unit: int
    shooters: tuple[int, ...]
    turn: tuple[bool, ...]
    defence: Canon
    decisions: tuple[Canon, ...]
    sums: tuple[dict[tuple[Threat | None, Threat], Threat], ...]
    """Per shooter's place, the Threats already joined by its canon, by (one, other): the
    same sums recur, in every unit's view and every candidate of a ranking."""

    @classmethod
    def of(cls, plan: Plan, index: int, budget: Budget) -> View:
        """Unit `index`'s view; its canons, and the sums each shooter's canon has made,
        kept in `budget`'s store (they read the units, the options and the weapon, never
        the aim, so every unit and every candidate shares them)."""
        shooters = coupled(plan, index)
        return cls(index, shooters, tuple(in_turn(plan, j) for j in shooters),
                   budget.memo(("robotech.defence", index), partial(defence_canon, plan, index)),
                   tuple(budget.memo(("robotech.decision", j), partial(decision_canon, plan, j))
                         for j in shooters),
                   tuple(budget.memo(("robotech.joined", j), dict) for j in shooters))

    def narrowed(self, plan: Plan, outcomes: Sequence[Distribution[tuple[bool, Record]]],
                 single: Distribution[Record] | None, most: int | None = None) -> View:
        """The view without the declaring shooters that may shoot at no missile that can
        matter to the unit's defence, wherever the missiles come down (kept: the unit
        itself, whose decision says whether it shot). Exact when every shooter of the view
        declares (RT-11): such a shooter's decision reads the missiles over it, whoever
        else shoots, and its 6 destroys only missiles that cannot change the unit's harm,
        so what it reads need not be followed. With `most`, only that many of them besides
        the unit, those that may shoot at the most of the damage it expects before any
        reaction: the view of an attack where the others do not shoot, whose expected
        damage is at least the unit's (`bound`'s reasons; `unit_blocks`' ``rough``)."""
        weighted = [(r, p) for o in outcomes for (_, r), p in o.items()]
        if single is not None:
            weighted += list(single.items())
        weight: dict[int, float] = {self.unit: math.inf}
        for record, p in weighted:
            hit = record[self.unit]
            if hit is not None and self.defence.of(hit) is not None:
                for j in self.shooters:
                    if aimed_at(plan, j, record):
                        weight[j] = weight.get(j, 0.0) + p * hit.damage
        used = [j for j in self.shooters if j in weight]
        if most is not None:
            used = sorted(used, key=lambda j: (-weight[j], j))[:most + (self.unit in used)]
        if len(used) == len(self.shooters):
            return self
        keep = [n for n, j in enumerate(self.shooters) if j in used]
        return View(self.unit, tuple(self.shooters[n] for n in keep),
                    tuple(self.turn[n] for n in keep), self.defence,
                    tuple(self.decisions[n] for n in keep), tuple(self.sums[n] for n in keep))

    def join(self, n: int, a: Threat | None, b: Threat) -> Threat:
        """Two Threats to the shooter at place `n`, summed (`Canon.join`, each sum once)."""
        sums = self.sums[n]
        key = (a, b)
        if key not in sums:
            sums[key] = self.decisions[n].join(a, b)
        return sums[key]

    def sight(self, plan: Plan, missed: bool, record: Record) -> Sight:
        hit = record[self.unit]
        own = self.defence.of(hit)
        key: list[int] = []
        turn: list[tuple[int, Threat]] = []
        declared: list[tuple[int, Threat]] = []
        for n, (j, canon) in enumerate(zip(self.shooters, self.decisions, strict=True)):
            if aimed_at(plan, j, record):
                key.append(j)
                t = threat_of(plan, j, [record])
                mine = canon.of(t.own)
                if mine is not None or t.others:
                    (turn if self.turn[n] else declared).append((n, Threat(mine, t.others)))
        return Sight(missed, 0 if hit is None else hit.templates, tuple(key), own,
                     tuple(turn), tuple(declared))

    def fold(self, state: State, s: Sight) -> State:
        """Add one missile to the unit's state."""
        missed, hits, bundles, threats = state
        if s.own is not None or s.turn:
            bundles = self.bundled(bundles, s.key, s.own, s.turn)
        return missed and s.missed, hits + s.hits, bundles, self.summed(threats, s.declared)

    def summed(self, threats: tuple[Threat | None, ...],
               declared: tuple[tuple[int, Threat], ...]) -> tuple[Threat | None, ...]:
        """The declaring shooters' Threats with one missile's added."""
        if not declared:
            return threats
        out = list(threats)
        for n, t in declared:
            out[n] = self.join(n, out[n], t)
        return tuple(out)

    def bundled(self, bundles: Bundles, key: tuple[int, ...], own: Impact | None,
                turn: tuple[tuple[int, Threat], ...]) -> Bundles:
        held = dict(bundles)
        was_own, was_turn = held.get(key, (None, ()))
        summed = self.defence.plus(was_own, own)
        reads = dict(was_turn)
        for n, t in turn:
            reads[n] = self.join(n, reads.get(n), t)
        if summed is None and not reads:
            held.pop(key, None)
        else:
            held[key] = (summed, tuple(sorted(reads.items())))
        return tuple(sorted(held.items()))


def folded(view: View, parts: Sequence[Distribution[Sight]],
           single: Distribution[Sight] | None,
           declare: Callable[[tuple[Threat | None, ...]], frozenset[int]],
           budget: Budget) -> Distribution[Settled]:
    """Stage 3 for one unit: the missiles folded one by one, the whole-volley miss applied
    (`single`: the one template's sight, when RT-20 applies), each final state settled
    as it is made: what the declaring shooters read becomes who declares (`declare`),
    once per (threats so far, last missile's)."""
    start: State = (True, 0, (), (None,) * len(view.shooters))
    states: Distribution[State] = Distribution.certain(start)
    all_missed = 0.0
    for part in parts[:-1]:
        budget.check(len(states) * len(part))
        out: dict[State, float] = {}
        get = out.get
        items = list(part.items())
        for state, ps in states.items():
            for s, pm in items:
                nxt = view.fold(state, s)
                out[nxt] = get(nxt, 0.0) + ps * pm
        states = Distribution(out.items())
    items = list(parts[-1].items())
    budget.check(len(states) * len(items))
    if single is not None:
        all_missed = (math.fsum(p for st, p in states.items() if st[0])
                      * math.fsum(p for s, p in items if s.missed))
    struck = [(s, p) for s, p in items if not s.missed]
    final: dict[Settled, float] = {}
    declaring: dict[tuple[tuple[Threat | None, ...], tuple[tuple[int, Threat], ...]],
                    frozenset[int]] = {}

    def settle(state: State, s: Sight, p: float) -> None:
        _, hits, bundles, threats = state
        if (threats, s.declared) not in declaring:
            declaring[threats, s.declared] = declare(view.summed(threats, s.declared))
        if s.own is not None or s.turn:
            bundles = view.bundled(bundles, s.key, s.own, s.turn)
        nxt = (hits + s.hits, bundles, declaring[threats, s.declared])
        final[nxt] = final.get(nxt, 0.0) + p

    for state, ps in states.items():
        for s, pm in struck if single is not None and state[0] else items:
            settle(state, s, ps * pm)
    for s, p in single.items() if single is not None else ():
        settle(start, s, all_missed * p)
    return Distribution(final.items())


Decided = dict[tuple[int, Threat], bool]


def decide(plan: Plan, j: int, threat: Threat | None, decided: Decided) -> bool:
    """Does shooter `j` shoot at missiles reading `threat` (`will_shoot`, decided once)?"""
    if threat is None:
        return False
    if (j, threat) not in decided:
        decided[j, threat] = will_shoot(plan, j, threat)
    return decided[j, threat]


def shot_down(plan: Plan, view: View, bundles: Bundles, declared: frozenset[int],
              decided: Decided) -> Distribution[tuple[Impact | None, bool]]:
    """Stage 4: the coupled shooters in unit order, each shooting when it has declared
    (`declared`, from every missile over it) or, deciding in turn, when the packs not yet
    shot down say so, and rolling its 6 where that can change anything; what is left of
    the unit's Impact, and whether the unit itself shot."""
    keyed = set().union(*(key for key, _ in bundles))
    branches: dict[tuple[frozenset[int], bool], float] = {(frozenset(), False): 1.0}
    for n, j in enumerate(view.shooters):
        if j not in keyed and j != view.unit:
            continue  # its shot changes nothing this unit sees
        out: dict[tuple[frozenset[int], bool], float] = {}
        for (up, me), p in branches.items():
            live = [pack for key, pack in bundles if j in key and up.isdisjoint(key)]
            if view.turn[n]:
                reads = None
                for _, turn in live:
                    for m, t in turn:
                        if m == n:
                            reads = view.decisions[n].join(reads, t)
                go = decide(plan, j, reads, decided)
            else:
                go = j in declared
            if not go:
                out[up, me] = out.get((up, me), 0.0) + p
                continue
            me = me or j == view.unit
            if live:
                hit = (up | {j}, me)
                out[hit] = out.get(hit, 0.0) + p * SHOT_SUCCEEDS
            out[up, me] = out.get((up, me), 0.0) + p * (1 - SHOT_SUCCEEDS if live else 1.0)
        branches = out
    result: dict[tuple[Impact | None, bool], float] = {}
    for (up, me), p in branches.items():
        left = None
        for key, (own, _) in bundles:
            if up.isdisjoint(key):
                left = view.defence.plus(left, own)
        result[left, me] = result.get((left, me), 0.0) + p
    return Distribution(result.items())


class Missile(NamedTuple):
    """One missile's outcomes (did it miss its Strike, what it would do to every unit), and
    its aim, its number aside (`flights`): what names them in `budget`'s store."""

    aim: Aim
    outcomes: Distribution[tuple[bool, Record]]


def sights(plan: Plan, view: View, outcomes: Distribution[tuple[bool, Record]],
           whole: bool, seen: dict[tuple[bool, Record], Sight]) -> Distribution[Sight]:
    """Stage 2: each outcome of a missile as the unit of `view` sees it (a missed Strike
    counts only where RT-20's one template may replace the volley: `whole`); `seen` holds
    the sights of the view already made, by outcome, which missiles aimed elsewhere share
    (most landings of a ranking's aims do the same to every unit)."""

    def sight(o: tuple[bool, Record]) -> Sight:
        key = (o[0] and whole, o[1])
        got = seen.get(key)
        if got is None:
            got = seen[key] = view.sight(plan, *key)
        return got

    return outcomes.map(sight)


def unit_marginal(plan: Plan, index: int, missiles: Sequence[Missile],
                  single: Distribution[Record] | None, budget: Budget,
                  keyed: bool = False, most: int | None = None) -> Block:
    """Stages 2 to 4 for one unit: its exact distribution of harm (its sight of every
    missile's outcome looks at every unit of the board: `budget`'s steps; the sights of a
    missile are kept in `budget`'s store by its aim, so that missiles, and candidates,
    aimed alike share them). When every coupled shooter declares, the missiles are folded
    by inclusion and exclusion (`survivors`) over the shooters that may shoot at a missile
    that matters to the unit (`View.narrowed`; with `most`, only that many besides the
    unit: an attack whose harm bounds the unit's), unless `keyed` asks for the packs per
    key over every coupled shooter (the two are equal)."""
    budget.check(steps=len(plan.units) * (1 + sum(len(m.outcomes) for m in missiles)))
    view = View.of(plan, index, budget)
    if not keyed and not any(view.turn):
        view = view.narrowed(plan, [m.outcomes for m in missiles], single, most)
    whole = single is not None
    seen: dict[tuple[bool, Record], Sight] = budget.memo(
        ("robotech.seen", index, view.shooters), dict)
    parts = [budget.memo(("robotech.sights", index, view.shooters, m.aim, whole),
                         partial(sights, plan, view, m.outcomes, whole, seen))
             for m in missiles]
    one = (sights(plan, view, single.map(lambda r: (True, r)), True, seen)
           if single is not None else None)
    decided: Decided = {}
    if not keyed and not any(view.turn):
        return defended(plan, index, declared_only(plan, view, parts, one, decided, budget),
                        budget)

    def declare(threats: tuple[Threat | None, ...]) -> frozenset[int]:
        return frozenset(j for j, t in zip(view.shooters, threats, strict=True)
                         if decide(plan, j, t, decided))

    states = folded(view, parts, one, declare, budget)
    budget.check(len(states))
    lefts: dict[tuple[Bundles, frozenset[int]], Distribution[tuple[Impact | None, bool]]] = {}

    def faces(state: Settled) -> Distribution[tuple[int, Impact | None, bool]]:
        hits, bundles, up = state
        if (bundles, up) not in lefts:
            lefts[bundles, up] = shot_down(plan, view, bundles, up, decided)
        return lefts[bundles, up].map(lambda o: (hits, o[0], o[1]))

    return defended(plan, index, states.bind(faces), budget)


def declared_only(plan: Plan, view: View, parts: Sequence[Distribution[Sight]],
                  single: Distribution[Sight] | None, decided: Decided,
                  budget: Budget) -> Distribution[tuple[int, Impact | None, bool]]:
    """Stages 3 and 4 when every coupled shooter declares: `survivors.folded` over the
    sights, each key as bits of the shooters' places; what each shooter decides, and the
    view's readings and Impacts by integers (`survivors.Ids`), are kept in `budget`'s
    store, for every unit and candidate that asks them again."""
    place = {j: n for n, j in enumerate(view.shooters)}
    seen_parts: dict[Distribution[Sight], Distribution[Seen]] = {}

    def seen(s: Sight) -> Seen:
        return Seen(s.missed, s.hits, sum(1 << place[j] for j in s.key), s.own, s.declared)

    ids = budget.memo(("robotech.ids", view.unit, view.shooters), lambda: Ids(Rules(
        view.defence.plus, view.join, lambda n, t: decide(plan, view.shooters[n], t, decided),
        len(view.shooters), place.get(view.unit),
        tuple(budget.memo(("robotech.said", j), dict) for j in view.shooters))))
    for p in parts:  # missiles aimed alike share their sights: mapped once
        if p not in seen_parts:
            seen_parts[p] = p.map(seen)
    return survivors.folded(ids, [seen_parts[p] for p in parts],
                            None if single is None else single.map(seen), budget)


def defended(plan: Plan, index: int, faced: Distribution[tuple[int, Impact | None, bool]],
             budget: Budget) -> Block:
    """Stage 4's end: the unit's own Dodge and Roll with Impact (`defend`) against what is
    left, after its own shoot-down if it shot."""
    budget.check(len(faced))
    unit = plan.units[index]
    cost = shoot_down_cost(unit)
    silent = SilentLog()

    def harms(f: tuple[int, Impact | None, bool]) -> Distribution[tuple[Harm, ...]]:
        hits, hit, shot = f
        return budget.memo(("robotech.harms", index, f), lambda: enumerate_outcomes(
            lambda d: (harm_of(unit, hits, defend(
                plan, index, hit, cost if shot else 0, shot, d, silent).damage),)))

    return Block((index,), faced.bind(harms))


def marginals(scenario: Scenario, budget: Budget, plan: Plan | None = None,
              keyed: bool = False) -> Marginals:
    """Every unit's exact harm (its own block: only shoot-downs couple units, and they
    are folded inside each unit's state; `keyed`: see `unit_marginal`)."""
    plan = prepare(scenario) if plan is None else plan
    alone = unit_blocks(scenario, budget, plan, keyed)
    if alone is None:
        return pooled(plan, budget)
    return tuple(alone(i) for i in range(len(plan.units)))


def unit_blocks(scenario: Scenario, budget: Budget, plan: Plan | None = None,
                keyed: bool = False, rough: bool = False) -> Callable[[int], Block] | None:
    """Each unit's exact harm on its own, made when asked for: the blocks of `marginals`,
    each kept in `budget`'s store by the attack's aims, so that the whole odds reuse the
    units made first (Best aim works out an aim unit by unit while its bound may still
    rule it out, engine/aim.py). `rough`: instead, each unit's harm in the attack where
    at most `ROUGH_SHOOTERS` other mecha shoot missiles down, those that may take the most
    damage off it (`View.narrowed`): wherever `bound` holds, it expects at least the
    unit's damage, at about a third of the exact cost in a crowd. None where units couple
    beyond one unit's state: a pool of Command Points that may run short (`pool_binds`)."""
    plan = prepare(scenario) if plan is None else plan
    if pool_binds(plan):
        return None
    aims = tuple(replace(a, index=0) for a in plan.aims)
    missiles, single = stored_volley(plan, budget)

    def block(index: int) -> Block:
        most = ROUGH_SHOOTERS if rough else None
        return budget.memo(("robotech.unit", index, aims, plan.shooters, keyed, most), partial(
            unit_marginal, plan, index, missiles, single, budget, keyed, most))

    return block


def stored_volley(plan: Plan, budget: Budget
                  ) -> tuple[list[Missile], Distribution[Record] | None]:
    """`volley`, kept in `budget`'s store by the attack's aims (their numbers aside)."""
    aims = tuple(replace(a, index=0) for a in plan.aims)
    return budget.memo(("robotech.volley", aims), partial(volley, plan, budget))


def volley(plan: Plan, budget: Budget) -> tuple[list[Missile], Distribution[Record] | None]:
    """Stage 1 for every missile (`flights`, reduced to their `records`), and RT-20's one
    template when the rule applies: what every unit's marginal folds."""
    missiles = [Missile(replace(a, index=0), budget.memo(
        ("robotech.records", replace(a, index=0)), partial(records, f)))
        for a, f in zip(plan.aims, flights(plan, budget), strict=True)]
    budget.check(sum(len(m.outcomes) for m in missiles))
    single = single_scatter(plan, budget).map(lambda landed: landed.record) \
        if whole_volley_rule(plan) else None
    return missiles, single


def records(flown: Distribution[tuple[bool, Landing]]) -> Distribution[tuple[bool, Record]]:
    """A missile's flight reduced to what it does: (did it miss its Strike, its Record)."""
    return flown.map(lambda o: (o[0], o[1].record))


def pooled(plan: Plan, budget: Budget) -> Marginals:
    """Exact odds when mecha draw on one pool that may run short, so that their defences
    couple: the rules' `run` over every dice path (the generic enumeration; past `budget`,
    `TooManyOutcomes`), each unit's harm read from the joint outcome."""
    silent = SilentLog()
    joint = enumerate_outcomes(lambda d: harm(plan.scenario, run(plan, d, silent)),
                               budget=budget)
    return blocks_of(joint, partition(len(plan.units)))


def landing(scenario: Scenario) -> list[dict[str, float]]:
    """Where templates come down: each point's share of all the templates of the attack.

    Exact, with the whole-volley miss: a missed missile's own scatter counts only when
    some other missile struck; when all miss, the one template's scatter counts instead.
    """
    plan = prepare(scenario)
    budget = Budget()
    dists = flights(plan, budget)
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
        for landed, p in single_scatter(plan, budget).items():
            add(landed.centre, all_missed * p)
    total = sum(weight.values())
    return [{"x": x, "y": y, "p": round(p / total, 6)}
            for (x, y), p in sorted(weight.items()) if p > 0]

"""Exact odds of a Robotech Blast attack, volleys included, in well under a second.

Enumerating a 4-missile volley path by path is about 10^10 dice paths. But the missiles
are independent until the reactions, so the odds are composed from the very functions
`play` runs (engine/systems/robotech.py), stage by stage:

1. each missile on its own: its Strike, then its landing or its scatter and new Strike
   (`strike`, `land`), enumerated with `enumerate_outcomes` (about 800 paths), reduced to
   its `Record` (per unit: would-be damage and the Strike roll a Dodge must beat);
2. the missiles folded one by one into a state that keeps only what the reactions can
   see: missiles bundled by the set of shoot-down-capable mecha they are over (a
   shoot-down destroys all the missiles over its mecha, RT-11) and whose side they would
   damage (a mecha shoots only then), each bundle
   summed unit by unit (`Impact.plus`: count, damage, highest Strike). Missiles at the
   same target are exchangeable, so equal bundles merge. A flag says whether every missile
   so far missed: those states become ONE scattered template (RT-20) when the rule
   applies, so the last missile's misses are not folded into them. Records are interned
   as small ints (`Interned`), so states hash as tuples of ints and each sum of two
   records is computed once;
3. per state, the shoot-downs, one mecha at a time (`shoot`: a 6 or not, so 2 outcomes
   per mecha instead of 6^m paths), cached by the bundles' keys; what
   each unit then faces (its hits, the Impact left, the CP spent) is an `Exposure`, and
   equal exposures merge; what is left is computed once per set of surviving records;
4. per exposure, each unit's Dodge and Roll with Impact (`defend`), independent of the
   other units' once the shoot-downs are known: their product, each unit's distribution
   cached, and each product computed once per tuple of distinct unit distributions.

Many mecha with Command Points crowded under a volley multiply the states: past
`FOLD_BUDGET` (stage 2) or `SHOT_BUDGET` (stage 3) `TooManyOutcomes` is raised and
`engine.systems.odds` samples instead, saying so in `Odds.note`. The 4-missile Derringer
demo takes about 0.15 s (0.35 s before interning, pruning and the cached products).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from operator import add
from typing import TypeVar

from engine.dice import Dice, Distribution, TooManyOutcomes, enumerate_outcomes
from engine.log import SilentLog
from engine.odds import Harm
from engine.scenario import Scenario
from engine.systems.robotech import (
    POINT_OF_IMPACT_DF,
    Aim,
    Impact,
    Landing,
    Plan,
    Record,
    ShootDown,
    defend,
    land,
    land_whole_miss,
    merge,
    prepare,
    shoot,
    strike,
    surviving,
    threatens,
    whole_volley_rule,
)

T = TypeVar("T")
FOLD_BUDGET = 200_000
"""Past this many (state, missile outcome) pairs to fold, `exact` gives up and the caller
samples instead: many mecha with Command Points clustered under a volley."""
SHOT_BUDGET = 1_000_000
"""Past this many (state, shoot-down outcome) pairs, the same: each costs about as much as a
few seeded resolutions, so beyond it 200,000 of those are the cheaper answer."""
Key = tuple[tuple[int, bool], ...]
"""The shooters a missile is over, each with: would it damage a unit of their side?"""
Bundles = tuple[int, ...]
"""One slot per `Key` the attack can produce: the missiles with that key, summed (the id of
their record in `Interned`, 0 for none)."""
Hits = tuple[int, ...]
"""Per unit, the templates that came down over it."""
State = tuple[bool, Hits, Bundles]  # (every missile so far missed, hits, the bundles)
Flown = tuple[bool, Hits, Key, Record]  # one missile: missed, hits, key, reaction view
Slotted = tuple[bool, Hits, int, int]  # the same with its key's slot and its view's id


def flight(plan: Plan, aim: Aim) -> Distribution[tuple[bool, Landing]]:
    """One missile alone: (did it miss its Strike, where and how it landed)."""
    silent = SilentLog()

    def fly(dice: Dice) -> tuple[bool, Landing]:
        roll = strike(plan, aim, dice, silent)
        return not roll.reaches(POINT_OF_IMPACT_DF), land(plan, aim, roll, dice, silent)

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


def flown(plan: Plan, missed: bool, record: Record) -> Flown:
    """One missile's outcome, reduced to what the fold keeps: the hits apart, and for the
    reactions only what `shoot` and `defend` read (no template counts, and no entry for a
    unit it would not damage unless that unit may shoot it down)."""
    hits = tuple(0 if hit is None else hit.templates for hit in record)
    key = tuple((i, threatens(plan, i, [record])) for i in plan.shooters
                if record[i] is not None)
    view = tuple(None if hit is None or not (hit.count or i in plan.shooters)
                 else hit._replace(templates=0) for i, hit in enumerate(record))
    return missed, hits, key, view


class Interned:
    """Records as small ints (0: no record), so that the fold's states are tuples of ints,
    which hash in a fraction of the time of nested records; and their sums (`merge`), each
    computed once."""

    def __init__(self) -> None:
        self.records: list[Record | None] = [None]
        self.ids: dict[Record | None, int] = {None: 0}
        self.sums: dict[tuple[int, int], int] = {}

    def id(self, record: Record) -> int:
        n = self.ids.get(record)
        if n is None:
            n = self.ids[record] = len(self.records)
            self.records.append(record)
        return n

    def plus(self, held: int, view: int) -> int:
        """The id of the two records summed unit by unit (`merge`)."""
        if not held:
            return view
        n = self.sums.get((held, view))
        if n is None:
            n = self.sums[held, view] = self.id(merge((self.records[held],
                                                       self.records[view])))
        return n


def fold(state: State, missile: Slotted, interned: Interned) -> State:
    """Add one missile: its hits, and its record to the bundle in its key's slot."""
    missed, hits, slot, view = missile
    ids = state[2]
    return (state[0] and missed, tuple(map(add, state[1], hits)),
            ids[:slot] + (interned.plus(ids[slot], view),) + ids[slot + 1:])


def volley_states(plan: Plan) -> tuple[Distribution[tuple[Hits, Bundles]], Interned]:
    """Stages 1 and 2: the missiles folded into bundles, the whole-volley miss applied.

    The bundles come as ids of `Interned.records`. When the whole-volley rule applies, the
    last missile is not folded into a state where every missile missed when it misses too:
    those states only count as the all-missed probability (the one scattered template)."""
    parts = [part.map(lambda o: flown(plan, o[0], o[1].record)) for part in flights(plan)]
    whole = whole_volley_rule(plan)
    single = (single_scatter(plan).map(lambda landed: flown(plan, True, landed.record))
              if whole else Distribution())
    keys = sorted({m[2] for part in [*parts, single] for m, _ in part.items()})
    slots = {key: n for n, key in enumerate(keys)}
    interned = Interned()

    def slotted(m: Flown) -> Slotted:
        return m[0], m[1], slots[m[2]], interned.id(m[3])

    start: State = (True, (0,) * len(plan.units), (0,) * len(keys))
    states = Distribution.certain(start)
    all_missed = 0.0
    for n, part in enumerate(parts):
        if len(states) * len(part) > FOLD_BUDGET:
            raise TooManyOutcomes(f"more than {FOLD_BUDGET} (state, missile outcome) pairs "
                                  "to fold")
        missiles = list(part.map(slotted).items())
        struck = [(m, p) for m, p in missiles if not m[0]]
        last = whole and n == len(parts) - 1
        if last:
            all_missed = (math.fsum(p for s, p in states.items() if s[0])
                          * math.fsum(p for m, p in missiles if m[0]))
        folded: dict[State, float] = {}
        get = folded.get
        for state, ps in states.items():
            after: dict[State, float] = {}  # as `bind`: equal images merged, then weighed
            for m, pm in struck if last and state[0] else missiles:
                s = fold(state, m, interned)
                after[s] = after.get(s, 0.0) + pm
            for s, pa in after.items():
                folded[s] = get(s, 0.0) + ps * pa
        states = Distribution(folded.items())
    if not whole:
        return states.map(lambda s: s[1:]), interned
    return Distribution([(s[1:], p) for s, p in states.items()]
                        + [(fold(start, slotted(m), interned)[1:], all_missed * p)
                           for m, p in single.items()]), interned


def shoot_downs(plan: Plan, records: list[Record]) -> Distribution[ShootDown]:
    """The shoot-downs (RT-11), one mecha at a time: 2 outcomes each instead of 6^m paths."""
    silent = SilentLog()
    state = Distribution.certain(ShootDown.start(records, len(plan.units)))
    for i in plan.shooters:
        state = state.bind(lambda s, i=i: enumerate_outcomes(
            lambda d: shoot(plan, i, records, s, d, silent)))
    return state


def cached(cache: dict, key: object, make: Callable[[], T]) -> T:
    if key not in cache:
        cache[key] = make()
    return cache[key]


Exposure = tuple[Hits, int, tuple[int, ...]]
"""After the shoot-downs, per unit: the missiles that struck it, what is left (the id of
the surviving record in `Interned`) and the CP it spent."""


def exposures(plan: Plan) -> tuple[Distribution[Exposure], Interned]:
    """Stages 1-2, then the shoot-downs: what each unit faces when it comes to defend."""
    states, interned = volley_states(plan)
    table = interned.records
    shots: dict[object, Distribution[ShootDown]] = {}
    lefts: dict[tuple[int, ...], int] = {}
    pairs = [0]

    def after_shots(state: tuple[Hits, Bundles]) -> Distribution[Exposure]:
        hits, bundles = state
        present = tuple(b for b in bundles if b)
        records = [table[b] for b in present]
        downs = cached(shots, tuple(b != 0 for b in bundles),
                       lambda: shoot_downs(plan, records))
        pairs[0] += len(downs)
        if pairs[0] > SHOT_BUDGET:
            raise TooManyOutcomes(f"more than {SHOT_BUDGET} (state, shoot-down outcome) "
                                  "pairs to defend")

        def exposure(sd: ShootDown) -> Exposure:
            # what survives depends only on the records still flying: computed once each
            alive = tuple(b for b, a in zip(present, sd.alive, strict=True) if a)
            left = cached(lefts, alive,
                          lambda: interned.id(surviving(plan, records, sd.alive)))
            return hits, left, sd.spent

        return downs.map(exposure)

    return states.bind(after_shots), interned


def exact(scenario: Scenario) -> Distribution[tuple[Harm, ...]]:
    """The exact distribution of harm per unit: each unit's Dodge and Roll with Impact are
    independent once the shoot-downs are known, so their product is taken per exposure.

    Many exposures differ only where no unit's odds change (e.g. the highest Strike when no
    Dodge is possible): the product is computed once per tuple of distinct distributions
    of the units, unit by unit from the product of the units before (as `combine` does)."""
    plan = prepare(scenario)
    silent = SilentLog()
    dists, interned = exposures(plan)
    table = interned.records
    defences: dict[tuple[int, int, Impact | None, int], int] = {}
    distinct: dict[tuple[tuple[Harm, float], ...], int] = {}
    parts: list[list[tuple[Harm, float]]] = []
    products: dict[tuple[int, ...], Distribution[tuple[Harm, ...]]] = {
        (): Distribution.certain(())}

    def defence(i: int, hits: int, left: int, spent: int) -> int:
        """The id of unit `i`'s distribution of harm (equal distributions, equal ids)."""
        hit = table[left][i]
        key = (i, hits, hit, spent)
        n = defences.get(key)
        if n is None:
            items = tuple(enumerate_outcomes(
                lambda d: Harm(hits, defend(plan, i, hit, spent, d, silent).damage)).items())
            n = defences[key] = cached(distinct, items, lambda: len(distinct))
            if n == len(parts):
                parts.append(list(items))
        return n

    def product(ids: tuple[int, ...]) -> Distribution[tuple[Harm, ...]]:
        if ids not in products:
            outcomes = parts[ids[-1]]
            products[ids] = Distribution((t + (h,), pt * ph) for t, pt in
                                         product(ids[:-1]).items() for h, ph in outcomes)
        return products[ids]

    def harms(exposure: Exposure) -> Distribution[tuple[Harm, ...]]:
        hits, left, spent = exposure
        return product(tuple(map(defence, range(len(hits)), hits, (left,) * len(hits),
                                 spent)))

    return dists.bind(harms)


def landing(scenario: Scenario) -> list[dict[str, float]]:
    """Where templates come down: each point's share of all the templates of the attack.

    Exact, with the whole-volley miss: a missed missile's own scatter counts only when
    some other missile struck; when all miss, the one template's scatter counts instead.
    """
    plan = prepare(scenario)
    dists = flights(plan)
    misses = [d.probability(lambda o: o[0]) for d in dists]
    all_missed = 1.0
    if whole_volley_rule(plan):
        for q in misses:
            all_missed *= q
    else:
        all_missed = 0.0
    weight: dict[tuple[float, float], float] = {}

    def add(landed: Landing, p: float) -> None:
        key = (round(landed.centre.x, 6), round(landed.centre.y, 6))
        weight[key] = weight.get(key, 0.0) + p

    for dist, q in zip(dists, misses, strict=True):
        for (missed, landed), p in dist.items():
            add(landed, p * (1.0 - all_missed / q) if missed else p)
    if all_missed:
        for landed, p in single_scatter(plan).items():
            add(landed, all_missed * p)
    total = sum(weight.values())
    return [{"x": x, "y": y, "p": round(p / total, 6)}
            for (x, y), p in sorted(weight.items()) if p > 0]

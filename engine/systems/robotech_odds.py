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
   applies;
3. per state, the shoot-downs, one mecha at a time (`shoot`: a 6 or not, so 2 outcomes
   per mecha instead of 6^m paths), cached by the bundles' keys; what
   each unit then faces (its hits, the Impact left, the CP spent) is an `Exposure`, and
   equal exposures merge;
4. per exposure, each unit's Dodge and Roll with Impact (`defend`), independent of the
   other units' once the shoot-downs are known: their product, cached per unit.

Many mecha with Command Points crowded under a volley multiply the states: past
`FOLD_BUDGET` (stage 2) or `SHOT_BUDGET` (stage 3) `TooManyOutcomes` is raised and
`engine.systems.odds` samples instead, saying so in `Odds.note`. The 4-missile Derringer
demo takes about 0.3 s.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import TypeVar

from engine.dice import Dice, Distribution, TooManyOutcomes, combine, enumerate_outcomes
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
Bundles = tuple[Record | None, ...]
"""One slot per `Key` the attack can produce: the missiles with that key, summed."""
Hits = tuple[int, ...]
"""Per unit, the templates that came down over it."""
State = tuple[bool, Hits, Bundles]  # (every missile so far missed, hits, the bundles)
Flown = tuple[bool, Hits, Key, Record]  # one missile: missed, hits, key, reaction view


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


def fold(state: State, missile: tuple[bool, Hits, int, Record]) -> State:
    """Add one missile: its hits, and its record to the bundle in its key's slot."""
    missed, hits, slot, view = missile
    bundles = list(state[2])
    held = bundles[slot]
    bundles[slot] = view if held is None else merge((held, view))
    return state[0] and missed, tuple(map(add, state[1], hits)), tuple(bundles)


def volley_states(plan: Plan) -> Distribution[tuple[Hits, Bundles]]:
    """Stages 1 and 2: the missiles folded into bundles, the whole-volley miss applied."""
    parts = [part.map(lambda o: flown(plan, o[0], o[1].record)) for part in flights(plan)]
    whole = whole_volley_rule(plan)
    single = (single_scatter(plan).map(lambda landed: flown(plan, True, landed.record))
              if whole else Distribution())
    keys = sorted({m[2] for part in [*parts, single] for m, _ in part.items()})
    slots = {key: n for n, key in enumerate(keys)}

    def slotted(m: Flown) -> tuple[bool, Hits, int, Record]:
        return m[0], m[1], slots[m[2]], m[3]

    start: State = (True, (0,) * len(plan.units), (None,) * len(keys))
    states = Distribution.certain(start)
    for part in parts:
        if len(states) * len(part) > FOLD_BUDGET:
            raise TooManyOutcomes(f"more than {FOLD_BUDGET} (state, missile outcome) pairs "
                                  "to fold")
        missiles = part.map(slotted)
        states = states.bind(lambda st, m=missiles: m.map(lambda o, st=st: fold(st, o)))
    if not whole:
        return states.map(lambda s: s[1:])
    all_missed = states.probability(lambda s: s[0])
    kept = [(s[1:], p) for s, p in states.items() if not s[0]]
    return Distribution(kept + [(fold(start, slotted(m))[1:], all_missed * p)
                                for m, p in single.items()])


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


Exposure = tuple[tuple[int, Impact | None, int], ...]
"""Per unit, after the shoot-downs: (missiles that struck it, what is left, CP spent)."""


def exposures(plan: Plan) -> Distribution[Exposure]:
    """Stages 1-2, then the shoot-downs: what each unit faces when it comes to defend."""
    shots: dict[object, Distribution[ShootDown]] = {}
    pairs = [0]

    def after_shots(state: tuple[Hits, Bundles]) -> Distribution[Exposure]:
        hits, bundles = state
        records = [r for r in bundles if r is not None]
        downs = cached(shots, tuple(r is not None for r in bundles),
                       lambda: shoot_downs(plan, records))
        pairs[0] += len(downs)
        if pairs[0] > SHOT_BUDGET:
            raise TooManyOutcomes(f"more than {SHOT_BUDGET} (state, shoot-down outcome) "
                                  "pairs to defend")
        return downs.map(lambda sd: tuple(zip(hits, surviving(plan, records, sd.alive),
                                              sd.spent, strict=True)))

    return volley_states(plan).bind(after_shots)


def exact(scenario: Scenario) -> Distribution[tuple[Harm, ...]]:
    """The exact distribution of harm per unit: each unit's Dodge and Roll with Impact are
    independent once the shoot-downs are known, so their product is taken per exposure."""
    plan = prepare(scenario)
    silent = SilentLog()
    defences: dict[object, Distribution[Harm]] = {}

    def defence(i: int, hits: int, left: Impact | None, spent: int) -> Distribution[Harm]:
        return cached(defences, (i, hits, left, spent), lambda: enumerate_outcomes(
            lambda d: Harm(hits, defend(plan, i, left, spent, d, silent).damage)))

    def harms(exposure: Exposure) -> Distribution[tuple[Harm, ...]]:
        return combine([defence(i, *e) for i, e in enumerate(exposure)], (),
                       lambda t, h: (*t, h))

    return exposures(plan).bind(harms)


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

"""Exact odds of a Horus Heresy / 40K 7th blast attack, per 40K unit (issue 11).

The odds need each unit's harm, not the joint harm of every model on the table, and HH-9
makes that cheap: every shot is scattered on its own and its Hits are only added up
before To Wound. So (`engine.odds.fold_blocks`):

- the shared events are the Gets Hot rolls (`heat`: which shots are fired, what the firer
  suffered, HH-19, its removal stopping the rest);
- each unit is one block (wounds are allocated within a unit, HH-8); given the shots
  fired, each shot's marker is enumerated once over every scatter (`shot_hits`: the arrow's
  bearing split at the breakpoints, the HH-10 re-roll a `bind` on the first scatter),
  reduced to what this unit sees of it (`heresy_attack.unit_shot`), and the shots are
  added up by convolution into the unit's `UnitTally`, merging equal tallies;
- each tally is then folded one roll at a time (`unit_harm`): To Wound dice combined per
  die, the allocation chain whose state is the Wounds lost per model, each vehicle's
  armour rolls; these are memoised, since many tallies share the same rolls.

All of it runs the same rule functions as `play`, and checks the `Budget` as its state
grows, so ``auto`` odds fall back to Monte Carlo past it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.dice import Budget, Distribution, combine, enumerate_outcomes
from engine.odds import Harm, Marginals, fold_blocks
from engine.systems.heresy_attack import (
    SILENT,
    UnitPlan,
    UnitTally,
    add_unit_shot,
    empty_unit,
    firer_down,
    gets_hot,
    member_hits,
    model_harm,
    plan_unit,
    scatter_once,
    unit_shot,
    vehicle_hits,
    wants_reroll,
)
from engine.systems.heresy_scatter import Fire, Hits
from engine.systems.heresy_wounds import allocate_wound, penetration, pool_sequence, wound_from_roll

Heat = tuple[tuple[int, ...], tuple[str, ...]]
"""The shots fired (their numbers) and the firer's Gets Hot events, sorted."""
Cache = dict[Any, Any]


def _memo(cache: Cache, key: Any, make: Callable[[], Any]) -> Any:
    if key not in cache:
        cache[key] = make()
    return cache[key]


def projected(held: int, done: int, total: int) -> int:
    """The states a loop over `total` items will hold, for the `Budget`: past a tenth of
    them, what the first `done` hold, scaled up (so a hopeless case stops early)."""
    return held * total // done if 10 * done >= total else held


def heat(fire: Fire) -> Distribution[Heat]:
    """HH-19, exactly: shot by shot the Gets Hot D6 (`gets_hot`), a firer removed by its own
    Gets Hot firing no more (`firer_down`), as `heresy_attack.shots_fired` does in play."""
    state: Distribution[Heat] = Distribution.certain(((), ()))
    for shot in range(len(fire.shots)):
        roll = enumerate_outcomes(lambda d, shot=shot: gets_hot(fire, shot, d, SILENT))

        def step(s: Heat, shot: int = shot, roll: Distribution = roll) -> Distribution[Heat]:
            if firer_down(fire, s[1]):
                return Distribution.certain(s)
            return roll.map(lambda e: (s[0] + (shot,), s[1]) if e is None
                            else (s[0], tuple(sorted(s[1] + (e,)))))

        state = state.bind(step)
    return state


def shot_hits(fire: Fire, shot: int, cache: Cache) -> Distribution[Hits]:
    """One fired shot (HH-4 to HH-7, HH-10), exactly: scatter, and re-roll when the policy
    says so (shots aimed alike share it)."""
    aimed = fire.shots[shot]

    def make() -> Distribution[Hits]:
        once = enumerate_outcomes(lambda d: scatter_once(fire, shot, d, SILENT).hits)
        return once.bind(lambda h: once if wants_reroll(fire, shot, h)
                         else Distribution.certain(h))

    return _memo(cache, ("shot", aimed), make)


def one_wound(fire: Fire, roll: tuple[Any, ...]) -> Distribution[Any]:
    """One To Wound die of a roll of `UnitPlan.rolls` (HH-8, HH-16): the wound it gives."""
    source, zone, s, ap, target, _ = roll
    breaching = fire.attack.weapon.breaching
    return enumerate_outcomes(lambda d: wound_from_roll(
        zone, s, ap, target, breaching, d.d6("To Wound"), fire.options, source))


def wounds_lost(fire: Fire, plan: UnitPlan, cache: Cache) -> Distribution[tuple[int, ...]]:
    """The exact Wounds lost per infantry model of a unit (HH-8, HH-13, HH-14, HH-16)."""
    options = fire.options
    parts = []
    for roll in plan.rolls:
        if roll[4] is not None:
            die = _memo(cache, ("wound", roll[:5]), lambda r=roll: one_wound(fire, r))
            parts += [die] * roll[5]
    wounds = combine(parts, (), lambda acc, w: tuple(sorted(acc + (w,))) if w else acc)
    models = tuple(fire.models[i] for i in plan.infantry)

    def allocate(seq: tuple[Any, ...]) -> Distribution[tuple[int, ...]]:
        state = Distribution.certain(plan.lost)
        for w in pool_sequence(seq, options["pool_order"]):
            state = state.bind(lambda lost, w=w: _memo(
                cache, ("alloc", plan.infantry, plan.sources, lost, w),
                lambda lost=lost, w=w: enumerate_outcomes(
                    lambda d: allocate_wound(models, plan.sources, lost, w, options, d)[0])))
        return state

    return wounds.bind(allocate)


def member_losses(fire: Fire, u: int, plan: UnitPlan, vehicles: Any, events: tuple[str, ...],
                  cache: Cache) -> Distribution[tuple[tuple[int, int, int], ...]]:
    """Per member of unit `u`: (Wounds or Hull Points lost, glancing, penetrating), exactly,
    from its To Wound rolls, allocation and saves, and each vehicle's armour rolls."""
    members = fire.units[u][1]
    lost = wounds_lost(fire, plan, cache)
    parts = [lost.map(lambda x: tuple(zip(plan.infantry, ((v, 0, 0) for v in x),
                                          strict=True)))]
    ordnance = "ordnance" in fire.attack.weapon.rules
    for i, hits in vehicles:
        v = fire.models[i]
        pens = [_memo(cache, ("pen", i, s, f), lambda v=v, s=s, f=f: enumerate_outcomes(
            lambda d: penetration(v, s, f, ordnance, d))) for s, f in hits]
        g0 = (i == fire.firer) * events.count("glancing")
        counts = combine(pens, (g0, 0), lambda gp, r: (gp[0] + (r == "glancing"),
                                                       gp[1] + (r == "penetrating")))
        parts.append(counts.map(lambda gp, i=i, hp=v.hp: (
            (i, (min(hp, gp[0] + gp[1]), gp[0], gp[1])),)))
    local = {i: k for k, i in enumerate(members)}

    def place(state: tuple[tuple[int, int, int], ...], items: Any) -> Any:
        out = list(state)
        for i, value in items:
            out[local[i]] = value
        return tuple(out)

    return combine(parts, ((0, 0, 0),) * len(members), place)


def unit_harm(fire: Fire, u: int, tally: UnitTally, events: tuple[str, ...], cache: Cache
              ) -> list[tuple[tuple[Harm, ...], float]]:
    """Everything after the Hits of one unit, exactly (as `heresy_attack.resolve_unit` rolls
    it), as one `Harm` per member. The losses depend on the tally only through its To Wound
    rolls and vehicle hits, so tallies sharing them share `member_losses`."""
    members = fire.units[u][1]
    hits = member_hits(fire, u, tally)
    plan = plan_unit(fire, u, tally, hits, events)
    vehicles = tuple((i, tuple(h)) for i, h in vehicle_hits(fire, u, hits))
    losses = _memo(cache, ("losses", u, plan, vehicles, events),
                   lambda: member_losses(fire, u, plan, vehicles, events, cache))
    counts = [len(h) for h in hits]
    models: dict[Any, Harm] = cache.setdefault("models", {})

    def harm_of(i: int, n: int, v: tuple[int, int, int]) -> Harm:
        key = (i, n, v)
        if key not in models:
            models[key] = model_harm(fire.models[i], n, *v)
        return models[key]

    return [(tuple(harm_of(i, n, v) for i, n, v in zip(members, counts, st, strict=True)), p)
            for st, p in losses.items()]


def marginals(fire: Fire, budget: Budget) -> Marginals:
    """The exact harm of every 40K unit of a prepared attack (see the module docstring)."""
    cache: Cache = {}
    unit_of = {members: u for u, (_, members) in enumerate(fire.units)}

    def view(block: tuple[int, ...], state: Heat) -> Heat:
        return state if fire.firer in block else (state[0], ())

    def tallies(u: int, fired: tuple[int, ...]) -> Distribution[UnitTally]:
        state = Distribution.certain(empty_unit(fire, u))
        for n, shot in enumerate(fired, 1):
            seen = _memo(cache, ("view", u, fire.shots[shot]), lambda shot=shot: shot_hits(
                fire, shot, cache).map(lambda h: unit_shot(fire, u, h)))
            views = list(seen.items())
            if fire.mega:  # a multiset of n views comes from at most n (tally, view) pairs
                budget.check(len(state) * sum(v is not None for v, _ in views) // n)
            merged: dict[UnitTally, float] = {}
            for k, (t, p) in enumerate(state.items(), 1):
                for v, q in views:
                    key = add_unit_shot(fire, t, v)
                    merged[key] = merged.get(key, 0.0) + p * q
                budget.check(projected(len(merged), k, len(state)))
            state = Distribution(merged.items())
        return state

    def fold(block: tuple[int, ...], v: Heat) -> Distribution[tuple[Harm, ...]]:
        u = unit_of[block]
        fired, events = v
        held = 0
        out: list[tuple[tuple[Harm, ...], float]] = []
        every = _memo(cache, ("tallies", u, fired), lambda: tallies(u, fired))
        for k, (t, p) in enumerate(every.items(), 1):
            harm = _memo(cache, ("harm", u, t, events),
                         lambda t=t: unit_harm(fire, u, t, events, cache))
            held += len(harm)
            budget.check(projected(held, k, len(every)))
            out += [(o, p * q) for o, q in harm]
        return Distribution(out)

    blocks = sorted(unit_of)
    return fold_blocks(heat(fire), blocks, view, fold, budget)

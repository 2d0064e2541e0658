"""Exact odds of a Horus Heresy / 40K 7th blast attack, per 40K unit (issue 11).

The odds read each model's own harm and each unit's totals of Hits and models removed
(`engine.odds.Tally`), never the joint harm of its models, and HH-9 makes those cheap:
every shot is scattered on its own and its Hits are only added up before To Wound. So:

- the shared events are the Gets Hot rolls (`heat`: which shots are fired, what the firer
  suffered, HH-19, its removal stopping the rest);
- each unit is folded on its own (wounds are allocated within a unit, HH-8): each fired
  shot's marker is enumerated once over every scatter (`shot_hits`: the arrow's bearing
  split at the breakpoints, the HH-10 re-roll a `bind` on the first scatter), reduced to
  what the unit's losses depend on (`pool_view`: a plain blast's Hits on its infantry
  counted, not placed, since its wounds all come from the firer; a Mega-blast's whole view,
  each shot being a source with its own allocation order and cover, HH-14) and, for one
  model, the Hits on it (`own_hits`); the shots are added up by convolution, merging
  equal states;
- each distinct pool is then folded one roll at a time (`pool_losses`): its To Wound dice
  and their allocation in Wound Pool order, whose state is the Wounds lost per model
  (`heresy.allocation`, every prefix memoised, since N and N + 1 Hits share their first N
  dice), and each vehicle's armour rolls.

A model's harm is its own Hits with its share of its pool's losses; a unit's totals are
its pool's Hits with the models its losses remove. All of it runs the same rule functions
as `play`, and checks the `Budget` as its state grows, so ``auto`` odds fall back to Monte
Carlo past it.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from engine.enumeration import Budget, Distribution, combine, enumerate_outcomes
from engine.odds import Harm, Marginals, Tally
from engine.systems.heresy.allocation import wounds_lost
from engine.systems.heresy.gets_hot import firer_down, gets_hot
from engine.systems.heresy.resolve import UnitPlan, model_harm, plan_unit, vehicle_hits
from engine.systems.heresy.scatter import Fire, Hits
from engine.systems.heresy.shots import (
    COUNT_BITS,
    FACING_SLOTS,
    SILENT,
    Hit,
    UnitShot,
    UnitTally,
    add_unit_shot,
    empty_unit,
    member_hits,
    scatter_once,
    unit_shot,
    wants_reroll,
)
from engine.systems.heresy.wounds import penetration

Heat = tuple[tuple[int, ...], tuple[str, ...]]
"""The shots fired (their numbers) and the firer's Gets Hot events, sorted."""


def projected(held: int, done: int, total: int) -> int:
    """The states a loop over `total` items will hold, for the `Budget`: past a tenth of
    them, what the first `done` hold, scaled up (so a hopeless case stops early)."""
    return held * total // done if 10 * done >= total else held


HOPELESS = 4
"""A convolution expected to hold this many times the `Budget`'s states is not begun."""


def expected_states(state: int, items: int, kept: float) -> int:
    """The states a convolution of `state` by `items` outcomes is expected to hold, when
    the one before it kept the fraction `kept` of its pairs after merging equal states
    (merging only grows as Hits add up, so this errs high by little)."""
    return int(state * items * kept)


def mega_states(views: list[int]) -> int:
    """The pools a Mega-blast's shots make, from each shot's count of views: its pools
    are the views of its shots in any order (HH-14), so they merge only by order, and
    there are about the product over the shots' count of orders."""
    return math.prod(views) // math.factorial(len(views))


def heat(fire: Fire) -> Distribution[Heat]:
    """HH-19, exactly: shot by shot the Gets Hot D6 (`gets_hot`), a firer removed by its own
    Gets Hot firing no more (`firer_down`), as `heresy.gets_hot.shots_fired` does in play."""
    state: Distribution[Heat] = Distribution.certain(((), ()))
    for shot in range(len(fire.shots)):
        roll = enumerate_outcomes(partial(gets_hot, fire, shot, log=SILENT))

        def step(s: Heat, shot: int = shot, roll: Distribution[str | None] = roll
                 ) -> Distribution[Heat]:
            if firer_down(fire, s[1]):
                return Distribution.certain(s)
            return roll.map(lambda e: (s[0] + (shot,), s[1]) if e is None
                            else (s[0], tuple(sorted(s[1] + (e,)))))

        state = state.bind(step)
    return state


def shot_hits(fire: Fire, shot: int, budget: Budget) -> Distribution[Hits]:
    """One fired shot (HH-4 to HH-7, HH-10), exactly: scatter, and re-roll when the policy
    says so (shots aimed alike share it); each landing looks at every model (`budget`)."""
    aimed = fire.shots[shot]

    def make() -> Distribution[Hits]:
        once = enumerate_outcomes(lambda d: scatter_once(fire, shot, d, SILENT).hits,
                                  budget=budget, cost=len(fire.models))
        return once.bind(lambda h: once if wants_reroll(fire, shot, h)
                         else Distribution.certain(h))

    return budget.memo(("shot", aimed), make)


def vehicle_losses(i: int, hp: int, struck: tuple[int, int]
                   ) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """Vehicle `i`'s (Hull Points lost, glancing, penetrating) from its glancing and
    penetrating hits, as `member_losses` places them."""
    glancing, penetrating = struck
    return ((i, (min(hp, glancing + penetrating), glancing, penetrating)),)


def member_losses(fire: Fire, u: int, plan: UnitPlan, vehicles: Any, events: tuple[str, ...],
                  budget: Budget) -> Distribution[tuple[tuple[int, int, int], ...]]:
    """Per member of unit `u`: (Wounds or Hull Points lost, glancing, penetrating), exactly,
    from its To Wound rolls, allocation and saves, and each vehicle's armour rolls."""
    members = fire.units[u][1]
    lost = wounds_lost(fire, plan, budget)
    parts = [lost.map(lambda x: tuple(zip(plan.infantry, ((v, 0, 0) for v in x),
                                          strict=True)))]
    ordnance = "ordnance" in fire.attack.weapon.rules
    for i, hits in vehicles:
        v = fire.models[i]
        pens = [budget.memo(("pen", i, s, f), partial(
            enumerate_outcomes, partial(penetration, v, s, f, ordnance))) for s, f in hits]
        g0 = (i == fire.firer) * events.count("glancing")
        counts = combine(pens, (g0, 0), lambda gp, r: (gp[0] + (r == "glancing"),
                                                       gp[1] + (r == "penetrating")))
        parts.append(counts.map(partial(vehicle_losses, i, v.hp)))
    local = {i: k for k, i in enumerate(members)}

    def place(state: tuple[tuple[int, int, int], ...], items: Any) -> Any:
        out = list(state)
        for i, value in items:
            out[local[i]] = value
        return tuple(out)

    return combine(parts, ((0, 0, 0),) * len(members), place)


Pool = Any
"""What of a unit's shots its losses depend on (HH-9: Hits added up before To Wound). A
plain blast: its `UnitTally` with the infantry's Hits counted above it, not placed (`pool_view`;
its wounds all come from the firer), an integer that adds up as the Hits do; a Mega-blast:
its `UnitTally` itself, since each shot is a source of Wound Pools with its own allocation
order and cover (HH-14), and the sources are allocated in the order of their views."""


Convolved = tuple[Distribution[Any], float]
"""A unit's pools over some shots, each with the Hits on one member (as `Keys`), and the
fraction of pairs the last convolution kept after merging equal states."""


def _infantry_slots(fire: Fire, u: int) -> tuple[int, ...]:
    members = fire.units[u][1]
    return tuple(members.index(i) for i in fire.infantry[u])


def _counted_at(fire: Fire, u: int) -> int:
    """Where a plain blast's `Pool` counts the infantry's Hits: above every member's counts."""
    return COUNT_BITS * len(FACING_SLOTS) * len(fire.units[u][1])


def pool_view(fire: Fire, u: int, view: UnitShot | None) -> Pool | None:
    """One marker's view of unit `u` reduced to what its losses depend on (see `Pool`; a
    plain blast that misses the unit adds 0)."""
    if fire.mega:
        return view
    if view is None:
        return 0
    width = COUNT_BITS * len(FACING_SLOTS)
    n, vehicles = 0, view
    for k in _infantry_slots(fire, u):
        count = (view >> (width * k)) & ((1 << COUNT_BITS) - 1)
        n += count
        vehicles -= count << (width * k)
    return vehicles | n << _counted_at(fire, u)


def own_hits(fire: Fire, u: int, k: int, view: UnitShot | None) -> int:
    """The Hits one marker's view of unit `u` puts on its member at position `k`."""
    if view is None:
        return 0
    if fire.mega:
        return int(view[0][k] != 0)
    width = COUNT_BITS * len(FACING_SLOTS)
    return sum((view >> (width * k + COUNT_BITS * j)) & ((1 << COUNT_BITS) - 1)
               for j in range(len(FACING_SLOTS)))


class Keys(NamedTuple):
    """A unit's pool with the Hits on one of its members as one key of the convolution, and
    how one shot's key adds to it (HH-9): a plain blast's as one integer, the pool above the
    Hits (one addition in C per pair, the hot loop of its odds); a Mega-blast's as the pair."""

    pack: Callable[[Pool, int], Any]
    unpack: Callable[[Any], tuple[Pool, int]]
    add: Callable[[Any, Any], Any]


def pool_keys(fire: Fire) -> Keys:
    """The `Keys` of a prepared attack's pools."""
    if fire.mega:
        def add(key: Any, shot: Any) -> Any:
            return add_unit_shot(fire, key[0], shot[0]), key[1] + shot[1]
        return Keys(lambda pool, h: (pool, h), lambda key: key, add)
    shift = len(fire.shots).bit_length()  # a member takes one Hit a shot at most
    mask = (1 << shift) - 1
    return Keys(lambda pool, h: pool << shift | h, lambda key: (key >> shift, key & mask),
                operator.add)


def pool_hits(fire: Fire, u: int, pool: Pool) -> tuple[UnitTally, tuple[tuple[Hit, ...], ...]]:
    """A tally with the same losses as `pool`, and its `member_hits` (a plain blast's
    infantry Hits all on its first infantry model, which only their number concerns)."""
    if fire.mega:
        return pool, member_hits(fire, u, pool)
    at = _counted_at(fire, u)
    hits = list(member_hits(fire, u, pool & ((1 << at) - 1)))
    slots = _infantry_slots(fire, u)
    if slots:
        hits[slots[0]] = ((0, None),) * (pool >> at)
    return pool, tuple(hits)


def pool_losses(fire: Fire, u: int, pool: Pool, events: tuple[str, ...], budget: Budget
                ) -> Distribution[tuple[tuple[int, int, int], ...]]:
    """Everything after the Hits of one unit, exactly (as `heresy.resolve.resolve_unit`
    rolls it): per member (Wounds or Hull Points lost, glancing, penetrating). Pools
    sharing their To Wound rolls and vehicle hits share `member_losses`."""
    tally, hits = pool_hits(fire, u, pool)
    plan = plan_unit(fire, u, tally, hits, events)
    vehicles = tuple((i, tuple(h)) for i, h in vehicle_hits(fire, u, hits))
    return budget.memo(("losses", u, plan, vehicles, events),
                       lambda: member_losses(fire, u, plan, vehicles, events, budget))


def pool_total_hits(fire: Fire, u: int, pool: Pool) -> int:
    """Every Hit on unit `u` (infantry and vehicles) in a pool."""
    return sum(len(h) for h in pool_hits(fire, u, pool)[1])


def mixture(parts: list[tuple[Distribution[Any], float]]) -> Distribution[Any]:
    """The distribution of a two-stage draw: part `d` with probability `p`."""
    return Distribution((o, p * q) for d, p in parts for o, q in d.items())


def marginals(fire: Fire, budget: Budget) -> Marginals:
    """The exact harm of every 40K unit of a prepared attack, as a `Tally` per unit: each
    model's own harm and the unit's (hits, models removed), never the joint of its models'
    harm (see the module docstring)."""
    def views(u: int, shot: int) -> Distribution[Any]:
        return budget.memo(("view", u, fire.shots[shot]), lambda: shot_hits(
            fire, shot, budget).map(lambda h: unit_shot(fire, u, h)))

    keys = pool_keys(fire)

    def aimed(fired: tuple[int, ...]) -> tuple[Any, ...]:
        """The fired shots as aimed: what a unit's pools depend on, whatever the shots'
        numbers (the key `budget.memo` shares between candidate aims)."""
        return tuple(fire.shots[shot] for shot in fired)

    def pooled(u: int, shot: int) -> list[tuple[UnitShot | None, Pool, float]]:
        """One shot's views of unit `u`, each with its pool (`pool_view`), for every member."""
        return budget.memo(("pooled", u, fire.shots[shot]), lambda: [
            (v, pool_view(fire, u, v), p) for v, p in views(u, shot).items()])

    def shot_pools(u: int, shot: int, k: int | None) -> list[tuple[Any, float]]:
        """One shot's views of unit `u` as `keys`, with the Hits on its member at `k`."""
        def make() -> list[tuple[Any, float]]:
            each = pooled(u, shot)  # charged per member, as when each made its views' pools
            budget.check(steps=len(each) * len(fire.units[u][1]) ** 2)
            return list(Distribution(
                (keys.pack(pool, 0 if k is None else own_hits(fire, u, k, v)), p)
                for v, pool, p in each).items())
        return budget.memo(("own", u, fire.shots[shot], k), make)

    def convolve(u: int, k: int | None, state: Convolved, shot: int) -> Convolved:
        """One more shot added to a unit's pools (HH-9), equal states merged; with the
        fraction of pairs kept, which the next step's `expected_states` reads."""
        before, kept = state
        items = shot_pools(u, shot, k)
        budget.check(expected_states(len(before), len(items), kept) // HOPELESS)
        merged: dict[Any, float] = {}
        add, get = keys.add, merged.get
        for j, (key, p) in enumerate(before.items(), 1):
            for v, q in items:
                plus = add(key, v)
                merged[plus] = get(plus, 0.0) + p * q
            budget.check(projected(len(merged), j, len(before)))
        return Distribution(merged.items()), len(merged) / (len(before) * len(items))

    def pools(u: int, fired: tuple[int, ...], k: int | None) -> Distribution[Any]:
        """HH-9 by convolution over the shots fired: the unit's pool, with the Hits on
        its member at `k` (0 for None), as `keys`. Each prefix of the shots as aimed is
        kept, so the shots left after a Gets Hot (HH-19) share the work of those fired
        before them."""
        if fire.mega:
            budget.check(mega_states([len(shot_pools(u, shot, k)) for shot in fired]) // HOPELESS)
        state: Convolved = (Distribution.certain(keys.pack(empty_unit(fire, u), 0)), 1.0)
        for j, shot in enumerate(fired):
            state = budget.memo(("pools", u, aimed(fired[:j + 1]), k),
                                partial(convolve, u, k, state, shot))
        return state[0]

    def losses(u: int, pool: Pool, events: tuple[str, ...]) -> Distribution[Any]:
        return budget.memo(("pool", u, pool, events),
                           lambda: pool_losses(fire, u, pool, events, budget))

    def member(u: int, k: int, fired: tuple[int, ...], events: tuple[str, ...]
               ) -> Distribution[Harm]:
        model = fire.models[fire.units[u][1][k]]
        out: list[tuple[Harm, float]] = []
        every = pools(u, fired, k)
        def own(pool: Pool) -> Distribution[tuple[int, int, int]]:
            return losses(u, pool, events).map(lambda st: st[k])

        for key, p in every.items():
            pool, h = keys.unpack(key)
            mine = budget.memo(("mine", u, pool, events, k), partial(own, pool))
            out += [(model_harm(model, h, *v), p * q) for v, q in mine.items()]
        return Distribution(out)

    def totals(u: int, fired: tuple[int, ...], events: tuple[str, ...]
               ) -> Distribution[tuple[int, int]]:
        members = [fire.models[i] for i in fire.units[u][1]]
        out: list[tuple[tuple[int, int], float]] = []
        every = pools(u, fired, None)
        for key, p in every.items():
            pool = keys.unpack(key)[0]
            hits = pool_total_hits(fire, u, pool)
            for st, q in losses(u, pool, events).items():
                removed = sum(model_harm(m, 0, *v).destroyed for m, v in zip(members, st,
                                                                               strict=True))
                out.append(((hits, removed), p * q))
        return Distribution(out)

    shared = heat(fire)
    out = []
    for u, (_, block) in sorted(enumerate(fire.units), key=lambda x: x[1][1]):
        seen = shared if fire.firer in block else shared.map(lambda s: (s[0], ()))
        parts = [(fired, events, p) for (fired, events), p in seen.items()]
        each = tuple(mixture([(member(u, k, fired, events), p) for fired, events, p in parts])
                     for k in range(len(block)))
        whole = mixture([(totals(u, fired, events), p) for fired, events, p in parts])
        out.append(Tally(block, each, whole))
    return tuple(out)

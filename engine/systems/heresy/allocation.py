"""The exact Wounds lost per infantry model of one 40K unit, by a fold in Wound Pool order
(HH-8, HH-9, HH-13, HH-14, HH-16), for the exact odds (`heresy.odds`).

`heresy.resolve` rolls all of a unit's To Wound dice together (HH-9), then allocates the
wounds pool after pool (`wounds.pool_sequence`: zone by zone, AP by AP, and within them
source by source, each Mega-blast marker being its own source, HH-14). The dice are
independent and the wounds of one pool are alike, so the same distribution comes from a
fold in that order whose state is the Wounds lost per model: each die of a pool's first
AP is rolled and its wound allocated at once; a die that gives the zone's other AP (only
Breaching makes two, HH-16) is kept as pending until that AP's pools, then allocated.
Equal states are merged after every die, so the fold holds at most one state per pattern
of Wounds lost (and pending dice), however many wound multisets lead there.

Each step is keyed by what it depends on (the die's profile, its source's allocation
order and cover), so units' pools that share their first steps share their work (`chain`:
N and N + 1 Hits of a plain blast; Mega-blast pools whose first sources see the unit
alike).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.enumeration import Budget, Distribution, enumerate_outcomes
from engine.systems.heresy.resolve import UnitPlan
from engine.systems.heresy.scatter import Fire
from engine.systems.heresy.wounds import (
    Sources,
    Wound,
    allocate_wound,
    allocated_to,
    wound_from_roll,
)
from engine.words import msg

State = tuple[tuple[int, ...], tuple[int, ...]]
"""The fold's state: the Wounds lost per infantry model, and each source's pending dice."""
Step = tuple[Any, ...]
"""("die", roll, source, its allocation view, first AP rank) or ("flush", source, its
allocation view, the wound its pending dice give)."""


def chain(budget: Budget, key: Any, start: Distribution[Any], steps: tuple[Any, ...],
          step: Callable[[Distribution[Any], Any], Distribution[Any]]) -> Distribution[Any]:
    """`start` folded through `steps` one at a time, each prefix memoised under `key`, so
    folds that share a beginning (N and N + 1 Hits, one more wound) share its work."""
    state = start
    for k in range(len(steps)):
        state = budget.memo((key, steps[:k + 1]), partial(step, state, steps[k]))
    return state


TO_WOUND = msg("hh.label.to_wound_die")
"""The label of a To Wound die the exact odds roll (never shown)."""


def one_wound(fire: Fire, roll: tuple[Any, ...]) -> Distribution[Wound | None]:
    """One To Wound die of a roll of `UnitPlan.rolls` (HH-8, HH-16): the wound it gives."""
    source, zone, s, ap, target = roll[:5]
    breaching = fire.attack.weapon.breaching
    return enumerate_outcomes(lambda d: wound_from_roll(
        zone, s, ap, target, breaching, d.d6(TO_WOUND), fire.options, source))


def fold_steps(fire: Fire, plan: UnitPlan, budget: Budget) -> tuple[Step, ...]:
    """The unit's To Wound dice in Wound Pool order (`wounds.pool_sequence`, option
    ``pool_order``): zone by zone; within a zone the first AP's pools source by source, a
    die per step, then the other AP's (Breaching, HH-16), a source's pending dice per
    step."""
    best_first = fire.options["pool_order"] == "best-first"
    rolls = [roll for roll in plan.rolls if roll[4] is not None]  # S that can wound
    zones = sorted({roll[1] for roll in rolls}, reverse=not best_first)
    steps: list[Step] = []
    for zone in zones:
        here = sorted((r for r in rolls if r[1] == zone), key=lambda r: r[0],
                      reverse=not best_first)
        dice = {r[:5]: budget.memo(("wound", r[:5]), partial(one_wound, fire, r[:5]))
                for r in here}
        ranks = sorted({w.ap_rank for d in dice.values() for w, _ in d.items() if w},
                       reverse=not best_first)
        if not ranks:
            continue
        views = {r[0]: (plan.sources.orders[r[0]], plan.sources.covers[r[0]]) for r in here}
        steps += [("die", r[:5], r[0], views[r[0]], ranks[0]) for r in here for _ in range(r[5])]
        for rank in ranks[1:]:
            for r in here:
                wound = next(w for w, _ in dice[r[:5]].items() if w and w.ap_rank == rank)
                steps.append(("flush", r[0], views[r[0]], wound))
    return tuple(steps)


def wounds_lost(fire: Fire, plan: UnitPlan, budget: Budget
                ) -> Distribution[tuple[int, ...]]:
    """The exact Wounds lost per infantry model of a unit (HH-8, HH-13, HH-14, HH-16): its
    To Wound dice and their allocation folded in Wound Pool order (see the module
    docstring); `budget` is spent on every state each step holds."""
    options = fire.options
    models = tuple(fire.models[i] for i in plan.infantry)
    n_sources = len(plan.sources.orders)

    def allocate(lost: tuple[int, ...], view: tuple[Any, Any], wound: Wound
                 ) -> Distribution[tuple[int, ...]]:
        """HH-8/HH-14: one wound allocated from its source: the model it goes to resists
        it (keyed by that model, its cover and Wounds lost, so every source and state
        that sends a wound alike shares the roll)."""
        one = wound._replace(source=0)
        k = allocated_to(models, Sources((view[0],), (view[1],)), lost, one, options)
        if k is None:
            return Distribution.certain(lost)
        alone = Sources(((0,),), ((view[1][k],),))
        fates = budget.memo(("fate", plan.infantry[k], view[1][k], lost[k], one),
                     lambda: enumerate_outcomes(lambda d: allocate_wound(
                         (models[k],), alone, (lost[k],), one, options, d)[0][0]))
        return Distribution((lost[:k] + (v,) + lost[k + 1:], q) for v, q in fates.items())

    def roll_die(state: Distribution[State], step: Step) -> Distribution[State]:
        roll, source, view, first = step[1:]
        die = list(budget.memo(("wound", roll), partial(one_wound, fire, roll)).items())
        budget.check(len(state), len(state) * len(die))
        out: list[tuple[State, float]] = []
        for (lost, pending), p in state.items():
            for wound, q in die:
                if wound is None:
                    out.append(((lost, pending), p * q))
                elif wound.ap_rank == first:
                    out += [((after, pending), p * q * r)
                            for after, r in allocate(lost, view, wound).items()]
                else:
                    more = pending[:source] + (pending[source] + 1,) + pending[source + 1:]
                    out.append(((lost, more), p * q))
        return Distribution(out)

    def flush(state: Distribution[State], step: Step) -> Distribution[State]:
        source, view, wound = step[1:]
        budget.check(len(state), len(state))
        out: list[tuple[State, float]] = []
        for (lost, pending), p in state.items():
            got: Distribution[tuple[int, ...]] = Distribution.certain(lost)
            for _ in range(pending[source]):
                got = got.bind(lambda before: allocate(before, view, wound))
            cleared = pending[:source] + (0,) + pending[source + 1:]
            out += [((after, cleared), p * r) for after, r in got.items()]
        return Distribution(out)

    def step(state: Distribution[State], s: Step) -> Distribution[State]:
        return roll_die(state, s) if s[0] == "die" else flush(state, s)

    start: Distribution[State] = Distribution.certain((plan.lost, (0,) * n_sources))
    folded = chain(budget, ("lost", plan.infantry, plan.lost, n_sources), start,
                   fold_steps(fire, plan, budget), step)
    return folded.map(lambda st: st[0])

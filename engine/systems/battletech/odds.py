"""Exact odds of one BattleTech turn as per-unit marginals (issue 11), and where shells land.

What the units share is which attacks the turn sends at them: whether a support's Air Cover
discards it, each target roll, each scatter (BT-AIR, BT-BOMB, BT-STRAFE, BT-ART). Those
are the shared events, enumerated once per independent roll of the plan (`Stage.actions`)
with the very functions `run` uses. What a unit rolls for itself, its attack direction
(BT-RULE.2) and one hit location per damage group (BT-RULE.3), no other unit sees, and no
rule couples two units. So every unit is its own block, and its harm is folded stage by
stage from the attacks the shared events send at it: the cost grows with units x stages x
the states of one unit, never with the product of every unit's outcomes.

A unit's state is the damage groups it took and the damage they did (both exact, so the
damage histogram and P(20 or more damage) are exact) and, for a 'Mech with a record sheet,
the armour and structure left per location (`battletech.sheet`); its damage by hit
location is carried as its expectation given that state, which keeps the state small while
the expected damage per location stays exact.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from engine.enumeration import Budget, Distribution, enumerate_outcomes
from engine.log import SilentLog
from engine.odds import Block, Harm, Marginals
from engine.scenario import Scenario
from engine.systems.battletech.attack import attack_direction, hit_location
from engine.systems.battletech.plan import Group, Stage, Strike, Turn, Volley
from engine.systems.battletech.sheet import Sheet, figures, take
from engine.systems.battletech.turn import covered, prepare

Pairs = tuple[tuple[str, Any], ...]
"""Damage by location key ("CT", "CT(R)", "-"), sorted."""
State = tuple[int, int, Sheet | None]
"""One unit: damage groups taken, damage taken, what its record sheet has left (or None)."""
Fold = dict[State, tuple[float, dict[str, float]]]
"""A unit's states: probability, and damage by location weighted by that probability."""
StrikeKey = tuple[int, int, str | None, str]
Shared = list[tuple[float, list[dict[int, Distribution[tuple[Strike, ...]]]]]]
"""Per stage: P(not discarded by Air Cover), and per independent roll, per unit it can
attack, the distribution of the attacks it sends at that unit (none: absent)."""


def _stage_parts(turn: Turn, stage: Stage,
                 budget: Budget | None) -> tuple[float, list[Distribution[Volley]]]:
    """P(the stage's Air Cover discards it) and each independent roll's volley distribution."""
    p_covered = 0.0
    if stage.covers:
        p_covered = enumerate_outcomes(partial(covered, turn, stage, log=SilentLog()))[True]
    volleys = []
    for fn, args in stage.actions:
        dist = enumerate_outcomes(partial(fn, turn, *args, log=SilentLog()))
        if budget is not None:
            budget.check(len(dist))
        volleys.append(dist)
    return p_covered, volleys


def _views(volleys: Distribution[Volley]) -> dict[int, Distribution[tuple[Strike, ...]]]:
    """Per unit some outcome attacks, the distribution of the attacks it receives."""
    seen: dict[int, dict[tuple[Strike, ...], float]] = {}
    for volley, p in volleys.items():
        mine: dict[int, list[Strike]] = {}
        for s in volley.strikes:
            mine.setdefault(s.unit, []).append(s)
        for i, strikes in mine.items():
            got = seen.setdefault(i, {})
            got[tuple(strikes)] = got.get(tuple(strikes), 0.0) + p
    out = {}
    for i, got in seen.items():
        untouched = 1.0 - sum(got.values())
        out[i] = Distribution([*got.items(), ((), max(0.0, untouched))])
    return out


def shared_events(turn: Turn, budget: Budget | None = None) -> Shared:
    """The shared events of the turn, stage by stage (see `Shared`)."""
    out = []
    for stage in turn.stages:
        p_covered, volleys = _stage_parts(turn, stage, budget)
        out.append((1.0 - p_covered, [_views(v) for v in volleys]))
    return out


def _arcs(strike: Strike) -> Distribution[str]:
    """BT-RULE.2: the attack's direction, rolled or fixed by the rule."""
    return (enumerate_outcomes(attack_direction) if strike.arc is None
            else Distribution.certain(strike.arc))


def _one_group(strike: Strike, arc: str) -> Distribution[Group]:
    """BT-RULE.3: where one of the attack's groups lands."""
    return enumerate_outcomes(partial(hit_location, strike.table, arc, strike.group_damage))


def _expected(strike: Strike) -> Pairs:
    """The attack's expected damage by location: its groups times one group's expectation
    (what a unit without a record sheet keeps)."""
    out: dict[str, float] = {}
    for arc, p_arc in _arcs(strike).items():
        for g, p in _one_group(strike, arc).items():
            out[g.key] = out.get(g.key, 0.0) + p_arc * p * g.damage * strike.groups
    return tuple(sorted(out.items()))


class _Effects:
    """What an attack does to a unit, worked out once per kind of attack (not per unit)."""

    def __init__(self) -> None:
        self._groups: dict[tuple[str, str, int], list[tuple[Group, float]]] = {}
        self._mean: dict[StrikeKey, Pairs] = {}

    def group(self, strike: Strike, arc: str) -> list[tuple[Group, float]]:
        """Where one group of the attack lands, from `arc`, with its probability."""
        key = (strike.table, arc, strike.group_damage)
        if key not in self._groups:
            self._groups[key] = list(_one_group(strike, arc).items())
        return self._groups[key]

    def mean(self, strike: Strike) -> Pairs:
        """The attack's expected damage by location (`_expected`)."""
        key = (strike.groups, strike.group_damage, strike.arc, strike.table)
        if key not in self._mean:
            self._mean[key] = _expected(strike)
        return self._mean[key]


def _apply(fold: Fold, strikes: tuple[Strike, ...], w: float, effects: _Effects,
           out: Fold) -> None:
    """Add to `out`, with weight `w`, the states of `fold` after `strikes` hit the unit."""
    for strike in strikes:
        fold = _struck(fold, strike, effects)
    for state, (p, locs) in fold.items():
        _add(out, state, w * p, locs, w, ())


def _struck(fold: Fold, strike: Strike, effects: _Effects) -> Fold:
    """The unit's states after one attack. With a record sheet every outcome counts: its
    direction, then each group where it lands, applied to the sheet in the order rolled
    (BT-RULE.3); without one the attack's expected damage by location is enough."""
    out: Fold = {}
    if all(left is None for _, _, left in fold):
        pairs = effects.mean(strike)
        for (hits, damage, _), (p, locs) in fold.items():
            _add(out, (hits + strike.groups, damage + strike.groups * strike.group_damage,
                       None), p, locs, 1.0, pairs)
        return out
    for arc, p_arc in _arcs(strike).items():
        part = fold
        for _ in range(strike.groups):
            step: Fold = {}
            for (hits, damage, left), (p, locs) in part.items():
                for g, q in effects.group(strike, arc):
                    left_now = None if left is None else take(left, g.key, g.damage,
                                                              arc == "rear")
                    _add(step, (hits + 1, damage + g.damage, left_now), p * q, locs, q,
                         ((g.key, g.damage),))
            part = step
        for state, (p, locs) in part.items():
            _add(out, state, p_arc * p, locs, p_arc, ())
    return out


def _add(out: Fold, state: State, p: float, locs: dict[str, float], w: float,
         pairs: Iterable[tuple[str, float]]) -> None:
    """Accumulate probability `p` and the weighted damage by location into `out[state]`."""
    q, acc = out.get(state, (0.0, {}))
    for loc, v in locs.items():
        acc[loc] = acc.get(loc, 0.0) + w * v
    for loc, dmg in pairs:
        acc[loc] = acc.get(loc, 0.0) + p * dmg
    out[state] = (q + p, acc)


def _unit_fold(i: int, start: Sheet | None, shared: Shared, effects: _Effects,
               budget: Budget) -> Fold:
    """One unit's states after every stage of the turn: each stage's rolls applied in turn,
    the whole stage weighed against its Air Cover discarding it."""
    fold: Fold = {(0, 0, start): (1.0, {})}
    for p_open, actions in shared:
        mine = [a[i] for a in actions if i in a]
        if not mine:
            continue
        opened = fold
        for views in mine:
            nxt: Fold = {}
            for strikes, w in views.items():
                _apply(opened, strikes, w, effects, nxt)
            opened = nxt
            budget.check(len(opened))
        if p_open < 1.0:
            mixed: Fold = {}
            for weight, part in ((1.0 - p_open, fold), (p_open, opened)):
                for state, (p, locs) in part.items():
                    _add(mixed, state, weight * p, locs, weight, ())
            opened = mixed
        fold = opened
    return fold


def _harm(state: State, p: float, locs: dict[str, float]) -> Harm:
    """The unit's harm in one state; damage by location is its expectation in that state."""
    hits, damage, left = state
    where = tuple(sorted((k, v / p) for k, v in locs.items() if v))
    return Harm(hits, damage, where, left is not None and left.destroyed, left)


def marginals(scn: Scenario, budget: Budget | None = None, turn: Turn | None = None
              ) -> Marginals:
    """Exact odds: every unit's harm, from the shared events and that unit's own rolls."""
    budget = budget or Budget()
    turn = prepare(scn) if turn is None else turn
    shared = shared_events(turn, budget)
    effects = _Effects()
    out = []
    for i, unit in enumerate(scn.units):
        fold = _unit_fold(i, Sheet.start(unit), shared, effects, budget)
        out.append(Block((i,), Distribution(((_harm(state, p, locs),), p)
                                            for state, (p, locs) in fold.items() if p > 0)))
    return tuple(out)


PILOTING_DAMAGE = 20
"""A 'Mech that takes 20 or more damage in one phase makes a piloting skill roll (Total
Warfare; the figure players ask for, issue 11)."""


def unit_figures(scn: Scenario, i: int, dist: Distribution[Harm]) -> dict[str, Any]:
    """Figures beyond the common ones: P(20 or more damage in the phase), and for a 'Mech
    with a record sheet, per location the chance its armour is breached and that it is
    destroyed."""
    out: dict[str, Any] = {"p_damage_20_or_more": round(
        dist.probability(lambda h: h.damage >= PILOTING_DAMAGE), 6)}
    full = Sheet.of(scn.units[i])
    if full is not None:
        out.update(figures(full, dist.items()))
    return out


def landing(scn: Scenario) -> list[dict[str, Any]]:
    """Where bombs and shells land this turn: per hex, the expected number landing there."""
    where: dict[str, float] = {}
    turn = prepare(scn)
    for stage in turn.stages:
        p_covered, volleys = _stage_parts(turn, stage, None)
        for dist in volleys:
            for v, p in dist.items():
                if v.impact is not None:
                    label = v.impact.label
                    where[label] = where.get(label, 0.0) + (1.0 - p_covered) * p
    return [{"hex": h, "p": round(p, 6)} for h, p in sorted(where.items())]

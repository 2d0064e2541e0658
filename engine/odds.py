"""Odds: per-unit summaries of outcome distributions, exact or sampled.

A rule system reduces each outcome of an attack to a `Harm` per unit (hits taken, damage
taken, damage by location, destroyed or not). The odds report per-unit figures and, for
groups of units (a 40K unit of models), figures of the group, so they need only the
*marginal* distribution of each block of units that a rule couples, never the joint
distribution of every unit: `Marginals` is one `Block` per such set of units.

`fold_blocks` is the one shape every system's exact odds take: enumerate the shared random
events once (where each marker, bomb or shell lands; which strikes succeed), and for each
block fold that block's own rolls conditioned on the part of the shared state it can see.
The cost grows with the number of blocks, not exponentially with it. `blocks_of`
marginalises a joint distribution (the generic enumeration, a Monte Carlo sample) onto the
same blocks, so every path ends in `summarize`, which writes the ``odds --json`` figures
of shared/spec/scenario.md. Sampled (Monte Carlo) summaries add a 95 % interval ``ci`` to
each probability.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from engine.enumeration import Budget, Distribution
from engine.montecarlo import Sample
from engine.words import DEFAULT_LANG, Lang, Words, as_json

S = TypeVar("S", bound=Hashable)
V = TypeVar("V", bound=Hashable)


class Harm(NamedTuple):
    """What one attack did to one unit: hits, damage points (or wounds), by location.

    `locations` pairs a hit location with its damage; a system that folds hit locations
    into their expectation (BattleTech's exact odds) stores expected damage there.
    `destroyed` is the system's own reading of "out of the game" (a 40K model removed, a
    Robotech mecha whose damage reaches its MDC). `left`: what a BattleTech 'Mech's record
    sheet has left (`battletech.sheet.Sheet`; None for every other unit). A tuple, since
    Monte Carlo counts millions of them.
    """

    hits: int = 0
    damage: int = 0
    locations: tuple[tuple[str, float], ...] = ()
    destroyed: bool = False
    left: Any = None

    @property
    def hit(self) -> bool:
        return self.hits > 0


NO_HARM = Harm()

Outcome = tuple[Harm, ...]
"""One Harm per unit, in the scenario's unit order."""


@dataclass(frozen=True)
class Block:
    """Units that a rule couples, with the exact joint distribution of their harm.

    `units` are indices into the scenario's units, ascending; each outcome of `dist` holds
    one `Harm` per index of `units`, in that order.
    """

    units: tuple[int, ...]
    dist: Distribution[Outcome]

    def harm_of(self, pos: int) -> Distribution[Harm]:
        """The harm of the block's unit at position `pos`."""
        return self.dist.map(lambda o: o[pos])

    def totals_of(self, pos: Sequence[int]) -> Distribution[tuple[int, int]]:
        """The (hits, units destroyed) totals of the block's units at positions `pos`."""
        return self.dist.map(lambda o: (sum(o[j].hits for j in pos),
                                        sum(o[j].destroyed for j in pos)))


@dataclass(frozen=True)
class Tally:
    """Units that a rule couples, when their joint harm is too large to hold: each unit's
    own harm, and the totals of the whole block the odds report for a group.

    A 40K unit under four blasts has tens of thousands of joint hit patterns, but the odds
    read only each model's own figures and the unit's hits and models removed: a system
    can fold exactly those, conditioned on the shared events, and never build the joint.
    """

    units: tuple[int, ...]
    each: tuple[Distribution[Harm], ...]
    totals: Distribution[tuple[int, int]]  # (hits, units destroyed) of all of `units`

    def harm_of(self, pos: int) -> Distribution[Harm]:
        """The harm of the block's unit at position `pos`."""
        return self.each[pos]

    def totals_of(self, pos: Sequence[int]) -> Distribution[tuple[int, int]]:
        """The totals of the whole block (a tally holds no other)."""
        if tuple(pos) != tuple(range(len(self.units))):
            raise ValueError("a tally holds the totals of its whole block only")
        return self.totals


Marginals = tuple[Block | Tally, ...]
"""Every unit in exactly one block: all that per-unit and per-group figures need."""


def partition(n_units: int, groups: Mapping[str, Sequence[int]] | None = None
              ) -> tuple[tuple[int, ...], ...]:
    """The blocks the odds need: each group, and each unit in no group on its own."""
    blocks = [tuple(sorted(idx)) for idx in (groups or {}).values()]
    grouped = {i for b in blocks for i in b}
    blocks += [(i,) for i in range(n_units) if i not in grouped]
    return tuple(sorted(blocks))


def blocks_of(dist: Distribution[Outcome], blocks: Sequence[tuple[int, ...]]) -> Marginals:
    """Marginalise a joint distribution of whole outcomes onto `blocks`."""
    return tuple(Block(b, dist.map(_project(b))) for b in blocks)


def _project(block: tuple[int, ...]) -> Callable[[Outcome], Outcome]:
    """A whole outcome reduced to the units of `block`."""
    return lambda o: tuple(o[i] for i in block)


def fold_blocks(
    shared: Distribution[S],
    blocks: Sequence[tuple[int, ...]],
    view: Callable[[tuple[int, ...], S], V],
    fold: Callable[[tuple[int, ...], V], Distribution[Outcome]],
    budget: Budget | None = None,
) -> Marginals:
    """Exact marginals from shared events and per-block folds.

    `shared` is the distribution of the random events every block depends on; `view`
    reduces a shared state to what one block can see (equal views are merged, so a unit
    far from every marker is folded once); `fold` gives the block's harm conditioned on
    its view, from the block's own rolls. Blocks must be independent given the shared
    state: where a rule couples units (wounds allocated within a 40K unit, a Robotech
    shoot-down protecting everyone under its template), they belong in one block, or the
    coupling event belongs in `shared`.
    """
    out = []
    for block in blocks:
        views = shared.map(functools.partial(view, block))
        if budget is not None:
            budget.check(len(views))
        out.append(Block(block, views.bind(functools.partial(fold, block))))
    return tuple(out)


@dataclass(frozen=True)
class Odds:
    """The odds of an attack, per unit and per group of units.

    A Monte Carlo answer also says how many `trials` it ran, why it stopped (`stop`:
    ``"precision"``, ``"time"`` or ``"trials"``, see `engine.montecarlo.estimate`) and the
    largest 95 % `half_width` of its probabilities.
    """

    method: str  # "exact" | "monte-carlo"
    trials: int | None
    units: dict[str, dict[str, Any]]
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    landing: list[dict[str, Any]] = field(default_factory=list)
    note: Words = ""
    stop: str | None = None
    half_width: float | None = None
    sample: Sample[Any] | None = field(default=None, compare=False, repr=False)
    """The Monte Carlo sample the figures come from (to go on: `systems.odds`'s `start`)."""

    def to_dict(self, lang: Lang | None = DEFAULT_LANG) -> dict[str, Any]:
        """The odds as JSON, the note said in `lang` (with `lang` None, the note stays a
        message, `Msg.to_dict`, for the page to say in the language it shows)."""
        out: dict[str, Any] = {"method": self.method, "trials": self.trials,
                               "units": self.units, "groups": self.groups}
        if self.stop is not None:
            out["stop"] = self.stop
            out["half_width"] = _pct(self.half_width or 0.0)
        if self.landing:
            out["landing"] = self.landing
        if self.note:
            out["note"] = as_json(self.note, lang)
        return out


def _pct(p: float) -> float:
    return round(p, 6)


def _readings(dist: Distribution[Any], key: Callable[[Any], int]
              ) -> tuple[dict[str, float], dict[str, float]]:
    """A histogram of `key` and its "at least N" reading, both from unrounded figures."""
    hist: dict[int, float] = {}
    for outcome, p in dist.items():
        k = key(outcome)
        hist[k] = hist.get(k, 0.0) + p
    return {str(k): _pct(v) for k, v in sorted(hist.items())}, at_least(hist)


def at_least(hist: Mapping[Any, float]) -> dict[str, float]:
    """The "at least N" reading of a histogram: P(X >= N) for every N it holds."""
    out: dict[str, float] = {}
    tail = 0.0
    for k in sorted(hist, key=int, reverse=True):
        tail += hist[k]
        out[str(k)] = _pct(min(tail, 1.0))
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def reported(value: float) -> float:
    """A figure rounded as the odds report theirs: rounding keeps order, so a figure never
    below a unit's expected damage stays so once both are reported."""
    return _pct(value)


def expected_damage(dist: Distribution[Harm]) -> float:
    """A unit's expected damage, as its figures report it (rounded like every figure)."""
    return _pct(dist.expectation(lambda h: h.damage))


def _unit_figures(dist: Distribution[Harm], sample: Sample[Outcome] | None) -> dict[str, Any]:
    p_hit = dist.probability(lambda h: h.hit)
    p_damaged = dist.probability(lambda h: h.damage > 0)
    damage, damage_at_least = _readings(dist, lambda h: h.damage)
    hits, hits_at_least = _readings(dist, lambda h: h.hits)
    fig: dict[str, Any] = {
        "p_hit": _pct(p_hit),
        "p_damaged": _pct(p_damaged),
        "p_destroyed": _pct(dist.probability(lambda h: h.destroyed)),
        "expected_damage": expected_damage(dist),
        "damage": damage,
        "damage_at_least": damage_at_least,
        "hits": hits,
        "hits_at_least": hits_at_least,
    }
    by_loc: dict[str, float] = {}
    for harm, p in dist.items():
        for loc, dmg in harm.locations:
            by_loc[loc] = by_loc.get(loc, 0.0) + p * dmg
    if by_loc:
        fig["expected_by_location"] = {k: _pct(v) for k, v in sorted(by_loc.items())}
    if sample is not None:
        fig["ci"] = {name: [_pct(x) for x in sample.interval(fig[name])]
                     for name in ("p_hit", "p_damaged", "p_destroyed")}
    return fig


def summarize(
    marginals: Marginals,
    unit_ids: Sequence[str],
    groups: Mapping[str, Sequence[int]] | None = None,
    sample: Sample[Outcome] | None = None,
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Per-unit and per-group figures of exact (or sampled) marginals.

    Returns ``(units, groups)``; each group must lie inside one block. With `sample`,
    each probability gets a 95 % ``ci``.
    """
    where = {i: (block, pos) for block in marginals for pos, i in enumerate(block.units)}
    units: dict[str, dict[str, Any]] = {}
    for i, uid in enumerate(unit_ids):
        block, pos = where[i]
        units[uid] = _unit_figures(block.harm_of(pos), sample)
    group_figs: dict[str, dict[str, Any]] = {}
    for name, idx in (groups or {}).items():
        block = where[idx[0]][0]
        totals = block.totals_of(tuple(block.units.index(i) for i in idx))
        hits, hits_at_least = _readings(totals, lambda t: t[0])
        removed, removed_at_least = _readings(totals, lambda t: t[1])
        group_figs[name] = {"hits": hits, "hits_at_least": hits_at_least,
                            "removed": removed, "removed_at_least": removed_at_least}
    return units, group_figs

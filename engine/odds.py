"""Odds: per-unit summaries of an outcome distribution, exact or sampled.

A rule system reduces each outcome of an attack to a `Harm` per unit (hits taken, damage
taken, damage by location). `summarize` turns the distribution of those tuples into the
``odds --json`` document of shared/spec/scenario.md. Sampled (Monte Carlo) summaries add
a 95 % interval ``ci`` to each probability.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Distribution, Sample


@dataclass(frozen=True)
class Harm:
    """What one attack did to one unit: hits, damage points (or wounds), by location.

    `locations` pairs a hit location with its damage; a system that folds hit locations
    into their expectation (BattleTech's exact odds) stores expected damage there.
    """

    hits: int = 0
    damage: int = 0
    locations: tuple[tuple[str, float], ...] = ()

    @property
    def hit(self) -> bool:
        return self.hits > 0


NO_HARM = Harm()

Outcome = tuple[Harm, ...]
"""One Harm per unit, in the scenario's unit order."""


@dataclass(frozen=True)
class Odds:
    """The odds of an attack, per unit and per group of units."""

    method: str  # "exact" | "monte-carlo"
    trials: int | None
    units: dict[str, dict[str, Any]]
    groups: dict[str, dict[str, Any]] = field(default_factory=dict)
    landing: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"method": self.method, "trials": self.trials,
                               "units": self.units, "groups": self.groups}
        if self.landing:
            out["landing"] = self.landing
        if self.note:
            out["note"] = self.note
        return out


def _pct(p: float) -> float:
    return round(p, 6)


def _histogram(dist: Distribution[Outcome], key: Any) -> dict[str, float]:
    hist: dict[int, float] = {}
    for outcome, p in dist.items():
        k = key(outcome)
        hist[k] = hist.get(k, 0.0) + p
    return {str(k): _pct(v) for k, v in sorted(hist.items())}


def summarize(
    dist: Distribution[Outcome],
    unit_ids: Sequence[str],
    groups: Mapping[str, Sequence[int]] | None = None,
    sample: Sample[Outcome] | None = None,
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Per-unit and per-group figures of a distribution of `Outcome` tuples.

    Returns ``(units, groups)``; with `sample`, each probability gets a 95 % ``ci``.
    """
    units: dict[str, dict[str, Any]] = {}
    for i, uid in enumerate(unit_ids):
        p_hit = dist.probability(lambda o, i=i: o[i].hit)
        p_damaged = dist.probability(lambda o, i=i: o[i].damage > 0)
        fig: dict[str, Any] = {
            "p_hit": _pct(p_hit),
            "p_damaged": _pct(p_damaged),
            "expected_damage": _pct(dist.expectation(lambda o, i=i: o[i].damage)),
            "damage": _histogram(dist, lambda o, i=i: o[i].damage),
        }
        by_loc: dict[str, float] = {}
        for outcome, p in dist.items():
            for loc, dmg in outcome[i].locations:
                by_loc[loc] = by_loc.get(loc, 0.0) + p * dmg
        if by_loc:
            fig["expected_by_location"] = {k: _pct(v) for k, v in sorted(by_loc.items())}
        if sample is not None:
            fig["ci"] = {"p_hit": [_pct(x) for x in sample.interval(p_hit)],
                         "p_damaged": [_pct(x) for x in sample.interval(p_damaged)]}
        units[uid] = fig
    group_figs = {
        name: {"hits": _histogram(dist, lambda o, idx=tuple(idx): sum(o[j].hits for j in idx))}
        for name, idx in (groups or {}).items()
    }
    return units, group_figs

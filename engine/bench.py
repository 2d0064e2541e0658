"""Timing figures for the benchmark command, runnable in CPython and in Pyodide alike.

`odds_figures` times exact odds (the first run, which fills the caches of pure functions
such as dice sums, and the best of a few more), measures their peak memory
(tracemalloc, in a run of its own: tracing slows Python down), and compares them with the
Monte Carlo run that would reach the same precision: a 95 % interval of +/- `precision`
on every probability the odds report (the figures `engine.montecarlo.estimate` watches: every
value and every "at least" tail of each unit's hits, damage and destroyed, and of each
group's hits and models removed). It times a measured number of seeded trials and scales
to the trials needed, n = 1.96^2 p (1 - p) / precision^2 for the least certain figure.
Where exact odds are out of reach, it times the `auto` answer instead (Monte Carlo with
its default precision and time limit). `resolve_render_figures` times one resolution plus
its SVG. Nothing here asserts a speed: the benchmark command prints these figures.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable, Iterable
from typing import Any

from engine import systems
from engine.enumeration import Budget, TooManyOutcomes
from engine.montecarlo import Z95, estimate
from engine.odds import Odds
from engine.scenario import Scenario
from engine.words import say

TRACED_SECONDS = 120.0
"""The time budget of the repeated and the traced exact runs (tracemalloc slows Python)."""


def _best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds (the least disturbed by other work)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(fn: Callable[[], Any]) -> int:
    """The peak of memory Python allocates while `fn` runs, in bytes (tracemalloc)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def reported_probabilities(odds: Odds) -> Iterable[float]:
    """Every probability an odds answer reports (what Monte Carlo's precision watches)."""
    for fig in odds.units.values():
        yield fig["p_destroyed"]
        for key in ("damage", "damage_at_least", "hits", "hits_at_least"):
            yield from fig[key].values()
    for fig in odds.groups.values():
        for key in ("hits", "hits_at_least", "removed", "removed_at_least"):
            yield from fig.get(key, {}).values()


def trials_needed(probabilities: Iterable[float], precision: float) -> int:
    """Monte Carlo trials for a 95 % half-width of `precision` on every probability."""
    worst = max((p * (1 - p) for p in probabilities), default=0.0)
    return max(1, round(Z95**2 * worst / precision**2))


def odds_figures(scenario: Scenario, *, precision: float = 0.001, mc_trials: int = 5_000,
                 repeat: int = 3) -> dict[str, Any]:
    """Exact odds time and peak memory vs the Monte Carlo time needed for the same
    precision; where exact is out of reach, the `auto` answer's time and stop."""
    start = time.perf_counter()
    try:
        exact = systems.odds(scenario, method="exact")
    except TooManyOutcomes as e:
        start = time.perf_counter()
        auto = systems.odds(scenario)
        return {"exact_s": None, "out_of_reach": str(e), "peak_bytes": None,
                "auto_s": time.perf_counter() - start, "mc_trials_run": auto.trials,
                "mc_stop": auto.stop, "mc_half_width": auto.half_width}
    first_s = time.perf_counter() - start

    def again() -> Odds:  # within reach once: tracing must not push it past the budget
        return systems.odds(scenario, method="exact", budget=Budget(seconds=TRACED_SECONDS))

    exact_s = _best_of(again, repeat)
    peak = peak_memory(again)
    needed = trials_needed(reported_probabilities(exact), precision)
    measured = min(mc_trials, needed)
    start = time.perf_counter()
    estimate(systems.sampler(scenario), measured, seed=0)
    per_trial = (time.perf_counter() - start) / measured
    mc_s = per_trial * needed
    return {"exact_s": exact_s, "exact_first_s": first_s, "peak_bytes": peak,
            "mc_trials_needed": needed, "mc_trials_measured": measured, "mc_s": mc_s,
            "ratio": mc_s / exact_s if exact_s > 0 else float("inf")}


def resolve_render_figures(scenario: Scenario, *, repeat: int = 5) -> dict[str, Any]:
    """Time to resolve the attack once and draw it as SVG."""
    from engine.render.board import board

    def run() -> None:
        board(scenario, systems.resolve(scenario))

    return {"resolve_render_s": _best_of(run, repeat)}


def aim_figures(scenario: Scenario, *, repeat: int = 3) -> dict[str, Any]:
    """Time to rank every legal aim of the scenario's attack (`engine.aim.rank`, the best
    of `repeat` runs, the first included), with how many candidates were scored and
    refused, the best aim in English words, and whether the ranking is estimated (exact
    odds out of reach of every aim)."""
    from engine import aim

    start = time.perf_counter()
    ranking = aim.rank(scenario)
    first = time.perf_counter() - start
    best = ranking.scored[0] if ranking.scored else None
    return {"aim_s": min(first, _best_of(lambda: aim.rank(scenario), repeat - 1)),
            "aim_scored": len(ranking.scored),
            "aim_refused": ranking.illegal, "aim_out_of_reach": ranking.out_of_reach,
            "aim_untried": ranking.untried, "aim_estimated": ranking.estimated,
            "aim_best": say(best.aim.label) if best else None}

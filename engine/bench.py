"""Timing figures for the benchmark command, runnable in CPython and in Pyodide alike.

`odds_figures` times exact odds against the Monte Carlo run that would reach the same
precision (a 95 % interval of +/- `precision` on every unit's p_hit): it times a measured
number of seeded trials and scales to the trials needed, n = 1.96^2 p (1 - p) / precision^2
for the least certain unit. `resolve_render_figures` times one resolution plus its SVG.
Nothing here asserts a speed: the benchmark command prints these figures.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine import systems
from engine.dice import Z95, estimate
from engine.scenario import Scenario


def _best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds (the least disturbed by other work)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def trials_needed(p_hits: list[float], precision: float) -> int:
    """Monte Carlo trials for a 95 % half-width of `precision` on every probability."""
    worst = max((p * (1 - p) for p in p_hits), default=0.0)
    return max(1, round(Z95**2 * worst / precision**2))


def odds_figures(scenario: Scenario, *, precision: float = 0.001, mc_trials: int = 20_000,
                 repeat: int = 3) -> dict[str, Any]:
    """Exact odds time vs the Monte Carlo time needed for the same precision."""
    exact_s = _best_of(lambda: systems.odds(scenario, method="exact"), repeat)
    p_hits = [u["p_hit"] for u in systems.odds(scenario, method="exact").units.values()]
    needed = trials_needed(p_hits, precision)
    measured = min(mc_trials, needed)
    start = time.perf_counter()
    estimate(systems.sampler(scenario), measured, seed=0)
    per_trial = (time.perf_counter() - start) / measured
    mc_s = per_trial * needed
    return {"exact_s": exact_s, "mc_trials_needed": needed, "mc_trials_measured": measured,
            "mc_s": mc_s, "ratio": mc_s / exact_s if exact_s > 0 else float("inf")}


def resolve_render_figures(scenario: Scenario, *, repeat: int = 5) -> dict[str, Any]:
    """Time to resolve the attack once and draw it as SVG."""
    from engine import render

    def run() -> None:
        render.board(scenario, systems.resolve(scenario))

    return {"resolve_render_s": _best_of(run, repeat)}

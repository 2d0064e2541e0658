"""Monte Carlo: outcome frequencies from seeded runs of the rules, with 95 % intervals.

Where the outcome tree is too large for `engine.enumeration`, `estimate` samples it with
seeded dice until a precision target, a time limit or a cap of trials, says which it
reached, and the caller reports it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.dice import Dice, SeededDice
from engine.enumeration import Distribution

T = TypeVar("T", bound=Hashable)

Z95 = 1.959963984540054

STOPS = ("precision", "time", "trials")
"""Why a Monte Carlo run stopped: every watched probability reached the precision target,
the time limit came, or the cap of trials was run."""

FIRST_CHECK = 1_000
"""Trials before the first precision check (so a rare event has had its chance to show)."""


def half_width(p: float, n: int) -> float:
    """Half the width of the 95 % Wilson score interval of a frequency p over n trials."""
    return _half_width_pq(p * (1 - p), n)


def _half_width_pq(pq: float, n: int) -> float:
    return Z95 * math.sqrt(pq / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)


@dataclass(frozen=True)
class Sample(Generic[T]):
    """A Monte Carlo sample: outcome frequencies from `trials` seeded runs, why the run
    stopped (one of `STOPS`), the largest 95 % half-width of the probabilities it
    watched, and the seconds it took."""

    distribution: Distribution[T]
    trials: int
    stop: str = "trials"
    half_width: float = 1.0
    seconds: float = 0.0
    stream: Any = None
    """Where the seeded dice stream stood after the last run (`random.Random.getstate`),
    for `estimate` to go on from this sample (its `start`)."""

    def interval(self, p: float) -> tuple[float, float]:
        """95 % Wilson score interval around an estimated probability p."""
        n = self.trials
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = half_width(p, n)
        return max(0.0, centre - half), min(1.0, centre + half)


class _Tally:
    """Histograms of the integer readings of sampled outcomes, for the precision check.

    Without readings, each distinct outcome is one event. With them, every value of every
    reading is an event ("damage = 4") and so is every tail ("damage at least 4"): the
    figures the odds report.
    """

    def __init__(self, readings: Callable[[Any], tuple[int, ...]] | None) -> None:
        self._readings = readings
        self._hists: list[dict[Any, int]] = []

    def add(self, counts: Mapping[Any, int]) -> None:
        for outcome, c in counts.items():
            values = (outcome,) if self._readings is None else self._readings(outcome)
            while len(self._hists) < len(values):
                self._hists.append({})
            for hist, v in zip(self._hists, values, strict=False):
                hist[v] = hist.get(v, 0) + c

    def worst(self, n: int) -> float:
        """The largest p (1 - p) of any event over n trials (a half-width's worst case)."""
        worst = 0.0
        for hist in self._hists:
            if self._readings is None:
                events: Iterable[int] = hist.values()
            else:
                events = list(hist.values()) + _tails(hist)
            for c in events:
                p = c / n
                worst = max(worst, p * (1 - p))
        return worst


def _tails(hist: Mapping[int, int]) -> list[int]:
    out, tail = [], 0
    for v in sorted(hist, reverse=True):
        tail += hist[v]
        out.append(tail)
    return out


def estimate(
    fn: Callable[[Dice], T], trials: int, seed: int = 0, *,
    seconds: float | None = None, precision: float | None = None,
    readings: Callable[[T], tuple[int, ...]] | None = None,
    clock: Callable[[], float] = time.monotonic, start: Sample[T] | None = None,
) -> Sample[T]:
    """Monte Carlo: run `fn` on one stream of dice seeded with `seed` until one of

    - `precision`: every watched probability's 95 % half-width is at most this (the
      distinct outcomes, or with `readings` every value and every "at least" tail of each
      integer reading of an outcome); checked after `FIRST_CHECK` trials and then at the
      trial count the last check predicts, so the stop is reproducible from the seed;
    - `seconds` of wall time have passed (checked every trial);
    - `trials` runs, the cap.

    The `Sample` says which stop it reached. Given `start`, a sample of the same `fn` and
    `seed` run to a cap of trials alone, it goes on from there (its runs count towards
    `trials`, and the dice stream goes on where it stopped): the sample one call with this
    cap would give, for the cost of the runs it adds (`engine.aim` re-runs its best aims
    so).
    """
    counts: dict[T, int] = {}
    tally = _Tally(readings)
    dice = SeededDice(seed, record=False)
    began = clock()
    deadline = math.inf if seconds is None else began + seconds
    run, check, stop = 0, min(trials, FIRST_CHECK), "trials"
    if start is not None:
        if precision is not None or seconds is not None or start.stop != "trials":
            raise ValueError("only a sample run to a cap of trials goes on")
        if start.trials >= trials:
            return start
        run, check = start.trials, min(trials, start.trials + FIRST_CHECK)
        counts = {o: round(p * run) for o, p in start.distribution.items()}
        tally.add(counts)
        dice.restore(start.stream)
        began -= start.seconds
    while run < trials:
        chunk: dict[T, int] = {}
        while run < check and (run == 0 or clock() < deadline):
            outcome = fn(dice)
            dice.drain()
            chunk[outcome] = chunk.get(outcome, 0) + 1
            run += 1
        tally.add(chunk)
        for o, c in chunk.items():
            counts[o] = counts.get(o, 0) + c
        worst = tally.worst(run)
        if run < check:
            stop = "time"
            break
        if precision is not None and _half_width_pq(worst, run) <= precision:
            stop = "precision"
            break
        if clock() >= deadline and run < trials:
            stop = "time"
            break
        needed = Z95**2 * worst / precision**2 if precision else trials
        check = min(trials, max(run + FIRST_CHECK // 4, math.ceil(needed)))
    return Sample(Distribution((o, c / run) for o, c in counts.items()), run, stop,
                  _half_width_pq(worst, run), clock() - began, dice.stream())

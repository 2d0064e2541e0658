"""One door to chance: every roll any rule makes goes through a `Dice` object.

Rules never import `random`. They ask a `Dice` for a named roll (``dice.d6("strike")``)
and the kind of dice decides the answer:

- `SeededDice` answers from an integer seed (`random.Random`, Mersenne Twister: the same
  sequence in CPython and in Pyodide, which is CPython compiled to WebAssembly);
- `ScriptedDice` answers from a list of forced results, for tests and rule demos;
- the enumerating dice behind `enumerate_outcomes` answer *every* value in turn, each with
  its exact probability, so exact odds are the rules run over the whole outcome tree
  (OpenSpiel's chance nodes, AnyDice's exhaustive counting) and no rule is written twice.

Continuous directions (the 40K scatter arrow) are asked together with the angles at which
the outcome can change (the rule computes them from the geometry); the enumerating dice
then answer one representative angle per interval between those breakpoints, weighted by
the interval's width. Where the tree is too large, `estimate` samples it with seeded dice
(Monte Carlo) and the caller says so, with a 95 % interval.

Probabilities are floats: "as exact as float allows".
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from engine.errors import DiceError

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

HIT = "HIT"
"""The scatter die's HIT face (40K / Horus Heresy): two of its six faces."""

SCATTER_HIT_FACES = 2

Breakpoints = Iterable[float] | Callable[[], Iterable[float]]
"""Angles where an outcome may change: given, or computed on demand (only when enumerating)."""


@dataclass(frozen=True)
class Roll:
    """One roll as the log shows it: its label, the dice faces seen, and the value used.

    `dice` is empty when the faces are not known (odds enumerate totals directly).
    """

    label: str
    dice: tuple[Any, ...]
    value: Any

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "dice": list(self.dice), "value": self.value}


class Dice(ABC):
    """The interface every rule uses. Subclasses supply the four primitive draws."""

    def __init__(self) -> None:
        self._rolls: list[Roll] = []

    # -- what rules call -------------------------------------------------------------

    def die(self, label: str, sides: int = 6) -> int:
        """One die of `sides` faces (1..sides)."""
        value = self._die(label, sides)
        self._rolls.append(Roll(label, (value,), value))
        return value

    def d6(self, label: str) -> int:
        """One six-sided die."""
        return self.die(label, 6)

    def dice(self, label: str, n: int, sides: int = 6) -> tuple[int, ...]:
        """N dice whose individual faces matter (e.g. Ordnance: keep the highest)."""
        faces = tuple(self._die(f"{label}#{i + 1}", sides) for i in range(n))
        self._rolls.append(Roll(label, faces, list(faces)))
        return faces

    def total(self, label: str, n: int = 2, sides: int = 6) -> int:
        """The sum of N dice (NdM), e.g. 2D6 for a scatter distance or a target roll."""
        faces, value = self._total(label, n, sides)
        self._rolls.append(Roll(label, faces, value))
        return value

    def direction(self, label: str, breakpoints: Breakpoints = ()) -> float:
        """A continuous direction in degrees [0, 360), uniform.

        `breakpoints` are the angles at which the rule's outcome may change, or a function
        computing them; only the enumerating dice use them (and call the function).
        """
        value = self._direction(label, breakpoints)
        self._rolls.append(Roll(label, (), round(value, 3)))
        return value

    def scatter(self, label: str, breakpoints: Breakpoints = ()) -> float | None:
        """The 40K scatter die: `None` for HIT (2 faces in 6), else the arrow's angle.

        `breakpoints` as for `direction`.
        """
        value = self._scatter(label, breakpoints)
        shown = HIT if value is None else round(value, 3)
        self._rolls.append(Roll(label, (shown,), shown))
        return value

    def drain(self) -> list[Roll]:
        """The rolls made since the last drain (the log attaches them to a step)."""
        rolls, self._rolls = self._rolls, []
        return rolls

    # -- what each kind supplies ---------------------------------------------------

    @abstractmethod
    def _die(self, label: str, sides: int) -> int: ...

    def _total(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        faces = tuple(self._die(label, sides) for _ in range(n))
        return faces, sum(faces)

    @abstractmethod
    def _direction(self, label: str, breakpoints: Breakpoints) -> float: ...

    @abstractmethod
    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None: ...


def _normalise(breakpoints: Breakpoints) -> tuple[float, ...]:
    angles = breakpoints() if callable(breakpoints) else breakpoints
    return tuple(sorted({a % 360.0 for a in angles}))


class SeededDice(Dice):
    """Reproducible dice from an integer seed; identical in CPython and Pyodide."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def _die(self, label: str, sides: int) -> int:
        return self._rng.randint(1, sides)

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        return self._rng.random() * 360.0

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        if self._rng.randint(1, 6) <= SCATTER_HIT_FACES:
            return None
        return self._direction(label, breakpoints)


class ScriptedDice(Dice):
    """Dice that answer from a list of forced results, in the order the rules ask.

    Each die takes one entry (an integer face), so 2D6 takes two entries. A direction
    takes one number of degrees [0, 360). The scatter die takes ``"HIT"`` or the arrow's
    angle in degrees. Running out, or an entry the die cannot show, is a `DiceError`.
    """

    def __init__(self, results: Sequence[Any]) -> None:
        super().__init__()
        self._results = list(results)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted results have not been used."""
        return len(self._results) - self._next

    def _take(self, label: str) -> Any:
        if self._next >= len(self._results):
            raise DiceError(
                f"scripted dice ran out: roll {self._next + 1} ('{label}') has no result "
                f"(the script holds {len(self._results)})"
            )
        value = self._results[self._next]
        self._next += 1
        return value

    def _die(self, label: str, sides: int) -> int:
        value = self._take(label)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceError(
                f"scripted roll {self._next} ('{label}') is {value!r}: "
                f"a d{sides} shows 1 to {sides}"
            )
        return value

    def _angle(self, label: str, value: Any) -> float:
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0 <= value < 360
        ):
            raise DiceError(
                f"scripted roll {self._next} ('{label}') is {value!r}: "
                "a direction is degrees from 0 up to 360"
            )
        return float(value)

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        return self._angle(label, self._take(label))

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        value = self._take(label)
        if value == HIT:
            return None
        return self._angle(label, value)


# -- exact enumeration ------------------------------------------------------------------


@cache
def sum_distribution(n: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the sum of N dice of `sides` faces, as (total, probability)."""
    counts = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    outcomes = sides**n
    return tuple((t, w / outcomes) for t, w in sorted(counts.items()))


def angle_intervals(breakpoints: tuple[float, ...]) -> list[tuple[float, float]]:
    """Split [0, 360) at the breakpoints: (representative angle, width in degrees) each.

    The representative is the interval's midpoint, so it never sits on a breakpoint.
    With no breakpoints the whole circle is one interval, represented by 0 degrees.
    """
    if not breakpoints:
        return [(0.0, 360.0)]
    out = []
    for i, lo in enumerate(breakpoints):
        hi = breakpoints[i + 1] if i + 1 < len(breakpoints) else breakpoints[0] + 360.0
        if hi - lo > 1e-12:
            out.append((((lo + hi) / 2.0) % 360.0, hi - lo))
    return out


class TooManyOutcomes(Exception):
    """The outcome tree is larger than the enumeration budget (caller samples instead)."""


class Budget:
    """What an exact computation may spend: states held at once, and wall time.

    Exact code calls `check` with the size of what it is about to hold (a distribution's
    state count, a number of paths); past either limit it raises `TooManyOutcomes`, and
    `auto` odds fall back to Monte Carlo and say so.
    """

    __slots__ = ("states", "seconds", "_deadline", "_clock")

    def __init__(self, states: int = 250_000, seconds: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.states = states
        self.seconds = seconds
        self._clock = clock
        self._deadline = clock() + seconds

    def check(self, states: int = 0) -> None:
        """Raise `TooManyOutcomes` if `states` is past the limit or time has run out."""
        if states > self.states:
            raise TooManyOutcomes(f"more than {self.states} states")
        if self._clock() > self._deadline:
            raise TooManyOutcomes(f"more than {self.seconds:g} s")


class _PathDice(Dice):
    """Follows a prefix of choices through the outcome tree, then takes first options."""

    def __init__(self, prefix: list[int]) -> None:
        super().__init__()
        self._prefix = prefix
        self.choices: list[int] = []
        self.sizes: list[int] = []
        self.probability = 1.0

    def _branch(self, options: Sequence[tuple[Any, float]]) -> Any:
        depth = len(self.choices)
        index = self._prefix[depth] if depth < len(self._prefix) else 0
        self.choices.append(index)
        self.sizes.append(len(options))
        value, p = options[index]
        self.probability *= p
        return value

    def _die(self, label: str, sides: int) -> int:
        return self._branch(sum_distribution(1, sides))

    def _total(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        return (), self._branch(sum_distribution(n, sides))

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        intervals = angle_intervals(_normalise(breakpoints))
        return self._branch([(a, w / 360.0) for a, w in intervals])

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        arrow = 1.0 - SCATTER_HIT_FACES / 6.0
        options: list[tuple[float | None, float]] = [(None, SCATTER_HIT_FACES / 6.0)]
        options += [(a, arrow * w / 360.0) for a, w in angle_intervals(_normalise(breakpoints))]
        return self._branch(options)

    def drain(self) -> list[Roll]:
        self._rolls.clear()
        return []


class Distribution(Generic[T]):
    """A finite probability distribution over hashable outcomes (equal outcomes merged)."""

    __slots__ = ("_p",)

    def __init__(self, items: Iterable[tuple[T, float]] = ()) -> None:
        merged: dict[T, float] = {}
        get = merged.get  # the hot loop of exact odds: one bound lookup, not one per item
        for outcome, p in items:
            merged[outcome] = get(outcome, 0.0) + p
        self._p = merged

    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        return cls([(outcome, 1.0)])

    def items(self) -> Iterator[tuple[T, float]]:
        return iter(self._p.items())

    def __len__(self) -> int:
        return len(self._p)

    def __getitem__(self, outcome: T) -> float:
        return self._p.get(outcome, 0.0)

    def total(self) -> float:
        """Sum of the probabilities (1 up to float rounding for a complete tree)."""
        return math.fsum(self._p.values())

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        """The distribution of f(outcome): equal images are merged."""
        return Distribution((f(o), p) for o, p in self._p.items())

    def bind(self, f: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Chain a next stage: for each outcome, the distribution that follows from it."""
        return Distribution((o2, p * p2) for o, p in self._p.items() for o2, p2 in f(o).items())

    def probability(self, predicate: Callable[[T], bool]) -> float:
        return math.fsum(p for o, p in self._p.items() if predicate(o))

    def expectation(self, f: Callable[[T], float]) -> float:
        return math.fsum(p * f(o) for o, p in self._p.items())


def enumerate_outcomes(fn: Callable[[Dice], T], *, budget: int = 250_000) -> Distribution[T]:
    """Run `fn` over every path of its dice tree; the exact distribution of its results.

    `fn` must be deterministic given its dice (rules are). Each path re-runs `fn`, so
    stages whose outcomes are few should be enumerated on their own and chained with
    `Distribution.bind` or `combine`, merging equal outcomes between stages.
    Raises `TooManyOutcomes` past `budget` paths.
    """
    results: dict[T, float] = {}
    prefix: list[int] = []
    for _ in range(budget):
        dice = _PathDice(prefix)
        outcome = fn(dice)
        results[outcome] = results.get(outcome, 0.0) + dice.probability
        depth = len(dice.choices) - 1
        while depth >= 0 and dice.choices[depth] + 1 >= dice.sizes[depth]:
            depth -= 1
        if depth < 0:
            return Distribution(results.items())
        prefix = dice.choices[:depth] + [dice.choices[depth] + 1]
    raise TooManyOutcomes(f"more than {budget} dice paths")


def combine(
    parts: Iterable[Distribution[U]], start: T, step: Callable[[T, U], T]
) -> Distribution[T]:
    """Fold independent distributions into one state, merging equal states at each step.

    This is how independent parts (the missiles of a volley, the shots of a blast weapon)
    stay exact without multiplying out their trees: state size, not path count, bounds it.
    """
    state: Distribution[T] = Distribution.certain(start)
    for part in parts:
        outcomes = list(part.items())
        state = Distribution(
            (step(s, o), ps * po) for s, ps in state.items() for o, po in outcomes
        )
    return state


# -- Monte Carlo ------------------------------------------------------------------------

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Sample(Generic[T]):
    """A Monte Carlo sample: outcome frequencies from `trials` seeded runs."""

    distribution: Distribution[T]
    trials: int

    def interval(self, p: float) -> tuple[float, float]:
        """95 % Wilson score interval around an estimated probability p."""
        n = self.trials
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)


def estimate(fn: Callable[[Dice], T], trials: int, seed: int = 0) -> Sample[T]:
    """Monte Carlo: run `fn` `trials` times on one stream of dice seeded with `seed`."""
    counts: dict[T, int] = {}
    dice = SeededDice(seed)
    for _ in range(trials):
        outcome = fn(dice)
        dice.drain()
        counts[outcome] = counts.get(outcome, 0) + 1
    return Sample(Distribution((o, c / trials) for o, c in counts.items()), trials)

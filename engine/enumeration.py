"""Exact odds as the rules run over every outcome: the enumerating dice, `Distribution`.

`enumerate_outcomes` answers *every* value of every roll in turn, each with its exact
probability, so exact odds are the rules run over the whole outcome tree (OpenSpiel's
chance nodes, AnyDice's exhaustive counting) and no rule is written twice. Continuous
directions (the 40K scatter arrow) are answered with one representative angle per interval
between the breakpoints the rule gives, weighted by the interval's width. A `Budget` bounds
what an exact computation may hold; past it `TooManyOutcomes` is raised and the caller
samples instead (`engine.montecarlo`).

Probabilities are floats: "as exact as float allows".
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any, Generic, TypeVar

from engine.dice import SCATTER_HIT_FACES, Breakpoints, Dice, Roll
from engine.shared import Ledger, Shared
from engine.words import Words, msg, say

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V")

def _normalise(breakpoints: Breakpoints) -> tuple[float, ...]:
    angles = breakpoints() if callable(breakpoints) else breakpoints
    return tuple(sorted({a % 360.0 for a in angles}))



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


@cache
def highest_distribution(n: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Exact distribution of the highest of N dice: P(max = k) = (k^n - (k-1)^n) / s^n."""
    return tuple((k, (k**n - (k - 1) ** n) / sides**n) for k in range(1, sides + 1))


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
    """The outcome tree is larger than the enumeration budget (caller samples instead):
    `limit` says which budget it ran past ("more than 10,000,000 steps")."""

    def __init__(self, limit: Words) -> None:
        super().__init__(say(limit))
        self.limit = limit


STEPS = 10_000_000
"""The steps of work an exact computation may take by default (`Budget.steps`)."""

SAFETY_SECONDS = 60.0
"""The safety clock of a `Budget`: a net under the counts, never what decides in practice
(every scenario within the counts answers far sooner); when it fires, its reason says so."""


class Budget:
    """What an exact computation may spend, counted, so that whether odds are exact depends
    on the scenario alone, never on the machine's speed: states held at once (`states`),
    and steps of work in all (`steps`: every dice path followed, weighted by what one path
    looks at, and every `check`, which exact code calls once per step of its loops with the
    states it holds). A wall clock (`seconds`) stays as a
    safety net and says when it fired.

    Past a limit `check` raises `TooManyOutcomes`, and `auto` odds fall back to Monte
    Carlo and say so. `memo` keeps sub-results in a `engine.shared.Shared` store (its
    own, or one that the candidates of a ranking share), each charged what it cost.
    """

    __slots__ = ("states", "steps", "seconds", "spent", "_deadline", "_clock", "_shared",
                 "_ledger")

    def __init__(self, states: int = 250_000, steps: int = STEPS,
                 seconds: float = SAFETY_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 shared: Shared | None = None) -> None:
        self.states = states
        self.steps = steps
        self.seconds = seconds
        self.spent = 0
        self._clock = clock
        self._deadline = clock() + seconds
        self._shared = shared
        self._ledger: Ledger | None = None

    def memo(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value `make()` gives, made once per store and reused after, charged on
        this budget what it cost to make (`engine.shared`: the key must name everything
        the value depends on that differs between the computations sharing the store)."""
        if self._ledger is None:
            self._ledger = Ledger(self._shared if self._shared is not None else Shared())
        return self._ledger.memo(self, key, make)

    @property
    def reused(self) -> int:
        """The steps charged for values reused from the store, not made (work saved)."""
        return 0 if self._ledger is None else self._ledger.reused

    def check(self, states: int = 0, steps: int = 1) -> None:
        """`steps` of work about to hold `states` (a step that builds `states` spends them
        too): raise `TooManyOutcomes` past the states, past the steps, or (the safety net)
        past the clock."""
        if states > self.states:
            raise TooManyOutcomes(msg("render.mc.states", limit=self.states))
        self.spent += steps + states
        if self.spent > self.steps:
            raise TooManyOutcomes(msg("render.mc.steps", limit=f"{self.steps:,}"))
        if self._clock() > self._deadline:
            raise TooManyOutcomes(msg("render.mc.clock", limit=f"{self.seconds:g}"))


Arcs = dict[tuple[float, int], tuple[object, list[tuple[float | None, float]]]]
"""A direction's options by (chance of a HIT, id of its angles), with the angles."""


class _PathDice(Dice):
    """Follows a prefix of choices through the outcome tree, then takes first options
    (or, given `rng`, options drawn uniformly: one probe of `tree_size`)."""

    def __init__(self, prefix: list[int], rng: random.Random | None = None,
                 arcs: Arcs | None = None) -> None:
        super().__init__()
        self._prefix = prefix
        self._rng = rng
        self._arcs: Arcs = {} if arcs is None else arcs
        self.choices: list[int] = []
        self.sizes: list[int] = []
        self.probability = 1.0

    def _branch(self, options: Sequence[tuple[Any, float]]) -> Any:
        depth = len(self.choices)
        if depth < len(self._prefix):
            index = self._prefix[depth]
        else:
            index = self._rng.randrange(len(options)) if self._rng else 0
        self.choices.append(index)
        self.sizes.append(len(options))
        value, p = options[index]
        self.probability *= p
        return value

    def _die(self, label: Words, sides: int) -> int:
        return int(self._branch(sum_distribution(1, sides)))

    def _total(self, label: Words, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        return (), int(self._branch(sum_distribution(n, sides)))

    def _highest(self, label: Words, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        return (), int(self._branch(highest_distribution(n, sides)))

    def _options(self, hit: float, breakpoints: Breakpoints) -> list[tuple[float | None, float]]:
        """A direction's options (a HIT first, of chance `hit`, when it is a scatter die):
        each interval between the breakpoints with its share of the rest. Made once per
        enumeration for the same angles (a rule's breakpoints, computed once per aim,
        are the same object on every path; kept alive beside them, so an id is not
        reused)."""
        angles = breakpoints() if callable(breakpoints) else breakpoints
        made = self._arcs.get((hit, id(angles)))
        if made is None or made[0] is not angles:
            options: list[tuple[float | None, float]] = [(None, hit)] if hit else []
            options += [(a, (1.0 - hit) * w / 360.0)
                        for a, w in angle_intervals(_normalise(angles))]
            made = self._arcs[hit, id(angles)] = (angles, options)
        return made[1]

    def _direction(self, label: Words, breakpoints: Breakpoints) -> float:
        return float(self._branch(self._options(0.0, breakpoints)))

    def _scatter(self, label: Words, breakpoints: Breakpoints) -> float | None:
        value: float | None = self._branch(self._options(SCATTER_HIT_FACES / 6.0, breakpoints))
        return value

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


def enumerate_outcomes(fn: Callable[[Dice], T], *, budget: int | Budget = 250_000,
                       cost: int = 1) -> Distribution[T]:
    """Run `fn` over every path of its dice tree; the exact distribution of its results.

    `fn` must be deterministic given its dice (rules are). Each path re-runs `fn`, so
    stages whose outcomes are few should be enumerated on their own and chained with
    `Distribution.bind` or `combine`, merging equal outcomes between stages.
    Raises `TooManyOutcomes` past `budget` paths (an integer, or a `Budget`: its states
    are paths, and each path spends `cost` of its steps: what one run of `fn` looks at,
    such as the models a marker may cover).
    """
    limit = budget if isinstance(budget, Budget) else Budget(budget, seconds=math.inf)
    results: dict[T, float] = {}
    prefix: list[int] = []
    arcs: Arcs = {}
    for _ in range(limit.states):
        limit.check(steps=cost)
        dice = _PathDice(prefix, arcs=arcs)
        outcome = fn(dice)
        results[outcome] = results.get(outcome, 0.0) + dice.probability
        depth = len(dice.choices) - 1
        while depth >= 0 and dice.choices[depth] + 1 >= dice.sizes[depth]:
            depth -= 1
        if depth < 0:
            return Distribution(results.items())
        prefix = dice.choices[:depth] + [dice.choices[depth] + 1]
    raise TooManyOutcomes(msg("render.mc.paths", limit=limit.states))


def tree_size(fn: Callable[[Dice], Any], probes: int = 200, seed: int = 0) -> float:
    """An estimate of the number of paths `enumerate_outcomes` would follow, at the cost
    of `probes` runs: Knuth's estimator, the mean over paths drawn branch by branch
    uniformly of the product of their branching factors (unbiased; a guide, not a bound)."""
    rng = random.Random(seed)
    total = 0.0
    for _ in range(probes):
        dice = _PathDice([], rng)
        fn(dice)
        total += math.prod(dice.sizes)
    return total / probes


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

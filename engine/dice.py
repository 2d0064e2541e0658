"""One door to chance: every roll any rule makes goes through a `Dice` object.

Rules never import `random`. They ask a `Dice` for a named roll (``dice.d6("strike")``)
and the kind of dice decides the answer:

- `SeededDice` answers from an integer seed (`random.Random`, Mersenne Twister: the same
  sequence in CPython and in Pyodide, which is CPython compiled to WebAssembly);
- `ScriptedDice` answers from a list of forced results, for tests and rule demos;
- `AskingDice` answers from the dice a player has entered so far and, when they run out,
  stops with `RollNeeded`, which describes the next roll the rules need ("I rolled": the
  page asks, appends the answer and replays, which is cheap);
- `ScriptedThenSeeded` answers from the entered dice, then from a seed ("roll the rest
  for me"), and keeps every result it gave, in the script's format;
- the enumerating dice behind `enumerate_outcomes` answer *every* value in turn, each with
  its exact probability, so exact odds are the rules run over the whole outcome tree
  (OpenSpiel's chance nodes, AnyDice's exhaustive counting) and no rule is written twice.

Continuous directions (the 40K scatter arrow) are asked together with the angles at which
the outcome can change (the rule computes them from the geometry); the enumerating dice
then answer one representative angle per interval between those breakpoints, weighted by
the interval's width. Where the tree is too large, `estimate` samples it with seeded dice
(Monte Carlo) until a precision target, a time limit or a cap of trials, says which it
reached, and the caller reports it, with 95 % intervals.

Probabilities are floats: "as exact as float allows".
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
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

    def __init__(self, record: bool = True) -> None:
        self._rolls: list[Roll] = []
        self._recording = record

    # -- what rules call -------------------------------------------------------------

    def die(self, label: str, sides: int = 6) -> int:
        """One die of `sides` faces (1..sides)."""
        self._begin(label, "die", 1, sides)
        value = self._die(label, sides)
        self._keep(label, (value,), value)
        return value

    def d6(self, label: str) -> int:
        """One six-sided die."""
        return self.die(label, 6)

    def dice(self, label: str, n: int, sides: int = 6) -> tuple[int, ...]:
        """N dice whose individual faces matter (each To Wound die, say)."""
        self._begin(label, "dice", n, sides)
        faces = self._faces(label, n, sides)
        self._keep(label, faces, list(faces))
        return faces

    def highest(self, label: str, n: int = 2, sides: int = 6) -> int:
        """N dice, keeping the highest face (40K Ordnance armour penetration: 2D6)."""
        self._begin(label, "highest", n, sides)
        faces, value = self._highest(label, n, sides)
        self._keep(label, faces, value)
        return value

    def total(self, label: str, n: int = 2, sides: int = 6) -> int:
        """The sum of N dice (NdM), e.g. 2D6 for a scatter distance or a target roll."""
        self._begin(label, "total", n, sides)
        faces, value = self._total(label, n, sides)
        self._keep(label, faces, value)
        return value

    def direction(self, label: str, breakpoints: Breakpoints = ()) -> float:
        """A continuous direction in degrees [0, 360), uniform.

        `breakpoints` are the angles at which the rule's outcome may change, or a function
        computing them; only the enumerating dice use them (and call the function).
        """
        self._begin(label, "direction", 1, 360)
        value = self._direction(label, breakpoints)
        self._keep(label, (), round(value, 3))
        return value

    def scatter(self, label: str, breakpoints: Breakpoints = ()) -> float | None:
        """The 40K scatter die: `None` for HIT (2 faces in 6), else the arrow's angle.

        `breakpoints` as for `direction`.
        """
        self._begin(label, "scatter", 1, 6)
        value = self._scatter(label, breakpoints)
        shown = HIT if value is None else round(value, 3)
        self._keep(label, (shown,), shown)
        return value

    def _keep(self, label: str, faces: tuple[Any, ...], value: Any) -> None:
        """Record a roll for the log (not when made with ``record=False``: Monte Carlo runs
        thousands of attacks and reads none of their rolls)."""
        if self._recording:
            self._rolls.append(Roll(label, faces, value))

    def drain(self) -> list[Roll]:
        """The rolls made since the last drain (the log attaches them to a step)."""
        rolls, self._rolls = self._rolls, []
        return rolls

    @property
    def remaining(self) -> int:
        """Scripted results not used yet (none for dice without a script)."""
        return 0

    def check_all_used(self) -> None:
        """After a resolution: a `DiceError` if scripted results were left unused."""
        return None

    # -- what each kind supplies ---------------------------------------------------

    def _begin(self, label: str, kind: str, n: int, sides: int) -> None:
        """Called before each roll with what it takes (`RollRequest` names the kinds);
        dice that answer from a list check here that the whole roll is there."""
        return None

    @abstractmethod
    def _die(self, label: str, sides: int) -> int: ...

    def _faces(self, label: str, n: int, sides: int) -> tuple[int, ...]:
        return tuple(self._die(f"{label}#{i + 1}", sides) for i in range(n))

    def _total(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        faces = tuple(self._die(label, sides) for _ in range(n))
        return faces, sum(faces)

    def _highest(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        faces = tuple(self._die(label, sides) for _ in range(n))
        return faces, max(faces)

    @abstractmethod
    def _direction(self, label: str, breakpoints: Breakpoints) -> float: ...

    @abstractmethod
    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None: ...


def _normalise(breakpoints: Breakpoints) -> tuple[float, ...]:
    angles = breakpoints() if callable(breakpoints) else breakpoints
    return tuple(sorted({a % 360.0 for a in angles}))


def _seeded_die(rng: random.Random, sides: int) -> int:
    """A face 1..sides: the least power of two covering `sides`, redrawn past it (the
    draw CPython's ``randint(1, sides)`` makes, without its call layers: Monte Carlo
    rolls millions of dice)."""
    bits = sides.bit_length()
    r = rng.getrandbits(bits)
    while r >= sides:
        r = rng.getrandbits(bits)
    return r + 1


def _seeded_direction(rng: random.Random) -> float:
    return rng.random() * 360.0


def _seeded_scatter(rng: random.Random) -> float | None:
    if _seeded_die(rng, 6) <= SCATTER_HIT_FACES:
        return None
    return _seeded_direction(rng)


class SeededDice(Dice):
    """Reproducible dice from an integer seed; identical in CPython and Pyodide."""

    def __init__(self, seed: int, record: bool = True) -> None:
        super().__init__(record)
        self.seed = seed
        self._rng = random.Random(seed)

    def _die(self, label: str, sides: int) -> int:
        return _seeded_die(self._rng, sides)

    def _faces(self, label: str, n: int, sides: int) -> tuple[int, ...]:
        rng = self._rng
        return tuple(_seeded_die(rng, sides) for _ in range(n))

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        return _seeded_direction(self._rng)

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        return _seeded_scatter(self._rng)


ROLL_KINDS = ("die", "dice", "highest", "total", "direction", "scatter")
"""What a roll asks for: one die; N dice whose faces each count; N dice keeping the
highest; the total of N dice; a direction in degrees; the 40K scatter die."""


def entry_problem(kind: str, sides: int, value: Any) -> str | None:
    """Why `value` cannot be one entry of a roll of `kind` (None when it can): a die
    shows an integer face 1..sides, a direction is degrees [0, 360), the scatter die
    shows ``"HIT"`` or the arrow's degrees."""
    if kind not in ROLL_KINDS:
        raise ValueError(f"no kind of roll {kind!r}: {', '.join(ROLL_KINDS)}")
    if kind == "scatter" and value == HIT:
        return None
    if kind in ("direction", "scatter"):
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value) or not 0 <= value < 360):
            return ("a direction is degrees from 0 up to 360" if kind == "direction"
                    else "the scatter die shows HIT or an arrow: degrees from 0 up to 360")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        return f"a d{sides} shows 1 to {sides}"
    return None


@dataclass(frozen=True)
class RollRequest:
    """The next roll the rules need, described for a player who rolls real dice.

    `kind` is one of `ROLL_KINDS`; the roll takes `n` entries (one per die; one for a
    direction or the scatter die), of which `entered` are already given; they go into the
    scenario's `dice` list from index `position`.
    """

    label: str
    kind: str
    n: int
    sides: int
    position: int
    entered: tuple[Any, ...] = ()

    @property
    def prompt(self) -> str:
        """What to roll, in players' words (``"Scatter distance: roll 2D6, the total
        counts (die 1 of 2)"``)."""
        name = self.label[:1].upper() + self.label[1:]
        if self.kind == "direction":
            return f"{name}: a direction in degrees, clockwise from up the page (0 to 360)"
        if self.kind == "scatter":
            return f"{name}: the scatter die, HIT or the arrow's direction in degrees"
        if self.n == 1:
            return f"{name}: roll 1D{self.sides}"
        how = {"dice": "each die counts", "highest": "keep the highest",
               "total": "the total counts"}[self.kind]
        return (f"{name}: roll {self.n}D{self.sides}, {how} "
                f"(die {len(self.entered) + 1} of {self.n})")

    def problem(self, value: Any) -> str | None:
        """Why the die cannot show `value` as this roll's next entry (None if it can)."""
        return entry_problem(self.kind, self.sides, value)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "kind": self.kind, "n": self.n, "sides": self.sides,
                "position": self.position, "entered": list(self.entered),
                "prompt": self.prompt}


class RollNeeded(DiceError):
    """The entered dice ran out: `request` is the next roll the rules need."""

    def __init__(self, request: RollRequest) -> None:
        self.request = request
        super().__init__(f"the next roll is needed: {request.prompt}")


class ScriptedDice(Dice):
    """Dice that answer from a list of forced results, in the order the rules ask.

    Each die takes one entry (an integer face), so 2D6 takes two entries. A direction
    takes one number of degrees [0, 360). The scatter die takes ``"HIT"`` or the arrow's
    angle in degrees. Running out, or an entry the die cannot show, is a `DiceError`;
    so are results left over after a resolution (`check_all_used`, which
    `engine.systems.resolve` calls).
    """

    def __init__(self, results: Sequence[Any]) -> None:
        super().__init__()
        self._results = list(results)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted results have not been used."""
        return len(self._results) - self._next

    def check_all_used(self) -> None:
        """After a resolution: a `DiceError` saying how many scripted results were left."""
        if self.remaining:
            were = "result was" if self.remaining == 1 else "results were"
            raise DiceError(
                f"{self.remaining} scripted dice {were} left over: the rules asked for "
                f"{self._next} of the {len(self._results)} (the first unused is roll "
                f"{self._next + 1}, {self._results[self._next]!r})")

    def _begin(self, label: str, kind: str, n: int, sides: int) -> None:
        if self.remaining < n:
            self._ran_out(RollRequest(label, kind, n, sides, self._next,
                                      tuple(self._results[self._next:])))

    def _ran_out(self, request: RollRequest) -> None:
        missing = request.position + len(request.entered) + 1
        raise DiceError(f"scripted dice ran out: roll {missing} ('{request.label}') has no "
                        f"result (the script holds {len(self._results)})")

    def _take(self, label: str, kind: str, sides: int) -> Any:
        value = self._results[self._next]
        self._next += 1
        problem = entry_problem(kind, sides, value)
        if problem:
            raise DiceError(f"scripted roll {self._next} ('{label}') is {value!r}: {problem}")
        return value

    def _die(self, label: str, sides: int) -> int:
        return self._take(label, "die", sides)

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        return float(self._take(label, "direction", 360))

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        value = self._take(label, "scatter", 6)
        return None if value == HIT else float(value)


class AskingDice(ScriptedDice):
    """The dice a player has rolled at the table, entered one at a time ("I rolled").

    Answers like `ScriptedDice` from the entries so far; where they run out it raises
    `RollNeeded` describing the whole next roll (a 2D6 with one die entered asks for the
    second), so a page asks for it, appends the answer and resolves again.
    """

    def _ran_out(self, request: RollRequest) -> None:
        raise RollNeeded(request)


class ScriptedThenSeeded(ScriptedDice):
    """The entered dice, then seeded dice for the rest ("roll the rest for me").

    `entries` holds every result given, entered and seeded, in the script's format, so
    the resolution can be kept (and shared) as scripted dice that replay it exactly.
    """

    def __init__(self, results: Sequence[Any], seed: int) -> None:
        super().__init__(results)
        self.seed = seed
        self._rng = random.Random(seed)
        self._rolled: list[Any] = []

    @property
    def entries(self) -> list[Any]:
        """Every result used so far: the entered ones, then the seeded ones."""
        return self._results[:self._next] + self._rolled

    def _begin(self, label: str, kind: str, n: int, sides: int) -> None:
        return None  # never runs out: seeded dice take over

    def _die(self, label: str, sides: int) -> int:
        if self.remaining:
            return super()._die(label, sides)
        value = _seeded_die(self._rng, sides)
        self._rolled.append(value)
        return value

    def _direction(self, label: str, breakpoints: Breakpoints) -> float:
        if self.remaining:
            return super()._direction(label, breakpoints)
        value = _seeded_direction(self._rng)
        self._rolled.append(value)
        return value

    def _scatter(self, label: str, breakpoints: Breakpoints) -> float | None:
        if self.remaining:
            return super()._scatter(label, breakpoints)
        value = _seeded_scatter(self._rng)
        self._rolled.append(HIT if value is None else value)
        return value


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
    """Follows a prefix of choices through the outcome tree, then takes first options
    (or, given `rng`, options drawn uniformly: one probe of `tree_size`)."""

    def __init__(self, prefix: list[int], rng: random.Random | None = None) -> None:
        super().__init__()
        self._prefix = prefix
        self._rng = rng
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

    def _die(self, label: str, sides: int) -> int:
        return self._branch(sum_distribution(1, sides))

    def _total(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        return (), self._branch(sum_distribution(n, sides))

    def _highest(self, label: str, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        return (), self._branch(highest_distribution(n, sides))

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


def enumerate_outcomes(fn: Callable[[Dice], T], *,
                       budget: int | Budget = 250_000) -> Distribution[T]:
    """Run `fn` over every path of its dice tree; the exact distribution of its results.

    `fn` must be deterministic given its dice (rules are). Each path re-runs `fn`, so
    stages whose outcomes are few should be enumerated on their own and chained with
    `Distribution.bind` or `combine`, merging equal outcomes between stages.
    Raises `TooManyOutcomes` past `budget` paths (an integer, or a `Budget`: its states
    are paths, and its time is checked as well).
    """
    limit = budget if isinstance(budget, Budget) else Budget(budget, math.inf)
    results: dict[T, float] = {}
    prefix: list[int] = []
    for paths in range(limit.states):
        if paths % 256 == 255:
            limit.check()
        dice = _PathDice(prefix)
        outcome = fn(dice)
        results[outcome] = results.get(outcome, 0.0) + dice.probability
        depth = len(dice.choices) - 1
        while depth >= 0 and dice.choices[depth] + 1 >= dice.sizes[depth]:
            depth -= 1
        if depth < 0:
            return Distribution(results.items())
        prefix = dice.choices[:depth] + [dice.choices[depth] + 1]
    raise TooManyOutcomes(f"more than {limit.states} dice paths")


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


# -- Monte Carlo ------------------------------------------------------------------------

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
    clock: Callable[[], float] = time.monotonic,
) -> Sample[T]:
    """Monte Carlo: run `fn` on one stream of dice seeded with `seed` until one of

    - `precision`: every watched probability's 95 % half-width is at most this (the
      distinct outcomes, or with `readings` every value and every "at least" tail of each
      integer reading of an outcome); checked after `FIRST_CHECK` trials and then at the
      trial count the last check predicts, so the stop is reproducible from the seed;
    - `seconds` of wall time have passed (checked every trial);
    - `trials` runs, the cap.

    The `Sample` says which stop it reached.
    """
    counts: dict[T, int] = {}
    tally = _Tally(readings)
    dice = SeededDice(seed, record=False)
    start = clock()
    deadline = math.inf if seconds is None else start + seconds
    run, check, stop = 0, min(trials, FIRST_CHECK), "trials"
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
                  _half_width_pq(worst, run), clock() - start)

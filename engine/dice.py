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
- the enumerating dice behind `engine.enumeration.enumerate_outcomes` answer *every*
  value in turn, each with its exact probability (exact odds), and `engine.montecarlo`
  samples with `SeededDice` where the tree is too large.

Continuous directions (the 40K scatter arrow) are asked together with the angles at which
the outcome can change (the rule computes them from the geometry); only the enumerating
dice use them.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import DiceError
from engine.words import DEFAULT_LANG, Lang, Msg, Words, msg, say

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

    label: Words
    dice: tuple[Any, ...]
    value: Any

    def to_dict(self, lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
        return {"label": say(self.label, lang), "dice": list(self.dice), "value": self.value}


class Dice(ABC):
    """The interface every rule uses. Subclasses supply the four primitive draws."""

    def __init__(self, record: bool = True) -> None:
        self._rolls: list[Roll] = []
        self._recording = record

    # -- what rules call -------------------------------------------------------------

    def die(self, label: Words, sides: int = 6) -> int:
        """One die of `sides` faces (1..sides)."""
        self._begin(label, "die", 1, sides)
        value = self._die(label, sides)
        self._keep(label, (value,), value)
        return value

    def d6(self, label: Words) -> int:
        """One six-sided die."""
        return self.die(label, 6)

    def dice(self, label: Words, n: int, sides: int = 6) -> tuple[int, ...]:
        """N dice whose individual faces matter (each To Wound die, say)."""
        self._begin(label, "dice", n, sides)
        faces = self._faces(label, n, sides)
        self._keep(label, faces, list(faces))
        return faces

    def highest(self, label: Words, n: int = 2, sides: int = 6) -> int:
        """N dice, keeping the highest face (40K Ordnance armour penetration: 2D6)."""
        self._begin(label, "highest", n, sides)
        faces, value = self._highest(label, n, sides)
        self._keep(label, faces, value)
        return value

    def total(self, label: Words, n: int = 2, sides: int = 6) -> int:
        """The sum of N dice (NdM), e.g. 2D6 for a scatter distance or a target roll."""
        self._begin(label, "total", n, sides)
        faces, value = self._total(label, n, sides)
        self._keep(label, faces, value)
        return value

    def direction(self, label: Words, breakpoints: Breakpoints = ()) -> float:
        """A continuous direction in degrees [0, 360), uniform.

        `breakpoints` are the angles at which the rule's outcome may change, or a function
        computing them; only the enumerating dice use them (and call the function).
        """
        self._begin(label, "direction", 1, 360)
        value = self._direction(label, breakpoints)
        self._keep(label, (), round(value, 3))
        return value

    def scatter(self, label: Words, breakpoints: Breakpoints = ()) -> float | None:
        """The 40K scatter die: `None` for HIT (2 faces in 6), else the arrow's angle.

        `breakpoints` as for `direction`.
        """
        self._begin(label, "scatter", 1, 6)
        value = self._scatter(label, breakpoints)
        shown = HIT if value is None else round(value, 3)
        self._keep(label, (shown,), shown)
        return value

    def _keep(self, label: Words, faces: tuple[Any, ...], value: Any) -> None:
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

    def _begin(self, label: Words, kind: str, n: int, sides: int) -> None:
        """Called before each roll with what it takes (`RollRequest` names the kinds);
        dice that answer from a list check here that the whole roll is there."""
        return None

    @abstractmethod
    def _die(self, label: Words, sides: int) -> int: ...

    def _faces(self, label: Words, n: int, sides: int) -> tuple[int, ...]:
        return tuple(self._die(msg("dice.nth", roll=label, i=i + 1), sides) for i in range(n))

    def _total(self, label: Words, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        faces = tuple(self._die(label, sides) for _ in range(n))
        return faces, sum(faces)

    def _highest(self, label: Words, n: int, sides: int) -> tuple[tuple[int, ...], int]:
        faces = tuple(self._die(label, sides) for _ in range(n))
        return faces, max(faces)

    @abstractmethod
    def _direction(self, label: Words, breakpoints: Breakpoints) -> float: ...

    @abstractmethod
    def _scatter(self, label: Words, breakpoints: Breakpoints) -> float | None: ...


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

    def stream(self) -> Any:
        """Where the stream stands (`restore` goes back there)."""
        return self._rng.getstate()

    def restore(self, stream: Any) -> None:
        """Go on from where `stream` says the stream stood."""
        self._rng.setstate(stream)

    def die(self, label: Words, sides: int = 6) -> int:
        """`Dice.die`; when no roll is recorded (Monte Carlo runs), the face alone: seeded
        dice check nothing before a roll, and most of a seeded run's dice are single dice."""
        if self._recording:
            return super().die(label, sides)
        return _seeded_die(self._rng, sides)

    def _die(self, label: Words, sides: int) -> int:
        return _seeded_die(self._rng, sides)

    def _faces(self, label: Words, n: int, sides: int) -> tuple[int, ...]:
        rng = self._rng
        return tuple(_seeded_die(rng, sides) for _ in range(n))

    def _direction(self, label: Words, breakpoints: Breakpoints) -> float:
        return _seeded_direction(self._rng)

    def _scatter(self, label: Words, breakpoints: Breakpoints) -> float | None:
        return _seeded_scatter(self._rng)


ROLL_KINDS = ("die", "dice", "highest", "total", "direction", "scatter")
"""What a roll asks for: one die; N dice whose faces each count; N dice keeping the
highest; the total of N dice; a direction in degrees; the 40K scatter die."""


def entry_problem(kind: str, sides: int, value: Any) -> Msg | None:
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
            return msg(f"dice.problem.{kind}")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        return msg("dice.problem.face", sides=sides)
    return None


@dataclass(frozen=True)
class RollRequest:
    """The next roll the rules need, described for a player who rolls real dice.

    `kind` is one of `ROLL_KINDS`; the roll takes `n` entries (one per die; one for a
    direction or the scatter die), of which `entered` are already given; they go into the
    scenario's `dice` list from index `position`.
    """

    label: Words
    kind: str
    n: int
    sides: int
    position: int
    entered: tuple[Any, ...] = ()

    @property
    def prompt(self) -> Msg:
        """What to roll, in players' words (``"Scatter distance: roll 2D6, the total
        counts (die 1 of 2)"``)."""
        if self.kind in ("direction", "scatter"):
            return msg(f"dice.prompt.{self.kind}", roll=self.label)
        if self.n == 1:
            return msg("dice.prompt.one", roll=self.label, sides=self.sides)
        return msg(f"dice.prompt.{self.kind}", roll=self.label, n=self.n, sides=self.sides,
                   die=len(self.entered) + 1)

    def problem(self, value: Any) -> Msg | None:
        """Why the die cannot show `value` as this roll's next entry (None if it can)."""
        return entry_problem(self.kind, self.sides, value)

    def to_dict(self, lang: Lang = DEFAULT_LANG) -> dict[str, Any]:
        return {"label": say(self.label, lang), "kind": self.kind, "n": self.n,
                "sides": self.sides, "position": self.position, "entered": list(self.entered),
                "prompt": say(self.prompt, lang)}


class RollNeeded(DiceError):
    """The entered dice ran out: `request` is the next roll the rules need."""

    def __init__(self, request: RollRequest) -> None:
        self.request = request
        super().__init__(msg("dice.needed", prompt=request.prompt))


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
            raise DiceError(msg("dice.left_over", n=self.remaining, asked=self._next,
                                total=len(self._results), first=self._next + 1,
                                value=repr(self._results[self._next])))

    def _begin(self, label: Words, kind: str, n: int, sides: int) -> None:
        if self.remaining < n:
            self._ran_out(RollRequest(label, kind, n, sides, self._next,
                                      tuple(self._results[self._next:])))

    def _ran_out(self, request: RollRequest) -> None:
        missing = request.position + len(request.entered) + 1
        raise DiceError(msg("dice.ran_out", roll=missing, label=request.label,
                            total=len(self._results)))

    def _take(self, label: Words, kind: str, sides: int) -> Any:
        value = self._results[self._next]
        self._next += 1
        problem = entry_problem(kind, sides, value)
        if problem:
            raise DiceError(msg("dice.bad_entry", roll=self._next, label=label,
                                value=repr(value), problem=problem))
        return value

    def _die(self, label: Words, sides: int) -> int:
        return int(self._take(label, "die", sides))

    def _direction(self, label: Words, breakpoints: Breakpoints) -> float:
        return float(self._take(label, "direction", 360))

    def _scatter(self, label: Words, breakpoints: Breakpoints) -> float | None:
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

    def _begin(self, label: Words, kind: str, n: int, sides: int) -> None:
        return None  # never runs out: seeded dice take over

    def _die(self, label: Words, sides: int) -> int:
        if self.remaining:
            return super()._die(label, sides)
        value = _seeded_die(self._rng, sides)
        self._rolled.append(value)
        return value

    def _direction(self, label: Words, breakpoints: Breakpoints) -> float:
        if self.remaining:
            return super()._direction(label, breakpoints)
        value = _seeded_direction(self._rng)
        self._rolled.append(value)
        return value

    def _scatter(self, label: Words, breakpoints: Breakpoints) -> float | None:
        if self.remaining:
            return super()._scatter(label, breakpoints)
        value = _seeded_scatter(self._rng)
        self._rolled.append(HIT if value is None else value)
        return value

"""Work shared between exact computations (issue 24): what one candidate aim computed,
the next reuses, and the answer is the same as if each had worked alone.

The candidates of one ranking (`engine.aim`) differ only in their aim, so most of what
their exact odds compute does not depend on it: a unit's loss folds, the target numbers,
the shoot-down decisions, the scatter of a missile aimed where an earlier candidate aimed
one, every unit the templates cannot reach. A `Shared` store holds such sub-results for
every `Budget` made with it (`Budget(shared=...)`), and exact code asks for one with
``budget.memo(key, make)``: `make()` runs the first time, and the value is reused after.

Two rules keep the answers those of a computation alone:

- **The key names everything the value depends on** that may differ between the
  computations sharing the store (for candidates of one attack: the aim, and everything
  computed from it). Values are never mutated by their users, but for a cache that
  they fill (a dict whose every entry is a function of its own key alone, such as a
  Robotech shooter's sums of Threats): filling it changes the time, never an answer.
- **A reused value costs what it cost to make** (its own steps, and those of every value
  it used that this computation has not paid for yet), so a computation spends exactly the
  steps it would spend alone, and is exact exactly when it would be alone: sharing changes
  the time, never the answer. What was really saved is counted apart (`Budget.reused`), so
  a ranking's allowance counts the work done.

A plain `Budget` has a store of its own: ``memo`` is then a memo within one computation,
and exact code calls it the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    from engine.enumeration import Budget

T = TypeVar("T")

ENTRIES = 200_000
"""At most this many values are kept in one store; past it new ones are made, not kept
(a count, so what is shared depends on the scenario alone)."""


class Entry(NamedTuple):
    """A value made once: the steps its making spent itself (`own`), and the values it
    used, which a computation reusing it pays for too unless it already has (`needs`)."""

    value: Any
    own: int
    needs: tuple[Hashable, ...]


class Shared:
    """Values made by exact computations, by key, for every `Budget` made with this store
    (one per ranking of aims: the engine keeps no global state)."""

    def __init__(self, entries: int = ENTRIES) -> None:
        self.entries = entries
        self.done: dict[Hashable, Entry] = {}


class Ledger:
    """What one computation (one `Budget`) has paid for in its store: the keys it made or
    reused, the values it made that a full store could not keep (`kept`), and the values
    being made now (each with the steps its inner values cost and their keys)."""

    __slots__ = ("store", "paid", "kept", "making", "reused")

    def __init__(self, store: Shared) -> None:
        self.store = store
        self.paid: set[Hashable] = set()
        self.kept: dict[Hashable, Any] = {}
        self.making: list[tuple[int, list[Hashable]]] = []
        self.reused = 0
        """Steps charged for values this computation did not make (work saved)."""

    def memo(self, budget: Budget, key: Hashable, make: Callable[[], T]) -> T:
        """The value of `key`: made by `make()` (its steps spent on `budget`), or reused,
        charging `budget` what it cost (module docstring)."""
        value: T
        if key in self.paid:
            self._used(key, 0)
            value = self.kept[key] if key in self.kept else self.store.done[key].value
            return value
        before = budget.spent
        entry = self.store.done.get(key)
        if entry is not None:
            self._replay(budget, key, entry)
            value = entry.value
        else:
            self.making.append((0, []))
            try:
                value = make()
            finally:
                inner, needs = self.making.pop()
            if len(self.store.done) < self.store.entries:
                own = budget.spent - before - inner
                self.store.done[key] = Entry(value, own, tuple(dict.fromkeys(needs)))
            else:
                self.kept[key] = value
            self.paid.add(key)
        self._used(key, budget.spent - before)
        return value

    def _replay(self, budget: Budget, key: Hashable, entry: Entry) -> None:
        """Charge a reused value: first what it needs that is not paid for, then itself."""
        for need in entry.needs:
            if need not in self.paid:
                self._replay(budget, need, self.store.done[need])
        budget.check(steps=entry.own)
        self.reused += entry.own
        self.paid.add(key)

    def _used(self, key: Hashable, cost: int) -> None:
        """A value of `cost` steps was made or reused while another is being made."""
        if self.making:
            inner, needs = self.making[-1]
            needs.append(key)
            self.making[-1] = (inner + cost, needs)

"""Units named as players name them, on the page, in the log and in the share picture.

A unit goes by its name alone ("Regult"); only where two units share a name does its id
follow, to tell them apart ("Regult (r1)", "Regult (r2)"). A unit whose name is its id is
named once. Nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol


class Named(Protocol):
    """A unit of any system, as far as naming it goes."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


def names_as_shown(units: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Per unit id, its name as shown, from (id, name) pairs: the name alone, or the name
    and the id in brackets where two units share the name."""
    pairs = list(units)
    count = Counter(name for _, name in pairs)
    return {uid: name if count[name] == 1 or name == uid else f"{name} ({uid})"
            for uid, name in pairs}


def shown_names(units: Iterable[Named]) -> dict[str, str]:
    """Per unit id of `units`, its name as shown (`names_as_shown`)."""
    return names_as_shown((u.id, u.name) for u in units)


def shown_name(unit: Named, units: Sequence[Named]) -> str:
    """`unit`'s name as shown among `units` (`names_as_shown`), without naming the rest."""
    shared = unit.name != unit.id and sum(u.name == unit.name for u in units) > 1
    return f"{unit.name} ({unit.id})" if shared else unit.name

"""Units named as players name them, on the page, in the log and in the share picture.

A unit goes by its name alone ("Regult"); only where two units share a name does its id
follow, to tell them apart ("Regult (r1)", "Regult (r2)"). A unit whose name is its id is
named once. A 40K unit of models goes by the name a player gave it, or else by the name its
models share (`squad_words`). Nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from engine.words import Words, msg


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


def squad_words(key: str, models: Sequence[Named], shown: Mapping[str, str]) -> Words:
    """A 40K unit (its ``unit`` name `key`, its `models`) as players call it, `shown` the
    names as shown of every unit (`shown_names`, made once for all the units named): `key`
    when a player wrote it ("Tactical Squad"), a lone model's name as shown, or
    the name its models share ("Tactical Marine squad", numbered as `key` is: "Tactical
    Marine squad 2" for "tactical-2", a second squad of one preset, engine.build.squads);
    the unit name in words otherwise."""
    if not _is_id(key):
        return key
    if len(models) == 1:
        return shown[models[0].id]
    bases = {_base(m.name) for m in models}
    if len(bases) == 1 and not _is_id(base := bases.pop()):
        head, _, number = key.rpartition("-")
        return (msg("render.squad_n", name=base, n=int(number)) if head and number.isdigit()
                else msg("render.squad", name=base))
    return msg("render.squad_id", words=key.replace("-", " ").replace("_", " "))


def _is_id(text: str) -> bool:
    """A machine name ("tactical", "leman-russ-1") rather than a player's ("Tactical Squad")."""
    return text == text.lower() and " " not in text


def _base(name: str) -> str:
    """A model's name without its number: "Tactical Marine 3" -> "Tactical Marine"."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name

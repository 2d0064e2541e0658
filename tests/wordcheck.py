"""What the Japanese tests check: that a text said in Japanese has no English word left but
the names the players typed and the marks that Japanese players write as they are.

A message the catalogue has no Japanese for is said in English, and a `str` passed where
a `Msg` belongs stays English: both show up here as English words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from engine.scenario import Scenario
from engine.words import Msg

UNTRANSLATED = frozenset({
    # dice, game terms and abbreviations Japanese rule books and players write in Latin
    # (the Japanese Battlefield Support text writes MoF, and cites its books: AGOAC, TW, BMM,
    # "p.14")
    "D", "X", "HIT", "CP", "MD", "DF", "PIL", "RG", "AP", "BS",
    "WS", "S", "T", "W", "I", "A", "Ld", "Sv", "HP", "CF", "BV", "TN", "MP", "mm", "cm",
    "in", "OK", "LOS", "RT", "HH", "BT", "SETUP", "OPT", "RESULT", "SHEET", "AIRCOVER",
    "ART", "SCATTER", "AOE", "AE", "FLAK", "RULE", "MIN", "BSP", "JSON", "SVG", "PNG",
    "URL", "GN", "MDC", "Scatterlab", "Pyodide", "PyScript", "Robotech", "RPG", "Tactics",
    "Warhammer", "Horus", "Heresy", "BattleTech", "Monte", "Carlo", "Mega", "Mech", "Mechs", "x",
    "hh", "th", "MoF", "K", "AGOAC", "TW", "BMM", "P", "p",
})
"""Words left in Latin letters in Japanese text: dice, profile marks, clause IDs, units
of measure, the product's and the games' own names."""

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
"""A word in Latin letters; digits split it ("2D6" is "D", "S6" is "S", "hh2" is "hh")."""
_NAME_KEYS = frozenset({"id", "name", "title", "squad", "unit", "weapon", "target", "model",
                        "gun", "selection", "hex", "side"})


def names(scenario: Scenario) -> set[str]:
    """Every word of every name in the scenario's document (unit and weapon names, ids,
    titles): players typed them, so they stay as typed."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in _NAME_KEYS:
            found.update(_WORD.findall(value))

    walk(scenario.data)
    return found


def messages_in(value: Any) -> Iterator[Msg]:
    """Every message in `value` (a message, or a list of them), those nested in its
    arguments too."""
    if isinstance(value, Msg):
        yield value
        for v in value.args.values():
            yield from messages_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from messages_in(v)


def english_left(texts: Iterable[str], allowed: set[str]) -> list[str]:
    """The English words of `texts` that are neither in `allowed` nor `UNTRANSLATED`, each
    with the text it was found in."""
    return [f"{word!r} in {text!r}" for text in texts for word in _words(text)
            if word not in allowed and word not in UNTRANSLATED]


_SHEET_LABEL = re.compile(r"\b[A-Z]:\d{4}\b")
"""A hex as printed on a map sheet ("B:0212"): the sheet's letter is a label, not a word."""


def _words(text: str) -> Iterator[str]:
    return (m.group() for m in _WORD.finditer(_SHEET_LABEL.sub("", text)))

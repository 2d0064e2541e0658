"""How the Heresy / 40K log joins words it says several of: names "A and B and C", losses
"A is removed; B loses 1 Wound", each language with its own joining words
(engine.words.heresy)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.words import Words, msg


def chained(key: str, items: Sequence[Words]) -> Words:
    """`items` joined two at a time by the message `key` (``{first}`` and ``{rest}``):
    "A and B and C" is ``hh.and`` of A and (``hh.and`` of B and C)."""
    if len(items) == 1:
        return items[0]
    return msg(key, first=items[0], rest=chained(key, items[1:]))

"""A scenario's notes, read as a small safe subset of Markdown: paragraphs (blank lines
between), bullet lists (``- `` or ``* ``), numbered lists (``1. ``), and inside them
``**strong**``, ``*emphasis*`` / ``_emphasis_`` and ```code```. Nothing else is markup:
every other character, ``<`` included, is text.

The result is plain data, blocks of inline runs, which the page turns into DOM nodes with
textContent (never HTML), so notes can hold anything without injecting markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_INLINE = re.compile(r"\*\*(?P<strong>.+?)\*\*|`(?P<code>[^`]+)`"
                     r"|(?<![\w*])\*(?P<em>[^*\s](?:[^*]*[^*\s])?)\*(?![\w*])"
                     r"|(?<![\w_])_(?P<em2>[^_\s](?:[^_]*[^_\s])?)_(?![\w_])")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")


@dataclass(frozen=True)
class Run:
    """A piece of text and how it is set: "" (plain), "strong", "em" or "code"."""

    text: str
    style: str = ""


@dataclass(frozen=True)
class Block:
    """A paragraph ("p", one item) or a list ("ul" / "ol", one item per entry)."""

    kind: str
    items: tuple[tuple[Run, ...], ...]


def inline(text: str) -> tuple[Run, ...]:
    """The runs of one line or paragraph."""
    runs: list[Run] = []
    at = 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            runs.append(Run(text[at:m.start()]))
        style = next(k for k, v in m.groupdict().items() if v is not None)
        runs.append(Run(m.group(style), "em" if style == "em2" else style))
        at = m.end()
    if at < len(text):
        runs.append(Run(text[at:]))
    return tuple(runs)


def blocks(notes: str) -> tuple[Block, ...]:
    """The notes as paragraphs and lists, in order."""
    out: list[Block] = []
    para: list[str] = []
    items: list[str] = []
    kind = ""

    def flush() -> None:
        nonlocal kind
        if para:
            out.append(Block("p", (inline(" ".join(para)),)))
            para.clear()
        if items:
            out.append(Block(kind, tuple(inline(i) for i in items)))
            items.clear()
        kind = ""

    for line in notes.replace("\r\n", "\n").split("\n"):
        bullet, numbered = _BULLET.match(line), _NUMBERED.match(line)
        item = bullet or numbered
        if not line.strip():
            flush()
        elif item:
            wanted = "ul" if bullet else "ol"
            if para or (items and kind != wanted):
                flush()
            kind = wanted
            items.append(item.group(1).strip())
        elif items:  # a continuation line of the last item
            items[-1] += " " + line.strip()
        else:
            para.append(line.strip())
    flush()
    return tuple(out)

"""The message catalogue: every message key with its text in each language.

Each part of the product keeps its messages in a module of its own (engine.words.<part>,
a ``MESSAGES`` dict), so that whoever changes a part's sentences edits one file; this
module joins them, and refuses a key that two parts both define.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.words import (
    aim,
    battletech,
    build,
    common,
    dice,
    heresy,
    page,
    readings,
    render,
    robotech,
    scenario,
)
from engine.words.entries import Catalogue, Entry


def joined(*parts: Catalogue) -> dict[str, Entry]:
    """The parts' messages as one catalogue; ValueError on a key defined twice."""
    whole: dict[str, Entry] = {}
    for part in parts:
        twice = whole.keys() & part.keys()
        if twice:
            raise ValueError(f"message keys defined twice: {sorted(twice)}")
        whole.update(part)
    return whole


CATALOGUE: Mapping[str, Entry] = joined(*(part.MESSAGES for part in (
    common, dice, robotech, heresy, battletech, scenario, build, readings, render, aim,
    page)))

"""The format of the scenario the page keeps in the browser (localStorage), and its
migrations. Pure Python (no browser API), so CPython tests read and write it too.

A save is one text: the header line ``scatterlab-save/<version>`` and then the scenario's
JSON document, exactly as `engine.scenario.dumps` writes it (so every bound and check of
the engine applies to it when it is read back). Versions:

- 0 (the first releases): the scenario's JSON document alone, with no header. Read as it
  is; the next autosave writes it again as version 1.
- 1: the header, a newline, the document.

A save that cannot be read (garbage, `null`, a newer version, a document the engine
refuses) raises `Unreadable` with the reason the page shows; the page then keeps the text
aside rather than lose it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine import scenario as sc
from engine.errors import ScatterlabError
from engine.scenario import bounds
from engine.words import Words, msg, say

SAVE_VERSION = 1
HEADER = "scatterlab-save/"
_VERSION = re.compile(r"[0-9]{1,6}")
"""A version number: ASCII digits only ('²' is a digit to str.isdigit, not to int)."""


class Unreadable(Exception):
    """A saved text the page cannot open; `words` says why (a message), `reason` is it
    in English."""

    def __init__(self, reason: Words) -> None:
        super().__init__(say(reason))
        self.words = reason
        self.reason = say(reason)


@dataclass(frozen=True)
class Save:
    """A save read back: its scenario, the version it was written in, and its document."""

    scenario: sc.Scenario
    version: int
    document: str


def encode(scenario: sc.Scenario) -> str:
    """The text an autosave writes (the current version)."""
    return f"{HEADER}{SAVE_VERSION}\n{sc.dumps(scenario, indent=None)}"


def document_of(text: str) -> str:
    """The scenario document a save holds (its text after the header, if it has one):
    what the page offers as JSON when it sets a save aside."""
    if text.startswith(HEADER) and "\n" in text:
        return text.split("\n", 1)[1]
    return text


def version_of(text: str) -> int:
    """The save format version of a text; raises Unreadable when it names none."""
    if text.lstrip().startswith("{"):
        return 0
    if not text.startswith(HEADER) or "\n" not in text:
        raise Unreadable(msg("page.save.not_saved"))
    number = text[len(HEADER):text.index("\n")].strip()
    if not _VERSION.fullmatch(number):
        raise Unreadable(msg("page.save.no_version"))
    return int(number)


def decode(text: str) -> Save:
    """A saved text back to its scenario, migrating older versions; raises Unreadable."""
    version = version_of(text)
    if version > SAVE_VERSION:
        raise Unreadable(msg("page.save.newer", version=version))
    if version not in (0, SAVE_VERSION):
        raise Unreadable(msg("page.save.unknown", version=version))
    document = document_of(text) if version else text
    try:
        return Save(sc.loads(document), version, document)
    except ScatterlabError as err:
        raise Unreadable(msg("page.save.no_longer", err=err.message)) from None


def read_import(text: str) -> dict[str, Any]:
    """The scenario document of a file imported into My scenarios, through the engine's
    one parser (`engine.scenario.bounds.parse`: depth, repeated keys, number ranges, size)
    and validated; raises Unreadable with the engine's reason."""
    try:
        return sc.to_dict(sc.load_dict(bounds.parse(text)))
    except ScatterlabError as err:
        raise Unreadable(err.message) from None

"""The shape of the message catalogue (engine.words.catalogue), for its parts to declare."""

from __future__ import annotations

from collections.abc import Mapping

Entry = Mapping[str, str | Mapping[str, str]]
"""One message: per language, its template, or its plural forms ("one", "other")."""

Catalogue = Mapping[str, Entry]
"""Message keys and their entries."""

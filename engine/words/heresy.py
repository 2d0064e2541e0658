"""Messages of the Heresy / 40K 7th Blast rules' log (engine.systems.heresy), and the HH clauses in Japanese."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

CLAUSES_JA: dict[str, str] = {}
"""Each clause of engine.clauses.CLAUSES (and the engine's own of its system) in Japanese."""

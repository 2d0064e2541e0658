"""Messages of the Robotech Blast rules' log (engine.systems.robotech), and the RT clauses in Japanese."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

CLAUSES_JA: dict[str, str] = {}
"""Each clause of engine.clauses.CLAUSES (and the engine's own of its system) in Japanese."""

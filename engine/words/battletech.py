"""Messages of the BattleTech Battlefield Support log (engine.systems.battletech), and the BT clauses in seed 004's own Japanese."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

CLAUSES_JA: dict[str, str] = {}
"""Each clause of engine.clauses.CLAUSES (and the engine's own of its system) in Japanese."""

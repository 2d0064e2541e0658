"""Messages of building scenarios (engine.build): fields, presets, legality verdicts."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

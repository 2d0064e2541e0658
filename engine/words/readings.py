"""The named readings (options) in players' words (engine.readings)."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

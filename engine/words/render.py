"""Messages of what is drawn and summed up (engine.render), the odds and Best aim."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

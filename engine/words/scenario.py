"""Messages of the scenario parser (engine.scenario): why a document is refused."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

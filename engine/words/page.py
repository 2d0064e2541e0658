"""Messages of the page (web/page, web/index.html): buttons, headings, notices."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {}

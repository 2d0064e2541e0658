"""Messages every part uses: yes and no."""

from __future__ import annotations

from engine.words.entries import Catalogue

MESSAGES: Catalogue = {
    "common.yes": {"en": "yes", "ja": "はい"},
    "common.no": {"en": "no", "ja": "いいえ"},
}

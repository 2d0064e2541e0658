"""Undo and redo of every edit: the scenario documents the page has shown, in order.

Pure Python (no DOM): the page pushes each document it accepts (a form field, a drag, a
preset, "Add N models", a JSON apply, a demo or a saved scenario loaded) and Undo / Redo
walk back and forth. Documents are kept as canonical JSON text, so an entry can never be
changed behind the history's back, and pushing the document already shown is no step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

LIMIT = 100  # steps kept (the issue asks for at least 50)


def _text(doc: dict[str, Any]) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class History:
    """Past documents (the last one is shown) and the documents undone since."""

    limit: int = LIMIT
    past: list[str] = field(default_factory=list)
    future: list[str] = field(default_factory=list)

    def push(self, doc: dict[str, Any]) -> bool:
        """Record a newly shown document; False when it is the one already shown."""
        text = _text(doc)
        if self.past and self.past[-1] == text:
            return False
        self.past.append(text)
        del self.past[:-self.limit - 1]  # the shown one plus `limit` steps back
        self.future.clear()
        return True

    def can_undo(self) -> bool:
        return len(self.past) > 1

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> dict[str, Any] | None:
        """The document before the shown one (None when there is none)."""
        if not self.can_undo():
            return None
        self.future.append(self.past.pop())
        return self._shown()

    def redo(self) -> dict[str, Any] | None:
        """The document undone last (None when nothing was undone)."""
        if not self.future:
            return None
        self.past.append(self.future.pop())
        return self._shown()

    def _shown(self) -> dict[str, Any]:
        """The document now shown (the last one pushed, or come back to)."""
        doc: dict[str, Any] = json.loads(self.past[-1])
        return doc

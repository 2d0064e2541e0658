"""The page's undo and redo (web/page/history.py, pure Python)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from page.history import LIMIT, History  # noqa: E402


def doc(n):
    return {"title": f"edit {n}", "units": [{"id": "a", "x": n}]}


def test_undo_restores_each_edit_then_redo():
    h = History()
    for n in range(5):
        assert h.push(doc(n))
    assert [h.undo()["title"] for _ in range(4)] == ["edit 3", "edit 2", "edit 1", "edit 0"]
    assert h.undo() is None
    assert h.redo() == doc(1)
    h.push(doc(9))  # a new edit drops what was undone
    assert not h.can_redo()
    assert h.undo() == doc(1)


def test_same_document_is_no_step():
    h = History()
    assert h.push(doc(1))
    assert not h.push({"units": [{"x": 1, "id": "a"}], "title": "edit 1"})
    assert not h.can_undo()


def test_at_least_fifty_steps():
    h = History()
    for n in range(LIMIT + 20):
        h.push(doc(n))
    steps = 0
    while h.undo() is not None:
        steps += 1
    assert steps == LIMIT >= 50

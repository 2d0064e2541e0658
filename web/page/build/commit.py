"""What every edit of the Build panel goes through: `commit` (the parser judges the new
document, editor.set_scenario shows it and so the history records it; a refused one leaves
the panel showing the scenario kept), the values typed in the panel, and the JSON box's
unapplied edit."""

from __future__ import annotations

from typing import Any

import js

from engine import scenario as sc

from ..dom import Element, clear_message, el
from ..editor import set_scenario
from ..notice import ask
from ..state import State
from .panel import fill

UNAPPLIED = "unapplied-json"

def commit(state: State, doc: dict[str, Any]) -> bool:
    """Show `doc` if the parser accepts it (set_scenario records it in the history); if it
    refuses it, the panel is drawn again from the scenario kept, so that no control shows
    a value that was refused (the message says why)."""
    if set_scenario(state, doc):
        clear_message()
        return True
    fill(state)
    return False


def value_of(iid: str) -> str:
    return str(el(iid).value).strip()


def hex_list(text: str) -> list[str]:
    """The hex labels typed in a box, separated by commas."""
    return [h.strip() for h in text.split(",") if h.strip()]


def number_of(iid: str, what: str) -> float:
    try:
        return float(value_of(iid))
    except ValueError:
        raise ValueError(f"{what} must be a number") from None


def drop_unapplied_json(state: State, select: Element, value: str) -> bool:
    """Before a demo replaces the scenario: True when the JSON box holds no edit left
    unapplied. Else False, and the page asks beside the message (never a browser dialog,
    never without a word, issue 15): dropping the edit picks `value` in `select` again."""
    text = str(el("json").value)
    if state.scenario is None or text == sc.dumps(state.scenario):
        return True

    def drop() -> None:
        el("json").value = sc.dumps(state.shown)
        select.value = value
        select.dispatchEvent(js.Event.new("change"))

    ask(state, UNAPPLIED, "The scenario JSON has an edit you have not applied.",
        "Drop it and open the demo", drop, "Keep my edit")
    return False

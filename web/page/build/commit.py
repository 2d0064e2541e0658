"""What every edit of the Build panel goes through: `commit` (the parser judges the new
document, editor.set_scenario shows it and so the history records it; a refused one leaves
the panel showing the scenario kept), the values typed in the panel, and the JSON box's
unapplied edit."""

from __future__ import annotations

from typing import Any

import js

from engine import scenario as sc
from engine.words import Msg, msg, say

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


class Unreadable(ValueError):
    """A box of the panel that holds no number: `words` says which, for the page to say in
    its language."""

    def __init__(self, words: Msg) -> None:
        self.words = words
        super().__init__(say(words))


def number_of(iid: str, what: Msg) -> float:
    """The number typed in the box `iid`; `Unreadable` naming `what` when it is none."""
    try:
        return float(value_of(iid))
    except ValueError:
        raise Unreadable(msg("build.panel.not_number", what=what)) from None


def unreadable_words(state: State, err: ValueError) -> str:
    """A ValueError of the panel as the page says it (`Unreadable` in `state.lang`)."""
    return say(err.words, state.lang) if isinstance(err, Unreadable) else str(err)


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

    ask(state, UNAPPLIED, say(msg("build.panel.unapplied"), state.lang),
        say(msg("build.panel.unapplied.drop"), state.lang), drop,
        say(msg("build.panel.unapplied.keep"), state.lang))
    return False

"""Notices: short lines under the board that ask the user to choose or offer something
(a saved scenario set aside, another tab's change, a new version, start clean).

Each notice has a key (at most one notice per key is shown) and actions: a button calling
a handler, a link to an address, or a download of a text. Text is set as text; a
download is a Blob of the text, never markup. Handler proxies are released when their
notice goes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from engine.words import Lang, Words, msg, say

from .dom import Element, Event, JsObject, absent, described, el, make, tell
from .state import State


@dataclass(frozen=True)
class Action:
    """One control of a notice: `handler` (a button), `href` (a link) or `download`
    (a file of that text, named `filename`)."""

    label: Words
    handler: Callable[[], object] | None = None
    href: str | None = None
    download: str | None = None
    filename: str = "scatterlab-scenario.json"


def notices_box() -> Element:
    """The container of the notices, made once just after the message box."""
    box = el("notices")
    if absent(box):
        box = make("div", cls="notices", id="notices")
        box.setAttribute("aria-live", "polite")
        el("message").after(box)
    return box


def show_notice(state: State, key: str, text: Words, actions: list[Action]) -> None:
    """Show (or replace) the notice `key`, in the page's language."""
    clear_notice(state, key)
    node = make("div", cls="message info notice", data_notice=key, role="status")
    node.appendChild(make("span", say(text, state.lang), cls="notice-text"))
    proxies: list[JsObject] = []
    for action in actions:
        node.appendChild(_control(state, action, proxies, state.lang))
    state.notices[key] = proxies
    state.notice_words[key] = (text, actions)
    notices_box().appendChild(node)


def resay_notices(state: State) -> None:
    """Every notice shown said again in `state.lang`, in the order they were shown."""
    for key, (text, actions) in list(state.notice_words.items()):
        show_notice(state, key, text, actions)


def ask(state: State, key: str, question: Words, yes: Words, then: Callable[[], object],
        no: Words) -> None:
    """Ask `question` in the page, never in a browser dialog: the notice `key` with a
    `yes` button (the notice goes, then `then` runs) and a `no` button (the notice goes),
    the first focused, so Enter answers as a dialog's OK would."""
    def agreed() -> None:
        clear_notice(state, key)
        then()

    show_notice(state, key, question, [Action(yes, handler=agreed),
                                       Action(no, handler=lambda: clear_notice(state, key))])
    first = document.querySelector(f'.notice[data-notice="{key}"] button')
    if not absent(first):
        first.focus()


def _control(state: State, action: Action, proxies: list[JsObject], lang: Lang) -> Element:
    label = say(action.label, lang)
    if action.href is not None:
        link = make("a", label, cls="button", href=action.href)
        return link
    if action.download is not None:
        blob = js.Blob.new(to_js([action.download]), to_js(
            {"type": "application/json"}, dict_converter=js.Object.fromEntries))
        link = make("a", label, cls="button", download=action.filename)
        link.href = js.URL.createObjectURL(blob)
        return link
    button = make("button", label, type="button")
    handler = action.handler

    def run(ev: Event | None = None) -> None:
        try:
            if handler is not None:
                handler()
        except Exception as err:  # the page stays usable: say so, as every handler does
            tell(state, msg("page.error.unexpected", err=described(err)))
            js.console.error(f"scatterlab: {type(err).__name__}: {err}")

    proxy = create_proxy(run)
    proxies.append(proxy)
    button.addEventListener("click", proxy)
    return button


def clear_notice(state: State, key: str) -> None:
    """Remove the notice `key`, if shown, and release its handlers."""
    for proxy in state.notices.pop(key, []):
        proxy.destroy()
    state.notice_words.pop(key, None)
    for node in document.querySelectorAll(".notice[data-notice]"):
        if str(node.dataset.notice) == key:
            for link in node.querySelectorAll("a[download]"):
                js.URL.revokeObjectURL(link.href)
            node.remove()

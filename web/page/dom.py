"""Element helpers and the message box: the page's DOM vocabulary."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document

from engine.errors import (
    DiceError,
    IllegalAttack,
    NotImplementedYet,
    ScatterlabError,
    ScenarioError,
)
from engine.words import DEFAULT_LANG, Lang, Words, msg, say

if TYPE_CHECKING:
    from .state import State

Element = Any
"""A DOM element (Pyodide's JsProxy of it): its attributes are JavaScript's, which the
type checker cannot see, so it checks the page's Python around them."""
Event = Any
"""A DOM event (a JsProxy), as an element."""
JsObject = Any
"""Any other JavaScript object: a Blob, a Promise, an event handler's proxy."""


def absent(value: object) -> bool:
    """JS null/undefined (Pyodide gives `jsnull` for null, None for undefined)."""
    return value is None or value is jsnull


def attr(node: Element, name: str) -> str:
    """An attribute's value, "" when the node has none."""
    value = node.getAttribute(name)
    return "" if absent(value) else str(value)


def with_data(root: Element, name: str, value: str) -> Element | None:
    """The first element under `root` whose data-`name` attribute is `value`, or None.
    Compared as text: no selector is ever built from document text."""
    for node in root.querySelectorAll(f"[data-{name}]"):
        if node.getAttribute(f"data-{name}") == value:
            return node
    return None


def el(id_: str) -> Element:
    """The element with this id."""
    return document.getElementById(id_)


def make(tag: str, text: object = None, cls: str | None = None, **attrs: object
         ) -> Element:
    """A new element with text (as text, never markup), a class and attributes
    (`data_unit=` becomes data-unit; a trailing _ is dropped: `for_=`)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = str(text)
    if cls:
        node.className = cls
    set_attrs(node, attrs)
    return node


def set_attrs(node: Element, attrs: Mapping[str, object]) -> None:
    """Set attributes named as `make` names them (`data_unit=` becomes data-unit)."""
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))


def on(node: Element, event: str, handler: Callable[..., object]) -> JsObject:
    """Listen to `event` on `node`; returns the proxy, which the caller must keep alive."""
    proxy = create_proxy(handler)
    node.addEventListener(event, proxy)
    return proxy


def set_json(id_: str, value: object) -> None:
    """Put `value` as JSON text into a <script type="application/json"> element."""
    el(id_).textContent = json.dumps(value)


def show_message(text: Words, kind: str = "error", lang: Lang = DEFAULT_LANG) -> None:
    """Show `text` (said in `lang`) in the message box; `tell` also re-says it when the
    language changes."""
    box = el("message")
    box.textContent = say(text, lang)
    box.className = "message" if kind == "error" else "message info"
    box.dataset.kind = kind
    box.dataset.told = ""
    box.hidden = False


def tell(state: State, words: Words, kind: str = "error") -> None:
    """Show `words` in the message box in the page's language, and keep them, so the
    language switch says them again (`resay_message`)."""
    state.message = (words, kind)
    show_message(words, kind, state.lang)
    el("message").dataset.told = "yes"


def resay_message(state: State) -> None:
    """The message box said again in `state.lang`, when `tell` showed what it holds."""
    box = el("message")
    if state.message is not None and not box.hidden and attr(box, "data-told") == "yes":
        tell(state, *state.message)


def clear_message() -> None:
    box = el("message")
    box.hidden = True
    box.textContent = ""
    box.dataset.kind = ""
    box.dataset.told = ""


def described(err: Exception) -> Words:
    """An engine error as the message the page shows (a `str` for an error that is not
    the engine's own: its type and text, which have no language)."""
    if isinstance(err, ScenarioError):
        return msg("page.error.scenario", words=err.words)
    if isinstance(err, IllegalAttack):
        return msg("page.error.illegal", clause=err.clause, reason=err.reason)
    if isinstance(err, NotImplementedYet):
        return msg("page.error.not_implemented", what=err.message)
    if isinstance(err, DiceError):
        return msg("page.error.dice", what=err.message)
    if isinstance(err, ScatterlabError):
        return err.message
    return f"{type(err).__name__}: {err}"


def describe(err: Exception, lang: Lang = DEFAULT_LANG) -> str:
    """An engine error as the message the page shows, said in `lang`."""
    return say(described(err), lang)


def file_stem(name: str, fallback: str) -> str:
    """`name` as the stem of a file name: lower-case letters, digits, hyphens and
    underscores, at most 60 characters (`fallback` when nothing is left)."""
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.lower()).strip("-")
    return keep[:60] or fallback


def blob_of(parts: list[str | JsObject], mime: str) -> JsObject:
    """A Blob of `parts` (text or blobs) of type `mime`."""
    return js.Blob.new(to_js(parts), to_js({"type": mime}, dict_converter=js.Object.fromEntries))


def download(blob: JsObject, name: str) -> None:
    """Save `blob` as the file `name` through a temporary link."""
    url = js.URL.createObjectURL(blob)
    a = make("a", download=name)
    a.href = url
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 2000)


def show_running(task: str, running: bool, disabled: tuple[str, ...], cancel: str,
                 text: str) -> None:
    """A task of the odds worker running (Odds, Best aim): the `disabled` buttons off, its
    `cancel` button shown, <body data-`task`="running"> and the header's loading bar saying
    `text`; and all of it undone when it stops. The rest of the page stays usable."""
    for button in disabled:
        el(button).disabled = running
    el(cancel).hidden = not running
    if running:
        document.body.setAttribute(f"data-{task}", "running")
        el("loading-text").textContent = text
    else:
        document.body.removeAttribute(f"data-{task}")

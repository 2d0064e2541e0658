"""Element helpers and the message box: the page's DOM vocabulary."""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy, jsnull
from pyscript import document

from engine.errors import IllegalAttack, NotImplementedYet, ScenarioError


def absent(value) -> bool:
    """JS null/undefined (Pyodide gives `jsnull` for null, None for undefined)."""
    return value is None or value is jsnull


def attr(node, name: str) -> str:
    """An attribute's value, "" when the node has none."""
    value = node.getAttribute(name)
    return "" if absent(value) else str(value)


def el(id_: str):
    """The element with this id."""
    return document.getElementById(id_)


def make(tag: str, text: str | None = None, cls: str | None = None, **attrs):
    """A new element with text (as text, never markup), a class and attributes
    (`data_unit=` becomes data-unit; a trailing _ is dropped: `for_=`)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = str(text)
    if cls:
        node.className = cls
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return node


def on(node, event: str, handler):
    """Listen to `event` on `node`; returns the proxy, which the caller must keep alive."""
    proxy = create_proxy(handler)
    node.addEventListener(event, proxy)
    return proxy


def set_json(id_: str, value) -> None:
    """Put `value` as JSON text into a <script type="application/json"> element."""
    el(id_).textContent = json.dumps(value)


def show_message(text: str, kind: str = "error") -> None:
    box = el("message")
    box.textContent = text
    box.className = "message" if kind == "error" else "message info"
    box.dataset.kind = kind
    box.hidden = False


def clear_message() -> None:
    box = el("message")
    box.hidden = True
    box.textContent = ""
    box.dataset.kind = ""


def describe(err: Exception) -> str:
    """An engine error as the message the page shows."""
    if isinstance(err, ScenarioError):
        return f"Invalid scenario — {err}"
    if isinstance(err, IllegalAttack):
        return f"Illegal attack — {err.clause}: {err.reason}"
    if isinstance(err, NotImplementedYet):
        return f"Not implemented yet — {err}"
    return f"{type(err).__name__}: {err}"


"""The sheet of panels beside the board (issue 22.1): Result, Odds, Aim, Build, Log and
Rules, one scrolling sheet under the board on a phone and beside it on a desktop, with its
row of tabs. A tab scrolls the sheet to its panel; an action's panel (Roll's result, the
odds, the best aims) is brought to the top of the sheet, so what the action produced is in
view beside the board, never far down a page. The tab of the panel at the sheet's top is
marked (aria-current)."""

from __future__ import annotations

import js
from pyodide.ffi import to_js
from pyscript import document

from .dom import Element, Event, absent, attr, el
from .state import State

PANELS = ("result", "odds", "aim", "build", "log", "rules")
"""The panels, in the order of the sheet (their sections' data-panel)."""

FIRST = {"build": "#build button", "rules": "#rules-box summary", "log": "#log-head",
         "result": "#summary-head", "odds": "#odds-head", "aim": "#aim-head"}
"""What a tab focuses in its panel: the Build panel's first button (New), else its head."""


def panel_node(name: str) -> Element:
    return el(f"{name}-panel")


def mark(name: str) -> None:
    """Mark the tab of panel `name` as the current one."""
    for tab in document.querySelectorAll("#tabs button[data-panel]"):
        if attr(tab, "data-panel") == name:
            tab.setAttribute("aria-current", "true")
        else:
            tab.removeAttribute("aria-current")


def show(name: str) -> None:
    """Scroll the sheet so panel `name` starts at its top (the page itself never
    scrolls), and mark its tab."""
    sheet, panel = el("sheet"), panel_node(name)
    if absent(sheet) or absent(panel):
        return
    top = float(panel.getBoundingClientRect().top) - float(sheet.getBoundingClientRect().top)
    sheet.scrollTop = float(sheet.scrollTop) + top
    mark(name)


def focus_quietly(node: Element) -> None:
    """Move the keyboard focus to `node` without the browser scrolling anything."""
    node.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def reveal(name: str, focus: str | None = None) -> None:
    """Bring panel `name` to the sheet's top and, given a selector, focus what it
    selects there: what an action made (the result, the odds) is where the eye and the
    keyboard are."""
    if name == "rules" and not el("rules-box").open:
        el("rules-box").open = True  # its toggle event fills it (page/rules.py)
    show(name)
    if focus is not None:
        node = document.querySelector(focus)
        if not absent(node):
            focus_quietly(node)


def on_tab(state: State, ev: Event) -> None:
    """A tab: its panel at the sheet's top, the focus on its first control or head."""
    tab = ev.target.closest("button[data-panel]")
    if absent(tab):
        return
    name = attr(tab, "data-panel")
    reveal(name, FIRST[name])


def on_sheet_scroll(state: State, ev: Event) -> None:
    """The sheet scrolled by hand: mark the tab of the panel now at its top."""
    sheet = el("sheet")
    top = float(sheet.getBoundingClientRect().top) + 8
    current = PANELS[0]
    for name in PANELS:
        panel = panel_node(name)
        if not absent(panel) and float(panel.getBoundingClientRect().top) <= top:
            current = name
    mark(current)

"""The keyboard (issue 22.9): shortcuts, and where the focus goes after an action.

Shortcuts, outside text fields and lists: R Roll, S Step, O Odds, A Best aim, B the Build
panel (named in the buttons' aria-keyshortcuts and titles). In a field of the Build panel's
"Add units", Enter adds (as a form's Enter submits); Escape leaves any field.

The Build panel is drawn anew after each edit, which used to drop the focus to the page's
body: after every handler the focus goes to what the action made or revealed (`AFTER`), or
else back to the control it was on, found again in the new panel (and, when a Tab left a
field that an edit redrew, on to the control after it)."""

from __future__ import annotations

from pyscript import document

from .dom import Element, Event, absent, attr, el
from .state import State
from .tabs import focus_quietly, reveal

SHORTCUTS = {"r": "roll", "s": "step", "o": "odds", "a": "best-aim"}
"""Key -> the id of the button it presses."""

AFTER = {
    "new": "#add-preset",
    "add-unit": "#build .build-selected .build-bar button",
    "select": "#build .build-selected .build-bar button",
    "delete": "#add-preset",
    "make-attacker": "#weapon-preset",
    "use-weapon": '#build [data-section="attack"]',
    "make-target": "#roll",
}
"""A Build panel button (its data-action) -> what gets the focus after it: the next
control a player needs (the new unit's buttons, the weapon, the attack, Roll)."""

KEYS = ("id", "data-action", "data-unit", "data-section", "data-key", "data-index",
        "data-missile", "data-support", "data-panel")
"""The attributes that find a control again after its panel is redrawn."""

TABBABLE = "a[href], button, input, select, textarea, summary, [tabindex]"


def typing_in(node: Element) -> bool:
    """Whether `node` takes typed keys: a text field, a list, a text area."""
    if absent(node):
        return False
    tag = str(node.tagName)
    if tag in ("SELECT", "TEXTAREA") or bool(node.isContentEditable):
        return True
    return tag == "INPUT" and str(node.type) not in ("checkbox", "radio", "button", "submit",
                                                     "reset", "range", "color", "file")


def on_key(state: State, ev: Event) -> None:
    """A key anywhere on the page: a shortcut, Enter in "Add units", Escape in a field."""
    state.last_key = "Shift+Tab" if str(ev.key) == "Tab" and ev.shiftKey else str(ev.key)
    if ev.ctrlKey or ev.metaKey or ev.altKey or ev.defaultPrevented:
        return
    key, target = str(ev.key), ev.target
    if typing_in(target):
        if key == "Escape":
            target.blur()
        elif (key == "Enter" and str(target.tagName) == "INPUT"
              and not absent(target.closest("#build .build-add"))):
            ev.preventDefault()
            el("add-unit").click()
        return
    if key.lower() == "b" and not ev.shiftKey:
        ev.preventDefault()
        reveal("build", "#build button")
        return
    button = el(SHORTCUTS.get(key.lower(), ""))
    if absent(button) or button.disabled or button.hidden or ev.repeat:
        return
    ev.preventDefault()
    button.click()


def focus_key(node: Element) -> dict[str, str]:
    """What finds `node` again once its panel is redrawn (its id, its data attributes)."""
    if absent(node) or node is document.body:
        return {}
    return {k: attr(node, k) for k in KEYS if attr(node, k)} | {"tag": str(node.tagName)}


def find(key: dict[str, str]) -> Element | None:
    """The control now in the page that `key` (from `focus_key`) describes."""
    if not key:
        return None
    if "id" in key:
        node = el(key["id"])
        return None if absent(node) else node
    for node in document.getElementsByTagName(key["tag"]):
        if focus_key(node) == key:
            return node
    return None


def tabbable() -> list[Element]:
    """The controls Tab visits, in order (no positive tabindex in this page)."""
    return [n for n in document.querySelectorAll(TABBABLE)
            if not n.disabled and int(n.tabIndex) >= 0 and n.getClientRects().length > 0]


def lost() -> bool:
    """Whether the focus fell to the page's body (its control was redrawn away)."""
    node = document.activeElement
    return absent(node) or node is document.body or not bool(node.isConnected)


FOCUSING = ("click", "change", "keydown")
"""The events after which the focus is looked after (not the pointer's moves)."""


def before(ev: Event | None) -> dict[str, str] | None:
    """Before a handler of `ev`: what has the focus and, for a click on a Build panel
    button, its action (the handler may redraw the panel away from under the event's
    target). None: an event `after` ignores."""
    if ev is None or str(getattr(ev, "type", "")) not in FOCUSING:
        return None
    was = focus_key(document.activeElement)
    button = ev.target.closest("#build [data-action]") if str(ev.type) == "click" else None
    if not absent(button):
        was["action"] = attr(button, "data-action")
    return was


def after(state: State, ev: Event | None, was: dict[str, str] | None) -> None:
    """After a handler: the focus on what its action made (`AFTER`), else where it was."""
    if was is None or ev is None:
        return
    kind = str(ev.type)
    wanted = AFTER.get(was.pop("action", ""))
    if wanted is not None:
        made = document.querySelector(wanted)
        if not absent(made):
            made.focus()  # scrolled into the sheet's view
            return
    if not lost():
        return
    node = find(was)
    if node is None:
        return
    if kind == "change" and state.last_key in ("Tab", "Shift+Tab"):
        order = tabbable()
        index = next((i for i, n in enumerate(order) if n is node), None)
        step = -1 if state.last_key == "Shift+Tab" else 1
        if index is not None and 0 <= index + step < len(order):
            node = order[index + step]
    focus_quietly(node)

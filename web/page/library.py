"""My scenarios: named saves in the browser, listed, renamed, deleted, exported and imported
as JSON files. They live under their own localStorage key, apart from the autosave, so a
demo (which only replaces the shown scenario and the autosave) never overwrites one.

The saved texts are scenario documents; opening or importing one goes through the
engine's parser like any other edit, so a save that no longer validates says why and is
kept, not dropped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import window

from engine import scenario as sc
from engine.words import msg, say

from . import saveformat
from .dom import Element, Event, absent, attr, blob_of, download, el, file_stem, make, tell
from .editor import set_scenario
from .notice import ask
from .state import State

LIBRARY_KEY = "scatterlab:library"
NAME_MAX = 80
DELETE_NOTICE = "delete-save"
REPLACE_NOTICE = "replace-save"


def saves() -> dict[str, dict[str, Any]]:
    """Every named save, name -> document (an unreadable store reads as empty)."""
    try:
        raw = window.localStorage.getItem(LIBRARY_KEY)
        data = json.loads(str(raw)) if not absent(raw) and str(raw) else {}
    except Exception:
        return {}
    return data if isinstance(data, dict) else {}


def store(state: State, data: dict[str, dict[str, Any]]) -> bool:
    """Write the saves back; False (and a message) when the browser refuses."""
    try:
        window.localStorage.setItem(LIBRARY_KEY, json.dumps(data, ensure_ascii=False))
    except Exception as err:
        tell(state, msg("page.lib.unsaved", err=str(err)))
        return False
    return True


def clean_name(text: str) -> str:
    return " ".join(str(text).split())[:NAME_MAX]


def put(state: State, name: str, doc: dict[str, Any], *, instead_of: str | None = None,
        then: Callable[[], object] | None = None) -> None:
    """Store `doc` as `name` (in place of the save `instead_of`, a rename), then `then`:
    at once for a new name or the same document again; over another save of that name
    only once the player says so, asked in the page (a notice, its first button focused)."""
    def write() -> None:
        data = saves()
        if instead_of is not None:
            data.pop(instead_of, None)
        data[name] = doc
        if store(state, data) and then is not None:
            then()
        fill(state)

    data = saves()
    if name not in data or data[name] == doc:
        write()
        return
    ask(state, REPLACE_NOTICE, msg("page.lib.replace_q", name=name),
        msg("page.lib.replace"), write, msg("page.lib.keep_saved"))


def fill(state: State) -> None:
    """The list of saves, each with Open, Rename, Delete and Export."""
    box = el("library")
    if absent(box):
        return
    lang = state.lang
    box.replaceChildren()
    row = make("div", cls="build-bar")
    name = make("input", type="text", id="save-name",
                aria_label=say(msg("page.lib.name"), lang))
    name.value = state.scenario.title if state.scenario else ""
    row.appendChild(name)
    row.appendChild(make("button", say(msg("page.lib.save"), lang), type="button",
                         data_lib="save", id="save"))
    pick = make("input", type="file", id="import-file", accept=".json,application/json",
                aria_label=say(msg("page.lib.import"), lang), data_lib="import")
    row.appendChild(pick)
    box.appendChild(row)
    items = make("ul", cls="saves", id="saves")
    for key in sorted(saves(), key=str.lower):
        li = make("li", data_save=key)
        li.appendChild(make("span", key, cls="save-name", translate="no"))
        for action in ("open", "rename", "delete", "export"):  # page.lib.<action>(_aria)
            li.appendChild(make("button", say(msg(f"page.lib.{action}"), lang), type="button",
                                data_lib=action, data_save=key,
                                aria_label=say(msg(f"page.lib.{action}_aria", name=key),
                                               lang)))
        items.appendChild(li)
    box.appendChild(items)


def on_click(state: State, ev: Event) -> None:
    target = ev.target.closest("[data-lib]")
    if absent(target) or attr(target, "data-lib") == "import":
        return
    action, key = attr(target, "data-lib"), attr(target, "data-save")
    data = saves()
    if action == "save":
        name = clean_name(el("save-name").value) or say(msg("page.lib.default_name"),
                                                         state.lang)
        put(state, name, sc.to_dict(state.shown), then=lambda: tell(
            state, msg("page.lib.saved", name=name), "info"))
    elif action == "open" and key in data:
        state.demo_file = None
        set_scenario(state, data[key])
    elif action == "rename" and key in data:
        ask_rename(state, target.closest("li"), key)
        return
    elif action == "rename-do" and key in data:
        new = clean_name(el("rename-name").value)
        if new and new != key:
            put(state, new, data[key], instead_of=key)
    elif action == "delete" and key in data:
        ask_delete(state, key)
    elif action == "export" and key in data:
        text = json.dumps(data[key], indent=2, ensure_ascii=False)
        download(blob_of([text], "application/json"), f"{file_stem(key, 'scenario')}.json")
    fill(state)


def ask_rename(state: State, row: Element, key: str) -> None:
    """Rename asks for the new name in the save's own row (never a browser prompt): a
    field holding the name, focused, with Rename and Cancel."""
    lang = state.lang
    row.replaceChildren()
    name = make("input", type="text", id="rename-name",
                aria_label=say(msg("page.lib.new_name", name=key), lang))
    name.value = key
    row.appendChild(name)
    row.appendChild(make("button", say(msg("page.lib.rename"), lang), type="button",
                         data_lib="rename-do", data_save=key,
                         aria_label=say(msg("page.lib.rename_do", name=key), lang)))
    row.appendChild(make("button", say(msg("page.lib.cancel"), lang), type="button",
                         data_lib="cancel",
                         aria_label=say(msg("page.lib.keep_name", name=key), lang)))
    name.focus()
    name.select()


def ask_delete(state: State, key: str) -> None:
    """Delete asks in the page (a notice with two buttons, the first focused), not in a
    browser dialog; the save goes only on "Delete"."""
    def delete() -> None:
        data = saves()
        if key in data:
            del data[key]
            store(state, data)
        fill(state)

    ask(state, DELETE_NOTICE, msg("page.lib.delete_q", name=key), msg("page.lib.delete"),
        delete, msg("page.lib.keep"))


async def on_import(state: State, ev: Event) -> None:
    """A JSON file picked: opened through the parser, and saved under its title."""
    files = ev.target.files
    if absent(files) or not files.length:
        return
    text = str(await files.item(0).text())
    try:
        doc = saveformat.read_import(text)
    except saveformat.Unreadable as err:
        tell(state, msg("page.lib.unreadable", reason=err.words))
        return
    state.demo_file = None
    if set_scenario(state, doc):
        put(state, clean_name(doc.get("title") or files.item(0).name)
            or say(msg("page.lib.imported"), state.lang), doc)
    fill(state)

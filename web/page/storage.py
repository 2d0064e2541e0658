"""What leaves the page and comes back: the autosave and share links (exports: export.py)."""

from __future__ import annotations

import contextlib

from pyscript import window

from engine import scenario as sc
from engine.errors import ScatterlabError

from .bridge import load
from .dom import absent, el, show_message
from .state import State

STORAGE_KEY = "scatterlab:last-scenario"


def autosave(state: State) -> None:
    """Keep the scenario in the browser's localStorage, for the next visit."""
    # storage full or disabled: autosave is a convenience only
    with contextlib.suppress(Exception):
        window.localStorage.setItem(STORAGE_KEY, sc.dumps(state.scenario, indent=None))


def saved_scenario() -> sc.Scenario | None:
    """The autosaved scenario, None if there is none or it no longer validates."""
    try:
        saved = window.localStorage.getItem(STORAGE_KEY)
    except Exception:
        return None
    if absent(saved) or not str(saved):
        return None
    try:
        return load(str(saved))
    except ScatterlabError:
        return None  # an autosave from an older format: the caller falls back to a demo


def read_share(hash_: str) -> sc.Scenario | None:
    """The Scenario in a '#s=' fragment, None if there is none; raises ScenarioError."""
    if not hash_.startswith("#s="):
        return None
    return sc.decode_share(hash_[3:])


def share_url(code: str) -> str:
    base = str(window.location.href).split("#", 1)[0]
    return f"{base}#s={code}"


async def on_share(state: State, ev) -> None:
    """Share: the scenario and its seed in the link's fragment, shown and copied."""
    code = sc.encode_share(state.scenario)
    url = share_url(code)
    window.history.replaceState(None, "", "#s=" + code)
    box, link = el("share-box"), el("share-link")
    link.value = url
    box.hidden = False
    link.focus()
    link.select()
    try:
        await window.navigator.clipboard.writeText(url)
        show_message("Share link copied to the clipboard.", "info")
    except Exception:
        show_message("Share link ready below: copy it.", "info")

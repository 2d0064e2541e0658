"""What leaves the page and comes back: the autosave (in page/saveformat.py's format),
the texts set aside when they cannot be opened, another tab's save, share links (exports:
export.py)."""

from __future__ import annotations

import contextlib
import json

import js
from pyscript import window

from engine import scenario as sc
from engine import systems
from engine.errors import ScatterlabError

from . import saveformat
from .dom import Event, absent, el, show_message
from .editor import set_scenario
from .library import LIBRARY_KEY, clean_name
from .notice import Action, clear_notice, show_notice
from .state import State

SAVE_KEY = "scatterlab:last-scenario"
ASIDE_KEY = "scatterlab:set-aside"
ASIDE_KEPT = 3
"""Texts set aside are kept newest first, at most this many (older ones make room)."""


def stored(key: str) -> str | None:
    """localStorage[key], None when absent or when storage is disabled."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if absent(value) else str(value)


def resolves(scenario: sc.Scenario) -> bool:
    """Whether the scenario resolves with its seed, or is refused by the engine's own
    error (an illegal attack is a scenario worth keeping); False when the engine fails."""
    try:
        systems.resolve(scenario, seed=scenario.seed)
    except ScatterlabError:
        return True
    except Exception:
        return False
    return True


def autosave(state: State) -> None:
    """Keep the scenario shown for the next visit, in format `saveformat.SAVE_VERSION`.

    Called once the scenario has loaded and been drawn; saved only if it also resolves, so
    a scenario that breaks the page is never the one it opens with next time. Another
    tab's save is never overwritten unseen: while one is pending the user chooses first."""
    if state.scenario is None or state.save_paused:
        return
    if state.theirs is not None:  # the player has not chosen yet: kept if the tab closes
        hold(state)
        return
    current = stored(SAVE_KEY)
    if current is not None and current != state.saved_text:
        offer_theirs(state, current)
        return
    if not resolves(state.scenario):
        return
    text = saveformat.encode(state.scenario)
    try:
        window.localStorage.setItem(SAVE_KEY, text)
    except Exception:  # storage full or disabled: say so once, the page still works
        show_notice(state, "unsaved", "This scenario is not saved in this browser "
                    "(its storage is full or turned off).",
                    [Action("Download it as JSON", download=sc.dumps(state.scenario))])
        return
    state.saved_text = text
    clear_notice(state, "unsaved")


def set_aside(text: str, reason: str) -> bool:
    """Keep `text` in the set-aside list (ASIDE_KEY), newest first; False if storage
    cannot hold it even after dropping the older entries."""
    try:
        entries = json.loads(stored(ASIDE_KEY) or "[]")
    except ValueError:
        entries = []
    if not isinstance(entries, list):
        entries = []
    entry = {"reason": reason, "at": str(js.Date.new().toISOString()), "text": text}
    kept = [e for e in entries if isinstance(e, dict)][: ASIDE_KEPT - 1]
    while True:
        try:
            window.localStorage.setItem(ASIDE_KEY, json.dumps([entry, *kept]))
            return True
        except Exception:
            if not kept:
                return False
            kept.pop()


def offer_aside(state: State, key: str, sentence: str, texts: list[str]) -> None:
    """Say what was set aside and offer each text as a JSON download."""
    actions = [
        Action("Download it as JSON" if len(texts) == 1 else f"Download {i + 1} as JSON",
               download=saveformat.document_of(t), filename=f"scatterlab-set-aside-{i + 1}.json")
        for i, t in enumerate(texts)
    ]
    show_notice(state, key, sentence, actions)


def saved_scenario(state: State) -> sc.Scenario | None:
    """The autosaved scenario (older formats migrated), None if there is none.

    A save that cannot be opened is set aside (and removed from the autosave, so it is
    not overwritten unseen) and the page says so, offering it as JSON; if storage cannot
    hold the copy, the save stays where it is and autosave stays off."""
    text = state.saved_text = stored(SAVE_KEY)
    if text is None or not text.strip():
        return None
    try:
        return saveformat.decode(text).scenario
    except saveformat.Unreadable as err:
        reason = err.reason
    if set_aside(text, f"saved scenario that could not be opened: {reason}"):
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(SAVE_KEY)
        state.saved_text = None
        offer_aside(state, "set-aside", f"The saved scenario could not be opened ({reason}), "
                    "so it was set aside and a demo is shown.", [text])
    else:
        state.save_paused = reason
        offer_aside(state, "set-aside", f"The saved scenario could not be opened ({reason}). "
                    "It is kept as it is and this page saves nothing until you download it "
                    "or start clean.", [text])
    return None


def start_clean(state: State, share_fragment: str) -> None:
    """?reset: set the autosave and the link's scenario aside, drop them, and say so."""
    texts = []
    saved = stored(SAVE_KEY)
    if saved is not None and saved.strip():
        texts.append(saved)
    if share_fragment:
        try:
            shared = read_share(share_fragment)
            texts.append(share_fragment if shared is None else sc.dumps(shared))
        except Exception:  # a link that does not decode is kept as it is
            texts.append(share_fragment)
    kept = all([set_aside(t, "set aside by Start clean") for t in texts])
    if kept:
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(SAVE_KEY)
    state.saved_text = stored(SAVE_KEY)
    window.history.replaceState(None, "", str(window.location.pathname))
    if texts:
        offer_aside(state, "set-aside", "Started clean: what this page had open was set "
                    "aside." if kept else "Started clean, but storage is full: the saved "
                    "scenario stays where it was.", texts)


HELD_SUFFIX = " (kept when its tab closed)"


def hold(state: State) -> None:
    """While another tab's save waits for the player's choice, this tab's scenario is
    stored nowhere: hand it to web/closing.js, which puts it into My scenarios (as its
    title + HELD_SUFFIX) if the tab closes before the choice (issue 27.4)."""
    if state.scenario is None:
        return
    held = js.Object.new()
    held.key = LIBRARY_KEY
    held.name = clean_name((state.scenario.title or "Untitled") + HELD_SUFFIX)
    held.doc = sc.dumps(state.scenario, indent=None)
    window.scatterlabHeld = held


def release() -> None:
    """The choice is made: nothing is held for a closing tab any more."""
    window.scatterlabHeld = None


def offer_theirs(state: State, text: str) -> None:
    """Another tab saved `text`: ask whether to open it or keep this tab's scenario (held
    meanwhile, in case the tab closes first)."""
    state.theirs = text
    hold(state)
    show_notice(state, "other-tab", "Another tab saved a different scenario.", [
        Action("Open it here", handler=lambda: take_theirs(state)),
        Action("Keep mine", handler=lambda: keep_mine(state)),
    ])


def take_theirs(state: State) -> None:
    """Open the other tab's save in this tab."""
    text, state.theirs = state.theirs, None
    release()
    clear_notice(state, "other-tab")
    state.saved_text = text
    try:
        scenario = saveformat.decode(text or "").scenario
    except saveformat.Unreadable as err:
        show_message(f"The other tab's scenario cannot be opened here — {err.reason}.")
        return
    state.demo_file = None
    set_scenario(state, scenario)


def keep_mine(state: State) -> None:
    """Keep this tab's scenario: it replaces the other tab's save."""
    state.theirs = None
    release()
    state.saved_text = stored(SAVE_KEY)
    clear_notice(state, "other-tab")
    autosave(state)


def on_storage(state: State, ev: Event) -> None:
    """The `storage` event: another tab changed the autosave."""
    if absent(ev.key) or str(ev.key) != SAVE_KEY or absent(ev.newValue):
        return
    text = str(ev.newValue)
    if text != state.saved_text:
        offer_theirs(state, text)


def read_share(hash_: str) -> sc.Scenario | None:
    """The Scenario in a '#s=' fragment, None if there is none; raises ScenarioError."""
    if not hash_.startswith("#s="):
        return None
    return sc.decode_share(hash_[3:])


def share_url(code: str) -> str:
    base = str(window.location.href).split("#", 1)[0]
    return f"{base}#s={code}"


async def on_share(state: State, ev: Event) -> None:
    """Share: the scenario and its seed in the link's fragment, shown and copied."""
    code = sc.encode_share(state.shown)
    url = share_url(code)
    window.history.replaceState(None, "", "#s=" + code)
    box, link = el("share-box"), el("share-link")
    link.value = url
    box.hidden = False
    link.focus()
    link.select()
    copied = el("share-copied")
    copied.textContent = ""
    try:
        await window.navigator.clipboard.writeText(url)
        show_message("Share link copied to the clipboard.", "info")
        copied.textContent = "Link copied"
    except Exception:
        show_message("Share link ready below: copy it.", "info")
        copied.textContent = "Copy the link above"

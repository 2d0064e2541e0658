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
from engine.words import DEFAULT_LANG, Words, msg, say

from . import saveformat
from .dom import Event, absent, el, tell
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
        show_notice(state, "unsaved", msg("page.unsaved"),
                    [Action(msg("page.download_json"), download=sc.dumps(state.scenario))])
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


def offer_aside(state: State, key: str, sentence: Words, texts: list[str]) -> None:
    """Say what was set aside and offer each text as a JSON download."""
    actions = [
        Action(msg("page.download_json") if len(texts) == 1
               else msg("page.download_nth", i=i + 1),
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
        reason = err.words
    if set_aside(text, f"saved scenario that could not be opened: {say(reason)}"):
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(SAVE_KEY)
        state.saved_text = None
        offer_aside(state, "set-aside", msg("page.aside.set", reason=reason), [text])
    else:
        state.save_paused = say(reason)
        offer_aside(state, "set-aside", msg("page.aside.kept", reason=reason), [text])
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
        offer_aside(state, "set-aside", msg("page.aside.clean") if kept
                    else msg("page.aside.full"), texts)


def hold(state: State) -> None:
    """While another tab's save waits for the player's choice, this tab's scenario is
    stored nowhere: hand it to web/closing.js, which puts it into My scenarios (as its
    title, "kept when its tab closed": page.held) if the tab closes before the choice
    (issue 27.4)."""
    if state.scenario is None:
        return
    held = js.Object.new()
    held.key = LIBRARY_KEY
    title = sc.titled(state.scenario, state.lang)[0] or say(msg("page.untitled"), state.lang)
    held.name = clean_name(say(msg("page.held", title=title), state.lang))
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
    show_notice(state, "other-tab", msg("page.other_tab"), [
        Action(msg("page.other_tab.open"), handler=lambda: take_theirs(state)),
        Action(msg("page.other_tab.keep"), handler=lambda: keep_mine(state)),
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
        tell(state, msg("page.other_tab.unreadable", reason=err.words))
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


def share_url(code: str, lang: str) -> str:
    """The share link of `code`: the page's address with the scenario in its fragment and,
    when it is not English, the sharer's language as ``?lang=`` (page/language.py)."""
    url = js.URL.new(str(window.location.href))
    url.hash = ""
    if lang == DEFAULT_LANG:
        url.searchParams.delete("lang")
    else:
        url.searchParams.set("lang", lang)
    base = str(url.href).split("#", 1)[0]
    return f"{base}#s={code}"


async def on_share(state: State, ev: Event) -> None:
    """Share: the scenario and its seed in the link's fragment, shown and copied."""
    code = sc.encode_share(state.shown)
    url = share_url(code, state.lang)
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
        tell(state, msg("page.share.copied"), "info")
        copied.textContent = say(msg("page.share.copied_short"), state.lang)
    except Exception:
        tell(state, msg("page.share.ready"), "info")
        copied.textContent = say(msg("page.share.copy_above"), state.lang)

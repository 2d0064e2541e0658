"""Opening a scenario: a demo from the selects or ?demo=, a share link, the autosave, the
default demo."""

from __future__ import annotations

import js
from pyscript import window

from engine import scenario as sc
from engine.build.fieldwords import worded
from engine.errors import ScatterlabError, ScenarioError
from engine.words import Msg, Words, msg

from .bridge import load, on_roll
from .build.commit import drop_unapplied_json
from .dom import Event, clear_message, el, tell
from .editor import demo_of, fill_demo_select, set_scenario
from .state import State
from .storage import read_share, saved_scenario


def link_refused(err: ScatterlabError, then: Msg) -> Msg:
    """What the page says of a link it cannot open: damaged when its packing is (the
    error names the share itself), else the engine's reason for the intact document."""
    if getattr(err, "path", None) == "share":
        return msg("page.link.damaged", then=then)
    reason: Words = (worded(err, {}).words if isinstance(err, ScenarioError)  # in words
                     else err.message)
    return msg("page.link.refused", reason=reason, then=then)


def query(name: str) -> str | None:
    """The page address's ?`name`= value ("" for a bare ?`name`), None when absent. (The
    browser's URLSearchParams: importing urllib.parse costs 50 ms of start-up in Pyodide.)"""
    params = js.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else None


async def fetch_text(url: str) -> str:
    """A same-origin file's text; raises OSError on an HTTP error."""
    resp = await js.fetch(url)
    if not resp.ok:
        raise OSError(f"{url}: HTTP {resp.status}")
    return str(await resp.text())


async def load_demo(state: State, file: str) -> bool:
    """Open demos/`file` on its default view; on error say so and keep the scenario.

    Picks made while a demo is still being fetched are not queued: only the latest pick
    opens, so a quick second pick (or a system pick followed by a demo pick) is never
    overtaken by the slower fetch of an earlier one."""
    state.opening += 1
    ticket = state.opening
    try:
        text = await fetch_text("./demos/" + file)
        if ticket != state.opening:
            return False
        scenario = load(text)
    except ScatterlabError as err:
        tell(state, msg("page.error.demo", file=file, err=err.message))
        return False
    except Exception as err:  # a failed fetch (offline, missing file) raises a JsException
        tell(state, msg("page.error.demo", file=file, err=str(err)))
        return False
    previous, previous_fit = state.demo_file, state.fit
    state.demo_file, state.fit = file, None  # another demo opens on its default view
    if not set_scenario(state, scenario):
        state.demo_file, state.fit = previous, previous_fit
        return False
    clear_message()
    return True


async def on_system(state: State, ev: Event) -> None:
    """A system picked: its demos in the select, and its first demo opened."""
    system = str(el("system").value)
    if state.scenario is not None and system == state.scenario.system:
        return  # the system shown: its demo stays open
    if not drop_unapplied_json(state, el("system"), system):
        el("system").value = state.shown.system
        return
    fill_demo_select(state, system)
    first = next((d for d in state.index["demos"] if d["system"] == system), None)
    if first is None:
        tell(state, msg("page.no_demo"), "info")
        return
    await load_demo(state, first["file"])


async def on_demo(state: State, ev: Event) -> None:
    file = str(el("demo").value)
    if file and not drop_unapplied_json(state, el("demo"), file):
        el("demo").value = state.demo_file or ""
        return
    if file:
        await load_demo(state, file)


async def on_hashchange(state: State, ev: Event) -> None:
    """A share link pasted into the address bar: open it and roll, or keep the scenario."""
    try:
        scenario = read_share(str(window.location.hash))
    except ScatterlabError as err:
        tell(state, link_refused(err, msg("page.link.kept")))
        return
    if scenario is None:
        return
    state.demo_file = None
    if set_scenario(state, scenario):
        clear_message()
        on_roll(state, None)


async def initial_scenario(state: State) -> tuple[sc.Scenario | None, str | None, bool]:
    """Share link, then ?demo=, then the autosaved scenario, then the default demo:
    (scenario, its demo file or None, whether it came from a share link)."""
    try:
        shared = read_share(str(window.location.hash))
    except ScatterlabError as err:
        shared = None
        tell(state, link_refused(err, msg("page.link.other")))
    if shared is not None:
        return shared, None, True
    wanted = query("demo")
    if wanted and demo_of(state, wanted):
        try:
            return load(await fetch_text("./demos/" + wanted)), wanted, False
        except Exception as err:
            tell(state, msg("page.error.demo", file=wanted,
                            err=err.message if isinstance(err, ScatterlabError) else str(err)))
    saved = saved_scenario(state)
    if saved is not None:
        return saved, None, False
    default = state.index.get("default")
    if default:
        return load(await fetch_text("./demos/" + default)), default, False
    return None, None, False

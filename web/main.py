"""Scatterlab's page (PyScript, main thread): wires the DOM's events to web/page's modules
and starts the page. See page/__init__.py for what each module holds.

For tests and tools the page exposes its state: <body data-state="loading|ready|failed">,
data-odds="running|computing" while the odds worker works (page/bridge.py),
<script type="application/json" id="last-resolution"> (the shown Resolution.to_dict()),
id="last-odds" (Odds.to_dict()), data-aim and id="last-aim" (page/aim.py), and data-step
and data-zoom on #board (page/board.py).
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable

import js
from page import (
    aim,
    board,
    bridge,
    editor,
    export,
    gestures,
    irolled,
    keys,
    language,
    library,
    loading,
    rules,
    storage,
    tabs,
    updates,
)
from page.build import actions, edits, moves, panel
from page.dom import Element, Event, clear_message, described, el, on, tell
from page.notice import Action, show_notice
from page.slices import SLICED_UNITS, sliced
from page.state import State
from pyscript import document, window

from engine import scenario as sc
from engine.words import DEFAULT_LANG, msg


def failed(state: State, err: Exception) -> None:
    """An action failed unexpectedly: say so and leave the page usable (the next action
    starts from the scenario shown; odds, the one long action, run in their worker)."""
    tell(state, msg("page.error.unexpected", err=described(err)))
    js.console.error(f"scatterlab: {type(err).__name__}: {err}")


Handler = Callable[[State, Event], object]
"""An event handler of the page: handler(state, ev), plain or async."""


def guarded(state: State, handler: Handler, redraws: bool = False
            ) -> Callable[[Event | None], object]:
    """Wrap handler(state, ev): an unexpected error becomes a message (see `failed`); an
    async handler runs in slices (page/slices.py), so it never holds the page long, and so
    does a handler that `redraws` the board when the board is large (SLICED_UNITS), in its
    turn: one such handler starts when the one before it has finished (issue 27.7: a second
    edit made while the first is still being judged is applied after it, not instead)."""

    async def run_sliced(ev: Event | None = None) -> None:
        was = keys.before(ev)
        try:
            with sliced(state):
                done = handler(state, ev)
                if inspect.isawaitable(done):
                    await done
        except Exception as err:
            failed(state, err)
        keys.after(state, ev, was)

    async def run_in_turn(ev: Event | None = None) -> None:
        async with state.turn:
            await run_sliced(ev)

    if inspect.iscoroutinefunction(handler):
        return run_sliced

    def run(ev: Event | None = None) -> None:
        if (redraws and state.scenario is not None
                and len(state.scenario.units) > SLICED_UNITS):
            asyncio.ensure_future(run_in_turn(ev))
            return
        was = keys.before(ev)
        try:
            handler(state, ev)
        except Exception as err:
            failed(state, err)
        keys.after(state, ev, was)
    return run


REDRAWS = {bridge.on_roll, bridge.on_step, bridge.on_step_back, bridge.on_step_next,
           editor.on_unit_field, editor.on_apply_json, editor.on_seed, editor.on_new_seed,
           edits.on_change, actions.on_click, gestures.on_pointerup}
"""The handlers that resolve or redraw the board (and never need the event's default
action prevented): sliced on a large board."""


def listen(state: State, node: Element, event: str, handler: Handler) -> None:
    """Call handler(state, ev) on `event`, guarded; the proxy lives as long as the page."""
    state.listeners.append(on(node, event, guarded(state, handler, handler in REDRAWS)))


def wire(state: State) -> None:
    """Every control's event to its handler."""
    board_el = el("board")
    for node, event, handler in (
        (el("roll"), "click", bridge.on_roll),
        (el("step"), "click", bridge.on_step),
        (el("irolled"), "click", irolled.on_start),
        (el("irolled-enter"), "click", irolled.on_enter),
        (el("irolled-value"), "keydown", irolled.on_key),
        (el("irolled-faces"), "click", irolled.on_face),
        (el("irolled-rest"), "click", irolled.on_rest),
        (el("irolled-cancel"), "click", irolled.on_cancel),
        (el("step-back"), "click", bridge.on_step_back),
        (el("step-next"), "click", bridge.on_step_next),
        (el("odds"), "click", bridge.on_odds),
        (el("odds"), "pointerenter", bridge.on_odds_intent),
        (el("odds"), "focus", bridge.on_odds_intent),
        (el("cancel-odds"), "click", bridge.on_cancel_odds),
        (el("best-aim"), "click", aim.on_best_aim),
        (el("best-aim"), "pointerenter", bridge.on_odds_intent),
        (el("cancel-aim"), "click", aim.on_cancel_aim),
        (el("aim-table"), "click", aim.on_aim_table_click),
        (el("share"), "click", storage.on_share),
        (el("export"), "click", export.on_export_svg),
        (el("export-png"), "click", export.on_export_png),
        (el("key-box"), "toggle", board.on_key_toggle),
        (el("rules-box"), "toggle", rules.on_rules_toggle),
        (el("rules"), "click", rules.on_rules_click),
        (el("log"), "click", rules.on_log_click),
        (el("new-seed"), "click", editor.on_new_seed),
        (el("seed"), "change", editor.on_seed),
        (el("system"), "change", loading.on_system),
        (el("demo"), "change", loading.on_demo),
        (el("apply-json"), "click", editor.on_apply_json),
        (el("units"), "change", editor.on_unit_field),
        (window, "hashchange", loading.on_hashchange),
        (window, "storage", storage.on_storage),
        (board_el, "pointerdown", gestures.on_pointerdown),
        (board_el, "pointermove", gestures.on_pointermove),
        (board_el, "pointerup", gestures.on_pointerup),
        (board_el, "pointercancel", gestures.on_pointercancel),
        (board_el, "wheel", gestures.on_wheel),
        (el("zoom-in"), "click", board.on_zoom_in),
        (el("zoom-out"), "click", board.on_zoom_out),
        (el("zoom-fit"), "click", board.on_zoom_fit),
        (el("build"), "change", edits.on_change),
        (el("build"), "click", actions.on_click),
        (el("library"), "click", library.on_click),
        (el("library"), "change", library.on_import),
        (document, "keydown", moves.on_key),
        (document, "keydown", keys.on_key),
        (el("tabs"), "click", tabs.on_tab),
        (el("lang"), "click", language.on_switch),
        (el("sheet"), "scroll", tabs.on_sheet_scroll),
    ):
        listen(state, node, event, handler)


async def start(state: State) -> None:
    """Show the first scenario (keeping the board pre-rendered at build time when it shows
    that scenario), wire the controls, mark the page ready, watch for new versions.

    `?reset` starts clean: the autosave and the link's scenario are set aside first.
    The language is chosen first (page/language.py), so every word shown is in it."""
    state.lang = language.initial(loading.query("lang"))
    language.fill_switch()
    language.say_static(state.lang)
    if loading.query("reset") is not None:
        storage.start_clean(state, str(window.location.hash))
    try:
        state.index = json.loads(await loading.fetch_text("./demos/index.json"))
    except Exception as err:
        tell(state, msg("page.error.demo_list", err=str(err)))
    editor.fill_system_select(state)
    state.saved_text = storage.stored(storage.SAVE_KEY)  # what this tab may overwrite
    state.watchers.extend((storage.autosave, panel.after_change, library.fill,
                           aim.fill_objectives))
    scenario, demo_file, from_share = await loading.initial_scenario(state)
    if scenario is None:
        tell(state, msg("page.error.no_scenario"))
        document.body.dataset.state = "failed"
        return
    state.demo_file = demo_file
    el("system").value = scenario.system
    editor.fill_demo_select(state, scenario.system)
    message_box_kept = not el("message").hidden
    board_el = el("board")
    # the board drawn at build time speaks English: another language draws it anew
    prerendered = (str(board_el.dataset.prerendered or "") == sc.fingerprint(scenario)
                   and state.lang == DEFAULT_LANG)
    if not editor.set_scenario(state, scenario, redraw=not prerendered, settle=False):
        raise RuntimeError("the first scenario cannot be shown")
    if prerendered:
        board_el.dataset.step = "all"
        board_el.dataset.system = scenario.system
        board.restore_view(state)
        board.describe_board(state)
    if from_share:
        bridge.on_roll(state, None)
    elif not message_box_kept:
        clear_message()

    wire(state)
    for node in document.querySelectorAll("#actions button, .more button, .more input, "
                                          "#aim-risk, #apply-json, #system, #demo, "
                                          "#zoom button"):
        node.disabled = False
    panel.show_legality(state)  # Roll stays disabled while the setup is illegal
    document.body.dataset.said = state.lang
    document.body.dataset.state = "ready"
    document.body.dataset.readyMs = str(round(float(js.performance.now())))
    await asyncio.sleep(0)  # ready to Roll: paint it, then fill the Build panel and save
    editor.settle_scenario(state)

    try:
        await updates.watch(state)
    except Exception as err:
        js.console.warn(f"scatterlab: no offline cache ({err})")
    await asyncio.sleep(0)  # let the page paint "ready", then load the renderer
    import engine.render.board  # noqa: F401  (warm-up: the first Roll need not wait for it)


async def _main() -> None:
    """Start; any failure is shown with a way out: Start clean (the `?reset` address),
    which sets aside what this page had open before it opens the default demo."""
    state = State()
    try:
        with sliced(state):
            await start(state)
    except Exception as err:
        tell(state, msg("page.error.start", err=described(err)))
        show_notice(state, "start-clean", msg("page.start_clean.text"),
                    [Action(msg("page.start_clean"), href="?reset" + str(window.location.hash))])
        js.console.error(f"scatterlab: start failed: {type(err).__name__}: {err}")
        document.body.dataset.state = "failed"


_task = asyncio.ensure_future(_main())

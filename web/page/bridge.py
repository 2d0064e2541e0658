"""The bridge to the engine: validating a scenario, resolving it, its odds, its board.

Everything the page asks the engine to decide goes through here; the other modules only
read and write the scenario document (engine.scenario's JSON and share-link codecs).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.build import fieldwords, legality
from engine.errors import ScatterlabError
from engine.words import Msg, msg, say

from .board import show_svg
from .dom import Event, clear_message, described, el, set_json, show_running, tell
from .oddsworker import OddsWorker, WorkerFailed, odds_from_dict, rebuild_error
from .panels import show_log, show_odds
from .state import State
from .tabs import reveal

PAGE_TRIALS = 20_000
"""Monte Carlo runs when a scenario is too large for exact odds (the command line runs
200,000): odds run in the odds worker, off the page's thread, and this bounds how long
they take, with a 95 % interval of at most +/- 0.7 %; the table says which method."""


def load(new: sc.Scenario | dict[str, Any] | str) -> sc.Scenario:
    """A validated Scenario from a Scenario, a dict or JSON text; raises ScatterlabError."""
    if isinstance(new, sc.Scenario):
        return new
    return fieldwords.load(new)  # a refusal names the unit and field in words


def svg_text(state: State) -> str:
    """The board as the engine draws it: the scenario, the steps shown, the odds heat map."""
    # Imported on first use: svgwrite costs half a second in Pyodide, and the board shown
    # at start-up was drawn at build time (see main.start), so the page is ready sooner.
    from engine.render.board import board

    return board(
        state.shown,
        state.resolution,
        upto_step=state.step if state.resolution is not None else None,
        odds=state.odds,
        aim_scores=state.aim_scores,
        reach=legality.range_lines(state.shown) if state.resolution is None else (),
        aimed=state.resolution is None,
        lang=state.lang,
    )


def draw(state: State) -> None:
    """Render the board and show it."""
    show_svg(state, svg_text(state))


def resolve_now(state: State) -> bool:
    """Resolve the scenario with its own dice, as `python -m engine resolve` does without
    --seed: its scripted dice when it has them (a demo's story), else its seed. On an engine
    error show it and keep the state."""
    try:
        res = systems.resolve(state.shown)
    except ScatterlabError as err:
        tell(state, described(err))
        return False
    state.resolution, state.res_dict, state.odds = res, res.to_dict(state.lang), None
    el("odds-box").hidden = True
    set_json("last-odds", None)
    set_json("last-resolution", state.res_dict)
    clear_message()
    return True


def on_roll(state: State, ev: Event) -> None:
    """Roll: the whole resolution, log and board."""
    if resolve_now(state):
        state.step = None
        show_log(state)
        draw(state)
        reveal("result", "#summary-head")


def on_step(state: State, ev: Event) -> None:
    """Step: show one more step of the resolution (resolving anew at the start or the end)."""
    steps = (state.res_dict or {}).get("steps", [])
    if state.resolution is None or state.step is None or state.step >= len(steps) - 1:
        if not resolve_now(state):
            return
        state.step = 0
    else:
        state.step += 1
    show_log(state)
    draw(state)
    reveal("result")  # the caption over the board, the result so far under it


def odds_worker(state: State) -> OddsWorker:
    """The page's odds worker, made on first use."""
    if state.odds_worker is None:
        state.odds_worker = OddsWorker(lambda status: show_odds_status(state, status))
    return state.odds_worker


def on_odds_intent(state: State, ev: Event) -> None:
    """The pointer is on the Odds button: start the worker's Pyodide now, not on the click."""
    odds_worker(state).start()


def show_odds_running(state: State, running: bool) -> None:
    """Odds running in the worker: Odds disabled, Cancel shown, an indeterminate progress
    bar in the header (the engine reports no progress); the board and every other control
    stay usable. <body data-odds> is "running", then "computing", meanwhile, and absent
    otherwise."""
    show_running("odds", running, ("odds",), "cancel-odds",
                 say(msg("page.odds.starting"), state.lang))


def show_odds_status(state: State, status: str) -> None:
    """The worker has begun computing (its Python is up): odds, or Best aim's ranking
    (page/aim.py), whichever asked."""
    if document.body.getAttribute("data-odds") == "running":
        document.body.dataset.odds = status
        el("loading-text").textContent = say(msg("page.odds.computing"), state.lang)
    elif document.body.getAttribute("data-aim") == "running":
        document.body.dataset.aim = status
        el("loading-text").textContent = say(msg("page.aim.ranking"), state.lang)


def show_step(state: State, index: int) -> None:
    """Resolve anew and show the resolution stepped up to step `index`."""
    if resolve_now(state):
        steps = (state.res_dict or {}).get("steps", [])
        state.step = max(0, min(index, len(steps) - 1))
        show_log(state)
        draw(state)


def on_step_back(state: State, ev: Event) -> None:
    """Back: show the step before the one shown."""
    if state.resolution is not None and state.step:
        state.step -= 1
        show_log(state)
        draw(state)


def on_step_next(state: State, ev: Event) -> None:
    """Next: show the step after the one shown (the caption's Next; it stops at the end)."""
    steps = (state.res_dict or {}).get("steps", [])
    if state.resolution is not None and state.step is not None and state.step < len(steps) - 1:
        on_step(state, ev)


async def ask_worker(state: State, ask: Callable[[str], Awaitable[dict[str, Any]]],
                     running: Callable[[State, bool], None], words: tuple[Msg, Msg, Msg]
                     ) -> dict[str, Any] | None:
    """The odds worker's reply to `ask` (given the scenario shown, as JSON), with
    `running` shown meanwhile; None, having said why in `words` (cancelled, could not,
    changed meanwhile), when Cancel was hit, the worker failed or the scenario changed
    before the reply, and None with the engine's own words when it refused the attack."""
    cancelled, failed, changed = words
    asked = state.shown
    running(state, True)
    try:
        reply = await ask(sc.dumps(asked, indent=None))
    except asyncio.CancelledError:
        tell(state, cancelled, "info")
        return None
    except WorkerFailed as err:
        tell(state, msg("page.error.failed", what=failed, err=err.words))
        return None
    finally:
        running(state, False)
    if state.scenario is not asked:
        tell(state, changed, "info")
        return None
    if "error" in reply:
        tell(state, described(rebuild_error(reply["error"])))
        return None
    return reply


async def on_odds(state: State, ev: Event) -> None:
    """Odds: the exact odds (or the announced Monte Carlo fallback) from the odds worker,
    then the table and heat map, unless the scenario changed meanwhile or Cancel was hit."""
    reply = await ask_worker(
        state, lambda text: odds_worker(state).odds(text, PAGE_TRIALS), show_odds_running,
        (msg("page.odds.cancelled"), msg("page.odds.failed"), msg("page.odds.changed")))
    if reply is None:
        return
    state.odds = odds_from_dict(reply["odds"])
    show_odds(state, reply["odds"])
    clear_message()
    draw(state)
    reveal("odds", "#odds-head")
    set_json("last-odds", reply["odds"])  # last: it tells that the odds are on screen


def on_cancel_odds(state: State, ev: Event) -> None:
    """Cancel: stop the odds worker (the next Odds starts a fresh one)."""
    if state.odds_worker is not None:
        state.odds_worker.cancel()

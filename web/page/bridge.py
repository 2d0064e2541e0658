"""The bridge to the engine: validating a scenario, resolving it, its odds, its board.

Everything the page asks the engine to decide goes through here; the other modules only
read and write the scenario document (engine.scenario's JSON and share-link codecs).
"""

from __future__ import annotations

import asyncio

from engine import scenario as sc
from engine import systems
from engine.errors import ScatterlabError

from .board import show_svg
from .dom import clear_message, describe, el, set_busy, set_json, show_message
from .panels import show_log, show_odds
from .state import State

PAGE_TRIALS = 20_000
"""Monte Carlo runs when a scenario is too large for exact odds (the command line runs
200,000): odds run on the page's thread, so this bounds how long the page is busy,
with a 95 % interval of at most +/- 0.7 %; the table says which method it used."""


def load(new: sc.Scenario | dict | str) -> sc.Scenario:
    """A validated Scenario from a Scenario, a dict or JSON text; raises ScatterlabError."""
    if isinstance(new, sc.Scenario):
        return new
    if isinstance(new, str):
        return sc.loads(new)
    return sc.load_dict(new)


def svg_text(state: State) -> str:
    """The board as the engine draws it: the scenario, the steps shown, the odds heat map."""
    # Imported on first use: svgwrite costs half a second in Pyodide, and the board shown
    # at start-up was drawn at build time (see main.start), so the page is ready sooner.
    from engine import render

    return render.board(
        state.scenario,
        state.resolution,
        upto_step=state.step if state.resolution is not None else None,
        odds=state.odds,
    )


def draw(state: State) -> None:
    """Render the board and show it."""
    show_svg(state, svg_text(state))


def resolve_now(state: State) -> bool:
    """Resolve the scenario with its own dice, as `python -m engine resolve` does without
    --seed: its scripted dice when it has them (a demo's story), else its seed. On an engine
    error show it and keep the state."""
    try:
        res = systems.resolve(state.scenario)
    except ScatterlabError as err:
        show_message(describe(err))
        return False
    state.resolution, state.res_dict, state.odds = res, res.to_dict(), None
    el("odds-box").hidden = True
    set_json("last-odds", None)
    set_json("last-resolution", state.res_dict)
    clear_message()
    return True


def on_roll(state: State, ev) -> None:
    """Roll: the whole resolution, log and board."""
    if resolve_now(state):
        state.step = None
        show_log(state)
        draw(state)


def on_step(state: State, ev) -> None:
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


def on_step_back(state: State, ev) -> None:
    """Back: show the step before the one shown."""
    if state.resolution is not None and state.step:
        state.step -= 1
        show_log(state)
        draw(state)


def on_step_next(state: State, ev) -> None:
    """Next: show the step after the one shown (the caption's Next; it stops at the end)."""
    steps = (state.res_dict or {}).get("steps", [])
    if state.resolution is not None and state.step is not None and state.step < len(steps) - 1:
        on_step(state, ev)


async def on_odds(state: State, ev) -> None:
    """Odds: the exact odds (or the announced Monte Carlo fallback), table and heat map."""
    set_busy(state, True, "Computing odds…")
    await asyncio.sleep(0.05)  # let the browser paint the busy state first
    try:
        odds = systems.odds(state.scenario, trials=PAGE_TRIALS)
    except ScatterlabError as err:
        show_message(describe(err))
        return
    finally:
        set_busy(state, False)
    state.odds = odds
    d = odds.to_dict()
    set_json("last-odds", d)
    show_odds(state, d)
    clear_message()
    draw(state)

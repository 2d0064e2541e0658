"""Best aim (issue 16): every legal aim of the attack ranked by its exact odds, or where
those are out of reach by Monte Carlo estimates, each with its margin (engine/aim.py),
computed in the odds worker, off the page's thread, with the loading bar
running and saying how many candidate aims it has tried (`show_aim_progress`), and Cancel
stopping it; then the best aim is placed (the marker or the target
hex moves there), the board shows every candidate's score as a dot (yellow lowest, purple
best, the legend under the table says which values), and the top five are listed in a
table where a tap on Place writes that aim into the scenario instead.

For tests: <body data-aim="running|computing"> while it runs, and
<script type="application/json" id="last-aim"> holds the ranking (Ranking.to_dict(5), the
aims named in the page's language).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from engine import scenario as sc
from engine.words import Lang, Msg, msg, say

from . import board, bridge, editor
from .dom import Element, Event, clear_message, el, make, set_json, show_running, tell
from .oddsworker import words_from_json
from .state import State
from .tabs import reveal


def objective_words(state: State) -> dict[str, str]:
    """The objectives the engine offers for the scenario shown, in words in the page's
    language (engine.objectives; imported on first use, after start-up)."""
    from engine import objectives

    return dict(objectives.offered(state.shown, lang=state.lang))


def fill_objectives(state: State) -> None:
    """Watcher of every accepted scenario: "Best aim by" lists this scenario's objectives
    (its enemy units by name), keeping the one chosen while it is still offered."""
    select = el("aim-objective")
    keep = str(select.value)
    words = objective_words(state)
    select.replaceChildren()
    for value, text in words.items():
        option = make("option", text, value=value)
        option.selected = value == keep
        select.appendChild(option)
    if keep not in words:
        select.value = "damage"


def chosen() -> tuple[str, float | None]:
    """The objective and the friendly-risk limit (a fraction) the player set; ValueError
    for a limit that is not a percentage from 0 to 100."""
    objective = str(el("aim-objective").value) or "damage"
    text = str(el("aim-risk").value).strip()
    if not text:
        return objective, None
    risk = float(text)
    if not 0 <= risk <= 100:
        raise ValueError(text)
    return objective, risk / 100


def show_aim_running(state: State, running: bool) -> None:
    """Best aim running: Best aim and Odds disabled, Cancel shown, the loading bar on."""
    show_running("aim", running, ("best-aim", "odds"), "cancel-aim",
                 say(msg("page.aim.finding"), state.lang))


def show_aim_progress(state: State, tried: int) -> None:
    """The worker's progress while Best aim runs: the candidate aims tried so far."""
    if document.body.hasAttribute("data-aim"):
        el("loading-text").textContent = say(msg("page.aim.tried", n=tried), state.lang)


def with_aim(doc: dict[str, Any], attack: dict[str, Any]) -> dict[str, Any]:
    """The scenario document with an aim's attack fields written in (None removes one),
    as engine.candidates.Aim.apply does."""
    merged = {**doc["attack"]}
    for key, value in attack.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return {**doc, "attack": merged}


def place(state: State, index: int) -> None:
    """Write the aim in row `index` of the table into the scenario, keeping the overlay,
    with every unit the table names in view."""
    ranked = state.aim_ranking or {}
    aims = ranked.get("aims", [])
    if not 0 <= index < len(aims):
        return
    scores = state.aim_scores
    if editor.set_scenario(state, with_aim(sc.to_dict(state.shown), aims[index]["attack"]),
                           redraw=False):
        state.aim_scores, state.aim_ranking = scores, ranked
        show_table(state, index)
        bridge.draw(state)
        board.show_units(state, aimed_units(ranked), legible=True)


def score_cell(aim: dict[str, Any]) -> Element:
    """An aim's score as the table shows it: exact to three places, or an estimate to two
    with its 95 % margin under it ("38.24", "± 2.17"), so the column stays narrow."""
    if "margin" not in aim:
        return make("td", f"{aim['value']:.3f}")
    cell = make("td", f"{aim['value']:.2f}")
    cell.appendChild(make("br"))
    cell.appendChild(make("small", f"± {aim['margin']:.2f}"))
    return cell


def show_table(state: State, placed: int) -> None:
    """The top five aims: rank, the aim with its Place button under it (so that the table
    fits the side panel without scrolling sideways), score, damage to friends and friendly
    risk; under them what the dots on the board mean and, for an estimated ranking, how it
    was estimated."""
    ranked = state.aim_ranking or {}
    table = el("aim-table")
    table.replaceChildren()
    head = make("tr")
    lang = state.lang
    score = objective_words(state).get(ranked.get("objective", ""),
                                       say(msg("page.aim.score"), lang))
    for h in ("#", say(msg("page.aim.col_aim"), lang),
              say(msg("page.aim.col_score", score=score), lang),
              say(msg("page.aim.col_friends"), lang), say(msg("page.aim.col_risk"), lang)):
        head.appendChild(make("th", h, scope="col"))
    table.appendChild(head)
    for i, a in enumerate(ranked.get("aims", [])):
        tr = make("tr", cls="placed" if i == placed else None, data_index=i)
        tr.appendChild(make("td", i + 1))
        cell = make("td", say(words_from_json(a["aim"]), lang))
        cell.appendChild(make("br"))
        cell.appendChild(make("button", say(msg("page.aim.placed") if i == placed
                                            else msg("page.aim.place"), lang), type="button",
                              data_index=i, cls="place-aim"))
        tr.appendChild(cell)
        tr.appendChild(score_cell(a))
        tr.appendChild(make("td", f"{a['friendly_damage']:.3f}"))
        tr.appendChild(make("td", f"{100 * a['friendly_risk']:.1f}%"))
        table.appendChild(tr)
    values = [s["value"] for s in state.aim_scores or []]
    counts = {"legal": ranked.get("candidates", 0), "illegal": ranked.get("illegal", 0),
              "over": ranked.get("over_risk", 0)}
    hexes = any("hex" in s for s in state.aim_scores or [])  # drawn as dots or rings
    legend = (msg("page.aim.legend_hexes" if hexes else "page.aim.legend", score=score,
                  low=min(values), high=max(values), **counts)
              if values else msg("page.aim.legend_no_dots", **counts))
    if ranked.get("bounded"):
        legend = msg("page.aim.legend_bounded", legend=legend, n=ranked["bounded"])
    by = "page.html.aim_by_odds"
    if ranked.get("estimated"):
        legend = msg("page.aim.legend_estimated", legend=legend, runs=max(
            (a.get("runs", 0) for a in ranked.get("aims", [])), default=0))
        by = "page.html.aim_by_estimates"
    el("aim-legend").textContent = say(legend, lang)
    el("aim-legend").classList.toggle("no-dots", not values)
    el("aim-by").dataset.words = by
    el("aim-by").textContent = say(msg(by), lang)
    el("aim-box").hidden = False


async def on_best_aim(state: State, ev: Event) -> None:
    """Best aim: rank the aims in the odds worker, then place the best and show them all,
    unless the scenario changed meanwhile or Cancel was hit."""
    try:
        objective, risk = chosen()
    except ValueError:
        tell(state, msg("page.aim.bad_risk"))
        return
    bridge.odds_worker(state).on_progress = lambda tried: show_aim_progress(state, tried)
    reply = await bridge.ask_worker(
        state, lambda text: bridge.odds_worker(state).aim(text, objective, risk),
        show_aim_running,
        (msg("page.aim.cancelled"), msg("page.aim.failed"), msg("page.aim.changed")))
    if reply is None:
        return
    if not reply["aim"]["aims"]:
        tell(state, why_none(reply["aim"]), "info")
        return
    state.aim_ranking, state.aim_scores = {**reply["aim"], "objective": objective}, \
        reply["overlay"]
    set_json("last-aim", said_ranking(reply["aim"], state.lang))
    clear_message()
    place(state, 0)
    reveal("aim", "#aim-head")


def aimed_units(ranking: dict[str, Any]) -> list[str]:
    """The units the listed aims fire at (a target, a volley's targets, each shot's), so
    that the board shows every one the table names."""
    out: list[str] = []
    for a in ranking["aims"]:
        attack = a["attack"]
        for fire in (attack, *(attack.get("each_shot") or [])):
            for key in ("target", "targets"):
                value = fire.get(key)
                out += [value] if isinstance(value, str) else list(value or [])
    return list(dict.fromkeys(out))


def why_none(ranking: dict[str, Any]) -> Msg:
    """Why a ranking (`Ranking.to_dict`) lists no aim, as `engine.ranking.Ranking.why_none`
    names it: every scored aim is past the friendly-risk limit; the rules accept none; or
    there is nothing to aim at."""
    why = ranking["why_none"]
    if why == "risk":
        return msg("page.aim.none_risk")
    return msg("page.aim.none_to_aim" if why == "nothing" else "page.aim.none")


def said_ranking(ranking: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """The worker's ranking (its aims named by messages, `Ranking.to_dict(lang=None)`) with
    each aim named in `lang`: as the command line's ``aim --json`` prints it."""
    return {**ranking, "aims": [{**a, "aim": say(words_from_json(a["aim"]), lang)}
                                for a in ranking["aims"]]}


def on_aim_table_click(state: State, ev: Event) -> None:
    """A tap on Place: that aim goes into the scenario."""
    index = ev.target.getAttribute("data-index") if ev.target else None
    if index is not None and "place-aim" in str(ev.target.className):
        place(state, int(index))


def on_cancel_aim(state: State, ev: Event) -> None:
    """Cancel: stop the worker (the next Odds or Best aim starts a fresh one)."""
    if state.odds_worker is not None:
        state.odds_worker.cancel()

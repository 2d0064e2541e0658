"""The panels beside the board: the step log with its clauses, the effects, the odds table."""

from __future__ import annotations

from typing import Any

from engine.clauses import clause_text
from engine.names import shown_names
from engine.render.oddswords import OddsView, Row, idle_words, mean, odds_view, pct
from engine.render.summary import dice_words
from engine.render.tally import Line, result_text, squad_name, squads, tally_lines
from engine.scenario import Scenario
from engine.words import Lang, Msg, msg, say

from .board import svg_node
from .dom import Element, absent, el, make
from .state import State
from .words import in_words


def die_face(die: object) -> str:
    """One die as players read it: its number, "HIT", or an arrow's bearing in degrees."""
    if isinstance(die, float) and not die.is_integer():
        return f"\u2192 {die:.0f}\u00b0"
    if isinstance(die, float):
        return str(int(die))
    return str(die)


def roll_node(scenario: Scenario, roll: dict[str, Any], lang: Lang) -> Element:
    """A roll as dice faces and, for several dice, their total: "scatter distance [2] [3]
    = 5" (its label as the resolution said it, in `lang`)."""
    node = make("span", cls="roll")
    node.appendChild(make("span", in_words(scenario, str(roll.get("label", "")), lang),
                          cls="roll-label"))
    dice = roll.get("dice")
    dice = dice if isinstance(dice, list) else [dice]
    for die in dice:
        face = die_face(die)
        node.appendChild(make("span", face, cls="die" if len(face) <= 3 else "die wide"))
    value = roll.get("value")
    if len(dice) > 1 or die_face(value) != die_face(dice[0]):
        node.appendChild(make("span", f"= {die_face(value)}", cls="total"))
    return node


def show_log(state: State) -> None:
    """The resolution's steps (up to the step shown while stepping), each citing its clause."""
    lang = state.lang
    log, status, effects = el("log"), el("log-status"), el("effects")
    log.replaceChildren()
    effects.replaceChildren()
    show_result(state)
    if state.res_dict is None:
        status.textContent = say(msg("page.log.idle"), lang)
        el("step").textContent = say(msg("page.log.step"), lang)
        return
    steps = state.res_dict.get("steps", [])
    shown = steps if state.step is None else steps[: state.step + 1]
    cited = set()
    for i, st in enumerate(shown):
        clause = str(st.get("clause", ""))
        li = make("li", cls="step", data_clause=clause, data_index=i)
        ctext = in_words(state.shown, clause_text(clause, lang), lang)
        li.appendChild(make("a", clause, cls="clause", href=f"#rule-{clause}",
                            title=say(msg("page.log.rule", clause=clause, text=ctext), lang),
                            data_clause=clause))
        if ctext and clause not in cited:  # the clause's text once; later one tap away
            li.appendChild(make("span", f" — {ctext}", cls="clause-text"))
        cited.add(clause)
        li.appendChild(make("span", in_words(state.shown, str(st.get("text", "")), lang),
                            cls="step-text"))
        if st.get("rolls"):
            rolls = make("span", cls="rolls")
            for roll in st["rolls"]:
                rolls.appendChild(roll_node(state.shown, roll, lang))
            li.appendChild(rolls)
        log.appendChild(li)
    if state.step is None:
        seed = state.res_dict.get("seed")
        status.textContent = say(msg("page.log.status_scripted", n=len(steps)) if seed is None
                                 else msg("page.log.status", seed=seed, n=len(steps)), lang)
        el("step").textContent = say(msg("page.log.step"), lang)
        show_effects(state, effects)
    else:
        status.textContent = say(msg("page.log.at_step", i=state.step + 1, n=len(steps)), lang)
        last = log.lastElementChild
        if not absent(last):  # marked, never scrolled to: the board stays where it is
            last.classList.add("current")
        done = state.step >= len(steps) - 1
        el("step").textContent = say(msg("page.log.restart") if done else msg("page.log.next"),
                                     lang)
        if done:
            show_effects(state, effects)


def show_result(state: State) -> None:
    """What the player reads at a glance, kept in step with the board: the summary under
    the board (one line per unit something happened to), the step caption over it with
    Back and Next, and the board's text alternative."""
    show_summary(state)
    show_caption(state)
    announce(state)


def announce(state: State) -> None:
    """The live region: what a screen reader says after Roll and after every step."""
    res, steps = state.resolution, (state.res_dict or {}).get("steps", [])
    if res is None:
        text = ""
    elif state.step is None:
        text = say(msg("page.announce.rolled",
                       result=result_text(state.shown, res, lang=state.lang)), state.lang)
    else:
        st = steps[state.step]
        text = say(msg("page.announce.step", i=state.step + 1, n=len(steps),
                       clause=str(st.get("clause", "")), text=str(st.get("text", ""))),
                   state.lang)
    el("announce").textContent = text


def show_summary(state: State) -> None:
    """The summary under the board: the result so far, one line per touched unit."""
    lang = state.lang
    box, dice = el("summary-list"), el("summary-dice")
    box.replaceChildren()
    s, res = state.shown, state.resolution
    if res is None:
        dice.textContent = say(msg("page.summary.idle", dice=dice_words(s, lang=lang)), lang)
        box.appendChild(make("li", say(msg("page.summary.hint"), lang), cls="hint"))
        return
    seed = (state.res_dict or {}).get("seed")
    words: Msg
    if state.entered is not None:  # "I rolled" (page/irolled.py) is asking for dice
        words = msg("page.summary.entered", n=len(state.entered))
    elif seed is None:
        words = msg("page.summary.scripted_so_far" if stepping(state)
                    else "page.summary.scripted")
    else:
        words = msg("page.summary.seed_so_far" if stepping(state) else "page.summary.seed",
                    seed=seed)
    dice.textContent = say(words, lang)
    lines = tally_lines(s, res, state.step, so_far=state.entered is not None, lang=lang)
    for line in lines:
        box.appendChild(line_node(line))
    if not lines:
        box.appendChild(make("li", say(msg("page.summary.nothing_yet") if stepping(state)
                                       else msg("page.summary.nothing_hit"), lang),
                             cls="hint"))


def stepping(state: State) -> bool:
    """Whether a step before the last is shown (the result is not complete yet)."""
    steps = (state.res_dict or {}).get("steps", [])
    return state.step is not None and state.step < len(steps) - 1


def show_caption(state: State) -> None:
    """While stepping: the step's clause and words over the board, with Back and Next."""
    caption = el("caption")
    steps = (state.res_dict or {}).get("steps", [])
    if state.step is None or not steps:
        caption.hidden = True
        return
    st = steps[state.step]
    text = el("caption-text")
    text.replaceChildren()
    text.appendChild(make("span", say(msg("page.caption.count", i=state.step + 1,
                                          n=len(steps)), state.lang), cls="count"))
    text.appendChild(make("span", str(st.get("clause", "")), cls="clause"))
    text.appendChild(make("span", str(st.get("text", "")), cls="words"))
    el("step-back").disabled = state.step == 0
    el("step-next").disabled = state.step >= len(steps) - 1
    caption.hidden = False


def line_node(line: Line) -> Element:
    """One result line: a unit's line as players count it, the line per model (or per
    support) folded behind it in a <details>; each model's line keeps its data-unit."""
    if not line.units:  # a Robotech missile that came down on no unit
        return make("li", line.text, data_missile=line.key)
    if not line.detail:
        return make("li", line.text, data_unit=line.key)
    li = make("li", cls="tally", data_group=line.key)
    fold = make("details")
    fold.appendChild(make("summary", line.text))
    ul = make("ul", cls="tally-detail")
    for uid, text in line.detail:
        ul.appendChild(make("li", text, data_unit=uid))
    fold.appendChild(ul)
    li.appendChild(fold)
    return li


def show_effects(state: State, box: Element) -> None:
    """The effects under the log, as plain sentences, for the units something happened to."""
    lines = tally_lines(state.shown, state.resolution, lang=state.lang)
    box.appendChild(make("h3", say(msg("page.effects"), state.lang)))
    ul = make("ul")
    for line in lines:
        ul.appendChild(line_node(line))
    if not lines:
        ul.appendChild(make("li", say(msg("page.effects.none"), state.lang)))
    box.appendChild(ul)


def show_odds(state: State, d: dict[str, Any]) -> None:
    """The odds from Odds.to_dict() as players read them (engine.render.oddswords): the
    method, one row per unit (a 40K unit led by the models it loses), the target's first,
    the lead figures under the table, the units with nothing at stake in one line, and the
    per-model figures folded behind a <details>."""
    lang = state.lang
    el("odds-method").textContent = method_words(d, lang)
    view = odds_view(state.shown, d, lang=lang)
    fill_table(el("odds-table"), view.headers, view.rows)
    box = el("odds-table").closest(".table-scroll")
    for old in el("odds-box").querySelectorAll(".odds-more"):
        old.remove()
    after = make("div", cls="odds-more")
    after.appendChild(make("p", view.lead, cls="odds-lead"))
    if view.idle:
        after.appendChild(make("p", idle_words(view, lang=lang), cls="odds-idle"))
    if view.models:
        fold = make("details", cls="odds-models")
        fold.appendChild(make("summary", say(msg("page.odds.per_model"), lang)))
        wrap = make("div", cls="table-scroll", tabindex="0", role="region",
                    aria_label=say(msg("page.odds.per_model_aria"), lang))
        table = make("table", cls="odds")
        fill_table(table, view.model_headers, view.models)
        wrap.appendChild(table)
        fold.appendChild(wrap)
        after.appendChild(fold)
    box.after(after)
    show_charts(state, d, view)
    el("odds-box").hidden = False


def method_words(d: dict[str, Any], lang: Lang) -> str:
    """How the odds were found, as the Odds panel's head says it: "exact", or
    "monte-carlo, 20000 trials"."""
    method, trials = d.get("method", ""), d.get("trials")
    if method == "exact" and not trials:
        return say(msg("page.odds.exact"), lang)
    if method == "monte-carlo":
        return say(msg("page.odds.monte_trials", trials=trials) if trials
                   else msg("page.odds.monte"), lang)
    return str(method) + (f", {trials} trials" if trials else "")


def fill_table(table: Element, headers: tuple[str, ...], rows: tuple[Row, ...]) -> None:
    """A table of odds rows under their headers (a row's first cell is its name)."""
    table.replaceChildren()
    head = make("tr")
    for h in headers:
        head.appendChild(make("th", h, scope="col"))
    table.appendChild(head)
    for row in rows:
        tr = make("tr", **{f"data_{row.kind}": row.key})
        tr.appendChild(make("td", row.name))
        for cell in row.cells:
            tr.appendChild(make("td", cell))
        table.appendChild(tr)


HITS_WORDS = {"robotech": msg("page.chart.templates"), "heresy": msg("page.chart.hits"),
              "battletech": msg("page.chart.groups")}
"""What a unit's `hits` distribution counts, in each system's words."""
SURPRISES = {"heresy": msg("page.odds.surprise.heresy")}
"""A line above the charts where a system's figures read oddly without it."""


def show_charts(state: State, d: dict[str, Any], view: OddsView) -> None:
    """Per unit and per group: bar charts of the distributions the engine computed
    (damage, hits, models removed), each with its expected value and "at least" read-out;
    in the table's order (the target's unit first), the per-model cards of a 40K unit and
    the cards of units with nothing at stake folded behind a <details>."""
    from engine.render.chart import bar_chart  # svgwrite: loaded once the board is drawn

    lang = state.lang
    box = el("odds-charts")
    box.replaceChildren()
    system = state.shown.system
    if system in SURPRISES:
        box.appendChild(make("p", say(SURPRISES[system], lang), cls="surprise"))
    groups, units = d.get("groups") or {}, d.get("units") or {}
    lead = [(r.name, r.key, r.kind, (groups if r.kind == "group" else units)[r.key])
            for r in view.rows]
    shown = {key for _, key, _, _ in lead}
    rest = [(r.name, r.key, "unit", units[r.key]) for r in view.models if r.key not in shown]
    names, members = shown_names(state.shown.units), squads(state.shown)  # once, not per card
    rest += [(squad_name(gid, members.get(gid, []), names, lang=lang), gid, "group", g)
             for gid, g in groups.items() if gid not in shown]
    shown |= {key for _, key, _, _ in rest}
    rest += [(names.get(uid, uid), uid, "unit", u) for uid, u in units.items()
             if uid not in shown]
    fold = make("details", cls="odds-rest")
    fold.appendChild(make("summary", say(msg("page.odds.rest_heresy") if system == "heresy"
                                         else msg("page.odds.rest"), lang)))
    for cards, into in ((lead, box), (rest, fold)):
        for title, key, kind, figures in cards:
            into.appendChild(chart_card(title, key, kind, figures, system, bar_chart, lang))
    if rest:
        box.appendChild(fold)


def chart_card(title: str, key: str, kind: str, figures: dict[str, Any], system: str,
               bar_chart: Any, lang: Lang) -> Element:
    """One unit's (or 40K unit's) card of bar charts, in `lang`."""
    charts = ((("removed", msg("page.chart.removed")), ("hits", msg("page.chart.hits")))
              if kind == "group"
              else (("damage", msg("page.chart.damage")), ("hits", HITS_WORDS[system])))
    card = make("section", cls=f"odds-card {kind}", **{f"data_{kind}": key})
    card.appendChild(make("h3", title))
    for name, what in charts:
        dist = figures.get(name)
        if not dist:
            continue
        fig = make("figure", cls="chart-box", data_chart=name)
        fig.appendChild(make("figcaption", say(msg("page.chart.caption", what=what,
                                                    mean=mean(dist)), lang)))
        fig.appendChild(svg_node(bar_chart(dist, say(what, lang),
                                           figures.get(f"{name}_at_least"), lang=lang)))
        fig.appendChild(make("p", at_least_text(figures.get(f"{name}_at_least"), lang),
                             cls="at-least"))
        card.appendChild(fig)
    return card


def at_least_text(at_least: dict[str, Any] | None, lang: Lang) -> str:
    """The "at least N" read-out: "at least 1: 78.2 %, at least 2: 75.3 %", each figure
    kept whole (a no-break space before its %: the read-out wraps in a narrow card)."""
    items = sorted(((float(v), v, p) for v, p in (at_least or {}).items()), key=lambda t: t[0])
    said = [msg("page.chart.at_least", v=v, p=pct(p).replace(" %", "\u00a0%"))
            for n, v, p in items if n > 0]
    return say(msg("page.chart.at_least_all", items=said), lang) if said else ""

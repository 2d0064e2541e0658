"""The panels beside the board: the step log with its clauses, the effects, the odds table."""

from __future__ import annotations

from typing import Any

from engine.clauses import clause_text
from engine.render.summary import dice_words, result_text, summary_lines
from engine.scenario import Scenario

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


def roll_node(scenario: Scenario, roll: dict[str, Any]) -> Element:
    """A roll as dice faces and, for several dice, their total: "scatter distance [2] [3]
    = 5"."""
    node = make("span", cls="roll")
    node.appendChild(make("span", in_words(scenario, str(roll.get("label", ""))),
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
    log, status, effects = el("log"), el("log-status"), el("effects")
    log.replaceChildren()
    effects.replaceChildren()
    show_result(state)
    if state.res_dict is None:
        status.textContent = "— press Roll, or Step through it"
        el("step").textContent = "Step"
        return
    steps = state.res_dict.get("steps", [])
    shown = steps if state.step is None else steps[: state.step + 1]
    cited = set()
    for i, st in enumerate(shown):
        clause = str(st.get("clause", ""))
        li = make("li", cls="step", data_clause=clause, data_index=i)
        ctext = in_words(state.shown, clause_text(clause))
        li.appendChild(make("a", clause, cls="clause", href=f"#rule-{clause}",
                            title=f"The rule {clause}: {ctext}", data_clause=clause))
        if ctext and clause not in cited:  # the clause's text once; later one tap away
            li.appendChild(make("span", f" — {ctext}", cls="clause-text"))
        cited.add(clause)
        li.appendChild(make("span", in_words(state.shown, str(st.get("text", ""))),
                            cls="step-text"))
        if st.get("rolls"):
            rolls = make("span", cls="rolls")
            for roll in st["rolls"]:
                rolls.appendChild(roll_node(state.shown, roll))
            li.appendChild(rolls)
        log.appendChild(li)
    if state.step is None:
        status.textContent = f"seed {state.res_dict.get('seed')} · {len(steps)} steps"
        el("step").textContent = "Step"
        show_effects(state, effects)
    else:
        status.textContent = f"step {state.step + 1} of {len(steps)}"
        last = log.lastElementChild
        if not absent(last):  # marked, never scrolled to: the board stays where it is
            last.classList.add("current")
        done = state.step >= len(steps) - 1
        el("step").textContent = "Restart steps" if done else "Next step"
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
        text = f"Rolled. {result_text(state.shown, res)}"
    else:
        st = steps[state.step]
        text = (f"Step {state.step + 1} of {len(steps)}, {st.get('clause', '')}: "
                f"{st.get('text', '')}")
    el("announce").textContent = text


def show_summary(state: State) -> None:
    """The summary under the board: the result so far, one line per touched unit."""
    box, dice = el("summary-list"), el("summary-dice")
    box.replaceChildren()
    s, res = state.shown, state.resolution
    if res is None:
        dice.textContent = f"— not rolled yet · {dice_words(s)}"
        box.appendChild(make("li", "Press Roll to resolve the attack, or Step to follow it "
                                   "rule by rule.", cls="hint"))
        return
    seed = (state.res_dict or {}).get("seed")
    if state.entered is not None:  # "I rolled" (page/irolled.py) is asking for dice
        dice.textContent = f"— so far, {len(state.entered)} dice entered"
    else:
        dice.textContent = ("— " + ("scripted dice" if seed is None else f"seed {seed}")
                            + (" · so far" if stepping(state) else ""))
    lines = summary_lines(s, res, state.step, so_far=state.entered is not None)
    for uid, line in lines:
        box.appendChild(make("li", line, data_unit=uid))
    if not lines:
        box.appendChild(make("li", "Nothing has happened to any unit yet." if stepping(state)
                             else "Nothing was hit.", cls="hint"))


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
    text.appendChild(make("span", f"Step {state.step + 1} of {len(steps)}", cls="count"))
    text.appendChild(make("span", str(st.get("clause", "")), cls="clause"))
    text.appendChild(make("span", str(st.get("text", "")), cls="words"))
    el("step-back").disabled = state.step == 0
    el("step-next").disabled = state.step >= len(steps) - 1
    caption.hidden = False


def unit_name(state: State, uid: str) -> str:
    """A unit as "name (id)", or its id when it has no other name."""
    for u in state.shown.units:
        if u.id == uid:
            return f"{u.name} ({uid})" if u.name and u.name != uid else uid
    return uid


def show_effects(state: State, box: Element) -> None:
    """The effects under the log, as plain sentences, for the units something happened to."""
    lines = summary_lines(state.shown, state.resolution)
    box.appendChild(make("h3", "Effects"))
    ul = make("ul")
    for uid, line in lines:
        ul.appendChild(make("li", line, data_unit=uid))
    if not lines:
        ul.appendChild(make("li", "Nothing happened to any unit."))
    box.appendChild(ul)


def pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * float(p):.1f} %"


def show_odds(state: State, d: dict[str, Any]) -> None:
    """The odds table from Odds.to_dict(): method, then P(hit), P(damaged), E[damage] per unit."""
    el("odds-method").textContent = (
        d.get("method", "") + (f", {d['trials']} trials" if d.get("trials") else "")
    )
    table = el("odds-table")
    table.replaceChildren()
    head = make("tr")
    for h in ("Unit", "P(hit)", "P(damaged)", "E[damage]"):
        head.appendChild(make("th", h, scope="col"))
    table.appendChild(head)
    for uid, u in (d.get("units") or {}).items():
        tr = make("tr", data_unit=uid)
        tr.appendChild(make("td", unit_name(state, uid)))
        tr.appendChild(make("td", pct(u.get("p_hit"))))
        tr.appendChild(make("td", pct(u.get("p_damaged"))))
        e = u.get("expected_damage")
        tr.appendChild(make("td", "—" if e is None else f"{float(e):.2f}"))
        table.appendChild(tr)
    show_charts(state, d)
    el("odds-box").hidden = False


HITS_WORDS = {"robotech": "templates over it", "heresy": "hits",
              "battletech": "damage groups"}
"""What a unit's `hits` distribution counts, in each system's words."""
SURPRISES = {
    "heresy": ("Wounds from a blast go to the closest model first (HH-8), so a model can be "
               "under the marker often and still rarely lose a Wound: the squad's "
               "models-removed chart is the figure that counts."),
}
"""A line above the charts where a system's figures read oddly without it."""


def show_charts(state: State, d: dict[str, Any]) -> None:
    """Per unit and per group: bar charts of the distributions the engine computed
    (damage, hits, models removed), each with its expected value and "at least" read-out."""
    from engine.render.chart import bar_chart  # svgwrite: loaded once the board is drawn

    box = el("odds-charts")
    box.replaceChildren()
    system = state.shown.system
    if system in SURPRISES:
        box.appendChild(make("p", SURPRISES[system], cls="surprise"))
    cards = [(f"Group {gid}", gid, "group", g, (("removed", "models removed"),
                                                ("hits", "hits")))
             for gid, g in (d.get("groups") or {}).items()]
    cards += [(unit_name(state, uid), uid, "unit", u, (("damage", "damage"),
                                                       ("hits", HITS_WORDS[system])))
              for uid, u in (d.get("units") or {}).items()]
    for title, key, kind, figures, charts in cards:
        card = make("section", cls=f"odds-card {kind}", **{f"data_{kind}": key})
        card.appendChild(make("h3", title))
        for name, what in charts:
            dist = figures.get(name)
            if not dist:
                continue
            fig = make("figure", cls="chart-box", data_chart=name)
            fig.appendChild(make("figcaption", what.capitalize() + expected(dist)))
            fig.appendChild(svg_node(bar_chart(dist, what, figures.get(f"{name}_at_least"))))
            fig.appendChild(make("p", at_least_text(figures.get(f"{name}_at_least")),
                                 cls="at-least"))
            card.appendChild(fig)
        box.appendChild(card)


def expected(dist: dict[str, Any]) -> str:
    """ " · expected 1.54" from a value -> probability distribution."""
    mean = sum(float(v) * float(p) for v, p in dist.items())
    return f" · expected {mean:.2f}"


def at_least_text(at_least: dict[str, Any] | None) -> str:
    """The "at least N" read-out: "at least 1: 78.2 %, at least 2: 75.3 %"."""
    items = sorted(((float(v), v, p) for v, p in (at_least or {}).items()), key=lambda t: t[0])
    return ", ".join(f"at least {v}: {pct(p)}" for n, v, p in items if n > 0) or ""

"""The panels beside the board: the step log with its clauses, the effects, the odds table."""

from __future__ import annotations

from engine.clauses import clause_text
from engine.log import effect_text
from engine.render_summary import dice_words, summary_lines

from .dom import absent, el, make
from .state import State


def rolls_text(rolls) -> str:
    """A step's dice as "label: [d d] → value; ..."."""
    parts = []
    for r in rolls or []:
        dice = r.get("dice")
        dice_s = " ".join(str(d) for d in dice) if isinstance(dice, list) else str(dice)
        parts.append(f"{r.get('label', '')}: [{dice_s}] → {r.get('value')}")
    return "; ".join(parts)


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
        li.appendChild(make("span", clause, cls="clause"))
        ctext = clause_text(clause)
        if ctext and clause not in cited:  # the clause's text once; later as a tooltip
            li.appendChild(make("span", f" — {ctext}", cls="clause-text"))
        elif ctext:
            li.setAttribute("title", f"{clause} — {ctext}")
        cited.add(clause)
        li.appendChild(make("span", st.get("text", ""), cls="step-text"))
        rt = rolls_text(st.get("rolls"))
        if rt:
            li.appendChild(make("span", rt, cls="rolls"))
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


def show_summary(state: State) -> None:
    """The summary under the board: the result so far, one line per touched unit."""
    box, dice = el("summary-list"), el("summary-dice")
    box.replaceChildren()
    s, res = state.scenario, state.resolution
    if res is None:
        dice.textContent = f"— not rolled yet · {dice_words(s)}"
        box.appendChild(make("li", "Press Roll to resolve the attack, or Step to follow it "
                                   "rule by rule.", cls="hint"))
        return
    seed = (state.res_dict or {}).get("seed")
    dice.textContent = ("— " + ("scripted dice" if seed is None else f"seed {seed}")
                        + (" · so far" if stepping(state) else ""))
    lines = summary_lines(s, res, state.step)
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
    for u in state.scenario.units:
        if u.id == uid:
            return f"{u.name} ({uid})" if u.name and u.name != uid else uid
    return uid


def show_effects(state: State, box) -> None:
    eff = (state.res_dict or {}).get("effects") or {}
    if not eff:
        return
    box.appendChild(make("h3", "Effects"))
    ul = make("ul")
    for uid, what in eff.items():
        ul.appendChild(make("li", f"{unit_name(state, uid)} — {effect_text(what)}", data_unit=uid))
    box.appendChild(ul)


def pct(p) -> str:
    return "—" if p is None else f"{100 * float(p):.1f} %"


def show_odds(state: State, d: dict) -> None:
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
    el("odds-box").hidden = False

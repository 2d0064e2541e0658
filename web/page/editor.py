"""The editor: the scenario shown in its fields (title, seed, units, JSON, system and demo
selects), and the edits of those fields, each validated before it replaces the scenario."""

from __future__ import annotations

import random
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.errors import ScatterlabError, ScenarioError
from engine.names import shown_name, shown_names
from engine.render import notes as render_notes
from engine.words import Lang, msg, say

from . import bridge
from .dom import (
    Element,
    Event,
    absent,
    attr,
    clear_message,
    describe,
    described,
    el,
    make,
    set_json,
    tell,
)
from .panels import show_log
from .slices import breathe, settle
from .state import State
from .words import in_words

SEED_MAX = 2**31 - 1  # New seed draws from 1 .. SEED_MAX - 1


def set_scenario(state: State, new: sc.Scenario | dict[str, Any] | str, *,
                 keep_result: bool = False, redraw: bool = True, settle: bool = True) -> bool:
    """Validate and show a scenario (a dict or a Scenario); on error keep the previous one
    (and when drawing it fails, keep the previous one and raise).

    `redraw=False` keeps the board on screen (it already shows this scenario);
    `settle=False` leaves the autosave and the panels that follow the scenario (`settle_scenario`)
    to the caller, as the start does once the page is ready to Roll."""
    try:
        scenario = bridge.load(new)
    except ScatterlabError as err:
        tell(state, described(err))
        fill_fields(state)  # put the fields back to the kept state
        return False
    previous, state.scenario = state.scenario, scenario
    if not keep_result:
        state.resolution = state.res_dict = state.step = state.odds = None
        state.aim_ranking = state.aim_scores = None
        el("aim-box").hidden = True
        set_json("last-resolution", None)
        set_json("last-odds", None)
        show_log(state)
        el("odds-box").hidden = True
    el("share-box").hidden = True
    fill_fields(state)
    if redraw:
        try:
            bridge.draw(state)
        except Exception:  # a scenario the page cannot draw is neither kept nor saved
            state.scenario = previous
            fill_fields(state)
            raise
    if settle:
        settle_scenario(state)
    # what the page shows, once it is drawn (work in slices may have paused before)
    document.body.dataset.demo = state.demo_file or ""
    document.body.dataset.system = scenario.system
    return True


def settle_scenario(state: State) -> None:
    """After a scenario is shown and drawn: what follows the scenario (`state.watchers`:
    the autosave, which checks that it resolves, then the Build and My scenarios panels)."""
    for watch in state.watchers:
        watch(state)


def fill_fields(state: State) -> None:
    """Every field from the scenario shown."""
    s = state.scenario
    if s is None:
        return
    title, notes = sc.titled(s, state.lang)
    el("title").textContent = title or say(msg("page.untitled_scenario"), state.lang)
    show_notes(el("notes"), notes or "")
    el("notes-box").hidden = not notes
    show_dice_mode(state, s)
    el("json").value = sc.dumps(s)
    if el("system").value != s.system:
        el("system").value = s.system
        fill_demo_select(state, s.system)
    demo = el("demo")
    demo.value = (
        state.demo_file if state.demo_file and demo_of(state, state.demo_file, s.system) else ""
    )
    fill_units(state)


NOTE_TAGS = {"": None, "strong": "strong", "em": "em", "code": "code"}


def show_notes(box: Element, notes: str) -> None:
    """The notes from their safe Markdown subset (engine.render.notes) as DOM nodes:
    paragraphs, lists and emphasis, every character of the text set as text."""
    box.replaceChildren()
    for block in render_notes.blocks(notes):
        parent = make(block.kind) if block.kind != "p" else box
        for runs in block.items:
            holder = make("p" if block.kind == "p" else "li")
            for run in runs:
                tag = NOTE_TAGS.get(run.style)
                holder.appendChild(make(tag, run.text) if tag
                                   else document.createTextNode(run.text))
            parent.appendChild(holder)
        if parent is not box:
            box.appendChild(parent)


def show_dice_mode(state: State, s: sc.Scenario) -> None:
    """Which dice Roll uses, visibly: the scenario's scripted dice (a demo's story, as
    `python -m engine resolve` plays them) or its seed. A seed typed in, or New seed,
    switches to seeded dice; a share link keeps whichever the scenario holds."""
    seed, mode = el("seed"), el("dice-mode")
    if s.dice:
        seed.value = ""
        seed.placeholder = say(msg("page.dice.scripted_placeholder"), state.lang)
        mode.dataset.mode = "scripted"
        mode.textContent = say(msg("page.dice.scripted", n=len(s.dice)), state.lang)
    else:
        shown = systems.DEFAULT_SEED if s.seed is None else s.seed
        seed.value = str(shown)
        seed.placeholder = ""
        mode.dataset.mode = "seeded"
        mode.textContent = say(msg("page.dice.seeded", seed=shown), state.lang)


ROWS_AT_ONCE = 25
"""Unit rows styled and laid out together when the list is filled in slices (500 rows
are some 3,000 elements: all at once, a pass of 30 to 60 ms)."""


def fill_units(state: State) -> None:
    """One row per unit: its name, and its hex or its x, y in inches, each field labelled
    with the unit's name. Rows made for the same units (ids, sides, hex or table) in the
    same language are refilled in place (`refill_units`): an edit on a board of 500
    units then redraws no row (remaking them all is some 3,000 elements to style and
    lay out again)."""
    box = el("units")
    units = state.shown.data.get("units", [])  # only read: no copy of the document per edit
    shape = (state.lang, *((str(u.get("id", i)), str(u.get("side", "")), "hex" in u)
                          for i, u in enumerate(units)))
    if shape == state.unit_rows and box.childElementCount == len(units):
        refill_units(state, box, units)
        return
    state.unit_rows = shape
    box.replaceChildren()
    names = shown_names(state.shown.units)  # once: one shown_name per unit reads all units
    for i, unit in enumerate(units):
        if i % ROWS_AT_ONCE == 0:
            settle(state, box)
        uid = str(unit.get("id", i))
        who = names[state.shown.units[i].id]
        is_hex = "hex" in unit
        row = make("div", cls="unit-row hex" if is_hex else "unit-row", data_unit=uid)
        # the id and the side are what the player typed: no language (translate="no")
        row.appendChild(make("div", f"{uid} · {unit.get('side', '')}", cls="who",
                             translate="no"))
        name = field(state, i, "name", who, unit.get("name", ""), "text")
        name.lastElementChild.setAttribute("placeholder", uid)
        row.appendChild(name)
        for key in row_keys(unit):
            row.appendChild(field(state, i, key, who, unit.get(key, ""), kind_of(key)))
        box.appendChild(row)
        breathe(state)  # rows laid out ROWS_AT_ONCE at a time, made one at a time


def row_keys(unit: dict[str, Any]) -> tuple[str, ...]:
    """The fields of a unit's row after its name: its hex, or its x and y."""
    return ("hex",) if "hex" in unit else ("x", "y")


def kind_of(key: str) -> str:
    return "text" if key in ("name", "hex") else "number"


def refill_units(state: State, box: Element, units: list[dict[str, Any]]) -> None:
    """The rows' fields given the units' values and names again, in place. A field whose
    text is not what the page last put there (`show_value`) holds an edit not yet applied
    (a second edit typed while the first is judged, issue 27.7) or refused (marked by
    `mark_invalid`): it keeps its text and its mark, unless the text is the new value."""
    inputs = box.querySelectorAll("input[data-key]")  # row by row: name, then hex or x, y
    names = shown_names(state.shown.units)
    at = 0
    for i, unit in enumerate(units):
        who = names[state.shown.units[i].id]
        for key in ("name", *row_keys(unit)):
            inp = inputs.item(at)
            at += 1
            typed, value = str(inp.value), unit.get(key, "")
            if typed != attr(inp, "data-shown") and typed != shown_text(value):
                continue
            show_value(inp, value)
            inp.setAttribute("aria-label", field_label(state, key, who))
            if inp.hasAttribute("aria-invalid"):
                inp.removeAttribute("aria-invalid")
                inp.removeAttribute("aria-describedby")
                note = document.getElementById(f"{inp.id}-error")
                if not absent(note):
                    note.remove()
        breathe(state)


def shown_text(value: object) -> str:
    return "" if value is None else str(value)


def show_value(inp: Element, value: object) -> None:
    """Put a unit's `value` in its field, and remember it there (data-shown)."""
    inp.value = inp.dataset.shown = shown_text(value)


def field_label(state: State, key: str, who: str) -> str:
    """A unit field's name for screen readers: its unit's name and the field."""
    return say(msg("page.field.aria", who=who, field=msg(f"page.field.word.{key}")), state.lang)


def field(state: State, index: int, key: str, who: str, value: object, kind: str) -> Element:
    """A labelled input for units[index][key] (its label the message ``page.field.<key>``),
    named for screen readers by its unit."""
    wrap = make("label", say(msg(f"page.field.{key}"), state.lang))
    inp = make("input", type=kind, data_index=index, data_key=key,
               aria_label=field_label(state, key, who), id=f"unit-{index}-{key}")
    if kind == "number":
        inp.setAttribute("step", "0.1")
        inp.setAttribute("inputmode", "decimal")
    if key == "hex":
        inp.setAttribute("inputmode", "numeric")
        inp.setAttribute("maxlength", "4")
        inp.setAttribute("pattern", "[0-9]{4}")
    show_value(inp, value)
    wrap.appendChild(inp)
    return wrap


def mark_invalid(inp: Element, text: str) -> None:
    """Keep the bad value in its field, mark it, and say why beside it, in view."""
    for old in document.querySelectorAll("#units .field-error"):
        old.remove()
    inp.setAttribute("aria-invalid", "true")
    note = make("p", text, cls="field-error", id=f"{inp.id}-error", role="alert")
    inp.setAttribute("aria-describedby", note.id)
    row = inp.closest(".unit-row")
    row.appendChild(note)
    note.scrollIntoView(to_js({"block": "center"}, dict_converter=js.Object.fromEntries))


def on_unit_field(state: State, ev: Event) -> None:
    """A unit's field edited: the scenario moves on, or the field says what is wrong."""
    inp = ev.target
    if not inp.dataset.key:
        return
    index, key = int(inp.dataset.index), str(inp.dataset.key)
    who = shown_name(state.shown.units[index], state.shown.units)
    data = sc.to_dict(state.shown)
    raw = str(inp.value).strip()
    value: object = raw
    if key in ("x", "y"):
        try:
            value = float(raw)
            value = int(value) if value == int(value) else round(value, 3)
        except ValueError:
            mark_invalid(inp, say(msg("page.field.inches", who=who, what=key), state.lang))
            return
    data["units"][index][key] = value
    try:
        scenario = bridge.load(data)
    except ScatterlabError as err:
        mark_invalid(inp, say(err.words, state.lang) if isinstance(err, ScenarioError)
                     else in_words(state.shown, err.said(state.lang), state.lang))
        return
    if set_scenario(state, scenario):
        show_value(inp, value)  # as the scenario holds it ("10.0" is 10)
        clear_message()


def on_seed(state: State, ev: Event) -> None:
    raw = str(el("seed").value).strip()
    try:
        seed = int(raw)
        if not 0 <= seed <= sc.SEED_MAX:
            raise ValueError
    except ValueError:
        tell(state, msg("page.field.seed", most=sc.SEED_MAX))
        fill_fields(state)
        return
    if seed == state.shown.seed and not state.shown.dice:
        return
    try:
        new = sc.with_seed(state.shown, seed)
    except ScatterlabError as err:
        tell(state, described(err))
        fill_fields(state)
        return
    if set_scenario(state, new):
        clear_message()


def on_new_seed(state: State, ev: Event) -> None:
    """New seed: a random seed (dropping scripted dice), then Roll."""
    seed = random.randrange(1, SEED_MAX)
    try:
        new = sc.with_seed(state.shown, seed)
    except ScatterlabError as err:
        tell(state, described(err))
        return
    if set_scenario(state, new):
        bridge.on_roll(state, ev)


def on_apply_json(state: State, ev: Event) -> None:
    """Apply JSON: the edited document replaces the scenario, or the error shows beside
    the button (the text is kept so it can be fixed; the scenario is unchanged)."""
    note = el("json-error")
    try:
        new = bridge.load(str(el("json").value))
    except ScatterlabError as err:
        note.textContent = in_words(state.shown, describe(err, state.lang), state.lang)
        note.hidden = False
        el("json").setAttribute("aria-invalid", "true")
        return
    note.hidden = True
    el("json").removeAttribute("aria-invalid")
    if set_scenario(state, new):
        clear_message()


def demo_of(state: State, file: str, system: str | None = None) -> dict[str, Any] | None:
    """The demo list's entry for `file` (of `system`, if given), None if it has none."""
    demos: list[dict[str, Any]] = state.index.get("demos", [])
    for d in demos:
        if d["file"] == file and (system is None or d["system"] == system):
            return d
    return None


def fill_demo_select(state: State, system: str) -> None:
    select = el("demo")
    select.replaceChildren()
    select.appendChild(make("option", say(msg("page.pick_demo"), state.lang), value=""))
    for d in state.index.get("demos", []):
        if d["system"] == system:
            select.appendChild(make("option", demo_title(d, state.lang), value=d["file"]))


def demo_title(demo: dict[str, Any], lang: Lang) -> str:
    """A demo's title as the index lists it (build.py), in `lang` where the demo gives one
    (its ``translations``)."""
    return str(demo.get("titles", {}).get(lang) or demo["title"])


def fill_system_select(state: State) -> None:
    """The rule systems, named in the page's language, the shown one chosen."""
    select = el("system")
    chosen = select.value
    select.replaceChildren()
    for s in state.index.get("systems", []):
        select.appendChild(make("option", say(msg(f"page.system.{s['id']}"), state.lang),
                                value=s["id"]))
    if chosen:
        select.value = chosen

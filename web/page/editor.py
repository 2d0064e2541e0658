"""The editor: the scenario shown in its fields (title, seed, units, JSON, system and demo
selects), and the edits of those fields, each validated before it replaces the scenario."""

from __future__ import annotations

import random

from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.errors import ScatterlabError

from . import bridge
from .dom import clear_message, describe, el, make, set_json, show_message
from .panels import show_log
from .state import State
from .storage import autosave

SEED_MAX = 2**31 - 1  # New seed draws from 1 .. SEED_MAX - 1


def set_scenario(state: State, new, *, keep_result: bool = False, redraw: bool = True) -> bool:
    """Validate and show a scenario (a dict or a Scenario); on error keep the previous one.

    `redraw=False` keeps the board on screen (it already shows this scenario)."""
    try:
        scenario = bridge.load(new)
    except ScatterlabError as err:
        show_message(describe(err))
        fill_fields(state)  # put the fields back to the kept state
        return False
    state.scenario = scenario
    if not keep_result:
        state.resolution = state.res_dict = state.step = state.odds = None
        set_json("last-resolution", None)
        set_json("last-odds", None)
        show_log(state)
        el("odds-box").hidden = True
    el("share-box").hidden = True
    fill_fields(state)
    autosave(state)
    if redraw:
        bridge.draw(state)
    return True


def fill_fields(state: State) -> None:
    """Every field from the scenario shown."""
    s = state.scenario
    if s is None:
        return
    el("title").textContent = s.title or "(untitled scenario)"
    el("notes").textContent = s.notes or ""
    el("notes-box").hidden = not s.notes
    show_dice_mode(s)
    el("json").value = sc.dumps(s)
    if el("system").value != s.system:
        el("system").value = s.system
        fill_demo_select(state, s.system)
    demo = el("demo")
    demo.value = (
        state.demo_file if state.demo_file and demo_of(state, state.demo_file, s.system) else ""
    )
    document.body.dataset.demo = state.demo_file or ""
    document.body.dataset.system = s.system
    fill_units(state)


def show_dice_mode(s: sc.Scenario) -> None:
    """Which dice Roll uses, visibly: the scenario's scripted dice (a demo's story, as
    `python -m engine resolve` plays them) or its seed. A seed typed in, or New seed,
    switches to seeded dice; a share link keeps whichever the scenario holds."""
    seed, mode = el("seed"), el("dice-mode")
    if s.dice:
        seed.value = ""
        seed.placeholder = "scripted"
        mode.dataset.mode = "scripted"
        mode.textContent = (f"Dice: the scenario's {len(s.dice)} scripted dice. "
                            "New seed rolls fresh ones.")
    else:
        shown = systems.DEFAULT_SEED if s.seed is None else s.seed
        seed.value = str(shown)
        seed.placeholder = ""
        mode.dataset.mode = "seeded"
        mode.textContent = f"Dice: seeded, seed {shown}."


def fill_units(state: State) -> None:
    """One row per unit: its name, and its hex or its x, y in inches."""
    box = el("units")
    box.replaceChildren()
    data = sc.to_dict(state.scenario)
    for i, unit in enumerate(data.get("units", [])):
        uid = str(unit.get("id", i))
        is_hex = "hex" in unit
        row = make("div", cls="unit-row hex" if is_hex else "unit-row", data_unit=uid)
        row.appendChild(make("div", f"{uid} · {unit.get('side', '')}", cls="who"))
        name = field(i, "name", "Name", unit.get("name", ""), "text")
        name.lastElementChild.setAttribute("placeholder", uid)
        row.appendChild(name)
        if is_hex:
            row.appendChild(field(i, "hex", "Hex", unit.get("hex", ""), "text"))
        else:
            row.appendChild(field(i, "x", 'x (")', unit.get("x", ""), "number"))
            row.appendChild(field(i, "y", 'y (")', unit.get("y", ""), "number"))
        box.appendChild(row)


def field(index: int, key: str, label: str, value, kind: str):
    """A labelled input for units[index][key]."""
    wrap = make("label", label)
    inp = make("input", type=kind, data_index=index, data_key=key)
    if kind == "number":
        inp.setAttribute("step", "0.1")
        inp.setAttribute("inputmode", "decimal")
    if key == "hex":
        inp.setAttribute("inputmode", "numeric")
        inp.setAttribute("maxlength", "4")
        inp.setAttribute("pattern", "[0-9]{4}")
    inp.value = "" if value is None else str(value)
    wrap.appendChild(inp)
    return wrap


def on_unit_field(state: State, ev) -> None:
    inp = ev.target
    if not inp.dataset.key:
        return
    index, key = int(inp.dataset.index), str(inp.dataset.key)
    data = sc.to_dict(state.scenario)
    raw = str(inp.value)
    value: object = raw
    if key in ("x", "y"):
        try:
            value = float(raw)
            value = int(value) if value == int(value) else round(value, 3)
        except ValueError:
            show_message(f"Invalid edit — units[{index}].{key}: must be a number")
            fill_fields(state)
            return
    data["units"][index][key] = value
    if set_scenario(state, data):
        clear_message()


def on_seed(state: State, ev) -> None:
    raw = str(el("seed").value).strip()
    try:
        seed = int(raw)
        if not 0 <= seed <= sc.SEED_MAX:
            raise ValueError
    except ValueError:
        show_message(f"Invalid edit — seed: must be an integer from 0 to {sc.SEED_MAX}")
        fill_fields(state)
        return
    if seed == state.scenario.seed and not state.scenario.dice:
        return
    try:
        new = sc.with_seed(state.scenario, seed)
    except ScatterlabError as err:
        show_message(describe(err))
        fill_fields(state)
        return
    if set_scenario(state, new):
        clear_message()


def on_new_seed(state: State, ev) -> None:
    """New seed: a random seed (dropping scripted dice), then Roll."""
    seed = random.randrange(1, SEED_MAX)
    try:
        new = sc.with_seed(state.scenario, seed)
    except ScatterlabError as err:
        show_message(describe(err))
        return
    if set_scenario(state, new):
        bridge.on_roll(state, ev)


def on_apply_json(state: State, ev) -> None:
    try:
        new = bridge.load(str(el("json").value))
    except ScatterlabError as err:
        show_message(describe(err))
        return  # keep the text so the user can fix it; the state is unchanged
    if set_scenario(state, new):
        clear_message()


def demo_of(state: State, file: str, system: str | None = None) -> dict | None:
    """The demo list's entry for `file` (of `system`, if given), None if it has none."""
    for d in state.index.get("demos", []):
        if d["file"] == file and (system is None or d["system"] == system):
            return d
    return None


def fill_demo_select(state: State, system: str) -> None:
    select = el("demo")
    select.replaceChildren()
    select.appendChild(make("option", "— pick a demo —", value=""))
    for d in state.index.get("demos", []):
        if d["system"] == system:
            select.appendChild(make("option", d["title"], value=d["file"]))


def fill_system_select(state: State) -> None:
    select = el("system")
    select.replaceChildren()
    for s in state.index.get("systems", []):
        select.appendChild(make("option", s["name"], value=s["id"]))

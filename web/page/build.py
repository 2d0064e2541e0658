"""The Build panel: make your own attack without JSON (issue 15).

Start from the system's starter (engine/build/starters.py), add units from the presets one at a
time or as a squad ("Add N models", engine/build/squads.py), pick the weapon, the attacker and
the targets, edit every field the rules read (engine/build/editing.py's descriptions, drawn by
page/forms.py), the options, and, for BattleTech, the supports and "Next turn". Every
edit goes through `commit`, which hands the document to editor.set_scenario (the parser
judges it) and so to the history; the legality line beside Roll is the engine's verdict
(engine/build/legality.py), and Roll stays disabled with the reason while the setup is illegal.

No drag is needed: a unit is selected by a tap on the board or its button here, then the
arrow keys move it 0.5" (a hex map: one hex; Up north, Down south, Left north-west, Right
north-east, with Shift south-west and south-east), or its x, y or hex is typed. With "Move
all N of its unit" pressed, a drag or an arrow key on one model of a Heresy squad moves the
whole squad.
"""

from __future__ import annotations

import copy

from pyscript import document, window

from engine import scenario as sc
from engine.build import editing, legality, presets, squads, starters
from engine.errors import ScatterlabError
from engine.hexgrid import neighbor
from engine.render.summary import unit_label
from engine.scenario.battletech import STRAFE_MAX
from engine.systems.battletech import next_turn

from . import forms
from .board import board_point, board_svg, hex_at, unit_selector
from .dom import absent, attr, clear_message, describe, el, make, show_message
from .editor import set_scenario
from .state import State

STEP_INCHES = 0.5
SHAPES = (("1", "one model"), ("line", "a line"), ("ranks", "two ranks"), ("blob", "a blob"))
ARROWS = {"ArrowUp": (0, -1, 0, 0), "ArrowDown": (0, 1, 3, 3), "ArrowLeft": (-1, 0, 5, 4),
          "ArrowRight": (1, 0, 1, 2)}  # dx, dy, hex direction, with Shift


# -- committing edits -------------------------------------------------------------------

def doc_of(state: State) -> dict:
    return sc.to_dict(state.scenario)


def commit(state: State, doc: dict) -> bool:
    """Show `doc` if the parser accepts it (set_scenario records it in the history)."""
    if set_scenario(state, doc):
        clear_message()
        return True
    return False


def after_change(state: State) -> None:
    """Watcher of every accepted scenario: history, panel, legality (State.watchers)."""
    state.history.push(doc_of(state))
    if state.selected and all(u.id != state.selected for u in state.scenario.units):
        state.selected = None
    fill(state)
    show_legality(state)
    mark_selected(state)


def mark_selected(state: State) -> None:
    """The selected unit marked on the board (class "selected")."""
    for node in document.querySelectorAll("#board [data-unit].selected"):
        node.classList.remove("selected")
    if state.selected:
        node = document.querySelector("#board " + unit_selector(state.selected))
        if not absent(node):
            node.classList.add("selected")


def show_legality(state: State) -> None:
    """The engine's verdict beside Roll; Roll, Step and Odds disabled while illegal."""
    verdict = legality.check(doc_of(state))
    line = el("legality")
    line.textContent = verdict.text()
    line.dataset.ok = "true" if verdict.ok else "false"
    line.dataset.clause = verdict.clause
    line.dataset.units = " ".join(verdict.units)
    for bid in ("roll", "irolled", "step", "odds"):
        button = el(bid)
        if absent(button):
            continue
        if verdict.ok:
            button.removeAttribute("aria-disabled")
            button.title = ""
        else:
            button.title = verdict.text()
        button.disabled = not verdict.ok
    for node in document.querySelectorAll("#board [data-unit].illegal"):
        node.classList.remove("illegal")
    for uid in verdict.units:
        node = document.querySelector("#board " + unit_selector(uid))
        if not absent(node):
            node.classList.add("illegal")


# -- the panel --------------------------------------------------------------------------

def units_of(state: State) -> tuple[tuple[str, str], ...]:
    return tuple((u.id, unit_label(u)) for u in state.scenario.units)


def button(text: str, action: str, **attrs):
    return make("button", text, type="button", data_action=action, **attrs)


def fill(state: State) -> None:
    """Redraw the whole panel from the scenario shown."""
    box = el("build")
    if absent(box) or state.scenario is None:
        return
    box.replaceChildren()
    system = state.scenario.system
    bar = make("div", cls="build-bar")
    bar.appendChild(button("New", "new", title="Start a new attack on an empty board"))
    undo = button("Undo", "undo")
    undo.disabled = not state.history.can_undo()
    redo = button("Redo", "redo")
    redo.disabled = not state.history.can_redo()
    bar.appendChild(undo)
    bar.appendChild(redo)
    box.appendChild(bar)
    box.appendChild(add_section(state, system))
    box.appendChild(unit_picker(state))
    if state.selected:
        box.appendChild(selected_section(state, system))
    box.appendChild(attack_section(state, system))
    box.appendChild(options_section(state, system))


def section(title: str, cls: str):
    node = make("section", cls=f"build-section {cls}")
    node.appendChild(make("h3", title))
    return node


def preset_select(system: str, kind: str, sid: str):
    select = make("select", id=sid, aria_label=f"{kind} preset")
    for p in presets.catalog(system).kinds.get(kind, ()):
        tons = f" ({p.info['tons']} t)" if "tons" in p.info else ""
        select.appendChild(make("option", p.label + tons, value=p.id))
    return select


def labelled(text: str, node):
    wrap = make("label", text, cls="form-field")
    wrap.appendChild(node)
    return wrap


def text_input(iid: str, value: str, label: str, mode: str = "text"):
    inp = make("input", type="text", id=iid, aria_label=label, inputmode=mode)
    inp.value = value
    return inp


def add_section(state: State, system: str):
    node = section("Add units", "build-add")
    node.appendChild(labelled("Preset", preset_select(system, "units", "add-preset")))
    sides = sorted({u.side for u in state.scenario.units}) or ["blue"]
    node.appendChild(labelled("Side", text_input("add-side", sides[-1], "Side of the new units")))
    if system == "battletech":
        node.appendChild(labelled("Hex", text_input("add-hex", "0808", "Hex of the new unit",
                                                    "numeric")))
        node.appendChild(button("Add unit", "add-unit", id="add-unit"))
        node.appendChild(labelled("Building", preset_select(system, "buildings",
                                                            "add-building-preset")))
        node.appendChild(button("Add building at the hex", "add-building", id="add-building"))
        return node
    table = state.scenario.board.table
    node.appendChild(labelled('x (")', text_input("add-x", f"{table.width / 2:g}",
                                                  "x of the new units", "decimal")))
    node.appendChild(labelled('y (")', text_input("add-y", f"{table.height / 2:g}",
                                                  "y of the new units", "decimal")))
    node.appendChild(labelled("Models", text_input("add-count", "1", "How many models",
                                                   "numeric")))
    shape = make("select", id="add-shape", aria_label="Formation")
    for value, label in SHAPES[1:]:
        shape.appendChild(make("option", label, value=value))
    node.appendChild(labelled("Formation", shape))
    node.appendChild(labelled('Gap (")', text_input("add-spacing", f"{squads.COHERENCY:g}",
                                                    "Gap between bases", "decimal")))
    node.appendChild(labelled("Angle (°)", text_input("add-angle", "0",
                                                      "Direction of the line", "numeric")))
    node.appendChild(button("Add N models", "add-unit", id="add-unit"))
    return node


def unit_picker(state: State):
    node = section("Units — tap one to edit it", "build-units")
    row = make("div", cls="unit-chips")
    for uid, label in units_of(state):
        pressed = "true" if uid == state.selected else "false"
        chip = button(label, "select", data_unit=uid, aria_pressed=pressed)
        row.appendChild(chip)
    node.appendChild(row)
    return node


def selected_section(state: State, system: str):
    index = next(i for i, u in enumerate(state.scenario.units) if u.id == state.selected)
    unit = doc_of(state)["units"][index]
    who = unit_label(state.scenario.units[index])
    node = section(f"Selected: {who}", "build-selected")
    node.dataset.unit = state.selected
    bar = make("div", cls="build-bar")
    if system != "battletech":
        bar.appendChild(button("Make attacker", "make-attacker"))
    bar.appendChild(button("Make target", "make-target"))
    bar.appendChild(button("Duplicate", "duplicate"))
    bar.appendChild(button("Delete", "delete"))
    squad = squads.squad_of(doc_of(state), state.selected)
    if len(squad) > 1:
        bar.appendChild(button(f"Move all {len(squad)} of its unit", "whole-squad",
                               aria_pressed="true" if state.whole_squad else "false",
                               title="Dragging a model and the arrow keys move every model "
                                     "of its unit together"))
    node.appendChild(bar)
    for spec in editing.UNIT_FIELDS[system]:
        if editing.applies(spec, unit):
            node.appendChild(forms.spec_input(spec, editing.read(unit, spec), section="unit",
                                              who=who, index=index))
    if system == "robotech":
        reactions = state.scenario.attack.reactions_of(state.selected)
        for spec in editing.REACTION_FIELDS:
            node.appendChild(forms.spec_input(spec, reactions.allows(spec.key),
                                              section="reaction", who=who,
                                              index=state.selected))
    return node


def attack_section(state: State, system: str):
    node = section("Attack", "build-attack")
    doc = doc_of(state)
    attack = doc["attack"]
    units = units_of(state)
    if system != "battletech":
        node.appendChild(labelled("Weapon preset", preset_select(system, "weapons",
                                                                 "weapon-preset")))
        node.appendChild(button("Use this weapon", "use-weapon", id="use-weapon"))
        for spec in editing.WEAPON_FIELDS[system]:
            node.appendChild(forms.spec_input(spec, editing.read(attack["weapon"], spec),
                                              section="weapon", who="Weapon"))
    for spec in editing.ATTACK_FIELDS[system]:
        node.appendChild(forms.spec_input(spec, editing.read(attack, spec), section="attack",
                                          who="Attack", units=units))
    if system == "robotech":
        node.appendChild(missile_targets(state, attack, units))
    if system == "heresy":
        node.appendChild(hole_inputs(state))
    if system == "battletech":
        node.appendChild(supports_section(state, attack))
    return node


def missile_targets(state: State, attack: dict, units) -> object:
    """One picker per missile (the first names the primary target, RT-17), or a point."""
    box = make("fieldset", cls="missiles")
    box.appendChild(make("legend", "Targets, one per missile (the first is the primary)"))
    volley = state.scenario.attack.weapon.volley
    targets = attack.get("targets") or []
    for i in range(volley):
        select = make("select", data_missile=i, aria_label=f"Missile {i + 1} target")
        first = "ground point" if i == 0 else "same as missile 1"
        select.appendChild(make("option", first, value=""))
        for uid, label in units:
            opt = make("option", label, value=uid)
            opt.selected = i < len(targets) and targets[i] == uid
            select.appendChild(opt)
        box.appendChild(labelled(f"Missile {i + 1}", select))
    point = attack.get("point")
    if point is not None:
        px, py = (point["x"], point["y"]) if isinstance(point, dict) else point
        box.appendChild(labelled('Ground point x (")', text_input("point-x", f"{px:g}",
                                                                  "Ground point x")))
        box.appendChild(labelled('Ground point y (")', text_input("point-y", f"{py:g}",
                                                                  "Ground point y")))
    return box


def supports_section(state: State, attack: dict):
    box = make("div", cls="supports")
    for i, s in enumerate(attack.get("supports", [])):
        where = s.get("target") or ", ".join(s.get("hexes", [])) or "—"
        row = make("div", cls="support-row", data_support=i)
        row.appendChild(make("span", f"{i + 1}. {s['kind'].replace('_', ' ')}"
                             f"{' (' + s['gun'].replace('_', ' ') + ')' if 'gun' in s else ''}"
                             f" at {where}"))
        row.appendChild(button("Remove", "remove-support", data_support=i,
                               aria_label=f"Remove support {i + 1}"))
        box.appendChild(row)
    for s in attack.get("in_flight", []):
        box.appendChild(make("p", f"In flight: {s['gun'].replace('_', ' ')} at {s['target']}, "
                             f"fired turn {s.get('fired_turn', '?')}", cls="in-flight"))
    box.appendChild(labelled("Support", preset_select("battletech", "supports",
                                                      "support-preset")))
    box.appendChild(labelled("Target hex (strafing: 1 to 5 hexes, commas)",
                             text_input("support-hex", "0808", "Support target hex")))
    box.appendChild(tool_button(state, "strafe", "Draw a strafing run on the map",
                                "A drag across 1 to 5 hexes fills in the run's hexes"))
    box.appendChild(button("Add support", "add-support", id="add-support"))
    box.appendChild(button("Next turn", "next-turn", id="next-turn",
                           title="Shells in flight land; the turn number moves on"))
    box.appendChild(preplot_inputs(state, attack))
    return box


def tool_button(state: State, tool: str, text: str, title: str):
    """A toggle for what a tap or drag on the map does (`State.board_tool`)."""
    return button(text, f"tool-{tool}", id=f"tool-{tool}", title=title,
                  aria_pressed="true" if state.board_tool == tool else "false")


def preplot_inputs(state: State, attack: dict):
    """BT-ART.1: an artillery selection's pre-plotted hexes, typed or tapped on the map."""
    box = make("fieldset", cls="preplot")
    box.appendChild(make("legend", "Pre-plotted hexes (BT-ART.1: a shot at one hits)"))
    guns = make("select", id="preplot-gun", aria_label="Artillery selection to pre-plot")
    for gun in dict.fromkeys(s.fields["gun"] for s in presets.catalog("battletech").kinds[
            "supports"] if s.fields.get("kind") == "artillery"):
        opt = make("option", gun.replace("_", " ").title(), value=gun)
        opt.selected = gun == state.preplot_gun
        guns.appendChild(opt)
    box.appendChild(labelled("Selection", guns))
    hexes = ", ".join(attack.get("preplotted", {}).get(state.preplot_gun, []))
    box.appendChild(labelled("Its hexes (commas)", text_input(
        "preplot-hexes", hexes, f"Pre-plotted hexes of the {state.preplot_gun}")))
    box.appendChild(tool_button(state, "preplot", "Tap hexes to pre-plot",
                                "Each tap on the map adds a hex to the selection, or "
                                "takes it back"))
    return box


def options_section(state: State, system: str):
    node = section("Options (readings where the rules are silent)", "build-options")
    for spec in editing.option_specs(system):
        node.appendChild(forms.spec_input(spec, state.scenario.options[spec.key],
                                          section="option", who="Option"))
    return node


# -- events -----------------------------------------------------------------------------

def value_of(iid: str) -> str:
    return str(el(iid).value).strip()


def hex_list(text: str) -> list[str]:
    """The hex labels typed in a box, separated by commas."""
    return [h.strip() for h in text.split(",") if h.strip()]


def number_of(iid: str, what: str) -> float:
    try:
        return float(value_of(iid))
    except ValueError:
        raise ValueError(f"{what} must be a number") from None


def on_change(state: State, ev) -> None:
    """A field of the panel changed: the document moves on, or the message says why."""
    inp = ev.target
    if attr(inp, "data-missile") or str(inp.id) in ("point-x", "point-y"):
        edit_targets(state)
        return
    if str(inp.id) == "preplot-gun":
        state.preplot_gun = str(inp.value)
        fill(state)
        return
    if str(inp.id) == "preplot-hexes":
        commit(state, editing.with_preplotted(doc_of(state), state.preplot_gun,
                                              hex_list(str(inp.value))))
        return
    if attr(inp, "data-aim"):
        try:
            edit_hole(state, inp)
        except ValueError as err:
            show_message(str(err))
        return
    section_name = attr(inp, "data-section")
    if not section_name:
        return
    system = state.scenario.system
    spec = forms.spec_for(system, section_name, attr(inp, "data-key"))
    doc = doc_of(state)
    raw = forms.read_input(inp)
    try:
        if section_name == "unit":
            i = int(attr(inp, "data-index"))
            value = editing.coerce(spec, raw, f"units[{i}].{spec.key}")
            doc["units"][i] = editing.write(doc["units"][i], spec, value)
        elif section_name == "weapon":
            value = editing.coerce(spec, raw, f"attack.weapon.{spec.key}")
            doc["attack"]["weapon"] = editing.write(doc["attack"]["weapon"], spec, value)
        elif section_name == "attack":
            value = editing.coerce(spec, raw, f"attack.{spec.key}")
            doc["attack"] = editing.write(doc["attack"], spec, value)
        elif section_name == "option":
            doc.setdefault("options", {})[spec.key] = editing.coerce(
                spec, raw, f"options.{spec.key}")
        else:
            uid = attr(inp, "data-index")
            reactions = doc["attack"].setdefault("reactions", {})
            base = dict(reactions.get(uid) or reactions.get("default") or {})
            base[spec.key] = bool(raw)
            reactions[uid] = base
    except ScatterlabError as err:
        show_message(describe(err))
        return
    commit(state, doc)


def edit_targets(state: State) -> None:
    """The missile pickers: targets in missile order, or the ground point."""
    doc = doc_of(state)
    attack = doc["attack"]
    picks = [str(s.value) for s in document.querySelectorAll("#build select[data-missile]")]
    first = picks[0] if picks else ""
    if first:
        attack.pop("point", None)
        attack["targets"] = [p or first for p in picks]
        while len(attack["targets"]) > 1 and attack["targets"][-1] == first:
            attack["targets"].pop()  # missiles left unnamed go to the primary anyway
    else:
        attack.pop("targets", None)
        table = state.scenario.board.table
        try:
            x = number_of("point-x", "The ground point's x")
            y = number_of("point-y", "The ground point's y")
        except (ValueError, AttributeError):
            x, y = table.width / 2, table.height / 2
        attack["point"] = {"x": x, "y": y}
    commit(state, doc)


def on_click(state: State, ev) -> None:
    """A button of the panel: its data-action."""
    target = ev.target.closest("[data-action]")
    if absent(target):
        return
    action = attr(target, "data-action")
    try:
        ACTIONS[action](state, target)
    except (ScatterlabError, ValueError) as err:
        show_message(describe(err) if isinstance(err, ScatterlabError) else str(err))


def act_new(state: State, target) -> None:
    state.demo_file, state.selected, state.fit = None, None, None
    commit(state, starters.starter(state.scenario.system))


def act_undo(state: State, target) -> None:
    doc = state.history.undo()
    if doc is not None:
        set_scenario(state, doc)


def act_redo(state: State, target) -> None:
    doc = state.history.redo()
    if doc is not None:
        set_scenario(state, doc)


def act_add_unit(state: State, target) -> None:
    doc, system = doc_of(state), state.scenario.system
    preset, side = value_of("add-preset"), value_of("add-side") or "blue"
    if system == "battletech":
        new = presets.with_unit(doc, preset, side=side, at=value_of("add-hex"))
    else:
        at = (number_of("add-x", "x"), number_of("add-y", "y"))
        count = int(number_of("add-count", "The number of models"))
        if count == 1:
            new = presets.with_unit(doc, preset, side=side, at=at)
        else:
            new = squads.with_squad(doc, preset, count, shape=value_of("add-shape"),
                                    spacing=number_of("add-spacing", "The gap"), at=at,
                                    angle=number_of("add-angle", "The angle"), side=side)
    if commit(state, new):
        state.selected = new["units"][-1]["id"]
        fill(state)


def act_add_building(state: State, target) -> None:
    commit(state, presets.with_building(doc_of(state), value_of("add-building-preset"),
                                        value_of("add-hex")))


def act_whole_squad(state: State, target) -> None:
    """Drags and arrow keys move one model, or every model of its unit (a Heresy squad)."""
    state.whole_squad = not state.whole_squad
    fill(state)


def act_tool(state: State, target) -> None:
    """A map tool pressed (or released): "strafe" makes a drag on the map paint the
    strafing run's hexes (and picks the strafing support), "preplot" makes a tap add or
    take a pre-plotted hex; one at a time."""
    tool = attr(target, "data-action").removeprefix("tool-")
    state.board_tool = None if state.board_tool == tool else tool
    strafing = state.board_tool == "strafe"
    fill(state)
    if strafing:
        el("support-preset").value = "strafing"
        el("support-hex").value = ""


def paint_hex(state: State, label: str) -> None:
    """The strafe tool: `label` joins the run being drawn in the support's hex box
    (a hex already in it, or a sixth, is left out: BT-STRAFE.1)."""
    box = el("support-hex")
    hexes = hex_list(str(box.value))
    if label and label not in hexes and len(hexes) < STRAFE_MAX:
        box.value = ", ".join([*hexes, label])


def act_select(state: State, target) -> None:
    select_unit(state, attr(target, "data-unit"))


def select_unit(state: State, uid: str) -> None:
    """A unit tapped on the board or picked here: its fields open in the panel."""
    state.selected = uid
    fill(state)
    mark_selected(state)


def act_make_attacker(state: State, target) -> None:
    doc = doc_of(state)
    key = "attacker" if state.scenario.system == "robotech" else "firer"
    doc["attack"][key] = state.selected
    commit(state, doc)


def act_make_target(state: State, target) -> None:
    doc, system = doc_of(state), state.scenario.system
    attack = doc["attack"]
    if system == "heresy":
        attack["target"] = state.selected
    elif system == "robotech":
        attack.pop("point", None)
        attack["targets"] = [state.selected]
    else:
        hex_label = state.scenario.unit(state.selected).hex.label
        el("support-hex").value = hex_label
        return
    commit(state, doc)


def act_duplicate(state: State, target) -> None:
    doc = doc_of(state)
    index = next(i for i, u in enumerate(doc["units"]) if u["id"] == state.selected)
    twin = copy.deepcopy(doc["units"][index])
    twin["id"] = presets.new_id(doc, twin["id"])
    if "x" in twin:
        twin["x"] = round(float(twin["x"]) + 1.0, 3)
    doc["units"].insert(index + 1, twin)
    if commit(state, doc):
        state.selected = twin["id"]
        fill(state)


def act_delete(state: State, target) -> None:
    doc = doc_of(state)
    uid = state.selected
    doc["units"] = [u for u in doc["units"] if u["id"] != uid]
    attack = doc["attack"]
    if isinstance(attack.get("targets"), list):
        attack["targets"] = [t for t in attack["targets"] if t != uid]
        if not attack["targets"]:
            attack.pop("targets")
            table = state.scenario.board.table
            attack["point"] = {"x": table.width / 2, "y": table.height / 2}
    attack.get("reactions", {}).pop(uid, None)
    for key in ("target", "firer", "attacker"):
        if attack.get(key) == uid:
            show_message(f"{uid} is the attack's {key}: pick another {key} first.")
            return
    commit(state, doc)


def act_use_weapon(state: State, target) -> None:
    commit(state, presets.with_weapon(doc_of(state), value_of("weapon-preset")))


def act_add_support(state: State, target) -> None:
    hexes = hex_list(value_of("support-hex"))
    doc = presets.with_support(doc_of(state), value_of("support-preset"), hexes or [""])
    commit(state, doc)


def act_remove_support(state: State, target) -> None:
    doc = doc_of(state)
    del doc["attack"]["supports"][int(attr(target, "data-support"))]
    commit(state, doc)


def act_next_turn(state: State, target) -> None:
    """BT-ART.3: this turn's shells in flight, the turn number moved on (the engine's),
    and the spotting question asked for each shell (BT-ART.4: spotted on arrival?)."""
    doc = next_turn(state.scenario)
    for shell in doc["attack"].get("in_flight", []):
        spotted = [t for t in shell.get("spotted", []) if t != "arrival"]
        question = (f"Turn {doc['attack']['turn']}: does a friendly unit spot hex "
                    f"{shell['target']} as the {shell['gun'].replace('_', ' ')} lands?")
        if window.confirm(question):
            spotted.append("arrival")
        else:
            shell.pop("spotter", None)
        shell["spotted"] = spotted
    commit(state, doc)


ACTIONS = {
    "new": act_new, "undo": act_undo, "redo": act_redo, "add-unit": act_add_unit,
    "add-building": act_add_building, "select": act_select,
    "make-attacker": act_make_attacker, "make-target": act_make_target,
    "duplicate": act_duplicate, "delete": act_delete, "use-weapon": act_use_weapon,
    "add-support": act_add_support, "remove-support": act_remove_support,
    "next-turn": act_next_turn, "whole-squad": act_whole_squad,
    "tool-strafe": act_tool, "tool-preplot": act_tool,
}


def tap_board(state: State, client_x, client_y) -> None:
    """A tap on empty board: a Robotech ground shot's point moves there (Indirect Fire,
    RT-3); a tap on an empty BattleTech hex aims the next support there (a strafing run:
    each tap adds a hex, up to five). The single-pointer way to aim."""
    if state.scenario.system == "robotech":
        aim_ground_point(state, client_x, client_y)
        return
    if state.scenario.system != "battletech" or absent(el("support-hex")):
        return
    label = hex_at(client_x, client_y)
    if not label:
        return
    if state.board_tool == "preplot":
        commit(state, editing.toggle_preplotted(doc_of(state), state.preplot_gun, label))
        return
    if value_of("support-preset") == "strafing":
        paint_hex(state, label)
    else:
        el("support-hex").value = label


def place_aim(state: State, line: int, x: float, y: float, *, by: bool = False) -> bool:
    """The aim of range line `line` (engine.build.legality.range_lines), a Heresy hole (HH-1)
    or a Robotech ground point (RT-3), put at (x, y), or moved by it (`by`); the engine
    then says whether the new aim is legal. False when the document refuses it."""
    reach = legality.range_lines(state.scenario)[line]
    if by:
        x, y = reach.end.x + x, reach.end.y + y
    return commit(state, editing.with_aim(doc_of(state), reach.moves, reach.shots, x, y))


def hole_inputs(state: State):
    """HH-1 without a drag: each hole's position typed (shots aimed alike share one)."""
    box = make("fieldset", cls="holes")
    box.appendChild(make("legend", "Where the hole is placed"))
    for k, reach in enumerate(legality.range_lines(state.scenario)):
        shots = ", ".join(str(i + 1) for i in reach.shots)
        name = f"shot{'s' if len(reach.shots) > 1 else ''} {shots}"
        for axis, value in (("x", reach.end.x), ("y", reach.end.y)):
            inp = text_input(f"aim-{axis}-{k}", f"{round(value, 2):g}", f"Hole {axis}, {name}")
            inp.dataset.aim = str(k)
            box.appendChild(labelled(f'Hole {axis} ("), {name}', inp))
    return box


def edit_hole(state: State, inp) -> None:
    """A typed hole position (`hole_inputs`)."""
    k = int(attr(inp, "data-aim"))
    place_aim(state, k, number_of(f"aim-x-{k}", "The hole's x"),
              number_of(f"aim-y-{k}", "The hole's y"))


def aim_ground_point(state: State, client_x, client_y) -> None:
    """The Robotech ground point under a tap (the board's units are the table's inches)."""
    doc = doc_of(state)
    svg = board_svg()
    where = None if svg is None else board_point(svg, client_x, client_y)
    if "point" not in doc["attack"] or where is None:
        return
    table = state.scenario.board.table
    x, y = (min(max(v, 0.0), hi) for v, hi in zip(where, (table.width, table.height),
                                                   strict=True))
    commit(state, editing.with_aim(doc, "point", (), round(x, 1), round(y, 1)))


def drop_unapplied_json(state: State) -> bool:
    """Before a demo replaces the scenario: True when the JSON box holds no edit left
    unapplied, or the player agrees to drop it (issue 15: never without a word)."""
    text = str(el("json").value)
    if state.scenario is None or text == sc.dumps(state.scenario):
        return True
    return bool(window.confirm("The scenario JSON has an edit you have not applied. "
                               "Drop it and open the demo?"))


def on_key(state: State, ev) -> None:
    """Arrow keys move the selected unit 0.5" (or one hex) unless a field has the focus."""
    key = str(ev.key)
    if key not in ARROWS or not state.selected:
        return
    focus = document.activeElement
    if not absent(focus) and str(focus.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
        return
    ev.preventDefault()
    dx, dy, direction, shifted = ARROWS[key]
    doc = doc_of(state)
    unit = next(u for u in doc["units"] if u["id"] == state.selected)
    if "hex" in unit:
        h = state.scenario.unit(state.selected).hex
        moved = neighbor(h, shifted if ev.shiftKey else direction)
        if not state.scenario.board.map.contains(moved):
            return
        unit["hex"] = moved.label
    elif len(dragged(state, state.selected)) > 1:
        doc = squads.move_squad(doc, unit["unit"], dx * STEP_INCHES, dy * STEP_INCHES)
    else:
        unit["x"] = round(float(unit["x"]) + dx * STEP_INCHES, 3)
        unit["y"] = round(float(unit["y"]) + dy * STEP_INCHES, 3)
    commit(state, doc)


def dragged(state: State, uid: str) -> tuple[str, ...]:
    """The models a drag or an arrow key on `uid` moves: its whole unit when the player
    asked for that ("Move all N of its unit"), else `uid` alone."""
    return squads.squad_of(doc_of(state), uid) if state.whole_squad else (uid,)

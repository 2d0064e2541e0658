"""The Build panel drawn from the scenario shown: adding units, the unit picker, the
selected unit's fields, the attack (weapon, targets, holes, BattleTech supports), the
options; and what follows each accepted scenario (the panel, the history, the legality
line beside Roll, the selected and illegal units marked on the board)."""

from __future__ import annotations

from typing import Any

from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.build import editing, legality, presets, squads
from engine.names import shown_name, shown_names
from engine.systems.battletech.turn import PRETTY

from .. import forms
from ..board import unit_selector
from ..dom import Element, absent, attr, el, make, set_attrs
from ..state import State

DRAFT = ("support-preset", "support-hex")
"""The fields of a support not yet added: kept as typed when the panel is drawn again."""
SHAPES = (("1", "one model"), ("line", "a line"), ("ranks", "two ranks"), ("blob", "a blob"))


def doc_of(state: State) -> dict[str, Any]:
    """A copy of the scenario shown, as a document to edit."""
    return sc.to_dict(state.shown)


def after_change(state: State) -> None:
    """Watcher of every accepted scenario: history, panel, legality (State.watchers)."""
    state.history.push(doc_of(state))
    if state.selected and all(u.id != state.selected for u in state.shown.units):
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
    line.textContent = verdict.text(state.lang)
    line.dataset.ok = "true" if verdict.ok else "false"
    line.dataset.clause = verdict.clause
    line.dataset.units = " ".join(verdict.units)
    for bid in ("roll", "irolled", "step", "odds"):
        button = el(bid)
        if absent(button):
            continue
        if verdict.ok:
            button.removeAttribute("aria-disabled")
            button.title = attr(button, "data-title")  # its own title: what it does, its key
        else:
            button.title = verdict.text(state.lang)
        button.disabled = not verdict.ok
    for node in document.querySelectorAll("#board [data-unit].illegal"):
        node.classList.remove("illegal")
    for uid in verdict.units:
        node = document.querySelector("#board " + unit_selector(uid))
        if not absent(node):
            node.classList.add("illegal")


def field_key(inp: Element) -> str:
    """Which field of the panel an input is, across redraws: its section, key and index."""
    return "|".join(attr(inp, f"data-{k}") for k in ("section", "key", "index"))


def mark_field(state: State, inp: Element) -> None:
    """A refused value kept in its field, marked (aria-invalid) with the reason beside it,
    until it is fixed; the scenario keeps the last good value."""
    raw, text = state.invalid[field_key(inp)]
    inp.value = raw
    inp.setAttribute("aria-invalid", "true")
    note_id = f"build-error-{field_key(inp).replace('|', '-').replace('.', '-')}"
    wrap = inp.closest("label")
    wrap = inp.parentElement if absent(wrap) else wrap
    old = wrap.querySelector(".field-error")
    if not absent(old):
        old.remove()
    note = make("span", text, cls="field-error", id=note_id, role="alert")
    inp.setAttribute("aria-describedby", note_id)
    wrap.appendChild(note)


def mark_invalid_fields(state: State) -> None:
    """After the panel is drawn again: every refused value still unfixed, marked again."""
    for inp in document.querySelectorAll("#build [data-section]"):
        if field_key(inp) in state.invalid:
            mark_field(state, inp)


def select_unit(state: State, uid: str) -> None:
    """A unit tapped on the board or picked here: its fields open in the panel."""
    state.selected = uid
    fill(state)
    mark_selected(state)


def units_of(state: State) -> tuple[tuple[str, str], ...]:
    return tuple(shown_names(state.shown.units).items())


def button(text: str, action: str, **attrs: object) -> Element:
    node = make("button", text, type="button", data_action=action)
    set_attrs(node, attrs)
    return node


def fill(state: State) -> None:
    """Redraw the whole panel from the scenario shown."""
    box = el("build")
    if absent(box) or state.scenario is None:
        return
    draft = {i: str(el(i).value) for i in DRAFT if not absent(el(i))}
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
        box.appendChild(selected_section(state, system, state.selected))
    box.appendChild(attack_section(state, system))
    box.appendChild(options_section(state, system))
    for iid, value in draft.items():  # a support half set is never reset by a redraw
        if not absent(el(iid)):
            el(iid).value = value
    mark_invalid_fields(state)


def section(title: str, cls: str) -> Element:
    node = make("section", cls=f"build-section {cls}")
    node.appendChild(make("h3", title))
    return node


def preset_select(system: str, kind: str, sid: str) -> Element:
    select = make("select", id=sid, aria_label=f"{kind} preset")
    for p in presets.catalog(system).kinds.get(kind, ()):
        tons = f" ({p.info['tons']} t)" if "tons" in p.info else ""
        select.appendChild(make("option", p.label + tons, value=p.id))
    return select


def labelled(text: str, node: Element) -> Element:
    wrap = make("label", text, cls="form-field")
    wrap.appendChild(node)
    return wrap


def text_input(iid: str, value: str, label: str, mode: str = "text") -> Element:
    inp = make("input", type="text", id=iid, aria_label=label, inputmode=mode)
    inp.value = value
    return inp


def add_section(state: State, system: str) -> Element:
    node = section("Add units", "build-add")
    node.appendChild(labelled("Preset", preset_select(system, "units", "add-preset")))
    sides = sorted({u.side for u in state.shown.units}) or ["blue"]
    node.appendChild(labelled("Side", text_input("add-side", sides[-1], "Side of the new units")))
    if system == "battletech":
        node.appendChild(labelled("Hex", text_input("add-hex", "0808", "Hex of the new unit",
                                                    "numeric")))
        node.appendChild(button("Add unit", "add-unit", id="add-unit"))
        node.appendChild(labelled("Building", preset_select(system, "buildings",
                                                            "add-building-preset")))
        node.appendChild(button("Add building at the hex", "add-building", id="add-building"))
        return node
    table = state.shown.board.table
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


def unit_picker(state: State) -> Element:
    node = section("Units — tap one to edit it", "build-units")
    row = make("div", cls="unit-chips")
    for uid, label in units_of(state):
        pressed = "true" if uid == state.selected else "false"
        chip = button(label, "select", data_unit=uid, aria_pressed=pressed)
        row.appendChild(chip)
    node.appendChild(row)
    return node


def selected_section(state: State, system: str, uid: str) -> Element:
    """The picked unit `uid`: its buttons, its fields and, in Robotech, its reactions."""
    index = next(i for i, u in enumerate(state.shown.units) if u.id == uid)
    unit = doc_of(state)["units"][index]
    who = shown_name(state.shown.units[index], state.shown.units)
    node = section(f"Selected: {who}", "build-selected")
    node.dataset.unit = uid
    bar = make("div", cls="build-bar")
    if system != "battletech":
        bar.appendChild(button("Make attacker", "make-attacker"))
    bar.appendChild(button("Make target", "make-target"))
    bar.appendChild(button("Duplicate", "duplicate"))
    bar.appendChild(button("Delete", "delete"))
    squad = squads.squad_of(doc_of(state), uid)
    if len(squad) > 1:
        bar.appendChild(button(f"Move all {len(squad)} of its unit", "whole-squad",
                               aria_pressed="true" if state.whole_squad else "false",
                               title="Dragging a model and the arrow keys move every model "
                                     "of its unit together"))
    node.appendChild(bar)
    for spec in editing.UNIT_FIELDS[system]:
        if editing.applies(spec, unit):
            node.appendChild(forms.spec_input(spec, editing.read(unit, spec), section="unit",
                                              who=who, index=index,
                                              lang=state.lang))
    if system == "robotech":
        reactions = state.shown.attack.reactions_of(uid)
        for spec in editing.REACTION_FIELDS:
            node.appendChild(forms.spec_input(spec, reactions.allows(spec.key),
                                              section="reaction", who=who,
                                              index=uid,
                                              lang=state.lang))
    return node


def attack_section(state: State, system: str) -> Element:
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
                                              section="weapon", who="Weapon",
                                              lang=state.lang))
    for spec in editing.ATTACK_FIELDS[system]:
        node.appendChild(forms.spec_input(spec, editing.read(attack, spec), section="attack",
                                          who="Attack", units=units,
                                          lang=state.lang))
    if system == "robotech":
        node.appendChild(missile_targets(state, attack, units))
    if system == "heresy":
        node.appendChild(hole_inputs(state))
    if system == "battletech":
        node.appendChild(supports_section(state, attack))
    return node


def missile_targets(state: State, attack: dict[str, Any], units: tuple[tuple[str, str], ...]
                    ) -> Element:
    """One picker per missile (the first names the primary target, RT-17), or a point."""
    box = make("fieldset", cls="missiles")
    box.appendChild(make("legend", "Targets, one per missile (the first is the primary)"))
    volley = state.shown.attack.weapon.volley
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


def supports_section(state: State, attack: dict[str, Any]) -> Element:
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
    box.appendChild(next_turn_controls(state))
    box.appendChild(turn_history(state))
    box.appendChild(preplot_inputs(state, attack))
    return box


NEXT_TITLE = "A new turn with new dice: shells in flight land, damage stays"


def next_turn_controls(state: State) -> Element:
    """Next turn. With a shell fired this turn (BT-ART.3) its spotting question (BT-ART.4)
    is asked here, before, and each answer is a Next turn button: one tap answers it and
    moves on; other shells are asked in turn after (`spotting_question`)."""
    box = make("div", cls="next-turn")
    if state.spotting is not None:
        doc, i = state.spotting
        box.appendChild(spotting_question(doc["attack"]["turn"], doc["attack"]["in_flight"][i],
                                          ("Yes, spotted", "spot-yes"), ("No", "spot-no")))
        return box
    fired = [s for s in state.shown.attack.supports if s.kind == "artillery"
             and not s.preplotted]  # in flight next turn (as the engine's next_turn has it)
    if not fired:
        box.appendChild(button("Next turn", "next-turn", id="next-turn", title=NEXT_TITLE))
        return box
    shell = {"gun": fired[0].gun, "target": state.shown.board.map.name(fired[0].target_hex)}
    box.appendChild(spotting_question(state.shown.attack.turn + 1, shell,
                                      ("Next turn, spotted", "next-turn-spotted"),
                                      ("Next turn, not spotted", "next-turn")))
    return box


def spotting_question(turn: int, shell: dict[str, Any], yes: tuple[str, str],
                      no: tuple[str, str]) -> Element:
    """BT-ART.4 asked in the page: is the shell's hex spotted as it lands in `turn`? `yes`
    and `no`: each answer's button text and id (its data-action too, but Next turn's)."""
    gun = PRETTY.get(shell["gun"], shell["gun"])  # as the log names it ("Long Tom")
    box = make("div", cls="spotting", role="group", aria_labelledby="spot-question")
    box.appendChild(make("p", f"Turn {turn}: does a friendly unit spot hex "
                         f"{shell['target']} as the {gun} lands?", id="spot-question"))
    for (text, iid), spot in ((yes, "yes"), (no, "no")):
        action = "next-turn" if iid.startswith("next-turn") else iid
        box.appendChild(button(text, action, id=iid, data_spot=spot, title=NEXT_TITLE
                               if action == "next-turn" else f"{text}: turn {turn}"))
    return box


def turn_history(state: State) -> Element:
    """The turns played before the one shown, each as it ended (newest first)."""
    turn = state.shown.attack.turn
    box = make("details", cls="turn-history", id="turn-history")
    earlier = [(n, lines) for n, demo, lines in state.turns  # of this game: not another
               if n < turn and demo == state.demo_file]  # demo's, opened since
    box.open = bool(earlier)
    seed = "scripted dice" if state.shown.dice else (
        f"seed {systems.DEFAULT_SEED if state.shown.seed is None else state.shown.seed}")
    n = len(earlier)
    box.appendChild(make("summary", f"Turn {turn} ({seed})" + (
        f" · {n} earlier turn{'s' if n > 1 else ''}" if n else "")))
    for _, lines in reversed(earlier):
        entry = make("section", cls="turn-entry")
        entry.appendChild(make("h4", lines[0]))
        for line in lines[1:]:
            entry.appendChild(make("p", line))
        box.appendChild(entry)
    return box


def tool_button(state: State, tool: str, text: str, title: str) -> Element:
    """A toggle for what a tap or drag on the map does (`State.board_tool`)."""
    return button(text, f"tool-{tool}", id=f"tool-{tool}", title=title,
                  aria_pressed="true" if state.board_tool == tool else "false")


def preplot_inputs(state: State, attack: dict[str, Any]) -> Element:
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


def options_section(state: State, system: str) -> Element:
    node = section("Options (readings where the rules are silent)", "build-options")
    for spec in editing.option_specs(system):
        node.appendChild(forms.spec_input(spec, state.shown.options[spec.key],
                                          section="option", who="Option",
                                          lang=state.lang))
    return node


def hole_inputs(state: State) -> Element:
    """HH-1 without a drag: each hole's position typed (shots aimed alike share one)."""
    box = make("fieldset", cls="holes")
    box.appendChild(make("legend", "Where the hole is placed"))
    for k, reach in enumerate(legality.range_lines(state.shown)):
        shots = ", ".join(str(i + 1) for i in reach.shots)
        name = f"shot{'s' if len(reach.shots) > 1 else ''} {shots}"
        for axis, value in (("x", reach.end.x), ("y", reach.end.y)):
            inp = text_input(f"aim-{axis}-{k}", f"{round(value, 2):g}", f"Hole {axis}, {name}")
            inp.dataset.aim = str(k)
            box.appendChild(labelled(f'Hole {axis} ("), {name}', inp))
    return box

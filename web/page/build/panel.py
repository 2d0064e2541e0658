"""The Build panel drawn from the scenario shown: adding units, the unit picker, the
selected unit's fields, the attack (weapon, targets, holes, BattleTech supports), the
options; and what follows each accepted scenario (the panel, the history, the legality
line beside Roll, the selected and illegal units marked on the board)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.build import editing, legality, presets, squads
from engine.names import shown_name, shown_names
from engine.systems.battletech.turn import PRETTY
from engine.words import Msg, Words, msg, say

from .. import forms
from ..dom import Element, absent, attr, el, make, set_attrs
from ..geometry import unit_selector
from ..slices import breathe, settle
from ..state import State

DRAFT = ("support-preset", "support-hex")
"""The fields of a support not yet added: kept as typed when the panel is drawn again."""
SHAPES = ("line", "ranks", "blob")
"""The formations of "Add N models" (engine.build.squads), each in words
(``build.panel.shape.<shape>``)."""


def said(state: State, words: Words) -> str:
    """`words` in the page's language: the panel says every message before the DOM has it."""
    return say(words, state.lang)


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
    bar.appendChild(button(said(state, msg("build.panel.new")), "new",
                           title=said(state, msg("build.panel.new.title"))))
    undo = button(said(state, msg("build.panel.undo")), "undo")
    undo.disabled = not state.history.can_undo()
    redo = button(said(state, msg("build.panel.redo")), "redo")
    redo.disabled = not state.history.can_redo()
    bar.appendChild(undo)
    bar.appendChild(redo)
    box.appendChild(bar)
    selected = state.selected
    parts: list[Callable[[Element], object]] = [
        lambda into: into.appendChild(add_section(state, system)),
        lambda into: into.appendChild(unit_picker(state)),
        *([lambda into: into.appendChild(selected_section(state, system, selected))]
          if selected else []),
        lambda into: attack_section(state, system, into),
        lambda into: into.appendChild(options_section(state, system))]
    for part in parts:
        # each section styled and laid out on its own (and the attack's a unit picker at
        # a time) on a large board: of 500 units, the unit chips and each picker are 500
        # elements, all of them at once a pass of 30 to 90 ms
        part(box)
        settle(state, box)
    for iid, value in draft.items():  # a support half set is never reset by a redraw
        if not absent(el(iid)):
            el(iid).value = value
    mark_invalid_fields(state)


def section(title: str, cls: str) -> Element:
    node = make("section", cls=f"build-section {cls}")
    node.appendChild(make("h3", title))
    return node


def preset_select(state: State, system: str, kind: str, sid: str) -> Element:
    select = make("select", id=sid, aria_label=said(state, msg(
        "build.panel.preset_of", kind=msg(f"build.panel.kind.{kind}"))))
    for p in presets.catalog(system).kinds.get(kind, ()):
        label: Words = (msg("build.panel.tons", label=p.said(state.lang),
                            tons=str(p.info["tons"])) if "tons" in p.info
                        else p.said(state.lang))
        select.appendChild(make("option", said(state, label), value=p.id))
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
    def w(words: Msg) -> str:
        return said(state, words)

    node = section(w(msg("build.panel.add_units")), "build-add")
    node.appendChild(labelled(w(msg("build.panel.preset")),
                              preset_select(state, system, "units", "add-preset")))
    sides = sorted({u.side for u in state.shown.units}) or ["blue"]
    node.appendChild(labelled(w(msg("build.label.side")), text_input(
        "add-side", sides[-1], w(msg("build.panel.side_new")))))
    if system == "battletech":
        node.appendChild(labelled(w(msg("build.label.hex")), text_input(
            "add-hex", "0808", w(msg("build.panel.hex_new")), "numeric")))
        node.appendChild(button(w(msg("build.panel.add_unit")), "add-unit", id="add-unit"))
        node.appendChild(labelled(w(msg("build.panel.building")), preset_select(
            state, system, "buildings", "add-building-preset")))
        node.appendChild(button(w(msg("build.panel.add_building")), "add-building",
                                id="add-building"))
        return node
    table = state.shown.board.table
    node.appendChild(labelled(w(msg("build.label.x")), text_input(
        "add-x", f"{table.width / 2:g}", w(msg("build.panel.x_new")), "decimal")))
    node.appendChild(labelled(w(msg("build.label.y")), text_input(
        "add-y", f"{table.height / 2:g}", w(msg("build.panel.y_new")), "decimal")))
    node.appendChild(labelled(w(msg("build.panel.models")), text_input(
        "add-count", "1", w(msg("build.panel.how_many")), "numeric")))
    shape = make("select", id="add-shape", aria_label=w(msg("build.panel.formation")))
    for value in SHAPES:
        shape.appendChild(make("option", w(msg(f"build.panel.shape.{value}")), value=value))
    node.appendChild(labelled(w(msg("build.panel.formation")), shape))
    node.appendChild(labelled(w(msg("build.panel.gap")), text_input(
        "add-spacing", f"{squads.COHERENCY:g}", w(msg("build.panel.gap_between")), "decimal")))
    node.appendChild(labelled(w(msg("build.panel.angle")), text_input(
        "add-angle", "0", w(msg("build.panel.angle_of")), "numeric")))
    node.appendChild(button(w(msg("build.panel.add_models")), "add-unit", id="add-unit"))
    return node


def unit_picker(state: State) -> Element:
    node = section(said(state, msg("build.panel.units")), "build-units")
    row = make("div", cls="unit-chips")
    for uid, label in units_of(state):
        pressed = "true" if uid == state.selected else "false"
        chip = button(label, "select", data_unit=uid, aria_pressed=pressed)
        row.appendChild(chip)
        breathe(state)  # a chip a unit: 500 are too many for one turn of the browser
    node.appendChild(row)
    return node


def selected_section(state: State, system: str, uid: str) -> Element:
    """The picked unit `uid`: its buttons, its fields and, in Robotech, its reactions."""
    index = next(i for i, u in enumerate(state.shown.units) if u.id == uid)
    unit = doc_of(state)["units"][index]
    who = shown_name(state.shown.units[index], state.shown.units)
    node = section(said(state, msg("build.panel.selected", who=who)), "build-selected")
    node.dataset.unit = uid
    bar = make("div", cls="build-bar")
    if system != "battletech":
        bar.appendChild(button(said(state, msg("build.panel.make_attacker")), "make-attacker"))
    bar.appendChild(button(said(state, msg("build.panel.make_target")), "make-target"))
    bar.appendChild(button(said(state, msg("build.panel.duplicate")), "duplicate"))
    bar.appendChild(button(said(state, msg("build.panel.delete")), "delete"))
    squad = squads.squad_of(doc_of(state), uid)
    if len(squad) > 1:
        bar.appendChild(button(said(state, msg("build.panel.move_all", n=len(squad))),
                               "whole-squad",
                               aria_pressed="true" if state.whole_squad else "false",
                               title=said(state, msg("build.panel.move_all.title"))))
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


def attack_section(state: State, system: str, into: Element) -> None:
    """The attack's section, put at the end of `into` before its fields are."""
    node = section(said(state, msg("build.panel.attack")), "build-attack")
    into.appendChild(node)
    doc = doc_of(state)
    attack = doc["attack"]
    pickers = system == "robotech" or any(s.kind == "unit" for s in editing.ATTACK_FIELDS[system])
    units = forms.unit_choices(units_of(state) if pickers else (), lambda: breathe(state))
    if system != "battletech":
        node.appendChild(labelled(said(state, msg("build.panel.weapon_preset")),
                                  preset_select(state, system, "weapons", "weapon-preset")))
        node.appendChild(button(said(state, msg("build.panel.use_weapon")), "use-weapon",
                                id="use-weapon"))
        for spec in editing.WEAPON_FIELDS[system]:
            node.appendChild(forms.spec_input(spec, editing.read(attack["weapon"], spec),
                                              section="weapon",
                                              who=said(state, msg("build.panel.weapon")),
                                              lang=state.lang))
    for spec in editing.ATTACK_FIELDS[system]:
        node.appendChild(forms.spec_input(spec, editing.read(attack, spec), section="attack",
                                          who=said(state, msg("build.panel.attack")),
                                          unit_options=units,
                                          lang=state.lang))
    if system == "robotech":
        missile_targets(state, attack, units, node)
    if system == "heresy":
        node.appendChild(hole_inputs(state))
    if system == "battletech":
        node.appendChild(supports_section(state, attack))


def missile_targets(state: State, attack: dict[str, Any], units: Element, into: Element
                    ) -> None:
    """One picker per missile (the first names the primary target, RT-17), or a point,
    put into `into` (in the page) a picker at a time, each styled and laid out on its own;
    `units` the options of a unit picker (forms.unit_choices)."""
    box = make("fieldset", cls="missiles")
    into.appendChild(box)
    box.appendChild(make("legend", said(state, msg("build.panel.targets"))))
    volley = state.shown.attack.weapon.volley
    targets = attack.get("targets") or []
    for i in range(volley):
        select = make("select", data_missile=i,
                      aria_label=said(state, msg("build.panel.missile_target", n=i + 1)))
        first = msg("build.panel.ground_point" if i == 0 else "build.panel.same_as_first")
        select.appendChild(make("option", said(state, first), value=""))
        select.appendChild(units.cloneNode(True))
        target = targets[i] if i < len(targets) else None
        forms.pick(select, target if isinstance(target, str) else "")
        box.appendChild(labelled(said(state, msg("build.panel.missile", n=i + 1)), select))
        settle(state, box)
    point = attack.get("point")
    if point is not None:
        px, py = (point["x"], point["y"]) if isinstance(point, dict) else point
        box.appendChild(labelled(said(state, msg("build.panel.point_x")), text_input(
            "point-x", f"{px:g}", said(state, msg("build.panel.point_x.label")))))
        box.appendChild(labelled(said(state, msg("build.panel.point_y")), text_input(
            "point-y", f"{py:g}", said(state, msg("build.panel.point_y.label")))))


def supports_section(state: State, attack: dict[str, Any]) -> Element:
    box = make("div", cls="supports")
    for i, s in enumerate(attack.get("supports", [])):
        where = s.get("target") or ", ".join(s.get("hexes", [])) or "—"
        row = make("div", cls="support-row", data_support=i)
        kind = msg(f"build.panel.support_kind.{s['kind']}")
        line = (msg("build.panel.support_row.gun", i=i + 1, kind=kind,
                    gun=msg(f"build.panel.gun.{s['gun']}"), where=where) if "gun" in s
                else msg("build.panel.support_row", i=i + 1, kind=kind, where=where))
        row.appendChild(make("span", said(state, line)))
        row.appendChild(button(said(state, msg("build.panel.remove")), "remove-support",
                               data_support=i,
                               aria_label=said(state, msg("build.panel.remove_support",
                                                          n=i + 1))))
        box.appendChild(row)
    for s in attack.get("in_flight", []):
        box.appendChild(make("p", said(state, msg(
            "build.panel.in_flight", gun=msg(f"build.panel.gun.{s['gun']}"),
            target=s["target"], turn=str(s.get("fired_turn", "?")))), cls="in-flight"))
    box.appendChild(labelled(said(state, msg("build.panel.support")), preset_select(
        state, "battletech", "supports", "support-preset")))
    box.appendChild(labelled(said(state, msg("build.panel.support_hex")), text_input(
        "support-hex", "0808", said(state, msg("build.panel.support_hex.label")))))
    box.appendChild(tool_button(state, "strafe", msg("build.panel.strafe"),
                                msg("build.panel.strafe.title")))
    box.appendChild(button(said(state, msg("build.panel.add_support")), "add-support",
                           id="add-support"))
    box.appendChild(next_turn_controls(state))
    box.appendChild(turn_history(state))
    box.appendChild(preplot_inputs(state, attack))
    return box


NEXT_TITLE = msg("build.panel.next_turn.title")


def next_turn_controls(state: State) -> Element:
    """Next turn. With a shell fired this turn (BT-ART.3) its spotting question (BT-ART.4)
    is asked here, before, and each answer is a Next turn button: one tap answers it and
    moves on; other shells are asked in turn after (`spotting_question`)."""
    box = make("div", cls="next-turn")
    if state.spotting is not None:
        doc, i = state.spotting
        box.appendChild(spotting_question(state, doc["attack"]["turn"],
                                          doc["attack"]["in_flight"][i],
                                          (msg("build.panel.spotted_yes"), "spot-yes"),
                                          (msg("build.panel.spotted_no"), "spot-no")))
        return box
    fired = [s for s in state.shown.attack.supports if s.kind == "artillery"
             and not s.preplotted]  # in flight next turn (as the engine's next_turn has it)
    if not fired:
        box.appendChild(button(said(state, msg("build.panel.next_turn")), "next-turn",
                               id="next-turn", title=said(state, NEXT_TITLE)))
        return box
    shell = {"gun": fired[0].gun, "target": state.shown.board.map.name(fired[0].target_hex)}
    box.appendChild(spotting_question(state, state.shown.attack.turn + 1, shell,
                                      (msg("build.panel.next_spotted"), "next-turn-spotted"),
                                      (msg("build.panel.next_unspotted"), "next-turn")))
    return box


def spotting_question(state: State, turn: int, shell: dict[str, Any], yes: tuple[Msg, str],
                      no: tuple[Msg, str]) -> Element:
    """BT-ART.4 asked in the page: is the shell's hex spotted as it lands in `turn`? `yes`
    and `no`: each answer's button text and id (its data-action too, but Next turn's)."""
    gun = PRETTY[shell["gun"]]  # as the log names it ("Long Tom")
    box = make("div", cls="spotting", role="group", aria_labelledby="spot-question")
    box.appendChild(make("p", said(state, msg("build.panel.spot_question", turn=turn,
                                              hex=shell["target"], gun=gun)),
                         id="spot-question"))
    for (text, iid), spot in ((yes, "yes"), (no, "no")):
        action = "next-turn" if iid.startswith("next-turn") else iid
        title = (NEXT_TITLE if action == "next-turn"
                 else msg("build.panel.answer_turn", answer=text, turn=turn))
        box.appendChild(button(said(state, text), action, id=iid, data_spot=spot,
                               title=said(state, title)))
    return box


def turn_history(state: State) -> Element:
    """The turns played before the one shown, each as it ended (newest first)."""
    turn = state.shown.attack.turn
    box = make("details", cls="turn-history", id="turn-history")
    earlier = [(n, lines) for n, demo, lines in state.turns  # of this game: not another
               if n < turn and demo == state.demo_file]  # demo's, opened since
    box.open = bool(earlier)
    seed = msg("build.panel.scripted_dice") if state.shown.dice else msg(
        "build.panel.seed",
        seed=systems.DEFAULT_SEED if state.shown.seed is None else state.shown.seed)
    n = len(earlier)
    summary = (msg("build.panel.turn_earlier", turn=turn, seed=seed, n=n) if n
               else msg("build.panel.turn", turn=turn, seed=seed))
    box.appendChild(make("summary", said(state, summary)))
    for _, lines in reversed(earlier):
        entry = make("section", cls="turn-entry")
        entry.appendChild(make("h4", said(state, lines[0])))
        for line in lines[1:]:
            entry.appendChild(make("p", said(state, line)))
        box.appendChild(entry)
    return box


def tool_button(state: State, tool: str, text: Msg, title: Msg) -> Element:
    """A toggle for what a tap or drag on the map does (`State.board_tool`)."""
    return button(said(state, text), f"tool-{tool}", id=f"tool-{tool}",
                  title=said(state, title),
                  aria_pressed="true" if state.board_tool == tool else "false")


def preplot_inputs(state: State, attack: dict[str, Any]) -> Element:
    """BT-ART.1: an artillery selection's pre-plotted hexes, typed or tapped on the map."""
    box = make("fieldset", cls="preplot")
    box.appendChild(make("legend", said(state, msg("build.panel.preplotted"))))
    guns = make("select", id="preplot-gun",
                aria_label=said(state, msg("build.panel.preplot_gun")))
    for gun in dict.fromkeys(s.fields["gun"] for s in presets.catalog("battletech").kinds[
            "supports"] if s.fields.get("kind") == "artillery"):
        opt = make("option", said(state, PRETTY[gun]), value=gun)
        opt.selected = gun == state.preplot_gun
        guns.appendChild(opt)
    box.appendChild(labelled(said(state, msg("build.panel.selection")), guns))
    hexes = ", ".join(attack.get("preplotted", {}).get(state.preplot_gun, []))
    box.appendChild(labelled(said(state, msg("build.panel.its_hexes")), text_input(
        "preplot-hexes", hexes, said(state, msg("build.panel.its_hexes.label",
                                                gun=state.preplot_gun)))))
    box.appendChild(tool_button(state, "preplot", msg("build.panel.preplot_tool"),
                                msg("build.panel.preplot_tool.title")))
    return box


def options_section(state: State, system: str) -> Element:
    node = section(said(state, msg("build.panel.options")), "build-options")
    for spec in editing.option_specs(system):
        node.appendChild(forms.spec_input(spec, state.shown.options[spec.key],
                                          section="option",
                                          who=said(state, msg("build.panel.option")),
                                          lang=state.lang))
    return node


def hole_inputs(state: State) -> Element:
    """HH-1 without a drag: each hole's position typed (shots aimed alike share one)."""
    box = make("fieldset", cls="holes")
    box.appendChild(make("legend", said(state, msg("build.panel.holes"))))
    for k, reach in enumerate(legality.range_lines(state.shown)):
        shots = [str(i + 1) for i in reach.shots]
        name = msg("build.panel.shots" if len(shots) > 1 else "build.panel.shot", shots=shots)
        for axis, value in (("x", reach.end.x), ("y", reach.end.y)):
            inp = text_input(f"aim-{axis}-{k}", f"{round(value, 2):g}",
                             said(state, msg("build.panel.hole_axis", axis=axis, name=name)))
            inp.dataset.aim = str(k)
            box.appendChild(labelled(said(state, msg("build.panel.hole_axis.label",
                                                     axis=axis, name=name)), inp))
    return box

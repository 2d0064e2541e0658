"""The Build panel's buttons (their data-action): New, Undo, Redo, adding units and
buildings, the selected unit's Make attacker / Make target / Duplicate / Delete / Move all,
the weapon preset, BattleTech supports, the map tools and Next turn."""

from __future__ import annotations

from typing import Any

from engine import systems
from engine.build import presets, squads, starters
from engine.errors import ScatterlabError
from engine.log import Resolution
from engine.scenario.bounds import copied
from engine.systems.battletech import next_turn
from engine.words import Words, msg, say

from ..board import set_box, show_units
from ..dom import Element, Event, absent, attr, describe, el, show_message
from ..editor import set_scenario
from ..state import State
from .commit import commit, hex_list, number_of, unreadable_words, value_of
from .panel import doc_of, fill, select_unit


def on_click(state: State, ev: Event) -> None:
    """A button of the panel: its data-action."""
    target = ev.target.closest("[data-action]")
    if absent(target):
        return
    action = attr(target, "data-action")
    try:
        ACTIONS[action](state, target)
    except (ScatterlabError, ValueError) as err:
        show_message(describe(err) if isinstance(err, ScatterlabError)
                     else unreadable_words(state, err))


def act_new(state: State, target: Element) -> None:
    state.demo_file, state.selected, state.fit = None, None, None
    state.turns, state.spotting, state.placing = [], None, False
    commit(state, starters.starter(state.shown.system, state.lang))


def act_undo(state: State, target: Element) -> None:
    back_to(state, state.history.undo())


def act_redo(state: State, target: Element) -> None:
    back_to(state, state.history.redo())


def back_to(state: State, doc: dict[str, Any] | None) -> None:
    """Undo or Redo: the document from the history, the board's view kept as it was (a
    changed board would otherwise move to its new default view)."""
    view = state.box
    if doc is not None and set_scenario(state, doc) and view is not None:
        set_box(state, view)


def act_add_unit(state: State, target: Element) -> None:
    doc, system = doc_of(state), state.shown.system
    preset, side = value_of("add-preset"), value_of("add-side") or "blue"
    if system == "battletech":
        new = presets.with_unit(doc, preset, side=side, at=value_of("add-hex"),
                                lang=state.lang)
    else:
        at = (number_of("add-x", msg("build.panel.what.x")),
              number_of("add-y", msg("build.panel.what.y")))
        count = int(number_of("add-count", msg("build.panel.what.count")))
        if count == 1:
            new = presets.with_unit(doc, preset, side=side, at=at, lang=state.lang)
        else:
            new = squads.with_squad(doc, preset, count, shape=value_of("add-shape"),
                                    spacing=number_of("add-spacing", msg("build.panel.what.gap")),
                                    at=at, side=side, lang=state.lang,
                                    angle=number_of("add-angle", msg("build.panel.what.angle")))
    if commit(state, new):
        state.selected = new["units"][-1]["id"]
        fill(state)
        added = {u["id"] for u in new["units"]} - {u["id"] for u in doc["units"]}
        show_units(state, sorted(added))  # on the board, in view


def act_add_building(state: State, target: Element) -> None:
    commit(state, presets.with_building(doc_of(state), value_of("add-building-preset"),
                                        value_of("add-hex")))


def act_whole_squad(state: State, target: Element) -> None:
    """Drags and arrow keys move one model, or every model of its unit (a Heresy squad)."""
    state.whole_squad = not state.whole_squad
    fill(state)


def act_tool(state: State, target: Element) -> None:
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


def act_select(state: State, target: Element) -> None:
    select_unit(state, attr(target, "data-unit"))


def act_make_attacker(state: State, target: Element) -> None:
    doc = doc_of(state)
    key = "attacker" if state.shown.system == "robotech" else "firer"
    doc["attack"][key] = state.selected
    commit(state, doc)


def act_make_target(state: State, target: Element) -> None:
    doc, system = doc_of(state), state.shown.system
    attack = doc["attack"]
    if system == "heresy":
        attack["target"] = state.selected
    elif system == "robotech":
        attack.pop("point", None)
        attack["targets"] = [state.selected]
    else:
        hex_label = state.shown.unit(state.picked).hex.label
        el("support-hex").value = hex_label
        return
    commit(state, doc)


def act_duplicate(state: State, target: Element) -> None:
    doc = doc_of(state)
    index = next(i for i, u in enumerate(doc["units"]) if u["id"] == state.selected)
    twin = copied(doc["units"][index])
    twin["id"] = presets.new_id(doc, twin["id"])
    if "x" in twin:
        twin["x"] = round(float(twin["x"]) + 1.0, 3)
    doc["units"].insert(index + 1, twin)
    if commit(state, doc):
        state.selected = twin["id"]
        fill(state)


def act_delete(state: State, target: Element) -> None:
    doc = doc_of(state)
    uid = state.selected
    doc["units"] = [u for u in doc["units"] if u["id"] != uid]
    attack = doc["attack"]
    if isinstance(attack.get("targets"), list):
        attack["targets"] = [t for t in attack["targets"] if t != uid]
        if not attack["targets"]:
            attack.pop("targets")
            table = state.shown.board.table
            attack["point"] = {"x": table.width / 2, "y": table.height / 2}
    attack.get("reactions", {}).pop(uid, None)
    for key in ("target", "firer", "attacker"):
        if attack.get(key) == uid:
            show_message(say(msg("build.panel.in_use", unit=uid,
                                 role=msg(f"build.panel.role.{key}")), state.lang))
            return
    commit(state, doc)


def act_use_weapon(state: State, target: Element) -> None:
    commit(state, presets.with_weapon(doc_of(state), value_of("weapon-preset"), state.lang))


def act_add_support(state: State, target: Element) -> None:
    hexes = hex_list(value_of("support-hex"))
    doc = presets.with_support(doc_of(state), value_of("support-preset"), hexes or [""])
    if commit(state, doc):
        state.placing = False  # placed: taps on units select them again


def act_remove_support(state: State, target: Element) -> None:
    doc = doc_of(state)
    del doc["attack"]["supports"][int(attr(target, "data-support"))]
    commit(state, doc)


def act_next_turn(state: State, target: Element) -> None:
    """A new turn (the engine's `next_turn`): this turn played with its dice, as Roll plays
    it, goes into the turn history; the next one has the next seed, this turn's shells in
    flight (BT-ART.3) and each record sheet's damage carried on. The spotting question
    (BT-ART.4: spotted as it lands?) is asked in the panel, shell by shell: the first
    one's answer is the button pressed (`panel.next_turn_controls`)."""
    scenario = state.shown
    dice, _ = systems.dice_for(scenario)
    doc = next_turn(scenario, dice)
    turn = scenario.attack.turn
    state.turns = [t for t in state.turns if t[0] < turn]  # an undone turn played again
    state.turns.append((turn, state.demo_file, turn_entry(state, state.resolution)))
    state.spotting = (doc, 0)
    if attr(target, "data-spot"):  # the first shell's question answered with Next turn
        act_spot(state, target)
    else:
        ask_spotting(state)


def turn_entry(state: State, shown: Resolution | None) -> tuple[Words, ...]:
    """What the turn shown did, for the turn history: its number and seed, each record
    sheet after it and the result line (the resolution shown, else Roll's)."""
    scenario = state.shown
    res = shown if shown is not None and shown.effects else systems.resolve(scenario)
    seed = msg("build.panel.scripted_dice") if scenario.dice else msg("build.panel.seed",
                                                                       seed=res.seed)
    lines = [s.text for s in res.steps if s.clause in ("BT-SHEET", "RESULT")]
    return (msg("build.panel.turn", turn=scenario.attack.turn, seed=seed), *lines)


def ask_spotting(state: State) -> None:
    """The next shell's spotting question in the panel; none left: the next turn shown."""
    if state.spotting is None:
        return
    doc, i = state.spotting
    if i >= len(doc["attack"].get("in_flight", [])):
        state.spotting = None
        if commit(state, doc):
            focus_next_turn()
        return
    fill(state)
    el("spot-yes").focus()


def act_spot(state: State, target: Element) -> None:
    """The spotting question answered (BT-ART.4): a friendly unit spots the shell's hex as
    it lands, or none does (the firing turn's spotter is then dropped)."""
    if state.spotting is None:
        return
    doc, i = state.spotting
    shell = doc["attack"]["in_flight"][i]
    spotted = [t for t in shell.get("spotted", []) if t != "arrival"]
    if attr(target, "data-spot") == "yes":
        spotted.append("arrival")
    else:
        shell.pop("spotter", None)
    shell["spotted"] = spotted
    state.spotting = (doc, i + 1)
    ask_spotting(state)


def focus_next_turn() -> None:
    node = el("next-turn")
    if not absent(node):
        node.focus()


ACTIONS = {
    "new": act_new, "undo": act_undo, "redo": act_redo, "add-unit": act_add_unit,
    "add-building": act_add_building, "select": act_select,
    "make-attacker": act_make_attacker, "make-target": act_make_target,
    "duplicate": act_duplicate, "delete": act_delete, "use-weapon": act_use_weapon,
    "add-support": act_add_support, "remove-support": act_remove_support,
    "next-turn": act_next_turn, "whole-squad": act_whole_squad,
    "spot-yes": act_spot, "spot-no": act_spot,
    "tool-strafe": act_tool, "tool-preplot": act_tool,
}

"""A field of the Build panel changed: a unit's, the weapon's, the attack's, an option or a
reaction (engine/build/editing.py's descriptions, read back by page/forms.py), the missile
targets or the ground point, a pre-plotted hex list, a hole's typed position."""

from __future__ import annotations

from pyscript import document

from engine.build import editing
from engine.build.fieldwords import worded
from engine.errors import ScatterlabError, ScenarioError

from .. import forms
from ..dom import Element, Event, attr, describe, show_message
from ..state import State
from .commit import commit, doc_of, hex_list, number_of
from .moves import place_aim
from .panel import fill


def on_change(state: State, ev: Event) -> None:
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
    system = state.shown.system
    try:
        spec = forms.spec_for(system, section_name, attr(inp, "data-key"))
    except KeyError:  # a field of the panel of another system, left as the system changed
        return
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
        show_message(describe(worded(err, doc) if isinstance(err, ScenarioError) else err))
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
        table = state.shown.board.table
        try:
            x = number_of("point-x", "The ground point's x")
            y = number_of("point-y", "The ground point's y")
        except (ValueError, AttributeError):
            x, y = table.width / 2, table.height / 2
        attack["point"] = {"x": x, "y": y}
    commit(state, doc)


def edit_hole(state: State, inp: Element) -> None:
    """A typed hole position (`hole_inputs`)."""
    k = int(attr(inp, "data-aim"))
    place_aim(state, k, number_of(f"aim-x-{k}", "The hole's x"),
              number_of(f"aim-y-{k}", "The hole's y"))

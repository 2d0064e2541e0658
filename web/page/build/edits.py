"""A field of the Build panel changed: a unit's, the weapon's, the attack's, an option or a
reaction (engine/build/editing.py's descriptions, read back by page/forms.py), the missile
targets or the ground point, a pre-plotted hex list, a hole's typed position."""

from __future__ import annotations

from pyscript import document

from engine.build import editing
from engine.build.fieldwords import reason_words, worded
from engine.errors import ScatterlabError, ScenarioError
from engine.words import msg, say

from .. import bridge, forms
from ..dom import Element, Event, attr, describe, show_message
from ..state import State
from ..words import in_words
from .commit import commit, hex_list, number_of, unreadable_words
from .moves import place_aim
from .panel import doc_of, field_key, fill, mark_field


def on_change(state: State, ev: Event) -> None:
    """A field of the panel changed: the document moves on, or the message says why."""
    inp = ev.target
    if attr(inp, "data-missile") or str(inp.id) in ("point-x", "point-y"):
        edit_targets(state)
        return
    if str(inp.id) in ("support-preset", "support-hex"):
        state.placing = True  # a support half set: a tap on the map aims it (moves.py)
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
            show_message(unreadable_words(state, err))
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
    path = ""
    try:
        if section_name == "unit":
            i = int(attr(inp, "data-index"))
            path = f"units[{i}].{spec.key}"
            value = editing.coerce(spec, raw, path)
            doc["units"][i] = editing.write(doc["units"][i], spec, value)
        elif section_name == "weapon":
            path = f"attack.weapon.{spec.key}"
            value = editing.coerce(spec, raw, path)
            doc["attack"]["weapon"] = editing.write(doc["attack"]["weapon"], spec, value)
        elif section_name == "attack":
            path = f"attack.{spec.key}"
            value = editing.coerce(spec, raw, path)
            doc["attack"] = editing.write(doc["attack"], spec, value)
        elif section_name == "option":
            path = f"options.{spec.key}"
            doc.setdefault("options", {})[spec.key] = editing.coerce(spec, raw, path)
        else:
            uid = attr(inp, "data-index")
            reactions = doc["attack"].setdefault("reactions", {})
            base = dict(reactions.get(uid) or reactions.get("default") or {})
            base[spec.key] = bool(raw)
            reactions[uid] = base
        if str(inp.type) == "text":
            bridge.load(doc)  # judged here, so that a refusal is marked beside the field
    except ScatterlabError as err:
        if isinstance(err, ScenarioError):
            err = worded(err, doc)
        if str(inp.type) != "text":
            show_message(describe(err))
            fill(state)  # the control shows the scenario's value again
            return
        state.invalid[field_key(inp)] = (str(raw), reason(state, err, path, spec))
        mark_field(state, inp)
        return
    state.invalid.pop(field_key(inp), None)
    commit(state, doc)


def reason(state: State, err: ScatterlabError, path: str, spec: editing.Spec) -> str:
    """Why the parser refused a typed value, in words, for the note beside its field: the
    field's own label and the parser's reason when the refusal is of this field."""
    if isinstance(err, ScenarioError) and (err.path == path or err.path.startswith(path)):
        return say(msg("build.said.note", field=spec.label, reason=reason_words(err.reason)),
                   state.lang)
    return in_words(state.shown, describe(err))


def edit_targets(state: State) -> None:
    """The missile pickers, read as one set (engine.build.editing.with_missile_targets), or
    the ground point: a refused set leaves every picker showing the scenario's targets."""
    picks = [str(s.value) for s in document.querySelectorAll("#build select[data-missile]")]
    table = state.shown.board.table
    try:
        x = number_of("point-x", msg("build.panel.what.point_x"))
        y = number_of("point-y", msg("build.panel.what.point_y"))
    except (ValueError, AttributeError):
        x, y = table.width / 2, table.height / 2
    commit(state, editing.with_missile_targets(doc_of(state), picks, (x, y)))


def edit_hole(state: State, inp: Element) -> None:
    """A typed hole position (`hole_inputs`)."""
    k = int(attr(inp, "data-aim"))
    place_aim(state, k, number_of(f"aim-x-{k}", msg("build.panel.what.hole_x")),
              number_of(f"aim-y-{k}", msg("build.panel.what.hole_y")))

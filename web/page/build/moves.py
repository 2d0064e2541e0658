"""Moving and aiming without a drag: the arrow keys move the selected unit (or its whole
squad), a tap on empty board aims (a Robotech ground point, a BattleTech support's hex or
strafing run, a pre-plotted hex), and an aim put where the board's gestures drop it."""

from __future__ import annotations

from pyscript import document

from engine.build import editing, legality, squads
from engine.hexgrid import neighbor
from engine.scenario.battletech import STRAFE_MAX

from ..board import board_svg, hex_at, unit_at
from ..dom import Event, absent, el
from ..geometry import board_point
from ..state import State
from .commit import commit, hex_list, value_of
from .panel import doc_of, select_unit

STEP_INCHES = 0.5
ARROWS = {"ArrowUp": (0, -1, 0, 0), "ArrowDown": (0, 1, 3, 3), "ArrowLeft": (-1, 0, 5, 4),
          "ArrowRight": (1, 0, 1, 2)}  # dx, dy, hex direction, with Shift


def on_key(state: State, ev: Event) -> None:
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
        h = state.shown.unit(state.selected).hex
        moved = neighbor(h, shifted if ev.shiftKey else direction)
        if not state.shown.board.map.contains(moved):
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


def aims_hexes(state: State) -> bool:
    """Whether a tap on a BattleTech unit aims at its hex rather than selecting it: while a
    support is half set in the panel (its kind or hex changed, not yet added) or a map tool
    is pressed; bombing the enemy's own hex is the common case."""
    return (state.shown.system == "battletech" and not absent(el("support-hex"))
            and (state.placing or state.board_tool is not None))


def tap_board(state: State, client_x: float, client_y: float) -> None:
    """A tap on empty board: a Robotech ground shot's point moves there (Indirect Fire,
    RT-3); a tap on an empty BattleTech hex aims the next support there (a strafing run:
    each tap adds a hex, up to five), and so does a tap on a unit's hex while a support is
    being placed (`aims_hexes`; else the unit, seen through the marks over it, opens).
    The single-pointer way to aim."""
    if state.shown.system == "robotech":
        aim_ground_point(state, client_x, client_y)
        return
    if state.shown.system != "battletech" or absent(el("support-hex")):
        return
    label = hex_at(client_x, client_y)
    if not label:
        return
    under = unit_at(client_x, client_y)
    if under and not aims_hexes(state):  # a unit under the support's marker: opened
        select_unit(state, under)
        return
    if state.board_tool == "preplot":
        commit(state, editing.toggle_preplotted(doc_of(state), state.preplot_gun, label))
        return
    if value_of("support-preset") == "strafing":
        paint_hex(state, label)
    else:
        el("support-hex").value = label


def paint_hex(state: State, label: str) -> None:
    """The strafe tool: `label` joins the run being drawn in the support's hex box
    (a hex already in it, or a sixth, is left out: BT-STRAFE.1)."""
    box = el("support-hex")
    hexes = hex_list(str(box.value))
    if label and label not in hexes and len(hexes) < STRAFE_MAX:
        box.value = ", ".join([*hexes, label])


def place_aim(state: State, line: int, x: float, y: float, *, by: bool = False) -> bool:
    """The aim of range line `line` (engine.build.legality.range_lines), a Heresy hole (HH-1)
    or a Robotech ground point (RT-3), put at (x, y), or moved by it (`by`); the engine
    then says whether the new aim is legal. False when the document refuses it."""
    reach = legality.range_lines(state.shown)[line]
    if by:
        x, y = reach.end.x + x, reach.end.y + y
    return commit(state, editing.with_aim(doc_of(state), reach.moves, reach.shots, x, y))


def aim_ground_point(state: State, client_x: float, client_y: float) -> None:
    """The Robotech ground point under a tap (the board's units are the table's inches)."""
    doc = doc_of(state)
    svg = board_svg()
    where = None if svg is None else board_point(svg, client_x, client_y)
    if "point" not in doc["attack"] or where is None:
        return
    table = state.shown.board.table
    x, y = (min(max(v, 0.0), hi) for v, hi in zip(where, (table.width, table.height),
                                                   strict=True))
    commit(state, editing.with_aim(doc, "point", (), round(x, 1), round(y, 1)))

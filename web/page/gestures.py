"""The board's gestures: dragging a unit moves it (or its whole squad, when the Build
panel's "Move all N of its unit" is pressed); dragging an aim's handle moves the hole or
the ground point; with the Build panel's strafe tool pressed, a drag across the map draws
a strafing run; dragging empty board pans, two fingers pinch, the mouse wheel zooms
around the pointer. At Fit a one-finger swipe on the board scrolls the page (CSS
touch-action); zoomed in, it pans the board."""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import document

from engine import scenario as sc
from engine.build import squads

from .board import (
    board_svg,
    hex_at,
    pan_by,
    svg_point,
    unit_at,
    zoom_by,
)
from .bridge import draw
from .build.moves import aims_hexes, dragged, paint_hex, place_aim, tap_board
from .build.panel import select_unit
from .dom import Event, absent, attr, clear_message, el
from .editor import set_scenario
from .geometry import board_point, unit_selector
from .irolled import arrow_move, arrow_press, arrow_release
from .state import State

WHEEL_STEP = 1.2  # zoom per wheel notch
TAP_PX = 6  # a press that moves less is a tap, not a pan


def on_wheel(state: State, ev: Event) -> None:
    svg = board_svg()
    if svg is None or state.drag is not None or not float(ev.deltaY):
        return
    ev.preventDefault()
    zoom_by(state, WHEEL_STEP if float(ev.deltaY) < 0 else 1 / WHEEL_STEP, svg_point(svg, ev))


def gesture(points: dict[int, tuple[float, float]]) -> tuple[tuple[float, float], float]:
    """Midpoint (client px) and spread (distance between the first two) of the pointers."""
    pts = list(points.values())[:2]
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    spread = ((pts[0][0] - pts[-1][0]) ** 2 + (pts[0][1] - pts[-1][1]) ** 2) ** 0.5
    return (mx, my), spread


def start_pan(state: State, ev: Event) -> None:
    """A pointer on empty board: one pans, two pinch."""
    if len(state.pointers) >= 2:
        return
    if not state.pointers:
        state.presses[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
    state.pointers[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
    ev.preventDefault()  # no text selection while a mouse pans
    with contextlib.suppress(Exception):
        el("board").setPointerCapture(ev.pointerId)


def move_pan(state: State, ev: Event) -> None:
    """Keep the board point under the pointers' midpoint there; scale with their spread."""
    svg = board_svg()
    if svg is None or ev.pointerId not in state.pointers:
        return
    (mx0, my0), spread0 = gesture(state.pointers)
    state.pointers[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
    (mx1, my1), spread1 = gesture(state.pointers)
    before, after = board_point(svg, mx0, my0), board_point(svg, mx1, my1)
    if before is None or after is None:
        return
    pan_by(state, before[0] - after[0], before[1] - after[1])
    if spread0 > 0 and spread1 > 0:
        zoom_by(state, spread1 / spread0, before)


def end_pan(state: State, ev: Event) -> None:
    state.pointers.pop(ev.pointerId, None)


def on_pointerdown(state: State, ev: Event) -> None:
    """A unit grabbed starts a drag; empty board (or a second finger) pans or pinches."""
    if state.scenario is None or document.body.dataset.state == "loading":
        return
    if ev.button is not None and int(ev.button) != 0:
        return
    if arrow_press(state, ev):  # "I rolled" asks for the scatter arrow
        return
    if (state.board_tool == "strafe" and not state.pointers and state.drag is None
            and absent(ev.target.closest("[data-unit]"))):
        ev.preventDefault()  # the strafe tool: this drag draws the run, it does not pan
        state.painting = ev.pointerId
        with contextlib.suppress(Exception):
            el("board").setPointerCapture(ev.pointerId)
        paint_hex(state, hex_at(ev.clientX, ev.clientY))
        return
    handle = ev.target.closest("[data-aim][data-moves]")  # not the body's data-aim state
    g = handle if not absent(handle) else ev.target.closest("[data-unit]")
    svg = el("board").querySelector("svg")
    if absent(svg):
        return
    if state.drag is not None and ev.pointerId != state.drag["pointer"]:
        drag_to_pinch(state, state.drag)  # a second finger while a unit is held: the pair pinches
    if absent(g) or state.pointers:  # empty board, or a second finger: pan / pinch
        if state.drag is None:
            start_pan(state, ev)
        return
    start = svg_point(svg, ev)
    if start is None:
        return
    ev.preventDefault()
    with contextlib.suppress(Exception):
        g.setPointerCapture(ev.pointerId)
    aim = None if absent(handle) else int(attr(handle, "data-aim"))
    uid = attr(g, "data-unit")
    ids = () if aim is not None else dragged(state, uid)
    nodes = [g] if aim is not None else [
        n for n in (document.querySelector("#board " + unit_selector(i)) for i in ids)
        if not absent(n)]
    for node in nodes:
        node.classList.add("dragging")
    state.drag = {
        "id": uid,
        "ids": ids,
        "aim": aim,  # the range line whose aim handle is dragged (engine.build.reach), or None
        "nodes": [(node, attr(node, "transform")) for node in nodes],
        "svg": svg,
        "start": start,
        "pointer": ev.pointerId,
        "client": (float(ev.clientX), float(ev.clientY)),
        "delta": (0.0, 0.0),
    }


def drag_to_pinch(state: State, drag: dict[str, Any]) -> None:
    """The unit being dragged goes back where it was and its finger becomes the first of
    a pinch: a player who puts a second finger down means to zoom, and a unit under the
    first finger must not stop that."""
    pointer, client = drag["pointer"], drag["client"]
    cancel_drag(state)
    state.pointers[pointer] = client


def on_pointermove(state: State, ev: Event) -> None:
    if arrow_move(state, ev):
        return
    if state.painting is not None and ev.pointerId == state.painting:
        paint_hex(state, hex_at(ev.clientX, ev.clientY))
        return
    if ev.pointerId in state.pointers:
        move_pan(state, ev)
        return
    d = state.drag
    if d is None or ev.pointerId != d["pointer"]:
        return
    p = svg_point(d["svg"], ev)
    if p is None:
        return
    dx, dy = p[0] - d["start"][0], p[1] - d["start"][1]
    d["delta"], d["client"] = (dx, dy), (float(ev.clientX), float(ev.clientY))
    for node, orig in d["nodes"]:
        node.setAttribute("transform", f"translate({dx:.3f} {dy:.3f}) {orig}".strip())


def cancel_drag(state: State) -> None:
    """Put the dragged unit (or squad) back where it was."""
    d, state.drag = state.drag, None
    for node, orig in d["nodes"] if d is not None else ():
        node.classList.remove("dragging")
        if orig:
            node.setAttribute("transform", orig)
        else:
            node.removeAttribute("transform")


def on_pointerup(state: State, ev: Event) -> None:
    """A drop: the unit's new x, y (tabletop) or the hex under the pointer (hex map); a
    tap on empty board picks the hex under it (page/build/moves.tap_board)."""
    if arrow_release(state, ev):
        return
    if state.painting is not None and ev.pointerId == state.painting:
        state.painting = None
        return
    press = state.presses.pop(ev.pointerId, None)
    moved = TAP_PX if press is None else (abs(float(ev.clientX) - press[0])
                                          + abs(float(ev.clientY) - press[1]))
    if moved < TAP_PX and len(state.pointers) == 1:
        tap_board(state, ev.clientX, ev.clientY)
    end_pan(state, ev)
    d = state.drag
    if d is None or ev.pointerId != d["pointer"]:
        return
    dx, dy = d["delta"]
    if abs(dx) < 0.05 and abs(dy) < 0.05:  # a tap: the unit opens in the Build panel
        cancel_drag(state)
        if aims_hexes(state):  # unless a support is being placed: it aims at that hex
            tap_board(state, ev.clientX, ev.clientY)
            return
        uid = d["id"] if d["aim"] is None else unit_at(ev.clientX, ev.clientY)
        if uid:  # (a tap on an aim's handle opens the unit under it)
            select_unit(state, uid)
        return
    if d["aim"] is not None:
        state.drag = None
        if not place_aim(state, d["aim"], dx, dy, by=True):
            draw(state)  # refused (the message says why): the handle goes back
        return
    data = sc.to_dict(state.shown)
    index = next((i for i, u in enumerate(data["units"]) if str(u.get("id")) == d["id"]), None)
    if index is None:
        cancel_drag(state)
        return
    unit = data["units"][index]
    if len(d["ids"]) > 1:
        data = squads.move_squad(data, unit["unit"], round(dx, 1), round(dy, 1))
    elif "hex" in unit:
        target = hex_at(ev.clientX, ev.clientY)
        if not target or target == unit["hex"]:
            cancel_drag(state)
            return
        unit["hex"] = target
    else:
        unit["x"] = round(float(unit.get("x", 0)) + dx, 1)
        unit["y"] = round(float(unit.get("y", 0)) + dy, 1)
    state.drag = None
    if set_scenario(state, data):
        clear_message()
    else:
        draw(state)


def on_pointercancel(state: State, ev: Event) -> None:
    arrow_release(state, ev, take=False)
    state.painting = None
    state.presses.pop(ev.pointerId, None)
    end_pan(state, ev)
    cancel_drag(state)

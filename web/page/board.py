"""The board view: the engine's SVG put into #board, and its viewBox zoom and pan.

Zoom and pan change only the board <svg>'s viewBox; the engine's own viewBox is the "Fit"
box, and zoom is clamped between Fit and MAX_ZOOM x. The shown box keeps Fit's aspect ratio
and stays inside it. The zoom survives redraws (Roll, Step, Odds, a drag) while the board's
Fit box is unchanged, and is reset when a demo or system is loaded. Default view: Fit,
except for a hex map on a narrow viewport (< NARROW_PX wide), where the whole 2x2-sheet map
would make units and hex labels too small to see or drag with a finger; there the page opens
on the units and the attack's target hexes with a margin of FOCUS_MARGIN_HEXES hexes (Fit
shows the whole map). #board exposes data-zoom (the zoom factor, "1.00" at Fit) and data-step
(index of the step shown, or "all").
"""

from __future__ import annotations

import js
from pyscript import document, window

from engine import scenario as sc

from .dom import absent, attr, el
from .state import State

MAX_ZOOM = 8.0
ZOOM_STEP = 1.5  # per button press
NARROW_PX = 600
FOCUS_MARGIN_HEXES = 3


def svg_node(text: str):
    """The engine's SVG text as a node of this page, parsed as XML (text stays text)."""
    doc = js.DOMParser.new().parseFromString(text, "image/svg+xml")
    root = doc.documentElement
    if doc.getElementsByTagName("parsererror").length or root.localName != "svg":
        raise ValueError("the renderer produced SVG the browser cannot parse")
    return document.importNode(root, True)


def show_svg(state: State, text: str) -> None:
    """Put the engine's board SVG into #board."""
    board = el("board")
    board.replaceChildren(svg_node(text))
    board.dataset.step = "all" if state.step is None else str(state.step)
    board.dataset.system = state.scenario.system
    board.dataset.prerendered = ""
    restore_view(state)


def board_svg():
    """The <svg> shown in #board, None before the first board."""
    svg = el("board").querySelector("svg")
    return None if absent(svg) else svg


def board_point(svg, client_x, client_y) -> tuple[float, float] | None:
    """Client (CSS px) -> board coordinates, through the svg's current viewBox."""
    m = svg.getScreenCTM()
    if absent(m):
        return None
    p = js.DOMPoint.new(client_x, client_y).matrixTransform(m.inverse())
    return float(p.x), float(p.y)


def svg_point(svg, ev) -> tuple[float, float] | None:
    """The board coordinates of a pointer or wheel event."""
    return board_point(svg, ev.clientX, ev.clientY)


def read_box(svg) -> tuple[float, float, float, float] | None:
    """The svg's viewBox attribute as (x, y, w, h), None if it has none."""
    parts = attr(svg, "viewBox").replace(",", " ").split()
    return tuple(float(v) for v in parts) if len(parts) == 4 else None


def clamp_box(box: tuple, fit: tuple) -> tuple[float, float, float, float]:
    """`box` grown to Fit's aspect ratio, between Fit and MAX_ZOOM x, moved inside Fit."""
    fx, fy, fw, fh = fit
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    w = min(max(w, h * fw / fh, fw / MAX_ZOOM), fw)
    h = w * fh / fw
    x = min(max(cx - w / 2, fx), fx + fw - w)
    y = min(max(cy - h / 2, fy), fy + fh - h)
    return (x, y, w, h)


def set_box(state: State, box: tuple) -> None:
    """Show `box` (clamped) on the board and remember it."""
    svg = board_svg()
    if svg is None or state.fit is None:
        return
    state.box = clamp_box(box, state.fit)
    svg.setAttribute("viewBox", " ".join(f"{v:.3f}" for v in state.box))
    zoom = state.fit[2] / state.box[2]
    board = el("board")
    board.dataset.zoom = f"{zoom:.2f}"
    board.toggleAttribute("data-zoomed", zoom > 1.001)


def restore_view(state: State) -> None:
    """After a draw: keep the zoom if the board's Fit box is the same, else the default."""
    svg = board_svg()
    fit = None if svg is None else read_box(svg)
    if fit is None:
        state.fit = state.box = None
        return
    if fit == state.fit and state.box is not None:
        set_box(state, state.box)
        return
    state.fit = fit
    set_box(state, focus_box(state, svg) if narrow() else fit)


def narrow() -> bool:
    return float(window.innerWidth) < NARROW_PX


def attack_hexes(value) -> set[str]:
    """Hexes named by the attack: every "target" hex and "hexes" list, at any depth."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "target" and isinstance(item, str):
                found.add(item)
            elif key == "hexes" and isinstance(item, list):
                found.update(str(h) for h in item)
            else:
                found |= attack_hexes(item)
    elif isinstance(value, list):
        for item in value:
            found |= attack_hexes(item)
    return found


def focus_box(state: State, svg) -> tuple:
    """A hex map's units and target hexes plus a margin; Fit for a tabletop board."""
    first_hex = svg.querySelector("[data-hex]")
    units = svg.querySelector(".layer-units")
    if absent(first_hex) or absent(units) or not units.childElementCount:
        return state.fit
    boxes = [units.getBBox()]
    for hex_id in attack_hexes(sc.to_dict(state.scenario).get("attack")):
        node = svg.querySelector(f'[data-hex="{hex_id}"]')
        if not absent(node):
            boxes.append(node.getBBox())
    margin = FOCUS_MARGIN_HEXES * float(first_hex.getBBox().height)
    x0 = min(float(b.x) for b in boxes) - margin
    y0 = min(float(b.y) for b in boxes) - margin
    x1 = max(float(b.x + b.width) for b in boxes) + margin
    y1 = max(float(b.y + b.height) for b in boxes) + margin
    return (x0, y0, x1 - x0, y1 - y0)


def zoom_by(state: State, factor: float, anchor: tuple | None = None) -> None:
    """Zoom in by `factor` (< 1 zooms out) keeping the board point `anchor` in place."""
    if state.box is None:
        return
    x, y, w, h = state.box
    ax, ay = anchor or (x + w / 2, y + h / 2)
    new_w = clamp_box((x, y, w / factor, h / factor), state.fit)[2]
    s = new_w / w
    set_box(state, (ax - (ax - x) * s, ay - (ay - y) * s, w * s, h * s))


def pan_by(state: State, dx: float, dy: float) -> None:
    """Move the shown box by (dx, dy) board units."""
    if state.box is not None:
        x, y, w, h = state.box
        set_box(state, (x + dx, y + dy, w, h))


def on_zoom_in(state: State, ev) -> None:
    zoom_by(state, ZOOM_STEP)


def on_zoom_out(state: State, ev) -> None:
    zoom_by(state, 1 / ZOOM_STEP)


def on_zoom_fit(state: State, ev) -> None:
    if state.fit is not None:
        set_box(state, state.fit)

"""Issue 14.6: an attacker outside the part of the board shown gets a small named arrow at
the board's edge, pointing to it, its name kept clear of the names already in view."""

from __future__ import annotations

import math

from pyscript import document

from engine.names import shown_names
from engine.render.labels import overlap
from engine.words import DEFAULT_LANG, Lang, msg, say

from .dom import Element, absent
from .geometry import SVG_NS, Bounds, PageToBoard, bbox, unit_selector
from .state import Box, State

OFFVIEW_PX = 14.0
"""The size of the arrow that points to an attacker out of view, in CSS px."""


def point_to_attacker(state: State, svg: Element, attackers: set[str]) -> None:
    """Issue 14.6: for each attacker outside the box shown, a small arrow with its name
    just inside the board's edge, on the line from the box's centre towards it."""
    for old in svg.querySelectorAll(":scope > g.offview"):
        old.remove()
    rect = svg.getBoundingClientRect()
    if state.scenario is None or float(rect.width) <= 0:
        return
    x, y, w, h = state.view_box
    size = OFFVIEW_PX / min(float(rect.width) / w, float(rect.height) / h)
    cx, cy = x + w / 2, y + h / 2
    names: tuple[list[Bounds], list[Bounds], list[Bounds]] | None = None
    for uid in sorted(attackers):
        node = svg.querySelector(".layer-units " + unit_selector(uid))
        if absent(node):
            continue
        b = bbox(svg, node)
        ax, ay = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        if x <= ax <= x + w and y <= ay <= y + h:
            continue
        dx, dy = ax - cx, ay - cy
        t = min((w / 2 - size) / abs(dx) if dx else math.inf,
                (h / 2 - size) / abs(dy) if dy else math.inf)
        px, py = cx + t * dx, cy + t * dy
        group = offview_arrow(px, py, math.atan2(dy, dx), size, uid, unit_name(state, uid),
                              state.lang)
        svg.appendChild(group)
        if names is None:
            to_board = PageToBoard.of(svg)
            names = ([], [], []) if to_board is None else names_in_view(svg, to_board,
                                                                         state.view_box)
        sx, sy = clear_of_names(group, names, state.view_box, abs(dy) > abs(dx))
        if (sx, sy) != (0.0, 0.0):  # moved along the edge with its name: aimed again
            group.querySelector("polygon").setAttribute("points", arrow_points(
                px, py, math.atan2(ay - py - sy, ax - px - sx), size))


OFFVIEW_NAMES = 60
"""Boards with more units than this leave the attacker's label where it falls (finding
every name in view would cost more than it is worth while panning)."""


def names_in_view(svg: Element, to_board: PageToBoard, box: Box
                  ) -> tuple[list[Bounds], list[Bounds], list[Bounds]]:
    """The boxes inside `box` of every text (the units' names, a template's "missile 3" and
    direction numbers, a scatter's distance, the odds figures), of the units' bodies and of
    the templates (none on a board of more than `OFFVIEW_NAMES` units)."""
    if int(svg.querySelectorAll(".layer-units .unit").length) > OFFVIEW_NAMES:
        return [], [], []
    x, y, w, h = box

    def inside(selector: str) -> list[Bounds]:
        boxes = [to_board.node(n) for n in svg.querySelectorAll(selector)]
        return [b for b in boxes if b[2] >= x and b[0] <= x + w and b[3] >= y and b[1] <= y + h]

    return (inside(".layer-units .unit .name, .layer-marks .tlabel, .layer-marks .slabel, "
                   ".layer-marks .dir, .layer-odds .odds-label"),
            inside(".layer-units .unit .body"), inside(".layer-marks .tpl"))


def clear_of_names(group: Element, names: tuple[list[Bounds], list[Bounds], list[Bounds]],
                   box: Box, across: bool) -> tuple[float, float]:
    """Move an off-view attacker's arrow and label together along the board's edge
    (`across`: sideways, for an arrow at the top or bottom) to the first place near it
    where its label covers no text, no unit and no template and both stay in view, else
    the first where the label covers no text or unit, else no text (they stay put when
    there is none); the label on a `backdrop`. Returns how far they moved, so that the
    arrow is aimed again from where it now is."""
    label = group.querySelector("text")
    b = label.getBBox()
    pad = BACKDROP_PAD * float(b.height)  # its backdrop reaches this far past the text
    x0, y0 = float(b.x) - pad, float(b.y) - pad
    bw, bh = float(b.width) + 2 * pad, float(b.height) + 2 * pad
    whole = group.getBBox()
    gx0, gy0 = min(x0, float(whole.x)), min(y0, float(whole.y))
    gx1 = max(x0 + bw, float(whole.x) + float(whole.width))
    gy1 = max(y0 + bh, float(whole.y) + float(whole.height))
    slack = EDGE_SLACK * bh
    x, y, w, h = box[0] - slack, box[1] - slack, box[2] + 2 * slack, box[3] + 2 * slack
    step = (bw / 2 + bh) / 2 if across else 0.65 * bh
    texts, bodies, templates = names
    places = []
    for k in (0, *(sign * k for k in range(1, 13) for sign in (-1, 1))):
        sx, sy = (k * step, 0.0) if across else (0.0, k * step)
        if not (gx0 + sx < x or gy0 + sy < y or gx1 + sx > x + w or gy1 + sy > y + h):
            places.append((sx, sy, x0 + sx, y0 + sy))
    found = (0.0, 0.0)
    for keep_off in (texts + bodies + templates, texts + bodies, texts):
        first = next(((sx, sy) for sx, sy, lx, ly in places
                      if not any(overlap((lx, ly, lx + bw, ly + bh), n) for n in keep_off)),
                     None)
        if first is not None:
            found = first
            break
    if found != (0.0, 0.0):
        group.setAttribute("transform", f"translate({found[0]:.3f} {found[1]:.3f})")
    backdrop(label)
    return found


EDGE_SLACK = 0.1
"""How far past the view, in label heights, the arrow and label may reach when moved (the
arrow's tip touches the board's edge: its own box ends there)."""
BACKDROP_PAD = 0.15
"""How far an off-view label's backdrop reaches beyond its text, in text heights."""


def backdrop(label: Element) -> None:
    """A pale rounded box behind an off-view label, so it reads over templates and lines."""
    b = label.getBBox()
    pad = float(b.height) * BACKDROP_PAD
    rect = document.createElementNS(SVG_NS, "rect")
    for name, value in (("x", float(b.x) - pad), ("y", float(b.y) - pad),
                        ("width", float(b.width) + 2 * pad),
                        ("height", float(b.height) + 2 * pad), ("rx", pad)):
        rect.setAttribute(name, f"{value:.3f}")
    rect.setAttribute("style", "fill:#fff;fill-opacity:.85")
    label.parentNode.insertBefore(rect, label)


def unit_name(state: State, uid: str) -> str:
    """The unit's name as the board shows it (`engine.names`)."""
    return shown_names(state.shown.units).get(uid, uid)


def offview_arrow(x: float, y: float, angle: float, size: float, uid: str, name: str,
                  lang: Lang = DEFAULT_LANG) -> Element:
    """An arrow of `size` at (x, y) pointing at `angle` (radians, board axes), named."""
    group = document.createElementNS(SVG_NS, "g")
    group.setAttribute("class", "offview")
    group.setAttribute("data-points-to", uid)
    group.setAttribute("aria-hidden", "true")
    cos, sin = math.cos(angle), math.sin(angle)
    arrow = document.createElementNS(SVG_NS, "polygon")
    arrow.setAttribute("points", arrow_points(x, y, angle, size))
    arrow.setAttribute("style", "fill:#000;stroke:#fff;stroke-width:" + f"{size / 6:.3f}")
    label = document.createElementNS(SVG_NS, "text")
    label.textContent = say(msg("page.board.attacker", name=name), lang)
    label.setAttribute("x", f"{x - cos * size * 1.2:.3f}")
    label.setAttribute("y", f"{y - sin * size * 1.2 + size * 0.35:.3f}")
    anchor = "end" if cos > 0.3 else "start" if cos < -0.3 else "middle"
    label.setAttribute("style", f"font-size:{size * 0.9:.3f}px;text-anchor:{anchor};"
                       f"fill:#000;stroke:#fff;stroke-width:{size / 8:.3f};paint-order:stroke")
    title = document.createElementNS(SVG_NS, "title")
    title.textContent = say(msg("page.board.this_way", name=name), lang)
    group.append(title, arrow, label)
    return group


def arrow_points(x: float, y: float, angle: float, size: float) -> str:
    """The polygon of an arrow of `size` at (x, y) pointing at `angle` (radians)."""
    tip = [(size, 0.0), (-size * 0.6, size * 0.6), (-size * 0.6, -size * 0.6)]
    cos, sin = math.cos(angle), math.sin(angle)
    return " ".join(f"{x + px * cos - py * sin:.3f},{y + px * sin + py * cos:.3f}"
                    for px, py in tip)

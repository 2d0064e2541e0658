"""Names the view's edge would cut (issue 14.6, as seen on a phone): a zoomed view shows
every base legibly but cuts the names of the units at its edge ("narine 3" for "Assault
marine 3"), or hides them, or a unit's odds figure, under the zoom buttons. Each such name
or figure of a unit in view moves next to its unit, on its other side first, where it
reads whole, covers no other text, body or hex number, nor the zoom buttons or the arrow
to an attacker out of view, and stays in view (its leader line, if the board drew one,
hidden). Where every such place holds another name or figure of a unit in view, that one
makes room by moving beside its own unit in turn (`arrange`); where even that fails, the
name tries rings of places further out (a template's direction numbers round a model,
the zoom buttons over it), joined to its unit by a leader line of its own; where nothing
is clear, it stays where the board put it. The board's own places come back with every
new view: each move is a ``transform`` on the text, each line drawn is removed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from pyscript import document

from engine.render.labels import overlap
from engine.scenario import Scenario

from .arrange import RINGS, Text, arrange
from .dom import Element, absent, el
from .geometry import SVG_NS, Bounds, PageToBoard, client_box, unit_selector
from .offview import OFFVIEW_NAMES, names_in_view

MOVED = "data-kept-in-view"
"""Marks a name or odds figure this module moved (its ``transform`` is this module's), or
a leader line it hid."""
DRAWN = "kept-leader"
"""The class of a leader line this module drew, to a name it moved away from its unit."""
TEXTS = ".layer-units .unit .name, .layer-odds .odds-label"
"""The texts kept whole: units' names and their odds figures."""


def put_names_back(svg: Element) -> None:
    """The names and figures `keep_names_whole` moved, and their leader lines, as the
    board drew them."""
    for node in svg.querySelectorAll(f".layer-units .unit [{MOVED}], .layer-odds [{MOVED}]"):
        node.removeAttribute("transform" if node.matches(".name, .odds-label")
                             else "visibility")
        node.removeAttribute(MOVED)
    for line in svg.querySelectorAll(f".layer-units > .{DRAWN}"):
        line.remove()


def body_and_leader(svg: Element, text: Element) -> tuple[Element, Element | None]:
    """The body of the unit a name or odds figure belongs to, and the leader line the board
    drew to it (None: none): a name's is in its unit's group, a figure's just before it."""
    if text.matches(".odds-label"):
        body = svg.querySelector(f".layer-units {unit_selector(text.getAttribute('data-for'))}"
                                 " .body")
        line = text.previousElementSibling
        return body, None if absent(line) or not line.matches(".leader") else line
    leader = text.parentNode.querySelector(":scope > .leader")
    return text.parentNode.querySelector(".body"), None if absent(leader) else leader


def keep_names_whole(svg: Element, scenario: Scenario) -> None:
    """Move each name or odds figure the edge of the board on screen cuts (or the zoom
    buttons hide), of a unit whose centre is on screen, to a clear place beside its unit
    (module docstring), making room by moving other texts of units in view beside theirs
    where none is clear, else further out with a leader line (`arrange`): first those the
    board put beside their unit, then those it led away.
    Boards of more than `OFFVIEW_NAMES` units are left as drawn (finding every text in
    view would cost more than it is worth while panning)."""
    if int(svg.querySelectorAll(".layer-units .unit").length) > OFFVIEW_NAMES:
        return
    frame = svg.getBoundingClientRect()
    screen = client_box(frame)
    to_board = PageToBoard.of(svg)
    if to_board is None:
        return
    seen = to_board.box(screen)
    buttons = el("zoom").getBoundingClientRect()
    hidden = client_box(buttons)
    on_screen = [(node, client_box(node.getBoundingClientRect()))  # one call for most texts
                 for node in svg.querySelectorAll(TEXTS)]
    cuts = [not within(box, screen) or overlap(box, hidden) for _, box in on_screen]
    if not any(cuts):
        return
    found = []  # (cut, led away, node, its box, its unit's body, leader), units in view
    for (node, box), cut in zip(on_screen, cuts, strict=True):
        unit, leader = body_and_leader(svg, node)
        if absent(unit):
            continue
        body = client_box(unit.getBoundingClientRect())
        if within(centre(body), screen):
            found.append((cut, leader is not None, node, to_board.box(box), to_board.box(body),
                          leader))
    found.sort(key=lambda f: (not f[0], f[1]))
    if not found or not found[0][0]:
        return
    texts, bodies, _ = names_in_view(svg, to_board, (seen[0], seen[1], seen[2] - seen[0],
                                                     seen[3] - seen[1]))
    ours = {f[3] for f in found}
    fixed = [t for t in texts if t not in ours] + covering(svg, scenario, to_board, seen,
                                                           hidden)

    def clear(was: Bounds, body: Bounds) -> Callable[[int], list[Bounds]]:
        """The places of ring k beside `body` in view, off every fixed text and body near
        them (those are found once, when the first ring is asked for)."""
        @cache
        def near() -> list[Bounds]:
            area = reach(body, was)
            return [b for b in fixed if overlap(b, area)] + [
                b for b in bodies if b != body and overlap(b, area)]

        def ring(k: int) -> list[Bounds]:
            return [p for p in beside(body, was, seen, k)
                    if within(p, seen) and not any(overlap(p, b) for b in near())]
        return ring

    moves = arrange([Text(was, cut, reach(body, was), clear(was, body))
                     for cut, _, _, was, body, _ in found])
    for k, place in moves.items():
        _, _, node, was, body, leader = found[k]
        node.setAttribute("transform", f"translate({place[0] - was[0]:.3f} "
                          f"{place[1] - was[1]:.3f})")
        node.setAttribute(MOVED, "")
        if leader is not None:  # the board's line led to where it was
            leader.setAttribute("visibility", "hidden")
            leader.setAttribute(MOVED, "")
        if place not in beside(body, was, seen):
            lead_to(svg, body, place)


def lead_to(svg: Element, body: Bounds, place: Bounds) -> None:
    """A leader line from the edge of a unit's round `body` towards the nearest point of
    the box `place` of its name, moved there, drawn under every unit."""
    (cx, cy), r = centre(body)[:2], min(body[2] - body[0], body[3] - body[1]) / 2
    nx, ny = min(max(cx, place[0]), place[2]), min(max(cy, place[1]), place[3])
    length = math.hypot(nx - cx, ny - cy) or 1.0
    line = document.createElementNS(SVG_NS, "line")
    for name, value in (("x1", cx + (nx - cx) * r / length), ("y1", cy + (ny - cy) * r / length),
                        ("x2", nx), ("y2", ny)):
        line.setAttribute(name, f"{value:.3f}")
    line.setAttribute("class", f"leader {DRAWN}")
    layer = svg.querySelector(".layer-units")
    layer.insertBefore(line, layer.firstChild)


def covering(svg: Element, scenario: Scenario, to_board: PageToBoard, seen: Bounds,
             buttons: Bounds) -> list[Bounds]:
    """What a moved name keeps clear of beside the board's texts and bodies, in board
    units: the zoom `buttons` over the board (their box on the page), the arrow to an
    attacker out of view with its name, and a hex map's numbers in `seen` (the board hides
    some, so not all are texts it shows)."""
    out = [to_board.node(arrow) for arrow in svg.querySelectorAll(":scope > g.offview")]
    if buttons[2] > buttons[0]:
        out.append(to_board.box(buttons))
    if scenario.system == "battletech":
        from engine.render.hexmap import number_boxes  # svgwrite: loaded with the hex map

        out += number_boxes(scenario, seen)
    return out


GAP = 0.15
"""The room left between a moved name and its unit's body, in the name's heights."""


def beside(body: Bounds, name: Bounds, seen: Bounds, ring: int = 0) -> list[Bounds]:
    """The places for `name` next to `body` (`ring` name heights further out, for the rings
    `arrange` tries: a leader line then joins the name to its unit): first on
    the side opposite to where it is, then below, above, right and left of it (as the
    board tries them), then at its corners; above and below, centred on the body, flush
    with its left and its right edge, then as near the centre as the part `seen` allows."""
    w, h = name[2] - name[0], name[3] - name[1]
    gap = (GAP + ring) * h
    (ux, uy), (tx, ty) = centre(body)[:2], centre(name)[:2]
    xs = (ux - w / 2, body[0], body[2] - w,
          min(max(ux - w / 2, seen[0]), seen[2] - w))
    right, left = body[2] + gap, body[0] - gap - w
    places = {"below": [(x, body[3] + gap) for x in xs],
              "above": [(x, body[1] - gap - h) for x in xs],
              "right": [(right, uy - h / 2)], "left": [(left, uy - h / 2)],
              "corners": [(x, y) for y in (body[3] + ring * h, body[1] - h - ring * h)
                          for x in (right, left)]}
    dx, dy = tx - ux, ty - uy
    opposite = (("left" if dx > 0 else "right") if abs(dx) * h > abs(dy) * w
                else ("above" if dy > 0 else "below"))
    order = [opposite, *(side for side in places if side != opposite)]
    return [(x, y, x + w, y + h) for side in order for x, y in places[side]]


def reach(body: Bounds, name: Bounds) -> Bounds:
    """The box that holds the `name` of the unit of this `body` and every place `beside`
    it of the rings `arrange` tries."""
    w, h = name[2] - name[0], name[3] - name[1]
    out = (GAP + RINGS) * h
    return (min(name[0], body[0] - out - w), min(name[1], body[1] - out - h),
            max(name[2], body[2] + out + w), max(name[3], body[3] + out + h))


def centre(b: Bounds) -> Bounds:
    """The centre of the box `b`, as a box of no size."""
    x, y = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return (x, y, x, y)


def within(b: Bounds, box: Bounds) -> bool:
    """Is the box `b` wholly inside `box`?"""
    return b[0] >= box[0] and b[1] >= box[1] and b[2] <= box[2] and b[3] <= box[3]

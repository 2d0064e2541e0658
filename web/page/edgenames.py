"""Names the view's edge would cut (issue 14.6, as seen on a phone): a zoomed view shows
every base legibly but cuts the names of the units at its edge ("narine 3" for "Assault
marine 3"), or hides them, or a unit's odds figure, under the zoom buttons. Each such name
or figure of a unit in view moves next to its unit, on its other side first, where it
reads whole, covers no other text, body or hex number, nor the zoom buttons or the arrow
to an attacker out of view, and stays in view (its leader line, if the board drew one,
hidden). Where every such place holds another name or figure of a unit in view, that one
makes room by moving beside its own unit in turn (`arrange`); where even that fails, the
name stays where the board put it. The board's own places come back with every new view:
each move is a ``transform`` on the text."""

from __future__ import annotations

from engine.render.labels import overlap
from engine.scenario import Scenario

from .arrange import Text, arrange
from .dom import Element, absent, el
from .geometry import Bounds, bbox, board_box, unit_selector
from .offview import OFFVIEW_NAMES, names_in_view

MOVED = "data-kept-in-view"
"""Marks a name or odds figure this module moved (its ``transform`` is this module's), or
a leader line it hid."""
TEXTS = ".layer-units .unit .name, .layer-odds .odds-label"
"""The texts kept whole: units' names and their odds figures."""


def put_names_back(svg: Element) -> None:
    """The names and figures `keep_names_whole` moved, and their leader lines, as the
    board drew them."""
    for node in svg.querySelectorAll(f".layer-units .unit [{MOVED}], .layer-odds [{MOVED}]"):
        node.removeAttribute("transform" if node.matches(".name, .odds-label")
                             else "visibility")
        node.removeAttribute(MOVED)


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
    where none is clear (`arrange`): first those the board put beside their unit, then
    those it led away.
    Boards of more than `OFFVIEW_NAMES` units are left as drawn (finding every text in
    view would cost more than it is worth while panning)."""
    if int(svg.querySelectorAll(".layer-units .unit").length) > OFFVIEW_NAMES:
        return
    frame = svg.getBoundingClientRect()
    screen = client_box(frame)
    seen = board_box(svg, frame)
    if seen is None:
        return
    buttons = el("zoom").getBoundingClientRect()
    hidden = client_box(buttons)
    on_screen = [(node, client_box(node.getBoundingClientRect()))  # one call for most texts
                 for node in svg.querySelectorAll(TEXTS)]
    cuts = [not within(box, screen) or overlap(box, hidden) for _, box in on_screen]
    if not any(cuts):
        return
    found = []  # (cut, led away, node, its box, its unit's body, leader), units in view
    for (node, _), cut in zip(on_screen, cuts, strict=True):
        unit, leader = body_and_leader(svg, node)
        if not absent(unit) and within(centre(client_box(unit.getBoundingClientRect())),
                                       screen):
            found.append((cut, leader is not None, node, bbox(svg, node), bbox(svg, unit),
                          leader))
    found.sort(key=lambda f: (not f[0], f[1]))
    if not found or not found[0][0]:
        return
    texts, bodies, _ = names_in_view(svg, (seen[0], seen[1], seen[2] - seen[0],
                                           seen[3] - seen[1]))
    ours = {f[3] for f in found}
    fixed = [t for t in texts if t not in ours] + covering(svg, scenario, seen, buttons)
    moves = arrange([Text(was, cut, [p for p in beside(body, was, seen) if within(p, seen)
                                     and not any(overlap(p, b) for b in fixed) and not any(
                                         overlap(p, b) for b in bodies if b != body)])
                     for cut, _, _, was, body, _ in found])
    for k, place in moves.items():
        _, _, node, was, _, leader = found[k]
        node.setAttribute("transform", f"translate({place[0] - was[0]:.3f} "
                          f"{place[1] - was[1]:.3f})")
        node.setAttribute(MOVED, "")
        if leader is not None:  # next to its unit now: no line needed
            leader.setAttribute("visibility", "hidden")
            leader.setAttribute(MOVED, "")


def covering(svg: Element, scenario: Scenario, seen: Bounds, buttons: Element
             ) -> list[Bounds]:
    """What a moved name keeps clear of beside the board's texts and bodies, in board
    units: the zoom `buttons` over the board (their DOMRect), the arrow to an attacker out
    of view with its name, and a hex map's numbers in `seen` (the board leaves some out, so
    they are not all texts)."""
    from engine.render.hexmap import number_boxes  # svgwrite: loaded once the board is drawn

    out = [bbox(svg, arrow) for arrow in svg.querySelectorAll(":scope > g.offview")]
    if float(buttons.width) > 0 and (over := board_box(svg, buttons)) is not None:
        out.append(over)
    if scenario.system == "battletech":
        out += number_boxes(scenario, seen)
    return out


GAP = 0.15
"""The room left between a moved name and its unit's body, in the name's heights."""


def beside(body: Bounds, name: Bounds, seen: Bounds) -> list[Bounds]:
    """The places for `name` next to `body`: first on the side opposite to where it is,
    then below, above, right and left of it (as the board tries them), then at its
    corners; above and below, centred on the body, flush with its left and its right edge,
    then as near the centre as the part `seen` allows."""
    w, h = name[2] - name[0], name[3] - name[1]
    gap = GAP * h
    (ux, uy), (tx, ty) = centre(body)[:2], centre(name)[:2]
    xs = (ux - w / 2, body[0], body[2] - w,
          min(max(ux - w / 2, seen[0]), seen[2] - w))
    right, left = body[2] + gap, body[0] - gap - w
    places = {"below": [(x, body[3] + gap) for x in xs],
              "above": [(x, body[1] - gap - h) for x in xs],
              "right": [(right, uy - h / 2)], "left": [(left, uy - h / 2)],
              "corners": [(x, y) for y in (body[3], body[1] - h) for x in (right, left)]}
    dx, dy = tx - ux, ty - uy
    opposite = (("left" if dx > 0 else "right") if abs(dx) * h > abs(dy) * w
                else ("above" if dy > 0 else "below"))
    order = [opposite, *(side for side in places if side != opposite)]
    return [(x, y, x + w, y + h) for side in order for x, y in places[side]]


def client_box(rect: Element) -> Bounds:
    """A DOMRect's corners (CSS px)."""
    return (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))


def centre(b: Bounds) -> Bounds:
    """The centre of the box `b`, as a box of no size."""
    x, y = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return (x, y, x, y)


def within(b: Bounds, box: Bounds) -> bool:
    """Is the box `b` wholly inside `box`?"""
    return b[0] >= box[0] and b[1] >= box[1] and b[2] <= box[2] and b[3] <= box[3]

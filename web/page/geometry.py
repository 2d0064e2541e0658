"""Where things are drawn on the board <svg>: boxes in the board's own units, and how a
drawn unit is found."""

from __future__ import annotations

import js

from .dom import Element, absent

SVG_NS = "http://www.w3.org/2000/svg"

Bounds = tuple[float, float, float, float]
"""A box as its corners: x0, y0, x1, y1."""


def unit_selector(uid: str) -> str:
    """The CSS selector of the drawn unit `uid` (an id is text a player typed: escaped)."""
    return f'[data-unit="{js.CSS.escape(uid)}"]'


def bbox(svg: Element, node: Element) -> Bounds:
    """A node's box (x0, y0, x1, y1) in the user units of the board `svg` it is drawn
    in, its transforms applied (a unit group is translated to its place)."""
    b = node.getBBox()
    to_board = svg.getScreenCTM().inverse().multiply(node.getScreenCTM())
    corners = [js.DOMPoint.new(x, y).matrixTransform(to_board)
               for x in (b.x, b.x + b.width) for y in (b.y, b.y + b.height)]
    xs, ys = [float(c.x) for c in corners], [float(c.y) for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def board_point(svg: Element, client_x: float, client_y: float) -> tuple[float, float] | None:
    """Client (CSS px) -> board coordinates, through the svg's current viewBox."""
    m = svg.getScreenCTM()
    if absent(m):
        return None
    p = js.DOMPoint.new(client_x, client_y).matrixTransform(m.inverse())
    return float(p.x), float(p.y)


def board_box(svg: Element, rect: Element) -> Bounds | None:
    """A box of the page (a DOMRect, CSS px) in the user units of the board `svg`, None
    while the board is not laid out."""
    a = board_point(svg, float(rect.left), float(rect.top))
    b = board_point(svg, float(rect.right), float(rect.bottom))
    return None if a is None or b is None else (a[0], a[1], b[0], b[1])

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


class PageToBoard:
    """Boxes of the page (CSS px) in the user units of the board `svg`, through its screen
    matrix read once: a view's texts and bodies each cost one DOM call
    (``getBoundingClientRect``), not the ten of `bbox` (a board has no rotation, so a box
    maps to a box). Made for one view: a new viewBox needs a new one."""

    def __init__(self, m: Element) -> None:
        self.a, self.b, self.c = float(m.a), float(m.b), float(m.c)
        self.d, self.e, self.f = float(m.d), float(m.e), float(m.f)

    @staticmethod
    def of(svg: Element) -> PageToBoard | None:
        """The map of the board `svg` as laid out now (None while it is not)."""
        m = svg.getScreenCTM()
        return None if absent(m) else PageToBoard(m.inverse())

    def box(self, page: Bounds) -> Bounds:
        """The box `page` (corners, CSS px) on the board."""
        corners = [(x, y) for x in (page[0], page[2]) for y in (page[1], page[3])]
        xs = [self.a * x + self.c * y + self.e for x, y in corners]
        ys = [self.b * x + self.d * y + self.f for x, y in corners]
        return (min(xs), min(ys), max(xs), max(ys))

    def node(self, node: Element) -> Bounds:
        """A drawn node's box on the board, its transforms applied."""
        return self.box(client_box(node.getBoundingClientRect()))


def client_box(rect: Element) -> Bounds:
    """A DOMRect's corners (CSS px)."""
    return (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))


def board_point(svg: Element, client_x: float, client_y: float) -> tuple[float, float] | None:
    """Client (CSS px) -> board coordinates, through the svg's current viewBox."""
    to_board = PageToBoard.of(svg)
    if to_board is None:
        return None
    x, y, _, _ = to_board.box((client_x, client_y, client_x, client_y))
    return x, y

"""The label placer (issue 22.3): where every label a board draws goes, so that no two
labels overlap, none lies on another unit's body or on a fixed text (a Robotech
template's direction numbers, the ruler), and no template outline crosses one.

A board makes one `Placer`, tells it what labels must keep clear of (`block`: unit
bodies and fixed texts; `ring`: every template outline of the whole resolution, so a
name never moves while the page steps), then places its labels in drawing order: unit
names, then each step's template labels and scatter distances, then the odds. Each
label tries the places next to its anchor first (below, above, right, left, then the
diagonals), then the same ring of places further out, and takes the first that is clear;
a label that had to move away from its anchor gets a leader line (`Placed.leader`).
When no place is clear it takes the one that collides least, nearest first.

Boxes are kept in a grid of square cells, so a label is only compared with what lies in
the cells it touches: a 500-unit hex map places its names in linear time.
"""

from __future__ import annotations

import math
import unicodedata
from collections import defaultdict
from dataclasses import dataclass

Bounds = tuple[float, float, float, float]
"""A box as its corners: x0, y0, x1, y1 (user units)."""

CHAR_WIDTHS = ((" il|!.,:;'j", 0.35), ("ftrI()[]\"-", 0.45), ("mwMW%@", 1.0),
               ("ABCDEFGHJKLNOPQRSTUVXYZ&", 0.78), ("0123456789", 0.66))
"""Estimated widths of characters, in font sizes (system-ui as Linux draws it, DejaVu
Sans, generously): narrow, slim, wide, capitals, digits; any other 0.64."""
OTHER_WIDTH = 0.64
WIDE_WIDTH = 1.0
"""An East Asian wide or full-width character (kana, kanji, 「、」, full-width brackets) is
about one em wide."""
BOLD = 1.1
"""How much wider bold text runs (template tags, scatter distances, odds figures)."""
_WIDTH = {c: w for chars, w in CHAR_WIDTHS for c in chars}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The estimated width of `text` at font `size` (Japanese glyphs one em each)."""
    return sum(_char_width(c) for c in text) * size * (BOLD if bold else 1.0)


def _char_width(c: str) -> float:
    """The estimated width of one character, in font sizes."""
    if c in _WIDTH:
        return _WIDTH[c]
    return WIDE_WIDTH if unicodedata.east_asian_width(c) in ("W", "F") else OTHER_WIDTH
HALF_HEIGHT = 0.6
"""Half a label's height, in font sizes (a browser's text box is about 1.15 em tall)."""
GAP = 0.2
"""Clearance kept around a label, in font sizes (its white halo is about 0.1)."""
RINGS = 6
"""How many rings of places a label tries, the first one touching its anchor's reach."""
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
"""Below, above, right, left, then the diagonals (y grows downwards)."""
PLACED = object()
"""The owner of the boxes of labels placed (`Placer.placed`)."""


@dataclass(frozen=True)
class Label:
    """A label to place: its anchor (a unit's or template's centre, a shaft's middle),
    how far the anchor's outline reaches from it, the text and its font size."""

    x: float
    y: float
    reach: float
    text: str
    size: float
    bold: bool = False

    def width(self) -> float:
        return text_width(self.text, self.size, self.bold)

    def box(self, dx: float, dy: float) -> Bounds:
        """The label's box centred (dx, dy) from its anchor."""
        half_w, half_h = self.width() / 2, HALF_HEIGHT * self.size
        x, y = self.x + dx, self.y + dy
        return (x - half_w, y - half_h, x + half_w, y + half_h)

    def offsets(self) -> list[tuple[float, float]]:
        """The places tried, as offsets of the label's centre from the anchor: ring k
        keeps the box's nearest edge or corner k label heights beyond the outline."""
        half_w, half_h = self.width() / 2, HALF_HEIGHT * self.size
        out = []
        for k in range(RINGS):
            clear = self.reach + (0.15 + 2.4 * k * HALF_HEIGHT) * self.size
            for ux, uy in DIRECTIONS:
                if ux and uy:
                    d = clear / math.sqrt(2)
                    out.append((ux * (d + half_w), uy * (d + half_h)))
                else:
                    out.append((ux * (clear + half_w), uy * (clear + half_h)))
        return out


@dataclass(frozen=True)
class Placed:
    """Where a label went: its offset from the anchor, its box, and whether it moved
    away from its anchor (then a leader line joins them)."""

    dx: float
    dy: float
    box: Bounds
    leader: bool

    def leader_line(self, label: Label) -> tuple[float, float, float, float]:
        """The leader from the anchor's outline to the nearest point of the label's box,
        as offsets from the anchor (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = self.box
        nx = min(max(label.x, x0), x1) - label.x
        ny = min(max(label.y, y0), y1) - label.y
        length = math.hypot(nx, ny) or 1.0
        return (nx / length * label.reach, ny / length * label.reach, nx, ny)


def overlap(a: Bounds, b: Bounds) -> bool:
    """Two boxes share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(box: Bounds, ring: tuple[float, float, float]) -> bool:
    """A circle's outline (cx, cy, r) passes through the box."""
    cx, cy, r = ring
    near_x, near_y = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    far_x, far_y = max(abs(cx - box[0]), abs(cx - box[2])), max(abs(cy - box[1]),
                                                                 abs(cy - box[3]))
    return math.hypot(near_x - cx, near_y - cy) < r < math.hypot(far_x, far_y)


def meets(box: Bounds, segment: Bounds) -> bool:
    """The straight line from (x0, y0) to (x1, y1) passes through the box (the part of
    the line inside each of the box's four sides, Liang and Barsky's clipping)."""
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            lo = max(lo, q / p)
        else:
            hi = min(hi, q / p)
        if lo > hi:
            return False
    return True


class Placer:
    """The boxes, outlines and lines a board's labels keep clear of, in a grid of
    `cell`-sized squares; `place` adds each label placed."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.boxes: dict[tuple[int, int], list[tuple[Bounds, object]]] = defaultdict(list)
        self.rings: dict[tuple[int, int], list[tuple[float, float, float]]] = defaultdict(list)
        self.lines: dict[tuple[int, int], list[Bounds]] = defaultdict(list)

    def _cells(self, box: Bounds) -> list[tuple[int, int]]:
        c = self.cell
        return [(i, j) for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
                for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)]

    def block(self, box: Bounds, owner: object = None) -> None:
        """Keep labels off `box` (a unit's body, a fixed text); a label of the same
        `owner` (its own unit) may touch it."""
        for key in self._cells(box):
            self.boxes[key].append((box, owner))

    def ring(self, cx: float, cy: float, r: float) -> None:
        """Keep labels from being crossed by the circle (cx, cy, r): a template outline."""
        for key in self._cells((cx - r, cy - r, cx + r, cy + r)):
            self.rings[key].append((cx, cy, r))

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Keep labels from being crossed by the straight line from (x0, y0) to (x1, y1):
        a path drawn over the units, such as a strafing run's."""
        segment = (x0, y0, x1, y1)
        for key in self._cells((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))):
            self.lines[key].append(segment)

    def collisions(self, box: Bounds, owner: object = None) -> int:
        """How many boxes, outlines and lines `box` meets (its own owner's boxes
        excepted)."""
        seen_boxes: set[int] = set()
        seen_rings: set[tuple[float, float, float]] = set()
        seen_lines: set[Bounds] = set()
        count = 0
        for key in self._cells(box):
            for other, whose in self.boxes.get(key, ()):
                if id(other) in seen_boxes:
                    continue
                seen_boxes.add(id(other))
                if (owner is None or whose != owner) and overlap(box, other):
                    count += 1
            for circle in self.rings.get(key, ()):
                if circle not in seen_rings:
                    seen_rings.add(circle)
                    count += crosses(box, circle)
            for segment in self.lines.get(key, ()):
                if segment not in seen_lines:
                    seen_lines.add(segment)
                    count += meets(box, segment)
        return count

    def place(self, label: Label, owner: object = None) -> Placed:
        """The first clear place for `label` (else the least crowded one), kept clear
        of from now on."""
        pad = GAP * label.size
        best: tuple[int, int] | None = None
        tries = label.offsets()
        for k, (dx, dy) in enumerate(tries):
            x0, y0, x1, y1 = label.box(dx, dy)
            hits = self.collisions((x0 - pad, y0 - pad, x1 + pad, y1 + pad), owner)
            if best is None or hits < best[0]:
                best = (hits, k)
            if hits == 0:
                break
        assert best is not None
        dx, dy = tries[best[1]]
        placed = Placed(dx, dy, label.box(dx, dy), best[1] >= len(DIRECTIONS))
        self.block(placed.box, PLACED)
        return placed

    def placed(self) -> list[Bounds]:
        """The box of every label placed so far (what a hex number gives way to)."""
        seen: dict[int, Bounds] = {}
        for cell in self.boxes.values():
            seen.update((id(box), box) for box, whose in cell if whose is PLACED)
        return list(seen.values())

"""BattleTech hex maps: flat-topped hexes in columns, labelled "CCRR" from "0101".

Coordinates and conventions (Red Blob Games' hexagonal grid guide):

* A ``Hex`` is stored in AXIAL coordinates (q, r) with the cube third ``s = -q - r``; all
  the algorithms (distance, rings, lines) work in axial/cube space.
* Offset coordinates ``(col, row)`` are 0-based: ``col = CC - 1``, ``row = RR - 1``.
* On a BattleTech sheet the ODD labelled columns (01, 03, ...) sit half a hex HIGHER than the
  even ones (shared/rules/facts.md). Odd labels are EVEN 0-based columns, so it is the odd
  0-based columns that are pushed DOWN: Red Blob's "odd-q" layout (not "even-q"). Example:
  0101 touches 0102 (south) and 0201 (south-east), while 0201 touches 0101 (north-west),
  0301 (north-east), 0202 (south), 0302 (south-east) and 0102 (south-west).
* ``q`` equals the 0-based column; ``r = row - (col - (col & 1)) // 2``.
* Directions are numbered like BattleTech facings and the scatter diagram: 0 = north (up the
  map), 1 = north-east, 2 = south-east, 3 = south, 4 = south-west, 5 = north-west
  (clockwise). Bearings are degrees, 0 = north, clockwise, matching engine.geometry.
* Pixels (for drawing) have y DOWN and ``size`` = the hexes' circumradius; hex 0101's centre
  is at ``(size, size*sqrt(3)/2)`` so the map's bounding box starts at the origin.

Labels are exactly four digits, column then row ("0908", "1617"); no map here is wider or
taller than 99 hexes.

Map sheets laid side by side (shared/rules/facts.md): a printed sheet is 15 hexes wide,
with half-hexes along its left and right edges; two sheets side by side join those halves
into one more column of whole hexes, the SEAM. A map of sheets is labelled continuously,
MegaMek's convention (its boards are 16 x 17 for this reason): sheet columns 01-15 of the
first sheet, the seam column 16, the next sheet's columns 01-15 as 17-31, the seam 32,
and so on; sheets stacked top to bottom line up row for row (rows 01-17, 18-34, ...). A hex
may also be named as printed on its sheet, with the sheet's letter: sheets are lettered A,
B, C, ... in reading order (left to right, then the next row down), so on a 2 x 2 map
"B:0108" is continuous "1708". Seam hexes belong to no single sheet and have only their
continuous label.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.geometry import Point, angle_of, normalize_angle
from engine.words import Msg, msg, say


class LabelError(ValueError):
    """A hex label that names no hex of the map; `words` says why, in players' words."""

    def __init__(self, words: Msg) -> None:
        super().__init__(say(words))
        self.words = words


SQRT3 = math.sqrt(3.0)

Arc = Literal["front", "left", "right", "rear"]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex in axial coordinates (q = 0-based column, r = axial row); ``s`` = -q - r."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate (q + r + s == 0)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        """This hex seen as a vector, multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at 0-based offset (col, row) in the odd-q layout ("0101" is (0, 0))."""
        return cls(col, row - (col - (col & 1)) // 2)

    def to_offset(self) -> tuple[int, int]:
        """0-based offset (col, row) of this hex in the odd-q layout."""
        return self.q, self.r + (self.q - (self.q & 1)) // 2

    @classmethod
    def from_label(cls, label: str) -> Hex:
        """Parse a "CCRR" label: exactly four ASCII digits, column then row, from 01. Does
        not check any map's bounds: see ``HexMap.parse_label``. Raises ``ValueError``."""
        if not isinstance(label, str) or len(label) != 4 or not label.isascii() \
                or not label.isdigit():
            raise LabelError(msg("scenario.hex.not_ccrr", label=repr(label)))
        col, row = int(label[:2]), int(label[2:])
        if col < 1 or row < 1:
            raise LabelError(msg("scenario.hex.from_01", label=repr(label)))
        return cls.from_offset(col - 1, row - 1)

    @property
    def label(self) -> str:
        """The "CCRR" label; raises ``ValueError`` for hexes left of or above 0101."""
        return to_label(self)


def to_label(h: Hex) -> str:
    """The "CCRR" label of a hex (1-based column then row, two digits each). Raises
    ``ValueError`` for hexes outside the labelled quadrant (columns and rows 01-99)."""
    col, row = h.to_offset()
    if not (0 <= col < 99 and 0 <= row < 99):
        raise ValueError(f"hex {h} (column {col + 1}, row {row + 1}) has no CCRR label")
    return f"{col + 1:02d}{row + 1:02d}"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),  # 0 north
    Hex(1, -1),  # 1 north-east
    Hex(1, 0),  # 2 south-east
    Hex(0, 1),  # 3 south
    Hex(-1, 1),  # 4 south-west
    Hex(-1, 0),  # 5 north-west
)
"""Axial unit vectors, index = BattleTech direction (0 = north, clockwise)."""


def neighbor(h: Hex, direction: int) -> Hex:
    """The hex adjacent to ``h`` across hexside ``direction`` (0 = north, clockwise; taken
    modulo 6)."""
    return h + DIRECTIONS[direction % 6]


def neighbors(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in direction order 0 (north) to 5 (north-west)."""
    return [h + d for d in DIRECTIONS]


def step(h: Hex, direction: int, n: int = 1) -> Hex:
    """The hex ``n`` steps from ``h`` in ``direction`` (a scatter of n hexes)."""
    return h + DIRECTIONS[direction % 6].scale(n)


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between two hexes (cube distance; no `Hex` made, since odds and
    Best aim measure it hundreds of thousands of times)."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly ``radius`` steps from ``center`` (6*radius of them; [center] for 0),
    starting north of the centre and going clockwise."""
    if radius < 0:
        raise ValueError("ring radius must be >= 0")
    if radius == 0:
        return [center]
    result = []
    h = step(center, 0, radius)
    for direction in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbor(h, direction + 2)
    return result


def disc(center: Hex, radius: int) -> list[Hex]:
    """Hexes within ``radius`` steps of ``center`` (1 + 3r(r+1)), centre first, then ring by
    ring outwards (a spiral)."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def _cube_round(q: float, r: float) -> Hex:
    """Round fractional axial coordinates to the hex containing them (Red Blob)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive (distance + 1 hexes).

    Red Blob's lerp-and-round line with a tiny nudge (+1e-6, +2e-6, -3e-6 in cube space) so a
    line running exactly along hexsides consistently picks one side instead of rounding
    ambiguously; rules needing "both sides" must test the alternative themselves.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction (0-5) from ``a`` to ``b`` when ``b`` lies straight along one of the six
    directions (adjacent or further); None otherwise, including ``a == b``."""
    n = distance(a, b)
    if n == 0:
        return None
    d = b - a
    for index, unit in enumerate(DIRECTIONS):
        if unit.scale(n) == d:
            return index
    return None


def is_straight_contiguous_line(hexes: Sequence[Hex]) -> bool:
    """True when ``hexes``, IN THE ORDER GIVEN, form a straight run: 1 or more hexes, each
    adjacent to the next, all steps in the same direction (so one axis, no repeats, no gaps,
    no bends). Either end may come first; a shuffled run is rejected. Empty -> False."""
    if not hexes:
        return False
    steps = {b - a for a, b in zip(hexes, hexes[1:], strict=False)}
    return len(steps) <= 1 and steps <= set(DIRECTIONS)


# --------------------------------------------------------------------------- pixels


def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a flat-topped hex in pixels (y down), ``size`` = circumradius. Odd labelled
    columns come out half a hex higher; 0101 is at (size, size*sqrt(3)/2)."""
    x = size * (1.0 + 1.5 * h.q)
    y = size * SQRT3 * (h.r + h.q / 2.0 + 0.5)
    return x, y


def hex_corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The 6 corners of a flat-topped hex in pixels, clockwise on screen from the east
    corner (angles 0, 60, ..., 300 in screen maths with y down)."""
    cx, cy = hex_to_pixel(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def bearing(a: Hex, b: Hex) -> float:
    """Bearing in degrees from the centre of ``a`` to the centre of ``b`` (0 = north,
    clockwise, [0, 360)); the six neighbours lie at 0, 60, ..., 300. Raises when a == b."""
    ax, ay = hex_to_pixel(a, 1.0)
    bx, by = hex_to_pixel(b, 1.0)
    if a == b:
        raise ValueError("no bearing from a hex to itself")
    return angle_of(Point(bx - ax, by - ay))


_ARC_EPS = 1e-9
_MECH_ARCS: tuple[tuple[float, Arc], ...] = (
    (90.0, "right"),
    (150.0, "rear"),
    (210.0, "left"),
    (270.0, "front"),
)
_VEHICLE_ARCS: tuple[tuple[float, Arc], ...] = (
    (30.0, "right"),
    (150.0, "rear"),
    (210.0, "left"),
    (330.0, "front"),
)


def attack_arcs(target: Hex, facing: int, from_hex: Hex, *, vehicle: bool = False) -> list[Arc]:
    """Attack direction for the hit location table: which arc of a unit in ``target`` facing
    hexside ``facing`` (0-5) an attack coming from ``from_hex`` strikes.

    Relative bearing a = bearing(target, from_hex) - 60*facing, in [0, 360). 'Mechs (Total
    Warfare, as MegaMek): front = the front hexside and the two beside it (a in 270..90),
    right = the rear-right hexside (90..150), rear = the rear hexside (150..210), left = the
    rear-left hexside (210..270). Vehicles (``vehicle=True``): front 330..30, right 30..150,
    rear 150..210, left 210..330.

    Usually returns one arc. When the line runs exactly along a boundary (possible from 2+
    hexes away, along a hex spine) it returns BOTH arcs, clockwise order; the rules choose
    (Total Warfare: the defender picks). Raises ``ValueError`` when from_hex == target (e.g.
    a bomb in the unit's own hex: the rules decide that direction).
    """
    relative = normalize_angle(bearing(target, from_hex) - 60.0 * (facing % 6))
    bounds = _VEHICLE_ARCS if vehicle else _MECH_ARCS
    for i, (start, arc) in enumerate(bounds):
        if abs(relative - start) <= _ARC_EPS:
            return [bounds[i - 1][1], arc]
    for i in range(len(bounds)):
        start, arc = bounds[i]
        end = bounds[(i + 1) % len(bounds)][0]
        if start < end and start < relative < end:
            return [arc]
    return [bounds[-1][1]]


# --------------------------------------------------------------------------- maps


@dataclass(frozen=True, slots=True)
class HexMap:
    """A rectangle of BattleTech map sheets (each 15 columns x 17 rows), ``sheets_wide`` x
    ``sheets_tall``, with a seam column between sheets side by side; hex 0101 is the
    top-left hex of the top-left sheet (labels: the module docstring)."""

    sheets_wide: int
    sheets_tall: int

    SHEET_COLS = 15
    SHEET_ROWS = 17
    PITCH = SHEET_COLS + 1
    """Columns from one sheet's column 01 to the next sheet's (its 15 and the seam)."""
    MAX_WIDE = 6
    MAX_TALL = 5
    """The largest map: 95 x 85 hexes, so every label has four digits."""

    def __post_init__(self) -> None:
        if not (1 <= self.sheets_wide <= self.MAX_WIDE and 1 <= self.sheets_tall <= self.MAX_TALL):
            raise ValueError(f"a map is 1 to {self.MAX_WIDE} sheets wide and 1 to "
                             f"{self.MAX_TALL} tall")

    @property
    def cols(self) -> int:
        """Number of hex columns, seams included."""
        return self.PITCH * self.sheets_wide - 1

    @property
    def rows(self) -> int:
        """Number of hex rows."""
        return self.SHEET_ROWS * self.sheets_tall

    def contains(self, h: Hex) -> bool:
        """True when the hex lies on the map."""
        col, row = h.to_offset()
        return 0 <= col < self.cols and 0 <= row < self.rows

    def all_hexes(self) -> list[Hex]:
        """Every hex of the map, column by column (0101, 0102, ..., 0201, ...)."""
        return [Hex.from_offset(c, r) for c in range(self.cols) for r in range(self.rows)]

    def _check(self, h: Hex) -> tuple[int, int]:
        if not self.contains(h):
            raise ValueError(f"hex {_describe(h)} is off the {self.describe()} map")
        return h.to_offset()

    def is_seam(self, h: Hex) -> bool:
        """True for a hex of a seam column (the joined half-hexes of two sheets)."""
        col, _ = self._check(h)
        return col % self.PITCH == self.SHEET_COLS

    def sheet_of(self, h: Hex) -> tuple[int, int] | None:
        """0-based (sheet column, sheet row) of the sheet holding ``h``, None for a seam
        hex; raises off the map."""
        col, row = self._check(h)
        if col % self.PITCH == self.SHEET_COLS:
            return None
        return col // self.PITCH, row // self.SHEET_ROWS

    def sheets_touching(self, h: Hex) -> tuple[tuple[int, int], ...]:
        """The sheets a hex lies on: one, or the two halves of a seam hex."""
        sheet = self.sheet_of(h)
        if sheet is not None:
            return (sheet,)
        col, row = h.to_offset()
        left = col // self.PITCH
        return (left, row // self.SHEET_ROWS), (left + 1, row // self.SHEET_ROWS)

    def sheet_name(self, sheet: tuple[int, int]) -> str:
        """A sheet's letter: A, B, ... in reading order."""
        return chr(ord("A") + sheet[1] * self.sheets_wide + sheet[0])

    def printed_label(self, h: Hex) -> str | None:
        """The label printed on the hex's sheet, with the sheet's letter ("B:0108"); None for
        a seam hex (or on a one-sheet map, where it is the label itself)."""
        sheet = self.sheet_of(h)
        if sheet is None or self.sheets_wide * self.sheets_tall == 1:
            return None
        col, row = h.to_offset()
        local = Hex.from_offset(col - sheet[0] * self.PITCH, row - sheet[1] * self.SHEET_ROWS)
        return f"{self.sheet_name(sheet)}:{local.label}"

    def name(self, h: Hex) -> str:
        """How the log names a hex: its label, and as printed on its sheet when that differs
        ("1708 (B:0108)")."""
        printed = self.printed_label(h)
        return h.label if printed is None or printed[2:] == h.label else f"{h.label} ({printed})"

    def parse_label(self, label: str) -> Hex:
        """Parse a continuous "CCRR" label or a sheet-named one ("B:0108") and check it
        lies on this map; ``ValueError`` otherwise."""
        if isinstance(label, str) and len(label) == 6 and label[1] == ":":
            return self._parse_printed(label)
        h = Hex.from_label(label)
        if not self.contains(h):
            raise LabelError(msg("scenario.hex.off_map", label=repr(label), wide=self.sheets_wide,
                                 tall=self.sheets_tall, cols=f"{self.cols:02d}",
                                 rows=f"{self.rows:02d}"))
        return h

    def _parse_printed(self, label: str) -> Hex:
        """A label as printed on a sheet, after the sheet's letter."""
        index = ord(label[0]) - ord("A")
        if not label[0].isascii() or not 0 <= index < self.sheets_wide * self.sheets_tall:
            last = self.sheet_name((self.sheets_wide - 1, self.sheets_tall - 1))
            raise LabelError(msg("scenario.hex.no_sheet", label=repr(label), wide=self.sheets_wide,
                                 tall=self.sheets_tall, last=last))
        local = Hex.from_label(label[2:])
        col, row = local.to_offset()
        if col >= self.SHEET_COLS or row >= self.SHEET_ROWS:
            raise LabelError(msg("scenario.hex.sheet_range", label=repr(label),
                                 last=f"{self.SHEET_COLS:02d}{self.SHEET_ROWS:02d}"))
        sx, sy = index % self.sheets_wide, index // self.sheets_wide
        return Hex.from_offset(sx * self.PITCH + col, sy * self.SHEET_ROWS + row)

    def on_map(self, hexes: Iterable[Hex]) -> list[Hex]:
        """The given hexes that lie on the map, in order (clip a ring or a scatter)."""
        return [h for h in hexes if self.contains(h)]

    def describe(self) -> str:
        """Human-readable size, e.g. "2 x 1 sheets (31 x 17 hexes)"."""
        return f"{self.sheets_wide} x {self.sheets_tall} sheets ({self.cols} x {self.rows} hexes)"


def _describe(h: Hex) -> str:
    """A label when the hex has one, else its offset position, for error messages."""
    col, row = h.to_offset()
    return to_label(h) if col >= 0 and row >= 0 else f"(column {col + 1}, row {row + 1})"

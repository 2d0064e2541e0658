"""Tabletop geometry in inches, knowing nothing of any game.

Conventions (shared/spec/scenario.md):

* Positions are in inches, x to the right, y DOWN the page, origin at the top-left corner of
  the table.
* Angles are in degrees, 0 = up the page (-y, map north), 90 = right (+x), clockwise; every
  angle this module returns lies in [0, 360).
* Base sizes are diameters in millimetres; ``base_radius_in`` converts them to radii in inches.
* "Touching counts": every overlap / containment / within-reach test allows a tolerance of
  ``TOUCH_EPS`` (2e-7 inch), so two bases placed exactly touching (up to float rounding) are
  reliably reported as overlapping.

The boundary rule (one result in CPython and in Pyodide, whose libm differs from CPython's
in the last bits of sin, cos and atan2): every position computed with trigonometry that a
rule compares (a marker moved along a bearing, a hull's corners, a point in a hull's frame)
is rounded to ``GRID`` (1e-7 inch, `snap`), and every comparison of a length with a reach
allows ``TOUCH_EPS`` (2e-7 inch, more than a snap can move a point). Rounded positions are
identical in both runtimes, so distances computed from them (``math.hypot`` is CPython's
own code, not libm's) are too; a last-bit difference (about 1e-15 inch) can then change
nothing unless a computed coordinate falls within 1e-15 of a rounding midpoint.

Vehicle hulls are rotated rectangles: ``Rect(center, w, h, facing_deg)`` where ``w`` is the
LENGTH along the facing direction (front to rear) and ``h`` the WIDTH across it (left to
right), so a Rhino facing east is ``Rect(c, 4.5, 2.75, 90)``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

MM_PER_INCH = 25.4
GRID_DIGITS = 7
GRID = 10.0 ** -GRID_DIGITS
"""Inches: computed positions are rounded to this grid before any rule compares them."""
TOUCH_EPS = 2 * GRID
"""Tolerance (inches) under which "exactly touching" still counts as touching (larger than
the distance a `snap` can move a point, so an exact touch survives the rounding)."""

_ANGLE_EPS = 1e-12
"""Tolerance on cosines when deciding tangency (one breakpoint instead of two)."""

Facing = Literal["front", "side", "rear"]


@dataclass(frozen=True, slots=True)
class Point:
    """A point or a vector on the table, in inches (x right, y down)."""

    x: float
    y: float

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Point:
        return Point(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __truediv__(self, k: float) -> Point:
        return Point(self.x / k, self.y / k)

    def __neg__(self) -> Point:
        return Point(-self.x, -self.y)

    def dot(self, other: Point) -> float:
        """Dot product, treating both points as vectors."""
        return self.x * other.x + self.y * other.y

    def cross(self, other: Point) -> float:
        """z component of the cross product (positive when ``other`` is clockwise on the page,
        because y points down)."""
        return self.x * other.y - self.y * other.x

    def length(self) -> float:
        """Length of this point seen as a vector from the origin."""
        return math.hypot(self.x, self.y)

    def distance_to(self, other: Point) -> float:
        """Centre-to-centre (Euclidean) distance in inches."""
        return math.hypot(self.x - other.x, self.y - other.y)


def snap(p: Point) -> Point:
    """`p` rounded to `GRID` (the boundary rule: the same point in CPython and Pyodide)."""
    return Point(round(p.x, GRID_DIGITS), round(p.y, GRID_DIGITS))


def distance(a: Point, b: Point) -> float:
    """Euclidean distance between two points, in inches."""
    return a.distance_to(b)


def base_radius_in(base_mm: float) -> float:
    """Radius in inches of a round base given its DIAMETER in millimetres (40 mm -> 0.787")."""
    return base_mm / MM_PER_INCH / 2.0


def normalize_angle(angle_deg: float) -> float:
    """Bring an angle into [0, 360) (guarding against ``-1e-15 % 360 == 360.0``)."""
    a = angle_deg % 360.0
    return 0.0 if a >= 360.0 else a


@functools.lru_cache(maxsize=1024)
def direction(angle_deg: float) -> Point:
    """Unit vector of a bearing: 0 = up the page (0, -1), 90 = right (1, 0), clockwise.
    (Memoised: a board's hulls ask for the few bearings they face again and again; a
    Point is immutable, so sharing one changes nothing.)"""
    rad = math.radians(angle_deg)
    return Point(math.sin(rad), -math.cos(rad))


def angle_of(vector: Point) -> float:
    """Bearing of a vector in [0, 360), inverse of ``direction``; raises on the zero vector."""
    if vector.x == 0.0 and vector.y == 0.0:
        raise ValueError("the zero vector has no direction")
    return normalize_angle(math.degrees(math.atan2(vector.x, -vector.y)))


def move(p: Point, angle_deg: float, dist: float) -> Point:
    """The point ``dist`` inches from ``p`` along the bearing ``angle_deg``, snapped to
    `GRID` (the boundary rule)."""
    return snap(p + direction(angle_deg) * dist)


# --------------------------------------------------------------------------- circles


@dataclass(frozen=True, slots=True)
class Circle:
    """A round base or a blast marker: centre and radius in inches."""

    center: Point
    radius: float


def circle_overlaps(a: Circle, b: Circle) -> bool:
    """True when two circles overlap or touch (distance <= ra + rb, within ``TOUCH_EPS``)."""
    return a.center.distance_to(b.center) <= a.radius + b.radius + TOUCH_EPS


def circle_inside(inner: Circle, outer: Circle) -> bool:
    """True when ``inner`` lies wholly inside ``outer`` (touching from inside allowed)."""
    return inner.center.distance_to(outer.center) + inner.radius <= outer.radius + TOUCH_EPS


def edge_distance(c1: Circle, c2: Circle) -> float:
    """Closest-points distance between two bases (range measured base to base); 0 if they
    overlap or touch."""
    return max(0.0, c1.center.distance_to(c2.center) - c1.radius - c2.radius)


# --------------------------------------------------------------------------- rectangles


@dataclass(frozen=True, slots=True)
class Rect:
    """A rotated rectangle (vehicle hull).

    ``w`` is the length along the facing direction (front to rear), ``h`` the width across it,
    ``facing_deg`` the bearing the front points to (0 = up the page, clockwise).
    """

    center: Point
    w: float
    h: float
    facing_deg: float

    def forward(self) -> Point:
        """Unit vector pointing out of the front of the hull."""
        return direction(self.facing_deg)

    def right(self) -> Point:
        """Unit vector pointing out of the hull's right side (90 degrees clockwise of front)."""
        return direction(self.facing_deg + 90.0)

    def to_local(self, p: Point) -> Point:
        """Coordinates of ``p`` in the hull frame: x = ahead of centre, y = right of centre
        (snapped to `GRID`, the boundary rule)."""
        d = p - self.center
        return snap(Point(d.dot(self.forward()), d.dot(self.right())))

    def corners(self) -> tuple[Point, ...]:
        """The four corners: front-left, front-right, rear-right, rear-left (snapped to
        `GRID`, the boundary rule)."""
        return _corners(self)


@functools.lru_cache(maxsize=1024)
def _corners(hull: Rect) -> tuple[Point, ...]:
    """`Rect.corners`, memoised: a Mega-blast's odds ask for them at every landing (a
    Rect and its Points are immutable, so sharing the tuple changes nothing)."""
    f = hull.forward() * (hull.w / 2.0)
    r = hull.right() * (hull.h / 2.0)
    c = hull.center
    return tuple(snap(q) for q in (c + f - r, c + f + r, c - f + r, c - f - r))


def rect_distance_to_point(rect: Rect, p: Point) -> float:
    """Distance from ``p`` to the nearest point of the rectangle (0 when inside or on it)."""
    local = rect.to_local(p)
    dx = max(abs(local.x) - rect.w / 2.0, 0.0)
    dy = max(abs(local.y) - rect.h / 2.0, 0.0)
    return math.hypot(dx, dy)


def rect_nearest_point(rect: Rect, p: Point) -> Point:
    """The point of the rectangle (its edge, or ``p`` itself when inside) nearest ``p``."""
    local = rect.to_local(p)
    ahead = min(max(local.x, -rect.w / 2.0), rect.w / 2.0)
    aside = min(max(local.y, -rect.h / 2.0), rect.h / 2.0)
    return rect.center + rect.forward() * ahead + rect.right() * aside


def rect_overlaps_circle(rect: Rect, circle: Circle) -> bool:
    """True when a hull and a circle overlap at all (touching counts, within ``TOUCH_EPS``)."""
    return rect_distance_to_point(rect, circle.center) <= circle.radius + TOUCH_EPS


def circle_covers_rect(circle: Circle, rect: Rect) -> bool:
    """True when every corner of the hull lies inside the circle (so the whole hull does)."""
    return all(
        circle.center.distance_to(corner) <= circle.radius + TOUCH_EPS for corner in rect.corners()
    )


def facing_of_attack(rect: Rect, from_point: Point) -> Facing:
    """Which armour facing of a vehicle a shot from ``from_point`` strikes.

    Follows the 40K rule: the two lines through the hull's diagonals (corner to opposite
    corner, extended) split the table into a front arc, a rear arc and two side arcs. A point
    exactly on a diagonal counts as front (or rear). Pure geometry: game rules such as "a
    marker centred over the hull uses side armour" belong to the rules layer. Raises
    ``ValueError`` when ``from_point`` is the hull centre (no direction).
    """
    local = rect.to_local(from_point)
    if local.x == 0.0 and local.y == 0.0:
        raise ValueError("an attack from the hull centre has no facing")
    # On the diagonal |y| / (h/2) == |x| / (w/2); compare cross-multiplied to avoid division.
    across = abs(local.y) * rect.w
    along = abs(local.x) * rect.h
    if across <= along + TOUCH_EPS * (rect.w + rect.h):
        return "front" if local.x > 0 else "rear"
    return "side"


# --------------------------------------------------------------------------- angular breakpoints


def _bearing_and_cosine(
    center: Point, dist: float, target_center: Point, reach: float
) -> tuple[float, float] | None:
    """Shared set-up of the breakpoint functions.

    For a point moved ``dist`` from ``center`` along theta, the squared distance to the target
    is ``dist^2 + d^2 - 2*dist*d*cos(theta - bearing)``; it equals ``reach^2`` where
    ``cos(theta - bearing) == k``. Returns ``(bearing, k)``, or None when the distance does not
    depend on theta (``dist == 0`` or the target sits on ``center``).
    """
    offset = target_center - center
    d = offset.length()
    if dist == 0.0 or d == 0.0:
        return None
    k = (dist * dist + d * d - reach * reach) / (2.0 * dist * d)
    return angle_of(offset), k


def angles_where_circle_touch_changes(
    center: Point, dist: float, target_center: Point, reach: float
) -> list[float]:
    """Bearings theta (sorted, in [0, 360)) at which ``center + dist*direction(theta)`` is
    exactly ``reach`` from ``target_center``: 0, 1 (tangent) or 2 angles.

    These are the breakpoints where "the moved marker touches the target" switches, so exact
    odds integrate over the arcs between them. Constant-distance cases (``dist == 0`` or the
    target on ``center``) have no breakpoints.
    """
    setup = _bearing_and_cosine(center, dist, target_center, reach)
    if setup is None:
        return []
    bearing, k = setup
    if abs(k) > 1.0 + _ANGLE_EPS:
        return []
    if abs(k) >= 1.0 - _ANGLE_EPS:
        return [normalize_angle(bearing if k > 0 else bearing + 180.0)]
    half = math.degrees(math.acos(k))
    return sorted({normalize_angle(bearing - half), normalize_angle(bearing + half)})


def angle_interval_where_within(
    center: Point, dist: float, target_center: Point, reach: float
) -> list[tuple[float, float]]:
    """The set of bearings theta for which ``center + dist*direction(theta)`` lies within
    ``reach`` of ``target_center``, as sorted, disjoint closed intervals ``(lo, hi)`` with
    ``0 <= lo <= hi <= 360`` (touching counts).

    ``[(0.0, 360.0)]`` means every direction, ``[]`` none. An arc crossing north is split in
    two, e.g. ``[(0, 20), (340, 360)]``. The arc's half-width is
    ``arccos((dist^2 + d^2 - reach^2) / (2*dist*d))`` around the bearing from ``center`` to the
    target, computed with the exact ``reach`` so interval lengths give exact odds; only the
    degenerate cases use tolerances: a tangent (cosine within 1e-12 of 1) gives the zero-width
    interval ``(bearing, bearing)``, and a constant distance (``dist == 0`` or the target on
    ``center``) is compared with ``TOUCH_EPS`` like ``circle_overlaps``.
    """
    setup = _bearing_and_cosine(center, dist, target_center, reach)
    if setup is None:
        constant = max(dist, center.distance_to(target_center))
        return [(0.0, 360.0)] if constant <= reach + TOUCH_EPS else []
    bearing, k = setup
    if k > 1.0 + _ANGLE_EPS:
        return []
    if k >= 1.0 - _ANGLE_EPS:
        return [(bearing, bearing)]
    if k <= -1.0 + _ANGLE_EPS:
        return [(0.0, 360.0)]
    half = math.degrees(math.acos(k))
    lo = bearing - half
    hi = bearing + half
    if lo < 0.0:  # a bearing a hair west of north wraps to 360.0: no second piece then
        return [(0.0, hi)] + ([(lo + 360.0, 360.0)] if lo + 360.0 < 360.0 else [])
    if hi > 360.0:
        return [(0.0, hi - 360.0), (lo, 360.0)]
    return [(lo, hi)]


# --------------------------------------------------------------------------- line of sight


def _orientation(a: Point, b: Point, c: Point) -> float:
    """Signed area test: > 0 when a->b->c turns clockwise on the page (y down), 0 collinear."""
    return (b - a).cross(c - a)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    """True when ``p`` (known collinear with a-b) lies within the segment's bounding box."""
    return (
        min(a.x, b.x) - TOUCH_EPS <= p.x <= max(a.x, b.x) + TOUCH_EPS
        and min(a.y, b.y) - TOUCH_EPS <= p.y <= max(a.y, b.y) + TOUCH_EPS
    )


def segment_intersects_segment(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when segments p1-p2 and q1-q2 share at least one point (touching and collinear
    overlap count)."""
    o1 = _orientation(p1, p2, q1)
    o2 = _orientation(p1, p2, q2)
    o3 = _orientation(q1, q2, p1)
    o4 = _orientation(q1, q2, p2)
    if ((o1 > 0 and o2 < 0) or (o1 < 0 and o2 > 0)) and (
        (o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)
    ):
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )


def point_in_polygon(p: Point, polygon: list[Point]) -> bool:
    """True when ``p`` lies strictly inside a simple polygon (even-odd ray casting); points on
    the boundary may go either way, so combine with an edge test when that matters."""
    inside = False
    n = len(polygon)
    for i in range(n):
        a = polygon[i]
        b = polygon[(i + 1) % n]
        if (a.y > p.y) != (b.y > p.y):
            x_cross = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if p.x < x_cross:
                inside = not inside
    return inside


def segment_intersects_polygon(a: Point, b: Point, polygon: list[Point]) -> bool:
    """True when segment a-b touches a simple polygon: crosses or touches an edge, or lies
    wholly inside it (terrain footprints for line of sight)."""
    n = len(polygon)
    if any(segment_intersects_segment(a, b, polygon[i], polygon[(i + 1) % n]) for i in range(n)):
        return True
    return n >= 3 and point_in_polygon(a, polygon)


def segment_touches_any(a: Point, b: Point,
                        features: Iterable[Sequence[tuple[float, float]]]) -> bool:
    """True when segment a-b touches any feature: two points make a wall segment, three or
    more a polygon (a sight line against blocking terrain)."""
    for feature in features:
        pts = [Point(x, y) for x, y in feature]
        if (segment_intersects_segment(a, b, pts[0], pts[1]) if len(pts) == 2
                else segment_intersects_polygon(a, b, pts)):
            return True
    return False


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the closest point of segment a-b."""
    ab = b - a
    length_sq = ab.dot(ab)
    if length_sq == 0.0:
        return p.distance_to(a)
    t = max(0.0, min(1.0, (p - a).dot(ab) / length_sq))
    return p.distance_to(a + ab * t)


def segment_intersects_circle(a: Point, b: Point, circle: Circle) -> bool:
    """True when segment a-b passes through or touches a circle (e.g. a base in the way)."""
    return point_segment_distance(circle.center, a, b) <= circle.radius + TOUCH_EPS

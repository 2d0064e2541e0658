"""Where a Horus Heresy / 40K 7th blast marker may be placed, and what the table's terrain
does to sight and cover (HH-1 to HH-3, HH-14): pure geometry of bases, hulls and terrain,
in inches, knowing nothing of dice.

- The centre hole is a disc of option ``hole_mm`` (shared/rules/facts.md: not printed, a
  few millimetres; 5 mm by default). HH-1 wants it *entirely* over the target's base or
  hull, so its centre may sit at most (base radius - hole radius) from a base's centre, or
  inside a hull shrunk by the hole radius on every side.
- Range (HH-2) is measured from the edge of the firer's base or hull to the hole's centre.
- A firer measures as 40K measures between models: from its base or, for a vehicle, its
  hull. Sight (HH-1): some line from the firer (a base: its centre; a hull: its centre,
  corners or edge midpoints, `eyes`) to the target's centre or to one of `SIGHT_POINTS`
  points of its outline (a hull: corners and edge midpoints) touches no sight-blocking
  feature. Wounds go to the closest model (HH-8) measured edge to edge (`base_gap`).
- Cover (HH-14): a model takes an area's cover save when the line from the source (the
  firer's centre, or the point of its hull nearest the model, `eye_towards`; a
  Mega-blast's final marker centre) to its centre touches the area.
- ``aim: "auto"``: candidate hole positions over the target, nearest its centre first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.geometry import (
    TOUCH_EPS,
    Circle,
    Point,
    Rect,
    direction,
    rect_distance_to_point,
    rect_nearest_point,
    segment_touches_any,
)

Shape = Circle | Rect
Feature = Sequence[tuple[float, float]]

MM_PER_INCH = 25.4
SIGHT_POINTS = 16
"""HH-1: points sampled around a round base's edge when looking for a clear sight line."""
AUTO_RINGS = 12
AUTO_STEPS = 36
"""``aim: "auto"``: candidate rings over the target, and points per ring (or grid size)."""


def gap(shape: Shape, point: Point) -> float:
    """Distance from `point` to the nearest point of a base or hull (0 when over it)."""
    if isinstance(shape, Rect):
        return rect_distance_to_point(shape, point)
    return max(0.0, shape.center.distance_to(point) - shape.radius)


def hole_radius(options: dict[str, Any]) -> float:
    """HH-1: the radius of the marker's centre hole in inches (option ``hole_mm``, its
    diameter)."""
    return float(options["hole_mm"]) / MM_PER_INCH / 2


def base_gap(source: Shape, base: Circle) -> float:
    """How far a round base is from a base or hull, edge to edge (HH-8: closest first)."""
    return gap(source, base.center) - base.radius


def hole_over(shape: Shape, point: Point, hole: float) -> bool:
    """HH-1: the hole, a disc of radius `hole` centred at `point`, lies entirely over the
    base or hull."""
    if isinstance(shape, Rect):
        local = shape.to_local(point)
        return (abs(local.x) <= shape.w / 2 - hole + TOUCH_EPS
                and abs(local.y) <= shape.h / 2 - hole + TOUCH_EPS)
    return shape.center.distance_to(point) <= shape.radius - hole + TOUCH_EPS


def sight_points(shape: Shape) -> list[Point]:
    """The points of a base or hull a sight line may end at (HH-1): centre and outline."""
    c = shape.center
    if isinstance(shape, Rect):
        corners = shape.corners()
        return [c, *corners, *((a + b) * 0.5 for a, b in zip(corners, corners[1:] + corners[:1],
                                                               strict=True))]
    return [c, *(c + direction(360.0 * k / SIGHT_POINTS) * shape.radius
                 for k in range(SIGHT_POINTS))]


def eyes(firer: Shape) -> list[Point]:
    """HH-1: where the firer's sight lines start: a base's centre; a hull's centre,
    corners and edge midpoints (it sees from its edge, as it measures)."""
    return sight_points(firer) if isinstance(firer, Rect) else [firer.center]


def can_see(firer: Shape, shape: Shape, blocking: Sequence[Feature]) -> bool:
    """HH-1: some sight line from the firer to the model is clear of blocking terrain."""
    return any(not segment_touches_any(eye, p, blocking) for eye in eyes(firer)
               for p in sight_points(shape))


def eye_towards(firer: Shape, point: Point) -> Point:
    """Where a line from the firer to `point` starts, for cover: a base's centre; the
    point of a hull's edge nearest `point`."""
    return rect_nearest_point(firer, point) if isinstance(firer, Rect) else firer.center


def cover_from(source: Point, shape: Shape,
               areas: Sequence[tuple[Feature, int]]) -> int | None:
    """HH-14: the best cover save of the areas the line from `source` to the model's centre
    touches (None: no cover)."""
    saves = [save for feature, save in areas
             if segment_touches_any(source, shape.center, (feature,))]
    return min(saves) if saves else None


def candidates(shape: Shape, hole: float) -> Iterator[Point]:
    """``aim: "auto"``: hole positions over the target, nearest its centre first."""
    c = shape.center
    yield c
    if isinstance(shape, Rect):
        half_w, half_h = shape.w / 2 - hole, shape.h / 2 - hole
        grid = [(i / AUTO_RINGS, j / AUTO_RINGS) for i in range(-AUTO_RINGS, AUTO_RINGS + 1)
                for j in range(-AUTO_RINGS, AUTO_RINGS + 1)]
        grid.sort(key=lambda ij: (ij[0] * half_w) ** 2 + (ij[1] * half_h) ** 2)
        for i, j in grid[1:]:
            yield c + shape.forward() * (i * half_w) + shape.right() * (j * half_h)
        return
    reach = shape.radius - hole
    for ring in range(1, AUTO_RINGS + 1):
        for k in range(AUTO_STEPS):
            yield c + direction(360.0 * k / AUTO_STEPS) * (reach * ring / AUTO_RINGS)


def auto_aim(shape: Shape, hole: float, legal: Callable[[Point], bool]) -> Point | None:
    """``aim: "auto"``: the legal position of a hole of radius `hole` nearest the target's
    centre, or None."""
    return next((p for p in candidates(shape, hole) if hole_over(shape, p, hole) and legal(p)),
                None)


def line_normal(a: Point, b: Point) -> tuple[float, float] | None:
    """The line through `a` and `b` as (bearing of its normal, offset along it), for
    `heresy.scatter.angles_where_along`; None when a == b."""
    d = b - a
    if math.hypot(d.x, d.y) == 0.0:
        return None
    bearing = math.degrees(math.atan2(d.y, d.x))  # the normal of d = (d.x, d.y) rotated
    return bearing, a.dot(direction(bearing))

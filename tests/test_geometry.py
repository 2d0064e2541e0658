"""Tests of engine.geometry: tabletop geometry in inches (x right, y down, 0 deg = up)."""

import math

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from engine import geometry
from engine.geometry import (
    GRID,
    MM_PER_INCH,
    TOUCH_EPS,
    Circle,
    Point,
    Rect,
    angle_interval_where_within,
    angle_of,
    angles_where_circle_touch_changes,
    base_radius_in,
    circle_covers_rect,
    circle_inside,
    circle_overlaps,
    direction,
    distance,
    edge_distance,
    facing_of_attack,
    move,
    point_segment_distance,
    rect_distance_to_point,
    rect_overlaps_circle,
    segment_intersects_circle,
    segment_intersects_polygon,
    segment_intersects_segment,
)

coord = st.floats(min_value=-50, max_value=50, allow_nan=False)
angle = st.floats(min_value=0, max_value=360, allow_nan=False, exclude_max=True)


def approx_point(p: Point, q: Point, tol: float = 1e-9) -> bool:
    return p.distance_to(q) <= tol


# --------------------------------------------------------------------------- points


def test_point_arithmetic():
    a, b = Point(1, 2), Point(4, 6)
    assert a + b == Point(5, 8)
    assert b - a == Point(3, 4)
    assert a * 2 == Point(2, 4) == 2 * a
    assert b / 2 == Point(2, 3)
    assert -a == Point(-1, -2)
    assert a.dot(b) == 16
    assert (b - a).length() == 5
    assert a.distance_to(b) == distance(a, b) == 5


def test_base_radius():
    assert MM_PER_INCH == 25.4
    assert base_radius_in(25.4) == pytest.approx(0.5)
    assert base_radius_in(40) == pytest.approx(40 / 25.4 / 2)


# --------------------------------------------------------------------------- directions


@pytest.mark.parametrize(
    ("deg", "expected"),
    [(0, Point(0, -1)), (90, Point(1, 0)), (180, Point(0, 1)), (270, Point(-1, 0)),
     (360, Point(0, -1)), (-90, Point(-1, 0))],
)
def test_direction_convention(deg, expected):
    assert approx_point(direction(deg), expected)


def test_direction_45_is_up_right():
    d = direction(45)
    assert d.x > 0 and d.y < 0
    assert d.length() == pytest.approx(1)


@pytest.mark.parametrize(
    ("vector", "expected"),
    [(Point(0, -3), 0), (Point(2, 0), 90), (Point(0, 5), 180), (Point(-1, 0), 270),
     (Point(1, -1), 45), (Point(-1, -1), 315)],
)
def test_angle_of(vector, expected):
    assert angle_of(vector) == pytest.approx(expected)


def test_angle_of_stays_below_360():
    assert 0 <= angle_of(Point(-1e-17, -1)) < 360


def test_angle_of_zero_vector_raises():
    with pytest.raises(ValueError):
        angle_of(Point(0, 0))


@given(angle)
def test_angle_of_inverts_direction(a):
    back = angle_of(direction(a))
    assert min(abs(back - a), 360 - abs(back - a)) < 1e-9
    assert 0 <= back < 360


def test_move():
    assert approx_point(move(Point(10, 10), 90, 3), Point(13, 10))
    assert approx_point(move(Point(10, 10), 0, 3), Point(10, 7))
    assert approx_point(move(Point(10, 10), 180, 0), Point(10, 10))


# --------------------------------------------------------------------------- circles

BLAST = 1.5
BASE = base_radius_in(32)
TOUCH = BLAST + BASE


@pytest.mark.parametrize(
    ("offset", "overlaps"),
    [(0.0, True), (-1e-6, True), (1e-6, False)],
    ids=["exactly-touching", "just-inside", "just-outside"],
)
@pytest.mark.parametrize("bearing", [0, 37, 90, 135, 200, 333])
def test_marker_overlap_at_touching_distance(offset, overlaps, bearing):
    marker = Circle(Point(20, 20), BLAST)
    base = Circle(move(marker.center, bearing, TOUCH + offset), BASE)
    assert circle_overlaps(marker, base) is overlaps
    assert circle_overlaps(base, marker) is overlaps


def test_circle_inside():
    outer = Circle(Point(0, 0), 2.5)
    assert circle_inside(Circle(Point(1, 0), 1.5), outer)  # touching from inside
    assert circle_inside(Circle(Point(1 - 1e-6, 0), 1.5), outer)
    assert not circle_inside(Circle(Point(1 + 1e-6, 0), 1.5), outer)
    assert not circle_inside(outer, Circle(Point(0, 0), 1))


def test_edge_distance():
    a = Circle(Point(0, 0), 1)
    assert edge_distance(a, Circle(Point(5, 0), 1)) == pytest.approx(3)
    assert edge_distance(a, Circle(Point(1, 0), 1)) == 0
    assert edge_distance(a, Circle(Point(2, 0), 1)) == 0


# --------------------------------------------------------------------------- rectangles

RHINO = Rect(Point(10, 10), 4.5, 2.75, 90)  # facing right: long along x


def test_rect_corners_follow_facing():
    corners = RHINO.corners()
    expected = [Point(12.25, 8.625), Point(12.25, 11.375), Point(7.75, 11.375),
                Point(7.75, 8.625)]
    assert all(approx_point(c, e) for c, e in zip(corners, expected, strict=True))
    north = Rect(Point(0, 0), 4, 2, 0)
    fl, fr, rr, rl = north.corners()
    assert approx_point(fl, Point(-1, -2)) and approx_point(fr, Point(1, -2))
    assert approx_point(rr, Point(1, 2)) and approx_point(rl, Point(-1, 2))


def test_rect_distance_to_point():
    assert rect_distance_to_point(RHINO, Point(10, 10)) == 0
    assert rect_distance_to_point(RHINO, Point(15.25, 10)) == pytest.approx(3)
    assert rect_distance_to_point(RHINO, Point(10, 5.625)) == pytest.approx(3)
    assert rect_distance_to_point(RHINO, Point(15.25, 4.625)) == pytest.approx(5)


@pytest.mark.parametrize(
    ("offset", "overlaps"), [(0.0, True), (-1e-6, True), (1e-6, False)]
)
def test_rect_overlaps_circle_at_side_and_corner(offset, overlaps):
    side = Circle(Point(12.25 + 1.5 + offset, 10), 1.5)
    assert rect_overlaps_circle(RHINO, side) is overlaps
    corner = Point(12.25, 8.625)
    diagonal = move(corner, 45, 1.5 + offset)
    assert rect_overlaps_circle(RHINO, Circle(diagonal, 1.5)) is overlaps


def test_rect_overlap_rotated():
    tilted = Rect(Point(0, 0), 4, 2, 45)
    tip = tilted.corners()[0]
    assert rect_overlaps_circle(tilted, Circle(move(tip, 0, 0.1), 0.2))
    assert not rect_overlaps_circle(tilted, Circle(Point(2, 2), 0.5))


def test_circle_covers_rect():
    half_diagonal = math.hypot(2.25, 1.375)
    assert circle_covers_rect(Circle(Point(10, 10), half_diagonal), RHINO)
    assert not circle_covers_rect(Circle(Point(10, 10), half_diagonal - 1e-6), RHINO)
    assert not circle_covers_rect(Circle(Point(12, 10), 2.5), RHINO)


@pytest.mark.parametrize(
    ("point", "expected"),
    [(Point(30, 10), "front"), (Point(30, 15), "front"), (Point(-10, 10), "rear"),
     (Point(10, 0), "side"), (Point(10, 30), "side"), (Point(12.5, 5), "side"),
     (Point(12.25, 8.625), "front"), (Point(14.5, 7.25), "front")],
)
def test_facing_of_attack_uses_diagonals(point, expected):
    assert facing_of_attack(RHINO, point) == expected


def test_facing_of_attack_just_past_diagonal_is_side():
    # the diagonal from the centre through the front-right corner, nudged outward
    corner = Point(12.25, 11.375)
    beyond = corner + (corner - RHINO.center) * 3 + Point(0, 1e-6)
    assert facing_of_attack(RHINO, beyond) == "side"


def test_facing_of_attack_from_centre_raises():
    with pytest.raises(ValueError):
        facing_of_attack(RHINO, RHINO.center)


# --------------------------------------------------------------------------- breakpoints


def brute_force_within(center, dist, target, reach, theta, tolerance=1e-9):
    return move(center, theta, dist).distance_to(target) <= reach + tolerance


def in_intervals(intervals, theta):
    return any(lo <= theta <= hi for lo, hi in intervals)


def test_breakpoints_simple_case():
    center, target = Point(0, 0), Point(0, -5)  # target due north
    angles = angles_where_circle_touch_changes(center, 5, target, 5)
    assert angles == pytest.approx([60, 300])
    assert angle_interval_where_within(center, 5, target, 5) == [
        (0.0, pytest.approx(60)), (pytest.approx(300), 360.0)
    ]


def test_breakpoints_tangent_and_none():
    center, target = Point(0, 0), Point(10, 0)  # target due east
    assert angles_where_circle_touch_changes(center, 8, target, 2) == [pytest.approx(90)]
    assert angles_where_circle_touch_changes(center, 5, target, 2) == []
    assert angles_where_circle_touch_changes(center, 0, target, 20) == []
    assert angle_interval_where_within(center, 5, target, 2) == []
    assert angle_interval_where_within(center, 5, target, 20) == [(0.0, 360.0)]
    assert angle_interval_where_within(center, 0, target, 10) == [(0.0, 360.0)]
    assert angle_interval_where_within(center, 0, target, 9.9) == []
    assert angle_interval_where_within(center, 3, center, 3) == [(0.0, 360.0)]
    assert angle_interval_where_within(center, 3, center, 2.9) == []
    tangent = angle_interval_where_within(center, 8, target, 2)
    assert tangent == [(pytest.approx(90), pytest.approx(90))]


def test_breakpoints_reach_encloses_center():
    # reach > d: the arc is wider than a half circle
    intervals = angle_interval_where_within(Point(0, 0), 3, Point(0, 2), 4)
    width = sum(hi - lo for lo, hi in intervals)
    half = math.degrees(math.acos((9 + 4 - 16) / 12))
    assert width == pytest.approx(2 * half)
    assert in_intervals(intervals, 180) and not in_intervals(intervals, 0)


@settings(max_examples=200, deadline=None)
@given(
    cx=coord, cy=coord, tx=coord, ty=coord,
    dist=st.floats(min_value=0.01, max_value=12),
    reach=st.floats(min_value=0.1, max_value=8),
)
@example(cx=0, cy=-1.5, tx=0, ty=0.03125, dist=0.03125, reach=1.5)  # a tangent at a small dist
@example(  # the moved marker's circle inside the reach, touching it from within
    cx=0.01171875, cy=1.192092896e-07, tx=0.25, ty=0.0, dist=0.01171875, reach=0.25)
@example(cx=0.0, cy=0.75, tx=0.75, ty=0.75, dist=0.75, reach=0.75)  # a breakpoint on a sample
def test_breakpoints_match_brute_force(cx, cy, tx, ty, dist, reach):
    center, target = Point(cx, cy), Point(tx, ty)
    assume(center.distance_to(target) > 1e-3)
    angles = angles_where_circle_touch_changes(center, dist, target, reach)
    intervals = angle_interval_where_within(center, dist, target, reach)
    assert all(0 <= a < 360 for a in angles)
    assert all(0 <= lo <= hi <= 360 for lo, hi in intervals)
    for a in angles:
        assert move(center, a, dist).distance_to(target) == pytest.approx(reach, abs=1e-6)
    margin = 1e-6
    # every bearing clearly inside the reach is in the set, every one clearly outside is not;
    # a bearing whose moved point (snapped to GRID) lands within TOUCH_EPS of the reach may
    # go either way (near a tangent at a small `dist` that band spans angles far wider than
    # any fixed margin around the breakpoints)
    for i in range(720):
        theta = i / 2
        if brute_force_within(center, dist, target, reach, theta, -TOUCH_EPS):
            assert in_intervals(intervals, theta), theta
        if not brute_force_within(center, dist, target, reach, theta, TOUCH_EPS):
            assert not in_intervals(intervals, theta), theta
    # the measure of the interval set matches the sampled fraction, sampled with the
    # engine's own tolerance: a moved point is snapped to GRID, so at a tangency a sample
    # a few hundredths of a degree from it may land a snap beyond the reach. Near a tangent
    # the tolerance band TOUCH_EPS is wide in angle when `dist` is small (about
    # sqrt(TOUCH_EPS / dist) radians), so the sampled fraction lies between the measures at
    # the exact reach and at reach + TOUCH_EPS.
    sampled = sum(
        brute_force_within(center, dist, target, reach, (i + 0.5) * 360 / 3600, TOUCH_EPS)
        for i in range(3600)
    ) / 3600
    measure = sum(hi - lo for lo, hi in intervals) / 360
    banded = sum(hi - lo for lo, hi in angle_interval_where_within(
        center, dist, target, reach + TOUCH_EPS)) / 360
    assert measure - 2 / 3600 - margin <= sampled <= banded + 2 / 3600 + margin


@settings(max_examples=100, deadline=None)
@given(cx=coord, cy=coord, tx=coord, ty=coord,
       dist=st.floats(min_value=0.01, max_value=12), reach=st.floats(min_value=0.1, max_value=8))
@example(cx=0.0, cy=0.75, tx=0.75, ty=0.0, dist=0.75, reach=0.75)  # an arc from due north
def test_breakpoints_bound_the_intervals(cx, cy, tx, ty, dist, reach):
    center, target = Point(cx, cy), Point(tx, ty)
    assume(center.distance_to(target) > 1e-3)
    angles = angles_where_circle_touch_changes(center, dist, target, reach)
    intervals = angle_interval_where_within(center, dist, target, reach)
    inner_ends = sorted({e for lo, hi in intervals for e in (lo, hi)} - {0.0, 360.0})
    if len(angles) == 2:  # a breakpoint due north is the 0/360 end every interval set has
        assert all(lo < hi for lo, hi in intervals)  # no zero-width piece at the wrap
        assert inner_ends == pytest.approx([a for a in angles if a != 0.0], abs=1e-4)


# --------------------------------------------------------------------------- line of sight


def test_segment_intersects_segment():
    o, a = Point(0, 0), Point(4, 4)
    assert segment_intersects_segment(o, a, Point(0, 4), Point(4, 0))  # crossing
    assert segment_intersects_segment(o, a, Point(2, 2), Point(5, 0))  # endpoint touches
    assert segment_intersects_segment(o, a, Point(3, 3), Point(6, 6))  # collinear overlap
    assert not segment_intersects_segment(o, a, Point(5, 5), Point(6, 6))  # collinear apart
    assert not segment_intersects_segment(o, a, Point(0, 1), Point(3, 4))  # parallel
    assert not segment_intersects_segment(o, a, Point(3, 0), Point(5, -2))


SQUARE = [Point(2, 2), Point(4, 2), Point(4, 4), Point(2, 4)]


def test_segment_intersects_polygon():
    assert segment_intersects_polygon(Point(0, 3), Point(6, 3), SQUARE)  # through
    assert segment_intersects_polygon(Point(2.5, 2.5), Point(3.5, 3.5), SQUARE)  # inside
    assert segment_intersects_polygon(Point(0, 2), Point(6, 2), SQUARE)  # along an edge
    assert segment_intersects_polygon(Point(0, 0), Point(2, 2), SQUARE)  # corner touch
    assert not segment_intersects_polygon(Point(0, 0), Point(6, 1), SQUARE)
    assert not segment_intersects_polygon(Point(0, 5), Point(1, 6), SQUARE)


def test_segment_intersects_circle():
    c = Circle(Point(5, 0), 1)
    assert segment_intersects_circle(Point(0, 0), Point(10, 0), c)
    assert segment_intersects_circle(Point(0, 1), Point(10, 1), c)  # tangent
    assert not segment_intersects_circle(Point(0, 1 + 1e-6), Point(10, 1 + 1e-6), c)
    assert not segment_intersects_circle(Point(0, 0), Point(3.9, 0), c)  # stops short
    assert segment_intersects_circle(Point(5, 0), Point(5, 0), c)  # degenerate, inside


def test_point_segment_distance():
    assert point_segment_distance(Point(5, 3), Point(0, 0), Point(10, 0)) == pytest.approx(3)
    assert point_segment_distance(Point(13, 4), Point(0, 0), Point(10, 0)) == pytest.approx(5)


def test_segment_touches_any_wall_or_polygon() -> None:
    from engine.geometry import segment_touches_any

    wall = [(5.0, -1.0), (5.0, 1.0)]
    block = [(4.0, 2.0), (6.0, 2.0), (6.0, 4.0), (4.0, 4.0)]
    assert segment_touches_any(Point(0, 0), Point(10, 0), [block, wall])
    assert segment_touches_any(Point(0, 3), Point(10, 3), [wall, block])
    assert not segment_touches_any(Point(0, 6), Point(10, 6), [wall, block])
    assert not segment_touches_any(Point(0, 0), Point(10, 0), [])


# --------------------------------------------------------------------------- boundary rule
# Another maths library (Pyodide's) may differ from CPython's in the last bit of sin and
# cos: simulated here by nudging each component of `direction` by one unit in the last place.


def _other_libm(monkeypatch: pytest.MonkeyPatch) -> None:
    exact = geometry.direction

    def nudged(angle_deg: float) -> Point:
        d = exact(angle_deg)
        return Point(math.nextafter(d.x, math.inf), math.nextafter(d.y, -math.inf))

    monkeypatch.setattr(geometry, "direction", nudged)


def _far_from_midpoint(v: float) -> bool:
    """Not within 1e-12 of a point halfway between two grid values (where rounding may
    go either way: the one case the rule cannot settle)."""
    frac = (v / GRID) % 1.0
    return abs(frac - 0.5) > 1e-12 / GRID


@settings(max_examples=200, deadline=None)
@given(coord, coord, angle, st.floats(0.1, 20))
def test_moved_points_are_the_same_whatever_the_last_bits_of_sin_and_cos(
        x: float, y: float, theta: float, dist: float) -> None:
    here = move(Point(x, y), theta, dist)
    assume(_far_from_midpoint(x + direction(theta).x * dist))
    assume(_far_from_midpoint(y + direction(theta).y * dist))
    with pytest.MonkeyPatch.context() as patch:
        _other_libm(patch)
        there = move(Point(x, y), theta, dist)
    assert there == here
    assert (round(here.x, 7), round(here.y, 7)) == (here.x, here.y)


@pytest.mark.parametrize("offset", [-1e-9, 0.0, 1e-9, 1e-8])
@pytest.mark.parametrize("theta", [17.0, 60.0, 131.0, 253.0])
def test_a_base_at_the_reach_of_a_moved_marker_touches_under_either_libm(
        offset: float, theta: float, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = move(Point(20.0, 20.0), theta, 7.0)
    base = Circle(move(marker, theta + 77.0, 2.5 + 0.5 + offset), 0.5)
    here = circle_overlaps(Circle(marker, 2.5), base)
    _other_libm(monkeypatch)
    assert circle_overlaps(Circle(move(Point(20.0, 20.0), theta, 7.0), 2.5), base) == here
    assert here


def test_a_base_clearly_beyond_the_reach_does_not_touch() -> None:
    marker = move(Point(20.0, 20.0), 17.0, 7.0)
    assert not circle_overlaps(Circle(marker, 2.5),
                               Circle(move(marker, 94.0, 3.0 + 5 * TOUCH_EPS), 0.5))


def test_hull_corners_and_local_points_are_on_the_grid() -> None:
    hull = Rect(Point(10.3, 7.1), 4.5, 2.75, 37.0)
    for p in [*hull.corners(), hull.to_local(Point(13.37, 2.9))]:
        assert (round(p.x, 7), round(p.y, 7)) == (p.x, p.y)

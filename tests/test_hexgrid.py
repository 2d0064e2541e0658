"""Tests of engine.hexgrid: BattleTech flat-topped hex maps labelled CCRR, odd columns higher."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import (
    DIRECTIONS,
    Hex,
    HexMap,
    attack_arcs,
    bearing,
    direction_between,
    disc,
    distance,
    hex_corners,
    hex_to_pixel,
    is_straight_contiguous_line,
    line,
    neighbor,
    neighbors,
    ring,
    step,
    to_label,
)

H = Hex.from_label
hexes = st.builds(Hex.from_offset, st.integers(0, 44), st.integers(0, 50))


def labels(hs):
    return [h.label for h in hs]


# --------------------------------------------------------------------------- labels


def test_label_round_trip_examples():
    assert H("0101") == Hex.from_offset(0, 0) == Hex(0, 0)
    assert H("0908").to_offset() == (8, 7)
    assert H("0908").label == "0908" == to_label(H("0908"))
    assert H("1617").label == "1617"
    with pytest.raises(ValueError):
        to_label(Hex.from_offset(99, 4))  # no four-digit label


@given(st.integers(0, 98), st.integers(0, 98))
def test_offset_and_label_round_trip(col, row):
    h = Hex.from_offset(col, row)
    assert h.to_offset() == (col, row)
    assert H(h.label) == h
    assert h.q + h.r + h.s == 0


@pytest.mark.parametrize("bad", ["", "101", "01011", "ab01", "0000", "0100", "0001", "01 01",
                                 "-101", "٠١٠١", " 0101", "0101 ", "009008", "100005",
                                 "x\"]", "０１０１"])
def test_malformed_labels_raise(bad):
    with pytest.raises(ValueError):
        H(bad)


def test_hexes_without_label_raise():
    with pytest.raises(ValueError):
        to_label(Hex.from_offset(-1, 3))
    with pytest.raises(ValueError):
        to_label(Hex.from_offset(3, -1))


def test_hex_vector_arithmetic():
    a, b = Hex(2, -1), Hex(1, 3)
    assert a + b == Hex(3, 2)
    assert a - b == Hex(1, -4)
    assert a.scale(3) == Hex(6, -3)
    assert a.s == -1


# --------------------------------------------------------------------------- neighbours


def test_neighbours_of_0101_odd_column_sits_higher():
    n = neighbors(H("0101"))
    assert n[3].label == "0102"  # south
    assert n[2].label == "0201"  # south-east: column 02 is half a hex lower
    assert n[1].to_offset() == (1, -1)  # north-east is off the top edge
    assert n[0].to_offset() == (0, -1)


def test_neighbours_of_0201_even_column():
    n = neighbors(H("0201"))
    assert [n[i].label for i in range(1, 6)] == ["0301", "0302", "0202", "0102", "0101"]
    assert n[0].to_offset() == (1, -1)


@pytest.mark.parametrize(
    ("center", "expected"),
    [("0908", ["0907", "1007", "1008", "0909", "0808", "0807"]),  # odd column
     ("1008", ["1007", "1108", "1109", "1009", "0909", "0908"]),  # even column
     ("1508", ["1507", "1607", "1608", "1509", "1408", "1407"]),  # sheet border, odd
     ("1617", ["1616", "1717", "1718", "1618", "1518", "1517"])],  # sheet corner, even
)
def test_neighbours_odd_and_even_columns(center, expected):
    assert labels(neighbors(H(center))) == expected
    assert all(distance(H(center), h) == 1 for h in neighbors(H(center)))


def test_neighbour_across_sheet_border_on_two_wide_map():
    # sheets side by side join their half-hexes into a seam column (16), so sheet B's column
    # 01 is continuous column 17, two hexes east of sheet A's 15 (shared/rules/facts.md)
    m = HexMap(2, 1)
    east = neighbor(m.parse_label("1508"), 2)
    assert east.label == "1608" and m.is_seam(east) and m.sheet_of(east) is None
    assert m.sheets_touching(east) == ((0, 0), (1, 0))
    assert m.sheet_of(H("1508")) == (0, 0)
    assert m.sheet_of(H("1708")) == (1, 0) and m.parse_label("B:0108") == H("1708")
    assert distance(H("1508"), m.parse_label("B:0108")) == 2
    assert distance(H("1508"), m.parse_label("B:0208")) == 3
    assert not HexMap(1, 1).contains(east)


def test_continuous_and_printed_labels():
    m = HexMap(2, 2)
    for printed, label in (("A:0101", "0101"), ("A:1517", "1517"), ("B:0101", "1701"),
                           ("B:1517", "3117"), ("C:0101", "0118"), ("D:1517", "3134"),
                           ("D:0408", "2025")):
        h = m.parse_label(printed)
        assert h.label == label and m.printed_label(h) == printed
    assert m.printed_label(H("1620")) is None and m.name(H("1620")) == "1620"
    assert m.name(H("1708")) == "1708 (B:0108)" and m.name(H("0908")) == "0908"
    assert HexMap(1, 1).printed_label(H("0908")) is None
    for bad in ("E:0101", "B:1601", "B:0118", "b:0101", "B:01 1", "Ä:0101"):
        with pytest.raises(ValueError):
            m.parse_label(bad)


def test_neighbor_and_step():
    h = H("0908")
    assert neighbor(h, 0).label == "0907"
    assert neighbor(h, 6) == neighbor(h, 0)
    assert step(h, 3, 4).label == "0912"
    assert step(h, 2, 2).label == "1109"
    assert step(h, 5, 0) == h


@given(hexes, st.integers(0, 5))
def test_neighbor_is_reversible(h, d):
    assert neighbor(neighbor(h, d), d + 3) == h


# --------------------------------------------------------------------------- distance, rings


def test_distance_examples():
    assert distance(H("0101"), H("0101")) == 0
    assert distance(H("0101"), H("0201")) == 1
    assert distance(H("0101"), H("0301")) == 2
    assert distance(H("0101"), H("0117")) == 16
    assert distance(H("0908"), H("1210")) == 4
    assert distance(H("0101"), H("1501")) == 14


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert distance(a, b) == distance(b, a) >= 0


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_ring_sizes(radius):
    c = H("1010")
    r = ring(c, radius)
    assert len(r) == (6 * radius if radius else 1)
    assert len(set(r)) == len(r)
    assert all(distance(c, h) == radius for h in r)
    assert len(disc(c, radius)) == 1 + 3 * radius * (radius + 1)


def test_ring_order_and_negative_radius():
    assert labels(ring(H("0908"), 1)) == ["0907", "1007", "1008", "0909", "0808", "0807"]
    assert disc(H("0908"), 1)[0] == H("0908")
    with pytest.raises(ValueError):
        ring(H("0908"), -1)


# --------------------------------------------------------------------------- lines


def test_line_straight_and_diagonal():
    assert labels(line(H("0905"), H("0908"))) == ["0905", "0906", "0907", "0908"]
    assert labels(line(H("0101"), H("0101"))) == ["0101"]
    assert labels(line(H("0101"), H("0402"))) == ["0101", "0201", "0302", "0402"]


@given(hexes, hexes)
def test_line_is_contiguous(a, b):
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(path, path[1:], strict=False))


def test_line_along_hexsides_is_deterministic():
    # 0101 -> 0301 runs along the border of 0201 and its northern neighbour
    path = line(H("0101"), H("0301"))
    assert len(path) == 3 and path == line(H("0101"), H("0301"))


# --------------------------------------------------------------------------- straight runs


@pytest.mark.parametrize("d", range(6))
@pytest.mark.parametrize("n", range(1, 6))
def test_straight_lines_of_1_to_5_accepted(d, n):
    run = [step(H("1010"), d, i) for i in range(n)]
    assert is_straight_contiguous_line(run)
    assert is_straight_contiguous_line(list(reversed(run)))


@pytest.mark.parametrize(
    "run",
    [[], ["0905", "0907"], ["0905", "0906", "0908"], ["0905", "0906", "1006"],
     ["0905", "0906", "0906"], ["0905", "0905"], ["0905", "0906", "0905"],
     ["0906", "0905", "0907"], ["0908", "1008", "1108", "1208"]],
    ids=["empty", "gap", "gap-later", "bend", "duplicate", "repeat", "back", "shuffled",
         "zigzag-row"],
)
def test_straight_line_rejections(run):
    assert not is_straight_contiguous_line([H(x) for x in run])


def test_strafing_style_runs():
    assert is_straight_contiguous_line([H(x) for x in ["0905", "0906", "0907"]])
    assert is_straight_contiguous_line([H(x) for x in ["0908", "1007", "1107", "1206"]])
    assert is_straight_contiguous_line([H(x) for x in ["0908", "1008", "1109", "1209"]])


def test_direction_between():
    c = H("0908")
    for d in range(6):
        assert direction_between(c, neighbor(c, d)) == d
        assert direction_between(c, step(c, d, 4)) == d
    assert direction_between(c, c) is None
    assert direction_between(c, H("1110")) is None


def test_directions_are_units():
    assert len(DIRECTIONS) == 6
    assert all(distance(Hex(0, 0), d) == 1 for d in DIRECTIONS)


# --------------------------------------------------------------------------- maps


def test_map_bounds():
    m = HexMap(2, 2)
    assert (m.cols, m.rows) == (31, 34)
    assert m.contains(H("0101")) and m.contains(H("3134"))
    assert not m.contains(H("3201")) and not m.contains(H("0135"))
    assert not m.contains(Hex.from_offset(-1, 0)) and not m.contains(Hex.from_offset(0, -1))
    assert len(m.all_hexes()) == 31 * 34
    assert m.all_hexes()[:2] == [H("0101"), H("0102")]
    assert m.sheet_of(H("1717")) == (1, 0) and m.sheet_of(H("1617")) is None
    assert m.sheet_of(H("1518")) == (0, 1)
    assert m.sheet_of(H("3134")) == (1, 1)
    assert (HexMap(6, 5).cols, HexMap(6, 5).rows) == (95, 85)
    with pytest.raises(ValueError):
        HexMap(1, 6)
    assert m.on_map(neighbors(H("0101"))) == [H("0201"), H("0102")]
    assert HexMap.SHEET_COLS == 15 and HexMap.SHEET_ROWS == 17


def test_parse_label_off_map_and_malformed():
    m = HexMap(1, 1)
    assert m.parse_label("1517") == H("1517")
    with pytest.raises(ValueError, match="off the 1 x 1 sheets"):
        m.parse_label("1601")
    with pytest.raises(ValueError, match="off the"):
        m.parse_label("0118")
    with pytest.raises(ValueError, match="CCRR"):
        m.parse_label("9A08")
    with pytest.raises(ValueError, match="off the"):
        m.sheet_of(H("1601"))
    with pytest.raises(ValueError):
        HexMap(0, 1)


# --------------------------------------------------------------------------- pixels, bearings


def test_pixels_odd_columns_higher():
    size = 10.0
    x1, y1 = hex_to_pixel(H("0101"), size)
    x2, y2 = hex_to_pixel(H("0201"), size)
    x3, y3 = hex_to_pixel(H("0301"), size)
    assert (x1, y1) == pytest.approx((size, size * math.sqrt(3) / 2))
    assert x2 - x1 == pytest.approx(1.5 * size)
    assert y2 - y1 == pytest.approx(size * math.sqrt(3) / 2)  # even column lower
    assert y3 == pytest.approx(y1)
    assert hex_to_pixel(H("0102"), size)[1] - y1 == pytest.approx(size * math.sqrt(3))


def test_hex_corners_flat_topped():
    corners = hex_corners(H("0101"), 10.0)
    cx, cy = hex_to_pixel(H("0101"), 10.0)
    assert len(corners) == 6
    assert corners[0] == pytest.approx((cx + 10, cy))
    assert corners[3] == pytest.approx((cx - 10, cy))
    assert min(y for _, y in corners) == pytest.approx(0)  # top edge flat at y = 0
    assert min(x for x, _ in corners) == pytest.approx(0)
    tops = [c for c in corners if c[1] == pytest.approx(cy - 10 * math.sqrt(3) / 2)]
    assert len(tops) == 2


@pytest.mark.parametrize("center", ["0908", "1008"])
def test_bearing_to_neighbours(center):
    c = H(center)
    for d, n in enumerate(neighbors(c)):
        assert bearing(c, n) == pytest.approx(60 * d)
    assert bearing(c, step(c, 2, 1) + DIRECTIONS[1]) == pytest.approx(90)  # along a spine
    with pytest.raises(ValueError):
        bearing(c, c)


# --------------------------------------------------------------------------- attack arcs


@pytest.mark.parametrize(
    ("direction", "expected"),
    [(0, "front"), (1, "front"), (2, "right"), (3, "rear"), (4, "left"), (5, "front")],
)
@pytest.mark.parametrize("facing", range(6))
def test_mech_attack_arc_from_adjacent_hexes(facing, direction, expected):
    target = H("0908")
    attacker = neighbor(target, facing + direction)
    assert attack_arcs(target, facing, attacker) == [expected]
    assert attack_arcs(target, facing, step(target, facing + direction, 3)) == [expected]


@pytest.mark.parametrize(
    ("direction", "expected"),
    [(0, "front"), (1, "right"), (2, "right"), (3, "rear"), (4, "left"), (5, "left")],
)
def test_vehicle_attack_arcs(direction, expected):
    target = H("1008")
    assert attack_arcs(target, 0, neighbor(target, direction), vehicle=True) == [expected]


def test_attack_arc_boundary_returns_both():
    target = H("0908")
    spine_east = step(target, 2, 1) + DIRECTIONS[1]  # bearing 90: front/right boundary
    assert attack_arcs(target, 0, spine_east) == ["front", "right"]
    spine_se = step(target, 2, 1) + DIRECTIONS[3]  # bearing 150: right/rear boundary
    assert attack_arcs(target, 0, spine_se) == ["right", "rear"]
    assert attack_arcs(target, 0, spine_east, vehicle=True) == ["right"]
    with pytest.raises(ValueError):
        attack_arcs(target, 0, target)

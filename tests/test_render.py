"""The SVG drawing (engine.render): ids, classes and data attributes the page relies on,
true scale, escaping of user text, stepping, the odds overlay, size and speed."""

from __future__ import annotations

import math
import re
import time
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from engine import systems
from engine.errors import IllegalAttack, NotImplementedYet
from engine.geometry import direction
from engine.hexgrid import Hex, HexMap, hex_corners, hex_to_pixel, neighbor
from engine.log import Resolution, Step, hex_mark, hexpath, scatter, template, unit_state
from engine.odds import Odds
from engine.render.board import board
from engine.render.common import Box, Canvas, layer_span, unit_element_id
from engine.render.hexmap import HEX, number_boxes, strafe_runs
from engine.render.labels import Placer
from engine.scenario import Scenario, load_dict, loads, to_dict
from tests.test_render_labels import hidden_numbers

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]
EVIL = "<img src=x onerror=alert(1)>"
LAYER_IDS = ["layer-grid", "layer-terrain", "layer-floor", "layer-units", "layer-odds",
             "layer-marks"]


def robotech(name: str = "Valkyrie") -> Scenario:
    return load_dict({
        "system": "robotech", "table": {"width": 48, "height": 36},
        "terrain": [{"points": [[10, 10], [14, 10], [14, 12]]}, {"points": [[20, 5], [20, 9]]}],
        "units": [
            {"id": "a1", "side": "blue", "kind": "mecha", "x": 6, "y": 24, "base_mm": 40,
             "df": 5, "gn": 2, "pil": 2, "cp": 2, "name": name},
            {"id": "b 1", "side": "red", "kind": "structure", "x": 30, "y": 24, "base_mm": 60,
             "df": 4},
            {"id": "b2", "side": "red", "kind": "mecha", "x": 33, "y": 26, "df": 4},
            {"id": "c1", "side": "green", "kind": "mecha", "x": 40, "y": 10, "df": 4},
        ],
        "attack": {"attacker": "a1", "weapon": {"name": "Derringer", "md": 9, "range": 36},
                   "targets": ["b 1"]},
    })


def heresy() -> Scenario:
    return load_dict({
        "system": "heresy", "table": {"width": 72, "height": 48},
        "units": [
            {"id": "f1", "side": "traitor", "x": 10, "y": 10},
            {"id": "t1", "side": "loyal", "unit": "tac", "x": 40, "y": 20, "base_mm": 32},
            {"id": "rh", "side": "loyal", "x": 46, "y": 22, "vehicle": True,
             "hull": {"w": 4.5, "h": 2.75, "facing": 90},
             "armour": {"front": 11, "side": 11, "rear": 10}},
        ],
        "attack": {"firer": "f1", "bs": 4, "target": "t1",
                   "weapon": {"name": "Cannon", "range": 72, "blast": 10,
                              "mega": [[10, 1], [8, 2], [6, 3]]}},
    })


def battletech(sheets: tuple[int, int] = (1, 1)) -> Scenario:
    return load_dict({
        "system": "battletech",
        "map": {"sheets": list(sheets), "terrain": {"0908": {"water": 1}, "1009": {"water": 3},
                                                    "1010": {"building": {"cf": 40}}}},
        "units": [
            {"id": "atlas", "side": "davion", "hex": "0908", "facing": 1},
            {"id": "tower", "side": "davion", "hex": "1010", "type": "building"},
            {"id": "hm", "side": "kurita", "hex": "1010", "type": "vehicle", "facing": 3},
        ],
        "attack": {"turn": 1, "side": "kurita",
                   "supports": [{"kind": "heavy_bombing", "target": "0908"}]},
    })


def tabletop_resolution() -> Resolution:
    return Resolution("robotech", 1, {}, (
        Step("RT-1", "aim", (), (template(30, 24, 2.5, "aim", one_at=90.0,
                                          winding="clockwise", label="aim"),)),
        Step("RT-2", "scatter", (), (scatter((30, 24), (33, 27), 4.2, "3"),
                                     template(33, 27, 2.5, "final", one_at=0.0,
                                              winding="counter-clockwise"),
                                     unit_state("b 1", "hit"), unit_state("b2", "dodged"))),
        Step("RT-3", "save", (), (unit_state("b 1", "saved"),
                                  template(33, 27, 1.5, "scatter-start", zones=[0.5, 1.0]))),
    ), {})


def hex_resolution() -> Resolution:
    aoe1 = [hex_mark(h, "aoe-1") for h in ("1008", "1108", "1109", "1010", "0910", "0909")]
    return Resolution("battletech", 1, {}, (
        Step("BT-1", "target", (), (hex_mark("0908", "target"),)),
        Step("BT-2", "scatter", (), (hexpath(["0908", "0909", "1009"]),
                                     hex_mark("1009", "aoe-0"), *aoe1,
                                     hex_mark("1109", "hit"), unit_state("atlas", "hit"))),
        Step("BT-3", "strafe", (), (*(hex_mark(h, "strafe") for h in ("0502", "0503", "0504")),
                                    unit_state("hm", "damaged"))),
    ), {})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def find_all(root: ET.Element, tag: str) -> list[ET.Element]:
    return list(root.iter(NS + tag))


def by_id(root: ET.Element, element_id: str) -> ET.Element:
    found = [e for e in root.iter() if e.get("id") == element_id]
    assert len(found) == 1, element_id
    return found[0]


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def marks(root: ET.Element) -> list[ET.Element]:
    return [g for g in find_all(root, "g") if "mark" in classes(g)]


def viewbox(root: ET.Element) -> list[float]:
    return [float(v) for v in re.split(r"[ ,]+", root.get("viewBox", ""))]


def translate(element: ET.Element) -> tuple[float, float]:
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


# --------------------------------------------------------------------------- every system


@pytest.mark.parametrize("make", [robotech, heresy, battletech])
def test_root_layers_and_style(make):
    scenario = make()
    root = parse(board(scenario))
    assert classes(root) >= {"scatterlab", "board", f"system-{scenario.system}"}
    layers = [g.get("id") for g in root if g.tag == NS + "g"]
    assert layers == LAYER_IDS
    # the board's stylesheet, and on a hex map the rule hiding the numbers labels cover
    style = find_all(root, "style")
    assert all(s.text.startswith(".hexlabels>text:nth-child(") for s in style[1:])
    assert len(style) <= 2 and ".side-0 .body" in style[0].text and ".state-hit" in style[0].text
    unitless = re.findall(r"(?:font-size|stroke-width|stroke-dasharray):[0-9.]+[;}]", style[0].text)
    assert not unitless, "CSS lengths need units: browsers drop unitless font sizes"


@pytest.mark.parametrize("make", [robotech, heresy, battletech])
def test_units_carry_ids_sides_and_kinds(make):
    scenario = make()
    root = parse(board(scenario))
    units = [g for g in find_all(root, "g") if "unit" in classes(g)]
    assert [g.get("data-unit") for g in units] == [u.id for u in scenario.units]
    sides: dict[str, int] = {}
    for g, unit in zip(units, scenario.units, strict=True):
        sides.setdefault(unit.side, len(sides))
        assert f"side-{sides[unit.side]}" in classes(g)
        assert g.get("data-side") == unit.side
        assert re.fullmatch(r"[A-Za-z0-9_-]+", g.get("id"))
        assert any(c.startswith("kind-") for c in classes(g))
    assert len({g.get("id") for g in units}) == len(units)


@pytest.mark.parametrize(("make", "resolution"), [(robotech, tabletop_resolution),
                                                  (battletech, hex_resolution)])
def test_only_unit_groups_carry_data_unit(make, resolution):
    scenario = make()
    odds = Odds("exact", None, {u.id: {"p_hit": 0.5} for u in scenario.units})
    root = parse(board(scenario, resolution(), odds=odds))
    tagged = [e for e in root.iter() if e.get("data-unit") is not None]
    assert all(e.tag == NS + "g" and "unit" in classes(e) for e in tagged)
    assert len(tagged) == len(scenario.units)


def test_pure_and_deterministic():
    scenario, resolution = robotech(), tabletop_resolution()
    before = resolution.to_dict()
    assert board(scenario, resolution) == board(scenario, resolution)
    assert resolution.to_dict() == before


def test_size_sets_the_longer_side_in_pixels():
    root = parse(board(heresy(), size=400))
    w, h = float(root.get("width")), float(root.get("height"))
    assert max(w, h) == pytest.approx(400, abs=0.1)
    _, _, vw, vh = viewbox(root)
    assert w / h == pytest.approx(vw / vh, rel=1e-3)


# --------------------------------------------------------------------------- tabletop


def test_tabletop_viewbox_is_in_inches_around_the_table():
    root = parse(board(robotech()))
    x, y, w, h = viewbox(root)
    assert x <= 0 and y <= 0 and x + w >= 48 and y + h >= 36
    assert min(x, y) >= -4 and x + w <= 52 and y + h <= 40
    table = [r for r in find_all(root, "rect") if "table" in classes(r)]
    assert (table[0].get("width"), table[0].get("height")) == ("48", "36")


def test_bases_at_true_scale_and_position():
    root = parse(board(robotech()))
    g = by_id(root, "unit-a1")
    assert translate(g) == (6, 24)
    body = [c for c in g if "body" in classes(c)][0]
    assert body.tag == NS + "circle"
    assert float(body.get("r")) == pytest.approx(40 / 25.4 / 2, abs=1e-3)
    assert "kind-mecha" in classes(g)
    assert "kind-structure" in classes(by_id(root, unit_element_id("b 1")))


def test_unsafe_unit_id_keeps_data_unit_exact():
    root = parse(board(robotech()))
    g = by_id(root, unit_element_id("b 1"))
    assert g.get("data-unit") == "b 1"
    assert re.fullmatch(r"[A-Za-z0-9_-]+", g.get("id"))
    assert unit_element_id("b 1") != unit_element_id("b_1")


def test_vehicle_hull_is_a_rotated_rectangle_with_a_front():
    root = parse(board(heresy()))
    g = by_id(root, "unit-rh")
    assert "kind-vehicle" in classes(g)
    body = [c for c in g if "body" in classes(c)][0]
    points = [tuple(map(float, p.split(","))) for p in body.get("points").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert max(xs) - min(xs) == pytest.approx(4.5, abs=1e-3)  # facing 90: length along x
    assert max(ys) - min(ys) == pytest.approx(2.75, abs=1e-3)
    front = [c for c in g if "front" in classes(c)][0]
    assert float(front.get("x1")) == pytest.approx(2.25, abs=1e-3)


def test_malicious_name_is_escaped_text():
    svg = board(robotech(EVIL), tabletop_resolution(),
                       odds=Odds("exact", None, {"a1": {"p_hit": 0.5}}))
    assert "<img" not in svg
    assert "&lt;img src=x onerror=alert(1)&gt;" in svg
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag.endswith("img")]
    assert EVIL in [t.text for t in find_all(root, "text")]


def test_characters_xml_cannot_hold_never_break_the_document():
    root = parse(board(robotech("bad\x01name")))
    assert "bad\ufffdname" in [t.text for t in find_all(root, "text")]


def test_tabletop_marks_with_steps_and_roles():
    root = parse(board(robotech(), tabletop_resolution()))
    got = [(sorted(classes(g)), g.get("data-step")) for g in marks(root)]
    assert got == [
        (["mark", "mark-template", "role-aim"], "0"),
        (["mark", "mark-template", "role-final"], "1"),
        (["mark", "mark-scatter"], "1"),
        (["mark", "mark-template", "role-scatter-start"], "2"),
    ]
    aim = marks(root)[0]
    tpl = [c for c in aim if "tpl" in classes(c)][0]
    assert (tpl.get("cx"), tpl.get("cy"), tpl.get("r")) == ("30", "24", "2.5")
    assert [c for c in aim if "hole" in classes(c)]
    arrow = marks(root)[2]
    assert [t.text for t in arrow.iter(NS + "text")] == ['4.2" 3']
    assert arrow.find(NS + "polygon") is not None
    zones = [c for c in marks(root)[3] if "zone" in classes(c)]
    assert sorted(float(z.get("r")) for z in zones) == [0.5, 1.0]


def _direction_numbers(mark: ET.Element) -> dict[str, tuple[float, float]]:
    return {t.text: (float(t.get("x")), float(t.get("y")))
            for t in mark.iter(NS + "text") if "dir" in classes(t)}


@pytest.mark.parametrize(("step", "one_at", "sign", "drawn"), [
    (0, 90.0, 1, "123456"),
    (1, 0.0, -1, "13456"),  # its 2 would stand beside the first template's 2: left out
])
def test_robotech_template_numbers_its_six_directions(step, one_at, sign, drawn):
    root = parse(board(robotech(), tabletop_resolution()))
    mark = [g for g in marks(root) if g.get("data-step") == str(step)][0]
    centre = [c for c in mark if "tpl" in classes(c)][0]
    cx, cy = float(centre.get("cx")), float(centre.get("cy"))
    numbers = _direction_numbers(mark)
    assert sorted(numbers) == list(drawn)
    for k in range(6):
        if str(k + 1) not in numbers:
            continue
        x, y = numbers[str(k + 1)]
        d = direction(one_at + sign * 60 * k)
        assert math.atan2(y - cy, x - cx) == pytest.approx(math.atan2(d.y, d.x), abs=1e-3)


def test_unit_states_follow_the_last_drawn_step():
    scenario, resolution = robotech(), tabletop_resolution()
    full = parse(board(scenario, resolution))
    assert "state-saved" in classes(by_id(full, unit_element_id("b 1")))
    assert by_id(full, unit_element_id("b 1")).get("data-state") == "saved"
    assert "state-dodged" in classes(by_id(full, "unit-b2"))
    one = parse(board(scenario, resolution, upto_step=1))
    assert "state-hit" in classes(by_id(one, unit_element_id("b 1")))
    glyphs = [g for g in by_id(one, unit_element_id("b 1")).iter(NS + "g") if "glyph" in classes(g)]
    assert len(glyphs) == 1
    zero = parse(board(scenario, resolution, upto_step=0))
    assert not [c for c in classes(by_id(zero, unit_element_id("b 1"))) if c.startswith("state-")]


def test_upto_step_zero_omits_later_marks_and_keeps_the_viewbox():
    scenario, resolution = robotech(), tabletop_resolution()
    zero = parse(board(scenario, resolution, upto_step=0))
    assert {g.get("data-step") for g in marks(zero)} == {"0"}
    assert len(marks(zero)) == 1
    full = parse(board(scenario, resolution))
    assert viewbox(zero) == viewbox(full)
    assert {g.get("data-step") for g in marks(full)} == {"0", "1", "2"}


def test_viewbox_grows_to_show_a_marker_off_the_table():
    off = Resolution("heresy", 1, {}, (
        Step("HH-6", "off", (), (scatter((70, 20), (80, 20), 10), template(80, 20, 5, "final"))),
    ), {})
    x, y, w, h = viewbox(parse(board(heresy(), off)))
    assert x + w >= 85


def test_unknown_mark_kinds_are_ignored():
    res = Resolution("robotech", 1, {}, (Step("X", "x", (), ({"kind": "future"},)),), {})
    assert marks(parse(board(robotech(), res))) == []


def test_tabletop_odds_heat_and_labels():
    landing = [{"x": 30 + i * 0.5, "y": 24, "p": p}
               for i, p in enumerate([0.5, 0.2, 0.1, 0.0, 0.2])]
    odds = Odds("exact", None, {"a1": {"p_hit": 0.0}, "b 1": {"p_hit": 0.6234},
                                "b2": {"p_hit": 0.001}, "c1": {"p_hit": 0.999}},
                landing=landing)
    root = parse(board(robotech(), odds=odds))
    layer = by_id(root, "layer-odds")
    heat = [g for g in by_id(root, "layer-floor") if "heat" in classes(g)][0]
    opacities = [float(c.get("fill-opacity")) for c in heat]
    assert len(opacities) == 4 and opacities[0] == max(opacities)
    labels = {t.get("data-for"): t.text for t in layer.iter(NS + "text")}
    assert labels == {"a1": "0%", "b 1": "62%", "b2": "<1%", "c1": ">99%"}


# --------------------------------------------------------------------------- hex maps


def test_hex_map_has_every_hex_with_its_label():
    root = parse(board(battletech()))
    grid = by_id(root, "layer-grid")
    cells = [p for p in grid.iter(NS + "path") if p.get("data-hex")]
    assert len(cells) == 15 * 17
    assert {p.get("data-hex") for p in cells} >= {"0101", "1517", "0908"}
    hidden = hidden_numbers(root)
    numbers = [t for t in grid.iter(NS + "text") if t.text and t.text.isdigit()]
    labels = [t.text for t in numbers if id(t) not in hidden]
    # every number is drawn; shown, all but the few the names are written over (of 1010,
    # whose two units' names stand side by side over it; test_render_labels: no number
    # shown meets a label)
    assert len(numbers) == 15 * 17
    assert set(labels) <= {p.get("data-hex") for p in cells} and "1010" not in labels
    assert len(labels) >= 15 * 17 - 3 and "0101" in labels and "1517" in labels
    x, y, w, h = viewbox(root)
    assert x < 0 and y < 0 and w > HEX * (1.5 * 15 + 0.5) and h > HEX * math.sqrt(3) * 17.5


def test_hex_number_boxes_are_where_the_map_writes_its_numbers():
    """`number_boxes` (what the page keeps a name it moves clear of) holds a box centred on
    every hex number drawn, and only the numbers that meet the box asked about."""
    s = battletech()
    root = parse(board(s))
    drawn = [(float(t.get("x")), float(t.get("y"))) for t in by_id(root, "layer-grid").iter(
        NS + "text") if t.text and t.text.isdigit()]
    x, y, w, h = viewbox(root)
    boxes = number_boxes(s, (x, y, x + w, y + h))
    centres = {(round((b[0] + b[2]) / 2, 2), round((b[1] + b[3]) / 2, 2)) for b in boxes}
    assert len(boxes) == 15 * 17
    assert {(round(cx, 2), round(cy, 2)) for cx, cy in drawn} <= centres
    corner = (0.0, 0.0, 2 * HEX, 2 * HEX)
    near = number_boxes(s, corner)
    assert 0 < len(near) < 8 and all(b[0] < corner[2] and corner[0] < b[2]
                                     and b[1] < corner[3] and corner[1] < b[3] for b in near)


def test_hex_map_terrain_and_sheet_borders():
    root = parse(board(battletech((2, 1))))
    terrain = by_id(root, "layer-terrain")
    water = {p.get("data-hex"): classes(p) for p in terrain.iter(NS + "path")}
    assert "w1" in water["0908"] and "w3" in water["1009"]
    assert [r.get("data-hex") for r in terrain.iter(NS + "rect")] == ["1010"]
    assert "CF 40" in [t.text for t in terrain.iter(NS + "text")]
    sheets = [p for p in find_all(root, "path") if "sheets" in classes(p)]
    assert len(sheets) == 1


def _corner(x: float, y: float) -> tuple[int, int]:
    """A hex corner on the lattice of half a hex wide by half a hex tall (rounding-proof)."""
    return round(x / (HEX / 2)), round(y / (HEX * math.sqrt(3) / 2))


def _drawn_sides(d: str) -> list[frozenset[tuple[int, int]]]:
    """The straight pieces of path data (M, implicit or explicit L, Z), as corner pairs."""
    sides = []
    for body, closed in re.findall(r"M([^MZ]*)(Z?)", d):
        points = [_corner(*map(float, p.split(","))) for p in body.replace("L", " ").split()]
        points += points[:1] if closed else []
        sides += [frozenset(pair) for pair in pairwise(points)]
    return sides


def _border_sides(hexmap: HexMap) -> set[frozenset[tuple[int, int]]]:
    """Every hexside between two sheets or at the map's edge, hex by hex (the side across
    direction d joins corners (d + 4) % 6 and (d + 5) % 6)."""
    sides = set()
    for h in hexmap.all_hexes():
        corners = hex_corners(h, HEX)
        for d in range(6):
            other = neighbor(h, d)
            if not hexmap.contains(other) or (hexmap.sheets_touching(other)
                                              != hexmap.sheets_touching(h)):
                a, b = corners[(d + 4) % 6], corners[(d + 5) % 6]
                sides.add(frozenset((_corner(*a), _corner(*b))))
    return sides


@pytest.mark.parametrize("sheets", [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2)])
def test_sheet_borders_follow_exactly_the_hexsides_between_sheets(sheets):
    scenario = battletech(sheets)
    root = parse(board(scenario))
    [border] = [p for p in find_all(root, "path") if "sheets" in classes(p)]
    drawn = _drawn_sides(border.get("d"))
    assert all(len(side) == 2 for side in drawn)  # each piece is one hexside long
    # where a row seam meets the two zigzags of a seam column, they share a hexside
    crossings = 2 * (sheets[0] - 1) * (sheets[1] - 1)
    assert len(drawn) == len(set(drawn)) + crossings  # nothing else drawn twice
    assert set(drawn) == _border_sides(scenario.board.map)


def test_hex_units_are_tokens_with_facing():
    root = parse(board(battletech()))
    atlas = by_id(root, "unit-atlas")
    assert atlas.get("data-hex") is None and "kind-mech" in classes(atlas)
    assert translate(atlas) == pytest.approx(hex_to_pixel(Hex.from_label("0908"), HEX), abs=1e-3)
    tick = [c for c in atlas if "facing" in classes(c)][0]
    d = direction(60)
    x2, y2 = float(tick.get("x2")), float(tick.get("y2"))
    assert math.atan2(y2, x2) == pytest.approx(math.atan2(d.y, d.x), abs=1e-3)
    tower, hm = by_id(root, "unit-tower"), by_id(root, "unit-hm")
    assert translate(tower) != translate(hm)  # sharing a hex, side by side
    assert "kind-building" in classes(tower)


def test_hex_marks_by_role():
    root = parse(board(battletech(), hex_resolution()))
    found = [(g.get("data-step"), sorted(classes(g)), g.get("data-hex") or g.get("data-hexes"))
             for g in marks(root)]
    assert found[0] == ("0", ["mark", "mark-hex", "role-target"], "0908")
    roles = {(step, next(c for c in cls if c.startswith("role-"))) for step, cls, _ in found}
    assert roles >= {("1", "role-aoe-0"), ("1", "role-aoe-1"), ("1", "role-hit"),
                     ("1", "role-scatter"), ("2", "role-strafe")}
    paths = [f for f in found if "mark-hexpath" in f[1]]
    assert paths == [("1", ["mark", "mark-hexpath", "role-scatter"], "0908 0909 1009")]
    strafe = [f for f in found if "mark-strafe-line" in f[1]]
    assert strafe == [("2", ["mark", "mark-strafe-line", "role-strafe"], "0502 0503 0504")]
    assert "state-hit" in classes(by_id(root, "unit-atlas"))
    assert "state-damaged" in classes(by_id(root, "unit-hm"))


def test_hex_marks_lie_under_the_tokens_and_lines_over_them():
    """A marked hex is a marker on the map: its outline is drawn under the tokens, so a
    unit's name and odds figure read over it (the strafing run's outlines crossed them);
    scatter paths and strafing lines, which the labels keep clear of, stay on top."""
    root = parse(board(battletech(), hex_resolution()))
    floor, over = by_id(root, "layer-floor"), by_id(root, "layer-marks")
    assert {g.get("class").split()[1] for g in floor} == {"mark-hex"}
    assert {g.get("class").split()[1] for g in over} == {"mark-hexpath", "mark-strafe-line"}


def test_strafing_lines_join_only_hexes_next_to_each_other():
    """Two strafing runs in one step are two lines, and a lone hex has none; the lines the
    map draws are the ones its labels keep clear of (both read `strafe_runs`)."""
    marks = [hex_mark(label, "strafe") for label in ("0502", "0503", "0504", "1010", "1210",
                                                     "1211")] + [hex_mark("0505", "hit")]
    assert strafe_runs(marks) == [["0502", "0503", "0504"], ["1210", "1211"]]


def test_hex_upto_step_zero_shows_only_the_target():
    root = parse(board(battletech(), hex_resolution(), upto_step=0))
    assert [g.get("data-hex") for g in marks(root)] == ["0908"]
    assert not [c for c in classes(by_id(root, "unit-atlas")) if c.startswith("state-")]


def test_hex_odds_heat_and_labels():
    odds = Odds("exact", None, {"atlas": {"p_hit": 0.5}, "hm": {"p_hit": 0.25}},
                landing=[{"hex": "0908", "p": 0.5}, {"hex": "0909", "p": 0.25},
                         {"hex": "0910", "p": 0.0}])
    root = parse(board(battletech(), odds=odds))
    heat = {p.get("data-hex"): float(p.get("fill-opacity"))
            for p in by_id(root, "layer-floor").iter(NS + "path")}
    assert set(heat) == {"0908", "0909"} and heat["0908"] > heat["0909"]
    labels = {t.get("data-for"): t.text for t in by_id(root, "layer-odds").iter(NS + "text")}
    assert labels == {"atlas": "50%", "hm": "25%"}


def test_a_fragment_stands_where_its_marker_was_and_a_map_s_grid_is_drawn_once():
    """`Canvas.fragment` puts SVG text made once in its marker's place (a hex map's every
    hex and number, the same in each drawing of a map of that size): drawing the board
    again gives the same text, and an escaped name that spells the marker stays text."""
    canvas = Canvas("robotech", Box(0, 0, 10, 10), 1.0, None, "", Placer(1.0))
    canvas.fragment(canvas.layers["grid"], '<path d="M0,0h1" />')
    canvas.layers["units"].add(canvas.text('<g id="fragment-0" />', 0, 0, "name"))
    root = parse(canvas.tostring())
    assert [p.get("d") for p in by_id(root, "layer-grid")] == ["M0,0h1"]
    assert [t.text for t in by_id(root, "layer-units")] == ['<g id="fragment-0" />']
    scenario = battletech((2, 1))
    assert board(scenario) == board(scenario)


def test_a_layer_s_text_is_found_from_its_tag_to_the_next_layer_s():
    """`layer_span`: the page keeps a hex map's grid it already shows and parses only the
    rest of the board, so the grid's text must be found exactly, whatever the names say
    (escaped, a name cannot spell a layer's tag)."""
    doc = to_dict(battletech((2, 1)))
    doc["units"][0]["name"] = '<g class="layer layer-grid">'
    svg = board(load_dict(doc), hex_resolution())
    span = layer_span(svg, "grid")
    assert span is not None
    start, end = span
    assert svg[start:].startswith('<g class="layer layer-grid"')
    assert svg[end:].startswith('<g class="layer layer-terrain"')
    assert svg.count('<g class="layer layer-grid"') == 1
    grid = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{svg[start:end]}</svg>')
    assert len(by_id(grid, "layer-grid").find(NS + "g")) > 100  # the hexes, whole
    assert layer_span(svg, "marks") is None  # the last layer: no next tag to end it


def test_two_by_two_map_is_small_and_fast():
    scenario, resolution = battletech((2, 2)), hex_resolution()
    svg = board(scenario, resolution)
    assert len(svg.encode()) < 400_000
    root = parse(svg)
    assert len([p for p in by_id(root, "layer-grid").iter(NS + "path")
                if p.get("data-hex")]) == 31 * 34  # a seam column between the sheets
    times = []
    for _ in range(5):
        start = time.perf_counter()
        board(scenario, resolution)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.25  # about 3 ms (17 ms before the grid was kept); generous for CI


# --------------------------------------------------------------------------- files


def _scenario_files() -> list[Path]:
    return sorted((ROOT / "web" / "demos").glob("*.json")) + sorted(
        (ROOT / "tests" / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", _scenario_files(), ids=lambda p: p.name)
def test_every_demo_renders(path):
    scenario = loads(path.read_text(encoding="utf-8"))
    ET.fromstring(board(scenario))
    try:
        resolution = systems.resolve(scenario)
    except NotImplementedYet:
        pytest.skip(f"{scenario.system} rules not implemented yet")
    except IllegalAttack as refused:  # a demo of a prohibition shows the refusal
        assert "refused" in path.stem and refused.clause
        return
    for upto in (None, 0, len(resolution.steps) // 2):
        root = parse(board(scenario, resolution, upto_step=upto))
        assert [g.get("id") for g in root if g.tag == NS + "g"] == LAYER_IDS


# ----------------------------------------------------------------------------- notes


def test_notes_read_paragraphs_lists_and_emphasis():
    from engine.render.notes import Block, Run, blocks

    got = blocks("A **Heavy** *bomb* and `dice`.\nSame paragraph.\n\n- one\n- two _x_\n\n1. first")
    assert got == (
        Block("p", ((Run("A "), Run("Heavy", "strong"), Run(" "), Run("bomb", "em"),
                     Run(" and "), Run("dice", "code"), Run(". Same paragraph.")),)),
        Block("ul", ((Run("one"),), (Run("two "), Run("x", "em")))),
        Block("ol", ((Run("first"),),)),
    )


def test_notes_never_make_markup_of_anything_else():
    from engine.render.notes import Run, blocks

    evil = '<img src=x onerror=alert(1)> 2*3*4 snake_case_name **unclosed'
    (block,) = blocks(evil)
    assert "".join(r.text for r in block.items[0]) == evil
    assert all(r.style == "" for r in block.items[0])
    assert blocks("") == ()
    assert blocks("**a** b")[0].items[0][0] == Run("a", "strong")


# ----------------------------------------------------------------------------- export, key, charts


def _demo(name):
    from pathlib import Path

    from engine import scenario as sc

    return sc.loads((Path(__file__).parents[1] / "web" / "demos" / name).read_text("utf-8"))


def test_export_holds_title_dice_result_key_and_the_board_at_its_aspect():
    import re
    import xml.etree.ElementTree as ET

    from engine import systems
    from engine.render.export import export

    s = _demo("robotech-scatter-onto-friendly.json")
    text = export(s, systems.resolve(s), box=(0, 14, 40, 20))  # the attacker is at (8, 30)
    ET.fromstring(text)  # well-formed
    assert s.title in text and "scripted dice: " + " ".join(map(str, s.dice)) in text
    assert 'scattered 5" onto Spartan: failed to dodge' in text
    assert "where it was aimed" in text
    nested = re.findall(r"<svg [^>]*>", text)[1]
    assert 'viewBox="0 14 40 20"' in nested
    w = float(re.search(r' width="([\d.]+)"', nested).group(1))
    h = float(re.search(r' height="([\d.]+)"', nested).group(1))
    assert w == 2 * h


def test_key_lists_sides_badges_marks_and_the_heat_map_only_with_odds():
    from engine.render.legend import entries
    from engine.words import say

    s = _demo("battletech-bombing-scatter.json")
    words = [say(w) for _, _, w in entries(s, False)]
    assert "side: Davion" in words and "target hex" in words and "hit" in words
    assert not any("likelier" in w for w in words)
    assert any("likelier" in say(w) for _, _, w in entries(s, True))


def test_key_names_the_aim_drawn_before_roll_in_its_blue():
    from engine.render.legend import AIM_BLUE, legend

    for name, words in (("battletech-bombing-scatter.json", "aimed here, before Roll (blue)"),
                        ("robotech-derringer-volley.json", "friendly unit under the aim")):
        key = legend(_demo(name))
        assert words in key and AIM_BLUE in key


def test_chart_bars_carry_the_exact_figures():
    import re

    from engine.render.chart import bar_chart

    text = bar_chart({"2": 0.75, "0": 0.2, "1": 0.05}, "damage", {"1": 0.8, "2": 0.75})
    bars = re.findall(r'<rect class="bar[^"]*" data-p="([^"]+)" data-value="([^"]+)"', text)
    assert bars == [("0.2", "0"), ("0.05", "1"), ("0.75", "2")]
    assert "at least 1: 80%" in text

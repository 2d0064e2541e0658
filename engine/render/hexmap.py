"""BattleTech hex maps: flat-topped hexes of a fixed size, 1 user unit = 1 pixel.

Hex centres come from `engine.hexgrid.hex_to_pixel` (hex 0101's bounding box starts at the
origin). Every hex is one short ``<path data-hex="CCRR">`` (a relative outline after the
east corner) with its label in a separate group, so a 2 x 2 sheet map stays small. Sheet
borders are one path along the hexsides where the sheet changes: the map's outline, a
zigzag along both sides of each seam column (the whole hexes that two sheets laid side by
side make of their edge half-hexes, `engine.hexgrid`) and one along each row where sheets
stacked top to bottom meet, from formulas rather than testing hex by hex. Seam hexes are
shaded, and each sheet shows its letter (the "B" of "B:0108") in its top-left hex.
The hexes and their numbers are the same in every drawing of a map of one size, so they
are made into SVG text once (`_hexes`, `_number_texts`) and spliced into each drawing
(`Canvas.fragment`): every Step draws the board again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise

import svgwrite

from engine.geometry import direction
from engine.hexgrid import SQRT3, Hex, HexMap, distance, hex_to_pixel, to_label
from engine.log import Mark, Step
from engine.names import shown_names
from engine.odds import Odds
from engine.render.common import (
    Box,
    Canvas,
    heat_opacity,
    marks_of,
    num,
    pct_label,
    serialised,
    side_numbers,
    stylesheet,
)
from engine.render.labels import Bounds, Label, Placer
from engine.render.oddswords import badge_chance
from engine.scenario import Scenario
from engine.scenario.battletech import Terrain
from engine.words import msg

HEX = 30.0
"""Hex circumradius in pixels (user units)."""
PX_PER_UNIT = 1.0
"""Default pixel size of a user unit when `board` is given no `size`."""
MARGIN = 6.0
TOKEN_RADIUS = HEX * 0.42
"""The radius of a unit's token alone in its hex (units sharing a hex are smaller)."""

Corner = tuple[float, float]
"""A hex corner in pixels."""

_HALF_H = HEX * SQRT3 / 2
_OUTLINE = (f"l{num(-HEX / 2, 2)},{num(_HALF_H, 2)}h{num(-HEX, 2)}"
            f"l{num(-HEX / 2, 2)},{num(-_HALF_H, 2)} {num(HEX / 2, 2)},{num(-_HALF_H, 2)}"
            f"h{num(HEX, 2)}z")
"""A hex outline relative to its east corner."""

KIND_LETTERS = {kind: msg(f"render.kind.{kind}") for kind in ("mech", "vehicle", "infantry",
                                                               "building")}
"""The letter on a token: its unit type (M, V, I, B; メ, 車, 歩, 建)."""
SIZES = {"s1": 0.6, "s2": 1.2, "s3": 2.4, "s4": 3.6, "f1": 10.0, "fn": 10.0, "fl": 10.0, "fg": 8.0,
         "fs": 24.0, "d1": 3.0, "d2": 7.0}
_LABEL_DY = _HALF_H - SIZES["fl"] * 0.8
"""How far above its hex's centre a label sits (just inside the top side)."""

CSS = """
.hexes path{fill:#f4f1e8;stroke:#9b9584;stroke-width:$s1}
.hexes path.seam{fill:#e4dfd0}
.sheetname{font-size:$fs;fill:#3d3a33;fill-opacity:.35;font-weight:bold;pointer-events:none}
.hexlabels{font-size:$fl;fill:#6b665a;pointer-events:none}
.sheets{fill:none;stroke:#3d3a33;stroke-width:$s3;stroke-linejoin:round}
.water{stroke:none;fill:#56B4E9}
.w1{fill-opacity:.35}.w2{fill-opacity:.6;fill:#0072B2}.w3{fill-opacity:.85;fill:#0072B2}
.bldg{fill:#8c7b6b;stroke:#3d3a33;stroke-width:$s2}
.cf{font-size:$fl;fill:#fff;font-weight:bold}
.unit .facing{stroke:#000;stroke-width:$s4;stroke-linecap:round}
.unit .kindmark{font-size:$f1;font-weight:bold;fill:#000}
.mark-hex .hl{fill:none;stroke:#000;stroke-width:$s3}
.role-target .hl{stroke-dasharray:$d2;stroke-width:$s4}
.role-target .aim{fill:none;stroke:#000;stroke-width:$s2}
.role-hit .hl{fill:#D55E00;fill-opacity:.3}
.role-scatter .hl{fill:#000;fill-opacity:.12;stroke-dasharray:$d1}
.role-aoe-0 .hl{fill:#E69F00;fill-opacity:.45}
.role-aoe-1 .hl{fill:#E69F00;fill-opacity:.3}
.role-aoe-2 .hl{fill:#E69F00;fill-opacity:.18}
.role-strafe .hl{fill:#CC79A7;fill-opacity:.3}
.mark .path{fill:none;stroke:#000;stroke-width:$s3;stroke-linejoin:round}
.mark-strafe-line .path{stroke:#CC79A7;stroke-width:$s4}
.mark .start{fill:#000}
"""


def _parse(label: object) -> Hex | None:
    """The hex of a label from a mark or the odds; None for a label that is not one."""
    try:
        return Hex.from_label(str(label))
    except ValueError:
        return None


def _map_box(hexmap: HexMap) -> tuple[float, float]:
    """Width and height in pixels of the map's bounding box."""
    return HEX * (1.5 * hexmap.cols + 0.5), HEX * SQRT3 * (hexmap.rows + 0.5)


def _labels_of(m: Mark) -> list[object]:
    """The hex labels a hex or hexpath mark names."""
    if m.get("kind") == "hex":
        return [m.get("hex")]
    return list(m.get("hexes") or []) if m.get("kind") == "hexpath" else []


def viewbox(scenario: Scenario, marks: list[Mark]) -> Box:
    """The map plus a small margin, grown to hold marked hexes that lie off the map."""
    w, h = _map_box(scenario.board.map)
    xs, ys = [0.0, w], [0.0, h]
    for hx in filter(None, (_parse(label) for m in marks for label in _labels_of(m))):
        cx, cy = hex_to_pixel(hx, HEX)
        xs += [cx - HEX, cx + HEX]
        ys += [cy - _HALF_H, cy + _HALF_H]
    x0, y0 = min(xs) - MARGIN, min(ys) - MARGIN
    return Box(x0, y0, max(xs) + MARGIN - x0, max(ys) + MARGIN - y0)


def css(scenario: Scenario) -> str:
    """The embedded stylesheet for hex maps."""
    return stylesheet(CSS, SIZES, len(side_numbers(scenario.units)))


def _outline(h: Hex) -> str:
    """Path data of one hex."""
    cx, cy = hex_to_pixel(h, HEX)
    return f"M{num(cx + HEX, 2)},{num(cy, 2)}{_OUTLINE}"


def _row_seam(row: int, cols: int) -> list[Corner]:
    """Corners, west to east, of the hexsides along the top of 0-based `row` (the bottom
    of the map when `row` is the number of rows): each column's top side, joined by the
    slanted sides between a column and the half-hex lower or higher next one."""
    corners = []
    for col in range(cols):
        x, y = HEX * (0.5 + 1.5 * col), (2 * row + (col & 1)) * _HALF_H
        corners += [(x, y), (x + HEX, y)]
    return corners


def _column_seam(col: int, first: int, last: int) -> list[Corner]:
    """Corners, north to south, of the zigzag of hexsides along the west of 0-based
    column `col` (the east of the map when `col` is the number of columns), from
    y = `first` to y = `last` half hex heights: a hex's west corner sits at
    x = 1.5 HEX col, its top-left and bottom-left corners HEX / 2 further east."""
    x = 1.5 * HEX * col
    return [(x + HEX / 2 if (k + col) % 2 == 0 else x, k * _HALF_H)
            for k in range(first, last + 1)]


def _polyline(corners: list[Corner], closed: bool = False) -> str:
    """Path data of one subpath through `corners`."""
    points = " ".join(f"{num(x, 1)},{num(y, 1)}" for x, y in corners)
    return f"M{points}{'Z' if closed else ''}"


@lru_cache(maxsize=4)
def _sheet_borders(hexmap: HexMap) -> str:
    """Path data along every hexside between two sheets or at the map's edge: the map's
    outline as one closed subpath, then one seam across the whole map per inner sheet edge
    (ending where it meets the outline; crossing seams share one hexside)."""
    cols, rows = hexmap.cols, hexmap.rows
    low = (cols - 1) & 1  # an odd 0-based last column sits half a hex lower
    top, bottom = _row_seam(0, cols), _row_seam(rows, cols)
    west, east = _column_seam(0, 0, 2 * rows), _column_seam(cols, low, 2 * rows + low)
    outline = top + east[1:] + bottom[::-1][1:] + west[::-1][1:-1]
    seams = [_row_seam(row, cols) for row in range(hexmap.SHEET_ROWS, rows, hexmap.SHEET_ROWS)]
    seams += [_column_seam(col + side, 1, 2 * rows) for side in (0, 1)
              for col in range(hexmap.SHEET_COLS, cols, hexmap.PITCH)]
    return _polyline(outline, closed=True) + "".join(map(_polyline, seams))


def _centre_ys(hexmap: HexMap) -> list[list[float]]:
    """The y of every row's hex centre, for even and for odd columns: a hex's y depends
    only on its row and whether its column is odd, so coordinates are formatted once per
    column and once per row for each parity."""
    return [[hex_to_pixel(Hex.from_offset(odd, row), HEX)[1] for row in range(hexmap.rows)]
            for odd in (0, 1)]


@lru_cache(maxsize=4)
def _hexes(hexmap: HexMap) -> str:
    """Every hex's ``<path data-hex>`` in ``g.hexes``, column by column, as SVG text. It
    is the same in every drawing of a map of this size, so it is made once (a memo of
    this pure function: a 6 x 5 sheet map has 8,075 hexes, and every Step draws the
    board again)."""
    dwg = svgwrite.Drawing(profile="full", debug=False)
    hexes = dwg.g(class_="hexes")
    path = dwg.path  # one element builder, not one per hex
    path_y = [[num(y, 2) for y in ys] for ys in _centre_ys(hexmap)]
    for col in range(hexmap.cols):
        cx = hex_to_pixel(Hex.from_offset(col, 0), HEX)[0]
        east, odd = num(cx + HEX, 2), col & 1
        seam = {"class_": "seam"} if hexmap.is_seam(Hex.from_offset(col, 0)) else {}
        for row in range(hexmap.rows):
            label = to_label(Hex.from_offset(col, row))
            hexes.add(path(d=f"M{east},{path_y[odd][row]}{_OUTLINE}", **{"data-hex": label},
                           **seam))
    return serialised(hexes)


@lru_cache(maxsize=4)
def _number_texts(hexmap: HexMap) -> tuple[tuple[tuple[int, int], str], ...]:
    """Every hex's number as SVG text, by its (column, row), column by column: made once
    per map size, as `_hexes`."""
    dwg = svgwrite.Drawing(profile="full", debug=False)
    label_y = [[num(y - _LABEL_DY) for y in column] for column in _centre_ys(hexmap)]
    out = []
    for col, cx, boxes in _numbers(hexmap):
        x = num(cx)
        for row, _ in boxes:
            element = dwg.text(to_label(Hex.from_offset(col, row)))  # digits only
            element["x"], element["y"] = x, label_y[col & 1][row]
            out.append(((col, row), serialised(element)))
    return tuple(out)


def finish(canvas: Canvas, scenario: Scenario) -> None:
    """Every hex's number in ``g.hexlabels``, column by column; those a label placed on
    the board (a name, an odds figure) would cover are hidden by a rule of their own
    (`hidden_numbers`), so the labels stay readable (the hex is in the unit's fields,
    tooltip and summary). The map's layer is then the same text in every drawing of the
    map, whatever its labels cover, so the page keeps it from one drawing to the next
    (web/page/redraw.py) instead of parsing and laying out its thousands of hexes again."""
    hexmap = scenario.board.map
    covered = {(col, row) for box in canvas.placer.placed()
               for col, _, boxes in _numbers(hexmap, box) for row, _ in boxes}
    numbers = _number_texts(hexmap)
    labels = canvas.layers["grid"].add(canvas.dwg.g(class_="hexlabels"))
    canvas.fragment(labels, "".join(xml for _, xml in numbers))
    hidden = [k for k, (hex_, _) in enumerate(numbers, 1) if hex_ in covered]
    if hidden:
        canvas.dwg.add(canvas.dwg.style(hidden_numbers(hidden)))


def hidden_numbers(positions: list[int]) -> str:
    """The rule that hides the hex numbers at these positions (from 1) in ``g.hexlabels``."""
    return ",".join(f".hexlabels>text:nth-child({k})" for k in positions) + "{display:none}"


def _numbers(hexmap: HexMap, within: Bounds | None = None
             ) -> Iterator[tuple[int, float, list[tuple[int, Bounds]]]]:
    """Column by column, the x of its hexes' centres and the box of each hex's number by
    its row; only the numbers that meet the box `within` when given (share some area
    with it, as `engine.render.labels.overlap` says)."""
    ys = _centre_ys(hexmap)
    half_w, half_h = Label(0, 0, 0, "0000", SIZES["fl"]).width() / 2, 0.6 * SIZES["fl"]
    for col in range(hexmap.cols):
        cx = hex_to_pixel(Hex.from_offset(col, 0), HEX)[0]
        if within is not None and not (within[0] < cx + half_w and cx - half_w < within[2]):
            continue
        boxes = [(row, (cx - half_w, y - half_h, cx + half_w, y + half_h))
                 for row, y in enumerate(cy - _LABEL_DY for cy in ys[col & 1])]
        yield col, cx, [(row, box) for row, box in boxes
                        if within is None or within[1] < box[3] and box[1] < within[3]]


def number_boxes(scenario: Scenario, within: Bounds) -> list[Bounds]:
    """Where the hex numbers of the map that meet the box `within` are written (shown, or
    hidden for a label): what the page keeps a name it moves clear of."""
    return [box for _, _, boxes in _numbers(scenario.board.map, within) for _, box in boxes]


def _sheet_names(hexmap: HexMap) -> list[tuple[float, float, str]]:
    """Each sheet's letter in its top-left hex, (x, y, letter), on a map of two or more."""
    if hexmap.sheets_wide * hexmap.sheets_tall == 1:
        return []
    out = []
    for sx in range(hexmap.sheets_wide):
        for sy in range(hexmap.sheets_tall):
            cx, cy = hex_to_pixel(Hex.from_offset(sx * hexmap.PITCH + 1,
                                                  sy * hexmap.SHEET_ROWS + 1), HEX)
            out.append((cx, cy, hexmap.sheet_name((sx, sy))))
    return out


def draw_board(canvas: Canvas, scenario: Scenario) -> None:
    """Every hex's outline (its number comes last, once every label is placed: `finish`),
    the sheet borders, water and buildings."""
    hexmap = scenario.board.map
    canvas.fragment(canvas.layers["grid"], _hexes(hexmap))
    canvas.layers["grid"].add(canvas.dwg.path(d=_sheet_borders(hexmap), class_="sheets"))
    for cx, cy, name in _sheet_names(hexmap):
        canvas.layers["grid"].add(canvas.text(name, cx, cy, "sheetname"))
    for h, terrain in sorted(scenario.board.terrain.items()):
        _draw_terrain(canvas, h, terrain)


def _draw_terrain(canvas: Canvas, h: Hex, terrain: Terrain) -> None:
    """Water shaded by depth (1, 2, 3+) and a building block with its CF."""
    dwg, layer, label = canvas.dwg, canvas.layers["terrain"], to_label(h)
    if terrain.water:
        layer.add(dwg.path(d=_outline(h), class_=f"water w{min(terrain.water, 3)}",
                           **{"data-hex": label, "data-depth": str(terrain.water)}))
    if terrain.building_cf is not None:
        cx, cy = hex_to_pixel(h, HEX)
        side = HEX * 0.9
        layer.add(dwg.rect((num(cx - side / 2), num(cy - side / 2 + 4)), (num(side), num(side)),
                           class_="bldg", **{"data-hex": label}))
        layer.add(canvas.text(f"CF {terrain.building_cf}", cx, cy + 4, "cf"))


def _token_places(scenario: Scenario) -> dict[str, tuple[float, float, float]]:
    """Centre and radius of every unit's token; units sharing a hex sit side by side."""
    by_hex: dict[Hex, list[str]] = defaultdict(list)
    for unit in scenario.units:
        by_hex[unit.hex].append(unit.id)
    places = {}
    for h, ids in by_hex.items():
        cx, cy = hex_to_pixel(h, HEX)
        r = TOKEN_RADIUS if len(ids) == 1 else HEX * 0.34
        for i, uid in enumerate(ids):
            if len(ids) == 1:
                places[uid] = (cx, cy, r)
                continue
            d = direction(270 + 360 * i / len(ids))
            places[uid] = (cx + d.x * HEX * 0.4, cy + d.y * HEX * 0.4, r)
    return places


def placer(scenario: Scenario, marks: Sequence[Mark]) -> Placer:
    """What the map's labels keep clear of: every token, building and its CF, each
    sheet's letter, and the lines drawn over the units (scatter paths, strafing runs);
    hex numbers give way to the labels instead (`finish`)."""
    out = Placer(2 * HEX)
    for points in _lines(marks):
        for (x0, y0), (x1, y1) in pairwise(points):
            out.line(x0, y0, x1, y1)
    for uid, (x, y, r) in _token_places(scenario).items():
        out.block((x - r, y - r, x + r, y + r), uid)
    hexmap = scenario.board.map
    for cx, cy, name in _sheet_names(hexmap):
        out.block(Label(cx, cy, 0.0, name, SIZES["fs"]).box(0.0, 0.0))
    for h, terrain in scenario.board.terrain.items():
        if terrain.building_cf is not None:
            cx, cy = hex_to_pixel(h, HEX)
            side = HEX * 0.9
            out.block((cx - side / 2, cy - side / 2 + 4, cx + side / 2, cy + side / 2 + 4))
    return out


def draw_units(canvas: Canvas, scenario: Scenario, states: dict[str, str]) -> None:
    """Every unit as a token of its side's colour, with a facing tick, its type letter,
    its name (as shown: `engine.names`) and its state badge."""
    dwg = canvas.dwg
    sides = side_numbers(scenario.units)
    names = shown_names(scenario.units)
    places = _token_places(scenario)
    for unit in scenario.units:
        x, y, r = places[unit.id]
        state = states.get(unit.id)
        group = canvas.unit_group(unit, names[unit.id], sides[unit.side], unit.type, state,
                                  (x, y))
        if unit.type == "building":
            group.add(dwg.rect((num(-r), num(-r)), (num(2 * r), num(2 * r)), class_="body"))
        else:
            group.add(dwg.circle((0, 0), num(r), class_="body"))
            tip = direction(60 * unit.facing)
            group.add(dwg.line((num(tip.x * r * 0.5), num(tip.y * r * 0.5)),
                               (num(tip.x * (r + 4)), num(tip.y * (r + 4))), class_="facing"))
        group.add(canvas.text(KIND_LETTERS.get(unit.type, "?"), 0, 0, "kindmark"))
        canvas.label(group, Label(x, y, r, names[unit.id], SIZES["fn"]), "name", unit.id,
                     relative=True)
        away = direction(60 * unit.facing + 180)  # opposite the facing tick
        canvas.glyph(group, state, away.x * r * 0.8, away.y * r * 0.8, SIZES["fg"] * 0.7)


def _centre(label: object) -> tuple[float, float] | None:
    """Pixel centre of a labelled hex, or None."""
    h = _parse(label)
    return None if h is None else hex_to_pixel(h, HEX)


def _lines(marks: Sequence[Mark]) -> list[list[tuple[float, float]]]:
    """The hex centres every line of these marks joins: each scatter path, and each
    strafing line (`strafe_runs`, as `draw_step` draws them)."""
    paths = [list(m.get("hexes") or []) for m in marks if m.get("kind") == "hexpath"]
    out = [[c for c in map(_centre, labels) if c is not None]
           for labels in paths + strafe_runs(marks)]
    return [points for points in out if len(points) >= 2]


def strafe_runs(marks: Iterable[Mark]) -> list[list[str]]:
    """The strafed hexes of these marks (BT-STRAFE), in order, as the lines that join
    them: one line per run of hexes each next to the one before; a run of one hex has
    no line."""
    runs: list[list[Hex]] = []
    for m in marks:
        h = _parse(m.get("hex")) if m.get("kind") == "hex" and m.get("role") == "strafe" else None
        if h is None:
            continue
        if runs and distance(runs[-1][-1], h) == 1:
            runs[-1].append(h)
        else:
            runs.append([h])
    return [[to_label(h) for h in run] for run in runs if len(run) >= 2]


def _hex_mark(canvas: Canvas, index: int | str, m: Mark) -> None:
    """One highlighted hex (target, hit, scatter, area-of-effect ring, strafe), on the
    floor: under the tokens, so their names and odds figures read over its outline."""
    h = _parse(m.get("hex"))
    if h is None:
        return
    group = canvas.mark("hex", m.get("role"), index, "floor", **{"data-hex": to_label(h)})
    group.add(canvas.dwg.path(d=_outline(h), class_="hl"))
    if m.get("role") == "target":
        cx, cy = hex_to_pixel(h, HEX)
        group.add(canvas.dwg.circle((num(cx), num(cy)), num(HEX * 0.6), class_="aim"))


def _line(canvas: Canvas, kind: str, role: object, index: int | str,
          labels: Sequence[object]) -> None:
    """A line through hex centres, a dot at the start and an arrow head at the end."""
    points = [c for c in map(_centre, labels) if c is not None]
    if len(points) < 2:
        return
    group = canvas.mark(kind, role, index,
                        **{"data-hexes": " ".join(str(label) for label in labels)})
    group.add(canvas.dwg.polyline([(num(x), num(y)) for x, y in points], class_="path"))
    group.add(canvas.dwg.circle((num(points[0][0]), num(points[0][1])), 4, class_="start"))
    canvas.arrow_head(group, points[-2], points[-1], HEX * 0.5)


def draw_step(canvas: Canvas, scenario: Scenario, index: int | str, step: Step) -> None:
    """The hexes and paths of one step, and the strafing lines joining its strafed hexes
    (`strafe_runs`)."""
    for m in marks_of(step, "hex"):
        _hex_mark(canvas, index, m)
    for m in marks_of(step, "hexpath"):
        _line(canvas, "hexpath", m.get("role", "scatter"), index, m.get("hexes") or [])
    for run in strafe_runs(step.marks):
        _line(canvas, "strafe-line", "strafe", index, run)


def draw_odds(canvas: Canvas, scenario: Scenario, odds: Odds) -> None:
    """Where the marker lands (hexes shaded by probability, on the floor under the
    tokens) and each unit's chance of being hit."""
    layer = canvas.layers["odds"]
    cells = [(h, float(c["p"])) for c in odds.landing
             if "hex" in c and (h := _parse(c["hex"])) is not None and float(c["p"]) > 0]
    if cells:
        heat = canvas.layers["floor"].add(canvas.dwg.g(class_="heat"))
        top = max(p for _, p in cells)
        for h, p in cells:
            heat.add(canvas.dwg.path(d=_outline(h), fill_opacity=heat_opacity(p, top),
                                     **{"data-hex": to_label(h), "data-p": num(p, 4)}))
    places = _token_places(scenario)
    for unit in scenario.units:
        figures = odds.units.get(unit.id)
        chance = badge_chance(scenario.system, figures) if figures else None
        if chance is not None:
            x, y, r = places[unit.id]
            canvas.label(layer, Label(x, y, r, pct_label(chance), SIZES["f1"], bold=True),
                         "odds-label", unit.id, **{"data-for": unit.id})

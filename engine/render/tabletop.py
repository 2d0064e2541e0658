"""Tabletop boards (Robotech, Heresy): the table at true scale, 1 user unit = 1 inch.

The viewBox origin is the table's top-left corner (x right, y down, as the scenario); a
margin around the table holds the ruler, names near the edges and any marker that
scattered off the table. Bases are circles of their diameter, vehicle hulls rotated
rectangles with a white bar on the front edge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from svgwrite.container import Group

from engine.build.reach import RangeLine
from engine.geometry import Point, Rect, base_radius_in, direction
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
    side_numbers,
    stylesheet,
)
from engine.render.labels import Label, Placer, overlap, text_width
from engine.render.oddswords import badge_chance
from engine.scenario import Scenario, heresy, robotech
from engine.words import msg

PX_PER_UNIT = 16.0
"""Default pixel size of an inch when `board` is given no `size`."""

CSS = """
.table{fill:#f4f1e8;stroke:#555;stroke-width:$s2}
.g1{fill:none;stroke:#000;stroke-opacity:.12;stroke-width:$s1}
.g6{fill:none;stroke:#000;stroke-opacity:.35;stroke-width:$s2}
.ruler{font-size:$fr;fill:#777}
.terrain{fill:#9a9382;fill-opacity:.6;stroke:#5b564b;stroke-width:$s3;stroke-linejoin:round}
.unit .front{stroke:#fff;stroke-width:$s4;stroke-linecap:round}
.unit .struct{fill:none;stroke:#fff;stroke-width:$s2}
.mark .tpl{fill:none;stroke:#000;stroke-width:$s3}
.role-final .tpl{fill:#000;fill-opacity:.07}
.role-aim .tpl{stroke-dasharray:$d2}
.role-scatter-start .tpl{stroke-dasharray:$d1;stroke-width:$s2}
.mark .zone{fill:none;stroke:#000;stroke-width:$s1;stroke-dasharray:$d1}
.mark .hole{fill:#fff;stroke:#000;stroke-width:$s1}
.mark .dirs{stroke:#000;stroke-width:$s1}
.mark .dir{font-size:$f1;font-weight:bold}
.mark-scatter .shaft{stroke:#000;stroke-width:$s3}
.reach{stroke:#1d4ed8;stroke-width:$s3;stroke-dasharray:$d1}
.reach.beyond{stroke:#c00;stroke-width:$s4;stroke-dasharray:none}
.reach-label{font-size:$fg;fill:#c00;paint-order:stroke;stroke:#fff;stroke-width:$s3}
.aim-handle{fill:#1d4ed8;fill-opacity:.2;stroke:#1d4ed8;stroke-width:$s2;
 pointer-events:all;cursor:move}
"""


def _sizes(scenario: Scenario) -> dict[str, float]:
    """Stroke (s), font (f) and dash (d) sizes in inches, growing with the table."""
    t = scenario.board.table
    s = max(t.width, t.height) / 900
    f = max(t.width, t.height) / 80
    return {"s1": s / 2, "s2": s, "s3": 2 * s, "s4": 3 * s, "f1": f, "fn": f, "fr": f,
            "fg": 0.6 * f, "d1": 3 * s, "d2": 8 * s}


def font_size(scenario: Scenario) -> float:
    """The labels' font size on this table, in inches."""
    return _sizes(scenario)["f1"]


def viewbox(scenario: Scenario, marks: list[Mark]) -> Box:
    """The table plus a margin, grown to hold every template and scatter arrow."""
    t = scenario.board.table
    margin = 2.5 * _sizes(scenario)["f1"]
    xs, ys = [0.0, t.width], [0.0, t.height]
    for m in marks:
        if m.get("kind") == "template":
            r = float(m["radius"])
            xs += [float(m["x"]) - r, float(m["x"]) + r]
            ys += [float(m["y"]) - r, float(m["y"]) + r]
        elif m.get("kind") == "scatter":
            xs += [float(m["from"][0]), float(m["to"][0])]
            ys += [float(m["from"][1]), float(m["to"][1])]
    x0, y0 = math.floor(min(xs) - margin), math.floor(min(ys) - margin)
    x1, y1 = math.ceil(max(xs) + margin), math.ceil(max(ys) + margin)
    return Box(x0, y0, x1 - x0, y1 - y0)


def css(scenario: Scenario) -> str:
    """The embedded stylesheet for this table."""
    return stylesheet(CSS, _sizes(scenario), len(side_numbers(scenario.units)))


def _grid_path(width: float, height: float, every: int, skip: int | None) -> str:
    """Path data for the grid lines every `every` inches inside the table, without the
    multiples of `skip`."""
    keep = [v for v in range(every, math.ceil(width), every) if not skip or v % skip]
    d = [f"M{v},0V{num(height)}" for v in keep]
    keep = [v for v in range(every, math.ceil(height), every) if not skip or v % skip]
    d += [f"M0,{v}H{num(width)}" for v in keep]
    return "".join(d)


def _ruler(scenario: Scenario) -> list[tuple[int, float, float]]:
    """The ruler's numbers, every 6" along the top and left edges: (inches, x, y)."""
    t, gap = scenario.board.table, 0.8 * _sizes(scenario)["f1"]
    return ([(v, float(v), -gap) for v in range(6, math.floor(t.width) + 1, 6)]
            + [(v, -gap, float(v)) for v in range(6, math.floor(t.height) + 1, 6)])


def _direction_places(m: Mark) -> list[tuple[str, float, float]]:
    """The Robotech template's six numbered directions, 1 at bearing ``one_at``:
    (number, x, y) of each."""
    if m.get("one_at") is None:
        return []
    x, y, r = float(m["x"]), float(m["y"]), float(m["radius"])
    sign = -1 if m.get("winding") == "counter-clockwise" else 1
    out = []
    for k in range(6):
        d = direction(float(m["one_at"]) + sign * 60 * k)
        out.append((str(k + 1), x + d.x * r * 0.68, y + d.y * r * 0.68))
    return out


def placer(scenario: Scenario, marks: Sequence[Mark]) -> Placer:
    """What the board's labels keep clear of: every unit's body, the ruler, and every
    template of the whole resolution (its outline, zones and direction numbers)."""
    f = _sizes(scenario)["f1"]
    out = Placer(4 * f)
    for unit in scenario.units:
        r = _reach(unit)
        out.block((unit.x - r, unit.y - r, unit.x + r, unit.y + r), unit.id)
    fixed = [(str(v), x, y, _sizes(scenario)["fr"]) for v, x, y in _ruler(scenario)]
    for m in marks:
        if m.get("kind") == "template":
            x, y, r = float(m["x"]), float(m["y"]), float(m["radius"])
            out.ring(x, y, r)
            for z in m.get("zones") or ():
                out.ring(x, y, float(z))
            fixed += [(n, dx, dy, f) for n, dx, dy in _direction_places(m)]
    for text, x, y, size in fixed:
        out.block(Label(x, y, 0.0, text, size, bold=True).box(0.0, 0.0))
    return out


def draw_board(canvas: Canvas, scenario: Scenario) -> None:
    """The table, its 1" and 6" grid, a ruler every 6", and (Robotech) terrain."""
    dwg, t = canvas.dwg, scenario.board.table
    grid = canvas.layers["grid"]
    grid.add(dwg.rect((0, 0), (num(t.width), num(t.height)), class_="table"))
    for every, skip, cls in ((1, 6, "g1"), (6, None, "g6")):
        d = _grid_path(t.width, t.height, every, skip)
        if d:
            grid.add(dwg.path(d=d, class_=cls))
    for v, x, y in _ruler(scenario):
        grid.add(canvas.text(str(v), x, y, "ruler"))
    for points in getattr(scenario.board, "terrain", ()):
        shape = dwg.polyline if len(points) == 2 else dwg.polygon
        canvas.layers["terrain"].add(
            shape([(num(x), num(y)) for x, y in points], class_="terrain"))


TableUnit = robotech.Unit | heresy.Model
"""A unit on a tabletop board."""


def _kind(unit: TableUnit) -> str:
    """The unit's kind class: Robotech mecha/structure, Heresy model/vehicle."""
    if isinstance(unit, robotech.Unit):
        return unit.kind
    return "vehicle" if unit.hull is not None else "model"


def _reach(unit: TableUnit) -> float:
    """How far the unit's outline reaches from its centre, for placing labels."""
    if isinstance(unit, heresy.Model) and unit.hull is not None:
        return max(unit.hull.w, unit.hull.h) / 2
    return base_radius_in(unit.base_mm)


def _draw_body(canvas: Canvas, group: Group, unit: TableUnit, kind: str) -> None:
    """A round base at its diameter, or a vehicle hull with its front edge marked."""
    dwg = canvas.dwg
    hull = unit.hull if isinstance(unit, heresy.Model) else None
    if hull is not None:
        corners = Rect(Point(0, 0), hull.w, hull.h, hull.facing).corners()
        group.add(dwg.polygon([(num(c.x), num(c.y)) for c in corners], class_="body"))
        fl, fr = corners[0], corners[1]
        group.add(dwg.line((num(fl.x), num(fl.y)), (num(fr.x), num(fr.y)), class_="front"))
        return
    r = base_radius_in(unit.base_mm)
    group.add(dwg.circle((0, 0), num(r), class_="body"))
    if kind == "structure":
        half = r * 0.5
        group.add(dwg.rect((num(-half), num(-half)), (num(2 * half), num(2 * half)),
                           class_="struct"))


def draw_units(canvas: Canvas, scenario: Scenario, states: dict[str, str]) -> None:
    """Every unit: body, name below (as shown: with its id where two units share the
    name, as the result, the odds and Best aim name it), state badge at the upper right."""
    sides = side_numbers(scenario.units)
    names = shown_names(scenario.units)
    f = _sizes(scenario)["f1"]
    for unit in scenario.units:
        kind = _kind(unit)
        state = states.get(unit.id)
        group = canvas.unit_group(unit, names[unit.id], sides[unit.side], kind, state,
                                  (unit.x, unit.y))
        _draw_body(canvas, group, unit, kind)
        reach = _reach(unit)
        canvas.label(group, Label(unit.x, unit.y, reach, names[unit.id], f), "name", unit.id,
                     relative=True)
        canvas.glyph(group, state, reach * 0.71, -reach * 0.71, 0.4 * f)


def _directions(canvas: Canvas, group: Group, m: Mark, hole: float, f: float) -> None:
    """The Robotech template's six numbered directions, 1 at bearing ``one_at``; a number
    that would stand on one an earlier template drew, or beside it within two digits' width,
    is left out (its spoke stays), so two templates' 6 and 5 never read as 65, nor a 1
    and a 4 on either side of a scatter arrow as 14."""
    x, y, r = float(m["x"]), float(m["y"]), float(m["radius"])
    gap = text_width("00", f, bold=True)
    spokes = []
    for number, px, py in _direction_places(m):
        dx, dy = (px - x) / (r * 0.68), (py - y) / (r * 0.68)
        spokes.append(f"M{num(x + dx * hole)},{num(y + dy * hole)}"
                      f"L{num(x + dx * r * 0.45)},{num(y + dy * r * 0.45)}")
        box = Label(px, py, 0.0, number, f, bold=True).box(0.0, 0.0)
        beside = (box[0] - gap, box[1], box[2] + gap, box[3])
        if any(overlap(beside, drawn) for drawn in canvas.numbers):
            continue
        canvas.numbers.append(box)
        group.add(canvas.text(number, px, py, "dir"))
    group.add(canvas.dwg.path(d="".join(spokes), class_="dirs"))


def _template(canvas: Canvas, step: int | str, m: Mark, f: float) -> None:
    """A blast marker: outline, Mega-blast zones, Robotech directions, centre hole, label."""
    dwg = canvas.dwg
    x, y, r = float(m["x"]), float(m["y"]), float(m["radius"])
    group = canvas.mark("template", m.get("role"), step)
    centre = (num(x), num(y))
    group.add(dwg.circle(centre, num(r), class_="tpl"))
    for z in m.get("zones") or ():
        if float(z) < r:
            group.add(dwg.circle(centre, num(float(z)), class_="zone"))
    hole = min(0.1, r / 5)
    if m.get("one_at") is not None:
        _directions(canvas, group, m, hole, f)
    group.add(dwg.circle(centre, num(hole), class_="hole"))
    if m.get("label"):
        canvas.label(group, Label(x, y, r, canvas.say(m["label"]), f, bold=True), "tlabel")


def _scatter(canvas: Canvas, step: int | str, m: Mark, f: float) -> None:
    """A scatter arrow with its distance (and label) beside the shaft."""
    (x0, y0), (x1, y1) = (float(v) for v in m["from"]), (float(v) for v in m["to"])
    group = canvas.mark("scatter", m.get("role"), step)
    length = math.hypot(x1 - x0, y1 - y0)
    if length > 1e-9:
        group.add(canvas.dwg.line((num(x0), num(y0)), (num(x1), num(y1)), class_="shaft"))
        canvas.arrow_head(group, (x0, y0), (x1, y1), 0.8 * f)
    distance = m.get("distance")
    text = f'{num(float(length if distance is None else distance), 2)}"'
    if m.get("label"):
        text += f" {canvas.say(m['label'])}"
    canvas.label(group, Label((x0 + x1) / 2, (y0 + y1) / 2, 0.2 * f, text, f, bold=True),
                 "slabel")


def draw_step(canvas: Canvas, scenario: Scenario, index: int | str, step: Step) -> None:
    """The templates and scatter arrows of one step (unit states are drawn on the units)."""
    f = _sizes(scenario)["f1"]
    for m in marks_of(step, "template"):
        _template(canvas, index, m, f)
    for m in marks_of(step, "scatter"):
        _scatter(canvas, index, m, f)


def draw_reach(canvas: Canvas, scenario: Scenario, lines: Sequence[RangeLine]) -> None:
    """Each aim's range line (`engine.build.reach`): dashed within the weapon's range, solid red
    past it with the range at the point where it ends, and a handle on each aim a drag may
    move (``circle.aim-handle[data-aim=<line>][data-moves]``)."""
    f = _sizes(scenario)["f1"]
    group = canvas.layers["marks"].add(canvas.dwg.g(class_="reach-lines"))
    weapon = scenario.attack.weapon
    for k, line in enumerate(lines):
        start, end, limit = line.start, line.end, line.limit
        upto = end if limit is None else limit
        group.add(canvas.dwg.line((num(start.x), num(start.y)), (num(upto.x), num(upto.y)),
                                  class_="reach"))
        if limit is not None:
            group.add(canvas.dwg.line((num(limit.x), num(limit.y)), (num(end.x), num(end.y)),
                                      class_="reach beyond", **{"data-clause": line.clause}))
            group.add(canvas.text(msg("render.reach_max", range=num(weapon.range, 1)),
                                  limit.x, limit.y - 0.8 * f, "reach-label"))
        if line.moves:
            group.add(canvas.dwg.circle((num(end.x), num(end.y)), num(0.45 * f),
                                        class_="aim-handle",
                                        **{"data-aim": str(k), "data-moves": line.moves}))


def _cell_radius(points: list[tuple[float, float]]) -> float:
    """Half the typical spacing of the landing points (median nearest neighbour of up to 32
    sampled points), kept between 0.05" and 1.5"."""
    if len(points) < 2:
        return 0.5
    gaps = []
    for px, py in points[:: max(1, len(points) // 32)]:
        apart = [d for qx, qy in points if (d := math.hypot(px - qx, py - qy)) > 1e-9]
        if apart:
            gaps.append(min(apart))
    if not gaps:
        return 0.5
    gaps.sort()
    return min(1.5, max(0.05, gaps[len(gaps) // 2] / 2))


def draw_odds(canvas: Canvas, scenario: Scenario, odds: Odds) -> None:
    """Where the marker lands (translucent discs on the floor, under the models, darker =
    likelier) and each unit's chance of being hit, beside the unit and clear of every
    other label."""
    layer = canvas.layers["odds"]
    cells = [(float(c["x"]), float(c["y"]), float(c["p"])) for c in odds.landing
             if "x" in c and "y" in c and float(c.get("p", 0)) > 0]
    if cells:
        heat = canvas.layers["floor"].add(canvas.dwg.g(class_="heat"))
        top = max(p for _, _, p in cells)
        r = num(_cell_radius([(x, y) for x, y, _ in cells]))
        for x, y, p in cells:
            heat.add(canvas.dwg.circle((num(x), num(y)), r,
                                       fill_opacity=heat_opacity(p, top)))
    f = _sizes(scenario)["f1"]
    for unit in scenario.units:
        figures = odds.units.get(unit.id)
        chance = badge_chance(scenario.system, figures) if figures else None
        if chance is not None:
            canvas.label(layer, Label(unit.x, unit.y, _reach(unit), pct_label(chance), f,
                                      bold=True),
                         "odds-label", unit.id, **{"data-for": unit.id})

"""Where a Horus Heresy / 40K 7th blast marker lands and whom it covers (HH-1 to HH-7, HH-12,
HH-13), and the arrow angles at which that can change (for exact odds).

The attack as the rules see it is a `Fire`: the models with their footprints (round bases
as circles, vehicle hulls as rectangles), each shot's target and aim point (HH-9), the
marker's zone radii (one radius for a Blast, HH-12; three for an Apocalyptic Mega-blast,
HH-13: `heresy.zones`).

A scatter moves the centre ``s`` inches along a bearing theta; whether a footprint touches
a zone of radius R changes only where the moved centre crosses the footprint grown by R:
a circle of radius R + r around a base, or for a hull four edge lines pushed out by R and
four corner circles of radius R (`hull_breakpoints`); whether a base lies wholly inside
a zone (a straddling model, HH-13) where it crosses a circle of radius R - r. The table
edge (HH-6), a vehicle's armour facing seen from the centre (option ``vehicle_facing:
"marker"``), the order of wound allocation from the centre (HH-14) and cover from the
centre (HH-14: lines through a model's centre and an area's corners, and the area's
edges) change on lines too. Every such angle is a breakpoint; supersets are harmless
(they only split an arc where nothing changes).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any

from engine.errors import IllegalAttack
from engine.geometry import (
    TOUCH_EPS,
    Circle,
    Point,
    Rect,
    angles_where_circle_touch_changes,
    base_radius_in,
    direction,
    facing_of_attack,
    move,
    normalize_angle,
    rect_distance_to_point,
)
from engine.names import shown_names, squad_words
from engine.scenario import Scenario
from engine.scenario.heresy import AUTO, Attack, Model
from engine.systems.heresy.placement import (
    Shape,
    auto_aim,
    base_gap,
    cover_from,
    eye_towards,
    gap,
    hole_radius,
    line_normal,
)
from engine.systems.heresy.wounds import best_cover
from engine.systems.heresy.zones import best_zone, marker_radii, zone_span
from engine.words import Words, msg


@dataclass(frozen=True)
class Hits:
    """What one marker covers: per model the zone whose Strength and AP its Hit takes
    (HH-13, `zone_taken`; None: not under it),
    per model the armour facing a vehicle hit strikes (None for other models), per unit
    (in `Fire.units` order) the order in which wounds go to its infantry, and per model
    the terrain's cover save against these wounds (HH-14)."""

    zones: tuple[int | None, ...]
    facings: tuple[str | None, ...]
    orders: tuple[tuple[int, ...], ...]
    covers: tuple[int | None, ...]


@dataclass(frozen=True)
class Landing:
    """One scatter: where the centre ended, whether on the table (HH-6), and its hits."""

    centre: Point
    on_table: bool
    hits: Hits


@dataclass(frozen=True)
class Aimed:
    """HH-9: one shot's target model (index) and where its hole is placed."""

    target: int
    aim: Point


@dataclass(frozen=True, eq=False)
class Fire:
    """The attack, prepared once: who, where, what marker. `breaks` and `fresh` keep what
    exact odds and the HH-10 policy compute per aim point, `landed` and `arcs` what a
    landing covers per arc of the arrow (`land`), `taken` the zone a straddling model
    takes (`zone_taken`); never shared between attacks."""

    scenario: Scenario
    shapes: tuple[Shape, ...]
    firer: int
    shots: tuple[Aimed, ...]
    radii: tuple[float, ...]
    mega: bool
    units: tuple[tuple[str, tuple[int, ...]], ...]
    infantry: tuple[tuple[int, ...], ...]
    toughness: tuple[int | None, ...]
    firer_orders: tuple[tuple[int, ...], ...]
    firer_cover: tuple[int | None, ...]
    breaks: dict[tuple[Point, int], tuple[float, ...]] = field(default_factory=dict,
                                                               compare=False)
    fresh: dict[Point, float] = field(default_factory=dict, compare=False)
    landed: dict[tuple[Point, int, int], tuple[bool, Hits]] = field(default_factory=dict,
                                                                    compare=False)
    arcs: dict[tuple[Point, int], list[float] | None] = field(default_factory=dict,
                                                              compare=False)
    taken: dict[tuple[int, tuple[int, int], int | None], int] = field(default_factory=dict,
                                                                      compare=False)

    @property
    def attack(self) -> Attack:
        attack: Attack = self.scenario.attack
        return attack

    @property
    def models(self) -> tuple[Model, ...]:
        models: tuple[Model, ...] = self.scenario.units
        return models

    @cached_property
    def unit_names(self) -> tuple[Words, ...]:
        """Each unit of `units` as players call it (`engine.names.squad_words`), for the
        log: "Tactical Marine squad", never its ``unit`` name "tactical"."""
        shown = shown_names(self.models)
        return tuple(squad_words(key, [self.models[i] for i in members], shown)
                     for key, members in self.units)

    @property
    def options(self) -> dict[str, Any]:
        return self.scenario.options

    @property
    def firer_point(self) -> Point:
        return self.shapes[self.firer].center

    def unit_of(self, i: int) -> int:
        """The unit (its index in `units`) of model `i`."""
        return next(u for u, (_, members) in enumerate(self.units) if i in members)

    def may_reroll_scatter(self) -> bool:
        """HH-10: only a full To Hit re-roll (or Twin-linked) re-rolls the scatter."""
        return self.attack.reroll == "full" or self.attack.weapon.twin_linked


def shape_of(model: Model) -> Shape:
    """A model's footprint: its hull (vehicles) or its round base."""
    centre = Point(model.x, model.y)
    if model.vehicle and model.hull is not None:
        return Rect(centre, model.hull.w, model.hull.h, model.hull.facing)
    return Circle(centre, base_radius_in(model.base_mm))


def take_aim(scenario: Scenario, legal: Callable[[Fire, int, Point], bool]) -> Fire:
    """The `Fire` of a scenario, not yet checked (HH-12/HH-13 marker radii; each shot's aim
    as given, else the target's centre; ``"auto"``: the legal position nearest the
    target's centre by `legal`, refused under HH-1 when there is none)."""
    attack = scenario.attack
    ids = [m.id for m in scenario.units]
    shapes = tuple(shape_of(m) for m in scenario.units)
    mega = attack.weapon.mega is not None
    grouped: dict[str, list[int]] = {}
    for i, m in enumerate(scenario.units):
        grouped.setdefault(m.unit, []).append(i)
    units = tuple((name, tuple(idx)) for name, idx in grouped.items())
    infantry = tuple(tuple(i for i in members if not scenario.units[i].vehicle)
                     for _, members in units)
    firer = ids.index(attack.firer)
    source = shapes[firer]
    areas = scenario.board.areas
    fire = Fire(scenario, shapes, firer, (), marker_radii(attack.weapon, scenario.options),
                mega, units, infantry,
                tuple(majority_toughness([scenario.units[i] for i in inf]) if inf else None
                      for inf in infantry),
                tuple(allocation_order({i: base_gap(source, sh) for i in inf
                                        if isinstance(sh := shapes[i], Circle)}, inf)
                      for inf in infantry),
                tuple(cover_from(eye_towards(source, sh.center), sh, areas) for sh in shapes))
    hole = hole_radius(scenario.options)
    aimed = []
    for shot in attack.shots:
        target = ids.index(shot.target)
        if shot.aim == AUTO:
            point = auto_aim(shapes[target], hole, partial(legal, fire, target))
            if point is None:
                raise IllegalAttack("HH-1", msg("hh.fault.no_aim", target=shot.target))
        else:
            point = shapes[target].center if shot.aim is None else Point(*shot.aim)
        aimed.append(Aimed(target, point))
    return replace(fire, shots=tuple(aimed))


def majority_toughness(models: list[Model]) -> int:
    """The Toughness most of the unit's models share (ties: the highest)."""
    counts = Counter(m.t for m in models)
    return max(counts, key=lambda t: (counts[t], t))


# -- whom the marker covers (HH-7, HH-13) -----------------------------------------------------


def touches(shape: Shape, centre: Point, radius: float) -> bool:
    """Fully or partially under a marker of `radius` centred at `centre` (touching counts,
    within `TOUCH_EPS` like `geometry.circle_overlaps`)."""
    return gap(shape, centre) <= radius + TOUCH_EPS


def spans_at(fire: Fire, centre: Point, reach: list[float]
             ) -> tuple[tuple[int, int] | None, ...]:
    """HH-7/HH-13: per model, the zones its footprint lies in (`zones.zone_span`), or None
    when it is not under the marker; `reach`: how near each is to the centre (`reaches`)."""
    limit = fire.radii[-1] + TOUCH_EPS
    if not fire.mega:
        return tuple((0, 0) if r <= limit else None for r in reach)
    # only a model the marker reaches has zones to span (its farthest point costs a hull's
    # four corners: on a crowded board most models are out of reach)
    return tuple(zone_span(r, farthest(shape, centre), fire.radii) if r <= limit else None
                 for r, shape in zip(reach, fire.shapes, strict=True))


def zone_taken(fire: Fire, i: int, span: tuple[int, int] | None, cover: int | None
               ) -> int | None:
    """HH-13: the zone whose Strength and AP model `i`'s Hit takes (`zones.best_zone`, for
    a model straddling zones), or None; `cover`: the terrain's cover save against it."""
    if span is None or span[0] == span[1]:
        return None if span is None else span[0]
    key = (i, span, cover)
    if key not in fire.taken:
        model = fire.models[i]
        fire.taken[key] = best_zone(fire.attack.weapon, span, model,
                                    fire.toughness[fire.unit_of(i)], best_cover(model, cover),
                                    fire.options)
    return fire.taken[key]


def facing_from(fire: Fire, i: int, centre: Point) -> str | None:
    """The armour facing a hit on vehicle `i` strikes: Side for a Mega-blast (HH-15); else
    from the firer, or (option ``vehicle_facing: "marker"``) from the marker centre."""
    shape = fire.shapes[i]
    if not isinstance(shape, Rect):
        return None
    if fire.mega:
        return "side"
    return armour_facing(shape, centre if fire.options["vehicle_facing"] == "marker"
                         else fire.firer_point)


def armour_facing(hull: Rect, source: Point) -> str:
    """The facing a shot from `source` strikes; Side when `source` is over the hull itself
    (a marker centred on it, or a vehicle caught by its own blast)."""
    if rect_distance_to_point(hull, source) == 0.0:
        return "side"
    return facing_of_attack(hull, source)


def reaches(shapes: tuple[Shape, ...], source: Point) -> list[float]:
    """How far `source` is from each model, measured to the edge of its base or hull as 40K
    measures between models (negative inside a base: the deeper, the closer)."""
    x, y = source.x, source.y
    return [rect_distance_to_point(s, source) if isinstance(s, Rect)
            else math.hypot(s.center.x - x, s.center.y - y) - s.radius for s in shapes]


def farthest(shape: Shape, source: Point) -> float:
    """How far the point of a base or hull farthest from `source` is (a hull's: a
    corner)."""
    if isinstance(shape, Rect):
        return max(source.distance_to(corner) for corner in shape.corners())
    return source.distance_to(shape.center) + shape.radius


def allocation_order(reach: Sequence[float] | Mapping[int, float], members: tuple[int, ...]
                     ) -> tuple[int, ...]:
    """HH-8/HH-14: wounds go to the closest model first, measured from the source (the
    edge of the firer's base or hull, `placement.base_gap`, or the marker's centre,
    `reaches`) to the edge of each base (`reach`, by model); ties in scenario order."""
    return tuple(sorted(members, key=lambda i: (reach[i], i)))


def hits_at(fire: Fire, centre: Point) -> Hits:
    """Everything the marker at `centre` covers (HH-7), with facings, the allocation orders
    of the units' infantry and the cover of each model (from the marker centre for a
    Mega-blast, HH-14; from the firer otherwise)."""
    reach = reaches(fire.shapes, centre)
    spans = spans_at(fire, centre, reach)
    facings = tuple(facing_from(fire, i, centre) if sp is not None else None
                    for i, sp in enumerate(spans))
    if not fire.mega:
        return Hits(tuple(None if sp is None else 0 for sp in spans), facings,
                    fire.firer_orders, fire.firer_cover)
    areas = fire.scenario.board.areas
    covers = (tuple(cover_from(centre, sh, areas) if sp is not None else None
                    for sh, sp in zip(fire.shapes, spans, strict=True)) if areas
              else (None,) * len(spans))
    zones = tuple(zone_taken(fire, i, sp, covers[i]) for i, sp in enumerate(spans))
    return Hits(zones, facings, tuple(allocation_order(reach, inf)
                                      if any(zones[i] is not None for i in inf) else ()
                                      for inf in fire.infantry), covers)


def no_hits(fire: Fire) -> Hits:
    """A complete miss (HH-6) or a shot not fired (HH-19)."""
    n = len(fire.shapes)
    return Hits((None,) * n, (None,) * n, tuple(() for _ in fire.units), (None,) * n)


def land(fire: Fire, shot: int, distance: int, bearing: float | None) -> Landing:
    """HH-4 to HH-6: shot `shot`'s marker moved `distance` along `bearing` (None: HIT, no
    move)."""
    aim = fire.shots[shot].aim
    if bearing is None or distance == 0:
        return Landing(aim, *_covered(fire, aim, (aim, 0, 0)))
    centre = move(aim, bearing, distance)
    arc = arc_of(fire, shot, distance, bearing)
    return Landing(centre, *_covered(fire, centre, None if arc is None else (aim, distance, arc)))


def arc_of(fire: Fire, shot: int, s: int, bearing: float) -> int | None:
    """The arc between two `breakpoints` the arrow points into (what the marker covers is
    the same all along it), or None on a breakpoint itself, or the first time the marker
    scatters `s` from this aim (one resolution seldom scatters alike twice, and need not
    pay for the breakpoints; Monte Carlo does, thousands of times)."""
    key = (fire.shots[shot].aim, s)
    if key not in fire.arcs:
        fire.arcs[key] = None
        return None
    cuts = fire.arcs[key]
    if cuts is None:
        cuts = fire.arcs[key] = sorted({a % 360.0 for a in breakpoints(fire, shot, s)})
    if not cuts:
        return 0
    arc = bisect_left(cuts, bearing) % len(cuts)
    near = min(abs((bearing - cut + 180.0) % 360.0 - 180.0) for cut in (cuts[arc], cuts[arc - 1]))
    return None if near < ARC_EPS else arc


ARC_EPS = 1e-6
"""Degrees from a breakpoint within which a landing is measured rather than looked up."""


def _covered(fire: Fire, centre: Point, key: tuple[Point, int, int] | None
             ) -> tuple[bool, Hits]:
    """HH-6/HH-7 at `centre`: on the table, and what the marker covers; kept under `key`
    (the aim, distance and arc of the landing) so that Monte Carlo measures each arc once."""
    if key is not None and key in fire.landed:
        return fire.landed[key]
    on = fire.scenario.board.table.contains(centre.x, centre.y)
    covered = (on, hits_at(fire, centre) if on else no_hits(fire))
    if key is not None:
        fire.landed[key] = covered
    return covered


# -- breakpoints ------------------------------------------------------------------------------


def angles_where_along(p: Point, s: float, bearing: float, value: float) -> list[float]:
    """Bearings theta at which ``(p + s*direction(theta)) . direction(bearing) == value``:
    where the moved point crosses a straight line (0, 1 or 2 angles)."""
    u = direction(bearing)
    k = (value - p.dot(u)) / s
    if abs(k) > 1.0:
        return []
    half = math.degrees(math.acos(k))
    return [normalize_angle(bearing - half), normalize_angle(bearing + half)]


def hull_breakpoints(p: Point, s: float, hull: Rect, reach: float) -> list[float]:
    """Where a marker of radius `reach` moved `s` from `p` starts or stops touching the hull:
    the four edge lines pushed out by `reach` (whole lines: a superset) and the four
    corner circles of radius `reach`."""
    out: list[float] = []
    c = hull.center
    for bearing, half in ((hull.facing_deg, hull.w / 2.0), (hull.facing_deg + 90.0, hull.h / 2.0)):
        along_c = c.dot(direction(bearing))
        for side in (-1.0, 1.0):
            out += angles_where_along(p, s, bearing, along_c + side * (half + reach))
    if reach > 0:
        for corner in hull.corners():
            out += angles_where_circle_touch_changes(p, s, corner, reach)
    return out


def diagonal_breakpoints(p: Point, s: float, hull: Rect) -> list[float]:
    """Where the centre crosses a hull diagonal (the facing arcs) or its edges (centre over
    the hull: Side): only for option ``vehicle_facing: "marker"``."""
    out = hull_breakpoints(p, s, hull, 0.0)
    for corner in hull.corners()[:2]:
        diagonal = corner - hull.center
        normal = normalize_angle(math.degrees(math.atan2(diagonal.x, -diagonal.y)) + 90.0)
        out += angles_where_along(p, s, normal, hull.center.dot(direction(normal)))
    return out


def bisector_breakpoints(p: Point, s: float, a: Circle, b: Circle) -> list[float]:
    """Where the moved centre is equally far from the edges of bases `a` and `b` (their
    allocation order swaps, HH-14): a straight line for equal bases, else a hyperbola."""
    ab = b.center - a.center
    if ab.length() == 0.0:
        return []
    if a.radius != b.radius:
        return hyperbola_breakpoints(p, s, a, b)
    bearing = normalize_angle(math.degrees(math.atan2(ab.x, -ab.y)))
    mid = (a.center + b.center) * 0.5
    return angles_where_along(p, s, bearing, mid.dot(direction(bearing)))


ROOT_ARCS = 360
ROOT_WIDTH = 1e-12
"""Radians: an arc this narrow that may hold a root is reported by its midpoint."""


def hyperbola_breakpoints(p: Point, s: float, a: Circle, b: Circle) -> list[float]:
    """Bearings theta where c = p + s*direction(theta) has |c-a| - ra = |c-b| - rb.

    With k = ra - rb, A = |c-a|^2 and B = |c-b|^2 the equation squares to
    g(theta) = (A - B - k^2)^2 - 4 k^2 B = 0, where A - B - k^2 and B are each a constant
    plus a sinusoid of theta (the s^2 terms cancel in A - B). Its roots (a superset: the
    other branch too) are isolated by subdivision: an arc of half-width h around m holds no
    root when |g(m)| > |g'(m)| h + M2 h^2 / 2 (M2 bounds |g''|), else it is halved, down to
    `ROOT_WIDTH`, and then reported by its midpoint. No root is ever dropped."""
    k2 = (a.radius - b.radius) ** 2
    da, db = p - a.center, p - b.center
    ba = b.center - a.center
    alpha = da.dot(da) - db.dot(db) - k2
    gamma = db.dot(db) + s * s
    # direction(theta) = (sin theta, -cos theta): u.v = v.x sin theta - v.y cos theta
    lx, ly = 2 * s * ba.x, -2 * s * ba.y
    bx, by = 2 * s * db.x, -2 * s * db.y
    r1, r2 = math.hypot(lx, ly), math.hypot(bx, by)
    m2 = 2 * r1 * r1 + 2 * (abs(alpha) + r1) * r1 + 4 * k2 * r2
    out: list[float] = []
    width = 2 * math.pi / ROOT_ARCS
    arcs = [(width * (i + 0.5), width / 2) for i in range(ROOT_ARCS)]
    while arcs:
        t, h = arcs.pop()
        sin, cos = math.sin(t), math.cos(t)
        line = alpha + lx * sin + ly * cos
        g = line * line - 4 * k2 * (gamma + bx * sin + by * cos)
        slope = 2 * line * (lx * cos - ly * sin) - 4 * k2 * (bx * cos - by * sin)
        if abs(g) > abs(slope) * h + m2 * h * h / 2:
            continue
        if 2 * h <= ROOT_WIDTH:
            out.append(normalize_angle(math.degrees(t)))
        else:
            arcs += [(t - h / 2, h / 2), (t + h / 2, h / 2)]
    return out


def table_breakpoints(fire: Fire, p: Point, s: float) -> list[float]:
    """HH-6: where the centre moved `s` from `p` crosses a table edge."""
    table = fire.scenario.board.table
    return (angles_where_along(p, s, 90.0, 0.0) + angles_where_along(p, s, 90.0, table.width)
            + angles_where_along(p, s, 180.0, 0.0)
            + angles_where_along(p, s, 180.0, table.height))


def cover_breakpoints(fire: Fire, p: Point, s: float) -> list[float]:
    """HH-14: where the line from the moved centre to a model's centre starts or stops
    touching an area of cover: lines through the model's centre and the area's corners,
    and the area's own edges (the centre inside it)."""
    out: list[float] = []
    for feature, _ in fire.scenario.board.areas:
        corners = [Point(x, y) for x, y in feature]
        lines = [(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]
        lines += [(shape.center, c) for shape in fire.shapes for c in corners]
        for a, b in lines:
            if (line := line_normal(a, b)) is not None:
                out += angles_where_along(p, s, *line)
    return out


def breakpoints(fire: Fire, shot: int, s: int) -> tuple[float, ...]:
    """Every arrow bearing at which shot `shot`'s scatter of `s` inches may change its
    `Landing.hits`.

    Exact odds ask for them (the dice call this lazily) once per path of the outcome tree,
    and `arc_of` for every landing alike after the first, so they are computed once per
    aim point and distance and kept in the `Fire`."""
    key = (fire.shots[shot].aim, s)
    if key not in fire.breaks:
        fire.breaks[key] = tuple(_breakpoints(fire, key[0], s)) if s > 0 else ()
    return fire.breaks[key]


def _breakpoints(fire: Fire, p: Point, s: int) -> list[float]:
    out = table_breakpoints(fire, p, s)
    for shape in fire.shapes:
        for radius in fire.radii:
            if isinstance(shape, Rect):
                out += hull_breakpoints(p, s, shape, radius)
                continue
            out += angles_where_circle_touch_changes(p, s, shape.center, radius + shape.radius)
            if fire.mega and radius > shape.radius:  # wholly inside the zone, or straddling
                out += angles_where_circle_touch_changes(p, s, shape.center,
                                                         radius - shape.radius)
        if isinstance(shape, Rect) and not fire.mega and fire.options["vehicle_facing"] == "marker":
            out += diagonal_breakpoints(p, s, shape)
    if fire.mega:
        for members in fire.infantry:
            bases = [b for i in members if isinstance(b := fire.shapes[i], Circle)]
            for k, a in enumerate(bases):
                for b in bases[k + 1:]:
                    out += bisector_breakpoints(p, s, a, b)
        out += cover_breakpoints(fire, p, s)
    return out

"""Squads: N models of one profile placed as one unit, in a line, two ranks or a blob.

Spacing is the gap between neighbouring bases, edge to edge, in inches: the default 2" is
the usual unit coherency (each model within 2" of another), so neighbours' centres sit one
base diameter plus the gap apart. Shapes, about the anchor point ``at`` and the direction
``angle`` (degrees, 0 = up the page, clockwise, as everywhere in a scenario):

- ``line``: one file along ``angle``, centred on ``at``;
- ``ranks``: two ranks side by side across ``angle``, the second staggered by half a
  pitch, the first holding the odd model;
- ``blob``: hexagonal rings around ``at`` (1, then 6, then 12 ...), every neighbour at
  the spacing: the tightest loose group coherency allows.

The placement is pure geometry; the page's "Add N models" and the command line call
`with_squad`, and the scenario parser stays the judge of the result (a model off the
table is refused with its field path).
"""

from __future__ import annotations

import math
from typing import Any

from engine.build import presets
from engine.errors import ScenarioError
from engine.geometry import MM_PER_INCH
from engine.scenario.bounds import copied
from engine.words import DEFAULT_LANG, Lang, msg

SHAPES = ("line", "ranks", "blob")
COHERENCY = 2.0
MAX_MODELS = 50
RING_SIDES = 6


def formation(n: int, shape: str, *, pitch: float, at: tuple[float, float],
              angle: float = 0.0) -> list[tuple[float, float]]:
    """Centres of `n` models, `pitch` inches between neighbours' centres."""
    if shape not in SHAPES:
        raise ScenarioError("squad.shape", msg("scenario.one_of", choices=list(SHAPES)))
    if not 1 <= n <= MAX_MODELS:
        raise ScenarioError("squad.count", msg("scenario.range.between",
                                               kind=msg("scenario.kind.integer"), lo="1",
                                               hi=str(MAX_MODELS)))
    if shape == "line":
        local = [((i - (n - 1) / 2) * pitch, 0.0) for i in range(n)]
    elif shape == "ranks":
        front = (n + 1) // 2
        local = [((i - (front - 1) / 2) * pitch, 0.0) for i in range(front)]
        local += [((i - (front - 1) / 2) * pitch + pitch / 2, pitch * math.sqrt(3) / 2)
                  for i in range(n - front)]
    else:
        local = _rings(n, pitch)
    a = math.radians(angle)
    along, across = (math.sin(a), -math.cos(a)), (math.cos(a), math.sin(a))
    return [(round(at[0] + u * along[0] + v * across[0], 3),
             round(at[1] + u * along[1] + v * across[1], 3)) for u, v in local]


def _rings(n: int, pitch: float) -> list[tuple[float, float]]:
    """Hex-packed points, centre first, then ring by ring (each ring from its top corner,
    clockwise), every point `pitch` from its neighbours."""
    points = [(0.0, 0.0)]
    corners = [(math.sin(math.radians(60 * k)), -math.cos(math.radians(60 * k)))
               for k in range(RING_SIDES)]
    ring = 1
    while len(points) < n:
        for side in range(RING_SIDES):
            (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % RING_SIDES]
            for step in range(ring):
                t = step / ring
                points.append((ring * pitch * (x0 + (x1 - x0) * t),
                               ring * pitch * (y0 + (y1 - y0) * t)))
        ring += 1
    return points[:n]


def with_squad(doc: dict[str, Any], preset_id: str, count: int, *, shape: str = "line",
               spacing: float = COHERENCY, at: tuple[float, float], angle: float = 0.0,
               side: str, squad: str | None = None, lang: Lang = DEFAULT_LANG
               ) -> dict[str, Any]:
    """`doc` with `count` models of the unit preset `preset_id` added as one unit (Heresy's
    ``unit`` field holds the squad's name: by default the preset's id, numbered where a
    model of `doc` has it as its unit, a model alone its id, so that a second squad of one
    preset is a unit of its own, HH-7, not more models of the first); ids are the squad's
    name numbered from 1, names the preset's label in `lang` with the first numbers no
    model's name has (`presets.numbered`: a second squad of five Tactical Marines holds
    Tactical Marine 6 to 10)."""
    if doc.get("system") == "battletech":
        raise ScenarioError("squad", msg("build.squad.hexes"))
    if not 0 <= spacing <= 12:
        raise ScenarioError("squad.spacing", msg("build.squad.spacing"))
    preset = presets.catalog(doc["system"]).find("units", preset_id)
    fields = preset.fields
    width = (fields["hull"]["w"] if fields.get("vehicle")
             else fields.get("base_mm", 32) / MM_PER_INCH)
    out = copied(doc)
    name = squad or presets.first_free(
        preset.id, {str(u.get("unit", u.get("id"))) for u in out.get("units", [])})
    names = presets.numbered(preset.said(lang), presets.names_taken(out))
    for i, point in enumerate(formation(count, shape, pitch=width + spacing, at=at,
                                        angle=angle), 1):
        uid = presets.new_id(out, f"{name}-{i}")
        unit = presets.unit_from(preset, uid=uid, side=side, at=point, name=next(names))
        if out["system"] == "heresy":
            unit["unit"] = name
        out.setdefault("units", []).append(unit)
    return out


def squad_of(doc: dict[str, Any], uid: str) -> tuple[str, ...]:
    """The ids of every model of `uid`'s Heresy unit (its ``unit`` name, HH-7: a unit is one
    side's models of that name), in document order; just `uid` for a model alone in its
    unit and in the other systems, whose units stand alone."""
    units = doc.get("units", [])
    mine = next((u for u in units if u.get("id") == uid), None)
    if doc.get("system") != "heresy" or mine is None or "unit" not in mine:
        return (uid,)
    return tuple(u["id"] for u in units if u.get("unit") == mine["unit"])


def move_squad(doc: dict[str, Any], squad: str, dx: float, dy: float) -> dict[str, Any]:
    """`doc` with every model of the Heresy unit `squad` moved by (dx, dy) inches."""
    out = copied(doc)
    moved = 0
    for unit in out.get("units", []):
        if unit.get("unit", unit.get("id")) == squad and "x" in unit:
            unit["x"] = round(float(unit["x"]) + dx, 3)
            unit["y"] = round(float(unit["y"]) + dy, 3)
            moved += 1
    if not moved:
        raise ScenarioError("squad", msg("build.squad.empty", unit=repr(squad)))
    return out

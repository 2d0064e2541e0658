"""Pieces every system's scenario shares: unit identity, tables, option defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import ScenarioError
from engine.scenario.fields import Field, one_of
from engine.words import msg

UNIT_ID_MAX = 40
NAME_MAX = 80


@dataclass(frozen=True)
class Table:
    """A rectangular tabletop in inches; origin top-left, x right, y down."""

    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        """Inside or on the edge (HH-6: a centre hole beyond the edge is a miss)."""
        return 0.0 <= x <= self.width and 0.0 <= y <= self.height


def parse_table(root: Field) -> Table:
    t = root["table"].only(("width", "height"))
    return Table(t["width"].number(1, 400), t["height"].number(1, 400))


Terrain = tuple[tuple[tuple[float, float], ...], ...]


def parse_point(f: Field, table: Table) -> tuple[float, float]:
    """A point on the table, written ``[x, y]`` or ``{"x": x, "y": y}``."""
    if isinstance(f.value, list):
        x, y = f.items(2, 2)
    else:
        f.only(("x", "y"))
        x, y = f["x"], f["y"]
    return x.number(0, table.width), y.number(0, table.height)


def parse_terrain(root: Field, table: Table) -> Terrain:
    """The optional ``terrain``: features that block line of sight, each
    ``{"points": [[x, y], ...]}`` (two points: a wall; three or more: a polygon)."""
    return tuple(
        tuple(parse_point(p, table) for p in t.only(("points",))["points"].items(2))
        for t in root.get("terrain", []).items()
    )


def parse_identity(u: Field) -> tuple[str, str, str]:
    """A unit's `id`, `side` and `name` (the name is data, shown as text, never markup)."""
    uid = u["id"].string(UNIT_ID_MAX)
    side = u["side"].string(40)
    name = u.get("name", uid).string(NAME_MAX)
    return uid, side, name


def check_unique_ids(units: list[Any], path: str = "units") -> dict[str, Any]:
    """Map id -> unit, refusing duplicates with the path of the second one."""
    by_id: dict[str, Any] = {}
    for i, unit in enumerate(units):
        if unit.id in by_id:
            raise ScenarioError(f"{path}[{i}].id", msg("scenario.duplicate_id", id=repr(unit.id)))
        by_id[unit.id] = unit
    return by_id


def unit_ref(f: Field, by_id: Mapping[str, Any]) -> str:
    """A field that must name an existing unit id."""
    uid = f.string(UNIT_ID_MAX)
    if uid not in by_id:
        raise f.fail(msg("scenario.unknown_unit", id=repr(uid)))
    return uid


def parse_options(root: Field, defaults: Mapping[str, Any],
                  choices: Mapping[str, tuple[Any, ...]]) -> dict[str, Any]:
    """The scenario's named readings, defaults filled in; unknown names are refused."""
    f = root.get("options", {}).only(tuple(defaults))
    options = dict(defaults)
    for key, value in f.entries():
        allowed = choices[key]
        if not any(type(value.value) is type(a) and value.value == a for a in allowed):
            raise value.fail(one_of(allowed))
        options[key] = value.value
    return options

"""Robotech RPG Tactics scenarios: mecha and structures on a tabletop, one Blast attack.

Fields follow shared/spec/scenario.md; additions documented here:
- ``terrain``: optional list of ``{"points": [[x, y], ...]}``, blocking line of sight (two
  points: a wall segment; three or more: a polygon).
- unit ``mdc`` (optional, damage capacity; shown, never needed by the Blast rule).
- ``attack.targets``: the first id is the primary target; missiles at any other id are
  secondary (-3 to Strike). A list shorter than the volley sends the remaining missiles at
  the first id (so ``["b1"]`` puts the whole volley on b1).
- options ``split_volley_miss`` ("separate" | "single", default "separate": does a divided
  volley that misses entirely still scatter each missile, RT-21, or one template, RT-20),
  ``volley_miss_damage`` ("full" | "half", default "full": the damage of that one template)
  and ``impact_halves`` ("volley" | "missile", default "volley": the one Roll with Impact of
  a volley halves the total, or each missile's damage). See engine/systems/robotech.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.scenario.common import (
    Table,
    Terrain,
    check_unique_ids,
    parse_identity,
    parse_options,
    parse_point,
    parse_table,
    parse_terrain,
    unit_ref,
)
from engine.scenario.fields import Field

OPTIONS = {"natural_rolls": True, "dodge_adds_pil": True, "template_winding": "clockwise",
           "split_volley_miss": "separate", "volley_miss_damage": "full",
           "impact_halves": "volley"}
OPTION_CHOICES = {
    "natural_rolls": (True, False),
    "dodge_adds_pil": (True, False),
    "template_winding": ("clockwise", "counter-clockwise"),
    "split_volley_miss": ("separate", "single"),
    "volley_miss_damage": ("full", "half"),
    "impact_halves": ("volley", "missile"),
}
ABILITIES = ("blast", "missile", "volley", "indirect_fire", "overwhelming", "inescapable")
REACTIONS = ("shoot_down", "dodge", "roll_with_impact")
UNIT_KINDS = ("mecha", "structure")


@dataclass(frozen=True)
class Unit:
    """A mecha or a structure. Structures have no GN, PIL or Command Points."""

    id: str
    side: str
    name: str
    kind: str
    x: float
    y: float
    base_mm: float
    df: int
    gn: int = 0
    pil: int = 0
    cp: int = 0
    mdc: int | None = None
    life_is_cheap: bool = False
    anti_missile: bool = False

    @property
    def is_mecha(self) -> bool:
        return self.kind == "mecha"


@dataclass(frozen=True)
class Weapon:
    name: str
    md: int
    range: float
    abilities: frozenset[str]
    volley: int

    def has(self, ability: str) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class Reactions:
    """What a mecha does when the rules let it, while its Command Points last."""

    shoot_down: bool = True
    dodge: bool = True
    roll_with_impact: bool = True


@dataclass(frozen=True)
class Attack:
    attacker: str
    weapon: Weapon
    targets: tuple[str, ...]
    point: tuple[float, float] | None
    reactions: dict[str, Reactions]

    def reactions_of(self, unit_id: str) -> Reactions:
        return self.reactions.get(unit_id) or self.reactions.get("default") or Reactions()


@dataclass(frozen=True)
class Board:
    table: Table
    terrain: Terrain = ()


def _unit(u: Field, table: Table) -> Unit:
    u.only(("id", "side", "name", "kind", "x", "y", "base_mm", "df", "gn", "pil", "cp", "mdc",
            "life_is_cheap", "anti_missile"))
    uid, side, name = parse_identity(u)
    kind = u.get("kind", "mecha").choice(UNIT_KINDS)
    return Unit(
        id=uid, side=side, name=name, kind=kind,
        x=u["x"].number(0, table.width), y=u["y"].number(0, table.height),
        base_mm=u.get("base_mm", 40).number(positive=True, hi=500),
        df=u["df"].integer(1, 12),
        gn=u.get("gn", 0).integer(0, 10), pil=u.get("pil", 0).integer(0, 10),
        cp=u.get("cp", 0).integer(0, 50),
        mdc=u["mdc"].integer(0, 10000) if u.has("mdc") else None,
        life_is_cheap=u.get("life_is_cheap", False).boolean(),
        anti_missile=u.get("anti_missile", False).boolean(),
    )


def _weapon(w: Field) -> Weapon:
    w.only(("name", "md", "range", "abilities", "volley"))
    abilities = frozenset(a.choice(ABILITIES) for a in w.get("abilities", ["blast"]).items())
    volley = w.get("volley", 1).integer(1, 12)
    if volley > 1 and "volley" not in abilities:
        raise w["volley"].fail("needs the 'volley' ability")
    return Weapon(
        name=w.get("name", "Blast weapon").string(80),
        md=w["md"].integer(0, 1000),
        range=w["range"].number(positive=True, hi=1000),
        abilities=abilities,
        volley=volley,
    )


def _reactions(f: Field, by_id: dict[str, Unit]) -> dict[str, Reactions]:
    out = {}
    for key, r in f.entries():
        if key != "default" and key not in by_id:
            raise r.fail(f"names unknown unit id {key!r} (use a unit id or 'default')")
        r.only(REACTIONS)
        out[key] = Reactions(**{k: r.get(k, True).boolean() for k in REACTIONS})
    return out


def parse(root: Field) -> tuple[Board, tuple[Unit, ...], Attack, dict]:
    """Validate a Robotech scenario: board, units, attack and options."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    table = parse_table(root)
    terrain = parse_terrain(root, table)
    units = [_unit(u, table) for u in root["units"].items(1)]
    by_id = check_unique_ids(units)
    a = root["attack"].only(("attacker", "weapon", "targets", "point", "reactions"))
    attacker = unit_ref(a["attacker"], by_id)
    if not by_id[attacker].is_mecha:
        raise a["attacker"].fail("must be a mecha (structures do not attack)")
    weapon = _weapon(a["weapon"])
    targets = tuple(unit_ref(t, by_id) for t in a.get("targets", []).items())
    point = parse_point(a["point"], table) if a.has("point") else None
    if point is None and not targets:
        raise a.fail("needs 'targets' (unit ids) or a 'point' (Indirect Fire ground shot)")
    if point is not None and targets:
        raise a["point"].fail("give either 'targets' or 'point', not both")
    if targets and len(targets) > weapon.volley:
        raise a["targets"].fail(f"names {len(targets)} missiles but the volley is {weapon.volley}")
    attack = Attack(attacker, weapon, targets, point, _reactions(a.get("reactions", {}), by_id))
    return Board(table, terrain), tuple(units), attack, options

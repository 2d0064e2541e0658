"""Robotech RPG Tactics scenarios: mecha and structures on a tabletop, one Blast attack.

Fields follow shared/spec/scenario.md; additions documented here:
- ``terrain``: optional list of ``{"points": [[x, y], ...]}``, blocking line of sight (two
  points: a wall segment; three or more: a polygon).
- unit ``mdc`` (optional, damage capacity left): the unit is destroyed when the attack's
  damage reaches it (effects ``destroyed``, odds ``p_destroyed``).
- unit ``dodge_modifier`` (optional integer, default 0): added to the mecha's Dodge rolls.
- unit ``squadron`` (optional name, mecha only): mecha of one squadron do not block each
  other's line of sight (option ``line_of_sight`` "bases").
  Structures carry none of ``gn``, ``pil``, ``cp``, ``life_is_cheap``, ``anti_missile``,
  ``dodge_modifier``, and a Life is Cheap mecha no ``cp`` (refused: never used).
- unit ``leadership`` (optional integer, default 0, mecha only): adds to its side's pool of
  Command Points (option ``command_points`` "side").
- ``attack.cp`` (optional, per side name: an integer): the Command Points of each side's
  pool, spent by any of its mecha (option ``command_points`` "side"); a side it leaves out
  has as many as its mecha on the table plus their total Leadership. Under "mecha" each
  mecha spends its own ``cp`` instead (the unit field, ignored under "side").
- ``attack.strike_modifier`` (optional integer, default 0): added to every first Roll to
  Strike (D6 + GN + modifier); never to the new Strike after a scatter, which is "just"
  D6 + 1 (RT-14).
- ``attack.targets``: the first id is the primary target; missiles at any other id are
  secondary (-3 to Strike). One id puts the whole volley on it; a volley divided between
  targets needs one id per missile (repeat an id to put several missiles on it).
- ``attack.reactions``: per unit id, or ``default`` for every unit without its own entry;
  a unit with neither uses the policy ``best``; a mecha of the attacker's side reacts only
  with an entry by its id (a side never reacts against its own attack). Each entry is one of
  - today's booleans ``{"shoot_down": true, "dodge": true, "roll_with_impact": true}``: the
    reactions allowed, tried in the order shoot-down, Dodge, Roll with Impact while CP last;
    the mecha decides its shoot-down when its turn comes (unit order), seeing which
    missiles over it are still in the air;
  - ``{"order": ["dodge", "roll_with_impact", "shoot_down"]}``: the reactions allowed, by
    priority: a mecha never spends a CP that it needs for a reaction it ranks higher and
    may still make against the missiles over it;
  - ``"best"`` or ``{"policy": "best"}``: at each decision, the reaction that minimises the
    mecha's own expected damage (see engine/systems/robotech/__init__.py);
  and any of them may add ``"keep_cp": N``, Command Points the mecha never spends. Mecha
  with an ``order`` or the policy declare their shoot-downs together, before any is rolled,
  each seeing every missile over it.
- options: ``natural_rolls`` (false | "strike-and-dodge" | "point-of-impact" | true,
  default false: totals decide the first Strike, the Dodge and the damage;
  "strike-and-dodge": a natural 6 always succeeds and a natural 1 always fails the first
  Strike and the Dodge; "point-of-impact": the first Strike only; true: natural 6 and 1
  decide every Strike and Dodge comparison), ``split_volley_miss`` ("separate" | "single",
  default "separate": does a divided volley that misses entirely still scatter each
  missile, RT-21, or one template, RT-20), ``volley_miss_damage`` ("full" | "half", default
  "full": the damage of that one template), ``impact_halves`` ("volley" | "missile",
  default "volley": the one Roll with Impact of a volley halves the total, or each
  missile's damage), ``shoot_down_by`` ("under-template" | "would-damage", default
  "under-template": who may shoot a Blast Missile down, RT-11) and ``shoot_for_others``
  (true | false, default true: a mecha shoots to protect others of its side when the
  missiles would not damage it), ``shoot_and_dodge`` (false | true, default false: a
  mecha that tried a shoot-down may not also Dodge, "Dodge OR shoot down") and
  ``inescapable_count`` ("under-template" | "would-damage", default "under-template": the
  missiles that count toward RT-18's four, those over the mecha or those striking it) and
  ``impact_minimum`` (1 | 0, default 1: the least a Roll with Impact leaves of a damage)
  ``line_of_sight`` ("bases" | "terrain", default "bases": what blocks a sight line) and
  ``command_points`` ("side" | "mecha", default "side": a side's pool, or each mecha's own).
  See engine/systems/robotech/__init__.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
from engine.words import msg

OPTIONS = {"natural_rolls": False, "dodge_adds_pil": True,
           "template_winding": "clockwise", "split_volley_miss": "separate",
           "volley_miss_damage": "full", "impact_halves": "volley",
           "shoot_down_by": "under-template", "shoot_for_others": True,
           "shoot_and_dodge": False, "inescapable_count": "under-template",
           "impact_minimum": 1,
           "line_of_sight": "bases", "command_points": "side"}
OPTION_CHOICES = {
    "natural_rolls": (False, "strike-and-dodge", "point-of-impact", True),
    "dodge_adds_pil": (True, False),
    "template_winding": ("clockwise", "counter-clockwise"),
    "split_volley_miss": ("separate", "single"),
    "volley_miss_damage": ("full", "half"),
    "impact_halves": ("volley", "missile"),
    "shoot_down_by": ("under-template", "would-damage"),
    "shoot_for_others": (True, False),
    "shoot_and_dodge": (False, True),
    "inescapable_count": ("under-template", "would-damage"),
    "impact_minimum": (1, 0),
    "line_of_sight": ("bases", "terrain"),
    "command_points": ("side", "mecha"),
}
ABILITIES = ("blast", "missile", "volley", "indirect_fire", "overwhelming", "inescapable")
REACTIONS = ("shoot_down", "dodge", "roll_with_impact")
"""The three reactions, in the order the rule makes them happen."""
UNIT_KINDS = ("mecha", "structure")
MECHA_FIELDS = ("gn", "pil", "cp", "life_is_cheap", "anti_missile", "dodge_modifier",
                "squadron", "leadership")
MODIFIER_LIMIT = 10


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
    dodge_modifier: int = 0
    squadron: str | None = None
    leadership: int = 0

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
    """What a mecha does when the rules let it: the reactions it allows, by priority
    (`order`), the Command Points it never spends (`keep`), or the policy `best`; and
    whether it decides its shoot-down when its turn comes (`in_turn`, today's booleans)
    or declares it with every other mecha before any is rolled."""

    order: tuple[str, ...] = REACTIONS
    keep: int = 0
    best: bool = False
    in_turn: bool = False

    def allows(self, reaction: str) -> bool:
        return reaction in self.order


BEST = Reactions(best=True)
"""The reactions of a unit the scenario says nothing about."""


@dataclass(frozen=True)
class Attack:
    attacker: str
    weapon: Weapon
    targets: tuple[str, ...]
    point: tuple[float, float] | None
    reactions: dict[str, Reactions]
    strike_modifier: int = 0
    cp: dict[str, int] | None = None  # each side's Command Points, when the scenario says

    def reactions_of(self, unit_id: str) -> Reactions:
        return self.reactions.get(unit_id) or self.reactions.get("default") or BEST


@dataclass(frozen=True)
class Board:
    table: Table
    terrain: Terrain = ()


def _unit(u: Field, table: Table) -> Unit:
    u.only(("id", "side", "name", "kind", "x", "y", "base_mm", "df", "mdc", *MECHA_FIELDS))
    uid, side, name = parse_identity(u)
    kind = u.get("kind", "mecha").choice(UNIT_KINDS)
    if kind == "structure":
        for key in MECHA_FIELDS:
            if u.has(key):
                raise u[key].fail(msg("scenario.rt.structure_field"))
    if u.get("life_is_cheap", False).value is True and u.get("cp", 0).value:
        raise u["cp"].fail(msg("scenario.rt.life_is_cheap_cp"))
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
        dodge_modifier=u.get("dodge_modifier", 0).integer(-MODIFIER_LIMIT, MODIFIER_LIMIT),
        squadron=u["squadron"].string(40) if u.has("squadron") else None,
        leadership=u.get("leadership", 0).integer(0, 10),
    )


def _weapon(w: Field) -> Weapon:
    w.only(("name", "md", "range", "abilities", "volley"))
    abilities = frozenset(a.choice(ABILITIES) for a in w.get("abilities", ["blast"]).items())
    volley = w.get("volley", 1).integer(1, 12)
    if volley > 1 and "volley" not in abilities:
        raise w["volley"].fail(msg("scenario.rt.needs_volley"))
    return Weapon(
        name=w.get("name", "Blast weapon").string(80),
        md=w["md"].integer(0, 1000),
        range=w["range"].number(positive=True, hi=1000),
        abilities=abilities,
        volley=volley,
    )


def _one_reactions(r: Field) -> Reactions:
    """One entry of ``attack.reactions``: booleans, an order, or the policy best."""
    if r.value == "best":
        return BEST
    r.only((*REACTIONS, "order", "policy", "keep_cp"))
    keep = r.get("keep_cp", 0).integer(0, 50)
    flags = [k for k in REACTIONS if r.has(k)]
    given = [k for k in ("order", "policy") if r.has(k)] + (["booleans"] if flags else [])
    if len(given) > 1:
        raise r.fail(msg("scenario.rt.reactions_several"))
    if r.has("policy"):
        r["policy"].choice(("best",))
        return Reactions(keep=keep, best=True)
    if r.has("order"):
        order = tuple(o.choice(REACTIONS) for o in r["order"].items(0, len(REACTIONS)))
        if len(set(order)) < len(order):
            raise r["order"].fail(msg("scenario.rt.reaction_twice"))
        return Reactions(order, keep)
    return Reactions(tuple(k for k in REACTIONS if r.get(k, True).boolean()), keep,
                     in_turn=True)


def _reactions(f: Field, by_id: dict[str, Unit]) -> dict[str, Reactions]:
    out = {}
    for key, r in f.entries():
        if key != "default" and key not in by_id:
            raise r.fail(msg("scenario.rt.unknown_reactor", id=repr(key)))
        if key != "default" and not by_id[key].is_mecha:
            raise r.fail(msg("scenario.rt.structure_reacts", id=repr(key)))
        out[key] = _one_reactions(r)
    return out


def _side_cp(a: Field, units: Sequence[Unit]) -> dict[str, int] | None:
    """``attack.cp``: per side, the Command Points of its pool (option ``command_points``
    "side"); a side left out has its mecha's number plus their Leadership."""
    if not a.has("cp"):
        return None
    sides = {u.side for u in units}
    out = {}
    for side, cp in a["cp"].entries():
        if side not in sides:
            raise cp.fail(msg("scenario.rt.unknown_side", sides=sorted(sides)))
        out[side] = cp.integer(0, 50)
    return out


def _targets(a: Field, by_id: dict[str, Unit], volley: int) -> tuple[str, ...]:
    """``attack.targets``: one id for the whole volley, or one id per missile."""
    targets = tuple(unit_ref(t, by_id) for t in a.get("targets", []).items())
    if len(targets) > volley:
        raise a["targets"].fail(msg("scenario.rt.too_many_targets", n=len(targets),
                                     volley=volley))
    if len(set(targets)) > 1 and len(targets) < volley:
        raise a["targets"].fail(msg("scenario.rt.split_volley", volley=volley, n=len(targets)))
    return targets


def parse_setting(root: Field) -> tuple[Board, tuple[Unit, ...], dict[str, Any]]:
    """The options, board and units of a Robotech scenario: all but its attack."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    table = parse_table(root)
    terrain = parse_terrain(root, table)
    units = [_unit(u, table) for u in root["units"].items(1)]
    check_unique_ids(units)
    return Board(table, terrain), tuple(units), options


def parse_attack(root: Field, board: Board, units: tuple[Unit, ...],
                 options: dict[str, Any]) -> Attack:
    """The attack of a Robotech scenario, on its valid board and units (`parse_setting`)."""
    by_id = {u.id: u for u in units}
    a = root["attack"].only(("attacker", "weapon", "targets", "point", "reactions",
                             "strike_modifier", "cp"))
    attacker = unit_ref(a["attacker"], by_id)
    if not by_id[attacker].is_mecha:
        raise a["attacker"].fail(msg("scenario.rt.attacker_mecha"))
    weapon = _weapon(a["weapon"])
    targets = _targets(a, by_id, weapon.volley)
    point = parse_point(a["point"], board.table) if a.has("point") else None
    if point is None and not targets:
        raise a.fail(msg("scenario.rt.no_target"))
    if point is not None and targets:
        raise a["point"].fail(msg("scenario.rt.target_and_point"))
    modifier = a.get("strike_modifier", 0).integer(-MODIFIER_LIMIT, MODIFIER_LIMIT)
    return Attack(attacker, weapon, targets, point, _reactions(a.get("reactions", {}), by_id),
                  modifier, _side_cp(a, units))

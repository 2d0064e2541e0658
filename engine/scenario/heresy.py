"""Warhammer 40,000 7th / Horus Heresy scenarios: models on a tabletop, one Blast weapon.

Fields follow shared/spec/scenario.md; additions documented here:
- ``terrain``: optional list of ``{"points": [[x, y], ...]}`` (two points: a wall segment;
  three or more: a polygon). A feature without ``cover`` blocks line of sight, as for
  Robotech: it only decides which models are visible to the firer (HH-1); Hits ignore it
  (HH-5, HH-7). A feature with ``cover`` (a save 2-6) is an area of cover that does not
  block sight: a model whose line from the firer (a Mega-blast: from the final centre of
  the marker, HH-14) passes through it, or who stands in it, may take that cover save.
- model ``cover`` (optional cover save 2-6): a cover save the scenario's author judges the
  model to have against this attack whatever the terrain. The model takes the best of its
  saves. Never against a Gets Hot wound (HH-18, HH-19).
  ``vehicle`` models carry ``hull`` ``{w, h, facing}`` (inches; ``w`` along the facing)
  and ``armour`` ``{front, side, rear}``; ``hp`` Hull Points (1-20, default 3). The fields
  of the other kind (a vehicle's ``t``, ``w``, ``sv``, ``inv``, ``fnp``, ``cover``,
  ``base_mm``; an infantry model's ``hull``, ``armour``, ``hp``) are refused, not dropped.
- ``unit`` names a unit of one side: models of different sides may not share it (a unit
  is its side and its name).
- weapon ``barrage`` is not part of the seed and is not accepted.
- attack ``reroll``: ``"none"`` (default), ``"full"`` (may fully re-roll To Hit: HH-10) or
  ``"ones"`` (re-roll To Hit 1s only: no effect on blasts, HH-10); ``snap_shot`` (bool,
  refused by HH-11).
- attack ``aim`` (optional ``{x, y}`` or ``"auto"``): where the hole is placed; the hole (a
  disc of option ``hole_mm``) must lie entirely over the target's base or hull (HH-1).
  Default: the target's centre. ``"auto"``: the legal position nearest the target's centre
  (HH-1 to HH-3), or a refusal saying that none exists.
- attack ``each_shot`` (optional, one entry per shot of the weapon): ``{"target", "aim"}``
  per shot (HH-9: each shot is placed as described for one), both optional: the target
  defaults to ``attack.target``, the aim to ``attack.aim`` for that target, else its centre.
  Each shot is checked against HH-1 to HH-3.
- attack ``reroll_when``: when a model that may fully re-roll (``reroll: "full"`` or
  Twin-linked) re-rolls the scatter (HH-10): ``"best"`` (default: when a fresh scatter is
  expected to do better, enemy models hit minus own models hit, than the one kept),
  ``"target-missed"`` (the target model is not under the marker), ``"missed-or-friendly"``
  (the target is not under it or any friendly model is) or ``"never"``. Refused for a
  firer that cannot re-roll the scatter.
- weapon: ``s`` and ``ap`` are refused beside ``mega`` (its zones carry them).
- options (facts.md, our readings): ``edition`` ``"hh2"`` | ``"7th"`` (a vehicle's Gets Hot
  glances on 1-2 or 1-3); ``vehicle_facing`` ``"firer"`` (default) | ``"marker"`` (armour
  facing of an ordinary blast hit: from the firer, or from the marker centre, side when the
  centre is over the hull); ``instant_death`` (default true: S >= 2T removes a model's
  remaining Wounds, no Feel No Pain); ``pool_order`` ``"best-first"`` (default) |
  ``"worst-first"`` (order of the Wound Pools: inner zone and AP 2 first, or the reverse);
  ``ones_reroll_gets_hot`` (default true: an ability to re-roll To Hit rolls of 1 re-rolls
  a blast's Gets Hot 1s too. HH-20 names BS 6+, itself a re-roll of 1s To Hit, among the
  abilities that do; HH-10's exclusion of re-roll-1s abilities is about the Scatter dice
  and the 2D6 only. False: only full re-rolls, Twin-linked and BS 6+ do);
  ``allocation`` ``"closest"`` (default: each wound to the closest model, HH-8) |
  ``"defender"`` (the defender's choice of any model, in the order that loses the fewest
  models); ``breaching_ap`` ``"better"`` (default: a Breaching wound takes AP 2 or the
  weapon's AP, whichever is better, so an AP 1 weapon stays AP 1) | ``"literal"`` (always
  AP 2, as HH-16's "instead of" reads); ``hole_mm`` (default 5; 0, 3, 4, 6: the centre
  hole's diameter in millimetres, HH-1, not printed in the rules); ``mega_zones``
  ``"diameters"`` (default: the Mega-blast's 5"/7"/10" are its zones' diameters) |
  ``"equal-rings"`` (three rings of equal width, HH-13); ``straddle`` ``"wounds-more"``
  (default: a model straddling Mega-blast zones takes the profile likelier to cost it a
  Wound; a vehicle the higher Strength) | ``"higher-strength"`` (the higher S, then the
  better AP) | ``"innermost"`` (the innermost zone it touches), see
  engine/systems/heresy/zones.py.
- weapon ``gets_hot`` and ``twin_linked`` (booleans) say what ``rules`` may say too: a
  rule listed there beside its field set to false is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import ScenarioError
from engine.scenario.common import (
    Table,
    Terrain,
    check_unique_ids,
    parse_identity,
    parse_options,
    parse_point,
    parse_table,
    unit_ref,
)
from engine.scenario.fields import Field
from engine.words import msg

OPTIONS = {"edition": "hh2", "vehicle_facing": "firer", "instant_death": True,
           "pool_order": "best-first", "ones_reroll_gets_hot": True, "allocation": "closest",
           "breaching_ap": "better", "hole_mm": 5, "mega_zones": "diameters",
           "straddle": "wounds-more"}
OPTION_CHOICES = {"edition": ("hh2", "7th"), "vehicle_facing": ("firer", "marker"),
                  "instant_death": (True, False), "pool_order": ("best-first", "worst-first"),
                  "ones_reroll_gets_hot": (True, False), "allocation": ("closest", "defender"),
                  "breaching_ap": ("better", "literal"), "hole_mm": (5, 0, 3, 4, 6),
                  "mega_zones": ("diameters", "equal-rings"),
                  "straddle": ("wounds-more", "higher-strength", "innermost")}
BLAST_SIZES = (3, 5, 7, 10)
WEAPON_RULES = ("ordnance", "twin_linked", "gets_hot", "blast")
REROLLS = ("none", "full", "ones")
REROLL_WHEN = ("best", "target-missed", "missed-or-friendly", "never")
AUTO = "auto"
INFANTRY_ONLY = ("t", "w", "sv", "inv", "fnp", "cover", "base_mm")
VEHICLE_ONLY = ("hull", "armour", "hp")


@dataclass(frozen=True)
class Hull:
    w: float
    h: float
    facing: float


@dataclass(frozen=True)
class Model:
    """One model: infantry-like (base, T, W, saves) or a vehicle (hull, armour, HP)."""

    id: str
    side: str
    name: str
    unit: str
    x: float
    y: float
    base_mm: float = 32.0
    t: int = 4
    w: int = 1
    sv: int | None = None
    inv: int | None = None
    fnp: int | None = None
    cover: int | None = None
    vehicle: bool = False
    hull: Hull | None = None
    armour: tuple[int, int, int] | None = None  # front, side, rear
    hp: int = 0


@dataclass(frozen=True)
class Weapon:
    name: str
    s: int
    ap: int | None
    shots: int
    range: float
    min_range: float
    blast: int
    rules: frozenset[str]
    mega: tuple[tuple[int, int | None], ...] | None
    breaching: int | None
    gets_hot: bool
    twin_linked: bool


Aim = tuple[float, float] | str | None
"""A hole position: a table point, ``"auto"``, or None (the target's centre)."""


@dataclass(frozen=True)
class Shot:
    """HH-9: one shot's target model and where its hole is placed."""

    target: str
    aim: Aim = None


@dataclass(frozen=True)
class Attack:
    firer: str
    bs: int
    weapon: Weapon
    target: str
    reroll: str = "none"
    snap_shot: bool = False
    aim: Aim = None
    reroll_when: str = "best"
    shots: tuple[Shot, ...] = ()


@dataclass(frozen=True)
class Board:
    """The table; `terrain` every feature drawn, `cover` per feature its cover save (None:
    it blocks line of sight instead)."""

    table: Table
    terrain: Terrain = ()
    cover: tuple[int | None, ...] = ()

    @property
    def blocking(self) -> Terrain:
        """The features that block line of sight (HH-1)."""
        return tuple(f for f, c in zip(self.terrain, self.cover, strict=True) if c is None)

    @property
    def areas(self) -> tuple[tuple[tuple[tuple[float, float], ...], int], ...]:
        """The areas of cover, with their saves (HH-14)."""
        return tuple((f, c) for f, c in zip(self.terrain, self.cover, strict=True)
                     if c is not None)


def _opt_save(f: Field) -> int | None:
    return None if f.value is None else f.integer(2, 6)


def _model(u: Field, table: Table) -> Model:
    u.only(("id", "side", "name", "unit", "x", "y", "base_mm", "t", "w", "sv", "inv", "fnp",
            "cover", "vehicle", "hull", "armour", "hp"))
    uid, side, name = parse_identity(u)
    vehicle = u.get("vehicle", False).boolean()
    for key in VEHICLE_ONLY if not vehicle else INFANTRY_ONLY:
        if u.has(key):
            raise u[key].fail(msg("scenario.hh.not_for_vehicle" if vehicle
                                  else "scenario.hh.not_for_model"))
    hull = armour = None
    if vehicle:
        h = u["hull"].only(("w", "h", "facing"))
        hull = Hull(h["w"].number(positive=True, hi=40), h["h"].number(positive=True, hi=40),
                    h.get("facing", 0).number(0, 360))
        a = u["armour"].only(("front", "side", "rear"))
        armour = (a["front"].integer(1, 14), a["side"].integer(1, 14), a["rear"].integer(1, 14))
    return Model(
        id=uid, side=side, name=name, unit=u.get("unit", uid).string(60),
        x=u["x"].number(0, table.width), y=u["y"].number(0, table.height),
        base_mm=u.get("base_mm", 32).number(positive=True, hi=500),
        t=u.get("t", 4).integer(1, 10), w=u.get("w", 1).integer(1, 20),
        sv=_opt_save(u.get("sv")), inv=_opt_save(u.get("inv")), fnp=_opt_save(u.get("fnp")),
        cover=_opt_save(u.get("cover")),
        vehicle=vehicle, hull=hull, armour=armour,
        hp=u.get("hp", 3).integer(1, 20) if vehicle else 0,
    )


def _ap(f: Field) -> int | None:
    return None if f.value is None else f.integer(1, 6)


def _weapon(w: Field) -> Weapon:
    w.only(("name", "s", "ap", "shots", "range", "min_range", "blast", "rules", "mega",
            "breaching", "gets_hot", "twin_linked"))
    rules = frozenset(r.choice(WEAPON_RULES) for r in w.get("rules", []).items())
    mega = None
    if w.has("mega"):
        for key in ("s", "ap"):
            if w.has(key):
                raise w[key].fail(msg("scenario.hh.beside_mega"))
        zones = [z for z in w["mega"].items(3, 3) if z.list(2, 2)]
        mega = tuple((z[0].integer(1, 10), _ap(z[1])) for z in zones)
    blast = w.get("blast", 3).integer()
    if blast not in BLAST_SIZES:
        raise w["blast"].fail(msg("scenario.hh.marker"))
    if mega is not None and blast != 10:
        raise w["blast"].fail(msg("scenario.hh.mega_marker"))
    rng = w["range"].number(positive=True, hi=1000)
    return Weapon(
        name=w.get("name", "Blast weapon").string(80),
        s=w["s"].integer(1, 10) if mega is None else mega[0][0],
        ap=_ap(w.get("ap")) if mega is None else mega[0][1],
        shots=w.get("shots", 1).integer(1, 20),
        range=rng, min_range=w.get("min_range", 0).number(0, rng),
        blast=blast, rules=rules, mega=mega,
        breaching=None if not w.has("breaching") else w["breaching"].integer(2, 6),
        gets_hot=_rule_flag(w, rules, "gets_hot"),
        twin_linked=_rule_flag(w, rules, "twin_linked"),
    )


def _rule_flag(w: Field, rules: frozenset[str], rule: str) -> bool:
    """A weapon rule given in ``rules``, by its own boolean field, or both (which must then
    agree: listed in ``rules`` and false is a contradiction, refused)."""
    listed = rule in rules
    if not w.has(rule):
        return listed
    value = w[rule].boolean()
    if listed and not value:
        raise w[rule].fail(msg("scenario.hh.rule_false"))
    return value


def _aim(f: Field, table: Table) -> Aim:
    """A hole position: ``[x, y]``, ``{x, y}`` or ``"auto"`` (absent: the target's centre)."""
    if f.value is None:
        return None
    if f.value == AUTO:
        return AUTO
    return parse_point(f, table)


def _shots(a: Field, weapon: Weapon, target: str, aim: Aim, by_id: dict[str, Any], table: Table
           ) -> tuple[Shot, ...]:
    """HH-9: each shot's target and aim (``attack.each_shot``, or every shot at `target`)."""
    if not a.has("each_shot"):
        return (Shot(target, aim),) * weapon.shots
    out = []
    for s in a["each_shot"].items(weapon.shots, weapon.shots):
        s.only(("target", "aim"))
        t = unit_ref(s["target"], by_id) if s.has("target") else target
        out.append(Shot(t, _aim(s.get("aim"), table) if s.has("aim")
                        else aim if t == target else None))
    return tuple(out)


def _check_units(models: list[Model]) -> None:
    """A unit is one side's: a unit name shared across sides is refused."""
    side_of: dict[str, str] = {}
    for i, m in enumerate(models):
        if side_of.setdefault(m.unit, m.side) != m.side:
            raise ScenarioError(f"units[{i}].unit", msg("scenario.hh.unit_sides",
                                                        unit=repr(m.unit),
                                                        side=repr(side_of[m.unit])))


def _board(root: Field, table: Table) -> Board:
    """The table and its terrain: sight-blocking features and areas of cover (HH-14)."""
    features = [t.only(("points", "cover")) for t in root.get("terrain", []).items()]
    terrain = tuple(tuple(parse_point(p, table) for p in t["points"].items(2))
                    for t in features)
    return Board(table, terrain, tuple(_opt_save(t.get("cover")) for t in features))


def parse_setting(root: Field) -> tuple[Board, tuple[Model, ...], dict[str, Any]]:
    """The options, table and models of a Heresy scenario: all but its attack."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    table = parse_table(root)
    board = _board(root, table)
    models = [_model(u, table) for u in root["units"].items(1)]
    check_unique_ids(models)
    _check_units(models)
    return board, tuple(models), options


def parse_attack(root: Field, board: Board, models: tuple[Model, ...],
                 options: dict[str, Any]) -> Attack:
    """The attack of a Heresy scenario, on its valid table and models (`parse_setting`)."""
    by_id = {m.id: m for m in models}
    table = board.table
    a = root["attack"].only(("firer", "bs", "weapon", "target", "reroll", "snap_shot", "aim",
                             "reroll_when", "each_shot"))
    weapon, target = _weapon(a["weapon"]), unit_ref(a["target"], by_id)
    aim = _aim(a.get("aim"), table)
    reroll = a.get("reroll", "none").choice(REROLLS)
    if a.has("reroll_when") and reroll != "full" and not weapon.twin_linked:
        raise a["reroll_when"].fail(msg("scenario.hh.reroll_when"))
    return Attack(
        firer=unit_ref(a["firer"], by_id), bs=a["bs"].integer(1, 10),
        weapon=weapon, target=target, reroll=reroll,
        snap_shot=a.get("snap_shot", False).boolean(),
        aim=aim, reroll_when=a.get("reroll_when", "best").choice(REROLL_WHEN),
        shots=_shots(a, weapon, target, aim, by_id, table),
    )

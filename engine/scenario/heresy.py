"""Warhammer 40,000 7th / Horus Heresy scenarios: models on a tabletop, one Blast weapon.

Fields follow shared/spec/scenario.md; additions documented here:
- ``terrain``: optional list of ``{"points": [[x, y], ...]}``, features that block line of
  sight (two points: a wall segment; three or more: a polygon), as for Robotech. They only
  decide which models are visible to the firer (HH-1); Hits ignore them (HH-5, HH-7).
- model ``cover`` (optional cover save 2-6): the cover save the scenario's author judges
  the model to have against this attack (from the firer; from the marker centre for a
  Mega-blast, HH-14). Never used against a Gets Hot wound (HH-18).
  ``vehicle`` models carry ``hull`` ``{w, h, facing}`` (inches; ``w`` along the facing)
  and ``armour`` ``{front, side, rear}``; ``hp`` Hull Points (default 3).
- weapon ``barrage`` is not part of the seed and is not accepted.
- attack ``reroll``: ``"none"`` (default), ``"full"`` (may fully re-roll To Hit: HH-10) or
  ``"ones"`` (re-roll To Hit 1s only: no effect on blasts, HH-10); ``snap_shot`` (bool,
  refused by HH-11).
- attack ``aim`` (optional ``{x, y}``): where the hole is placed; it must lie over the
  target's base or hull (HH-1). Default: the target's centre.
- attack ``reroll_when``: when a model that may fully re-roll (``reroll: "full"`` or
  Twin-linked) re-rolls the scatter (HH-10): ``"target-missed"`` (default: the target
  model is not under the marker), ``"missed-or-friendly"`` (the target is not under it or
  any friendly model is) or ``"never"``.
- options (facts.md, our readings): ``edition`` ``"hh2"`` | ``"7th"`` (a vehicle's Gets Hot
  glances on 1-2 or 1-3); ``vehicle_facing`` ``"firer"`` (default) | ``"marker"`` (armour
  facing of an ordinary blast hit: from the firer, or from the marker centre, side when the
  centre is over the hull); ``instant_death`` (default true: S >= 2T removes a model's
  remaining Wounds, no Feel No Pain); ``pool_order`` ``"best-first"`` (default) |
  ``"worst-first"`` (order of the Wound Pools: inner zone and AP 2 first, or the reverse);
  ``ones_reroll_gets_hot`` (default true: an ability to re-roll To Hit rolls of 1 re-rolls
  a blast's Gets Hot 1s too. HH-20 names BS 6+, itself a re-roll of 1s To Hit, among the
  abilities that do; HH-10's exclusion of re-roll-1s abilities is about the Scatter dice
  and the 2D6 only. False: only full re-rolls, Twin-linked and BS 6+ do).
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

OPTIONS = {"edition": "hh2", "vehicle_facing": "firer", "instant_death": True,
           "pool_order": "best-first", "ones_reroll_gets_hot": True}
OPTION_CHOICES = {"edition": ("hh2", "7th"), "vehicle_facing": ("firer", "marker"),
                  "instant_death": (True, False), "pool_order": ("best-first", "worst-first"),
                  "ones_reroll_gets_hot": (True, False)}
BLAST_SIZES = (3, 5, 7, 10)
WEAPON_RULES = ("ordnance", "twin_linked", "gets_hot", "blast")
REROLLS = ("none", "full", "ones")
REROLL_WHEN = ("target-missed", "missed-or-friendly", "never")


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


@dataclass(frozen=True)
class Attack:
    firer: str
    bs: int
    weapon: Weapon
    target: str
    reroll: str = "none"
    snap_shot: bool = False
    aim: tuple[float, float] | None = None
    reroll_when: str = "target-missed"


@dataclass(frozen=True)
class Board:
    table: Table
    terrain: Terrain = ()


def _opt_save(f: Field) -> int | None:
    return None if f.value is None else f.integer(2, 6)


def _model(u: Field, table: Table) -> Model:
    u.only(("id", "side", "name", "unit", "x", "y", "base_mm", "t", "w", "sv", "inv", "fnp",
            "cover", "vehicle", "hull", "armour", "hp"))
    uid, side, name = parse_identity(u)
    vehicle = u.get("vehicle", False).boolean()
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
        hp=u.get("hp", 3 if vehicle else 0).integer(0, 20),
    )


def _ap(f: Field) -> int | None:
    return None if f.value is None else f.integer(1, 6)


def _weapon(w: Field) -> Weapon:
    w.only(("name", "s", "ap", "shots", "range", "min_range", "blast", "rules", "mega",
            "breaching", "gets_hot", "twin_linked"))
    rules = frozenset(r.choice(WEAPON_RULES) for r in w.get("rules", []).items())
    mega = None
    if w.has("mega"):
        zones = [z for z in w["mega"].items(3, 3) if z.list(2, 2)]
        mega = tuple((z[0].integer(1, 10), _ap(z[1])) for z in zones)
    blast = w.get("blast", 3).integer()
    if blast not in BLAST_SIZES:
        raise w["blast"].fail("must be a marker diameter of 3, 5, 7 or 10 inches")
    if mega is not None and blast != 10:
        raise w["blast"].fail("an Apocalyptic Mega-blast uses the 10\" marker (HH-13)")
    rng = w["range"].number(positive=True, hi=1000)
    return Weapon(
        name=w.get("name", "Blast weapon").string(80),
        s=w["s"].integer(1, 10) if mega is None else mega[0][0],
        ap=_ap(w.get("ap")) if mega is None else mega[0][1],
        shots=w.get("shots", 1).integer(1, 20),
        range=rng, min_range=w.get("min_range", 0).number(0, rng),
        blast=blast, rules=rules, mega=mega,
        breaching=None if not w.has("breaching") else w["breaching"].integer(2, 6),
        gets_hot=w.get("gets_hot", "gets_hot" in rules).boolean(),
        twin_linked=w.get("twin_linked", "twin_linked" in rules).boolean(),
    )


def parse(root: Field) -> tuple[Board, tuple[Model, ...], Attack, dict]:
    """Validate a Heresy scenario: table, models, attack and options."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    table = parse_table(root)
    terrain = parse_terrain(root, table)
    models = [_model(u, table) for u in root["units"].items(1)]
    by_id = check_unique_ids(models)
    a = root["attack"].only(("firer", "bs", "weapon", "target", "reroll", "snap_shot", "aim",
                             "reroll_when"))
    aim = parse_point(a["aim"], table) if a.has("aim") else None
    attack = Attack(
        firer=unit_ref(a["firer"], by_id), bs=a["bs"].integer(1, 10),
        weapon=_weapon(a["weapon"]), target=unit_ref(a["target"], by_id),
        reroll=a.get("reroll", "none").choice(REROLLS),
        snap_shot=a.get("snap_shot", False).boolean(),
        aim=aim, reroll_when=a.get("reroll_when", "target-missed").choice(REROLL_WHEN),
    )
    return Board(table, terrain), tuple(models), attack, options

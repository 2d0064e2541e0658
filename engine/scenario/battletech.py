"""BattleTech Battlefield Support scenarios: units on a hex map, one turn of support.

Fields follow shared/spec/scenario.md; additions documented here:
- unit ``type``: ``"mech"`` (default), ``"vehicle"``, ``"infantry"`` or ``"building"``
  (BT-RULE.1: Assets take strikes as 'Mechs do); ``inside`` (a building's id, BT-BOMB.2)
  is implied by sharing a hex with a ``building`` unit or a terrain building.
- support ``preplotted`` (bool): the target is one of that selection's pre-plotted hexes
  (BT-ART.1); ``attack.preplotted``: ``{selection name: [hexes]}``, validated against the
  BT-ART.2 limits; support ``selection`` names the artillery selection a shot belongs to.
- ``attack.in_flight``: artillery fired in an earlier turn, landing this turn (BT-ART.3);
  the same shape as an artillery support.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexgrid import Hex, HexMap
from engine.scenario.common import check_unique_ids, parse_identity, parse_options
from engine.scenario.fields import Field

OPTIONS = {"scatter_diagram": "north-clockwise"}
OPTION_CHOICES = {"scatter_diagram": ("north-clockwise",)}
SUPPORT_KINDS = ("light_strike", "heavy_strike", "light_bombing", "heavy_bombing", "strafing",
                 "artillery", "bluff")
GUNS = ("thumper", "sniper", "long_tom")
UNIT_TYPES = ("mech", "vehicle", "infantry", "building")
SPOT_TURNS = ("fired", "arrival")
MAX_SHEETS = 6


@dataclass(frozen=True)
class Terrain:
    water: int = 0
    building_cf: int | None = None


@dataclass(frozen=True)
class Board:
    map: HexMap
    terrain: dict[Hex, Terrain]

    def terrain_at(self, h: Hex) -> Terrain:
        return self.terrain.get(h, Terrain())


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    name: str
    hex: Hex
    type: str = "mech"
    facing: int = 0


@dataclass(frozen=True)
class Support:
    kind: str
    target: Hex | None = None
    hexes: tuple[Hex, ...] = ()
    gun: str | None = None
    fired_turn: int | None = None
    preplotted: bool = False
    selection: str | None = None
    spotted: frozenset[str] = frozenset()
    spotter_attacked: bool = False


@dataclass(frozen=True)
class AirCover:
    kind: str  # "light" | "heavy"
    against: int  # index into the supports list


@dataclass(frozen=True)
class Attack:
    turn: int
    side: str
    supports: tuple[Support, ...]
    in_flight: tuple[Support, ...]
    air_cover: tuple[AirCover, ...]
    hidden_aerospace: bool
    preplotted: dict[str, tuple[Hex, ...]]


def _hex(f: Field, hexmap: HexMap) -> Hex:
    label = f.string(8)
    try:
        return hexmap.parse_label(label)
    except ValueError as e:
        raise f.fail(str(e)) from None


def _map(root: Field) -> Board:
    m = root["map"].only(("sheets", "terrain"))
    sheets = m["sheets"]
    sheets.list(2, 2)
    hexmap = HexMap(sheets[0].integer(1, MAX_SHEETS), sheets[1].integer(1, MAX_SHEETS))
    terrain = {}
    for label, t in m.get("terrain", {}).entries():
        h = _hex(Field(label, t.path), hexmap)
        t.only(("water", "building"))
        cf = None
        if t.has("building"):
            cf = t["building"].only(("cf",)).get("cf", 40).integer(1, 1000)
        terrain[h] = Terrain(water=t.get("water", 0).integer(0, 10), building_cf=cf)
    return Board(hexmap, terrain)


def _unit(u: Field, hexmap: HexMap) -> Unit:
    u.only(("id", "side", "name", "hex", "type", "facing"))
    uid, side, name = parse_identity(u)
    return Unit(uid, side, name, _hex(u["hex"], hexmap),
                u.get("type", "mech").choice(UNIT_TYPES), u.get("facing", 0).integer(0, 5))


def _support(s: Field, hexmap: HexMap) -> Support:
    s.only(("kind", "target", "hexes", "gun", "fired_turn", "preplotted", "selection",
            "spotted", "spotter_attacked"))
    kind = s["kind"].choice(SUPPORT_KINDS)
    if kind == "bluff":
        return Support(kind)
    if kind == "strafing":
        return Support(kind, hexes=tuple(_hex(h, hexmap) for h in s["hexes"].items(1, 5)))
    target = _hex(s["target"], hexmap)
    if kind != "artillery":
        return Support(kind, target=target)
    return Support(
        kind, target=target, gun=s["gun"].choice(GUNS),
        fired_turn=s["fired_turn"].integer(0, 1000) if s.has("fired_turn") else None,
        preplotted=s.get("preplotted", False).boolean(),
        selection=s.get("selection", s["gun"].value).string(40),
        spotted=frozenset(x.choice(SPOT_TURNS) for x in s.get("spotted", []).items()),
        spotter_attacked=s.get("spotter_attacked", False).boolean(),
    )


def parse(root: Field) -> tuple[Board, tuple[Unit, ...], Attack, dict]:
    """Validate a BattleTech scenario: map, units, the turn's supports and options."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    board = _map(root)
    units = [_unit(u, board.map) for u in root["units"].items()]
    check_unique_ids(units)
    a = root["attack"].only(("turn", "side", "supports", "in_flight", "air_cover",
                             "hidden_aerospace", "preplotted"))
    supports = tuple(_support(s, board.map) for s in a.get("supports", []).items())
    in_flight = tuple(_support(s, board.map) for s in a.get("in_flight", []).items())
    for f, s in zip(a.get("in_flight", []).items(), in_flight, strict=True):
        if s.kind != "artillery":
            raise f["kind"].fail("only artillery can be in flight (BT-ART.3)")
    covers = []
    for c in a.get("air_cover", []).items():
        c.only(("kind", "against"))
        covers.append(AirCover(c["kind"].choice(("light", "heavy")),
                               c["against"].integer(0, max(0, len(supports) - 1))))
    preplotted = {
        name: tuple(_hex(h, board.map) for h in hexes.items())
        for name, hexes in a.get("preplotted", {}).entries()
    }
    attack = Attack(
        turn=a.get("turn", 1).integer(0, 1000), side=a["side"].string(40),
        supports=supports, in_flight=in_flight, air_cover=tuple(covers),
        hidden_aerospace=a.get("hidden_aerospace", False).boolean(), preplotted=preplotted,
    )
    return board, tuple(units), attack, options

"""BattleTech Battlefield Support scenarios: units on a hex map, one turn of support.

Fields follow shared/spec/scenario.md; additions documented here:
- hex labels (every ``hex``, ``target``, ``hexes``, terrain and pre-plotted hex): four
  digits "CCRR", continuous over the whole map with a seam column between sheets side by
  side (MegaMek's convention), or as printed on one sheet with the sheet's letter, "B:0108"
  (`engine.hexgrid` explains both); nothing else, not even a space.
- unit ``type``: ``"mech"`` (default), ``"vehicle"``, ``"hover"``, ``"naval"``,
  ``"infantry"`` or ``"building"`` (BT-RULE.1: Assets take strikes as 'Mechs do; hover and
  naval units float: water never submerges them, BT-RULE.5); a unit is inside a building
  (BT-BOMB.2) when it shares a hex with a ``building`` unit or a terrain building.
- unit ``record`` ('Mechs only, optional): the record sheet, ``{"armour": {...},
  "structure": {...}}``, armour for Head, CT, LT, RT, LA, RA, LL, RL and the rear CT(R),
  LT(R), RT(R), structure for the eight locations; effects then show what is left and odds
  the chance per location that its armour is breached and that it is destroyed. Its
  optional ``left`` (same keys, 0 up to the sheet's value; structure 0: the location is
  destroyed) is what earlier turns left of it: this turn's damage starts from there
  (`battletech.next_turn` writes it).
- ``attack.held`` (optional): how many unused copies of each support the side holds,
  ``{"heavy_bombing": 1, "long_tom": 2, ...}`` (artillery by gun); each support is used
  once, hit or miss (facts.md), so a turn declares at most that many of each.
- ``attack.bsp`` (optional): each side's Battlefield Support Points for the game,
  ``{"Kurita": 20}``; ``attack.bsp_spent``: what each side spent in earlier turns (the
  next turn carries it on); ``attack.defender``: the side that plays Air Cover (default:
  the one side among the units that is not ``side``). A turn costs the BSP of the
  Battlefield Support table (`BSP_COST`, facts.md) for each support declared (artillery
  when fired) and each Air Cover card; a side whose spending in the game would pass its
  budget is refused.
- support ``preplotted`` (bool): the target is one of that selection's pre-plotted hexes
  (BT-ART.1); ``attack.preplotted``: ``{selection name: [hexes]}``, validated against the
  BT-ART.2 limits; support ``selection`` names the artillery selection a shot belongs to.
  A shot whose target is one of its selection's pre-plotted hexes IS pre-plotted (it hits
  automatically, BT-ART.1), flagged or not.
- ``attack.in_flight``: artillery fired in an earlier turn, landing this turn (BT-ART.3);
  the same shape as an artillery support. Its ``fired_turn`` (default ``turn - 1``) must be
  the previous turn: shells land in the NEXT turn's Weapon Attack Phase.
- ``spotted``: the turns (``"fired"``, ``"arrival"``) a 'Mech spotted the target hex;
  ``spotter_attacked``: the spotter also attacked (BT-ART.4: -1 instead of -2);
  ``spotter`` (optional unit id): who spots it in THIS turn (the turn of firing for
  ``supports``, of arrival for ``in_flight``), so the once-per-turn limit is checked.
- each support holds only the fields of its kind: ``hexes`` for strafing, nothing for a
  Bluff, ``target`` for the others (and the artillery fields for artillery); any other
  field is refused with its path, never ignored.

Validation beyond the field shapes (each error names the field and the clause):
- BT-GEN.4: at most 3 air strikes per turn: strikes, bombings, strafings and artillery
  FIRED this turn (``supports``); Bluff, Air Cover and artillery in flight do not count.
- BT-STRAFE.1: strafing hexes are 1 to 5 contiguous hexes in one straight line, listed in
  any order (resolved in the order given when it runs along the line, else along the line
  from its lower column, or its upper row in one column).
- BT-HIDDEN.4 / BT-BLUFF: a Bluff needs ``hidden_aerospace``; one Bluff per side (and so
  per turn: the scenario holds one turn).
- Air Cover (``air_cover[i].against``) must name an offensive aerospace card, never
  artillery.
- one use per support: an artillery selection fires once, so no two shots of one turn, nor
  a shot and a shell in flight, name the same ``selection`` (a shot at a pre-plotted hex
  names its selection, by default its gun); ``held`` bounds the count of each kind.
- BT-ART.1 / BT-ART.2: ``preplotted`` selections never share a hex (nor list one twice;
  a seam hex counts on both sheets it joins); each holds at most
  5 hexes (+3 per 2 map sheets beyond 4); at most 5 pre-plotted hexes per map sheet over
  all selections; a ``preplotted`` support's target is one of its selection's hexes;
  artillery in ``supports`` is fired this turn (``fired_turn``, if given, is ``turn``);
  a shell in flight is never pre-plotted (it would have hit when fired).
- BT-ART.4: a ``spotter`` is one of the firing side's units, spotting in this turn, and
  spots one hex per turn (any number of shells at that hex).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.hexgrid import Hex, HexMap, LabelError, is_straight_contiguous_line
from engine.scenario.common import check_unique_ids, parse_identity, parse_options
from engine.scenario.fields import Field
from engine.words import Words, msg

OPTIONS = {
    "scatter_diagram": "north-clockwise",
    "off_map": "lost",
    "split_arc": "defender",
    "artillery_centre": "roll",
    "asset_locations": "none",
    "ae_vs_infantry": 2,
    "building_damage": "bombing",
    "submerged_spotter": "refused",
    "direction_roll": "unit",
}
OPTION_CHOICES = {
    "scatter_diagram": ("north-clockwise", "north-counter-clockwise"),
    "off_map": ("lost", "area-on-map"),
    "split_arc": ("defender", "attacker"),
    "artillery_centre": ("roll", "front"),
    "asset_locations": ("none", "mech-table"),
    "ae_vs_infantry": (2, 1),
    "building_damage": ("bombing", "every-strike"),
    "submerged_spotter": ("refused", "allowed"),
    "direction_roll": ("unit", "attack"),
}
AIR_STRIKES_PER_TURN = 3
NOT_COUNTED = ("bluff",)
PREPLOTTED_BASE = 5
PREPLOTTED_PER_TWO_SHEETS = 3
PREPLOTTED_BASE_SHEETS = 4
PREPLOTTED_PER_SHEET = 5
STRAFE_MAX = 5
SUPPORT_KINDS = ("light_strike", "heavy_strike", "light_bombing", "heavy_bombing", "strafing",
                 "artillery", "bluff")
GUNS = ("thumper", "sniper", "long_tom")
UNIT_TYPES = ("mech", "vehicle", "hover", "naval", "infantry", "building")
FLOATING = ("hover", "naval")
SUBMERGED_DEPTH = 2
SPOT_TURNS = ("fired", "arrival")
SHEET_ARMOUR = ("Head", "CT", "LT", "RT", "LA", "RA", "LL", "RL", "CT(R)", "LT(R)", "RT(R)")
SHEET_STRUCTURE = ("Head", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
SHEET_MAX = 200
BSP_COST = {"light_strike": 2, "heavy_strike": 3, "light_bombing": 3, "heavy_bombing": 4,
            "strafing": 5, "thumper": 3, "sniper": 4, "long_tom": 6, "bluff": 0,
            "light_air_cover": 1, "heavy_air_cover": 2}
"""Battlefield Support Points per card (facts.md's table; it gives a Bluff no cost)."""
BSP_MAX = 10_000
THE_DEFENDER = "the defender"
"""`Attack.bsp_this_turn`'s key for a defender no side can name."""
ARTILLERY_FIELDS = ("kind", "target", "gun", "fired_turn", "preplotted", "selection",
                    "spotted", "spotter_attacked", "spotter")


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

    def submerges(self, unit: Unit) -> bool:
        """BT-RULE.5: the unit stands in water deep enough to submerge it (hover and naval
        units float on it)."""
        return unit.type not in FLOATING and self.terrain_at(unit.hex).water >= SUBMERGED_DEPTH


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    name: str
    hex: Hex
    type: str = "mech"
    facing: int = 0
    record: tuple[dict[str, int], dict[str, int]] | None = None
    worn: tuple[dict[str, int], dict[str, int]] | None = None  # record.left: earlier turns'



@dataclass(frozen=True)
class Support:
    kind: str
    target: Hex | None = None
    hexes: tuple[Hex, ...] = ()
    gun: str = ""  # artillery only
    fired_turn: int | None = None
    preplotted: bool = False
    selection: str = ""  # artillery only
    named: bool = False  # the selection is named in the document (not only its gun)
    spotted: frozenset[str] = frozenset()
    spotter_attacked: bool = False
    spotter: str | None = None

    @property
    def target_hex(self) -> Hex:
        """The one target hex of a support aimed at one (all but strafing and a Bluff)."""
        if self.target is None:
            raise ValueError(f"a {self.kind} support has no single target hex")
        return self.target

    @property
    def aimed_at(self) -> tuple[Hex, ...]:
        """Every hex the support is aimed at: a strafing run's, else its target (a Bluff:
        none)."""
        return self.hexes or (() if self.target is None else (self.target,))


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
    held: dict[str, int] | None = None
    bsp: dict[str, int] | None = None
    bsp_spent: dict[str, int] = field(default_factory=dict)
    defender: str | None = None

    def bsp_this_turn(self) -> dict[str, int]:
        """Battlefield Support Points each side spends this turn (`BSP_COST`): the attacker
        its supports (artillery when fired), the defender its Air Cover cards ("the
        defender" when no side can be named: several others, or none on the map)."""
        out = {self.side: sum(BSP_COST[held_name(s)] for s in self.supports)}
        if self.air_cover:
            out[self.defender or THE_DEFENDER] = sum(
                BSP_COST[f"{c.kind}_air_cover"] for c in self.air_cover)
        return out


def _hex(f: Field, hexmap: HexMap) -> Hex:
    if not isinstance(f.value, str):
        raise f.fail(msg("scenario.bt.hex_label"))
    try:
        return hexmap.parse_label(f.value)
    except LabelError as e:
        raise f.fail(e.words) from None


def _map(root: Field) -> Board:
    m = root["map"].only(("sheets", "terrain"))
    sheets = m["sheets"]
    sheets.list(2, 2)
    hexmap = HexMap(sheets[0].integer(1, HexMap.MAX_WIDE), sheets[1].integer(1, HexMap.MAX_TALL))
    terrain = {}
    for label, t in m.get("terrain", {}).entries():
        h = _hex(Field(label, t.path), hexmap)
        if h in terrain:
            raise t.fail(msg("scenario.bt.hex_twice", hex=h.label))
        t.only(("water", "building"))
        cf = None
        if t.has("building"):
            cf = t["building"].only(("cf",)).get("cf", 40).integer(1, 1000)
        terrain[h] = Terrain(water=t.get("water", 0).integer(0, 10), building_cf=cf)
    return Board(hexmap, terrain)


def _unit(u: Field, hexmap: HexMap) -> Unit:
    u.only(("id", "side", "name", "hex", "type", "facing", "record"))
    uid, side, name = parse_identity(u)
    kind = u.get("type", "mech").choice(UNIT_TYPES)
    record = worn = None
    if u.has("record"):
        if kind != "mech":
            raise u["record"].fail(msg("scenario.bt.record_mechs"))
        record = _record(u["record"])
        if u["record"].has("left"):
            worn = _record(u["record"]["left"], record)
    return Unit(uid, side, name, _hex(u["hex"], hexmap), kind, u.get("facing", 0).integer(0, 5),
                record, worn)


def _record(f: Field, full: tuple[dict[str, int], dict[str, int]] | None = None
            ) -> tuple[dict[str, int], dict[str, int]]:
    """A 'Mech's record sheet: armour per location (and torso rear), structure per location;
    or, given the `full` sheet, what earlier turns left of it (``record.left``: 0 up to the
    sheet's own value, a structure of 0 a destroyed location)."""
    f.only(("armour", "structure") if full else ("armour", "structure", "left"))
    parts = []
    for i, (key, names, lo) in enumerate((("armour", SHEET_ARMOUR, 0),
                                          ("structure", SHEET_STRUCTURE, 1))):
        part = f[key].only(names)
        parts.append({n: part[n].integer(0, full[i][n]) if full else
                      part[n].integer(lo, SHEET_MAX) for n in names})
    return parts[0], parts[1]


def _support(s: Field, hexmap: HexMap) -> Support:
    kind = s["kind"].choice(SUPPORT_KINDS)
    if kind == "bluff":
        s.only(("kind",))
        return Support(kind)
    if kind == "strafing":
        s.only(("kind", "hexes"))
        if not 1 <= len(s["hexes"].list()) <= STRAFE_MAX:
            raise s["hexes"].fail(msg("scenario.bt.strafe_length", max=STRAFE_MAX))
        hexes = tuple(_hex(h, hexmap) for h in s["hexes"].items())
        if len(set(hexes)) < len(hexes):
            raise s["hexes"].fail(msg("scenario.bt.strafe_once"))
        if not is_straight_contiguous_line(hexes):
            # any order names the same run: sorted by axial (q, r), a straight line is in order
            hexes = tuple(sorted(hexes))
        if not is_straight_contiguous_line(hexes):
            raise s["hexes"].fail(msg("scenario.bt.strafe_line"))
        return Support(kind, hexes=hexes)
    if kind != "artillery":
        s.only(("kind", "target"))
        return Support(kind, target=_hex(s["target"], hexmap))
    s.only(ARTILLERY_FIELDS)
    return Support(
        kind, target=_hex(s["target"], hexmap), gun=s["gun"].choice(GUNS),
        fired_turn=s["fired_turn"].integer(0, 1000) if s.has("fired_turn") else None,
        preplotted=s.get("preplotted", False).boolean(),
        selection=s.get("selection", s["gun"].value).string(40), named=s.has("selection"),
        spotted=frozenset(x.choice(SPOT_TURNS) for x in s.get("spotted", []).items()),
        spotter_attacked=s.get("spotter_attacked", False).boolean(),
        spotter=s["spotter"].string(40) if s.has("spotter") else None,
    )


def parse_setting(root: Field) -> tuple[Board, tuple[Unit, ...], dict[str, Any]]:
    """The options, map and units of a BattleTech scenario: all but its turn's attack."""
    options = parse_options(root, OPTIONS, OPTION_CHOICES)
    board = _map(root)
    units = [_unit(u, board.map) for u in root["units"].items()]
    check_unique_ids(units)
    return board, tuple(units), options


def parse_attack(root: Field, board: Board, units: tuple[Unit, ...],
                 options: dict[str, Any]) -> Attack:
    """The turn's supports of a BattleTech scenario, on its valid map and units
    (`parse_setting`)."""
    a = root["attack"].only(("turn", "side", "supports", "in_flight", "air_cover",
                             "hidden_aerospace", "preplotted", "held", "bsp", "bsp_spent",
                             "defender"))
    turn = a.get("turn", 1).integer(0, 1000)
    supports = tuple(_support(s, board.map) for s in a.get("supports", []).items())
    _check_supports(a, supports, turn, a.get("hidden_aerospace", False).boolean())
    preplotted = _preplotted(a, board.map, supports)
    supports = tuple(replace(s, preplotted=True) if _at_preplotted(s, preplotted) else s
                     for s in supports)
    in_flight = tuple(_in_flight(f, board.map, turn, preplotted)
                      for f in a.get("in_flight", []).items())
    side = a["side"].string(40)
    _check_spotters(a, board, units, side, supports, in_flight, options)
    covers = []
    for c in a.get("air_cover", []).items():
        c.only(("kind", "against"))
        against = c["against"].integer(0, max(0, len(supports) - 1))
        if not supports or supports[against].kind == "artillery":
            raise c["against"].fail(msg("scenario.bt.air_cover_artillery"))
        covers.append(AirCover(c["kind"].choice(("light", "heavy")), against))
    _check_one_use(a, supports, in_flight)
    attack = Attack(
        turn=turn, side=side,
        supports=supports, in_flight=in_flight, air_cover=tuple(covers),
        hidden_aerospace=a.get("hidden_aerospace", False).boolean(), preplotted=preplotted,
        held=_held(a, supports),
    )
    return _with_bsp(a, attack, units)


def _with_bsp(a: Field, attack: Attack, units: Sequence[Unit]) -> Attack:
    """The sides' BSP budgets and earlier spending, and the defender; a turn that takes a
    side past its budget is refused at the field that spends it."""
    others = sorted({u.side for u in units} - {attack.side})
    defender = (a["defender"].string(40) if a.has("defender")
                else others[0] if len(others) == 1 else None)
    points = {key: {side: f.integer(0, BSP_MAX) for side, f in a[key].entries()}
              for key in ("bsp", "bsp_spent") if a.has(key)}
    attack = replace(attack, bsp=points.get("bsp"), bsp_spent=points.get("bsp_spent", {}),
                     defender=defender)
    budget = attack.bsp or {}
    for side, now in attack.bsp_this_turn().items():
        before = attack.bsp_spent.get(side, 0)
        if side in budget and before + now > budget[side]:
            where = "supports" if side == attack.side else "air_cover"
            raise a[where].fail(msg("scenario.bt.over_budget", side=side_words(attack, side),
                                    now=now, before=before, total=before + now,
                                    budget=budget[side]))
    return attack


def side_words(attack: Attack, side: str) -> Words:
    """A side as a refusal names it: its name, or "the defender" when `bsp_this_turn` could
    name none."""
    if side == THE_DEFENDER and attack.defender is None:
        return msg("scenario.bt.the_defender")
    return side


def held_name(s: Support) -> str:
    """What a support is counted as among the copies a side holds: its kind, or its gun."""
    return s.gun or s.kind


def _held(a: Field, supports: tuple[Support, ...]) -> dict[str, int] | None:
    """The unused copies of each support the side holds (facts.md: each is used once)."""
    if not a.has("held"):
        return None
    names = tuple(k for k in SUPPORT_KINDS if k != "artillery") + GUNS
    f = a["held"].only(names)
    held = {name: f[name].integer(0, 1 if name == "bluff" else 100) for name, _ in f.entries()}
    for i, s in enumerate(supports):
        name = held_name(s)
        used = sum(1 for t in supports[:i + 1] if held_name(t) == name)
        if used > held.get(name, 0):
            raise a["supports"][i].fail(msg("scenario.bt.held", n=held.get(name, 0),
                                            name=repr(name), used=used))
    return held


def _check_one_use(a: Field, supports: tuple[Support, ...],
                   in_flight: tuple[Support, ...]) -> None:
    """Each artillery selection fires once, hit or miss (facts.md, BT-GEN.2): one shot per
    selection, and none for a selection whose shell is still in flight."""
    used: dict[str, str] = {}
    for part, shells in (("in_flight", in_flight), ("supports", supports)):
        for i, s in enumerate(shells):
            if s.kind != "artillery" or not (s.named or s.preplotted):
                continue
            where = f"attack.{part}[{i}]"
            if s.selection in used:
                raise a[part][i].fail(msg("scenario.bt.selection_used",
                                          selection=repr(s.selection),
                                          where=used[s.selection]))
            used[s.selection] = where


def _check_spotters(a: Field, board: Board, units: Sequence[Unit], side: str,
                    supports: tuple[Support, ...], in_flight: tuple[Support, ...],
                    options: dict[str, Any]) -> None:
    """BT-ART.4: a spotter (one of the firing side's units) spots one hex per turn.

    The seed's spotter is a 'Mech; BT-RULE.1 extends it to Assets, never to a building. A
    submerged unit (BT-RULE.5) does not spot unless option submerged_spotter is "allowed"
    (spotting is as for indirect fire, and Total Warfare gives a unit under water no line
    of sight out of it).
    """
    by_id = {u.id: u for u in units}
    spotting: dict[str, Hex] = {}
    for part, shells, now in (("supports", supports, "fired"),
                               ("in_flight", in_flight, "arrival")):
        for i, s in enumerate(shells):
            if s.spotter is None:
                continue
            f = a[part][i]["spotter"]
            spotter = by_id.get(s.spotter)
            if spotter is None or spotter.side != side:
                raise f.fail(msg("scenario.bt.spotter_side", side=side))
            if spotter.type == "building":
                raise f.fail(msg("scenario.bt.spotter_building"))
            if board.submerges(spotter) and options["submerged_spotter"] == "refused":
                raise f.fail(msg("scenario.bt.spotter_submerged", spotter=s.spotter))
            if now not in s.spotted:
                raise f.fail(msg("scenario.bt.spotter_turn", turn=repr(now)))
            seen = spotting.setdefault(s.spotter, s.target_hex)
            if seen != s.target_hex:
                raise f.fail(msg("scenario.bt.spotter_once", spotter=s.spotter,
                                 hex=seen.label))


def _at_preplotted(s: Support, preplotted: dict[str, tuple[Hex, ...]]) -> bool:
    """BT-ART.1: artillery aimed at one of its own selection's pre-plotted hexes."""
    return s.kind == "artillery" and s.target in preplotted.get(s.selection, ())


def _in_flight(f: Field, hexmap: HexMap, turn: int,
               preplotted: dict[str, tuple[Hex, ...]]) -> Support:
    """BT-ART.3: artillery fired last turn, landing in this turn's Weapon Attack Phase.

    BT-ART.1: a shot at a pre-plotted hex hit when it was fired, so it is never in flight.
    """
    s = _support(f, hexmap)
    if s.kind != "artillery":
        raise f["kind"].fail(msg("scenario.bt.in_flight_artillery"))
    if s.preplotted or _at_preplotted(s, preplotted):
        raise f.fail(msg("scenario.bt.in_flight_preplotted"))
    if turn < 1:
        raise f.fail(msg("scenario.bt.in_flight_turn0"))
    if s.fired_turn is None:
        return replace(s, fired_turn=turn - 1)
    if s.fired_turn != turn - 1:
        raise f["fired_turn"].fail(msg("scenario.bt.in_flight_fired", turn=turn,
                                       before=turn - 1))
    return s


def _check_supports(a: Field, supports: tuple[Support, ...], turn: int, hidden: bool) -> None:
    """BT-GEN.4 (3 air strikes per turn), BT-HIDDEN.4 and BT-BLUFF (Bluff cards)."""
    counted = [s for s in supports if s.kind not in NOT_COUNTED]
    if len(counted) > AIR_STRIKES_PER_TURN:
        raise a["supports"].fail(msg("scenario.bt.air_strikes", max=AIR_STRIKES_PER_TURN,
                                     n=len(counted)))
    bluffs = [i for i, s in enumerate(supports) if s.kind == "bluff"]
    if bluffs and not hidden:
        raise a["supports"][bluffs[0]]["kind"].fail(msg("scenario.bt.bluff_hidden"))
    if len(bluffs) > 1:
        raise a["supports"][bluffs[1]]["kind"].fail(msg("scenario.bt.bluff_once"))
    for i, s in enumerate(supports):
        if s.kind == "artillery" and s.fired_turn not in (None, turn):
            raise a["supports"][i]["fired_turn"].fail(msg("scenario.bt.fired_now", turn=turn))


def preplotted_limit(hexmap: HexMap) -> int:
    """BT-ART.2: pre-plotted hexes per artillery selection for this play area."""
    sheets = hexmap.sheets_wide * hexmap.sheets_tall
    extra_pairs = max(0, sheets - PREPLOTTED_BASE_SHEETS) // 2
    return PREPLOTTED_BASE + PREPLOTTED_PER_TWO_SHEETS * extra_pairs


def _preplotted(a: Field, hexmap: HexMap,
                supports: tuple[Support, ...]) -> dict[str, tuple[Hex, ...]]:
    """BT-ART.1 and BT-ART.2: the pre-plotted hexes of each artillery selection."""
    f = a.get("preplotted", {})
    limit = preplotted_limit(hexmap)
    owner: dict[Hex, str] = {}
    per_sheet: dict[tuple[int, int], int] = {}
    result = {}
    for name, hexes in f.entries():
        if len(hexes.list()) > limit:
            raise hexes.fail(msg("scenario.bt.preplotted_limit", limit=limit,
                                 wide=hexmap.sheets_wide, tall=hexmap.sheets_tall,
                                 cols=hexmap.cols, rows=hexmap.rows))
        chosen: list[Hex] = []
        for h_field in hexes.items():
            h = _hex(h_field, hexmap)
            if h in chosen:
                raise h_field.fail(msg("scenario.bt.preplotted_twice", hex=h.label,
                                       selection=repr(name)))
            if h in owner:
                raise h_field.fail(msg("scenario.bt.preplotted_shared", hex=h.label,
                                       selection=repr(owner[h])))
            owner[h] = name
            for sheet in hexmap.sheets_touching(h):
                per_sheet[sheet] = per_sheet.get(sheet, 0) + 1
                if per_sheet[sheet] > PREPLOTTED_PER_SHEET:
                    raise h_field.fail(msg("scenario.bt.preplotted_sheet",
                                           max=PREPLOTTED_PER_SHEET,
                                           sheet=hexmap.sheet_name(sheet)))
            chosen.append(h)
        result[name] = tuple(chosen)
    for i, s in enumerate(supports):
        if s.kind == "artillery" and s.preplotted and s.target not in result.get(s.selection, ()):
            raise a["supports"][i]["target"].fail(
                msg("scenario.bt.not_preplotted", selection=repr(s.selection)))
    return result

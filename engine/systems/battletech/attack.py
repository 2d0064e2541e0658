"""BT-RULE: what applies to every strike on one unit.

Who can be attacked (BT-RULE.5: a submerged unit cannot), the attack on one unit
(`Strike`: its damage groups, BT-RULE.3 and BT-RULE.6; its table, BT-RULE.1 and BT-RULE.5;
its arc), the target roll (BT-RULE.4), then the attack resolved: direction (BT-RULE.2) and
one hit location per damage group (BT-RULE.3).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.hexgrid import Hex, attack_arcs
from engine.log import Log, hex_mark, unit_state
from engine.readings import choice_words, reading_name, reading_words
from engine.scenario import Scenario
from engine.scenario.battletech import Board, Unit
from engine.systems.battletech import tables as T
from engine.systems.battletech.plan import Group, Result, Strike, joined
from engine.systems.battletech.sheet import location_words
from engine.words import Msg, msg

ARC_RANK = {"front": 0, "left": 1, "right": 1, "rear": 2}


def _depth(scn: Scenario, unit: Unit) -> int:
    board: Board = scn.board
    return board.terrain_at(unit.hex).water


def log_submerged(scn: Scenario, i: int, log: Log) -> None:
    """BT-RULE.5: a submerged unit cannot be attacked; damage aimed at it is ignored."""
    unit = scn.units[i]
    log.step("BT-RULE.5", msg("bt.submerged", unit=unit.name, depth=_depth(scn, unit)),
             unit_state(unit.id, "untouched"))


def _table(scn: Scenario, unit: Unit) -> str:
    """BT-RULE.1 and BT-RULE.5: the hit location table an attack on `unit` reads."""
    if unit.type != "mech" and scn.options["asset_locations"] == "none":
        return "none"
    return "punch" if unit.type == "mech" and _depth(scn, unit) == 1 else "mech"


def arc_from(scn: Scenario, unit: Unit, origin: Hex) -> str:
    """The arc of `unit` an attack coming from hex `origin` strikes (option split_arc)."""
    arcs = attack_arcs(unit.hex, unit.facing, origin)
    pick = min if scn.options["split_arc"] == "defender" else max
    return pick(arcs, key=ARC_RANK.__getitem__)


def strike_on(scn: Scenario, i: int, source: Msg, kind: str, groups: int,
            arc: str | None) -> Strike:
    """An attack of `groups` 5-point groups (BT-RULE.3) on unit `i` (AE vs infantry: BT-RULE.6).

    No dice: a plan builds each attack once (`prepare`, `Turn.attacks`, `Turn.areas`).
    """
    unit = scn.units[i]
    damage = T.GROUP_DAMAGE
    if unit.type == "infantry" and kind in T.AE_KINDS:
        damage *= scn.options["ae_vs_infantry"]
    table = _table(scn, unit)
    return Strike(i, source, groups, damage, "-" if table == "none" else arc, table)


# -- one attack on one unit: direction and hit locations -------------------------------


def attack_direction(dice: Dice) -> str:
    """BT-RULE.2: 1D6, 1-4 every group hits the front, 5-6 the rear."""
    return "front" if dice.die(msg("bt.roll.direction")) <= 4 else "rear"


def hit_location(table: str, arc: str, damage: int, dice: Dice) -> Group:
    """BT-RULE.3 / BT-RULE.5: one group's location on the 'Mech (2D6) or punch (1D6) table."""
    if table == "none":
        return Group(damage, "-", "-")
    column = T.COLUMN[arc]
    if table == "punch":
        location = T.PUNCH_LOCATIONS[dice.die(msg("bt.roll.punch"))][column]
        critical = False
    else:
        roll = dice.total(msg("bt.roll.location"), 2, 6)
        location = T.MECH_LOCATIONS[roll][column]
        critical = roll == T.CRITICAL_ROLL
    armour = "rear" if arc == "rear" and location in T.TORSOS else "front"
    return Group(damage, location, armour, critical)


def resolve_volley(scn: Scenario, strikes: tuple[Strike, ...], dice: Dice,
                   log: Log) -> list[Result]:
    """Every attack one roll of a support sends (`Volley.strikes`), in order.

    BT-RULE.2 (option direction_roll): "unit", each unit attacked rolls its own direction;
    "attack", one 1D6 for the attack, taken by every unit in it that rolls a direction.
    """
    rolling = [s for s in strikes if s.arc is None]
    shared = None
    if scn.options["direction_roll"] == "attack" and len(rolling) > 1:
        shared = attack_direction(dice)
        if not log.silent:
            log.step("BT-RULE.2", msg(
                "bt.direction.shared", source=strikes[0].source,
                names=joined("bt.join.and", [scn.units[s.unit].name for s in rolling]),
                reading=reading_words("battletech", "direction_roll", "attack"),
                arc=arc_words(shared)))
    return [resolve_strike(scn, s, dice, log, shared) for s in strikes]


def resolve_strike(scn: Scenario, strike: Strike, dice: Dice, log: Log,
                   shared: str | None = None) -> Result:
    """BT-RULE.2, BT-RULE.3, BT-RULE.5: direction (rolled, unless fixed by the rule or
    `shared` by the attack), then a location roll per damage group."""
    unit = scn.units[strike.unit]
    arc = strike.arc if strike.arc is not None else shared
    if arc is None:
        arc = attack_direction(dice)
        if not log.silent:
            log.step("BT-RULE.2", msg("bt.direction", source=strike.source, unit=unit.name,
                                      arc=arc_words(arc)))
    groups = tuple(hit_location(strike.table, arc, strike.group_damage, dice)
                   for _ in range(strike.groups))
    if not log.silent:
        _log_groups(scn, strike, arc, groups, log)
    return Result(strike, arc, groups)


def _log_groups(scn: Scenario, strike: Strike, arc: str, groups: tuple[Group, ...],
                log: Log) -> None:
    """The groups an attack dealt, citing the rule that chose their table and damage."""
    unit = scn.units[strike.unit]
    if strike.group_damage != T.GROUP_DAMAGE:
        log.step("BT-RULE.6", msg("bt.ae_infantry", source=strike.source, unit=unit.name,
                                  damage=strike.group_damage,
                                  reading=reading_words("battletech", "ae_vs_infantry",
                                                        scn.options["ae_vs_infantry"])))
    total = sum(g.damage for g in groups)
    if strike.table == "none":
        log.step("BT-RULE.1", msg("bt.asset", source=strike.source, unit=unit.name,
                                  option=reading_name("battletech", "asset_locations"),
                                  choice=choice_words("battletech", "asset_locations", "none"),
                                  n=strike.groups, total=total,
                                  sums=" + ".join(str(g.damage) for g in groups)),
                 hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))
        return
    table = msg("bt.table.punch" if strike.table == "punch" else "bt.table.mech")
    said = [msg("bt.group.critical" if g.critical else "bt.group", damage=g.damage,
                location=location_words(g.key)) for g in groups]
    log.step("BT-RULE.5" if strike.table == "punch" else "BT-RULE.3",
             msg("bt.groups", source=strike.source, unit=unit.name, n=strike.groups,
                 arc=arc_words(arc), table=table, groups=said, total=total),
             hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))


def target_roll(label: Msg, tn: int, dice: Dice) -> tuple[int, bool]:
    """BT-RULE.4: an unmodified 2D6 equal to or higher than the target number succeeds
    (Air Cover rolls against its cover number the same way)."""
    roll = dice.total(msg("bt.roll.2d6", what=label), 2, 6)
    return roll, roll >= tn


def against(roll: int, tn: int) -> Msg:
    """A target roll in the log's words, citing BT-RULE.4 (unmodified 2D6 against the TN)."""
    return msg("bt.against", roll=roll, tn=tn)


def arc_words(arc: str) -> Msg:
    """An attack arc in the log's words: front, rear, left, right (前方, 後方...)."""
    return msg(f"bt.arc.{arc}")

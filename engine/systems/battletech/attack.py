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
from engine.readings import reading_phrase, reading_words
from engine.scenario import Scenario
from engine.scenario.battletech import Board, Unit
from engine.systems.battletech import tables as T
from engine.systems.battletech.plan import Group, Result, Strike, plural
from engine.words import say

ARC_RANK = {"front": 0, "left": 1, "right": 1, "rear": 2}


def _depth(scn: Scenario, unit: Unit) -> int:
    board: Board = scn.board
    return board.terrain_at(unit.hex).water


def log_submerged(scn: Scenario, i: int, log: Log) -> None:
    """BT-RULE.5: a submerged unit cannot be attacked; damage aimed at it is ignored."""
    unit = scn.units[i]
    log.step("BT-RULE.5", f"{unit.name} is submerged in depth-{_depth(scn, unit)} water: it "
             "cannot be attacked and the damage is ignored", unit_state(unit.id, "untouched"))


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


def strike_on(scn: Scenario, i: int, source: str, kind: str, groups: int,
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
    return "front" if dice.d6("attack direction (1D6)") <= 4 else "rear"


def hit_location(table: str, arc: str, damage: int, dice: Dice) -> Group:
    """BT-RULE.3 / BT-RULE.5: one group's location on the 'Mech (2D6) or punch (1D6) table."""
    if table == "none":
        return Group(damage, "-", "-")
    column = T.COLUMN[arc]
    if table == "punch":
        location = T.PUNCH_LOCATIONS[dice.d6("punch location (1D6)")][column]
        critical = False
    else:
        roll = dice.total("hit location (2D6)", 2, 6)
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
            names = " and ".join(scn.units[s.unit].name for s in rolling)
            log.step("BT-RULE.2", f"{strikes[0].source}: one attack direction for {names} "
                     + say(reading_words("battletech", "direction_roll", "attack")) + f": {shared}")
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
            log.step("BT-RULE.2", f"{strike.source}: attack direction on {unit.name}: {arc}")
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
        log.step("BT-RULE.6", f"{strike.source} is an area-effect (AE) weapon and {unit.name} "
                 f"is infantry: each 5-point group deals {strike.group_damage} "
                 + say(reading_words("battletech", "ae_vs_infantry",
                                   scn.options["ae_vs_infantry"])))
    total = sum(g.damage for g in groups)
    if strike.table == "none":
        log.step("BT-RULE.1", f"{strike.source}: {unit.name} (an asset, "
                 + say(reading_phrase("battletech", "asset_locations", "none"))
                 + f") takes {plural(strike.groups, 'group')} with no direction "
                 f"or hit location roll: {' + '.join(str(g.damage) for g in groups)} = {total}",
                 hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))
        return
    table = ("PUNCH table (depth-1 water)" if strike.table == "punch"
             else "'Mech hit location table")
    text = ", ".join(f"{g.damage} {g.key}" + (" (critical check)" if g.critical else "")
                     for g in groups)
    log.step("BT-RULE.5" if strike.table == "punch" else "BT-RULE.3",
             f"{strike.source}: {unit.name} takes {plural(strike.groups, 'group')} from the {arc} "
             f"({table}): {text}; total {total}",
             hex_mark(unit.hex.label, "hit"), unit_state(unit.id, "damaged"))


def target_roll(label: str, tn: int, dice: Dice) -> tuple[int, bool]:
    """BT-RULE.4: an unmodified 2D6 equal to or higher than the target number succeeds
    (Air Cover rolls against its cover number the same way)."""
    roll = dice.total(f"{label} (2D6)", 2, 6)
    return roll, roll >= tn


def against(roll: int, tn: int) -> str:
    """A target roll in the log's words, citing BT-RULE.4 (unmodified 2D6 against the TN)."""
    return f"2D6 shows {roll} against TN {tn} (BT-RULE.4)"

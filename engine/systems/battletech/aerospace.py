"""Offensive aerospace support: air strikes (BT-AIR), bombing (BT-BOMB), strafing
(BT-STRAFE), each roll as `run` plays it and the odds enumerate it."""

from __future__ import annotations

from engine.dice import Dice
from engine.hexgrid import Hex
from engine.log import Log, hex_mark, unit_state
from engine.readings import reading_words
from engine.scenario import Scenario
from engine.scenario.battletech import Support
from engine.systems.battletech import tables as T
from engine.systems.battletech.attack import (
    against,
    arc_from,
    log_submerged,
    strike_on,
    target_roll,
)
from engine.systems.battletech.plan import NO_EFFECT, Action, Turn, Volley, plural
from engine.systems.battletech.scatter import land_or_scatter
from engine.words import say


def air_strike(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-AIR (BT-RULE.4): 2D6 vs TN; success attacks every unit in the target hex."""
    tn = T.AIR_STRIKE_TN[support.kind]
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target_hex.label
        log.step("BT-AIR", f"{label}: {against(roll, tn)}: success" if hit else
                 f"{label}: {against(roll, tn)}: failure, no effect",
                 hex_mark(where, "hit" if hit else "target"))
    if not hit:
        return NO_EFFECT
    return attack_hex(turn, support, label, support.target_hex, None, log)


def bombing(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-BOMB.1-3: success hits the target hex; failure scatters by the margin of failure."""
    tn = T.BOMBING_TN[support.kind]
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target_hex.label
        log.step("BT-BOMB.1" if hit else "BT-BOMB.3",
                 f"{label}: {against(roll, tn)}: success, the bombs fall on "
                 f"{where}" if hit else f"{label}: {against(roll, tn)}: failure, "
                 f"it misses by {tn - roll} (the margin of failure)",
                 hex_mark(where, "hit" if hit else "target"))
    return land_or_scatter(turn, support, label, hit, tn - roll, attack_hex, "BT-BOMB.3",
                           dice, log)


def attack_hex(turn: Turn, support: Support, label: str, h: Hex, origin: Hex | None,
               log: Log) -> Volley:
    """An air strike or bombing on hex `h`: every unit there is attacked (BT-AIR, BT-BOMB.1-2),
    in scenario order, but the submerged ones (BT-RULE.5, logged); a bomb also damages a
    building there (BT-BOMB.2, logged). After a scatter (`origin`, BT-BOMB.3) the direction
    comes from the original target hex, else each unit rolls it (BT-RULE.2).

    The attacks need no dice: built the first time, then kept in the plan (`Turn.attacks`).
    """
    key = (label, h, origin)
    found = turn.attacks.get(key)
    if found is None:
        found = turn.attacks[key] = _hex_volley(turn, support, label, h, origin)
    volley, submerged = found
    if not log.silent:
        if _hits_buildings(turn.scn, support.kind):
            _building_damage(turn.scn, h, T.GROUPS[support.kind], log)
        for i in submerged:
            log_submerged(turn.scn, i, log)
    return volley


def _hex_volley(turn: Turn, support: Support, label: str, h: Hex,
                origin: Hex | None) -> tuple[Volley, tuple[int, ...]]:
    """The volley of `attack_hex` (a bomb's impact is its hex) and the submerged units."""
    scn = turn.scn
    here = _attacked(scn, support.kind, turn.units_in.get(h, ()))
    groups = T.GROUPS[support.kind]
    strikes = tuple(strike_on(scn, i, label, support.kind, groups,
                            None if origin is None else arc_from(scn, scn.units[i], origin))
                    for i in here if not turn.submerged[i])
    impact = h if support.kind in T.BOMBING_TN else None
    return Volley(impact, strikes), tuple(i for i in here if turn.submerged[i])


def _hits_buildings(scn: Scenario, kind: str) -> bool:
    """BT-BOMB.2 and option building_damage: does this support damage a building that has a
    unit inside as well as the unit? Bombing always; air strikes and strafing only with
    "every-strike" (by default they attack the unit inside)."""
    return kind in T.BOMBING_TN or scn.options["building_damage"] == "every-strike"


def _attacked(scn: Scenario, kind: str, here: tuple[int, ...]) -> tuple[int, ...]:
    """The units of one hex an air strike or bombing attacks: all of them, except a
    building unit with a unit inside when the support does not reach buildings
    (`_hits_buildings`)."""
    if _hits_buildings(scn, kind) or _inside(scn, here) == ():
        return here
    return _inside(scn, here)


def _inside(scn: Scenario, here: tuple[int, ...]) -> tuple[int, ...]:
    """The units of one hex that are not buildings (those inside a building, if any)."""
    return tuple(i for i in here if scn.units[i].type != "building")


def _building_damage(scn: Scenario, h: Hex, groups: int, log: Log) -> None:
    """BT-BOMB.2: a building hex with a 'Mech inside: the building takes the full damage too.

    Also where a bomb scatters to: BT-BOMB.3 applies its damage "as above"; and under an
    air strike or a strafing hit with option building_damage "every-strike".
    """
    cf = scn.board.terrain_at(h).building_cf
    if cf is not None:
        damage = groups * T.GROUP_DAMAGE
        log.step("BT-BOMB.2", f"the building in {h.label} (CF {cf}) takes the full {damage} "
                 f"damage as well (CF {max(0, cf - damage)} left)", hex_mark(h.label, "hit"))


def strafing_run(scn: Scenario, support: Support, label: str,
                 units_in: dict[Hex, tuple[int, ...]]) -> tuple[Action, ...]:
    """BT-STRAFE.2: a roll of its own for each unit in the strafed hexes, hex by hex in the
    order given, units in scenario order (`strafe_unit`, for `prepare`).

    A building unit with units inside gets no roll of its own: with option building_damage
    "every-strike" it takes the full damage of each hit on a unit inside, at the same time
    (BT-BOMB.2), else nothing. A building unit alone in its hex is strafed as any unit.
    """
    groups = T.GROUPS["strafing"]
    actions: list[Action] = []
    for h in support.hexes:
        here = units_in.get(h, ())
        inside = _inside(scn, here)
        buildings: tuple[int, ...] = ()
        if inside and _hits_buildings(scn, support.kind):
            buildings = tuple(i for i in here if i not in inside
                              and not scn.board.submerges(scn.units[i]))
        for u in inside or here:
            strikes = tuple(strike_on(scn, i, label, support.kind, groups, None)
                            for i in (u, *buildings))
            actions.append((strafe_unit, (u, label, Volley(None, strikes))))
    return tuple(actions)


def strafe_unit(turn: Turn, i: int, label: str, hit: Volley, dice: Dice, log: Log) -> Volley:
    """BT-STRAFE.2-4: a separate 2D6 vs 7 for one unit in the strafed hexes; `hit` is the
    volley of a hit (built by `strafing_run`): the unit's attack, and the building it is in
    when option building_damage reaches it (BT-BOMB.2)."""
    unit = turn.scn.units[i]
    if turn.submerged[i]:
        if not log.silent:
            log_submerged(turn.scn, i, log)
        return NO_EFFECT
    roll, success = target_roll(f"{label} on {unit.name}", T.STRAFING_TN, dice)
    if not log.silent and success:
        log.step("BT-STRAFE.2", f"{label}: {against(roll, T.STRAFING_TN)} for "
                 f"{unit.name}: hit, an attack of {plural(T.GROUPS['strafing'], 'damage group')}, "
                 "each with a hit location roll of its own (BT-STRAFE.3)",
                 unit_state(unit.id, "hit"))
        if _hits_buildings(turn.scn, "strafing"):
            _building_damage(turn.scn, unit.hex, T.GROUPS["strafing"], log)
        for s in hit.strikes[1:]:
            building = turn.scn.units[s.unit]
            log.step("BT-BOMB.2", f"{building.name} (the building {unit.name} is in) takes "
                     "the full damage at the same time "
                     + say(reading_words("battletech", "building_damage",
                                         turn.scn.options["building_damage"])),
                     unit_state(building.id, "hit"))
    elif not log.silent:
        log.step("BT-STRAFE.4", f"{label}: {against(roll, T.STRAFING_TN)} for "
                 f"{unit.name}: no effect on it (the other hexes are unaffected)",
                 unit_state(unit.id, "missed"))
    return hit if success else NO_EFFECT

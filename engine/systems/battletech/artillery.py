"""Artillery support (BT-ART): pre-plotted hexes hit at once, other shots land next turn
with the spotting modifier, and the area of effect by ring around the impact hex."""

from __future__ import annotations

from engine.dice import Dice
from engine.hexgrid import Hex, distance, ring
from engine.log import Log, hex_mark
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
from engine.systems.battletech.plan import NO_EFFECT, Turn, Volley
from engine.systems.battletech.scatter import land_or_scatter
from engine.words import Msg, msg


def fire_artillery(turn: Turn, support: Support, label: Msg, dice: Dice, log: Log) -> Volley:
    """BT-ART.3: a hex that is not pre-plotted: fired now, the shells land next turn."""
    if not log.silent:
        log.step("BT-ART.3", msg("bt.art.fired", label=label, turn=turn.scn.attack.turn + 1),
                 hex_mark(support.target_hex.label, "target"))
    return NO_EFFECT


def preplotted_shot(turn: Turn, support: Support, label: Msg, dice: Dice,
                    log: Log) -> Volley:
    """BT-ART.1: a shot at a pre-plotted hex hits automatically, no roll and no scatter."""
    if not log.silent:
        log.step("BT-ART.1", msg("bt.art.preplotted", label=label),
                 hex_mark(support.target_hex.label, "hit"))
    return area_effect(turn, support, label, support.target_hex, None, log)


def spotting_modifier(support: Support) -> int:
    """BT-ART.4: spotted in the firing AND the arrival turn: -2, or -1 if the spotter attacked."""
    if support.spotted != frozenset({"fired", "arrival"}):
        return 0
    return -1 if support.spotter_attacked else -2


def arriving_shot(turn: Turn, support: Support, label: Msg, dice: Dice,
                  log: Log) -> Volley:
    """BT-ART.3 and BT-ART.4: shells fired last turn land: 2D6 vs 8 + spotting; misses scatter."""
    modifier = spotting_modifier(support)
    tn = T.ARTILLERY_TN + modifier
    if not log.silent:
        _log_spotting(turn.scn, support, label, modifier, tn, log)
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target_hex.label
        log.step("BT-ART.3",
                 msg("bt.art.hit", label=label, against=against(roll, tn), hex=where) if hit
                 else msg("bt.art.miss", label=label, against=against(roll, tn), mof=tn - roll),
                 hex_mark(where, "hit" if hit else "target"))
    return land_or_scatter(turn, support, label, hit, tn - roll, area_effect,
                           "BT-ART-SCATTER", dice, log)


def _log_spotting(scn: Scenario, support: Support, label: Msg, modifier: int, tn: int,
                  log: Log) -> None:
    """BT-ART.4: the spotting of an arriving shell, and the target number it makes."""
    by = msg("bt.art.by", unit=scn.unit(support.spotter).name) if support.spotter else ""
    if modifier:
        log.step("BT-ART.4", msg("bt.art.spotted_attacking" if support.spotter_attacked
                                 else "bt.art.spotted", label=label, by=by,
                                 base=T.ARTILLERY_TN, modifier=modifier, tn=tn))
    elif support.spotted:
        log.step("BT-ART.4", msg("bt.art.spotted_fired" if "fired" in support.spotted
                                 else "bt.art.spotted_lands", label=label, by=by, tn=tn))


def area_effect(turn: Turn, support: Support, label: Msg, centre: Hex,
                origin: Hex | None, log: Log) -> Volley:
    """BT-ART: damage groups by ring around the impact hex, direction from the impact hex.

    Units are attacked nearest ring first, in scenario order within a ring (BT-RULE.5:
    submerged ones are ignored). In the impact hex itself the direction comes from the
    original target hex after a scatter (`origin`, as BT-BOMB.3), else option
    artillery_centre. The attacks need no dice: built the first time an impact hex is hit,
    then kept in the plan (`Turn.areas`).
    """
    key = (label, centre, origin)
    found = turn.areas.get(key)
    if found is None:
        found = turn.areas[key] = _area_volley(turn, support.gun, label, centre, origin)
    volley, submerged = found
    if not log.silent:
        scn = turn.scn
        rings = T.ARTILLERY_RINGS[support.gun]
        marks = [hex_mark(h.label, f"aoe-{k}") for k in range(len(rings))
                 for h in scn.board.map.on_map(ring(centre, k))]
        where = (centre.label if scn.board.map.contains(centre)
                 else msg("bt.aoe.off_map"))
        log.step("BT-ART-AOE", msg("bt.aoe", label=label, where=where,
                                   rings=" / ".join(map(str, rings)), n=len(volley.strikes)),
                 *marks)
        for i in submerged:
            log_submerged(scn, i, log)
    return volley


def _area_volley(turn: Turn, gun: str, label: Msg, centre: Hex,
                 origin: Hex | None) -> tuple[Volley, tuple[int, ...]]:
    """The volley of `area_effect` and the submerged units inside the area."""
    scn = turn.scn
    rings = T.ARTILLERY_RINGS[gun]
    near = sorted((k, i) for i, u in enumerate(scn.units)
                  if (k := distance(u.hex, centre)) < len(rings))
    strikes = []
    submerged = []
    for k, i in near:
        if turn.submerged[i]:
            submerged.append(i)
            continue
        unit = scn.units[i]
        if k:
            arc: str | None = arc_from(scn, unit, centre)
        elif origin is not None:
            arc = arc_from(scn, unit, origin)
        else:
            arc = None if scn.options["artillery_centre"] == "roll" else "front"
        strikes.append(strike_on(scn, i, label, "artillery", rings[k], arc))
    impact = centre if scn.board.map.contains(centre) else None  # off the map: on no hex
    return Volley(impact, tuple(strikes)), tuple(submerged)

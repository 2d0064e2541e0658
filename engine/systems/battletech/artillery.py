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
from engine.systems.battletech.plan import NO_EFFECT, Turn, Volley, plural
from engine.systems.battletech.scatter import land_or_scatter


def fire_artillery(turn: Turn, support: Support, label: str, dice: Dice, log: Log) -> Volley:
    """BT-ART.3: a hex that is not pre-plotted: fired now, the shells land next turn."""
    if not log.silent:
        log.step("BT-ART.3", f"{label}: fired, the target hex recorded secretly; in flight, it "
                 f"lands in the Weapon Attack Phase of turn "
                 f"{turn.scn.attack.turn + 1}", hex_mark(support.target_hex.label, "target"))
    return NO_EFFECT


def preplotted_shot(turn: Turn, support: Support, label: str, dice: Dice,
                    log: Log) -> Volley:
    """BT-ART.1: a shot at a pre-plotted hex hits automatically, no roll and no scatter."""
    if not log.silent:
        log.step("BT-ART.1", f"{label}: a pre-plotted hex, an automatic hit with no roll and "
                 "no scatter", hex_mark(support.target_hex.label, "hit"))
    return area_effect(turn, support, label, support.target_hex, None, log)


def spotting_modifier(support: Support) -> int:
    """BT-ART.4: spotted in the firing AND the arrival turn: -2, or -1 if the spotter attacked."""
    if support.spotted != frozenset({"fired", "arrival"}):
        return 0
    return -1 if support.spotter_attacked else -2


def arriving_shot(turn: Turn, support: Support, label: str, dice: Dice,
                  log: Log) -> Volley:
    """BT-ART.3 and BT-ART.4: shells fired last turn land: 2D6 vs 8 + spotting; misses scatter."""
    modifier = spotting_modifier(support)
    tn = T.ARTILLERY_TN + modifier
    if not log.silent:
        _log_spotting(turn.scn, support, label, modifier, tn, log)
    roll, hit = target_roll(label, tn, dice)
    if not log.silent:
        where = support.target_hex.label
        log.step("BT-ART.3", f"{label} lands: {against(roll, tn)}: on target "
                 f"{where}" if hit else f"{label} lands: {against(roll, tn)}: it "
                 f"misses by {tn - roll} (the margin of failure) and scatters",
                 hex_mark(where, "hit" if hit else "target"))
    return land_or_scatter(turn, support, label, hit, tn - roll, area_effect,
                           "BT-ART-SCATTER", dice, log)


def _log_spotting(scn: Scenario, support: Support, label: str, modifier: int, tn: int,
                  log: Log) -> None:
    """BT-ART.4: the spotting of an arriving shell, and the target number it makes."""
    by = f" by {scn.unit(support.spotter).name}" if support.spotter else ""
    if modifier:
        log.step("BT-ART.4", f"{label}: target hex spotted{by} in the turn it was fired and the "
                 f"turn it lands: TN {T.ARTILLERY_TN} {modifier:+d} = {tn}"
                 + (" (the spotter attacked: -1 only, +1 to its own attacks)"
                    if support.spotter_attacked else ""))
    elif support.spotted:
        when = "it was fired" if "fired" in support.spotted else "it lands"
        log.step("BT-ART.4", f"{label}: target hex spotted{by} only in the turn {when}: no "
                 f"modifier (spotting must be in both turns), TN {tn}")


def area_effect(turn: Turn, support: Support, label: str, centre: Hex,
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
                 else "its impact hex off the map")
        log.step("BT-ART-AOE", f"{label}: area of effect around {where}: "
                 f"{' / '.join(map(str, rings))} groups by ring (target hex, adjacent, "
                 f"radius 2); {plural(len(volley.strikes), 'unit')} inside", *marks)
        for i in submerged:
            log_submerged(scn, i, log)
    return volley


def _area_volley(turn: Turn, gun: str, label: str, centre: Hex,
                 origin: Hex | None) -> tuple[Volley, tuple[int, ...]]:
    """The volley of `area_effect` and the submerged units inside the area."""
    scn = turn.scn
    rings = T.ARTILLERY_RINGS[gun]
    near = sorted((distance(u.hex, centre), i) for i, u in enumerate(scn.units))
    strikes = []
    submerged = []
    for k, i in near:
        if k >= len(rings):
            continue
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

"""BT-BOMB.3 (and BT-ART-SCATTER): a miss scatters by its margin of failure.

A hit lands on the target hex; a miss rolls 1D6 on the scatter diagram and moves 1 hex
per point of margin of failure, its attack direction then taken from the target hex.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.hexgrid import Hex, step
from engine.log import Log, hex_mark, hexpath
from engine.readings import reading_words
from engine.scenario import Scenario
from engine.scenario.battletech import Support
from engine.systems.battletech.plan import NO_EFFECT, Turn, Volley, plural
from engine.words import say


def scatter_direction(scn: Scenario, face: int) -> int:
    """The scatter diagram (option scatter_diagram): 1 = map north, then the faces run
    clockwise ("north-clockwise": 2 NE ... 6 NW) or counter-clockwise (2 NW ... 6 NE); as a
    hexgrid direction (0 north, clockwise)."""
    if scn.options["scatter_diagram"] == "north-clockwise":
        return face - 1
    return (1 - face) % 6


def scatter(scn: Scenario, label: str, target: Hex, margin: int, clause: str, area: bool,
            dice: Dice, log: Log) -> Hex | None:
    """BT-BOMB.3: 1D6 on the scatter diagram, 1 hex per point of MoF; None when lost off
    the map. Option off_map: "lost", anything landing off the map; "area-on-map", a bomb
    only: an `area` of effect (artillery) still falls on the map hexes it reaches."""
    face = dice.d6("scatter direction (1D6)")
    direction = scatter_direction(scn, face)
    landing = step(target, direction, margin)
    on_map = scn.board.map.contains(landing)
    kept = on_map or (area and scn.options["off_map"] == "area-on-map")
    if log.silent:
        return landing if kept else None
    path = scn.board.map.on_map(step(target, direction, k) for k in range(margin + 1))
    names = ("north", "north-east", "south-east", "south", "south-west", "north-west")
    if not on_map:
        fate = ("its area of effect still falls on the map hexes it reaches" if kept
                else "the attack is lost with no effect")
        log.step(clause, f"{label} scatters {plural(margin, 'hex')} {names[direction]} (die "
                 f"{face}): off the map, {fate} "
                 + say(reading_words("battletech", "off_map",
                                   "area-on-map" if kept else "lost")),
                 hexpath([h.label for h in path]), hex_mark(target.label, "target"))
        return landing if kept else None
    log.step(clause, f"{label} scatters {plural(margin, 'hex')} {names[direction]} (die "
             f"{face}) from {target.label} to {scn.board.map.name(landing)}",
             hexpath([h.label for h in path]),
             hex_mark(target.label, "target"), hex_mark(landing.label, "scatter"))
    return landing


Effect = Callable[[Turn, Support, str, Hex, Hex | None, Log], Volley]
"""What lands on a hex: the attack on its units (bombing) or an area of effect (artillery);
the last hex is the one the attack direction is taken from when it scattered."""


def land_or_scatter(turn: Turn, support: Support, label: str, hit: bool, margin: int,
                    effect: Effect, clause: str, dice: Dice, log: Log) -> Volley:
    """A hit lands on the target hex; a miss scatters by its margin of failure (BT-BOMB.3;
    artillery: BT-ART-SCATTER) and lands there, its direction from the target hex."""
    if hit:
        return effect(turn, support, label, support.target_hex, None, log)
    landing = scatter(turn.scn, label, support.target_hex, margin, clause,
                      support.kind == "artillery", dice, log)
    if landing is None:
        return NO_EFFECT
    return effect(turn, support, label, landing, support.target_hex, log)

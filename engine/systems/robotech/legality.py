"""Robotech Blast, before any roll: legality (RT-2, RT-3, RT-4) and the aim of every missile.

`prepare` checks the attack and makes its `Plan`: which units each template centred on
its target covers, who may shoot the missiles down, the Command Points each may spend.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.build.reach import RangeLine
from engine.errors import IllegalAttack
from engine.geometry import (
    Circle,
    Point,
    angle_of,
    base_radius_in,
    circle_overlaps,
    edge_distance,
    segment_intersects_circle,
    segment_touches_any,
)
from engine.scenario import Scenario
from engine.scenario.robotech import Unit
from engine.systems.robotech.stages import TEMPLATE_RADIUS, Aim, Plan, reactions_in
from engine.systems.robotech.words import point_name, who
from engine.words import Msg, Words, msg

SECONDARY_TARGET_MODIFIER = -3


def circle_of(unit: Unit) -> Circle:
    return Circle(Point(unit.x, unit.y), base_radius_in(unit.base_mm))


def in_the_way(scenario: Scenario, looker: Unit, target: Unit | None, b: Point) -> Words:
    """What blocks `looker`'s line of sight to `b` (its `target`'s centre, or a point), centre
    to centre ("" when nothing does): any terrain feature (segment or polygon) it touches
    and, under ``line_of_sight`` "bases" (the game's FAQ: anything but mecha of the same
    squadron blocks), the base of any unit but the looker, its target and mecha of the
    looker's squadron."""
    a = Point(looker.x, looker.y)
    if segment_touches_any(a, b, scenario.board.terrain):
        return msg("rt.terrain_feature")
    if scenario.options["line_of_sight"] == "terrain":
        return ""
    return next((who(u, scenario.units) for u in scenario.units
                 if u is not looker and u is not target and not squadmates(looker, u)
                 and segment_intersects_circle(a, b, circle_of(u))), "")


def squadmates(a: Unit, b: Unit) -> bool:
    """Two mecha of one named squadron."""
    return a.squadron is not None and b.is_mecha and b.squadron == a.squadron


def is_friend(attacker: Unit, unit: Unit) -> bool:
    return unit.is_mecha and unit.side == attacker.side


def check_target(scenario: Scenario, attacker: Unit, target: Unit | None,
                 centre: Point) -> Msg:
    """RT-2 and RT-3: the target's kind, range and line of sight; the log text if legal."""
    weapon = scenario.attack.weapon
    indirect = weapon.has("indirect_fire")
    name = who(target, scenario.units) if target else point_name(centre)
    if target is None and not indirect:
        raise IllegalAttack("RT-2", msg("rt.illegal.ground"))
    if target is not None and is_friend(attacker, target):
        raise IllegalAttack("RT-2", msg("rt.illegal.friendly_target",
                                        target=who(target, scenario.units)))
    reach = edge_distance(circle_of(attacker), Circle(centre, circle_of(target).radius
                                                       if target else 0.0))
    if reach > weapon.range:
        raise IllegalAttack("RT-3" if indirect else "RT-2",
                            msg("rt.illegal.range", target=name, reach=reach,
                                range=weapon.range))
    if not indirect:
        blocker = in_the_way(scenario, attacker, target, centre)
        if blocker:
            raise IllegalAttack("RT-2", msg("rt.illegal.sight", attacker=who(attacker,
                                                                              scenario.units),
                                            target=name, blocker=blocker))
        return msg("rt.in_sight", target=name, reach=reach, range=weapon.range)
    spotters = [who(u, scenario.units) for u in scenario.units
                if is_friend(attacker, u) and not in_the_way(scenario, u, target, centre)]
    if not spotters:
        raise IllegalAttack("RT-3", msg("rt.illegal.no_spotter", target=name))
    return msg("rt.indirect", target=name, reach=reach, range=weapon.range, spotters=spotters)


def range_lines(scenario: Scenario) -> tuple[RangeLine, ...]:
    """RT-2 / RT-3 on the board: from the attacker's base edge to each target's base edge
    (or the ground point, which a drag moves), along the line between their centres, as
    `check_target` measures; with where the weapon's range ends when the target is past
    it. Targets touching the attacker have no line."""
    attack = scenario.attack
    weapon = attack.weapon
    a = circle_of(scenario.unit(attack.attacker))
    clause = "RT-3" if weapon.has("indirect_fire") else "RT-2"
    aims: list[tuple[Point, float, str]] = [
        (c.center, c.radius, "") for c in (circle_of(scenario.unit(t))
                                           for t in dict.fromkeys(attack.targets))]
    if not aims and attack.point is not None:
        aims.append((Point(*attack.point), 0.0, "point"))
    out = []
    for centre, radius, moves in aims:
        length = a.center.distance_to(centre)
        if length <= a.radius + radius:
            continue
        along = (centre - a.center) / length
        start, end = a.center + along * a.radius, centre - along * radius
        limit = (start + along * weapon.range
                 if edge_distance(a, Circle(centre, radius)) > weapon.range else None)
        out.append(RangeLine(start, end, limit, clause, moves))
    return tuple(out)


def units_under(circles: Sequence[Circle], centre: Point) -> list[int]:
    """Indices of the units whose base the template covers, even barely (RT-5)."""
    blast = Circle(centre, TEMPLATE_RADIUS)
    return [i for i, c in enumerate(circles) if circle_overlaps(blast, c)]


def check_friends(scenario: Scenario, attacker: Unit, circles: Sequence[Circle],
                  centre: Point) -> Msg:
    """RT-4: no friendly mecha may be under the template, unless it has Life is Cheap."""
    friends = [scenario.units[i] for i in units_under(circles, centre)
               if is_friend(attacker, scenario.units[i])]
    banned = [who(u, scenario.units) for u in friends if not u.life_is_cheap]
    if banned:
        raise IllegalAttack("RT-4", msg("rt.illegal.friends_under", friends=banned))
    if friends:
        return msg("rt.friends_under", friends=[who(u, scenario.units) for u in friends])
    return msg("rt.no_friends_under")


def aim(scenario: Scenario, attacker: Unit, circles: Sequence[Circle], index: int,
        target_id: str | None, secondary: bool) -> Aim:
    """One missile's aim: the centre, the bearing of direction "1" and the range."""
    attack = scenario.attack
    if target_id is None:
        target, centre, radius = None, Point(*attack.point), 0.0
    else:
        target = [i for i, u in enumerate(scenario.units) if u.id == target_id][0]
        circle = circle_of(scenario.units[target])
        centre, radius = circle.center, circle.radius
    origin = Point(attacker.x, attacker.y)
    one_at = angle_of(centre - origin) if centre != origin else 0.0
    return Aim(index, target, centre,
               SECONDARY_TARGET_MODIFIER if secondary else 0, one_at,
               edge_distance(circle_of(attacker), Circle(centre, radius)),
               tuple(units_under(circles, centre)))


def pool_of(scenario: Scenario, side: str) -> int:
    """A side's pool of Command Points: ``attack.cp``'s, else, as in the game, the number of
    its mecha on the table plus their total Leadership."""
    given = scenario.attack.cp or {}
    if side in given:
        return int(given[side])
    mecha = [u for u in scenario.units if u.is_mecha and u.side == side]
    return len(mecha) + sum(int(u.leadership) for u in mecha)


def cp_of(scenario: Scenario, unit: Unit) -> int:
    """The Command Points a unit may spend: none for structures and Life is Cheap mecha
    (facts.md); its side's pool (option ``command_points`` "side") or its own ``cp``."""
    if not unit.is_mecha or unit.life_is_cheap:
        return 0
    return pool_of(scenario, unit.side) if scenario.options["command_points"] == "side" \
        else unit.cp


def shoot_down_cost(unit: Unit) -> int:
    """1 CP, or none with an Anti-Missile weapon (facts.md)."""
    return 0 if unit.anti_missile else 1


def may_shoot_down(scenario: Scenario, unit: Unit) -> bool:
    """RT-11: a mecha may try against Blast Missiles if its policy says so and it can pay
    with the Command Points it does not keep."""
    react = reactions_in(scenario, unit)
    return (scenario.attack.weapon.has("missile") and unit.is_mecha
            and react.allows("shoot_down")
            and cp_of(scenario, unit) - react.keep >= shoot_down_cost(unit))


def prepare(scenario: Scenario) -> Plan:
    """Legality before any roll (RT-2, RT-3, RT-4), then one `Aim` per missile.

    Raises `IllegalAttack` naming the clause.
    """
    attack = scenario.attack
    weapon = attack.weapon
    attacker = scenario.unit(attack.attacker)
    if not weapon.has("blast"):
        raise IllegalAttack("RT-1", msg("rt.illegal.no_blast", weapon=weapon.name))
    circles = tuple(circle_of(u) for u in scenario.units)
    ids: list[str | None] = list(attack.targets) or [None]
    ids += [ids[0]] * (weapon.volley - len(ids))
    aims = tuple(aim(scenario, attacker, circles, i, t, t != ids[0]) for i, t in enumerate(ids))
    checks: list[tuple[str, Msg]] = []
    for a in {a.target: a for a in aims}.values():  # each target once
        target = scenario.units[a.target] if a.target is not None else None
        checks.append(("RT-3" if weapon.has("indirect_fire") else "RT-2",
                       check_target(scenario, attacker, target, a.centre)))
        checks.append(("RT-4", check_friends(scenario, attacker, circles, a.centre)))
    shooters = tuple(i for i, u in enumerate(scenario.units) if may_shoot_down(scenario, u))
    return Plan(scenario, attacker, circles, aims, shooters,
                tuple(cp_of(scenario, u) for u in scenario.units), tuple(checks))

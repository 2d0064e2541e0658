"""The aim before rolling (issue 22.4): where each missile, shot, support or strafing
line is aimed, as the marks the board draws (dashed, ``g.preview``), and the friendly
units the aim would put under a template.

Nothing here decides a rule: the aims are the ones the systems compute before any roll
(a Robotech missile's template on its target, `engine.systems.robotech.legality.aim`; a
40K hole, `engine.systems.heresy.scatter.take_aim`; a BattleTech support's hexes), and
they are drawn whether or not the attack is legal, so a refused attack still shows where
it was aimed (the reason is the verdict beside Roll, `engine.build.legality`).
"""

from __future__ import annotations

from engine.errors import IllegalAttack
from engine.hexgrid import to_label
from engine.log import Mark, hex_mark, template
from engine.render.summary import and_list
from engine.scenario import Scenario
from engine.systems.heresy.attack import legal
from engine.systems.heresy.scatter import take_aim, touches
from engine.systems.robotech.legality import aim, circle_of, is_friend
from engine.systems.robotech.stages import TEMPLATE_RADIUS
from engine.words import Msg, msg


def _missiles(numbers: list[int]) -> Msg:
    """ "missile 2", "missiles 1-4", "missiles 1, 3 and 4" (numbers from 1, ascending)."""
    if len(numbers) == 1:
        return msg("render.aimed.missile", n=numbers[0])
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return msg("render.aimed.missile_run", first=numbers[0], last=numbers[-1])
    return msg("render.missiles", numbers=and_list([str(n) for n in numbers]))


def _robotech(scenario: Scenario) -> tuple[list[Mark], set[str]]:
    """One template per target aimed at, tagged with its missiles when a volley is
    divided or more than one missile flies."""
    attack = scenario.attack
    attacker = scenario.unit(attack.attacker)
    circles = tuple(circle_of(u) for u in scenario.units)
    ids: list[str | None] = list(attack.targets) or [None]
    if ids == [None] and attack.point is None:
        return [], set()
    ids += [ids[0]] * (attack.weapon.volley - len(ids))
    by_target: dict[str | None, list[int]] = {}
    for i, target in enumerate(ids):
        by_target.setdefault(target, []).append(i)
    marks: list[Mark] = []
    under: set[str] = set()
    for target, missiles in by_target.items():
        a = aim(scenario, attacker, circles, missiles[0], target, target != ids[0])
        marks.append(template(a.centre.x, a.centre.y, TEMPLATE_RADIUS, "aim", one_at=a.one_at,
                              winding=scenario.options["template_winding"],
                              label=_missiles([i + 1 for i in missiles]) if len(ids) > 1
                              else ""))
        under |= {scenario.units[k].id for k in a.under
                  if is_friend(attacker, scenario.units[k])}
    return marks, under


def _heresy(scenario: Scenario) -> tuple[list[Mark], set[str]]:
    attack = scenario.attack
    try:
        fire = take_aim(scenario, legal)
    except IllegalAttack:  # an "auto" aim with no legal place (HH-1): nothing to show
        return [], set()
    radius = fire.radii[-1]
    extra = {"zones": list(fire.radii)} if fire.mega else {}
    holes = list(dict.fromkeys(shot.aim for shot in fire.shots))
    side = scenario.unit(attack.firer).side
    marks = [template(p.x, p.y, radius, "aim", **extra) for p in holes]
    under = {m.id for m, shape in zip(scenario.units, fire.shapes, strict=True)
             if m.side == side and any(touches(shape, p, radius) for p in holes)}
    return marks, under


def _battletech(scenario: Scenario) -> tuple[list[Mark], set[str]]:
    marks: list[Mark] = []
    for support in (*scenario.attack.supports, *scenario.attack.in_flight):
        if support.target is not None:
            marks.append(hex_mark(to_label(support.target), "target"))
        marks += [hex_mark(to_label(h), "strafe") for h in support.hexes]
    return marks, set()


def aim_marks(scenario: Scenario) -> tuple[list[Mark], set[str]]:
    """The marks of where the attack is aimed, and the ids of the friendly units that
    aim puts under a template (a Robotech friendly mecha, RT-4; a 40K firer's own
    model, HH-3)."""
    if scenario.system == "robotech":
        return _robotech(scenario)
    if scenario.system == "heresy":
        return _heresy(scenario)
    return _battletech(scenario)

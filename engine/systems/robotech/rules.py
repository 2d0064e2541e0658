"""Robotech RPG Tactics: the errata Blast rule (seed 000_4020f9c05cfd80ff.txt, RT-1 to RT-22).

One function per part of the rule, in the order of the seed:

- `prepare` checks legality before any roll (RT-2, RT-3, RT-4) and aims every missile;
- `strike` is the Roll to Strike against the point of impact, DF 5 (RT-1, RT-17);
- `direct_hit` places the template on the target: full MD to the primary target, half to
  everything else under it, nothing where DF > the roll (RT-5, RT-8, RT-9, RT-22);
- `scatter` moves a missed template (RT-12, RT-13) and `scattered_hit` rolls the new
  Strike D6+1 for half damage, or a dud (RT-14, RT-15, RT-16);
- `land` puts one missile down (hit or scatter); `land_volley` applies the whole-volley
  miss (`land_whole_miss`, RT-20) and split volleys (RT-21);
- `shoot_down` lets mecha shoot the Blast Missiles down (RT-11, RT-16);
- `defend` is one unit's Dodge and Roll with Impact against what is left (RT-6, RT-7,
  RT-8, RT-10, RT-15, RT-18, RT-19).

`play` chains them with real dice; `robotech.odds.marginals` composes the very same
functions into exact per-unit odds.

Readings of facts.md (M) and of our own (L), each an option in ``options``:

- ``natural_rolls`` (default "point-of-impact"): a natural 6 on the first Roll to Strike
  always hits the point of impact (DF 5) and a natural 1 always misses it (facts.md's
  general rule); the damage (RT-9, RT-22) and the Dodge (RT-6, RT-18) compare totals, as
  the seed says three times. ``true``, the older reading: natural 6 and 1 also decide every
  DF and every Dodge. ``false``: totals everywhere.
- ``dodge_adds_pil`` (default true): Dodge = D6 + PIL (false: a bare D6).
- ``template_winding`` (default "clockwise"): how the template's numbers 1-6 run, seen
  from above; "1" points straight away from the firer, the others 60 degrees apart.
- ``split_volley_miss`` (default "separate"): when every missile of a volley DIVIDED
  between targets misses, each still scatters on its own (RT-21); "single": the
  whole-volley rule (RT-20) applies to it too, one template scattering from the first
  target.
- ``volley_miss_damage`` (default "full"): the one template of a whole-volley miss (RT-20)
  "only inflicts the full MD of one missile". The seed says "full", a word it always sets
  against "half" (full to the primary target, half to the others), and "only" limits the
  damage to ONE missile instead of the volley's: so everything its new Strike reaches
  takes one missile's MD, unhalved. "half": that MD halved like any scattered blast
  (RT-14, "as above"), so missing with every missile never hurts more than with one.
- ``impact_halves`` (default "volley"): the one Roll with Impact of a volley (RT-19) halves
  the volley's total damage on that mecha (rounded down, minimum 1); "missile": it halves
  each missile's damage (each rounded down, minimum 1).
- ``shoot_down_by`` (default "under-template"): RT-11's "ANY number of mecha under the
  Blast template" may shoot, a mecha its DF protects included; "would-damage": only a
  mecha the missile would damage, and only at those missiles.
- ``shoot_for_others`` (default true): a mecha shoots at missiles that would damage only
  other units of its side; false: only when they would damage it.

Fixed readings (facts.md, M or H), documented here rather than made options:

- Strike = D6 + GN + ``attack.strike_modifier``; missiles at a secondary target of a split
  volley take -3. The new Strike after a scatter is D6 + 1 and nothing else ("just add
  +1", RT-14). A Dodge adds the unit's ``dodge_modifier``. The first id of
  ``attack.targets`` is the primary target.
- Ranges (RT-2, RT-3, the RT-13 cap) are measured between the closest points of the bases
  (to the point itself for a ground shot). Line of sight runs centre to centre and is
  blocked by any ``terrain`` feature it touches (a segment or a polygon); bases never
  block it.
- Command Points: a Dodge, a shoot-down and a Roll with Impact cost 1 each (a mecha with
  ``anti_missile`` shoots down for free, so even a Life is Cheap one may); Life is Cheap
  mecha have none. A scattered missile "that would hit" a mecha (RT-16) is read as RT-11:
  a missile "hits" every unit under its template, whose DF only decides the damage
  (RT-9); a success destroys every missile the shooter shot at. A unit's ``hits`` count
  the templates that came down over it (p_hit: "under a template").
- Reactions come in the rule's order: shoot-downs, rolled in unit order, then each unit's
  Dodge, then its Roll with Impact. A mecha following today's booleans decides its
  shoot-down when its turn comes, seeing which missiles over it are still in the air (as
  the engine always did); mecha with an ``order`` or the policy best declare theirs
  together before any is rolled, each seeing every missile over it. Each
  mecha follows its ``reactions`` (`Reactions`): allowed reactions by priority and
  Command Points kept, or the policy ``best``. Under any of them a mecha never spends a
  point that cannot change anything: no shoot-down of missiles that would damage no one
  it protects (``shoot_for_others``), no Dodge that cannot succeed, no Roll with Impact
  that would not lower the damage.
- Policy ``best``: a mecha compares its own expected damage. It shoots down when that
  lowers its expected damage (it counts on no other mecha's shot, and defends as best it
  can after), or when it costs it nothing in expectation and protects another unit of its
  side; it dodges when the expected damage after the Dodge (and the Roll with Impact left
  to it) is lower than not dodging; it rolls with impact whenever that lowers the damage.
- Destroyed: a unit with ``mdc`` is destroyed when the attack's damage reaches its MDC.
- A template may scatter partly or wholly off the table; it hits whatever is under it.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from engine.build.reach import RangeLine
from engine.dice import Dice
from engine.errors import IllegalAttack
from engine.geometry import (
    Circle,
    Point,
    angle_of,
    base_radius_in,
    circle_overlaps,
    edge_distance,
    move,
    normalize_angle,
    segment_touches_any,
)
from engine.log import Log, Mark, template, unit_state
from engine.log import scatter as scatter_mark
from engine.odds import Harm
from engine.scenario import Scenario
from engine.scenario.robotech import REACTIONS, Reactions, Unit

TEMPLATE_RADIUS = 2.5
POINT_OF_IMPACT_DF = 5
SCATTER_STRIKE_BONUS = 1
SECONDARY_TARGET_MODIFIER = -3
INESCAPABLE_MISSILES = 4
DIRECTION_STEP = 60.0
SHOOT_DOWN_FACE = 6


# -- what the stages pass on ---------------------------------------------------------------


@dataclass(frozen=True)
class Aim:
    """Where one missile (or the single Blast shot) is aimed, before any roll."""

    index: int
    target: int | None  # unit index of the primary target; None for a ground point
    centre: Point
    modifier: int  # -3 for a secondary target of a split volley
    one_at: float  # bearing of template direction "1": straight away from the firer
    reach: float  # the attacker's range to the target: the scatter cap (RT-13)
    under: tuple[int, ...]  # the units a template centred here covers


@dataclass(frozen=True)
class Strike:
    """A roll to Strike (or to Dodge): the die face, the total, and whether a natural 6 or
    1 decides the point of impact (`natural_impact`) and every other comparison
    (`natural_all`), as option ``natural_rolls`` reads it."""

    face: int
    total: int
    natural_impact: bool = False
    natural_all: bool = False

    @property
    def natural(self) -> bool:
        return self.face in (1, 6)

    def hits_point(self) -> bool:
        """RT-1: equal or beat DF 5, the point of impact (a natural 6 or 1 decides it)."""
        if self.natural_impact and self.natural:
            return self.face == 6
        return self.total >= POINT_OF_IMPACT_DF

    def reaches(self, df: int) -> bool:
        """Equal or beat `df` (a DF, or a Strike for a Dodge): totals, unless natural 6 and
        1 decide every comparison (``natural_rolls`` true)."""
        if self.natural_all and self.natural:
            return self.face == 6
        return self.total >= df

    def by_nature(self, df: int) -> bool:
        """Does the natural 6 or 1 change the answer against `df`?"""
        return (self.total >= df) != self.reaches(df)


def strike_roll(plan: Plan, face: int, total: int, first: bool) -> Strike:
    """A Strike (`first`: the Roll to Strike the point of impact) or a Dodge roll under the
    option ``natural_rolls``."""
    natural = plan.options["natural_rolls"]
    return Strike(face, total, natural is True or (first and natural == "point-of-impact"),
                  natural is True)


class Impact(NamedTuple):
    """What one or more missiles would do to one unit under their templates, before
    reactions. A unit under a template whose DF is above the Strike roll has an Impact
    with no missile striking it: it is under the blast (p_hit, RT-11 shoot-downs) but
    takes nothing (RT-9). A named tuple, so that the exact odds, which hash millions of
    records, hash them in C."""

    templates: int  # templates over it: it may shoot these missiles down (RT-11)
    count: int  # missiles that strike it (Strike >= its DF): RT-18 counts these
    damage: int  # their damage, summed
    halved: int  # their damage halved missile by missile (impact_halves = "missile")
    strike: int  # the highest of their Strike rolls: a Dodge must equal or beat it

    def plus(self, other: Impact) -> Impact:
        """Two bundles of missiles on the same unit: counts and damage add up, a Dodge
        must beat the higher Strike."""
        return Impact(self.templates + other.templates, self.count + other.count,
                      self.damage + other.damage, self.halved + other.halved,
                      max(self.strike, other.strike))


Record = tuple[Impact | None, ...]
"""Per unit (scenario order), what a missile (or a bundle of missiles) would do."""


@dataclass(frozen=True)
class Landing:
    """Where one template came down and what it would do there."""

    centre: Point
    record: Record


@dataclass(frozen=True)
class Defence:
    """One unit's answer to the Impact left after shoot-downs (RT-6, RT-7, RT-8)."""

    damage: int
    spent: int  # Command Points spent on Dodge and Roll with Impact
    reactions: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitResult:
    """What the whole attack did to one unit."""

    hits: int  # templates that came down over it (shot down or not)
    damage: int
    cp_spent: int
    reactions: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Plan:
    """A legal attack, checked and aimed: everything `play` needs before the dice."""

    scenario: Scenario
    attacker: Unit
    circles: tuple[Circle, ...]
    aims: tuple[Aim, ...]
    shooters: tuple[int, ...]  # units that may try to shoot the missiles down (RT-11)
    cp: tuple[int, ...]  # Command Points each unit may spend (0: structures, Life is Cheap)
    checks: tuple[tuple[str, str], ...]  # (clause, text) of the legality checks passed

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        return self.scenario.units

    @cached_property
    def options(self) -> dict[str, Any]:
        return self.scenario.options

    @cached_property
    def volley(self) -> bool:
        return len(self.aims) > 1

    @cached_property
    def reactions(self) -> dict[str, Reactions]:
        """Each unit's `Reactions`, by id, looked up once (seeded runs ask often)."""
        return {u.id: self.scenario.attack.reactions_of(u.id) for u in self.units}

    def reactions_of(self, unit: Unit) -> Reactions:
        return self.reactions[unit.id]


# -- legality: RT-2, RT-3, RT-4 ---------------------------------------------------------------


def circle_of(unit: Unit) -> Circle:
    return Circle(Point(unit.x, unit.y), base_radius_in(unit.base_mm))


def in_sight(scenario: Scenario, a: Point, b: Point) -> bool:
    """Line of sight, centre to centre: no terrain feature (segment or polygon) touches it."""
    return not segment_touches_any(a, b, scenario.board.terrain)


def is_friend(attacker: Unit, unit: Unit) -> bool:
    return unit.is_mecha and unit.side == attacker.side


def check_target(scenario: Scenario, attacker: Unit, target: Unit | None,
                 centre: Point) -> str:
    """RT-2 and RT-3: the target's kind, range and line of sight; the log text if legal."""
    weapon = scenario.attack.weapon
    indirect = weapon.has("indirect_fire")
    name = who(target) if target else f"the point ({centre.x:g}, {centre.y:g})"
    if target is None and not indirect:
        raise IllegalAttack("RT-2", "a Blast cannot target a spot on the ground without "
                                    "the Indirect Fire ability")
    if target is not None and is_friend(attacker, target):
        raise IllegalAttack("RT-2", f"{who(target)} is a friendly mecha: the target must be a "
                                    "structure or an enemy mecha")
    reach = edge_distance(circle_of(attacker), Circle(centre, circle_of(target).radius
                                                       if target else 0.0))
    if reach > weapon.range:
        raise IllegalAttack("RT-3" if indirect else "RT-2",
                            f"{name} is {reach:.2f}\" away, beyond the range of "
                            f"{weapon.range:g}\"")
    if not indirect:
        if not in_sight(scenario, Point(attacker.x, attacker.y), centre):
            raise IllegalAttack("RT-2", f"{who(attacker)} has no line of sight to {name}")
        return f"{cap(name)} is {reach:.2f}\" away (range {weapon.range:g}\") and in sight"
    spotters = [who(u) for u in scenario.units
                if is_friend(attacker, u) and in_sight(scenario, Point(u.x, u.y), centre)]
    if not spotters:
        raise IllegalAttack("RT-3", f"no friendly mecha has line of sight to {name} "
                                    "(Indirect Fire needs one)")
    return (f"Indirect Fire: {name} is {reach:.2f}\" away (range {weapon.range:g}\"), "
            f"in sight of {', '.join(spotters)}")


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
                  centre: Point) -> str:
    """RT-4: no friendly mecha may be under the template, unless it has Life is Cheap."""
    friends = [scenario.units[i] for i in units_under(circles, centre)
               if is_friend(attacker, scenario.units[i])]
    banned = [who(u) for u in friends if not u.life_is_cheap]
    if banned:
        raise IllegalAttack("RT-4", f"friendly mecha {', '.join(banned)} would be under the "
                                    "template (only Life is Cheap mecha may be)")
    if friends:
        return (f"Friendly {', '.join(who(u) for u in friends)} under the template: "
                "Life is Cheap")
    return "No friendly mecha under the template"


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


def cp_of(unit: Unit) -> int:
    """The Command Points a unit may spend: none for structures and Life is Cheap mecha."""
    return unit.cp if unit.is_mecha and not unit.life_is_cheap else 0


def shoot_down_cost(unit: Unit) -> int:
    """1 CP, or none with an Anti-Missile weapon (facts.md)."""
    return 0 if unit.anti_missile else 1


def may_shoot_down(scenario: Scenario, unit: Unit) -> bool:
    """RT-11: a mecha may try against Blast Missiles if its policy says so and it can pay
    with the Command Points it does not keep."""
    react = scenario.attack.reactions_of(unit.id)
    return (scenario.attack.weapon.has("missile") and unit.is_mecha
            and react.allows("shoot_down") and cp_of(unit) - react.keep >= shoot_down_cost(unit))


def prepare(scenario: Scenario) -> Plan:
    """Legality before any roll (RT-2, RT-3, RT-4), then one `Aim` per missile.

    Raises `IllegalAttack` naming the clause.
    """
    attack = scenario.attack
    weapon = attack.weapon
    attacker = scenario.unit(attack.attacker)
    if not weapon.has("blast"):
        raise IllegalAttack("RT-1", f"{weapon.name} has no Blast ability")
    circles = tuple(circle_of(u) for u in scenario.units)
    ids: list[str | None] = list(attack.targets) or [None]
    ids += [ids[0]] * (weapon.volley - len(ids))
    aims = tuple(aim(scenario, attacker, circles, i, t, t != ids[0]) for i, t in enumerate(ids))
    checks: list[tuple[str, str]] = []
    for a in {a.target: a for a in aims}.values():  # each target once
        target = scenario.units[a.target] if a.target is not None else None
        checks.append(("RT-3" if weapon.has("indirect_fire") else "RT-2",
                       check_target(scenario, attacker, target, a.centre)))
        checks.append(("RT-4", check_friends(scenario, attacker, circles, a.centre)))
    shooters = tuple(i for i, u in enumerate(scenario.units) if may_shoot_down(scenario, u))
    return Plan(scenario, attacker, circles, aims, shooters,
                tuple(cp_of(u) for u in scenario.units), tuple(checks))


# -- the Strike: RT-1, RT-5, RT-8, RT-9, RT-17, RT-22 --------------------------------------


def strike(plan: Plan, aim: Aim, dice: Dice, log: Log) -> Strike:
    """RT-1 / RT-17: D6 + GN + the attack's modifier (-3 at a secondary target) against
    DF 5, one per missile; a natural 6 always hits and a natural 1 always misses the point
    of impact unless ``natural_rolls`` is false."""
    modifier = plan.scenario.attack.strike_modifier
    of = f" of {missile_name(plan, aim)}" if plan.volley else ""
    face = dice.d6(f"Strike{of} at {place_name(plan, aim)} (D6 + GN {plan.attacker.gn}"
                   + (f", {modifier:+d} modifier" if modifier else "")
                   + (f", {aim.modifier:+d} secondary target" if aim.modifier else "") + ")")
    roll = strike_roll(plan, face, face + plan.attacker.gn + modifier + aim.modifier, True)
    if not log.silent:
        mod = f" {modifier:+d} (modifier)" if modifier else ""
        mod += f" {aim.modifier:+d} (secondary target)" if aim.modifier else ""
        verdict = "hits the point of impact" if roll.hits_point() else "misses"
        if (roll.total >= POINT_OF_IMPACT_DF) != roll.hits_point():
            verdict = f"a natural {face}: {verdict}"
        log.step("RT-17" if plan.volley else "RT-1",
                 f"{cap(missile_name(plan, aim))}: Strike {face} + GN {plan.attacker.gn}{mod} = "
                 f"{roll.total} against DF {POINT_OF_IMPACT_DF}: {verdict}")
    return roll


def halve(damage: int) -> int:
    """Roll with Impact on one amount: half, rounded down, minimum 1 (facts.md)."""
    return max(1, damage // 2) if damage > 0 else 0


def impact(damage: int, roll: Strike) -> Impact:
    """One missile striking a unit: `damage` before reactions, Dodge against its roll."""
    return Impact(1, 1, damage, halve(damage), roll.total)


UNREACHED = Impact(1, 0, 0, 0, 0)
"""One template over a unit whose DF is above the Strike roll: no damage (RT-9)."""


def damage_record(plan: Plan, under: Sequence[int], roll: Strike,
                  full: Container[int]) -> tuple[Record, list[int], list[int]]:
    """Who a template damages among the units `under` it: the record, struck, spared.

    The primary target (in `full`) takes the full MD, every other unit under the template
    half of it (rounded down), and any unit whose DF is above the roll nothing (RT-5, RT-9,
    RT-14): it is still under the template (`UNREACHED`).
    """
    md = plan.scenario.attack.weapon.md
    record: list[Impact | None] = [None] * len(plan.units)
    struck, spared = [], []
    for i in under:
        if roll.reaches(plan.units[i].df):
            record[i] = impact(md if i in full else md // 2, roll)
            struck.append(i)
        else:
            record[i] = UNREACHED
            spared.append(i)
    return tuple(record), struck, spared


def direct_hit(plan: Plan, aim: Aim, roll: Strike, log: Log) -> Record:
    """RT-5 / RT-17: the template centred on the target; RT-8, RT-9 / RT-22 for each unit."""
    full = (aim.target,)
    record, struck, spared = damage_record(plan, aim.under, roll, full)
    if not log.silent:
        log.step("RT-17" if plan.volley else "RT-5",
                 f"{cap(missile_name(plan, aim))} lands on {place_name(plan, aim)}: "
                 + describe(plan, record, struck, full, roll),
                 final_template(plan, aim.centre, aim.one_at, missile_name(plan, aim)),
                 *(unit_state(plan.units[i].id, "hit") for i in struck))
        if spared:
            natural = (" (a natural 6 hits the point of impact, not a higher DF)"
                       if roll.face == 6 and not roll.natural_all else "")
            log.step("RT-22" if plan.volley else "RT-9",
                     ", ".join(f"{who(plan.units[i])} DF {plan.units[i].df}" for i in spared)
                     + f" above the Strike roll {roll.total}: no damage" + natural,
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record


# -- the scatter: RT-12 to RT-16 ---------------------------------------------------------------


def scatter_bearing(plan: Plan, aim: Aim, number: int) -> float:
    """The bearing of template direction `number` (1 straight away from the firer)."""
    turn = DIRECTION_STEP * (number - 1)
    sign = 1.0 if plan.options["template_winding"] == "clockwise" else -1.0
    return normalize_angle(aim.one_at + sign * turn)


def scatter(plan: Plan, aim: Aim, dice: Dice, log: Log, whole: bool = False) -> Point:
    """RT-12 / RT-13: D6 for the direction, 2D6 inches, capped at the range to the target
    (`whole`: the one template of a whole-volley miss, RT-20)."""
    name = template_name(plan, aim, whole)
    number = dice.d6(f"Scatter direction of {name} from {place_name(plan, aim)} (D6)")
    rolled = dice.total(f"Scatter distance of {name} (2D6 inches)", 2, 6)
    distance = min(float(rolled), aim.reach)
    bearing = scatter_bearing(plan, aim, number)
    end = move(aim.centre, bearing, distance)
    if not log.silent:
        start = (aim.centre.x, aim.centre.y)
        log.step("RT-20" if whole else "RT-12",
                 f"{cap(name)} scatters from {place_name(plan, aim)}: "
                 f"direction {number} (bearing {bearing:.0f}°), {rolled}\"",
                 template(start[0], start[1], TEMPLATE_RADIUS, "scatter-start",
                          one_at=aim.one_at, winding=plan.options["template_winding"]),
                 scatter_mark(start, (end.x, end.y), distance, name))
        if distance < rolled:
            log.step("RT-13", f"The scatter is capped at the range to the target: "
                              f"{distance:.2f}\" instead of {rolled}\"")
    return end


def scattered_hit(plan: Plan, aim: Aim, centre: Point, dice: Dice, log: Log,
                  whole: bool = False) -> Record:
    """RT-14 / RT-15 / RT-16: new Strike D6+1; half damage where it reaches the DF, else a
    dud. For the one template of a whole-volley miss (`whole`, RT-20) under the "full"
    reading of ``volley_miss_damage`` everything struck takes the full MD."""
    face = dice.d6(f"New Strike of {template_name(plan, aim, whole)} where it comes down "
                   f"(D6 + {SCATTER_STRIKE_BONUS})")
    roll = strike_roll(plan, face, face + SCATTER_STRIKE_BONUS, False)
    under = units_under(plan.circles, centre)
    full = under if whole and plan.options["volley_miss_damage"] == "full" else ()
    record, struck, spared = damage_record(plan, under, roll, full)
    if not log.silent:
        head = (f"{cap(template_name(plan, aim, whole))}: new Strike {face} + "
                f"{SCATTER_STRIKE_BONUS} = {roll.total} where it comes down "
                f"({centre.x:.1f}, {centre.y:.1f}): ")
        tpl = final_template(plan, centre, aim.one_at, template_name(plan, aim, whole))
        if struck:
            log.step("RT-20" if whole else "RT-14",
                     head + describe(plan, record, struck, full, roll), tpl,
                     *(unit_state(plan.units[i].id, "hit") for i in struck))
        else:
            what = "it reaches no DF under the template" if spared else "no unit under it"
            log.step("RT-16", head + what + ": a dud, no second scatter", tpl,
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
        if struck and spared:
            log.step("RT-15", ", ".join(f"{who(plan.units[i])} DF {plan.units[i].df}"
                                        for i in spared)
                     + f" above the new Strike roll {roll.total}: no damage",
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record


def land(plan: Plan, aim: Aim, roll: Strike, dice: Dice, log: Log) -> Landing:
    """One missile comes down: on its target if it struck (RT-5), else scattered (RT-12)."""
    if roll.hits_point():
        return Landing(aim.centre, direct_hit(plan, aim, roll, log))
    return land_scattered(plan, aim, dice, log)


def land_scattered(plan: Plan, aim: Aim, dice: Dice, log: Log) -> Landing:
    """RT-12 to RT-16: scatter from the aim, then the new Strike where it comes down."""
    centre = scatter(plan, aim, dice, log)
    return Landing(centre, scattered_hit(plan, aim, centre, dice, log))


def land_whole_miss(plan: Plan, dice: Dice, log: Log) -> Landing:
    """RT-20: the whole volley missed: ONE template scatters from the first target and
    inflicts the full MD of one missile (option ``volley_miss_damage``: "full", the seed's
    word, or "half" as any scattered blast)."""
    full = plan.options["volley_miss_damage"] == "full"
    md = plan.scenario.attack.weapon.md
    if not log.silent:
        log.step("RT-20", "Every missile of the volley missed: ONE template, the volley's, "
                          "scatters and inflicts only the MD of one missile, "
                          + (f"full: {md} to everything its new Strike reaches "
                             "(volley_miss_damage=full, the seed's words)" if full else
                             f"halved as any scattered blast: {md // 2} "
                             "(volley_miss_damage=half)"))
    aim = plan.aims[0]
    centre = scatter(plan, aim, dice, log, whole=True)
    return Landing(centre, scattered_hit(plan, aim, centre, dice, log, whole=True))


def whole_volley_rule(plan: Plan) -> bool:
    """RT-20 / RT-21: does a whole-volley miss scatter ONE template for this attack?"""
    split = len({a.target for a in plan.aims}) > 1
    return plan.volley and (not split or plan.options["split_volley_miss"] == "single")


def land_volley(plan: Plan, rolls: Sequence[Strike], dice: Dice, log: Log) -> list[Landing]:
    """RT-17, RT-20, RT-21: each missile lands on its own, unless the whole volley misses."""
    if whole_volley_rule(plan) and not any(r.hits_point() for r in rolls):
        return [land_whole_miss(plan, dice, log)]
    return [land(plan, a, r, dice, log) for a, r in zip(plan.aims, rolls, strict=True)]


# -- the reactions: RT-6, RT-7, RT-8, RT-10, RT-11, RT-15, RT-16, RT-18, RT-19 --------------


@dataclass(frozen=True)
class ShootDown:
    """During and after the shoot-downs: which records still fly, each unit's CP spent and
    its attempt."""

    alive: tuple[bool, ...]
    spent: tuple[int, ...]
    tried: tuple[tuple[str, ...], ...]

    @classmethod
    def start(cls, records: Sequence[Record], units: int) -> ShootDown:
        """Before any shot: every record flies, no unit has spent or tried anything."""
        return cls((True,) * len(records), (0,) * units, ((),) * units)


def shoot_down(plan: Plan, records: Sequence[Record], dice: Dice, log: Log) -> ShootDown:
    """RT-11 / RT-16: the shoot-downs, rolled in unit order. A mecha with an ``order`` or
    the policy best has declared together with every such mecha, each seeing every
    missile over it (`declares`); a mecha following today's booleans decides when its turn
    comes, seeing which missiles over it are still in the air (`in_turn`)."""
    state = ShootDown.start(records, len(plan.units))
    declared = {i for i in plan.shooters if not in_turn(plan, i) and declares(plan, i, records)}
    for i in plan.shooters:
        over = [k for k, r in enumerate(records) if aimed_at(plan, i, r)]
        if not in_turn(plan, i):
            if i in declared:
                state = shoot(plan, i, over, state, dice, log)
            continue
        flying = [k for k in over if state.alive[k]]
        if flying and will_shoot(plan, i, threat_of(plan, i, [records[k] for k in flying])):
            state = shoot(plan, i, flying, state, dice, log)
    return state


def in_turn(plan: Plan, index: int) -> bool:
    """Does this mecha decide its shoot-down when its turn comes (today's booleans)?"""
    return plan.reactions_of(plan.units[index]).in_turn


def declares(plan: Plan, index: int, records: Sequence[Record]) -> bool:
    """RT-11: does this mecha declare a shoot-down of the missiles it may shoot at?"""
    incoming = [r for r in records if aimed_at(plan, index, r)]
    return bool(incoming) and will_shoot(plan, index, threat_of(plan, index, incoming))


class Threat(NamedTuple):
    """What the missiles a mecha may shoot at would do: to it, and to others of its side."""

    own: Impact | None
    others: bool


def aimed_at(plan: Plan, index: int, record: Record) -> bool:
    """RT-11: may unit `index` shoot at this missile? Under its template (option
    ``shoot_down_by`` "under-template"), or only if the missile would damage it."""
    hit = record[index]
    return hit is not None and (plan.options["shoot_down_by"] == "under-template"
                                or hit.damage > 0)


def threat_of(plan: Plan, index: int, records: Sequence[Record]) -> Threat:
    """The `Threat` of these missiles to unit `index`."""
    side = plan.units[index].side
    own = merge(r[index:index + 1] for r in records)
    others = any(hit is not None and hit.damage > 0 and i != index
                 and plan.units[i].side == side
                 for record in records for i, hit in enumerate(record))
    return Threat(own[0] if own else None, others)


def shoot(plan: Plan, index: int, incoming: Sequence[int], state: ShootDown, dice: Dice,
          log: Log) -> ShootDown:
    """RT-11: one mecha shoots at the missiles `incoming` (indices of records); only a 6
    succeeds, and then every one of them is destroyed: they damage no one."""
    unit = plan.units[index]
    face = dice.d6(f"Shoot-down by {who(unit)} (a 6 succeeds)")
    cost = shoot_down_cost(unit)
    success = face == SHOOT_DOWN_FACE
    if not log.silent:
        which = (("missile " if len(incoming) == 1 else "missiles ")
                 + ", ".join(str(k + 1) for k in incoming) if plan.volley else "the missile")
        what = "shot down: they damage no one" if success else "it misses, no effect"
        log.step("RT-11", f"{cap(who(unit))} shoots at {which} over it "
                          f"({cost} CP) and rolls {face}: {what}",
                 unit_state(unit.id, "shot-down" if success else "hit"))
    alive = tuple(a and not (success and k in incoming) for k, a in enumerate(state.alive))
    return ShootDown(alive, replace_at(state.spent, index, cost),
                     replace_at(state.tried, index,
                                ("shoot-down",) if success else ("shoot-down-failed",)))


SHOT_MISSES = 5 / 6
"""A shoot-down fails on 1 to 5 (RT-11)."""
SAME = 1e-12
"""Expected damages closer than this are equal (policy best breaks such ties)."""


def will_shoot(plan: Plan, index: int, threat: Threat) -> bool:
    """RT-11: does this mecha spend its shoot-down on these missiles? Never when they would
    damage no one it protects (itself, and others of its side if ``shoot_for_others``);
    then as its `Reactions` say (priority and kept CP, or the policy best)."""
    unit = plan.units[index]
    react = plan.reactions_of(unit)
    cost = shoot_down_cost(unit)
    budget = plan.cp[index] - react.keep
    hurt = threat.own is not None and threat.own.damage > 0
    helps = threat.others and plan.options["shoot_for_others"]
    if not react.allows("shoot_down") or budget < cost or not (hurt or helps):
        return False
    if react.best:
        stay = expected_defence(plan, unit, threat.own, budget)
        go = SHOT_MISSES * expected_defence(plan, unit, threat.own, budget - cost)
        return go < stay - SAME or (go <= stay + SAME and helps)
    return budget - cost >= reserved(plan, unit, threat.own, "shoot_down")


def reserved(plan: Plan, unit: Unit, hit: Impact | None, now: str) -> int:
    """Priority: the CP a mecha keeps, when it is about to spend one on `now`, for the
    reactions it ranks higher that come later in the rule and could still help."""
    order = plan.reactions_of(unit).order
    later = REACTIONS[REACTIONS.index(now) + 1:]
    return sum(1 for r in order[:order.index(now)] if r in later and helps(plan, unit, hit, r))


def helps(plan: Plan, unit: Unit, hit: Impact | None, reaction: str) -> bool:
    """Could a Dodge or a Roll with Impact change the damage of `hit` (CP aside)?"""
    if hit is None or hit.damage <= 0:
        return False
    if reaction == "dodge":
        return not inescapable(plan, hit) and dodge_chance(plan, unit, hit.strike) > 0
    return (reaction == "roll_with_impact" and not plan.scenario.attack.weapon.has("overwhelming")
            and reduced(plan, hit) < hit.damage)


def expected_defence(plan: Plan, unit: Unit, hit: Impact | None, budget: int) -> float:
    """Policy best: the least expected damage of `hit` with `budget` CP for Dodge and Roll
    with Impact (a Dodge, then a Roll with Impact if it fails and a CP is left)."""
    if hit is None or hit.damage <= 0:
        return 0.0
    if budget >= 1 and helps(plan, unit, hit, "dodge"):
        fail = 1 - dodge_chance(plan, unit, hit.strike)
        return min(taken(plan, unit, hit, budget), fail * taken(plan, unit, hit, budget - 1))
    return taken(plan, unit, hit, budget)


def taken(plan: Plan, unit: Unit, hit: Impact, budget: int) -> int:
    """The damage of `hit` after a Roll with Impact if `budget` allows one that helps."""
    return (reduced(plan, hit) if budget >= 1 and helps(plan, unit, hit, "roll_with_impact")
            else hit.damage)


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]


def surviving(plan: Plan, records: Sequence[Record], alive: Sequence[bool]) -> Record:
    """Per unit, the Impact of the missiles still flying after the shoot-downs."""
    return merge(r for r, a in zip(records, alive, strict=True) if a) or (None,) * len(plan.units)


def merge(records: Any) -> Record:
    """Unit by unit sum of records (empty: an empty tuple)."""
    out: list[Impact | None] = []
    for record in records:
        if not out:
            out = list(record)
            continue
        out = [a if b is None else b if a is None else a.plus(b)
               for a, b in zip(out, record, strict=True)]
    return tuple(out)


def dodge_bonus(plan: Plan, unit: Unit) -> int:
    """What a Dodge adds to its D6: PIL (option ``dodge_adds_pil``) and the unit's modifier."""
    return (unit.pil if plan.options["dodge_adds_pil"] else 0) + unit.dodge_modifier


def dodges(plan: Plan, unit: Unit, face: int, strike_total: int) -> bool:
    """RT-6 / RT-15 / RT-18: does a Dodge die showing `face` equal or beat the Strike?"""
    return strike_roll(plan, face, face + dodge_bonus(plan, unit), False).reaches(strike_total)


def dodge_chance(plan: Plan, unit: Unit, strike_total: int) -> float:
    """The chance that a Dodge equals or beats `strike_total` (the faces for which
    `dodges` holds, counted: a face f dodges when f + bonus >= the Strike, and with
    ``natural_rolls`` true a 6 always does and a 1 never does)."""
    faces = min(6, max(0, 7 - strike_total + dodge_bonus(plan, unit)))
    if plan.options["natural_rolls"] is True:
        faces = min(5, max(1, faces))
    return faces / 6


def dodge(plan: Plan, unit: Unit, hit: Impact, dice: Dice, log: Log) -> bool:
    """RT-6 / RT-15 / RT-18: D6 + PIL + modifier equal or beat the highest Strike roll: no
    damage. A successful Dodge leaves the template where it is (RT-10)."""
    pil = unit.pil if plan.options["dodge_adds_pil"] else 0
    face = dice.d6(f"Dodge by {who(unit)} (D6" + (f" + PIL {pil}" if pil else "")
                   + (f" {unit.dodge_modifier:+d} modifier" if unit.dodge_modifier else "")
                   + f" against Strike {hit.strike})")
    ok = dodges(plan, unit, face, hit.strike)
    if not log.silent:
        total = face + dodge_bonus(plan, unit)
        of = f"the highest of {hit.count} Strike rolls" if hit.count > 1 else "the Strike roll"
        outcome = ("dodged: no damage; the blast still lands, no scatter (RT-10)" if ok
                   else "it fails")
        if ok != (total >= hit.strike):
            outcome = f"a natural {face}: {outcome}"
        log.step("RT-18" if plan.volley else "RT-6",
                 f"{cap(who(unit))} dodges (1 CP) and rolls {face}"
                 + (f" + PIL {pil}" if pil else "")
                 + (f" {unit.dodge_modifier:+d} (modifier)" if unit.dodge_modifier else "")
                 + f" = {total} against {of}, {hit.strike}: {outcome}",
                 unit_state(unit.id, "dodged" if ok else "hit"))
    return ok


def inescapable(plan: Plan, hit: Impact) -> str:
    """RT-18: why no Dodge is possible against these missiles ("" when one is)."""
    weapon = plan.scenario.attack.weapon
    if hit.count >= INESCAPABLE_MISSILES:
        return f"{hit.count} missiles of the volley are Inescapable"
    return f"{weapon.name} is Inescapable" if weapon.has("inescapable") else ""


def will_dodge(plan: Plan, unit: Unit, hit: Impact, budget: int) -> bool:
    """RT-6 / RT-18: with a CP the mecha may spend, at most 3 missiles, a chance to succeed,
    and as its `Reactions` say (priority: a CP for a Roll with Impact it ranks higher is
    kept; best: when it lowers the expected damage)."""
    react = plan.reactions_of(unit)
    if not react.allows("dodge") or budget < 1 or not helps(plan, unit, hit, "dodge"):
        return False
    if react.best:
        fail = 1 - dodge_chance(plan, unit, hit.strike)
        return fail * taken(plan, unit, hit, budget - 1) < taken(plan, unit, hit, budget) - SAME
    return budget - 1 >= reserved(plan, unit, hit, "dodge")


def reduced(plan: Plan, hit: Impact) -> int:
    """RT-7 / RT-19: the damage after one Roll with Impact (option ``impact_halves``)."""
    return halve(hit.damage) if plan.options["impact_halves"] == "volley" else hit.halved


def roll_with_impact(plan: Plan, unit: Unit, hit: Impact, log: Log) -> int:
    """RT-7 / RT-19: one Roll with Impact (1 CP) halves the damage, rounded down, min 1."""
    damage = reduced(plan, hit)
    if not log.silent:
        log.step("RT-19" if plan.volley else "RT-7",
                 f"{cap(who(unit))} rolls with impact (1 CP): {hit.damage} damage "
                 f"becomes {damage}", unit_state(unit.id, "damaged"))
    return damage


def will_roll_with_impact(plan: Plan, unit: Unit, hit: Impact, budget: int) -> bool:
    """RT-7: with a CP the mecha may spend and its policy's leave, not against Overwhelming,
    when it lowers the damage."""
    return (plan.reactions_of(unit).allows("roll_with_impact")
            and budget >= 1 and helps(plan, unit, hit, "roll_with_impact"))


def defend(plan: Plan, index: int, hit: Impact | None, spent: int, dice: Dice,
           log: Log) -> Defence:
    """One unit against the missiles left: structures take it all (RT-8); a mecha may Dodge
    (RT-6, RT-15, RT-18), then Roll with Impact (RT-7, RT-15, RT-19), with the CP it has
    left and may spend."""
    if hit is None or not hit.damage:
        return Defence(0, 0)
    unit = plan.units[index]
    if not unit.is_mecha:
        if not log.silent:
            log.step("RT-8", f"{cap(who(unit))} is a structure: it takes "
                             f"{hit.damage} with no reduction", unit_state(unit.id, "damaged"))
        return Defence(hit.damage, 0)
    if not log.silent and inescapable(plan, hit):
        log.step("RT-18", f"{cap(who(unit))} cannot dodge: {inescapable(plan, hit)}")
    budget = plan.cp[index] - spent - plan.reactions_of(unit).keep
    tried: tuple[str, ...] = ()
    if will_dodge(plan, unit, hit, budget):
        if dodge(plan, unit, hit, dice, log):
            return Defence(0, 1, ("dodge",))
        budget -= 1
        tried = ("dodge-failed",)
    if will_roll_with_impact(plan, unit, hit, budget):
        return Defence(roll_with_impact(plan, unit, hit, log), len(tried) + 1,
                       tried + ("roll-with-impact",))
    return Defence(hit.damage, len(tried), tried)


# -- the whole attack ------------------------------------------------------------------------


def play(scenario: Scenario, dice: Dice, log: Log) -> tuple[UnitResult, ...]:
    """Resolve the Blast attack step by step: legality, strikes, landings, reactions."""
    return run(prepare(scenario), dice, log)


def run(plan: Plan, dice: Dice, log: Log) -> tuple[UnitResult, ...]:
    """The rolls of a prepared attack: strikes, landings, shoot-downs, then each unit."""
    if not log.silent:
        log.options(plan.options)
        log_setup(plan, log)
    rolls = [strike(plan, a, dice, log) for a in plan.aims]
    records = [landed.record for landed in land_volley(plan, rolls, dice, log)]
    shot = shoot_down(plan, records, dice, log)
    struck = merge(records)
    left = struck if all(shot.alive) else surviving(plan, records, shot.alive)
    results = tuple(UNTOUCHED if hit is None
                    else unit_result(plan, i, hit, left[i], shot, dice, log)
                    for i, hit in enumerate(struck))
    if not log.silent:
        log_result(plan, results, log)
    return results


UNTOUCHED = UnitResult(0, 0, 0, ())


def unit_result(plan: Plan, index: int, struck: Impact, left: Impact | None, shot: ShootDown,
                dice: Dice, log: Log) -> UnitResult:
    """One unit struck by the attack: its shoot-down, then its own defence."""
    d = defend(plan, index, left, shot.spent[index], dice, log)
    return UnitResult(struck.templates, d.damage, shot.spent[index] + d.spent,
                      shot.tried[index] + d.reactions)


def hit_counts(records: Sequence[Record]) -> list[int]:
    """Per unit, the templates that came down over it (before any reaction)."""
    return [0 if hit is None else hit.templates for hit in merge(records)]


def destroyed(unit: Unit, damage: int) -> bool:
    """A unit with an MDC is destroyed when the attack's damage reaches it."""
    return unit.mdc is not None and damage > 0 and damage >= unit.mdc


def harm_of(unit: Unit, hits: int, damage: int) -> Harm:
    """The odds' record of one unit: templates over it, damage, destroyed or not."""
    return Harm(hits, damage, destroyed=destroyed(unit, damage))


def harm(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> tuple[Harm, ...]:
    return tuple(harm_of(u, r.hits, r.damage)
                 for u, r in zip(scenario.units, outcome, strict=True))


def effects(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> dict[str, dict[str, Any]]:
    return {u.id: {"hits": r.hits, "damage": r.damage, "destroyed": destroyed(u, r.damage),
                   "cp_spent": r.cp_spent, "reactions": list(r.reactions)}
            for u, r in zip(scenario.units, outcome, strict=True)}


# -- log text ------------------------------------------------------------------------------


def missile_name(plan: Plan, aim: Aim) -> str:
    return f"missile {aim.index + 1}" if plan.volley else "the blast"


def template_name(plan: Plan, aim: Aim, whole: bool) -> str:
    """How the log calls a scattering template: its missile's, or the volley's (RT-20)."""
    return "the volley's template" if whole else missile_name(plan, aim)


def place_name(plan: Plan, aim: Aim) -> str:
    if aim.target is None:
        return f"the point ({aim.centre.x:g}, {aim.centre.y:g})"
    return who(plan.units[aim.target])


def final_template(plan: Plan, centre: Point, one_at: float, source: str) -> Mark:
    """Where a template comes down; `source` names its missile (or the blast, the volley)."""
    return template(centre.x, centre.y, TEMPLATE_RADIUS, "final", one_at=one_at,
                    winding=plan.options["template_winding"], source=source)


def describe(plan: Plan, record: Record, struck: Sequence[int], full: Container[int],
             roll: Strike) -> str:
    """Who a template strikes, for how much (and where only a natural 6 reached the DF)."""
    parts = [f"{who(plan.units[i])} {'full' if i in full else 'half'} {record[i].damage}"
             + (" (natural 6)" if roll.by_nature(plan.units[i].df) else "")
             for i in struck]
    return "it strikes " + ", ".join(parts) if parts else "it strikes no unit"


def cap(text: str) -> str:
    """A sentence's first letter in capitals, the rest as written (names stay as given)."""
    return text[:1].upper() + text[1:]


def who(unit: Unit) -> str:
    """A unit as players call it: its name and id ("Regult r1"), or its id alone."""
    return unit.id if unit.name == unit.id else f"{unit.name} {unit.id}"


def log_setup(plan: Plan, log: Log) -> None:
    """The first steps: who fires what at whom (each missile's target when a volley is
    divided, RT-21), then the legality checks passed."""
    weapon = plan.scenario.attack.weapon
    names = [place_name(plan, a) for a in plan.aims]
    if len(set(names)) > 1:
        targets = "; ".join(
            ("missiles " if names.count(n) > 1 else "missile ")
            + ", ".join(str(k + 1) for k, m in enumerate(names) if m == n) + f" at {n}"
            for n in dict.fromkeys(names))
    else:
        targets = ("all its missiles at " if plan.volley else "") + names[0]
    modifier = plan.scenario.attack.strike_modifier
    log.step("SETUP", f"{cap(who(plan.attacker))} fires {weapon.name} (MD {weapon.md}"
                      + (f", volley of {len(plan.aims)}" if plan.volley else "")
                      + (f", Strike modifier {modifier:+d}" if modifier else "")
                      + f"): {targets}",
             *(template(a.centre.x, a.centre.y, TEMPLATE_RADIUS, "aim", one_at=a.one_at,
                        winding=plan.options["template_winding"],
                        label=missile_name(plan, a)) for a in plan.aims))
    for clause, text in plan.checks:
        log.step(clause, text)
    if len({a.target for a in plan.aims}) > 1:
        log.step("RT-21", "The volley is divided: one template per missile, misses scatter "
                          "separately; missiles at a secondary target take "
                          f"{SECONDARY_TARGET_MODIFIER} to Strike")


def log_result(plan: Plan, results: Sequence[UnitResult], log: Log) -> None:
    marks, parts = [], []
    for u, r in zip(plan.units, results, strict=True):
        if r.damage:
            state = "damaged"
        elif "dodge" in r.reactions:
            state = "dodged"
        elif r.hits:
            state = "saved"
        else:
            state = "untouched"
        marks.append(unit_state(u.id, state))
        if r.hits or r.cp_spent:
            templates = f"{r.hits} template{'s' if r.hits != 1 else ''} over it"
            end = (f", destroyed: {r.damage} reaches its MDC {u.mdc}"
                   if destroyed(u, r.damage) else "")
            parts.append(f"{who(u)} takes {r.damage} damage ({templates}, "
                         f"{r.cp_spent} CP spent){end}")
    log.step("RESULT", "; ".join(parts) or "No damage", *marks)

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

`play` chains them with real dice; `robotech_odds.exact` composes the very same functions
into exact distributions (missiles are independent until the reactions).

Readings of facts.md (M) and of our own (L), each an option in ``options``:

- ``natural_rolls`` (default true): a natural 6 on a Strike roll (first or after scatter)
  always succeeds, against the point of impact and every DF; a natural 1 always fails.
  The same general rule applies to Dodge rolls.
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

Fixed readings (facts.md, M or H), documented here rather than made options:

- Strike = D6 + GN; missiles at a secondary target of a split volley take -3. The first id
  of ``attack.targets`` is the primary target; a volley listing fewer ids than missiles
  sends the rest at the first id.
- Ranges (RT-2, RT-3, the RT-13 cap) are measured between the closest points of the bases
  (to the point itself for a ground shot). Line of sight runs centre to centre and is
  blocked by any ``terrain`` feature it touches (a segment or a polygon); bases never
  block it.
- Command Points: a Dodge, a shoot-down and a Roll with Impact cost 1 each (a mecha with
  ``anti_missile`` shoots down for free, so even a Life is Cheap one may); Life is Cheap
  mecha have none. "ANY number of mecha under the Blast template" may shoot (RT-11), and
  "any mecha that would be hit" by a scattered one (RT-16) is read the same way: a
  missile "hits" every unit under its template, whose DF only decides the damage (RT-9);
  a success destroys every missile over the shooter. A unit's ``hits`` count the
  templates that came down over it (p_hit: "under a template"). Reactions come
  in the order shoot-down (every mecha, in unit order), then Dodge, then Roll with Impact,
  while CP lasts and the mecha's ``reactions`` policy allows. A mecha does not spend CP on
  a shoot-down when the missiles over it would damage no unit of its side, nor
  on a Dodge that cannot succeed, nor on a Roll with Impact that would not lower the damage.
- A template may scatter partly or wholly off the table; it hits whatever is under it.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.dice import Dice, Distribution
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
from engine.scenario.robotech import Unit

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
    """A roll to Strike: the die face and the total (with the natural-roll reading)."""

    face: int
    total: int
    natural: bool

    def reaches(self, df: int) -> bool:
        """Equal or beat `df`; with natural rolls a 6 always does and a 1 never does."""
        if self.natural and self.face in (1, 6):
            return self.face == 6
        return self.total >= df


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

    @property
    def units(self) -> tuple[Unit, ...]:
        return self.scenario.units

    @property
    def options(self) -> dict[str, Any]:
        return self.scenario.options

    @property
    def volley(self) -> bool:
        return len(self.aims) > 1


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
    name = target.id if target else f"the point ({centre.x:g}, {centre.y:g})"
    if target is None and not indirect:
        raise IllegalAttack("RT-2", "a Blast cannot target a spot on the ground without "
                                    "the Indirect Fire ability")
    if target is not None and is_friend(attacker, target):
        raise IllegalAttack("RT-2", f"{target.id} is a friendly mecha: the target must be a "
                                    "structure or an enemy mecha")
    reach = edge_distance(circle_of(attacker), Circle(centre, circle_of(target).radius
                                                       if target else 0.0))
    if reach > weapon.range:
        raise IllegalAttack("RT-3" if indirect else "RT-2",
                            f"{name} is {reach:.2f}\" away, beyond the range of "
                            f"{weapon.range:g}\"")
    if not indirect:
        if not in_sight(scenario, Point(attacker.x, attacker.y), centre):
            raise IllegalAttack("RT-2", f"{attacker.id} has no line of sight to {name}")
        return f"{name} is {reach:.2f}\" away (range {weapon.range:g}\") and in sight"
    spotters = [u.id for u in scenario.units
                if is_friend(attacker, u) and in_sight(scenario, Point(u.x, u.y), centre)]
    if not spotters:
        raise IllegalAttack("RT-3", f"no friendly mecha has line of sight to {name} "
                                    "(Indirect Fire needs one)")
    return (f"Indirect Fire: {name} is {reach:.2f}\" away (range {weapon.range:g}\"), "
            f"in sight of {', '.join(spotters)}")


def units_under(circles: Sequence[Circle], centre: Point) -> list[int]:
    """Indices of the units whose base the template covers, even barely (RT-5)."""
    blast = Circle(centre, TEMPLATE_RADIUS)
    return [i for i, c in enumerate(circles) if circle_overlaps(blast, c)]


def check_friends(scenario: Scenario, attacker: Unit, circles: Sequence[Circle],
                  centre: Point) -> str:
    """RT-4: no friendly mecha may be under the template, unless it has Life is Cheap."""
    friends = [scenario.units[i] for i in units_under(circles, centre)
               if is_friend(attacker, scenario.units[i])]
    banned = [u.id for u in friends if not u.life_is_cheap]
    if banned:
        raise IllegalAttack("RT-4", f"friendly mecha {', '.join(banned)} would be under the "
                                    "template (only Life is Cheap mecha may be)")
    if friends:
        return f"friendly {', '.join(u.id for u in friends)} under the template: Life is Cheap"
    return "no friendly mecha under the template"


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
    """RT-11: a mecha may try against Blast Missiles if its policy says so and it can pay."""
    return (scenario.attack.weapon.has("missile") and unit.is_mecha
            and scenario.attack.reactions_of(unit.id).shoot_down
            and cp_of(unit) >= shoot_down_cost(unit))


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
    """RT-1 / RT-17: D6 + GN (-3 at a secondary target) against DF 5, one per missile."""
    face = dice.d6(f"strike {aim.index + 1}" if plan.volley else "strike")
    roll = Strike(face, face + plan.attacker.gn + aim.modifier, plan.options["natural_rolls"])
    if not log.silent:
        mod = f" {aim.modifier:+d} (secondary target)" if aim.modifier else ""
        verdict = "hits the point of impact" if roll.reaches(POINT_OF_IMPACT_DF) else "misses"
        log.step("RT-17" if plan.volley else "RT-1",
                 f"{missile_name(plan, aim)}: Strike {face} + GN {plan.attacker.gn}{mod} = "
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
                 f"{missile_name(plan, aim)} lands on {place_name(plan, aim)}: "
                 + describe(plan, record, struck, full),
                 final_template(plan, aim.centre, aim.one_at),
                 *(unit_state(plan.units[i].id, "hit") for i in struck))
        if spared:
            log.step("RT-22" if plan.volley else "RT-9",
                     ", ".join(f"{plan.units[i].id} DF {plan.units[i].df}" for i in spared)
                     + f" above the Strike roll {roll.total}: no damage",
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record


# -- the scatter: RT-12 to RT-16 ---------------------------------------------------------------


def scatter_bearing(plan: Plan, aim: Aim, number: int) -> float:
    """The bearing of template direction `number` (1 straight away from the firer)."""
    turn = DIRECTION_STEP * (number - 1)
    sign = 1.0 if plan.options["template_winding"] == "clockwise" else -1.0
    return normalize_angle(aim.one_at + sign * turn)


def scatter(plan: Plan, aim: Aim, dice: Dice, log: Log) -> Point:
    """RT-12 / RT-13: D6 for the direction, 2D6 inches, capped at the range to the target."""
    number = dice.d6("scatter direction")
    rolled = dice.total("scatter distance", 2, 6)
    distance = min(float(rolled), aim.reach)
    bearing = scatter_bearing(plan, aim, number)
    end = move(aim.centre, bearing, distance)
    if not log.silent:
        start = (aim.centre.x, aim.centre.y)
        log.step("RT-12",
                 f"{missile_name(plan, aim)} scatters from {place_name(plan, aim)}: "
                 f"direction {number} (bearing {bearing:.0f}°), {rolled}\"",
                 template(start[0], start[1], TEMPLATE_RADIUS, "scatter-start",
                          one_at=aim.one_at, winding=plan.options["template_winding"]),
                 scatter_mark(start, (end.x, end.y), distance, missile_name(plan, aim)))
        if distance < rolled:
            log.step("RT-13", f"the scatter is capped at the range to the target: "
                              f"{distance:.2f}\" instead of {rolled}\"")
    return end


def scattered_hit(plan: Plan, aim: Aim, centre: Point, dice: Dice, log: Log,
                  full_md: bool = False) -> Record:
    """RT-14 / RT-15 / RT-16: new Strike D6+1; half damage where it reaches the DF, else a
    dud. With `full_md` (the "full" reading of RT-20) everything struck takes the full MD."""
    face = dice.d6("new strike")
    roll = Strike(face, face + SCATTER_STRIKE_BONUS, plan.options["natural_rolls"])
    under = units_under(plan.circles, centre)
    full = under if full_md else ()
    record, struck, spared = damage_record(plan, under, roll, full)
    if not log.silent:
        head = (f"{missile_name(plan, aim)} new Strike {face} + {SCATTER_STRIKE_BONUS} = "
                f"{roll.total} at ({centre.x:.2f}, {centre.y:.2f}): ")
        tpl = final_template(plan, centre, aim.one_at)
        if struck:
            log.step("RT-14", head + describe(plan, record, struck, full), tpl,
                     *(unit_state(plan.units[i].id, "hit") for i in struck))
        else:
            what = "it reaches no DF under the template" if spared else "no unit under it"
            log.step("RT-16", head + what + ": a dud, no second scatter", tpl,
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
        if struck and spared:
            log.step("RT-15", ", ".join(f"{plan.units[i].id} DF {plan.units[i].df}"
                                        for i in spared)
                     + f" above the new Strike roll {roll.total}: no damage",
                     *(unit_state(plan.units[i].id, "missed") for i in spared))
    return record


def land(plan: Plan, aim: Aim, roll: Strike, dice: Dice, log: Log) -> Landing:
    """One missile comes down: on its target if it struck (RT-5), else scattered (RT-12)."""
    if roll.reaches(POINT_OF_IMPACT_DF):
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
        log.step("RT-20", "the whole volley missed: ONE template scatters and inflicts only "
                          "the MD of one missile, "
                          + (f"full: {md} to everything its new Strike reaches "
                             "(volley_miss_damage=full, the seed's words)" if full else
                             f"halved as any scattered blast: {md // 2} "
                             "(volley_miss_damage=half)"))
    aim = plan.aims[0]
    centre = scatter(plan, aim, dice, log)
    return Landing(centre, scattered_hit(plan, aim, centre, dice, log, full))


def whole_volley_rule(plan: Plan) -> bool:
    """RT-20 / RT-21: does a whole-volley miss scatter ONE template for this attack?"""
    split = len({a.target for a in plan.aims}) > 1
    return plan.volley and (not split or plan.options["split_volley_miss"] == "single")


def land_volley(plan: Plan, rolls: Sequence[Strike], dice: Dice, log: Log) -> list[Landing]:
    """RT-17, RT-20, RT-21: each missile lands on its own, unless the whole volley misses."""
    if whole_volley_rule(plan) and not any(r.reaches(POINT_OF_IMPACT_DF) for r in rolls):
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
    """RT-11 / RT-16: every mecha that may, in unit order, shoots at the missiles whose
    templates are over it."""
    state = ShootDown.start(records, len(plan.units))
    for i in plan.shooters:
        state = shoot(plan, i, records, state, dice, log)
    return state


def shoot(plan: Plan, index: int, records: Sequence[Record], state: ShootDown, dice: Dice,
          log: Log) -> ShootDown:
    """RT-11: one mecha under the template shoots at the missiles still flying over it; only
    a 6 succeeds, and then every one of them is destroyed: they damage no one.

    "ANY number of mecha under the Blast template" may try, so a mecha whose DF the Strike
    did not reach may shoot too; it spends its CP only when those missiles would damage a
    unit of its side (itself included).
    """
    incoming = [k for k, r in enumerate(records) if state.alive[k] and r[index] is not None]
    if not incoming or not threatens(plan, index, [records[k] for k in incoming]):
        return state
    unit = plan.units[index]
    face = dice.d6(f"{unit.id} shoot-down")
    cost = shoot_down_cost(unit)
    success = face == SHOOT_DOWN_FACE
    if not log.silent:
        which = (("missile " if len(incoming) == 1 else "missiles ")
                 + ", ".join(str(k + 1) for k in incoming) if plan.volley else "the missile")
        what = "shot down: they damage no one" if success else "no effect"
        log.step("RT-11", f"{unit.id} shoots at {which} over it ({cost} CP): "
                          f"{face}, {what}",
                 unit_state(unit.id, "shot-down" if success else "hit"))
    alive = tuple(a and not (success and k in incoming) for k, a in enumerate(state.alive))
    return ShootDown(alive, replace_at(state.spent, index, cost),
                     replace_at(state.tried, index,
                                ("shoot-down",) if success else ("shoot-down-failed",)))


def threatens(plan: Plan, index: int, records: Sequence[Record]) -> bool:
    """Would these missiles damage a unit of the side of unit `index` (itself included)?"""
    side = plan.units[index].side
    return any(hit is not None and hit.damage > 0 and plan.units[i].side == side
               for record in records for i, hit in enumerate(record))


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


def dodge_can_succeed(plan: Plan, unit: Unit, strike_total: int) -> bool:
    best = 6 + (unit.pil if plan.options["dodge_adds_pil"] else 0)
    return plan.options["natural_rolls"] or best >= strike_total


def dodge(plan: Plan, unit: Unit, hit: Impact, dice: Dice, log: Log) -> bool:
    """RT-6 / RT-15 / RT-18: D6 (+PIL) equal or beat the highest Strike roll: no damage.

    A successful Dodge leaves the template where it is (RT-10).
    """
    face = dice.d6(f"{unit.id} dodge")
    pil = unit.pil if plan.options["dodge_adds_pil"] else 0
    ok = Strike(face, face + pil, plan.options["natural_rolls"]).reaches(hit.strike)
    if not log.silent:
        of = f"the highest of {hit.count} Strike rolls" if hit.count > 1 else "the Strike roll"
        outcome = ("dodged: no damage; the blast still lands, no scatter (RT-10)" if ok
                   else "fails")
        log.step("RT-18" if plan.volley else "RT-6",
                 f"{unit.id} dodges (1 CP): {face}" + (f" + PIL {pil}" if pil else "")
                 + f" = {face + pil} against {of}, {hit.strike}: {outcome}",
                 unit_state(unit.id, "dodged" if ok else "hit"))
    return ok


def inescapable(plan: Plan, hit: Impact) -> str:
    """RT-18: why no Dodge is possible against these missiles ("" when one is)."""
    weapon = plan.scenario.attack.weapon
    if hit.count >= INESCAPABLE_MISSILES:
        return f"{hit.count} missiles of the volley are Inescapable"
    return f"{weapon.name} is Inescapable" if weapon.has("inescapable") else ""


def may_dodge(plan: Plan, unit: Unit, hit: Impact, cp_left: int) -> bool:
    """RT-6 / RT-18: with a CP, the policy, at most 3 missiles, and a chance to succeed."""
    return (plan.scenario.attack.reactions_of(unit.id).dodge and cp_left >= 1
            and not inescapable(plan, hit) and dodge_can_succeed(plan, unit, hit.strike))


def reduced(plan: Plan, hit: Impact) -> int:
    """RT-7 / RT-19: the damage after one Roll with Impact (option ``impact_halves``)."""
    return halve(hit.damage) if plan.options["impact_halves"] == "volley" else hit.halved


def roll_with_impact(plan: Plan, unit: Unit, hit: Impact, log: Log) -> int:
    """RT-7 / RT-19: one Roll with Impact (1 CP) halves the damage, rounded down, min 1."""
    damage = reduced(plan, hit)
    if not log.silent:
        log.step("RT-19" if plan.volley else "RT-7",
                 f"{unit.id} rolls with impact (1 CP): {hit.damage} becomes {damage}",
                 unit_state(unit.id, "damaged"))
    return damage


def may_roll_with_impact(plan: Plan, unit: Unit, hit: Impact, cp_left: int) -> bool:
    """RT-7: with a CP and the policy, not against Overwhelming, when it lowers the damage."""
    return (plan.scenario.attack.reactions_of(unit.id).roll_with_impact and cp_left >= 1
            and not plan.scenario.attack.weapon.has("overwhelming")
            and reduced(plan, hit) < hit.damage)


def defend(plan: Plan, index: int, hit: Impact | None, spent: int, dice: Dice,
           log: Log) -> Defence:
    """One unit against the missiles left: structures take it all (RT-8); a mecha may Dodge
    (RT-6, RT-15, RT-18), then Roll with Impact (RT-7, RT-15, RT-19), while CP lasts."""
    if hit is None or not hit.damage:
        return Defence(0, 0)
    unit = plan.units[index]
    if not unit.is_mecha:
        if not log.silent:
            log.step("RT-8", f"{unit.id} is a structure: it takes {hit.damage} with no "
                             "reduction", unit_state(unit.id, "damaged"))
        return Defence(hit.damage, 0)
    if not log.silent and inescapable(plan, hit):
        log.step("RT-18", f"{unit.id} cannot dodge: {inescapable(plan, hit)}")
    cp_left = plan.cp[index] - spent
    tried: tuple[str, ...] = ()
    if may_dodge(plan, unit, hit, cp_left):
        if dodge(plan, unit, hit, dice, log):
            return Defence(0, 1, ("dodge",))
        cp_left -= 1
        tried = ("dodge-failed",)
    if may_roll_with_impact(plan, unit, hit, cp_left):
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


def harm(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> tuple[Harm, ...]:
    return tuple(Harm(r.hits, r.damage) for r in outcome)


def effects(scenario: Scenario, outcome: tuple[UnitResult, ...]) -> dict[str, dict[str, Any]]:
    return {u.id: {"hits": r.hits, "damage": r.damage, "cp_spent": r.cp_spent,
                   "reactions": list(r.reactions)}
            for u, r in zip(scenario.units, outcome, strict=True)}


def exact(scenario: Scenario) -> Distribution[tuple[Harm, ...]]:
    """Exact odds, missile by missile then reaction by reaction (see robotech_odds)."""
    from engine.systems import robotech_odds

    return robotech_odds.exact(scenario)


def landing(scenario: Scenario) -> list[dict[str, float]]:
    """Where the templates come down (share of all templates), for the odds overlay."""
    from engine.systems import robotech_odds

    return robotech_odds.landing(scenario)


# -- log text ------------------------------------------------------------------------------


def missile_name(plan: Plan, aim: Aim) -> str:
    return f"missile {aim.index + 1}" if plan.volley else "the blast"


def place_name(plan: Plan, aim: Aim) -> str:
    if aim.target is None:
        return f"the point ({aim.centre.x:g}, {aim.centre.y:g})"
    return plan.units[aim.target].id


def final_template(plan: Plan, centre: Point, one_at: float) -> Mark:
    return template(centre.x, centre.y, TEMPLATE_RADIUS, "final", one_at=one_at,
                    winding=plan.options["template_winding"])


def describe(plan: Plan, record: Record, struck: Sequence[int], full: Container[int]) -> str:
    parts = [f"{plan.units[i].id} {'full' if i in full else 'half'} {record[i].damage}"
             for i in struck]
    return "struck: " + ", ".join(parts) if parts else "it strikes no unit"


def log_setup(plan: Plan, log: Log) -> None:
    weapon = plan.scenario.attack.weapon
    names = [place_name(plan, a) for a in plan.aims]
    targets = ", ".join(n if names.count(n) == 1 else f"{n} x{names.count(n)}"
                        for n in dict.fromkeys(names))
    log.step("SETUP", f"{plan.attacker.id} fires {weapon.name} (MD {weapon.md}"
                      + (f", volley {len(plan.aims)}" if plan.volley else "") + f") at {targets}",
             *(template(a.centre.x, a.centre.y, TEMPLATE_RADIUS, "aim", one_at=a.one_at,
                        winding=plan.options["template_winding"],
                        label=missile_name(plan, a)) for a in plan.aims))
    for clause, text in plan.checks:
        log.step(clause, text)
    if len({a.target for a in plan.aims}) > 1:
        log.step("RT-21", "the volley is divided: one template per missile, misses scatter "
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
            parts.append(f"{u.id} {r.damage} damage ({r.hits} template(s) over it, "
                         f"{r.cp_spent} CP)")
    log.step("RESULT", "; ".join(parts) or "no damage", *marks)

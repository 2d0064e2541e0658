"""Warhammer 40,000 7th / Horus Heresy: the Blast family (seed 001, clauses HH-1 to HH-20).

One function per section of the seed:

- `check_attack`: placement (HH-1 to HH-3) and no Snap Shots (HH-11). The hole is placed
  at ``attack.aim`` (default: the target's centre); it must lie over the target model's base
  or hull, the target must be an enemy (another side than the firer's), the hole within
  the weapon's range measured from the firer's base or hull edge (a ``min_range`` is
  refused too), and no model of the firer's side may be even partly under the marker.
  Visible (HH-1): some sight line from the firer's centre to its target's centre or to one
  of `SIGHT_POINTS` points around the target's base edge (a hull: its corners and edge
  midpoints) touches no ``terrain`` feature. Terrain never stops a Hit (HH-5, HH-7).
- `gets_hot` (HH-17 to HH-20): one D6 per shot before firing; a model that may re-roll To
  Hit (``reroll: "full"``, Twin-linked or BS 6+; ``"ones"`` too unless option
  ``ones_reroll_gets_hot`` is false) re-rolls a 1. A 1 that stands: the shot is not fired
  and the firer resists one wound at the weapon's base AP (vehicles: D6, glancing on 1-2
  or, with ``edition: "7th"``, 1-3). The remaining shots are still fired (one attack).
- `scatter_once` (HH-4 to HH-7, HH-12, HH-13): 2D6 and the scatter die; distance
  max(0, 2D6 - BS) along the arrow; HIT: no move. Off the table (HH-6): complete miss.
- `scatter_shot` (HH-10): with a full re-roll or Twin-linked, the scatter die AND the 2D6
  are re-rolled when ``attack.reroll_when`` says so (default: the target is not under
  the marker). Re-roll-1s abilities never re-roll a scatter.
- `add_shot` (HH-9): shots are scattered one at a time and their Hits added up; To Wound
  comes after the last shot.
- `resolve_hits` (HH-8, HH-13 to HH-16, see `heresy_wounds`): per unit in scenario order,
  To Wound for all its Hits together, Wound Pools, allocation closest first (measured to
  the edge of each base, from the firer or, for a Mega-blast, from the centre of the first
  marker that hit the unit), saves, Feel No Pain; then each vehicle's armour penetration.

`prepare` aims and checks the attack once (a `Fire`); `run` makes the rolls, so Monte Carlo
repeats only those.

Scripted dice order (``dice``): for each shot: [Gets Hot D6, its re-roll if a 1 may be
re-rolled, then for a 1 that stands the firer's save D6 and Feel No Pain D6 (or a vehicle's
D6)], else 2D6 (two entries), the scatter die ("HIT" or degrees), and on a re-roll 2D6 and
the scatter die again. Then per unit, in the order units first appear: its To Wound dice
(zone by zone, inner first), then per wound in pool order a save D6 (when the model has a
save) and a Feel No Pain D6 (when it has one and the save failed); then per vehicle of the
unit, per Hit, one D6 (Ordnance: two) for armour penetration.

Options (shared/rules/facts.md; the resolution log states them): ``edition``,
``vehicle_facing``, ``instant_death``, ``pool_order``, ``ones_reroll_gets_hot``: see
engine/scenario/heresy.py.

Odds are exact: the arrow's bearing is split at every angle where the covered models can
change (`heresy_scatter.breakpoints`), the scatter re-roll is a `bind` on the first
scatter's Hits, the shots are `combine`d into a `Tally`, and the wounds are folded one roll
at a time (To Wound dice combined per die, then the allocation chain whose state is the
Wounds lost per model), all with the same functions as `play`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.dice import Dice, Distribution, combine, enumerate_outcomes, sum_distribution
from engine.errors import IllegalAttack
from engine.geometry import (
    Point,
    Rect,
    direction,
    rect_distance_to_point,
    segment_touches_any,
)
from engine.log import Log, SilentLog, scatter, template, unit_state
from engine.odds import NO_HARM, Harm
from engine.scenario import Scenario
from engine.systems.heresy_scatter import (
    ZONE_NAMES,
    Fire,
    Hits,
    Landing,
    Shape,
    breakpoints,
    hole_over,
    land,
    no_hits,
    take_aim,
    touches,
)
from engine.systems.heresy_wounds import (
    EVENT_TEXT,
    FACINGS,
    Wound,
    allocate_wound,
    gets_hot_damage,
    penetration,
    pool_sequence,
    to_wound_target,
    wound_from_roll,
    wound_unit,
)

SILENT = SilentLog()
HeatPoint = dict[str, float]


@dataclass(frozen=True)
class Tally:
    """HH-9: the Hits of every shot so far: per model its hits as (zone, facing); per unit
    the allocation order of the first marker that hit it; the Gets Hot events, sorted."""

    hits: tuple[tuple[tuple[int, str | None], ...], ...]
    orders: tuple[tuple[int, ...] | None, ...]
    gets_hot: tuple[str, ...] = ()


@dataclass(frozen=True)
class ModelResult:
    """What the attack did to one model (wounds or, for vehicles, Hull Points lost)."""

    hits: int = 0
    wounds: int = 0
    saved: int = 0
    ignored: int = 0
    lost: int = 0
    glancing: int = 0
    penetrating: int = 0
    gets_hot: tuple[str, ...] = ()


Outcome = tuple[ModelResult, ...]
UNTOUCHED = ModelResult()


# -- HH-1 to HH-3, HH-11: the attack as declared ---------------------------------------------


def range_to(fire: Fire, point: Any) -> float:
    """HH-2: distance from the firer's base or hull edge to the hole."""
    shape = fire.shapes[fire.firer]
    if isinstance(shape, Rect):
        return rect_distance_to_point(shape, point)
    return max(0.0, shape.center.distance_to(point) - shape.radius)


SIGHT_POINTS = 16
"""HH-1: points sampled around a round base's edge when looking for a clear sight line."""


def sight_points(shape: Shape) -> list[Point]:
    """The points of a base or hull a sight line may end at (HH-1): centre and outline."""
    c = shape.center
    if isinstance(shape, Rect):
        corners = shape.corners()
        return [c, *corners, *((a + b) * 0.5 for a, b in zip(corners, corners[1:] + corners[:1],
                                                               strict=True))]
    return [c, *(c + direction(360.0 * k / SIGHT_POINTS) * shape.radius
                 for k in range(SIGHT_POINTS))]


def visible(fire: Fire) -> bool:
    """HH-1: the target model is visible to the firer (some sight line is clear)."""
    terrain = fire.scenario.board.terrain
    eye = fire.firer_point
    return any(not segment_touches_any(eye, p, terrain)
               for p in sight_points(fire.shapes[fire.target]))


def check_attack(fire: Fire) -> None:
    """HH-11, HH-1, HH-2, HH-3: refuse an attack the rules forbid, before any roll."""
    attack, models = fire.attack, fire.models
    firer, target = models[fire.firer], models[fire.target]
    if attack.snap_shot:
        raise IllegalAttack("HH-11", "Blast weapons cannot be fired as Snap Shots")
    if target.side == firer.side:
        raise IllegalAttack("HH-1", f"the target {target.id} is not an enemy of {firer.id}")
    if not visible(fire):
        raise IllegalAttack("HH-1", f"{firer.id} cannot see {target.id}: terrain blocks "
                                    "every line of sight")
    if not hole_over(fire.shapes[fire.target], fire.aim):
        raise IllegalAttack("HH-1", f"the hole must be over the base or hull of {target.id}")
    reach = range_to(fire, fire.aim)
    if reach > attack.weapon.range + 1e-9:
        raise IllegalAttack("HH-2", f"the hole is {reach:.2f}\" away, beyond the "
                                    f"{attack.weapon.range:g}\" maximum range")
    if reach < attack.weapon.min_range - 1e-9:
        raise IllegalAttack("HH-2", f"the hole is {reach:.2f}\" away, inside the "
                                    f"{attack.weapon.min_range:g}\" minimum range")
    for model, shape in zip(models, fire.shapes, strict=True):
        if model.side == firer.side and touches(shape, fire.aim, fire.radii[-1]):
            raise IllegalAttack("HH-3", f"friendly model {model.id} would be under the marker")


def log_setup(fire: Fire, log: Log) -> None:
    """OPT and SETUP steps, then the placement as checked (HH-1 to HH-3) and the marker
    used (HH-12, HH-13)."""
    log.options(fire.options)
    w = fire.attack.weapon
    firer, target = fire.models[fire.firer].id, fire.attack.target
    kind = ("Apocalyptic Mega-blast" if fire.mega else
            {3: "Blast", 5: "Large Blast", 7: "Massive Blast", 10: "Apocalyptic Blast"}[w.blast])
    extra = {"zones": list(fire.radii)} if fire.mega else {}
    log.step("SETUP", f"{firer} (BS {fire.attack.bs}) fires {w.name} ({kind}, {w.shots} "
                      f"shot(s)) at {target}. Blast weapons do not roll To Hit.")
    size = f"{2 * fire.radii[-1]:g}\""
    log.step("HH-1", f"{firer} can see {target} and places the {size} marker with its hole "
                     f"over {target}'s {'hull' if fire.models[fire.target].vehicle else 'base'}"
                     f" at ({fire.aim.x:.2f}, {fire.aim.y:.2f}).",
             template(fire.aim.x, fire.aim.y, fire.radii[-1], "aim", **extra))
    log.step("HH-2", f"The hole is {range_to(fire, fire.aim):.2f}\" from {firer}: within the "
                     f"{w.range:g}\" maximum range"
                     + (f" and outside the {w.min_range:g}\" minimum range" if w.min_range
                        else "") + ".")
    log.step("HH-3", "No friendly model is under the marker, not even partly.")
    if fire.mega:
        zones = ", ".join(f"{name} {2 * r:g}\" S{s} AP{ap or '-'}" for name, r, (s, ap)
                          in zip(ZONE_NAMES, fire.radii, w.mega, strict=True))
        log.step("HH-13", f"Apocalyptic Mega-blast: the 10\" marker has three zones ({zones}).")
    elif w.blast > 3:
        log.step("HH-12", f"{kind}: the {size} marker; otherwise every Blast rule applies.")


# -- HH-17 to HH-20: Gets Hot ----------------------------------------------------------------


def may_reroll_gets_hot(fire: Fire) -> bool:
    """HH-20: a model able to re-roll To Hit (full re-roll, Twin-linked, BS 6+)."""
    attack = fire.attack
    return (attack.reroll == "full" or attack.weapon.twin_linked or attack.bs >= 6
            or (attack.reroll == "ones" and fire.options["ones_reroll_gets_hot"]))


def gets_hot(fire: Fire, shot: int, dice: Dice, log: Log) -> str | None:
    """HH-19 (HH-17, HH-18, HH-20): the D6 before firing. None: the shot is fired; else
    what the Gets Hot did to the firer."""
    weapon = fire.attack.weapon
    if not weapon.gets_hot:
        return None
    roll = dice.d6(f"Gets Hot shot {shot + 1}")
    if roll == 1 and may_reroll_gets_hot(fire):
        log.step("HH-19", f"Shot {shot + 1}: the Gets Hot D6 rolls a 1.")
        roll = dice.d6(f"Gets Hot re-roll shot {shot + 1}")
        log.step("HH-20", f"The firer may re-roll To Hit, so it re-rolls the 1: {roll}.")
    if roll >= 2:
        log.step("HH-19", f"Shot {shot + 1}: the Gets Hot D6 rolls {roll}: the shot is fired.")
        return None
    firer = fire.models[fire.firer]
    event = gets_hot_damage(firer, weapon.ap, fire.options, dice)
    if firer.vehicle:
        text = f"a vehicle rolls a D6 instead: {EVENT_TEXT[event]}"
    else:
        text = (f"{firer.id} suffers a Wound at the weapon's own AP {weapon.ap or '-'}"
                + (" (not Breaching's AP 2)" if weapon.breaching else "")
                + f", no cover save: {EVENT_TEXT[event]}")
    clause = "HH-18" if firer.vehicle else ("HH-17" if weapon.breaching else "HH-19")
    log.step(clause, f"Shot {shot + 1} Gets Hot on a 1: the shot is not fired; {text}.",
             unit_state(firer.id, "saved" if event in ("saved", "ignored", "no effect")
                        else "damaged"))
    return event


# -- HH-4 to HH-7, HH-10: scatter -----------------------------------------------------------


def scatter_once(fire: Fire, shot: int, dice: Dice, log: Log, again: bool = False) -> Landing:
    """HH-4 to HH-7: 2D6 and the scatter die; where the marker lands and whom it covers."""
    roll = dice.total(f"scatter distance shot {shot + 1}", 2)
    distance = max(0, roll - fire.attack.bs)
    bearing = dice.scatter(f"scatter die shot {shot + 1}", lambda: breakpoints(fire, distance))
    landing = land(fire, distance, bearing)
    if not log.silent:
        log_landing(fire, log, shot, landing, (roll, distance, bearing), again)
    return landing


def log_landing(fire: Fire, log: Log, shot: int, landing: Landing,
                rolled: tuple[int, int, float | None], again: bool) -> None:
    """The HH-4 (and HH-5/HH-6/HH-7) steps of one scatter, with their marks."""
    roll, distance, bearing = rolled
    c, a = landing.centre, fire.aim
    what = "re-rolled scatter" if again else "scatter"
    if bearing is None:
        text = f"Shot {shot + 1} {what}: HIT, the marker stays (2D6 {roll} ignored)."
    else:
        text = (f"Shot {shot + 1} {what}: arrow {bearing:.1f} deg, 2D6 {roll} - BS "
                f"{fire.attack.bs} = {distance}\""
                + (" (minimum 0): the marker stays." if distance == 0 else "."))
    marks = [template(c.x, c.y, fire.radii[-1], "final",
                      **({"zones": list(fire.radii)} if fire.mega else {}))]
    if bearing is not None and distance > 0:
        marks.insert(0, scatter((a.x, a.y), (c.x, c.y), distance, f"{distance}\""))
    log.step("HH-4", text, *marks)
    if not landing.on_table:
        log.step("HH-6", "The hole is beyond the table edge: a complete miss.")
        return
    reach, w = range_to(fire, c), fire.attack.weapon
    if reach > w.range or reach < w.min_range:
        log.step("HH-5", f"The hole scattered to {reach:.2f}\" from the firer, outside the "
                         "weapon's range: Hits are worked out as normal.")
    covered = [(m.id, ZONE_NAMES[z] if fire.mega else "hit")
               for m, z in zip(fire.models, landing.hits.zones, strict=True) if z is not None]
    side = fire.models[fire.firer].side
    own = [m.id for m, z in zip(fire.models, landing.hits.zones, strict=True)
           if z is not None and m.side == side]
    if own:
        log.step("HH-5", f"The shot scattered onto the firer's own side ({', '.join(own)}): "
                         "they are hit as normal.")
    log.step("HH-13" if fire.mega else "HH-7",
             "Under the marker: " + (", ".join(f"{i} ({z})" if fire.mega else i
                                               for i, z in covered) or "nobody") + ".",
             *(unit_state(i, "hit") for i, _ in covered))


def wants_reroll(fire: Fire, hits: Hits) -> bool:
    """HH-10 policy ``attack.reroll_when``, for a model that may fully re-roll."""
    when = fire.attack.reroll_when
    if when == "never" or not fire.may_reroll_scatter():
        return False
    missed = hits.zones[fire.target] is None
    if when == "target-missed":
        return missed
    side = fire.models[fire.firer].side
    return missed or any(z is not None and m.side == side
                         for m, z in zip(fire.models, hits.zones, strict=True))


def scatter_shot(fire: Fire, shot: int, dice: Dice, log: Log) -> Hits:
    """HH-10: scatter; re-roll both the scatter die and the 2D6 when the policy says so."""
    first = scatter_once(fire, shot, dice, log)
    if not wants_reroll(fire, first.hits):
        return first.hits
    log.step("HH-10", "Full To Hit re-roll: both the scatter die and the 2D6 are re-rolled.")
    return scatter_once(fire, shot, dice, log, again=True).hits


# -- HH-9: adding up the Hits of every shot --------------------------------------------------


def empty_tally(fire: Fire) -> Tally:
    return Tally(((),) * len(fire.models), (None,) * len(fire.units))


def add_shot(fire: Fire, tally: Tally, event: str | None, hits: Hits) -> Tally:
    """HH-9: add one shot's Hits (or its Gets Hot event) to the tally."""
    per_model = tuple(
        tuple(sorted(old + ((z, f),))) if z is not None else old
        for old, z, f in zip(tally.hits, hits.zones, hits.facings, strict=True))
    orders = tuple(
        hits.orders[u] if old is None and any(hits.zones[i] is not None for i in infantry)
        else old for u, (old, infantry) in enumerate(zip(tally.orders, fire.infantry,
                                                         strict=True)))
    gh = tally.gets_hot if event is None else tuple(sorted(tally.gets_hot + (event,)))
    return Tally(per_model, orders, gh)


def fire_shots(fire: Fire, dice: Dice, log: Log) -> Tally:
    """HH-9, HH-19: every shot, one at a time: Gets Hot, then scatter."""
    tally = empty_tally(fire)
    for shot in range(fire.attack.weapon.shots):
        event = gets_hot(fire, shot, dice, log)
        hits = no_hits(fire) if event is not None else scatter_shot(fire, shot, dice, log)
        tally = add_shot(fire, tally, event, hits)
    if not log.silent and fire.attack.weapon.shots > 1:
        total = sum(len(h) for h in tally.hits)
        log.step("HH-9", f"All shots scattered: {total} Hit(s) in total; now To Wound.")
    return tally


# -- HH-8, HH-13 to HH-16: wounds -------------------------------------------------------------


def zone_profile(fire: Fire, zone: int) -> tuple[int, int | None]:
    """HH-13: the Strength and AP of a zone (a plain blast has one zone)."""
    w = fire.attack.weapon
    return w.mega[zone] if w.mega is not None else (w.s, w.ap)


@dataclass(frozen=True)
class UnitPlan:
    """A unit's wounds to roll: its infantry (indices), their local allocation order and
    starting wounds lost, and the To Wound rolls per zone: (zone, S, AP, target, count)."""

    name: str
    infantry: tuple[int, ...]
    order: tuple[int, ...]
    lost: tuple[int, ...]
    rolls: tuple[tuple[int, int, int | None, int | None, int], ...]


def firer_lost(fire: Fire, tally: Tally) -> int:
    """Wounds the firer lost to Gets Hot (HH-19) before any Hit is resolved."""
    firer = fire.models[fire.firer]
    return min(firer.w, tally.gets_hot.count("wound"))


def plan_unit(fire: Fire, u: int, tally: Tally) -> UnitPlan:
    """HH-8/HH-9/HH-13: a unit's Hits by zone, against its majority Toughness."""
    infantry, t = fire.infantry[u], fire.toughness[u]
    lost = tuple(firer_lost(fire, tally) if i == fire.firer else 0 for i in infantry)
    zones = [z for i in infantry for z, _ in tally.hits[i]]
    if not zones or t is None:
        return UnitPlan(fire.units[u][0], infantry, (), lost, ())
    rolls = []
    for zone in range(len(fire.radii)):
        n = zones.count(zone)
        if n:
            s, ap = zone_profile(fire, zone)
            rolls.append((zone, s, ap, to_wound_target(s, t), n))
    order = tuple(infantry.index(i) for i in (tally.orders[u] or fire.firer_orders[u]))
    return UnitPlan(fire.units[u][0], infantry, order, lost, tuple(rolls))


def roll_to_wound(fire: Fire, plan: UnitPlan, dice: Dice, log: Log) -> tuple[Wound, ...]:
    """HH-8, HH-9, HH-16: all the unit's To Wound rolls together, zone by zone."""
    wounds: list[Wound] = []
    for zone, s, ap, target, n in plan.rolls:
        where = f" ({ZONE_NAMES[zone]} zone)" if fire.mega else ""
        if target is None:
            log.step("HH-8", f"{plan.name}: {n} Hit(s){where} at S{s} cannot wound.")
            continue
        faces = dice.dice(f"To Wound {plan.name}{where} ({target}+)", n)
        got = [w for f in faces
               if (w := wound_from_roll(zone, s, ap, target, fire.attack.weapon.breaching, f))]
        wounds += got
        if not log.silent:
            breach = sum(w.ap_rank == 2 and ap != 2 for w in got)
            log.step("HH-16" if breach else ("HH-13" if fire.mega else "HH-8"),
                     f"{plan.name}: {n} Hit(s){where} at S{s}: {len(got)} wound(s)"
                     + (f", {breach} at AP 2 (Breaching)" if breach else "") + ".")
    return tuple(sorted(wounds))


def vehicle_hits(fire: Fire, u: int, tally: Tally) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each vehicle of the unit with its Hits: (Strength, facing) each (HH-15)."""
    _, members = fire.units[u]
    return [(i, [(zone_profile(fire, z)[0], f or "side") for z, f in tally.hits[i]])
            for i in members if fire.models[i].vehicle]


def resolve_wounds(fire: Fire, plan: UnitPlan, results: list[ModelResult], dice: Dice,
                   log: Log) -> None:
    """HH-8: a unit's To Wound rolls, then each wound allocated and saved."""
    wounds = roll_to_wound(fire, plan, dice, log)
    models = tuple(fire.models[i] for i in plan.infantry)
    lost, events = wound_unit(models, plan.order, plan.lost, wounds, fire.options, dice, log,
                              plan.name, "HH-14" if fire.mega else "HH-8")
    per_model: dict[int, list[str]] = {}
    for k, event in events:
        if k is not None:
            per_model.setdefault(k, []).append(event)
    for k, mine in per_model.items():
        i = plan.infantry[k]
        results[i] = ModelResult(results[i].hits, len(mine), mine.count("saved"),
                                 mine.count("ignored"), lost[k])


def resolve_hits(fire: Fire, tally: Tally, dice: Dice, log: Log) -> Outcome:
    """HH-8 and after: per unit, wounds then vehicles; the result per model."""
    results = [ModelResult(hits=len(h)) if h else UNTOUCHED for h in tally.hits]
    if lost := firer_lost(fire, tally):  # Gets Hot wounds (HH-19), before any Hit
        results[fire.firer] = ModelResult(results[fire.firer].hits, lost=lost)
    ordnance = "ordnance" in fire.attack.weapon.rules
    for u in range(len(fire.units)):
        plan = plan_unit(fire, u, tally)
        if plan.rolls:
            resolve_wounds(fire, plan, results, dice, log)
        for i, hits in vehicle_hits(fire, u, tally):
            got = [penetration(fire.models[i], s, f, ordnance, dice) for s, f in hits]
            if hits and not log.silent:
                v = fire.models[i]
                log.step("HH-15" if fire.mega else "HH-8",
                         f"{v.id}: {len(hits)} Hit(s) on armour"
                         + (" (a Mega-blast always strikes Side armour)" if fire.mega else "")
                         + ": " + ", ".join(
                             f"S{s} vs {f} {v.armour[FACINGS.index(f)]} {g or 'no effect'}"
                             for (s, f), g in zip(hits, got, strict=True)) + ".")
            glance = got.count("glancing") + (i == fire.firer) * tally.gets_hot.count("glancing")
            pen = got.count("penetrating")
            results[i] = ModelResult(results[i].hits, lost=min(fire.models[i].hp, glance + pen),
                                     glancing=glance, penetrating=pen)
    f = results[fire.firer]
    results[fire.firer] = ModelResult(f.hits, f.wounds, f.saved, f.ignored, f.lost, f.glancing,
                                      f.penetrating, tally.gets_hot)
    return tuple(results)


# -- the system interface (engine.systems) ---------------------------------------------------


def prepare(scenario: Scenario) -> Fire:
    """The attack aimed and checked (HH-1 to HH-3, HH-11), before any roll; Monte Carlo
    runs reuse it, and exact odds keep their breakpoints in it."""
    fire = take_aim(scenario)
    check_attack(fire)
    return fire


def run(fire: Fire, dice: Dice, log: Log) -> Outcome:
    """Resolve a prepared blast attack once, step by step."""
    if not log.silent:
        log_setup(fire, log)
    outcome = resolve_hits(fire, fire_shots(fire, dice, log), dice, log)
    if not log.silent:
        log_result(fire, outcome, log)
    return outcome


def play(scenario: Scenario, dice: Dice, log: Log) -> Outcome:
    """Resolve the blast attack once, step by step."""
    return run(prepare(scenario), dice, log)


def log_result(fire: Fire, outcome: Outcome, log: Log) -> None:
    """The RESULT step: what happened to each model."""
    def state(r: ModelResult) -> str:
        if r.lost:
            return "damaged"
        return "saved" if r.hits or r.wounds or r.gets_hot else "untouched"

    hurt = [f"{m.id} -{r.lost}{' HP' if m.vehicle else ' W'}"
            for m, r in zip(fire.models, outcome, strict=True) if r.lost]
    log.step("RESULT", "Losses: " + (", ".join(hurt) or "none") + ".",
             *(unit_state(m.id, state(r)) for m, r in zip(fire.models, outcome, strict=True)))


def model_harm(model: Any, hits: int, lost: int, glancing: int, penetrating: int) -> Harm:
    """The odds' view of one model: hits, wounds (or Hull Points) lost, vehicle hits."""
    if not (hits or lost or glancing or penetrating):
        return NO_HARM
    locations = tuple((k, v) for k, v in (("glancing", glancing), ("penetrating", penetrating))
                      if v) if model.vehicle else ()
    return Harm(hits, lost, locations)


def harm(scenario: Scenario, outcome: Outcome) -> tuple[Harm, ...]:
    return tuple(model_harm(m, r.hits, r.lost, r.glancing, r.penetrating)
                 for m, r in zip(scenario.units, outcome, strict=True))


def effects(scenario: Scenario, outcome: Outcome) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for m, r in zip(scenario.units, outcome, strict=True):
        e: dict[str, Any] = {"unit": m.unit, "hits": r.hits}
        if m.vehicle:
            e |= {"glancing": r.glancing, "penetrating": r.penetrating,
                  "hull_points_lost": r.lost, "wrecked": r.lost >= m.hp > 0}
        else:
            e |= {"wounds": r.wounds, "saved": r.saved, "ignored": r.ignored,
                  "wounds_lost": r.lost, "removed": r.lost >= m.w}
        if r.gets_hot:
            e["gets_hot"] = list(r.gets_hot)
        out[m.id] = e
    return out


def groups(scenario: Scenario) -> dict[str, list[int]]:
    """Unit name -> the indices of its models."""
    return {name: list(members) for name, members in take_aim(scenario).units}


# -- exact odds ------------------------------------------------------------------------------


def shot_distribution(fire: Fire) -> Distribution[tuple[str | None, Hits]]:
    """One shot (HH-19, HH-4 to HH-7, HH-10), exactly: Gets Hot, scatter, re-roll."""
    once = enumerate_outcomes(lambda d: scatter_once(fire, 0, d, SILENT).hits)
    shot_hits = once.bind(lambda h: once if wants_reroll(fire, h) else Distribution.certain(h))
    blank = no_hits(fire)
    hot = enumerate_outcomes(lambda d: gets_hot(fire, 0, d, SILENT))
    return hot.bind(lambda e: shot_hits.map(lambda h: (None, h)) if e is None
                    else Distribution.certain((e, blank)))


def _memo(cache: dict[Any, Distribution[Any]], key: Any,
          make: Callable[[], Distribution[Any]]) -> Distribution[Any]:
    if key not in cache:
        cache[key] = make()
    return cache[key]


def wounds_distribution(fire: Fire, plan: UnitPlan, cache: dict[Any, Distribution[Any]]
                        ) -> Distribution[tuple[int, ...]]:
    """The exact wounds lost per infantry model of a unit (HH-8, HH-13, HH-16)."""
    breaching = fire.attack.weapon.breaching
    parts = []
    for zone, s, ap, target, n in plan.rolls:
        if target is not None:
            parts += [_memo(cache, ("wound", zone, s, ap, target), lambda z=zone, s=s, ap=ap,
                            t=target: enumerate_outcomes(
                                lambda d: wound_from_roll(z, s, ap, t, breaching,
                                                          d.d6("To Wound"))))] * n
    wounds = combine(parts, (), lambda acc, w: tuple(sorted(acc + (w,))) if w else acc)
    models = tuple(fire.models[i] for i in plan.infantry)

    def allocate(seq: tuple[Wound, ...]) -> Distribution[tuple[int, ...]]:
        state = Distribution.certain(plan.lost)
        for w in pool_sequence(seq, fire.options["pool_order"]):
            state = state.bind(lambda lost, w=w: _memo(
                cache, ("alloc", plan.name, plan.order, lost, w),
                lambda lost=lost, w=w: enumerate_outcomes(
                    lambda d: allocate_wound(models, plan.order, lost, w, fire.options, d)[0])))
        return state

    return wounds.bind(allocate)


def damage_distribution(fire: Fire, tally: Tally, cache: dict[Any, Distribution[Any]]
                        ) -> Distribution[tuple[Harm, ...]]:
    """Everything after the Hits of a tally, exactly: per unit, independent parts."""
    ordnance = "ordnance" in fire.attack.weapon.rules
    n = len(fire.models)
    start = tuple((0, 0, 0) for _ in range(n))
    parts = []
    for u in range(len(fire.units)):
        plan = plan_unit(fire, u, tally)
        parts.append(wounds_distribution(fire, plan, cache).map(
            lambda lost, idx=plan.infantry: tuple(zip(idx, ((x, 0, 0) for x in lost),
                                                      strict=True))))
        for i, hits in vehicle_hits(fire, u, tally):
            v = fire.models[i]
            pens = [_memo(cache, ("pen", i, s, f), lambda v=v, s=s, f=f: enumerate_outcomes(
                lambda d: penetration(v, s, f, ordnance, d))) for s, f in hits]
            g0 = (i == fire.firer) * tally.gets_hot.count("glancing")
            counts = combine(pens, (g0, 0), lambda gp, r: (gp[0] + (r == "glancing"),
                                                           gp[1] + (r == "penetrating")))
            parts.append(counts.map(lambda gp, i=i, hp=v.hp: (
                (i, (min(hp, gp[0] + gp[1]), gp[0], gp[1])),)))

    def place(state: tuple[tuple[int, int, int], ...], items: Any) -> Any:
        out = list(state)
        for i, value in items:
            out[i] = value
        return tuple(out)

    per_model = combine(parts, start, place)
    return per_model.map(lambda st: tuple(
        model_harm(m, len(h), *v) for m, h, v in zip(fire.models, tally.hits, st, strict=True)))


def exact(scenario: Scenario) -> Distribution[tuple[Harm, ...]]:
    """The exact distribution of harm per model (see the module docstring)."""
    fire = prepare(scenario)
    shot = shot_distribution(fire)
    tallies = combine([shot] * fire.attack.weapon.shots, empty_tally(fire),
                      lambda t, o: add_shot(fire, t, *o))
    cache: dict[Any, Distribution[Any]] = {}
    return tallies.bind(lambda t: damage_distribution(fire, t, cache))


RING_POINTS = 24


def landing(scenario: Scenario) -> list[HeatPoint]:
    """Where the first scatter of a shot leaves the hole: the aim point with P(no move),
    then for each distance a ring of points sharing its probability (off-table points, the
    complete misses of HH-6, are left out; re-rolls are not shown)."""
    fire = take_aim(scenario)
    bs = fire.attack.bs
    table = scenario.board.table
    moves = {s - bs: p * 2 / 3 for s, p in sum_distribution(2, 6) if s > bs}
    still = 1.0 - sum(moves.values())
    points = [{"x": fire.aim.x, "y": fire.aim.y, "p": round(still, 6)}]
    for dist, p in moves.items():
        for k in range(RING_POINTS):
            c = fire.aim + direction(360.0 * k / RING_POINTS) * dist
            if table.contains(c.x, c.y):
                points.append({"x": round(c.x, 3), "y": round(c.y, 3),
                               "p": round(p / RING_POINTS, 6)})
    return points

"""Warhammer 40,000 7th / Horus Heresy: one blast attack, step by step (seed 001, clauses
HH-1 to HH-20). One function per section of the seed:

- `check_attack`: placement (HH-1 to HH-3) and no Snap Shots (HH-11), for every shot
  (HH-9: each shot picks its own target model and hole position, ``attack.each_shot``).
  The hole (a disc, `heresy.placement.HOLE_RADIUS`) must lie entirely over the target
  model's base or hull, the target must be an enemy (another side than the firer's) it can
  see, the hole within the weapon's range from the firer's base or hull edge (a
  ``min_range`` is refused too), and no model of the firer's side even partly under the
  marker. ``aim: "auto"`` picks the legal position nearest the target's centre.
- `gets_hot` (HH-17 to HH-20): one D6 per shot before firing; a model that may re-roll To
  Hit (``reroll: "full"``, Twin-linked or BS 6+; ``"ones"`` too unless option
  ``ones_reroll_gets_hot`` is false) re-rolls a 1. A 1 that stands: the shot is not fired
  and the firer resists one wound at the weapon's base AP (vehicles: D6, glancing on 1-2
  or, with ``edition: "7th"``, 1-3). A firer removed (or wrecked) by its own Gets Hot
  fires no further shots (`shots_fired`).
- `scatter_once` (HH-4 to HH-7, HH-12, HH-13): 2D6 and the scatter die; distance
  max(0, 2D6 - BS) along the arrow; HIT: no move. Off the table (HH-6): complete miss.
- `scatter_shot` (HH-10): with a full re-roll or Twin-linked, the scatter die AND the 2D6
  are re-rolled when ``attack.reroll_when`` says so (default ``"best"``: when a fresh
  scatter is expected to hit more enemy models, less own ones, than the one kept).
  Re-roll-1s abilities never re-roll a scatter.
- `add_shot` (HH-9): shots are scattered one at a time; each unit keeps what every marker
  did to it (`UnitTally`); To Wound comes after the last shot.
- `resolve_unit` (HH-8, HH-13 to HH-16, see `heresy.wounds`): per unit in scenario order,
  To Wound for all its Hits together, Wound Pools, allocation (closest first, measured to
  the edge of each base, from the firer or, for a Mega-blast, from the centre of each
  shot's own marker: each shot's Wound Pools are allocated from its centre), saves with
  cover (HH-14), Feel No Pain; then each vehicle's armour penetration.

Scripted dice order (``dice``): for each shot: [Gets Hot D6, its re-roll if a 1 may be
re-rolled, then for a 1 that stands the firer's save D6 and Feel No Pain D6 (or a vehicle's
D6)], else 2D6 (two entries), the scatter die ("HIT" or degrees), and on a re-roll 2D6 and
the scatter die again. Then per unit, in the order units first appear: its To Wound dice
(zone by zone, inner first; a Mega-blast's shots in the order of `UnitTally`), then per
wound in pool order a save D6 (when the model has a save) and a Feel No Pain D6 (when it
has one and the save failed); then per vehicle of the unit, per Hit, one D6 (Ordnance:
two) for armour penetration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.build.reach import RangeLine, point_where
from engine.dice import Dice
from engine.enumeration import enumerate_outcomes
from engine.errors import IllegalAttack
from engine.geometry import Point
from engine.log import Log, SilentLog, scatter, template, unit_state
from engine.odds import NO_HARM, Harm
from engine.systems.heresy.placement import can_see, gap, hole_over
from engine.systems.heresy.scatter import (
    ZONE_NAMES,
    Fire,
    Hits,
    Landing,
    breakpoints,
    land,
    touches,
)
from engine.systems.heresy.wounds import (
    EVENT_TEXT,
    FACINGS,
    Sources,
    Wound,
    gets_hot_damage,
    penetration,
    to_wound_target,
    wound_from_roll,
    wound_unit,
)

SILENT = SilentLog()

Hit = tuple[int, str | None]
"""One Hit on a model: its zone (HH-13; 0 for a plain blast) and a vehicle's facing."""
UnitShot = Any
"""What one marker did to one unit. A plain blast: per member and facing a count of Hits
(see `UnitTally`); a Mega-blast: per member its `hit_code`, the order its infantry are
wounded in from that centre and their cover from it (HH-14; 0: none)."""
UnitTally = Any
"""HH-9: what every shot so far did to one unit. A plain blast (wounds come from the firer):
per member and facing its count of Hits, packed into one integer (`COUNT_BITS` per count,
so adding a shot is adding integers); a Mega-blast: the sorted `UnitShot`s (each its own
source of Wound Pools)."""
FACING_SLOTS = (None, "front", "side", "rear")
COUNT_BITS = 6
"""A plain blast's `UnitTally`: bits per count of Hits (a weapon fires at most 20 shots)."""


@dataclass(frozen=True)
class Tally:
    """HH-9: per unit what the shots did to it, and the firer's Gets Hot events, sorted."""

    units: tuple[UnitTally, ...]
    gets_hot: tuple[str, ...] = ()


class ModelResult(NamedTuple):
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


def name(fire: Fire, i: int) -> str:
    """A model as players call it."""
    return fire.models[i].name


# -- HH-1 to HH-3, HH-11: the attack as declared ---------------------------------------------


def range_to(fire: Fire, point: Point) -> float:
    """HH-2: distance from the firer's base or hull edge to the hole."""
    return gap(fire.shapes[fire.firer], point)


def range_lines(fire: Fire) -> tuple[RangeLine, ...]:
    """HH-2 on the board: from the firer's base or hull edge to each hole (shots aimed
    alike share one line), with where the weapon's maximum range ends when the hole is
    past it."""
    w = fire.attack.weapon
    centre = fire.firer_point

    def measure(p: Point) -> float:
        return range_to(fire, p)

    out = []
    for aim in dict.fromkeys(s.aim for s in fire.shots):
        reach = measure(aim)
        if reach <= 0.0:
            continue  # a hole over the firer itself (HH-1 refuses it): nothing to draw
        out.append(RangeLine(point_where(measure, centre, aim, 0.0), aim,
                             point_where(measure, centre, aim, w.range)
                             if reach > w.range + 1e-9 else None, "HH-2", "aim",
                             tuple(i for i, s in enumerate(fire.shots) if s.aim == aim)))
    return tuple(out)


def placement_fault(fire: Fire, target: int, point: Point) -> tuple[str, str] | None:
    """HH-1 to HH-3 for one hole position over `target`: the clause and reason it breaks,
    or None. (A minimum range is the weapon's: HH-5 is the seed's word for it.)"""
    w = fire.attack.weapon
    if not hole_over(fire.shapes[target], point):
        return "HH-1", (f"the hole must lie entirely over the "
                        f"{'hull' if fire.models[target].vehicle else 'base'} of "
                        f"{name(fire, target)}")
    reach = range_to(fire, point)
    if reach > w.range + 1e-9:
        return "HH-2", (f"the hole is {reach:.2f}\" away, beyond the {w.range:g}\" maximum "
                        "range")
    if reach < w.min_range - 1e-9:
        return "HH-5", (f"the hole is {reach:.2f}\" away, inside the weapon's "
                        f"{w.min_range:g}\" minimum range: only a scatter may end there")
    side = fire.models[fire.firer].side
    for i, (model, shape) in enumerate(zip(fire.models, fire.shapes, strict=True)):
        if model.side == side and touches(shape, point, fire.radii[-1]):
            return "HH-3", f"friendly model {name(fire, i)} would be under the marker"
    return None


def legal(fire: Fire, target: int, point: Point) -> bool:
    """``aim: "auto"``: may the hole go at `point` over `target`?"""
    return placement_fault(fire, target, point) is None


def check_attack(fire: Fire) -> None:
    """HH-11, HH-1, HH-2, HH-3: refuse an attack the rules forbid, before any roll."""
    firer = fire.models[fire.firer]
    if fire.attack.snap_shot:
        raise IllegalAttack("HH-11", "Blast weapons cannot be fired as Snap Shots")
    for k, shot in enumerate(fire.shots):
        target = fire.models[shot.target]
        which = f"shot {k + 1}: " if len(fire.shots) > 1 else ""
        if target.side == firer.side:
            raise IllegalAttack("HH-1", f"{which}the target {target.name} is not an enemy of "
                                        f"{firer.name}")
        if not can_see(fire.firer_point, fire.shapes[shot.target],
                       fire.scenario.board.blocking):
            raise IllegalAttack("HH-1", f"{which}{firer.name} cannot see {target.name}: "
                                        "terrain blocks every line of sight")
        if fault := placement_fault(fire, shot.target, shot.aim):
            raise IllegalAttack(fault[0], which + fault[1])


def kind_of(fire: Fire) -> str:
    """The weapon's Blast kind, as the rules name it (HH-12, HH-13)."""
    if fire.mega:
        return "Apocalyptic Mega-blast"
    return {3: "Blast", 5: "Large Blast", 7: "Massive Blast",
            10: "Apocalyptic Blast"}[fire.attack.weapon.blast]


def log_setup(fire: Fire, log: Log) -> None:
    """OPT and SETUP steps, then each placement as checked (HH-1 to HH-3) and the marker
    used (HH-12, HH-13)."""
    log.options(fire.options)
    w = fire.attack.weapon
    firer = name(fire, fire.firer)
    targets = list(dict.fromkeys(name(fire, s.target) for s in fire.shots))
    log.step("SETUP", f"{firer} (BS {fire.attack.bs}) fires {w.name} ({kind_of(fire)}, "
                      f"{w.shots} shot{'s' if w.shots > 1 else ''}) at "
                      f"{' and '.join(targets)}. Blast weapons do not roll To Hit.")
    size = f"{2 * fire.radii[-1]:g}\""
    extra = {"zones": list(fire.radii)} if fire.mega else {}
    placed: set[tuple[int, Point]] = set()
    for k, shot in enumerate(fire.shots):
        if (shot.target, shot.aim) in placed:
            continue
        placed.add((shot.target, shot.aim))
        which = f"For shot {k + 1}, " if len(fire.shots) > 1 else ""
        t = name(fire, shot.target)
        part = "hull" if fire.models[shot.target].vehicle else "base"
        log.step("HH-1", f"{which}{firer} can see {t} and places the {size} marker with its "
                         f"hole over {t}'s {part} at ({shot.aim.x:.2f}, {shot.aim.y:.2f}).",
                 template(shot.aim.x, shot.aim.y, fire.radii[-1], "aim", **extra))
        log.step("HH-2", f"The hole is {range_to(fire, shot.aim):.2f}\" from {firer}: within "
                         f"the {w.range:g}\" maximum range"
                         + (f" and outside the {w.min_range:g}\" minimum range"
                            if w.min_range else "") + ".")
        log.step("HH-3", "No friendly model is under the marker, not even partly.")
    if fire.mega:
        zones = ", ".join(f"{z} {2 * r:g}\" S{s} AP{ap or '-'}" for z, r, (s, ap)
                          in zip(ZONE_NAMES, fire.radii, w.mega, strict=True))
        log.step("HH-13", f"Apocalyptic Mega-blast: the 10\" marker has three zones ({zones}).")
    elif w.blast > 3:
        log.step("HH-12", f"{kind_of(fire)}: the {size} marker; otherwise every Blast rule "
                          "applies.")


# -- HH-17 to HH-20: Gets Hot ----------------------------------------------------------------


def may_reroll_gets_hot(fire: Fire) -> bool:
    """HH-20: a model able to re-roll To Hit (full re-roll, Twin-linked, BS 6+)."""
    attack = fire.attack
    return (attack.reroll == "full" or attack.weapon.twin_linked or attack.bs >= 6
            or (attack.reroll == "ones" and fire.options["ones_reroll_gets_hot"]))


def gets_hot(fire: Fire, shot: int, dice: Dice, log: Log) -> str | None:
    """HH-19 (HH-17, HH-20): the D6 before firing. None: the shot is fired; else what the
    Gets Hot did to the firer."""
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
        text = f"a vehicle rolls a D6 instead (as HH-18 says): {EVENT_TEXT[event]}"
    else:
        text = (f"{firer.name} suffers a Wound at the weapon's own AP {weapon.ap or '-'}"
                + (" (not Breaching's AP 2)" if weapon.breaching else "")
                + f", no cover save (the Gets Hot wound of HH-18): {EVENT_TEXT[event]}")
    clause = "HH-17" if weapon.breaching and not firer.vehicle else "HH-19"
    log.step(clause, f"Shot {shot + 1} Gets Hot on a 1: the shot is not fired; {text}.",
             unit_state(firer.id, "saved" if event in ("saved", "ignored", "no effect")
                        else "damaged"))
    return event


def firer_lost(fire: Fire, events: tuple[str, ...]) -> int:
    """Wounds (a vehicle: Hull Points) the firer lost to its own Gets Hot (HH-19)."""
    firer = fire.models[fire.firer]
    if firer.vehicle:
        return min(firer.hp, events.count("glancing"))
    return min(firer.w, events.count("wound"))


def firer_down(fire: Fire, events: tuple[str, ...]) -> bool:
    """HH-19: the firer removed (or wrecked) by its own Gets Hot: it fires no more."""
    firer = fire.models[fire.firer]
    return firer_lost(fire, events) >= (firer.hp if firer.vehicle else firer.w)


def shots_fired(fire: Fire, dice: Dice, log: Log, fired: Callable[[int], None]
                ) -> tuple[str, ...]:
    """HH-9, HH-19: the shots one at a time: each rolls for Gets Hot, and `fired(shot)`
    resolves a shot that is fired; a firer removed by its own Gets Hot stops. Returns the
    Gets Hot events, sorted."""
    events: tuple[str, ...] = ()
    shots = len(fire.shots)
    for shot in range(shots):
        if firer_down(fire, events):
            gone = "wrecked" if fire.models[fire.firer].vehicle else "removed"
            log.step("HH-19", f"{name(fire, fire.firer)} is {gone} by its own Gets Hot: "
                              + (f"shots {shot + 1} to {shots} are" if shot + 1 < shots
                                 else f"shot {shot + 1} is") + " not fired.")
            break
        event = gets_hot(fire, shot, dice, log)
        if event is None:
            fired(shot)
        else:
            events = tuple(sorted(events + (event,)))
    return events


# -- HH-4 to HH-7, HH-10: scatter -----------------------------------------------------------


def scatter_once(fire: Fire, shot: int, dice: Dice, log: Log, again: bool = False) -> Landing:
    """HH-4 to HH-7: 2D6 and the scatter die; where the marker lands and whom it covers."""
    roll = dice.total(f"scatter distance shot {shot + 1}", 2)
    distance = max(0, roll - fire.attack.bs)
    bearing = dice.scatter(f"scatter die shot {shot + 1}",
                           lambda: breakpoints(fire, shot, distance))
    landing = land(fire, shot, distance, bearing)
    if not log.silent:
        log_landing(fire, log, shot, landing, (roll, distance, bearing), again)
    return landing


COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")


def compass(bearing: float) -> str:
    """A bearing as players say it (0 = up the table, clockwise)."""
    return COMPASS[round(bearing / 45.0) % 8]


def log_landing(fire: Fire, log: Log, shot: int, landing: Landing,
                rolled: tuple[int, int, float | None], again: bool) -> None:
    """The HH-4 (and HH-5/HH-6/HH-7) steps of one scatter, with their marks."""
    roll, distance, bearing = rolled
    c, a = landing.centre, fire.shots[shot].aim
    what = "re-rolled scatter" if again else "scatter"
    if bearing is None:
        text = f"Shot {shot + 1} {what}: HIT, the marker stays where it was placed."
    elif distance == 0:
        text = (f"Shot {shot + 1} {what}: the arrow points {compass(bearing)}, but 2D6 "
                f"{roll} minus BS {fire.attack.bs} leaves 0\": the marker stays.")
    else:
        text = (f"Shot {shot + 1} {what}: 2D6 {roll} minus BS {fire.attack.bs}: the marker "
                f"scatters {distance}\" {compass(bearing)} ({bearing:.0f} deg).")
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
    covered = [(i, ZONE_NAMES[z]) for i, z in enumerate(landing.hits.zones) if z is not None]
    side = fire.models[fire.firer].side
    own = [name(fire, i) for i, _ in covered if fire.models[i].side == side]
    if own:
        log.step("HH-5", f"The shot scattered onto the firer's own side ({', '.join(own)}): "
                         "they are hit as normal.")
    log.step("HH-13" if fire.mega else "HH-7",
             "Under the marker: " + (", ".join(f"{name(fire, i)} ({z})" if fire.mega
                                               else name(fire, i) for i, z in covered)
                                     or "nobody") + ".",
             *(unit_state(fire.models[i].id, "hit") for i, _ in covered))


def shot_value(fire: Fire, hits: Hits) -> int:
    """HH-10 policy ``best``: what a marker is worth to the firer (enemy models under it
    minus models of its own side)."""
    side = fire.models[fire.firer].side
    return sum((1 if m.side != side else -1) for m, z in zip(fire.models, hits.zones,
                                                             strict=True) if z is not None)


def fresh_value(fire: Fire, shot: int) -> float:
    """HH-10 policy ``best``: the expected `shot_value` of a fresh scatter of this shot
    (exact, over every scatter; kept per aim point in the `Fire`)."""
    aim = fire.shots[shot].aim
    if aim not in fire.fresh:
        once = enumerate_outcomes(lambda d: scatter_once(fire, shot, d, SILENT).hits)
        fire.fresh[aim] = once.expectation(lambda h: shot_value(fire, h))
    return fire.fresh[aim]


def wants_reroll(fire: Fire, shot: int, hits: Hits) -> bool:
    """HH-10 policy ``attack.reroll_when``, for a model that may fully re-roll."""
    when = fire.attack.reroll_when
    if when == "never" or not fire.may_reroll_scatter():
        return False
    if when == "best":
        return fresh_value(fire, shot) > shot_value(fire, hits) + 1e-12
    missed = hits.zones[fire.shots[shot].target] is None
    if when == "target-missed":
        return missed
    side = fire.models[fire.firer].side
    return missed or any(z is not None and m.side == side
                         for m, z in zip(fire.models, hits.zones, strict=True))


def scatter_shot(fire: Fire, shot: int, dice: Dice, log: Log) -> Hits:
    """HH-10: scatter; re-roll both the scatter die and the 2D6 when the policy says so."""
    first = scatter_once(fire, shot, dice, log)
    if not wants_reroll(fire, shot, first.hits):
        return first.hits
    if not log.silent:
        why = {"best": f"a fresh scatter is expected to do better ({fresh_value(fire, shot):.2f}"
                       f" enemy models hit, less own ones, against "
                       f"{shot_value(fire, first.hits)})",
               "target-missed": "the target is not under the marker",
               "missed-or-friendly": "the target is not under the marker, or a friendly is"}
        log.step("HH-10", f"Full To Hit re-roll, as {why[fire.attack.reroll_when]}: both the "
                          "scatter die and the 2D6 are re-rolled.")
    return scatter_once(fire, shot, dice, log, again=True).hits


# -- HH-9: adding up the Hits of every shot --------------------------------------------------


def unit_shot(fire: Fire, u: int, hits: Hits) -> UnitShot | None:
    """What one marker did to unit `u` (None: none of its models is under it)."""
    members = fire.units[u][1]
    got = tuple((hits.zones[i], hits.facings[i]) if hits.zones[i] is not None else None
                for i in members)
    if not any(got):
        return None
    if not fire.mega:
        return sum(1 << (COUNT_BITS * (len(FACING_SLOTS) * k + FACING_SLOTS.index(h[1])))
                   for k, h in enumerate(got) if h is not None)
    return (tuple(0 if h is None else hit_code(h) for h in got),
            tuple(fire.infantry[u].index(i) for i in hits.orders[u]),
            tuple(hits.covers[i] or 0 for i in fire.infantry[u]))


def hit_code(hit: Hit) -> int:
    """A Mega-blast `UnitShot` writes each Hit as a small integer (0: none), so views sort
    and hash fast."""
    return 1 + hit[0] * len(FACING_SLOTS) + FACING_SLOTS.index(hit[1])


HIT_OF: tuple[Hit | None, ...] = (None,) + tuple((zone, facing) for zone in range(len(ZONE_NAMES))
                                                 for facing in FACING_SLOTS)
"""The Hit each `hit_code` stands for (at most a Mega-blast's three zones, HH-13)."""


def empty_unit(fire: Fire, u: int) -> UnitTally:
    return () if fire.mega else 0


def add_unit_shot(fire: Fire, tally: UnitTally, view: UnitShot | None) -> UnitTally:
    """HH-9: add one marker's Hits on a unit to what the earlier ones did."""
    if view is None:
        return tally
    if fire.mega:
        return tuple(sorted(tally + (view,)))
    return tally + view


def member_hits(fire: Fire, u: int, tally: UnitTally) -> tuple[tuple[Hit, ...], ...]:
    """Per member of unit `u`, every Hit it took, sorted."""
    n = len(fire.units[u][1])
    if fire.mega:
        return tuple(tuple(sorted(HIT_OF[v[0][k]] for v in tally if v[0][k]))
                     for k in range(n))
    mask = (1 << COUNT_BITS) - 1
    slots = len(FACING_SLOTS)
    return tuple(tuple((0, f) for j, f in enumerate(FACING_SLOTS)
                       for _ in range((tally >> (COUNT_BITS * (slots * k + j))) & mask))
                 for k in range(n))


def add_shot(fire: Fire, tally: Tally, hits: Hits) -> Tally:
    """HH-9: add one shot's Hits to the tally."""
    return Tally(tuple(add_unit_shot(fire, t, unit_shot(fire, u, hits))
                       for u, t in enumerate(tally.units)), tally.gets_hot)


def fire_shots(fire: Fire, dice: Dice, log: Log) -> Tally:
    """HH-9, HH-19: every shot, one at a time: Gets Hot, then scatter."""
    landed: list[Hits] = []
    events = shots_fired(fire, dice, log,
                         lambda shot: landed.append(scatter_shot(fire, shot, dice, log)))
    tally = Tally(tuple(empty_unit(fire, u) for u in range(len(fire.units))), events)
    for hits in landed:
        tally = add_shot(fire, tally, hits)
    if not log.silent and len(fire.shots) > 1:
        total = sum(len(h.zones) - h.zones.count(None) for h in landed)
        log.step("HH-9", f"All shots scattered: {total} Hit{'s' if total != 1 else ''} in "
                         "total; now To Wound.")
    return tally


# -- HH-8, HH-13 to HH-16: wounds -------------------------------------------------------------


def zone_profile(fire: Fire, zone: int) -> tuple[int, int | None]:
    """HH-13: the Strength and AP of a zone (a plain blast has one zone)."""
    w = fire.attack.weapon
    return w.mega[zone] if w.mega is not None else (w.s, w.ap)


@dataclass(frozen=True)
class UnitPlan:
    """A unit's wounds to roll: its infantry (indices), where wounds are allocated from
    (`Sources`), their starting wounds lost, and the To Wound rolls: (source, zone, S, AP,
    target, count)."""

    name: str
    infantry: tuple[int, ...]
    sources: Sources
    lost: tuple[int, ...]
    rolls: tuple[tuple[int, int, int, int | None, int | None, int], ...]


def plan_unit(fire: Fire, u: int, tally: UnitTally, hits: tuple[tuple[Hit, ...], ...],
              events: tuple[str, ...]) -> UnitPlan:
    """HH-8/HH-9/HH-13/HH-14: a unit's Hits (`hits`: its `member_hits`) by source and zone,
    against its majority Toughness."""
    infantry, t = fire.infantry[u], fire.toughness[u]
    members = fire.units[u][1]
    lost = tuple(firer_lost(fire, events) if i == fire.firer else 0 for i in infantry)
    local = [members.index(i) for i in infantry]
    if fire.mega:
        views = [tuple(HIT_OF[v[0][k]] for k in local) for v in tally]
        sources = Sources(tuple(v[1] for v in tally),
                          tuple(tuple(c or None for c in v[2]) for v in tally))
    else:
        views = [tuple(h for k in local for h in hits[k])]
        sources = Sources((tuple(infantry.index(i) for i in fire.firer_orders[u]),),
                          (tuple(fire.firer_cover[i] for i in infantry),))
    rolls = []
    if t is not None:
        zones = [[h[0] for h in view if h is not None] for view in views]
        for zone in range(len(fire.radii)):
            for source, hit in enumerate(zones):
                n = hit.count(zone)
                if n:
                    s, ap = zone_profile(fire, zone)
                    rolls.append((source, zone, s, ap, to_wound_target(s, t), n))
    return UnitPlan(fire.units[u][0], infantry, sources, lost, tuple(rolls))


def roll_to_wound(fire: Fire, plan: UnitPlan, dice: Dice, log: Log) -> tuple[Wound, ...]:
    """HH-8, HH-9, HH-16: all the unit's To Wound rolls together, zone by zone."""
    wounds: list[Wound] = []
    for source, zone, s, ap, target, n in plan.rolls:
        where = f" ({ZONE_NAMES[zone]} zone)" if fire.mega else ""
        hits = f"{n} Hit{'s' if n > 1 else ''}"
        if target is None:
            log.step("HH-8", f"{plan.name}: {hits}{where} at S{s} cannot wound.")
            continue
        faces = dice.dice(f"To Wound {plan.name}{where} ({target}+)", n)
        got = [w for f in faces if (w := wound_from_roll(
            zone, s, ap, target, fire.attack.weapon.breaching, f, fire.options, source))]
        wounds += got
        if not log.silent:
            breach = sum(w.ap != ap for w in got)
            log.step("HH-16" if breach else ("HH-13" if fire.mega else "HH-8"),
                     f"{plan.name}: {hits}{where} at S{s} wound on {target}+: {len(got)} "
                     f"wound{'s' if len(got) != 1 else ''}"
                     + (f", {breach} at AP 2 (Breaching)" if breach else "") + ".")
    return tuple(sorted(wounds))


def vehicle_hits(fire: Fire, u: int, hits: tuple[tuple[Hit, ...], ...]
                 ) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each vehicle of the unit with its Hits (`hits`: its `member_hits`): (Strength,
    facing) each (HH-15)."""
    members = fire.units[u][1]
    return [(i, [(zone_profile(fire, z)[0], f or "side") for z, f in h])
            for i, h in zip(members, hits, strict=True) if fire.models[i].vehicle]


def log_penetration(fire: Fire, i: int, hits: list[tuple[int, str]], got: list[str | None],
                    log: Log) -> None:
    """The armour penetration step of one vehicle (HH-8; HH-15 for a Mega-blast)."""
    v = fire.models[i]
    log.step("HH-15" if fire.mega else "HH-8",
             f"{v.name}: {len(hits)} Hit{'s' if len(hits) > 1 else ''} on armour"
             + (" (a Mega-blast always strikes Side armour)" if fire.mega else "") + ": "
             + ", ".join(f"S{s} against {f} armour {v.armour[FACINGS.index(f)]}: "
                         f"{g or 'no effect'}" for (s, f), g in zip(hits, got, strict=True))
             + ".")


def resolve_unit(fire: Fire, u: int, tally: UnitTally, events: tuple[str, ...], dice: Dice,
                 log: Log) -> tuple[ModelResult, ...]:
    """HH-8 and after, for one unit: To Wound, allocation and saves, then each vehicle's
    armour; the result per member."""
    members = fire.units[u][1]
    if not tally and not events:
        return (UNTOUCHED,) * len(members)
    hits = member_hits(fire, u, tally)
    results = {i: ModelResult(hits=len(h)) if h else UNTOUCHED
               for i, h in zip(members, hits, strict=True)}
    plan = plan_unit(fire, u, tally, hits, events)
    if fire.firer in results and not fire.models[fire.firer].vehicle:
        results[fire.firer] = ModelResult(results[fire.firer].hits,
                                          lost=firer_lost(fire, events))
    if plan.rolls:
        wounds = roll_to_wound(fire, plan, dice, log)
        models = tuple(fire.models[i] for i in plan.infantry)
        lost, got = wound_unit(models, plan.sources, plan.lost, wounds, fire.options, dice,
                               log, plan.name, "HH-14" if fire.mega else "HH-8")
        per_model: dict[int, list[str]] = {}
        for k, event in got:
            if k is not None:
                per_model.setdefault(k, []).append(event)
        for k, mine in per_model.items():
            i = plan.infantry[k]
            results[i] = ModelResult(results[i].hits, len(mine), mine.count("saved"),
                                     mine.count("ignored"), lost[k])
    ordnance = "ordnance" in fire.attack.weapon.rules
    for i, shots in vehicle_hits(fire, u, hits):
        got = [penetration(fire.models[i], s, f, ordnance, dice) for s, f in shots]
        if shots and not log.silent:
            log_penetration(fire, i, shots, got, log)
        glance = got.count("glancing") + (i == fire.firer) * events.count("glancing")
        pen = got.count("penetrating")
        results[i] = ModelResult(results[i].hits, lost=min(fire.models[i].hp, glance + pen),
                                 glancing=glance, penetrating=pen)
    if fire.firer in results:
        f = results[fire.firer]
        results[fire.firer] = ModelResult(f.hits, f.wounds, f.saved, f.ignored, f.lost,
                                          f.glancing, f.penetrating, events)
    return tuple(results[i] for i in members)


def resolve_hits(fire: Fire, tally: Tally, dice: Dice, log: Log) -> Outcome:
    """HH-8 and after: unit by unit; the result per model."""
    results = [UNTOUCHED] * len(fire.models)
    for u, unit_tally in enumerate(tally.units):
        for i, r in zip(fire.units[u][1], resolve_unit(fire, u, unit_tally, tally.gets_hot,
                                                       dice, log), strict=True):
            results[i] = r
    return tuple(results)


def log_result(fire: Fire, outcome: Outcome, log: Log) -> None:
    """The RESULT step: what happened to each model."""
    def state(r: ModelResult) -> str:
        if r.lost:
            return "damaged"
        return "saved" if r.hits or r.wounds or r.gets_hot else "untouched"

    def loss(m: Any, r: ModelResult) -> str:
        if m.vehicle:
            return f"{m.name} loses {r.lost} Hull Point{'s' if r.lost > 1 else ''}" + (
                " and is wrecked" if r.lost >= m.hp else "")
        if r.lost >= m.w:
            return f"{m.name} is removed"
        return f"{m.name} loses {r.lost} Wound{'s' if r.lost > 1 else ''}"

    hurt = [loss(m, r) for m, r in zip(fire.models, outcome, strict=True) if r.lost]
    log.step("RESULT", ("; ".join(hurt) if hurt else "No model is lost") + ".",
             *(unit_state(m.id, state(r)) for m, r in zip(fire.models, outcome, strict=True)))


def model_harm(model: Any, hits: int, lost: int, glancing: int, penetrating: int) -> Harm:
    """The odds' view of one model: hits, wounds (or Hull Points) lost, vehicle hits, and
    whether it is removed (a vehicle: wrecked)."""
    if not (hits or lost or glancing or penetrating):
        return NO_HARM
    locations = tuple((k, v) for k, v in (("glancing", glancing), ("penetrating", penetrating))
                      if v) if model.vehicle else ()
    return Harm(hits, lost, locations, lost >= (model.hp if model.vehicle else model.w))

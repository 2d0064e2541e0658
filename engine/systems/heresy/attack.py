"""Warhammer 40,000 7th / Horus Heresy: one blast attack, step by step (seed 001, clauses
HH-1 to HH-20). One function per section of the seed, in four modules:

- here, `check_attack`: placement (HH-1 to HH-3) and no Snap Shots (HH-11), for every shot
  (HH-9: each shot picks its own target model and hole position, ``attack.each_shot``).
  The hole (a disc of option ``hole_mm``, `heresy.placement.hole_radius`) must lie
  entirely over the target model's base or hull, the target must be an enemy (another
  side than the firer's) it can see (a vehicle from its hull's edge), the hole within the
  weapon's range from the firer's base or hull edge (a ``min_range`` is refused too), and
  no model of the firer's side even partly under the marker. ``aim: "auto"`` picks the
  legal position nearest the target's centre.
- `heresy.gets_hot` (HH-17 to HH-20): one D6 per shot before firing; a model that may
  re-roll To Hit (``reroll: "full"``, Twin-linked or BS 6+; ``"ones"`` too unless option
  ``ones_reroll_gets_hot`` is false) re-rolls a 1. A 1 that stands: the shot is not fired
  and the firer resists one wound at the weapon's base AP (vehicles: D6, glancing on 1-2
  or, with ``edition: "7th"``, 1-3). A firer removed (or wrecked) by its own Gets Hot
  fires no further shots (`shots_fired`).
- `heresy.shots`: `scatter_once` (HH-4 to HH-7, HH-12, HH-13): 2D6 and the scatter die;
  distance max(0, 2D6 - BS) along the arrow; HIT: no move. Off the table (HH-6): complete
  miss. `scatter_shot` (HH-10): with a full re-roll or Twin-linked, the scatter die AND
  the 2D6 are re-rolled when ``attack.reroll_when`` says so (default ``"best"``: when a
  fresh scatter is expected to hit more enemy models, less own ones, than the one kept).
  Re-roll-1s abilities never re-roll a scatter. `add_shot` (HH-9): shots are scattered
  one at a time; each unit keeps what every marker did to it (`UnitTally`); To Wound
  comes after the last shot.
- `heresy.resolve`: `resolve_unit` (HH-8, HH-13 to HH-16, see `heresy.wounds`): per unit
  in scenario order, To Wound for all its Hits together, Wound Pools, allocation (closest
  first, measured to the edge of each base, from the firer or, for a Mega-blast, from the
  centre of each shot's own marker: each shot's Wound Pools are allocated from its
  centre), saves with cover (HH-14), Feel No Pain; then each vehicle's armour penetration.

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

from engine.build.reach import RangeLine, point_where
from engine.errors import IllegalAttack
from engine.geometry import Point
from engine.log import Log, template
from engine.systems.heresy.placement import can_see, gap, hole_over, hole_radius
from engine.systems.heresy.scatter import Fire, touches
from engine.systems.heresy.words import chained
from engine.systems.heresy.zones import ZONE_NAMES
from engine.words import Msg, msg


def name(fire: Fire, i: int) -> str:
    """A model as players call it."""
    return fire.models[i].name

# -- HH-1 to HH-3, HH-11: the attack as declared ---------------------------------------------

RANGE_EPS = 1e-9
"""Inches: a hole this close to a range limit is at it (float noise, not a breach)."""


def inches(reach: float, limit: float) -> str:
    """A distance found on one side of a range `limit`, as the log writes it: two
    decimals, more when two would round it onto the limit or past it (so that the words
    agree with the verdict: never "19.37\" away, beyond the 19.37\" maximum range")."""
    for places in range(2, 10):
        text = f"{reach:.{places}f}"
        if (float(text) - limit) * (reach - limit) > 0:
            return text
    return f"{reach:.10f}"



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


def placement_fault(fire: Fire, target: int, point: Point) -> tuple[str, Msg] | None:
    """HH-1 to HH-3 for one hole position over `target`: the clause and reason it breaks,
    or None. (A minimum range is the weapon's: HH-5 is the seed's word for it.)"""
    w = fire.attack.weapon
    if not hole_over(fire.shapes[target], point, hole_radius(fire.options)):
        return "HH-1", msg("hh.fault.hull" if fire.models[target].vehicle else "hh.fault.base",
                           model=name(fire, target))
    reach = range_to(fire, point)
    if reach > w.range + RANGE_EPS:
        return "HH-2", msg("hh.fault.max_range", reach=inches(reach, w.range),
                           max_range=w.range)
    if reach < w.min_range - RANGE_EPS:
        return "HH-5", msg("hh.fault.min_range", reach=inches(reach, w.min_range),
                           min_range=w.min_range)
    side = fire.models[fire.firer].side
    for i, (model, shape) in enumerate(zip(fire.models, fire.shapes, strict=True)):
        if model.side == side and touches(shape, point, fire.radii[-1]):
            return "HH-3", msg("hh.fault.friendly", model=name(fire, i))
    return None


def legal(fire: Fire, target: int, point: Point) -> bool:
    """``aim: "auto"``: may the hole go at `point` over `target`?"""
    return placement_fault(fire, target, point) is None


def check_attack(fire: Fire) -> None:
    """HH-11, HH-1, HH-2, HH-3: refuse an attack the rules forbid, before any roll."""
    firer = fire.models[fire.firer]
    if fire.attack.snap_shot:
        raise IllegalAttack("HH-11", msg("hh.fault.snap_shot"))
    for k, shot in enumerate(fire.shots):
        target = fire.models[shot.target]
        fault: tuple[str, Msg] | None
        if target.side == firer.side:
            fault = "HH-1", msg("hh.fault.not_enemy", target=target.name, firer=firer.name)
        elif not can_see(fire.shapes[fire.firer], fire.shapes[shot.target],
                         fire.scenario.board.blocking):
            fault = "HH-1", msg("hh.fault.unseen", firer=firer.name, target=target.name)
        else:
            fault = placement_fault(fire, shot.target, shot.aim)
        if fault:
            clause, reason = fault
            raise IllegalAttack(clause, msg("hh.fault.shot", shot=k + 1, reason=reason)
                                if len(fire.shots) > 1 else reason)


KINDS = {3: msg("hh.kind.blast"), 5: msg("hh.kind.large"), 7: msg("hh.kind.massive"),
         10: msg("hh.kind.apocalyptic")}
"""HH-12: each marker's Blast kind by its diameter, as the rules name it."""


def kind_of(fire: Fire) -> Msg:
    """The weapon's Blast kind, as the rules name it (HH-12, HH-13)."""
    if fire.mega:
        return msg("hh.kind.mega")
    return KINDS[fire.attack.weapon.blast]


def log_setup(fire: Fire, log: Log) -> None:
    """OPT and SETUP steps, then each placement as checked (HH-1 to HH-3) and the marker
    used (HH-12, HH-13)."""
    log.options("heresy", fire.options)
    w = fire.attack.weapon
    firer = name(fire, fire.firer)
    targets = list(dict.fromkeys(name(fire, s.target) for s in fire.shots))
    log.step("SETUP", msg("hh.setup", firer=firer, bs=fire.attack.bs, weapon=w.name,
                          kind=kind_of(fire), n=w.shots, targets=chained("hh.and", targets)))
    size = 2 * fire.radii[-1]
    extra = {"zones": list(fire.radii)} if fire.mega else {}
    placed: set[tuple[int, Point]] = set()
    for k, shot in enumerate(fire.shots):
        if (shot.target, shot.aim) in placed:
            continue
        placed.add((shot.target, shot.aim))
        where = {"firer": firer, "target": name(fire, shot.target), "size": size,
                 "part": msg("hh.part.hull" if fire.models[shot.target].vehicle
                             else "hh.part.base"), "x": shot.aim.x, "y": shot.aim.y}
        log.step("HH-1", msg("hh.place.shot", shot=k + 1, **where) if len(fire.shots) > 1
                 else msg("hh.place", **where),
                 template(shot.aim.x, shot.aim.y, fire.radii[-1], "aim", **extra))
        reach = range_to(fire, shot.aim)
        log.step("HH-2", msg("hh.range.min", reach=reach, firer=firer, max_range=w.range,
                             min_range=w.min_range) if w.min_range
                 else msg("hh.range", reach=reach, firer=firer, max_range=w.range))
        log.step("HH-3", msg("hh.no_friendly"))
    if w.mega is not None:
        zones = [msg("hh.zone.profile", zone=z, size=2 * r, s=s, ap=ap or "-")
                 for z, r, (s, ap) in zip(ZONE_NAMES, fire.radii, w.mega, strict=True)]
        log.step("HH-13", msg("hh.mega_zones", zones=zones))
    elif w.blast > 3:
        log.step("HH-12", msg("hh.bigger_marker", kind=kind_of(fire), size=size))

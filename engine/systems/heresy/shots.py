"""Warhammer 40,000 7th / Horus Heresy: the shots, one at a time (HH-4 to HH-7, HH-9, HH-10,
HH-12, HH-13): each scatters (the 2D6 and the scatter die, `heresy.scatter.land` for where it
lands and whom it covers), a model that may fully re-roll To Hit re-rolls both when
``attack.reroll_when`` says so, and each unit keeps what every marker did to it (the
`Tally`), for To Wound after the last shot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.dice import Dice
from engine.enumeration import enumerate_outcomes
from engine.log import Log, SilentLog, scatter, template, unit_state
from engine.systems.heresy.attack import RANGE_EPS, inches, name, range_to
from engine.systems.heresy.gets_hot import shots_fired
from engine.systems.heresy.scatter import (
    Fire,
    Hits,
    Landing,
    breakpoints,
    land,
    reaches,
    spans_at,
)
from engine.systems.heresy.zones import ZONE_NAMES, why_best
from engine.words import Msg, msg

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


# -- HH-4 to HH-7, HH-10: scatter -----------------------------------------------------------


def scatter_once(fire: Fire, shot: int, dice: Dice, log: Log, again: bool = False) -> Landing:
    """HH-4 to HH-7: 2D6 and the scatter die; where the marker lands and whom it covers."""
    roll = dice.total(msg("hh.label.scatter_distance", shot=shot + 1), 2)
    distance = max(0, roll - fire.attack.bs)
    bearing = dice.scatter(msg("hh.label.scatter_die", shot=shot + 1),
                           lambda: breakpoints(fire, shot, distance))
    landing = land(fire, shot, distance, bearing)
    if not log.silent:
        log_landing(fire, log, shot, landing, (roll, distance, bearing), again)
    return landing


COMPASS = (msg("hh.compass.north"), msg("hh.compass.north_east"), msg("hh.compass.east"),
           msg("hh.compass.south_east"), msg("hh.compass.south"), msg("hh.compass.south_west"),
           msg("hh.compass.west"), msg("hh.compass.north_west"))


def compass(bearing: float) -> Msg:
    """A bearing as players say it (0 = up the table, clockwise)."""
    return COMPASS[round(bearing / 45.0) % 8]


def log_landing(fire: Fire, log: Log, shot: int, landing: Landing,
                rolled: tuple[int, int, float | None], again: bool) -> None:
    """The HH-4 (and HH-5/HH-6/HH-7) steps of one scatter, with their marks."""
    roll, distance, bearing = rolled
    c, a = landing.centre, fire.shots[shot].aim
    what = msg("hh.scatter.again" if again else "hh.scatter.first")
    if bearing is None:
        text = msg("hh.landing.hit", shot=shot + 1, what=what)
    elif distance == 0:
        text = msg("hh.landing.still", shot=shot + 1, what=what, direction=compass(bearing),
                   roll=roll, bs=fire.attack.bs)
    else:
        text = msg("hh.landing.moved", shot=shot + 1, what=what, roll=roll, bs=fire.attack.bs,
                   distance=distance, direction=compass(bearing), bearing=bearing)
    marks = [template(c.x, c.y, fire.radii[-1], "final",
                      **({"zones": list(fire.radii)} if fire.mega else {}))]
    if bearing is not None and distance > 0:
        # the arrow shows its distance; its label only says which shot, where there are several
        shot_name = msg("hh.label.shot", shot=shot + 1) if len(fire.shots) > 1 else ""
        marks.insert(0, scatter((a.x, a.y), (c.x, c.y), distance, shot_name))
    log.step("HH-4", text, *marks)
    if not landing.on_table:
        log.step("HH-6", msg("hh.off_table"))
        return
    reach, w = range_to(fire, c), fire.attack.weapon
    limit = w.range if reach > w.range + RANGE_EPS else w.min_range
    if reach > w.range + RANGE_EPS or reach < w.min_range - RANGE_EPS:
        log.step("HH-5", msg("hh.out_of_range", reach=inches(reach, limit)))
    spans = spans_at(fire, c, reaches(fire.shapes, c))
    covered = [(i, zone_words(fire, i, z, spans[i])) for i, z in enumerate(landing.hits.zones)
               if z is not None]
    side = fire.models[fire.firer].side
    own = [name(fire, i) for i, _ in covered if fire.models[i].side == side]
    if own:
        log.step("HH-5", msg("hh.own_side", models=own))
    under = [msg("hh.under.zone", model=name(fire, i), zone=z) if fire.mega else name(fire, i)
             for i, z in covered]
    log.step("HH-13" if fire.mega else "HH-7",
             msg("hh.under", models=under) if under else msg("hh.under.nobody"),
             *(unit_state(fire.models[i].id, "hit") for i, _ in covered))


def zone_words(fire: Fire, i: int, zone: int, span: tuple[int, int] | None) -> Msg:
    """The log's words for the zone model `i` is hit in (HH-13), and for a model straddling
    the zones of `span` which profile it takes and why."""
    if span is None or span[0] == span[1]:
        return ZONE_NAMES[zone]
    return msg("hh.zone.why", zone=ZONE_NAMES[zone],
               why=why_best(fire.attack.weapon, span, zone, fire.models[i], fire.options))


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
        when = fire.attack.reroll_when
        why = (msg("hh.reroll.best", fresh=fresh_value(fire, shot),
                   kept=shot_value(fire, first.hits)) if when == "best"
               else msg("hh.reroll.target_missed") if when == "target-missed"
               else msg("hh.reroll.missed_or_friendly"))
        log.step("HH-10", msg("hh.reroll", why=why))
    return scatter_once(fire, shot, dice, log, again=True).hits


# -- HH-9: adding up the Hits of every shot --------------------------------------------------


def unit_shot(fire: Fire, u: int, hits: Hits) -> UnitShot | None:
    """What one marker did to unit `u` (None: none of its models is under it)."""
    members = fire.units[u][1]
    got = tuple(None if (zone := hits.zones[i]) is None else (zone, hits.facings[i])
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
        log.step("HH-9", msg("hh.all_scattered", n=total))
    return tally

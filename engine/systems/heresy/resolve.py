"""Warhammer 40,000 7th / Horus Heresy: what the Hits of every shot do, unit by unit (HH-8,
HH-13 to HH-16): To Wound for all a unit's Hits together, zone by zone, its Wound Pools
allocated and saved (`heresy.wounds`), each vehicle's armour penetration, and the result
per model (`ModelResult`, and `model_harm` for the odds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.odds import NO_HARM, Harm
from engine.scenario.heresy import Model
from engine.systems.heresy.gets_hot import firer_lost
from engine.systems.heresy.scatter import Fire
from engine.systems.heresy.shots import HIT_OF, Hit, Tally, UnitTally, member_hits
from engine.systems.heresy.words import chained
from engine.systems.heresy.wounds import (
    BREACHING_AP,
    FACING_WORDS,
    Sources,
    Wound,
    armour_value,
    penetration,
    to_wound_target,
    wound_from_roll,
    wound_unit,
)
from engine.systems.heresy.zones import ZONE_NAMES, profile
from engine.words import Msg, Words, msg


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


@dataclass(frozen=True)
class UnitPlan:
    """A unit's wounds to roll: its infantry (indices), where wounds are allocated from
    (`Sources`), their starting wounds lost, and the To Wound rolls: (source, zone, S, AP,
    target, count)."""

    name: Words
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
                    s, ap = profile(fire.attack.weapon, zone)
                    rolls.append((source, zone, s, ap, to_wound_target(s, t), n))
    return UnitPlan(fire.unit_names[u], infantry, sources, lost, tuple(rolls))


def roll_to_wound(fire: Fire, plan: UnitPlan, dice: Dice, log: Log) -> tuple[Wound, ...]:
    """HH-8, HH-9, HH-16: all the unit's To Wound rolls together, zone by zone."""
    wounds: list[Wound] = []
    for source, zone, s, ap, target, n in plan.rolls:
        where = {"zone": ZONE_NAMES[zone]} if fire.mega else {}
        said = {"unit": plan.name, "hits": msg("hh.hits", n=n), "s": s, **where}
        if target is None:
            log.step("HH-8", msg("hh.cannot_wound.zone" if fire.mega else "hh.cannot_wound",
                                 **said))
            continue
        breaching = fire.attack.weapon.breaching
        faces = dice.dice(msg("hh.label.to_wound.zone" if fire.mega else "hh.label.to_wound",
                              unit=plan.name, target=target, **where), n)
        got = [w for f in faces if (w := wound_from_roll(
            zone, s, ap, target, breaching, f, fire.options, source))]
        wounds += got
        if not log.silent:
            reached = sum(f >= max(target, breaching) for f in faces) if breaching else 0
            log.step("HH-16" if reached else ("HH-13" if fire.mega else "HH-8"),
                     msg("hh.to_wound.zone" if fire.mega else "hh.to_wound", target=target,
                         wounds=wounds_words(len(got), reached, sum(w.ap != ap for w in got),
                                             breaching, ap), **said))
    return tuple(sorted(wounds))


def wounds_words(n: int, reached: int, changed: int, breaching: int | None, ap: int | None
                 ) -> Msg:
    """HH-8, HH-16 in the log: `n` wounds, and how many of them Breaching made AP 2, or,
    where the weapon's AP is better still (option ``breaching_ap: "better"``), that its
    rolls change nothing."""
    if not reached:
        return msg("hh.wounds", n=n)
    if changed:
        return msg("hh.wounds.breaching", n=n, changed=changed)
    return msg("hh.wounds.breaching_moot", n=n,
               rolls=msg("hh.breaching_rolls", n=reached, x=breaching),
               why=msg("hh.breaching.ap2") if ap == BREACHING_AP
               else msg("hh.breaching.better", ap=ap))


def vehicle_hits(fire: Fire, u: int, hits: tuple[tuple[Hit, ...], ...]
                 ) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each vehicle of the unit with its Hits (`hits`: its `member_hits`): (Strength,
    facing) each (HH-15)."""
    members = fire.units[u][1]
    return [(i, [(profile(fire.attack.weapon, z)[0], f or "side") for z, f in h])
            for i, h in zip(members, hits, strict=True) if fire.models[i].vehicle]


def log_penetration(fire: Fire, i: int, hits: list[tuple[int, str]], got: list[str | None],
                    log: Log) -> None:
    """The armour penetration step of one vehicle (HH-8; HH-15 for a Mega-blast)."""
    v = fire.models[i]
    log.step("HH-15" if fire.mega else "HH-8",
             msg("hh.armour.mega" if fire.mega else "hh.armour", vehicle=v.name, n=len(hits),
                 hits=[msg("hh.armour.hit", s=s, facing=FACING_WORDS[f],
                           av=armour_value(v, f), result=PENETRATION_WORDS[g])
                       for (s, f), g in zip(hits, got, strict=True)]))


PENETRATION_WORDS = {"glancing": msg("hh.penetration.glancing"),
                     "penetrating": msg("hh.penetration.penetrating"),
                     None: msg("hh.event.no_effect")}
"""What a Hit on a vehicle's armour did, in words (HH-8)."""


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
        struck = [penetration(fire.models[i], s, f, ordnance, dice) for s, f in shots]
        if shots and not log.silent:
            log_penetration(fire, i, shots, struck, log)
        glance = struck.count("glancing") + (i == fire.firer) * events.count("glancing")
        pen = struck.count("penetrating")
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

    def loss(m: Model, r: ModelResult) -> Msg:
        if m.vehicle:
            return msg("hh.loss.wrecked" if r.lost >= m.hp else "hh.loss.hull_points",
                       model=m.name, n=r.lost)
        if r.lost >= m.w:
            return msg("hh.loss.removed", model=m.name)
        return msg("hh.loss.wounds", model=m.name, n=r.lost)

    hurt = [loss(m, r) for m, r in zip(fire.models, outcome, strict=True) if r.lost]
    log.step("RESULT", msg("hh.result", losses=chained("hh.then", hurt)) if hurt
             else msg("hh.result.none"),
             *(unit_state(m.id, state(r)) for m, r in zip(fire.models, outcome, strict=True)))


def model_harm(model: Model, hits: int, lost: int, glancing: int, penetrating: int) -> Harm:
    """The odds' view of one model: hits, wounds (or Hull Points) lost, vehicle hits, and
    whether it is removed (a vehicle: wrecked)."""
    if not (hits or lost or glancing or penetrating):
        return NO_HARM
    locations = tuple((k, v) for k, v in (("glancing", glancing), ("penetrating", penetrating))
                      if v) if model.vehicle else ()
    return Harm(hits, lost, locations, lost >= (model.hp if model.vehicle else model.w))

"""Warhammer 40,000 7th / Horus Heresy: Gets Hot for weapons that do not roll To Hit, as
every Blast (HH-17 to HH-20): one D6 per shot before it is fired, the firer's own wound
(`heresy.wounds.gets_hot_damage`), and the firer removed by it firing no further shots."""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.systems.heresy.attack import name
from engine.systems.heresy.scatter import Fire
from engine.systems.heresy.wounds import EVENT_WORDS, gets_hot_damage
from engine.words import msg


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
    roll = dice.d6(msg("hh.label.gets_hot", shot=shot + 1))
    if roll == 1 and may_reroll_gets_hot(fire):
        log.step("HH-19", msg("hh.gets_hot.one", shot=shot + 1))
        roll = dice.d6(msg("hh.label.gets_hot_reroll", shot=shot + 1))
        log.step("HH-20", msg("hh.gets_hot.reroll", roll=roll))
    if roll >= 2:
        log.step("HH-19", msg("hh.gets_hot.fired", shot=shot + 1, roll=roll))
        return None
    firer = fire.models[fire.firer]
    event = gets_hot_damage(firer, weapon.ap, fire.options, dice)
    if firer.vehicle:
        what = msg("hh.gets_hot.vehicle", event=EVENT_WORDS[event])
    else:
        what = msg("hh.gets_hot.wound_breaching" if weapon.breaching else "hh.gets_hot.wound",
                   firer=firer.name, ap=weapon.ap or "-", event=EVENT_WORDS[event])
    clause = "HH-17" if weapon.breaching and not firer.vehicle else "HH-19"
    log.step(clause, msg("hh.gets_hot.not_fired", shot=shot + 1, what=what),
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
            unfired = (msg("hh.unfired.range", first=shot + 1, last=shots) if shot + 1 < shots
                       else msg("hh.unfired.one", shot=shot + 1))
            log.step("HH-19", msg("hh.gets_hot.wrecked" if fire.models[fire.firer].vehicle
                                  else "hh.gets_hot.removed", firer=name(fire, fire.firer),
                                  unfired=unfired))
            break
        event = gets_hot(fire, shot, dice, log)
        if event is None:
            fired(shot)
        else:
            events = tuple(sorted(events + (event,)))
    return events

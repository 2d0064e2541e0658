"""What the Hits of a Horus Heresy / 40K 7th blast do: To Wound, Wound Pools, saves, Feel No
Pain, vehicles' armour penetration, and the Gets Hot wound (HH-8, HH-13 to HH-19).

Readings (shared/rules/facts.md; the L ones are options of the scenario):

- To Wound by the S/T chart against the majority Toughness of the unit (ties: the highest).
  A weapon that cannot wound (S <= T-4) rolls nothing.
- Breaching (X) (HH-16): a To Wound roll >= X makes that wound AP 2; option
  ``breaching_ap`` ``"better"`` (default) keeps the weapon's AP where it is better (AP 1),
  ``"literal"`` reads "instead of the weapon's AP" to the letter. Never on vehicles.
- Wound Pools: wounds of one zone (HH-13), one AP and one source (the firer; for a
  Mega-blast, the marker of one shot, HH-14) form a pool; pools are allocated in option
  ``pool_order`` (``best-first``: inner zone first, AP 2 before the weapon's AP).
- Allocation (HH-8, HH-14): each wound goes to the closest living model of the unit (from
  the firer; from the centre of its shot's marker for a Mega-blast), out of sight or not
  (option ``allocation: "defender"``: the model the defender chooses, `defender_order`),
  and that model saves: the best of its armour save (denied when AP <= Sv), invulnerable
  save and cover save (its own ``cover`` or the terrain's from the source; never against
  Gets Hot). A failed save may be ignored by Feel No Pain. With option ``instant_death``
  (default on), S >= 2T removes all the model's Wounds and Feel No Pain cannot be taken.
- Vehicles (no Wounds): each Hit on a vehicle rolls D6 (Ordnance: 2D6, keep the highest)
  + S against the Armour Value of the facing: equal is a glancing hit, higher a
  penetrating hit; each costs a Hull Point (the Vehicle Damage table is not modelled).
  Vehicles are resolved model by model (a squadron's hits are not pooled).
- Gets Hot (HH-17 to HH-19): the firer's wound uses the weapon's base AP (the inner zone's
  for a Mega-blast), no cover; a vehicle firer rolls a D6 and glances on 1-2 (option
  ``edition: "7th"``: 1-3).

Every function here takes the dice and rolls what its rule rolls, nothing else, so `play`
and the exact odds (which enumerate these functions one roll at a time) share them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.dice import Dice
from engine.log import Log, unit_state
from engine.scenario.heresy import Model
from engine.systems.heresy.words import chained
from engine.words import Words, msg

GETS_HOT_GLANCE = {"hh2": 2, "7th": 3}
"""HH-18/HH-19: the highest D6 on which a vehicle's Gets Hot is a Glancing Hit, by edition."""
FACINGS = ("front", "side", "rear")
FACING_WORDS = {"front": msg("hh.facing.front"), "side": msg("hh.facing.side"),
                "rear": msg("hh.facing.rear")}
"""Each armour facing in words."""
EVENT_WORDS = {
    "saved": msg("hh.event.saved"),
    "ignored": msg("hh.event.ignored"),
    "wound": msg("hh.event.wound"),
    "instant-death": msg("hh.event.instant_death"),
    "no model left": msg("hh.event.no_model_left"),
    "glancing": msg("hh.event.glancing"),
    "no effect": msg("hh.event.no_effect"),
}
"""How the log tells each event of `resist`, `allocate_wound` and `gets_hot_damage`."""
BREACHING_AP = 2


class Wound(NamedTuple):
    """One wound to allocate: its zone (HH-13: 0 for a plain blast), AP (HH-16: the rank of
    an AP for sorting: 1 best, 7 for no AP), the source it is allocated from (HH-14: 0 for
    the firer, else the number of a Mega-blast marker's pool source) and Strength."""

    zone: int
    ap_rank: int
    source: int
    s: int

    @property
    def ap(self) -> int | None:
        return None if self.ap_rank > 6 else self.ap_rank


NO_AP_RANK = 7


def make_wound(zone: int, s: int, ap: int | None, source: int = 0) -> Wound:
    return Wound(zone, NO_AP_RANK if ap is None else ap, source, s)


def to_wound_target(s: int, t: int) -> int | None:
    """HH-8: the D6 needed To Wound (S/T chart), or None when S cannot wound T."""
    diff = s - t
    if diff >= 2:
        return 2
    if diff <= -4:
        return None
    return {1: 3, 0: 4, -1: 5}.get(diff, 6)


def breaching_ap(ap: int | None, options: dict[str, Any]) -> int:
    """HH-16: the AP of a Breaching wound: AP 2, or (option ``breaching_ap: "better"``)
    the weapon's AP when it is better still."""
    if options["breaching_ap"] == "better" and ap is not None:
        return min(ap, BREACHING_AP)
    return BREACHING_AP


def wound_from_roll(zone: int, s: int, ap: int | None, target: int, breaching: int | None,
                    roll: int, options: dict[str, Any], source: int = 0) -> Wound | None:
    """HH-8 and HH-16: a To Wound roll of `roll` against `target` gives this wound (Breaching's
    AP when the roll reaches its X), or None."""
    if roll < target:
        return None
    return make_wound(zone, s, breaching_ap(ap, options)
                      if breaching is not None and roll >= breaching else ap, source)


def pool_sequence(wounds: tuple[Wound, ...], order: str) -> tuple[Wound, ...]:
    """HH-13 Wound Pools: one per zone and AP, allocated pool after pool in `order`."""
    ranked = sorted(wounds)
    return tuple(ranked if order == "best-first" else reversed(ranked))


def best_cover(model: Model, terrain: int | None) -> int | None:
    """The cover save a model may take: its own ``cover`` or the terrain's, the better."""
    saves = [c for c in (model.cover, terrain) if c is not None]
    return min(saves) if saves else None


def save_target(model: Model, ap: int | None, cover: int | None) -> int | None:
    """The best save the model may take against AP `ap`, with the cover save `cover`."""
    options = []
    if model.sv is not None and (ap is None or ap > model.sv):
        options.append(model.sv)
    if model.inv is not None:
        options.append(model.inv)
    if cover is not None:
        options.append(cover)
    return min(options) if options else None


def p_fail(model: Model, s: int | None, ap: int | None, cover: int | None,
           options: dict[str, Any]) -> float:
    """The chance that one wound takes a Wound from the model (save, then Feel No Pain)."""
    target = save_target(model, ap, cover)
    fail = 1.0 if target is None else (target - 1) / 6
    if options["instant_death"] and s is not None and s >= 2 * model.t:
        return fail
    return fail if model.fnp is None else fail * (model.fnp - 1) / 6


def defender_order(models: tuple[Model, ...], order: tuple[int, ...], lost: tuple[int, ...],
                   wound: Wound, covers: tuple[int | None, ...], options: dict[str, Any]
                   ) -> tuple[int, ...]:
    """HH-8, option ``allocation: "defender"``: the defender allocates to any model, in the
    order that loses the fewest models: a model already wounded first, then the model
    expected to absorb the most such wounds before it is removed (its Wounds left, or 1
    under Instant Death, over its chance to fail), ties closest first."""
    def absorbs(k: int) -> float:
        m = models[k]
        fail = p_fail(m, wound.s, wound.ap, best_cover(m, covers[k]), options)
        dies = options["instant_death"] and wound.s >= 2 * m.t
        left = 1 if dies else m.w - lost[k]
        return math.inf if fail == 0 else left / fail

    return tuple(sorted(order, key=lambda k: (not 0 < lost[k] < models[k].w, -absorbs(k),
                                              order.index(k))))


def resist(model: Model, s: int | None, ap: int | None, cover: int | None,
           options: dict[str, Any], dice: Dice) -> str:
    """One wound on `model`: ``"saved"``, ``"ignored"`` (Feel No Pain), ``"wound"`` or
    ``"instant-death"`` (S >= 2T, option ``instant_death``; no Feel No Pain then)."""
    target = save_target(model, ap, cover)
    if target is not None and dice.d6(msg("hh.label.save", model=model.name,
                                          target=target)) >= target:
        return "saved"
    if options["instant_death"] and s is not None and s >= 2 * model.t:
        return "instant-death"
    if model.fnp is not None and dice.d6(msg("hh.label.fnp", model=model.name,
                                             target=model.fnp)) >= model.fnp:
        return "ignored"
    return "wound"


def lose(model: Model, lost: int, event: str) -> int:
    """Wounds lost by a model after `event` (never more than its Wounds)."""
    if event == "instant-death":
        return model.w
    return min(model.w, lost + (event == "wound"))


@dataclass(frozen=True)
class Sources:
    """Where a unit's wounds are allocated from (HH-8, HH-14): per source (`Wound.source`)
    the closest-first order of its infantry (local indices) and their terrain cover."""

    orders: tuple[tuple[int, ...], ...]
    covers: tuple[tuple[int | None, ...], ...]


def allocate_wound(models: tuple[Model, ...], sources: Sources, lost: tuple[int, ...],
                   wound: Wound, options: dict[str, Any], dice: Dice
                   ) -> tuple[tuple[int, ...], str, int | None]:
    """HH-8/HH-14: the wound goes to the first living model of its source's order (option
    ``allocation``), which resists it with the best cover it has from that source. Returns
    the new wounds lost, the event and the model's index (None: the unit is wiped out)."""
    k = allocated_to(models, sources, lost, wound, options)
    if k is None:
        return lost, "no model left", None
    cover = best_cover(models[k], sources.covers[wound.source][k])
    event = resist(models[k], wound.s, wound.ap, cover, options, dice)
    return lost[:k] + (lose(models[k], lost[k], event),) + lost[k + 1:], event, k


def allocated_to(models: tuple[Model, ...], sources: Sources, lost: tuple[int, ...],
                 wound: Wound, options: dict[str, Any]) -> int | None:
    """HH-8/HH-14: the model a wound goes to: the first living one of its source's order
    (option ``allocation``), or None when the unit is wiped out."""
    order, covers = sources.orders[wound.source], sources.covers[wound.source]
    if options["allocation"] == "defender":
        order = defender_order(models, order, lost, wound, covers, options)
    return next((k for k in order if lost[k] < models[k].w), None)


def armour_value(vehicle: Model, facing: str) -> int:
    """The vehicle's Armour Value on `facing` (the parser gives every vehicle its armour)."""
    assert vehicle.armour is not None, f"vehicle {vehicle.id} has no armour"
    return vehicle.armour[FACINGS.index(facing)]


def penetration(vehicle: Model, s: int, facing: str, ordnance: bool, dice: Dice) -> str | None:
    """A Hit on a vehicle: D6 (Ordnance: 2D6 keep the highest) + S against the facing's
    Armour Value: ``"glancing"`` when equal, ``"penetrating"`` when higher, else None."""
    label = msg("hh.label.penetration", vehicle=vehicle.name, facing=FACING_WORDS[facing])
    roll = dice.highest(label, 2) if ordnance else dice.d6(label)
    total = roll + s
    av = armour_value(vehicle, facing)
    if total > av:
        return "penetrating"
    return "glancing" if total == av else None


def gets_hot_damage(firer: Model, ap: int | None, options: dict[str, Any], dice: Dice) -> str:
    """HH-17 to HH-19: the Gets Hot wound on the firer (base AP, no cover), or a vehicle's
    D6: ``"glancing"`` on 1-2 (``edition: "7th"``: 1-3), else ``"no effect"``."""
    if firer.vehicle:
        roll = dice.d6(msg("hh.label.gets_hot_vehicle", vehicle=firer.name))
        return "glancing" if roll <= GETS_HOT_GLANCE[options["edition"]] else "no effect"
    return resist(firer, None, ap, None, options, dice)


def wound_unit(models: tuple[Model, ...], sources: Sources, lost: tuple[int, ...],
               wounds: tuple[Wound, ...], options: dict[str, Any], dice: Dice, log: Log,
               unit: Words, clause: str = "HH-8"
               ) -> tuple[tuple[int, ...], list[tuple[int | None, str]]]:
    """Allocate every wound of a unit, pool by pool; the wounds lost and each event. The log
    cites `clause`: HH-8, or HH-14 when allocating from a Mega-blast's centre."""
    events = []
    for wound in pool_sequence(wounds, options["pool_order"]):
        lost, event, k = allocate_wound(models, sources, lost, wound, options, dice)
        events.append((k, event))
        if not log.silent:
            ap = "-" if wound.ap is None else wound.ap
            said = {"unit": unit, "s": wound.s, "ap": ap, "event": EVENT_WORDS[event]}
            if k is None:
                log.step(clause, msg("hh.wound.left", **said))
                continue
            model = models[k]
            terrain = sources.covers[wound.source][k]
            bare = save_target(model, wound.ap, best_cover(model, terrain)) is None
            notes = []
            if model.sv is not None and wound.ap is not None and wound.ap <= model.sv:
                notes.append(msg("hh.note.ap_denies_bare" if bare else "hh.note.ap_denies",
                                 ap=ap, sv=model.sv))
            if terrain is not None:
                notes.append(msg("hh.note.cover", save=terrain))
            log.step(clause, msg("hh.wound.allocated.notes", model=model.name,
                                 notes=chained("hh.also", notes), **said) if notes
                     else msg("hh.wound.allocated", model=model.name, **said),
                     unit_state(model.id, "saved" if event in ("saved", "ignored")
                                else "damaged"))
    return lost, events

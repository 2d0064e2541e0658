"""Warhammer 40,000 7th / Horus Heresy: the marker's zones (HH-12, HH-13) and the profile a
model under it takes.

- Radii (HH-12): Blast 1.5", Large 2.5", Massive 3.5", Apocalyptic 5". A Mega-blast's
  "(5"/7"/10")" zones (shared/rules/facts.md, uncertain: the seed's diagram is not in it)
  by option ``mega_zones``: ``"diameters"`` (default: the zones' outer diameters, radii
  2.5", 3.5", 5", the Large, Massive and Apocalyptic markers) or ``"equal-rings"`` (the
  10" marker cut into three rings of equal width).
- A footprint lies in every zone between the nearest and the farthest of its points from
  the centre (`zone_span`). HH-13: "Always use the best Strength and AP if a model
  straddles two or more zones": option ``straddle`` says what best is when Strength and
  AP disagree: ``"wounds-more"`` (default: the profile likelier to cost the model a
  Wound: To Wound against its unit's Toughness, Breaching's AP on the rolls that reach
  it, its best save, Feel No Pain; a vehicle, which has no Wounds, takes the higher
  Strength), ``"higher-strength"`` (the higher S, then the better AP) or ``"innermost"``
  (the innermost zone it touches, whatever its profile). Ties go to the higher S, then
  the better AP, then the inner zone. A straddling model's Hit is one zone's (each zone's
  Hits are worked out separately, with their own Wound Pool), never S from one zone and
  AP from another.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from engine.geometry import TOUCH_EPS
from engine.scenario.heresy import Model, Weapon
from engine.systems.heresy.words import chained
from engine.systems.heresy.wounds import p_fail, to_wound_target, wound_from_roll
from engine.words import Msg, msg

BLAST_RADII = {3: (1.5,), 5: (2.5,), 7: (3.5,), 10: (5.0,)}
"""HH-12: marker radius (inches) by marker diameter."""
MEGA_RADII = {"diameters": (2.5, 3.5, 5.0), "equal-rings": (5.0 / 3, 10.0 / 3, 5.0)}
"""HH-13: inner, middle and outer zone radii of the Apocalyptic Mega-blast marker, by
option ``mega_zones``."""
ZONE_NAMES = (msg("hh.zone.inner"), msg("hh.zone.middle"), msg("hh.zone.outer"))
"""HH-13: the Mega-blast's zones in words, innermost first."""
READING = {"wounds-more": msg("hh.straddle.wounds_more"),
           "higher-strength": msg("hh.straddle.higher_strength")}
"""How the log says why a straddling model's profile is the best, by option ``straddle``."""
NO_AP = 7
"""An AP of "-" ranks below AP 6."""

Profile = tuple[int, int | None]


def marker_radii(weapon: Weapon, options: dict[str, Any]) -> tuple[float, ...]:
    """HH-12/HH-13: the marker's zone radii, innermost first (one for a plain blast)."""
    if weapon.mega is not None:
        return MEGA_RADII[options["mega_zones"]]
    return BLAST_RADII[weapon.blast]


def profile(weapon: Weapon, zone: int) -> Profile:
    """HH-13: the Strength and AP of a zone (a plain blast has one zone)."""
    return weapon.mega[zone] if weapon.mega is not None else (weapon.s, weapon.ap)


def zone_span(near: float, far: float, radii: tuple[float, ...]) -> tuple[int, int] | None:
    """HH-7/HH-13: the innermost and outermost zones a footprint lies in, from how far its
    nearest and farthest points are from the centre (touching counts, within
    `TOUCH_EPS`); None when it is not under the marker."""
    limits = [radius + TOUCH_EPS for radius in radii]
    inner = bisect_left(limits, near)
    if inner == len(limits):
        return None
    return inner, min(bisect_left(limits, far), len(limits) - 1)


def strength_rank(weapon: Weapon, zone: int) -> tuple[int, int, int]:
    """``straddle: "higher-strength"``: higher S first, then the better AP, then the inner
    zone."""
    s, ap = profile(weapon, zone)
    return s, -(NO_AP if ap is None else ap), -zone


def wound_chance(weapon: Weapon, zone: int, model: Model, toughness: int, cover: int | None,
                 options: dict[str, Any]) -> float:
    """``straddle: "wounds-more"``: the chance that one Hit of the zone's profile costs the
    model a Wound (HH-8, HH-16), by the rule functions the wounds are rolled with."""
    s, ap = profile(weapon, zone)
    target = to_wound_target(s, toughness)
    if target is None:
        return 0.0
    wounds = (wound_from_roll(zone, s, ap, target, weapon.breaching, face, options)
              for face in range(1, 7))
    return sum(p_fail(model, w.s, w.ap, cover, options) for w in wounds if w) / 6


def best_zone(weapon: Weapon, span: tuple[int, int], model: Model, toughness: int | None,
              cover: int | None, options: dict[str, Any]) -> int:
    """HH-13: the zone whose profile a model lying in the zones of `span` takes (option
    ``straddle``; `cover`: its best cover save against the Hit)."""
    inner, outer = span
    reading = options["straddle"]
    if inner == outer or reading == "innermost":
        return inner
    zones = range(inner, outer + 1)
    if reading == "wounds-more" and toughness is not None and not model.vehicle:
        return max(zones, key=lambda z: (round(wound_chance(weapon, z, model, toughness,
                                                            cover, options), 12),
                                         strength_rank(weapon, z)))
    return max(zones, key=lambda z: strength_rank(weapon, z))


def why_best(weapon: Weapon, span: tuple[int, int], zone: int, model: Model,
             options: dict[str, Any]) -> Msg:
    """The log's words for a model straddling the zones of `span` that takes `zone`."""
    inner, outer = span
    names = ZONE_NAMES[inner:outer + 1]
    zones = (msg("hh.three", first=names[0], second=names[1], third=names[2])
             if len(names) == 3 else chained("hh.and", names))
    reading = options["straddle"]
    if reading == "innermost":
        return msg("hh.straddle.innermost", zones=zones)
    s, ap = profile(weapon, zone)
    return msg("hh.straddle.best", zones=zones, s=s, ap=ap or "-",
               why=READING["higher-strength" if model.vehicle else reading])

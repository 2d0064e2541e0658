"""A 'Mech's record sheet: armour and internal structure per location, and what is left.

Optional (issue 10): a 'Mech may carry its record sheet's armour (front, and rear for the
three torsos) and internal structure per location; the Battlefield Support damage groups
then wear them down. The seed says nothing of record sheets; the damage rules here are
Total Warfare's, as MegaMek plays them (shared/rules/facts.md: record sheets are public
data), read as follows:

- a group hits the armour of its location (rear armour for a torso hit from the rear,
  BT-RULE.2); damage beyond the armour goes to the internal structure; damage beyond the
  structure (or any damage to a destroyed location) transfers inward: arm or leg to the
  side torso, side torso to the centre torso, to the armour on the side the attack came
  from (front, or rear from the rear arc); the head and centre torso transfer nothing;
- a location whose structure is gone is destroyed; a side torso takes its arm with it at
  once; the 'Mech is destroyed with its head or centre torso;
- each damage group is its own hit (BT-RULE.3: a hit location roll for each group), so the
  groups are applied one by one in the order rolled, attacks in the order they resolve: a
  group that destroys a side torso sends the next group on its arm through to the centre
  torso.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.odds import Harm
from engine.words import Msg, Words, msg

LOCATIONS = ("Head", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
"""Hit locations with internal structure."""
REAR = ("CT", "LT", "RT")
"""Locations with rear armour ("CT(R)" on the sheet and in the odds)."""
ARMOUR = (*LOCATIONS, *(f"{loc}(R)" for loc in REAR))
"""Armour keys: one per location, and the rear armour of each torso."""
INWARD = {"LA": "LT", "LL": "LT", "RA": "RT", "RL": "RT", "LT": "CT", "RT": "CT"}
"""Where damage transfers from a destroyed location."""
ARM_OF = {"LT": "LA", "RT": "RA"}
"""A side torso destroyed takes this arm with it."""
FATAL = ("Head", "CT")
"""The 'Mech is destroyed when one of these is."""
_A = {k: i for i, k in enumerate(ARMOUR)}
_S = {k: i for i, k in enumerate(LOCATIONS)}


@dataclass(frozen=True, slots=True)
class Sheet:
    """Armour left per `ARMOUR` key and structure left per `LOCATIONS` entry."""

    armour: tuple[int, ...]
    structure: tuple[int, ...]

    @classmethod
    def of(cls, unit: Any) -> Sheet | None:
        """The full record sheet of a unit that carries one, else None."""
        if unit.record is None:
            return None
        armour, structure = unit.record
        return cls(tuple(armour[k] for k in ARMOUR), tuple(structure[k] for k in LOCATIONS))

    @classmethod
    def start(cls, unit: Any) -> Sheet | None:
        """The sheet as this turn finds it: what earlier turns left (``record.left``), else
        the full sheet; None for a unit without one."""
        if unit.worn is None:
            return cls.of(unit)
        armour, structure = unit.worn
        return cls(tuple(armour[k] for k in ARMOUR), tuple(structure[k] for k in LOCATIONS))

    def as_record(self) -> dict[str, dict[str, int]]:
        """The sheet as a document's ``record`` (or ``record.left``) writes it."""
        return {"armour": dict(zip(ARMOUR, self.armour, strict=True)),
                "structure": dict(zip(LOCATIONS, self.structure, strict=True))}

    @property
    def destroyed(self) -> bool:
        """The head or the centre torso is destroyed: so is the 'Mech."""
        return any(self.structure[_S[k]] == 0 for k in FATAL)

    def lost(self) -> tuple[str, ...]:
        """The destroyed locations."""
        return tuple(k for k in LOCATIONS if self.structure[_S[k]] == 0)

    def breached(self) -> tuple[str, ...]:
        """The armour keys with no armour left."""
        return tuple(k for k in ARMOUR if self.armour[_A[k]] == 0)


def take(sheet: Sheet, key: str, damage: int, rear: bool) -> Sheet:
    """The sheet after one damage group of `damage` at location `key` ("CT(R)" for rear
    armour); `rear`: the attack came from the rear arc (where transferred damage goes).

    A destroyed location takes nothing: the whole group goes on inward.
    """
    armour, structure = list(sheet.armour), list(sheet.structure)
    side, loc = key, key.removesuffix("(R)")
    while damage:
        if structure[_S[loc]]:
            damage = _absorb(armour, _A[side], damage)
            damage = _absorb(structure, _S[loc], damage)
        if loc not in INWARD:
            break
        loc = INWARD[loc]
        side = f"{loc}(R)" if rear and loc in REAR else loc
    for torso, arm in ARM_OF.items():
        if structure[_S[torso]] == 0:
            structure[_S[arm]] = 0
    return Sheet(tuple(armour), tuple(structure))


def _absorb(points: list[int], i: int, damage: int) -> int:
    """Points `i` absorbs what it can of `damage`; the rest goes on."""
    used = min(points[i], damage)
    points[i] -= used
    return damage - used


def figures(full: Sheet, dist: Iterable[tuple[Harm, float]]) -> dict[str, Any]:
    """Per location: the chance its armour is breached and that it is destroyed."""
    breached = dict.fromkeys(ARMOUR, 0.0)
    lost = dict.fromkeys(LOCATIONS, 0.0)
    for harm, p in dist:
        left = harm.left or full
        for k in left.breached():
            breached[k] += p
        for k in left.lost():
            lost[k] += p
    return {"p_armour_breached": {k: round(v, 6) for k, v in breached.items()},
            "p_location_destroyed": {k: round(v, 6) for k, v in lost.items()}}


def left_of(full: Sheet, left: Sheet) -> dict[str, Any]:
    """What a record sheet has left, for a unit's effects."""
    return {"armour": {k: [left.armour[_A[k]], full.armour[_A[k]]] for k in ARMOUR},
            "structure": {k: [left.structure[_S[k]], full.structure[_S[k]]]
                          for k in LOCATIONS},
            "destroyed_locations": list(left.lost()), "destroyed": left.destroyed}


def describe(full: Sheet, left: Sheet) -> Msg:
    """What a record sheet has lost, in players' words ("LA armour 24 of 34, LT destroyed")."""
    parts = []
    for loc in LOCATIONS:
        if left.structure[_S[loc]] == 0:
            parts.append(msg("bt.sheet.lost", location=location_words(loc)))
            continue
        worn = [msg("bt.sheet.armour", location=location_words(key),
                    left=left.armour[_A[key]], full=full.armour[_A[key]])
                for key in (loc, f"{loc}(R)") if key in _A
                and left.armour[_A[key]] < full.armour[_A[key]]]
        if left.structure[_S[loc]] < full.structure[_S[loc]]:
            worn.append(msg("bt.sheet.structure", location=location_words(loc),
                            left=left.structure[_S[loc]], full=full.structure[_S[loc]]))
        parts += worn
    if left.destroyed:
        parts.append(msg("bt.sheet.mech_destroyed"))
    return msg("bt.list", items=parts) if parts else msg("bt.sheet.untouched")


def location_words(key: str) -> Words:
    """A hit location as record sheets print it: the abbreviations in English ("CT", "LA",
    "CT(R)" for the rear armour), the names in Japanese (胴中央, 左腕, 胴中央（背面）); a key
    the sheet does not name stays as it is."""
    base = key.removesuffix("(R)")
    if base not in LOCATIONS:
        return key
    said = msg(f"bt.loc.{base}")
    return msg("bt.loc.rear", location=said) if key != base else said

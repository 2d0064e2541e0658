"""What a turn did to each unit: damage groups, damage by location, and what a 'Mech's
record sheet has left (`battletech.sheet`, BT-SHEET)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.odds import Harm
from engine.scenario import Scenario
from engine.systems.battletech.plan import Group, Outcome
from engine.systems.battletech.sheet import Sheet, left_of, take
from engine.words import say


def merge_locations(pairs: Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """Damage by location key, summed and sorted."""
    total: dict[str, Any] = {}
    for loc, dmg in pairs:
        total[loc] = total.get(loc, 0) + dmg
    return tuple(sorted(total.items()))


def sheets_left(scn: Scenario, outcome: Outcome) -> list[Sheet | None]:
    """What each record sheet has left after the turn's attacks (`battletech.sheet`): each
    damage group applied on its own, in the order rolled (BT-RULE.3), from what earlier
    turns left of it."""
    left = [Sheet.start(u) for u in scn.units]
    for r in outcome:
        sheet = left[r.strike.unit]
        if sheet is not None:
            for g in r.groups:
                sheet = take(sheet, g.key, g.damage, r.arc == "rear")
            left[r.strike.unit] = sheet
    return left


def harm(scn: Scenario, outcome: Outcome) -> tuple[Harm, ...]:
    """Per unit: damage groups taken (hits), total damage, damage by location, and for a
    'Mech with a record sheet what is left of it (destroyed with its head or centre torso)."""
    taken: list[list[Group]] = [[] for _ in scn.units]
    for r in outcome:
        taken[r.strike.unit] += r.groups
    out: list[Harm] = []
    for groups, left in zip(taken, sheets_left(scn, outcome), strict=True):
        hits, damage = len(groups), sum(g.damage for g in groups)
        where = merge_locations((g.key, g.damage) for g in groups)
        out.append(Harm(hits, damage, where, left is not None and left.destroyed, left))
    return tuple(out)


def effects(scn: Scenario, outcome: Outcome) -> dict[str, dict[str, Any]]:
    """Per unit: each attack with its damage groups (location, front/rear armour), the total,
    and what a record sheet has left."""
    out = {}
    sheets = sheets_left(scn, outcome)
    for i, unit in enumerate(scn.units):
        attacks: list[dict[str, Any]] = [{
            "support": say(r.strike.source), "arc": r.arc,
            "groups": [{"damage": g.damage, "location": g.location, "armour": g.armour,
                        "critical_check": g.critical} for g in r.groups],
            "damage": sum(g.damage for g in r.groups),
        } for r in outcome if r.strike.unit == i]
        damage = sum(a["damage"] for a in attacks)
        locations = merge_locations((g.key, g.damage) for r in outcome
                                    if r.strike.unit == i for g in r.groups)
        out[unit.id] = {"hit": bool(attacks), "damage": damage, "attacks": attacks,
                        "locations": dict(locations)}
        full, left = Sheet.of(unit), sheets[i]
        if full is not None and left is not None:
            out[unit.id]["record"] = left_of(full, left)
    return out

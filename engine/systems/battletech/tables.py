"""BattleTech Battlefield Support tables (shared/rules/facts.md, "BattleTech" section).

Pure data, no rules: the Battlefield Support table (target numbers and 5-point damage
groups, BT-AIR, BT-BOMB, BT-STRAFE, BT-ART; the seed wins: Heavy Bombing is 5 groups,
BT-RULE.3), the artillery area of effect by ring, the Air Cover numbers, and the 'Mech hit
location and punch tables. Change a number here and every rule follows.
"""

from __future__ import annotations

GROUP_DAMAGE = 5
"""BT-RULE.3: every damage group of the Battlefield Support table is 5 points."""

AIR_STRIKE_TN = {"light_strike": 5, "heavy_strike": 6}
"""BT-AIR: unmodified target numbers (BT-RULE.4)."""

BOMBING_TN = {"light_bombing": 5, "heavy_bombing": 7}
"""BT-BOMB: unmodified target numbers (BT-RULE.4)."""

STRAFING_TN = 7
"""BT-STRAFE."""

ARTILLERY_TN = 8
"""BT-ART: the base artillery target number (BT-ART.4 spotting may lower it)."""

GROUPS = {
    "light_strike": 2,
    "heavy_strike": 4,
    "light_bombing": 3,
    "heavy_bombing": 5,  # the seed (BT-RULE.3); one secondary source says 6
    "strafing": 3,  # per unit hit (BT-STRAFE.3)
}
"""5-point damage groups of each aerospace attack."""

ARTILLERY_RINGS = {
    "thumper": (3, 1),
    "sniper": (4, 2),
    "long_tom": (5, 3, 1),
}
"""Artillery area of effect: damage groups in the target hex, the adjacent ring, radius 2."""

AE_KINDS = frozenset({"light_bombing", "heavy_bombing", "artillery"})
"""Supports of weapon type AE (area effect), for the extra damage to infantry (BT-RULE.6)."""

AIR_COVER = {
    "light": {"light_strike": 3, "light_bombing": 4, "heavy_strike": 9, "strafing": 11,
              "heavy_bombing": 11},
    "heavy": {"light_strike": 9, "light_bombing": 9, "heavy_strike": 5, "strafing": 6,
              "heavy_bombing": 6},
}
"""The defender's 2D6 must reach this number, per Air Cover card and attack type."""

MECH_LOCATIONS: dict[int, tuple[str, str, str]] = {
    2: ("LT", "CT", "RT"),
    3: ("LL", "RA", "RL"),
    4: ("LA", "RA", "RA"),
    5: ("LA", "RL", "RA"),
    6: ("LL", "RT", "RL"),
    7: ("LT", "CT", "RT"),
    8: ("CT", "LT", "CT"),
    9: ("RT", "LL", "LT"),
    10: ("RA", "LA", "LA"),
    11: ("RL", "LA", "LL"),
    12: ("Head", "Head", "Head"),
}
"""'Mech hit location table, 2D6 -> (left side, front/rear, right side). 2 = possible crit."""

PUNCH_LOCATIONS: dict[int, tuple[str, str, str]] = {
    1: ("LT", "LA", "RT"),
    2: ("LT", "LT", "RT"),
    3: ("CT", "CT", "CT"),
    4: ("LA", "RT", "RA"),
    5: ("LA", "RA", "RA"),
    6: ("Head", "Head", "Head"),
}
"""Punch hit location table, 1D6 -> (left side, front/rear, right side) (BT-RULE.5)."""

CRITICAL_ROLL = 2
"""A 2 on the 'Mech hit location table is a possible critical hit."""

TORSOS = frozenset({"LT", "CT", "RT"})
"""Locations with rear armour: hit from the rear arc, they take it on the rear armour."""

COLUMN = {"left": 0, "front": 1, "rear": 1, "right": 2}
"""Which column of a hit location table an attack arc reads."""

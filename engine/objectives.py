"""What Best aim ranks aims by (`engine.aim`), and the words a player picks it by.

An `objective` is one of

- ``damage``: expected enemy damage (wounds for 40K models, MD for Robotech, damage
  points for BattleTech), summed over the enemy units;
- ``destroyed``: expected enemy models or units destroyed (removed);
- ``destroy:<unit id>``: the chance of destroying that one unit;
- ``hits:<N>``: the chance of at least N hits on one enemy unit, the best such unit (a
  40K unit of models counts its models' hits together; per-unit odds cannot add hits
  across units the rules do not couple).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from engine import scenario as scenarios
from engine.candidates import enemy_units
from engine.odds import Odds
from engine.words import DEFAULT_LANG, Lang, Words, msg, say

OBJECTIVES = ("damage", "destroyed")
"""Built-in objectives; ``"destroy:<unit id>"`` and ``"hits:<N>"`` take an argument."""


class ObjectiveError(ValueError):
    """An objective Best aim cannot rank by: `message` says why (``str()`` of it is
    the English)."""

    def __init__(self, message: Words) -> None:
        self.message = message
        super().__init__(say(message))

    def said(self, lang: Lang = DEFAULT_LANG) -> str:
        """The error in `lang`."""
        return say(self.message, lang)


def check_objective(objective: str, unit_ids: Iterable[str]) -> None:
    """Raise `ValueError` saying what is wrong unless `objective` is one this module
    ranks by (module docstring) for a scenario with these units."""
    kind, _, arg = objective.partition(":")
    if objective in OBJECTIVES:
        return
    if kind == "destroy" and arg:
        if arg not in set(unit_ids):
            raise ObjectiveError(msg("render.aim.no_such_unit", objective=repr(objective),
                                     unit=repr(arg)))
        return
    if kind == "hits" and arg.isdigit() and 1 <= int(arg) <= 1000:
        return
    raise ObjectiveError(msg("render.aim.unknown_objective", objective=repr(objective)))


HITS_OFFERED = range(1, 6)
"""The "at least N hits" objectives `offered` (any N up to 1000 is accepted)."""
DESTROY_OFFERED = 40
"""At most this many "destroy <unit>" objectives are offered (the first enemy units of
the document; any unit may be named on the command line)."""


def offered(s: scenarios.Scenario, *, lang: Lang = DEFAULT_LANG) -> list[tuple[str, str]]:
    """Every objective this scenario's attack can be ranked by, with its words for a
    player (said in `lang`): expected enemy damage and units destroyed, at least N hits on
    one enemy unit (N from 1 to 5), and the chance of destroying each enemy unit
    (`DESTROY_OFFERED`)."""
    doc = scenarios.to_dict(s)
    out = [("damage", msg("render.aim.damage")), ("destroyed", msg("render.aim.destroyed"))]
    out += [(f"hits:{n}", msg("render.aim.hits", n=n)) for n in HITS_OFFERED]
    names = {u.id: u.name for u in s.units}
    out += [(f"destroy:{u['id']}", msg("render.aim.destroy", unit=names[u["id"]]))
            for u in enemy_units(doc)[:DESTROY_OFFERED]]
    return [(key, say(words, lang)) for key, words in out]


def _hits_at_least(figures: dict[str, Any], n: int) -> float:
    return float(figures["hits_at_least"].get(str(n), 0.0)) if n else 1.0


def objective_value(odds: Odds, enemies: set[str], objective: str,
                    groups: dict[str, list[str]] | None = None) -> float:
    """The figure an objective ranks by (module docstring); `groups` are the scenario's
    groups of units by unit id (a 40K unit's models)."""
    kind, _, arg = objective.partition(":")
    if objective == "damage":
        return math.fsum(odds.units[u]["expected_damage"] for u in enemies)
    if objective == "destroyed":
        return math.fsum(odds.units[u]["p_destroyed"] for u in enemies)
    if kind == "destroy":
        return float(odds.units[arg]["p_destroyed"])
    n = int(arg)
    grouped = {u for members in (groups or {}).values() for u in members}
    chances = [_hits_at_least(odds.groups[g], n) for g, members in (groups or {}).items()
               if enemies.issuperset(members)]
    chances += [_hits_at_least(odds.units[u], n) for u in enemies - grouped]
    return max(chances, default=0.0)


def spread(odds: Odds, enemies: set[str], objective: str, value: float,
           ids: Sequence[str]) -> float:
    """The standard deviation of one run's objective (Monte Carlo's margin,
    `Scored.margin`; `ids`: the scenario's units in order). Expected damage and units
    destroyed are sums over the enemy units: their deviation is that of each run's own sum,
    read from the runs' joint outcomes (`Odds.sample`; without them, the sum of the units'
    deviations bounds it). A chance's is that of one yes-or-no run."""
    if objective not in OBJECTIVES:
        return math.sqrt(max(0.0, value * (1 - value)))
    if odds.sample is not None:
        at = [i for i, u in enumerate(ids) if u in enemies]
        per_run = [(math.fsum(harm[i].damage if objective == "damage"
                              else harm[i].destroyed for i in at), p)
                   for harm, p in odds.sample.distribution.items()]
        mean = math.fsum(x * p for x, p in per_run)
        return math.sqrt(max(0.0, math.fsum((x - mean) ** 2 * p for x, p in per_run)))
    if objective == "damage":
        return math.fsum(_deviation(odds.units[u]["damage"]) for u in enemies)
    return math.fsum(math.sqrt(p * (1 - p))
                     for u in enemies if 0 < (p := odds.units[u]["p_destroyed"]) < 1)


def _deviation(hist: dict[str, float]) -> float:
    """The standard deviation of a histogram `{value: chance}` (an odds' ``damage``)."""
    mean = math.fsum(int(k) * p for k, p in hist.items())
    return math.sqrt(max(0.0, math.fsum((int(k) - mean) ** 2 * p for k, p in hist.items())))

"""Where to aim (issue 16): every legal aim of the scenario's attack, ranked by its exact odds.

An aim is a change to the attack in the scenario document (`Aim.attack`), so the chosen
aim written into the scenario gives exactly the figures it was ranked by. Candidates per
system, each kept only if the system's `prepare` accepts it (the rules decide legality):

- Horus Heresy: the hole at the points of a `HOLE_COARSE` grid over the base of every
  enemy model (HH-1: over the target's base; HH-3, no friendly model under the marker,
  and range are the rules' checks), all the weapon's shots at it;
- Robotech: every enemy mecha or structure as the target of every missile (RT-2, RT-4)
  and, with Indirect Fire (RT-3), ground points on a `COARSE` grid around the enemy
  mecha and at the centre of every two or three of them close together;
- BattleTech: for each support that is aimed at a hex, every hex within `HEX_REACH` of an
  enemy unit (the others stay as the scenario has them).

Aims at a table point are then refined: in the coarse grid's cells around the `REFINE`
best, the points of the finer `GRID` are tried too.

Scores come from `engine.systems.odds` with exact odds (a candidate whose exact odds are
out of reach is left out, and counted). The `objective` is one of

- ``damage``: expected enemy damage (wounds for 40K models, MD for Robotech, damage
  points for BattleTech), summed over the enemy units;
- ``destroyed``: expected enemy models or units destroyed (removed);
- ``destroy:<unit id>``: the chance of destroying that one unit;
- ``hits:<N>``: the chance of at least N hits on one enemy unit, the best such unit (a
  40K unit of models counts its models' hits together; per-unit odds cannot add hits
  across units the rules do not couple).

Beside it stand the friendly losses: expected friendly damage and expected friendly units
destroyed, and `friendly_risk`. **Friendly risk** is the sum over the firing side's own
units (the firer included) of each unit's chance of being hit at all (`p_hit`), capped at
1: the union bound on the chance that at least one friendly unit is hit, never less than
that chance (the odds are per unit, so the exact chance of "any" is not available), and
equal to it when at most one friendly unit can be hit. A limit on it
(``friendly_risk=0.05``: "no more than 5 % chance to hit my own models") keeps only the
aims within it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine import hexgrid, systems
from engine import scenario as scenarios
from engine.dice import TooManyOutcomes
from engine.errors import ScatterlabError
from engine.odds import Odds

GRID = 0.25
"""Inches between the points tried around the best coarse ones."""
HOLE_COARSE = 0.5
"""Inches between the first hole positions tried over a base (Heresy)."""
COARSE = 1.0
"""Inches between the first ground points tried around the enemy (Robotech Indirect Fire)."""
GROUND_REACH = 2.0
"""How far from an enemy mecha's centre ground points are tried, in inches."""
BETWEEN = 6.0
"""Enemy units at most this far apart (inches) get a ground point at their centre."""
REFINE = 3
"""How many of the best coarse points are refined on the `GRID`."""
HEX_REACH = 2
"""Hexes within this distance of an enemy unit are tried for each support."""
OBJECTIVES = ("damage", "destroyed")
"""Built-in objectives; ``"destroy:<unit id>"`` and ``"hits:<N>"`` take an argument."""


@dataclass(frozen=True)
class Aim:
    """One candidate: what it is in players' words, and the attack fields it sets (a
    value of None removes the field)."""

    label: str
    attack: tuple[tuple[str, Any], ...]
    point: tuple[float, float] | None = None
    """The table point aimed at, if any: the value of attack field `point_key`."""
    point_key: str = ""
    step: float = 0.0
    """The grid step the point was found on (refining looks within half of it)."""

    def moved(self, x: float, y: float, step: float) -> Aim:
        """The same aim at another point of the table."""
        assert self.point is not None
        old = f"({self.point[0]:g}, {self.point[1]:g})"
        attack = tuple((k, _point(x, y) if k == self.point_key else v) for k, v in self.attack)
        return Aim(self.label.replace(old, f"({x:g}, {y:g})"), attack, (x, y),
                   self.point_key, step)

    def apply(self, doc: dict[str, Any]) -> dict[str, Any]:
        """The scenario document with this aim written into its attack (a new dict)."""
        attack = {**doc["attack"]}
        for key, value in self.attack:
            if value is None:
                attack.pop(key, None)
            else:
                attack[key] = value
        return {**doc, "attack": attack}


@dataclass(frozen=True)
class Scored:
    """An aim with its figures: the objective's `value`, what it costs the own side."""

    aim: Aim
    value: float
    enemy_damage: float
    enemy_destroyed: float
    friendly_damage: float
    friendly_destroyed: float
    friendly_risk: float
    odds: Odds

    def to_dict(self) -> dict[str, Any]:
        return {"aim": self.aim.label, "attack": dict(self.aim.attack),
                "value": round(self.value, 6), "enemy_damage": round(self.enemy_damage, 6),
                "enemy_destroyed": round(self.enemy_destroyed, 6),
                "friendly_damage": round(self.friendly_damage, 6),
                "friendly_destroyed": round(self.friendly_destroyed, 6),
                "friendly_risk": round(self.friendly_risk, 6)}


@dataclass(frozen=True)
class Ranking:
    """Every legal aim scored, best first, and how many candidates were left out."""

    scored: tuple[Scored, ...]
    illegal: int
    out_of_reach: int

    def to_dict(self, top: int = 5) -> dict[str, Any]:
        return {"aims": [s.to_dict() for s in self.scored[:top]],
                "candidates": len(self.scored), "illegal": self.illegal,
                "out_of_reach": self.out_of_reach}


def firing_side(doc: dict[str, Any]) -> str:
    """The side that attacks: the firer's (Heresy), the attacker's (Robotech), or the
    turn's (BattleTech)."""
    attack = doc["attack"]
    if doc["system"] == "battletech":
        return str(attack["side"])
    firer = attack.get("firer", attack.get("attacker"))
    return next(str(u["side"]) for u in doc["units"] if u["id"] == firer)


def _enemies(doc: dict[str, Any]) -> list[dict[str, Any]]:
    side = firing_side(doc)
    return [u for u in doc["units"] if str(u["side"]) != side]


def _name(unit: dict[str, Any]) -> str:
    """A unit as a label names it: its name and id, or its id."""
    name = unit.get("name")
    return f"{name} ({unit['id']})" if name and name != unit["id"] else str(unit["id"])


def _grid(x: float, y: float, radius: float, step: float) -> Iterator[tuple[float, float]]:
    """Points of a square grid of `step` through (x, y), within `radius` of it."""
    n = int(radius / step)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if math.hypot(i * step, j * step) <= radius + 1e-9:
                yield round(x + i * step, 4), round(y + j * step, 4)


def _point(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def heresy_aims(doc: dict[str, Any]) -> list[Aim]:
    """The hole over every enemy model's base, on the `HOLE_COARSE` grid (HH-1 to HH-3 are
    checked by the rules); every shot at it."""
    out = []
    for u in _enemies(doc):
        if "base_mm" not in u:
            continue
        radius = u["base_mm"] / 25.4 / 2
        for x, y in _grid(u["x"], u["y"], radius, HOLE_COARSE):
            out.append(Aim(f"hole at ({x:g}, {y:g}) over {_name(u)}",
                           (("target", u["id"]), ("aim", _point(x, y)), ("each_shot", None)),
                           (x, y), "aim", HOLE_COARSE))
    return out


def robotech_targets(doc: dict[str, Any]) -> list[Aim]:
    """Every enemy mecha or structure as the target of the whole attack (RT-2, RT-4)."""
    return [Aim(f"target {_name(u)}", (("targets", [u["id"]]), ("point", None)))
            for u in _enemies(doc)]


def ground_aims(points: Iterable[tuple[float, float]]) -> list[Aim]:
    """Indirect Fire at points of the ground (RT-3)."""
    return [Aim(f"ground at ({x:g}, {y:g})", (("point", _point(x, y)), ("targets", None)),
                (x, y), "point", COARSE) for x, y in points]


def _between(units: list[dict[str, Any]]) -> Iterator[tuple[float, float]]:
    """The centre of every two or three enemy units within `BETWEEN` of each other: where
    one template may cover them all, a spot a coarse grid can step over."""
    for k in (2, 3):
        for group in itertools.combinations(units, k):
            if all(math.hypot(a["x"] - b["x"], a["y"] - b["y"]) <= BETWEEN
                   for a, b in itertools.combinations(group, 2)):
                yield (round(math.fsum(u["x"] for u in group) / k, 4),
                       round(math.fsum(u["y"] for u in group) / k, 4))


def robotech_ground(doc: dict[str, Any]) -> list[Aim]:
    """Ground points on the `COARSE` grid around the enemy and between enemy units, if the
    weapon may fire at the ground (Indirect Fire, RT-3)."""
    if "indirect_fire" not in doc["attack"]["weapon"].get("abilities", []):
        return []
    enemies = _enemies(doc)
    points = {p for u in enemies for p in _grid(u["x"], u["y"], GROUND_REACH, COARSE)}
    return ground_aims(sorted(points | set(_between(enemies))))


def battletech_aims(doc: dict[str, Any]) -> list[Aim]:
    """For each support aimed at a hex, every hex within `HEX_REACH` of an enemy unit."""
    near: set[str] = set()
    for u in _enemies(doc):
        try:
            centre = hexgrid.Hex.from_label(str(u.get("hex", "")))
        except ValueError:
            continue
        for h in hexgrid.disc(centre, HEX_REACH):
            try:
                near.add(hexgrid.to_label(h))
            except ValueError:
                continue
    out = []
    for i, support in enumerate(doc["attack"].get("supports", [])):
        if "target" not in support:
            continue
        for label in sorted(near):
            supports = [dict(s) for s in doc["attack"]["supports"]]
            supports[i]["target"] = label
            name = str(support.get("kind", "support")).replace("_", " ")
            out.append(Aim(f"{name} at {label}", (("supports", supports),)))
    return out


CANDIDATES: dict[str, Callable[[dict[str, Any]], list[Aim]]] = {
    "heresy": heresy_aims,
    "robotech": lambda doc: robotech_targets(doc) + robotech_ground(doc),
    "battletech": battletech_aims,
}


def legal(doc: dict[str, Any], aim: Aim) -> scenarios.Scenario | None:
    """The scenario with `aim`, if it is valid and the rules accept the attack."""
    try:
        s = scenarios.load_dict(aim.apply(doc))
        systems.rules_of(s.system).prepare(s)
    except ScatterlabError:
        return None
    return s


def check_objective(objective: str, unit_ids: Iterable[str]) -> None:
    """Raise `ValueError` saying what is wrong unless `objective` is one this module
    ranks by (module docstring) for a scenario with these units."""
    kind, _, arg = objective.partition(":")
    if objective in OBJECTIVES:
        return
    if kind == "destroy" and arg:
        if arg not in set(unit_ids):
            raise ValueError(f"objective {objective!r}: no unit has the id {arg!r}")
        return
    if kind == "hits" and arg.isdigit() and 1 <= int(arg) <= 1000:
        return
    raise ValueError(f"unknown objective {objective!r}: damage, destroyed, "
                     "destroy:<unit id> or hits:<N> (N from 1 to 1000)")


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


def score(s: scenarios.Scenario, aim: Aim, objective: str = "damage") -> Scored:
    """An aim's exact figures (raises `TooManyOutcomes` where they are out of reach)."""
    doc = scenarios.to_dict(s)
    side = firing_side(doc)
    odds = systems.odds(s, method="exact")
    enemies = {u.id for u in s.units if str(u.side) != side}
    friends = [u.id for u in s.units if str(u.side) == side]
    groups = {name: [s.units[i].id for i in idx]
              for name, idx in systems.groups_of(s).items()}
    return Scored(aim, objective_value(odds, enemies, objective, groups),
                  math.fsum(odds.units[u]["expected_damage"] for u in enemies),
                  math.fsum(odds.units[u]["p_destroyed"] for u in enemies),
                  math.fsum(odds.units[u]["expected_damage"] for u in friends),
                  math.fsum(odds.units[u]["p_destroyed"] for u in friends),
                  min(1.0, math.fsum(odds.units[u]["p_hit"] for u in friends)), odds)


def _rank(doc: dict[str, Any], aims: Iterable[Aim], objective: str
          ) -> tuple[list[Scored], int, int]:
    scored, illegal, out_of_reach = [], 0, 0
    for aim in aims:
        s = legal(doc, aim)
        if s is None:
            illegal += 1
            continue
        try:
            scored.append(score(s, aim, objective))
        except TooManyOutcomes:
            out_of_reach += 1
    return scored, illegal, out_of_reach


def _refined(scored: list[Scored]) -> list[Aim]:
    """The `GRID` points of the coarse cells of the `REFINE` best point aims."""
    best = [r.aim for r in scored if r.aim.point is not None][:REFINE]
    seen = {a.point for r in scored if (a := r.aim).point is not None}
    out: dict[tuple[float, float], Aim] = {}
    for a in best:
        assert a.point is not None
        for q in _grid(*a.point, a.step / 2 * math.sqrt(2), GRID):  # the coarse cell
            if q not in seen and q not in out:
                out[q] = a.moved(*q, GRID)
    return list(out.values())


def rank(s: scenarios.Scenario, *, objective: str = "damage",
         friendly_risk: float | None = None) -> Ranking:
    """Every legal aim of the scenario's attack, best first by `objective` (ties: the
    smaller friendly risk first), keeping only those whose `friendly_risk` is at most
    the limit given. The CLI's ``aim`` command and the page's "Best aim" call this."""
    check_objective(objective, (u.id for u in s.units))
    doc = scenarios.to_dict(s)
    scored, illegal, out_of_reach = _rank(doc, CANDIDATES[s.system](doc), objective)
    scored.sort(key=lambda r: (-r.value, r.friendly_risk))
    more, i, o = _rank(doc, _refined(scored), objective)
    scored, illegal, out_of_reach = scored + more, illegal + i, out_of_reach + o
    if friendly_risk is not None:
        scored = [r for r in scored if r.friendly_risk <= friendly_risk + 1e-12]
    scored.sort(key=lambda r: (-r.value, r.friendly_risk))
    return Ranking(tuple(scored), illegal, out_of_reach)


def aimed(s: scenarios.Scenario, aim: Aim) -> scenarios.Scenario:
    """The scenario with the chosen aim written into its attack."""
    return scenarios.load_dict(aim.apply(scenarios.to_dict(s)))

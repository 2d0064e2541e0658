"""Warhammer 40,000 7th / Horus Heresy: the Blast family (seed 001, clauses HH-1 to HH-20),
as the engine's system interface (`engine.systems`).

The rules themselves, one function per section of the seed, are in `heresy.attack` (the
attack step by step, and as declared), `heresy.gets_hot` (the D6 before each shot),
`heresy.shots` (each shot scattered, the Hits added up), `heresy.resolve` (what the Hits
do, unit by unit), `heresy.scatter` (where the marker lands, whom it covers),
`heresy.zones` (the marker's zones, the profile a model straddling them takes),
`heresy.placement` (hole, range, sight, cover) and `heresy.wounds` (To Wound, Wound Pools,
saves, vehicles); the exact odds in `heresy.odds`.

Options (shared/rules/facts.md; the resolution log states them): ``edition``,
``vehicle_facing``, ``instant_death``, ``pool_order``, ``ones_reroll_gets_hot``,
``allocation``, ``breaching_ap``, ``hole_mm``, ``mega_zones``, ``straddle``: see
engine/scenario/heresy.py.
"""

from __future__ import annotations

from typing import Any

from engine.build.reach import RangeLine
from engine.dice import Dice
from engine.enumeration import Budget, sum_distribution
from engine.errors import IllegalAttack
from engine.geometry import direction
from engine.log import Log
from engine.odds import Harm, Marginals
from engine.scenario import Scenario
from engine.systems.heresy import attack as heresy_attack
from engine.systems.heresy import odds as heresy_odds
from engine.systems.heresy.attack import check_attack, legal, log_setup
from engine.systems.heresy.resolve import Outcome, log_result, model_harm, resolve_hits
from engine.systems.heresy.scatter import Fire, take_aim
from engine.systems.heresy.shots import fire_shots

HeatPoint = dict[str, float]
RING_POINTS = 24


def prepare(scenario: Scenario) -> Fire:
    """The attack aimed and checked (HH-1 to HH-3, HH-11), before any roll; Monte Carlo
    runs reuse it, and exact odds keep their breakpoints in it."""
    fire = take_aim(scenario, legal)
    check_attack(fire)
    return fire


def run(fire: Fire, dice: Dice, log: Log) -> Outcome:
    """Resolve a prepared blast attack once, step by step."""
    if not log.silent:
        log_setup(fire, log)
    outcome = resolve_hits(fire, fire_shots(fire, dice, log), dice, log)
    if not log.silent:
        log_result(fire, outcome, log)
    return outcome


def play(scenario: Scenario, dice: Dice, log: Log) -> Outcome:
    """Resolve the blast attack once, step by step."""
    return run(prepare(scenario), dice, log)


def harm(scenario: Scenario, outcome: Outcome) -> tuple[Harm, ...]:
    return tuple(model_harm(m, r.hits, r.lost, r.glancing, r.penetrating)
                 for m, r in zip(scenario.units, outcome, strict=True))


def effects(scenario: Scenario, outcome: Outcome) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for m, r in zip(scenario.units, outcome, strict=True):
        e: dict[str, Any] = {"unit": m.unit, "hits": r.hits}
        if m.vehicle:
            e |= {"glancing": r.glancing, "penetrating": r.penetrating,
                  "hull_points_lost": r.lost, "wrecked": r.lost >= m.hp}
        else:
            e |= {"wounds": r.wounds, "saved": r.saved, "ignored": r.ignored,
                  "wounds_lost": r.lost, "removed": r.lost >= m.w}
        if r.gets_hot:
            e["gets_hot"] = list(r.gets_hot)
        out[m.id] = e
    return out


def groups(scenario: Scenario) -> dict[str, list[int]]:
    """Unit name -> the indices of its models (a unit is one side's, so names are unique)."""
    grouped: dict[str, list[int]] = {}
    for i, m in enumerate(scenario.units):
        grouped.setdefault(m.unit, []).append(i)
    return grouped


def range_lines(scenario: Scenario) -> tuple[RangeLine, ...]:
    """HH-2: each hole's range line for the board (`engine.build.reach`); none while the attack
    cannot be aimed at all (an ``"auto"`` aim with no legal position, HH-1)."""
    try:
        return heresy_attack.range_lines(take_aim(scenario, legal))
    except IllegalAttack:
        return ()


def marginals(scenario: Scenario, budget: Budget, fire: Fire | None = None) -> Marginals:
    """The exact harm of every 40K unit (one block each); see `heresy.odds`."""
    return heresy_odds.marginals(prepare(scenario) if fire is None else fire, budget)


def landing(scenario: Scenario) -> list[HeatPoint]:
    """Where the first scatter of the first shot leaves the hole: the aim point with
    P(no move), then for each distance a ring of points sharing its probability (off-table
    points, the complete misses of HH-6, are left out; re-rolls are not shown)."""
    fire = prepare(scenario)
    aim, bs = fire.shots[0].aim, fire.attack.bs
    table = scenario.board.table
    moves = {s - bs: p * 2 / 3 for s, p in sum_distribution(2, 6) if s > bs}
    still = 1.0 - sum(moves.values())
    points = [{"x": aim.x, "y": aim.y, "p": round(still, 6)}]
    for dist, p in moves.items():
        for k in range(RING_POINTS):
            c = aim + direction(360.0 * k / RING_POINTS) * dist
            if table.contains(c.x, c.y):
                points.append({"x": round(c.x, 3), "y": round(c.y, 3),
                               "p": round(p / RING_POINTS, 6)})
    return points

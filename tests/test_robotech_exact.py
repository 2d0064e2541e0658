"""Exact Robotech volleys at table size (issue 24): the fold of declaring shooters by
inclusion and exclusion (`robotech.survivors`) against every dice outcome of `play` on
small attacks of each policy and option, against the per-key fold it replaces wherever
that one is reachable, and against a seeded Monte Carlo of 200,000 runs on the crowded
volley of the suite (RT-11, RT-17 to RT-20).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from test_robotech import attacker, build, unit, volley
from test_robotech_odds import random_attack, reference

from engine import scenario as scenarios
from engine import systems
from engine.enumeration import Budget, Distribution
from engine.errors import IllegalAttack
from engine.montecarlo import estimate
from engine.odds import Harm, Marginals, blocks_of, partition
from engine.scenario import Scenario
from engine.systems.robotech import legality
from engine.systems.robotech import odds as ro

ROOT = Path(__file__).parent.parent
CROWD = ROOT / "tests" / "suite" / "robotech-crowded-volley-4.json"
RUNS = 200_000


def load(path: Path) -> Scenario:
    return scenarios.loads(path.read_text(encoding="utf-8"))


def declaring_only(s: Scenario) -> bool:
    """Does every unit's marginal take the new fold (no shooter deciding in turn coupled to
    it, and no side's pool that may run short)?"""
    plan = legality.prepare(s)
    return not ro.pool_binds(plan) and not any(
        any(ro.View.of(plan, i, Budget()).turn) for i in range(len(plan.units)))


def assert_same(m: Marginals, ref: Marginals, tol: float = 1e-9) -> None:
    for mine, theirs in zip(m, ref, strict=True):
        assert mine.units == theirs.units
        for o in set(dict(mine.dist.items())) | set(dict(theirs.dist.items())):
            assert mine.dist[o] == pytest.approx(theirs.dist[o], abs=tol), (mine.units, o)


def exact(s: Scenario, keyed: bool = False) -> Marginals:
    return ro.marginals(s, Budget(states=10**7, steps=10**10, seconds=600), keyed=keyed)


# -- against every dice outcome ----------------------------------------------------------------

PAIR = [attacker(), unit("r1", 30, 24, cp=2, mdc=12), unit("r2", 32.5, 25, cp=1, pil=3, mdc=9)]
TRIO = [*PAIR, unit("r3", 29, 27, cp=2, df=6)]
APART = [*PAIR, unit("r3", 36, 26, cp=2)]
"""r1 and r3 may stand under one 5" template, but no landing of a missile at r1 covers both."""

SMALL: dict[str, dict[str, Any]] = {
    "best, defaults": {"units": PAIR, "weapon": volley(2), "reactions": {"default": "best"}},
    "best, would-damage, not for others, missile halves": {
        "units": PAIR, "weapon": volley(2), "reactions": {"default": "best"},
        "options": {"shoot_down_by": "would-damage", "shoot_for_others": False,
                    "impact_halves": "missile"}},
    "order and keep, shoot and dodge, natural rolls": {
        "units": PAIR, "weapon": volley(2),
        "reactions": {"r1": {"order": ["shoot_down", "dodge", "roll_with_impact"]},
                      "r2": {"order": ["dodge", "shoot_down"], "keep_cp": 0}},
        "options": {"shoot_and_dodge": True, "natural_rolls": True}},
    "best, overwhelming, templates counted as would-damage": {
        "units": PAIR, "weapon": volley(2, "overwhelming"), "reactions": {"default": "best"},
        "options": {"inescapable_count": "would-damage"}},
    "split volley, one template on a whole miss, half damage": {
        "units": PAIR, "weapon": volley(2), "targets": ["r1", "r2"],
        "reactions": {"default": "best"},
        "options": {"split_volley_miss": "single", "volley_miss_damage": "half"}},
    "inescapable, order with one CP kept": {
        "units": PAIR, "weapon": volley(2, "inescapable"),
        "reactions": {"default": {"order": ["shoot_down", "roll_with_impact"], "keep_cp": 1}}},
    "a side's pool that cannot run short": {
        "units": PAIR, "weapon": volley(2), "reactions": {"default": "best"},
        "options": {"command_points": "side"}, "cp": {"red": 12}},
    "one missile over three, best": {
        "units": TRIO, "weapon": volley(1), "reactions": {"default": "best"}},
    "two missiles, two shooters never under one landing": {
        "units": APART, "weapon": volley(2), "reactions": {"default": "best"}},
}


def small(case: dict[str, Any]) -> Scenario:
    s = build(case["units"], weapon=case["weapon"], targets=case.get("targets"),
              reactions=case["reactions"], options=case.get("options"))
    if "cp" in case:  # each side's pool given (``attack.cp``)
        s = dataclasses.replace(s, attack=dataclasses.replace(s.attack, cp=case["cp"]))
    return s


@pytest.mark.parametrize("name", list(SMALL))
def test_rt_11_declared_shoot_downs_equal_the_joint_reference_of_every_outcome(name: str) -> None:
    """`reference`: every missile's every outcome combined as multisets of whole records,
    every shoot-down and defence die through the rules' own functions, no views."""
    s = small(SMALL[name])
    assert declaring_only(s)
    assert_same(exact(s), blocks_of(reference(s), partition(len(s.units))), tol=1e-12)


def test_rt_11_a_shooter_that_can_bring_down_no_missile_over_the_unit_is_not_followed() -> None:
    """Issue 24: r3 may stand under one template with r1 (coupled), but no landing covers
    both, so r1's fold leaves r3's shoot-down out, and r3's leaves r1's (`View.narrowed`);
    the odds still equal every outcome's (the case of SMALL above)."""
    s = small(SMALL["two missiles, two shooters never under one landing"])
    plan = legality.prepare(s)
    budget = Budget()
    missiles, single = ro.volley(plan, budget)
    outcomes = [m.outcomes for m in missiles]
    views = [ro.View.of(plan, i, budget) for i in range(len(s.units))]
    assert [v.shooters for v in views] == [(), (1, 2, 3), (1, 2, 3), (1, 2, 3)]
    assert [v.narrowed(plan, outcomes, single).shooters for v in views] == [
        (), (1, 2), (1, 2, 3), (2, 3)]


GENERIC = ["one missile over three, best", "best, defaults"]


@pytest.mark.parametrize("name", GENERIC)
def test_rt_11_declared_shoot_downs_equal_every_dice_path_of_play(name: str) -> None:
    """The generic enumeration: `play` run on every dice path (a few hundred thousand for
    two missiles)."""
    s = small(SMALL[name])
    joint = systems.joint(s, budget=3_000_000)
    assert_same(exact(s), blocks_of(joint, partition(len(s.units))), tol=1e-12)


# -- against the per-key fold ------------------------------------------------------------------

REACHABLE = [*sorted(ROOT.glob("web/demos/*robotech*.json")),
             *sorted(ROOT.glob("tests/suite/robotech-split-*.json")), CROWD]


@pytest.mark.parametrize("path", REACHABLE, ids=lambda p: p.stem)
def test_rt_17_the_new_fold_equals_the_per_key_fold_wherever_that_one_is_reachable(
        path: Path) -> None:
    s = load(path)
    assert_same(exact(s), exact(s, keyed=True), tol=1e-12)


@pytest.mark.parametrize("seed", range(40))
def test_rt_11_the_new_fold_equals_the_per_key_fold_on_random_small_attacks(seed: int) -> None:
    attack = random_attack(random.Random(1000 + seed))
    try:
        s = build(attack["units"], weapon=attack["weapon"], targets=attack["targets"],
                  reactions=attack["reactions"] or {"r0": "best"}, options=attack["options"])
        legality.prepare(s)
    except IllegalAttack:
        pytest.skip("the draw is an illegal attack")
    assert_same(exact(s), exact(s, keyed=True), tol=1e-12)


def test_the_crowded_volley_and_its_fold_are_in_reach_and_sum_to_one() -> None:
    s = load(CROWD)
    assert declaring_only(s)
    odds = systems.odds(s)
    assert odds.method == "exact"
    for block in ro.marginals(s, Budget()):
        assert block.dist.total() == pytest.approx(1.0, abs=1e-12)
        assert all(p > 0 for _, p in block.dist.items())


# -- against a seeded Monte Carlo of 200,000 runs ------------------------------------------------


EVENTS: dict[str, Callable[[Harm], bool]] = {
    "p_hit": lambda h: h.hits > 0, "p_damaged": lambda h: h.damage > 0,
    "p_destroyed": lambda h: h.destroyed}


def events(dist: Distribution[Harm]) -> dict[str, Callable[[Harm], bool]]:
    """Every probability the odds report of one unit, as an event: p_hit, p_damaged,
    p_destroyed and each value and "at least" tail of its damage and of its hits."""
    out = dict(EVENTS)
    for v in {h.damage for h, _ in dist.items()}:
        out[f"damage={v}"] = lambda h, v=v: h.damage == v
        out[f"damage>={v}"] = lambda h, v=v: h.damage >= v
    for v in {h.hits for h, _ in dist.items()}:
        out[f"hits={v}"] = lambda h, v=v: h.hits == v
        out[f"hits>={v}"] = lambda h, v=v: h.hits >= v
    return out


def half_sample(seed: int) -> list[Distribution[Harm]]:
    """Half the runs, seeded: each unit's sampled harm."""
    s = load(CROWD)
    sample = estimate(systems.sampler(s), RUNS // 2, seed=seed).distribution
    return [sample.map(lambda o, i=i: o[i]) for i in range(len(s.units))]


def test_every_figure_of_the_crowded_volley_is_within_4_standard_errors_of_200k_runs() -> None:
    """Two seeded halves of 100,000 runs (one per core), pooled; each exact figure p is
    within 4 standard errors sqrt(p (1 - p) / n) of the sample, plus one run's share (a
    figure the sample never saw is then still a pass when p is below a few in n)."""
    s = load(CROWD)
    with ProcessPoolExecutor(max_workers=2) as pool:
        halves = list(pool.map(half_sample, (24, 25)))
    m = ro.marginals(s, Budget())
    checked = 0
    for i in range(len(s.units)):
        mine = m[i].harm_of(0)
        for name, event in events(mine).items():
            p = mine.probability(event)
            q = sum(h[i].probability(event) for h in halves) / 2
            allowed = 4 * math.sqrt(max(0.0, p * (1 - p)) / RUNS) + 1 / RUNS
            assert abs(p - q) <= allowed, f"{s.units[i].id} {name}: exact {p}, sample {q}"
            checked += 1
    assert checked > 100

"""Exact Heresy odds for the whole Blast family over several units (issue 24.2): the per-unit
fold of `heresy.odds`, whose Wounds lost are folded die by die in Wound Pool order
(`heresy.allocation`: zone by zone, AP by AP, source by source), against

- the brute-force enumeration of every dice outcome of the rules themselves: the To Wound
  rolls and allocation of `heresy.resolve` for units under several Mega-blast markers
  (each its own source, HH-14), with Breaching's second AP (HH-16), both pool orders, the
  defender's allocation, Wounds, Feel No Pain and cover from each centre; and `play` over
  every dice path (`systems.joint`) on small attacks of every marker (Blast, Large,
  Massive, Apocalyptic, Mega-blast), several shots over several units;
- a seeded Monte Carlo of 100,000 runs on a table-size suite file: every probability the
  odds report within 4 standard errors of its sampled frequency.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engine import scenario as scenarios
from engine.enumeration import Budget, Distribution, enumerate_outcomes, tree_size
from engine.geometry import Point
from engine.montecarlo import estimate
from engine.odds import Outcome, blocks_of, partition, summarize
from engine.systems import exact, groups_of, heresy, joint, sampler
from engine.systems.heresy.allocation import wounds_lost
from engine.systems.heresy.resolve import plan_unit, roll_to_wound
from engine.systems.heresy.scatter import hits_at
from engine.systems.heresy.shots import SILENT, member_hits, unit_shot
from engine.systems.heresy.wounds import wound_unit
from tests.test_heresy import doc, marine, rhino
from tests.test_suite import _figures, assert_same_marginals

MEGA = {"blast": 10, "range": 60, "mega": [[8, 2], [5, 4], [3, 6]]}
INNER_ONLY = {"blast": 10, "range": 60, "mega": [[9, 2], [1, None], [1, None]]}
"""Against T5 only the inner zone's S9 wounds (S1 cannot, HH-8): few dice to enumerate."""
BREACHING = {**INNER_ONLY, "mega": [[9, 4], [1, None], [1, None]], "breaching": 4}
"""Breaching's AP 2 on 4+ beside the inner zone's AP 4: two pools of one zone (HH-16)."""
ROW = [(30.0, 24.0), (32.0, 24.0), (34.0, 24.0)]

# -- the wounds of a unit under several markers, against every dice outcome --------------------

WOUNDS = {
    "two-sources-three-zones": (MEGA, {}, {"sv": None}, [(30, 24), (34, 24)], 3),
    "three-sources-wounds-feel-no-pain": (INNER_ONLY, {}, {"t": 5, "w": 2, "fnp": 5,
                                                           "sv": None},
                                          [(30, 24), (30.5, 24), (29.5, 24)], 1),
    "breaching-second-ap": (BREACHING, {}, {"t": 5, "sv": 3}, [(30, 24), (34, 24)], 3),
    "breaching-worst-first": (BREACHING, {"pool_order": "worst-first"}, {"t": 5, "sv": 3},
                              [(30, 24), (34, 24)], 3),
    "worst-first-three-zones": (MEGA, {"pool_order": "worst-first"}, {"sv": None},
                                [(31, 24), (34, 24)], 3),
    "defenders-choice": (INNER_ONLY, {"allocation": "defender"}, {"t": 5, "w": 2, "sv": 5},
                         [(30, 24), (34, 24)], 2),
    "cover-from-each-centre": (INNER_ONLY, {}, {"t": 5, "sv": None},
                               [(30, 21), (34, 27)], 3),
}
COVER = [{"points": [[31, 22.8], [33, 22.8], [33, 25.2], [31, 25.2]], "cover": 4}]


def wounds_case(name: str) -> tuple[Any, Any]:
    """A unit of models in a row under Mega-blast markers at the given centres: the fire
    and the unit's plan (its tally of every marker, HH-9, HH-14)."""
    weapon, options, profile, centres, n = WOUNDS[name]
    units = [marine(f"m{k}", x, y, **profile) for k, (x, y) in enumerate(ROW[:n])]
    d = doc(units, weapon=weapon, options=options)
    if name.startswith("cover"):
        d["terrain"] = COVER
    fire = heresy.prepare(scenarios.load_dict(d))
    u = 1  # the firer's unit comes first (`doc`)
    views = [unit_shot(fire, u, hits_at(fire, Point(x, y))) for x, y in centres]
    tally = tuple(sorted(v for v in views if v is not None))
    return fire, plan_unit(fire, u, tally, member_hits(fire, u, tally), ())


@pytest.mark.parametrize("name", WOUNDS)
def test_hh_13_hh_14_wounds_folded_in_pool_order_equal_every_dice_outcome(name: str) -> None:
    """HH-8, HH-13, HH-14, HH-16: the fold's Wounds lost per model equal `roll_to_wound`
    and `wound_unit` (all To Wound dice, then every pool allocated in order) run over
    every dice outcome, to 1e-12."""
    fire, plan = wounds_case(name)
    assert len(plan.sources.orders) >= 2 and plan.rolls
    models = tuple(fire.models[i] for i in plan.infantry)

    def rules(d: Any) -> tuple[int, ...]:
        wounds = roll_to_wound(fire, plan, d, SILENT)
        return wound_unit(models, plan.sources, plan.lost, wounds, fire.options, d, SILENT,
                          plan.name)[0]

    want = enumerate_outcomes(rules, budget=500_000)
    got = wounds_lost(fire, plan, Budget())
    assert len(want) > 2
    for lost in {o for o, _ in want.items()} | {o for o, _ in got.items()}:
        assert got[lost] == pytest.approx(want[lost], abs=1e-12), (name, lost)


# -- whole attacks, against `play` over every dice path ---------------------------------------

PATHS = 60_000
"""Dice paths a whole-attack case may follow (a few seconds each)."""
AT_EACH = [{"target": "a"}, {"target": "b"}]


def pair(dx: float, unit: str = "beta", **kw: object) -> list[dict]:
    return [marine("a", 30, 24, unit="alpha", sv=None, **kw),
            marine("b", 30 + dx, 24, unit=unit, sv=None, **kw)]


ATTACKS = {
    "blast-two-shots-two-units": doc(pair(4), bs=10, weapon={"shots": 2}, each_shot=AT_EACH),
    "large-two-shots-two-units": doc(pair(5.5), bs=10, each_shot=AT_EACH,
                                     weapon={"shots": 2, "blast": 5, "s": 5, "ap": 4}),
    "massive-two-units-and-a-rhino": doc(pair(3) + [rhino("r", 33, 28)], bs=10,
                                         weapon={"blast": 7, "s": 8, "ap": 3}),
    "apocalyptic-two-units-and-a-rhino": doc(pair(6) + [rhino("r", 33, 30)], bs=10,
                                             weapon={"blast": 10, "s": 3, "ap": 4,
                                                     "range": 60}),
    "mega-two-shots-two-units": doc(pair(5, t=5), bs=10, weapon={**INNER_ONLY, "shots": 2},
                                    each_shot=AT_EACH),
    "mega-two-shots-breaching-worst-first": doc(
        [marine("a", 30, 24, sv=4, t=5)], bs=10, weapon={**BREACHING, "shots": 2},
        options={"pool_order": "worst-first"}),
}


@pytest.mark.parametrize("name", ATTACKS)
def test_hh_9_hh_12_exact_odds_equal_every_dice_path_of_play(name: str) -> None:
    """HH-7, HH-9, HH-12 to HH-16: each model's own harm and each unit's (Hits, models
    removed) from the exact odds equal `play` run over every dice path, to 1e-9."""
    s = scenarios.load_dict(ATTACKS[name])
    assert tree_size(sampler(s)) <= PATHS, "the case is past this test's dice paths"
    reference = blocks_of(joint(s, Budget(2 * PATHS, seconds=120)),
                          partition(len(s.units), heresy.groups(s)))
    assert_same_marginals(heresy.marginals(s, Budget()), reference)


# -- a table-size suite file, against 100,000 seeded runs -----------------------------------

MC_FILE = Path(__file__).parent / "suite" / "heresy-three-large-blasts-three-squads.json"
MC_RUNS = 100_000
STANDARD_ERRORS = 4


def half_sample(seed: int) -> Distribution[Outcome]:
    """Half of the 100,000 runs, from its own seed (run in a worker)."""
    s = scenarios.loads(MC_FILE.read_text(encoding="utf-8"))
    sample = estimate(sampler(s), MC_RUNS // 2, seed=seed)
    assert sample.trials == MC_RUNS // 2
    return sample.distribution


def test_hh_9_three_large_blasts_over_three_squads_agree_with_100000_runs() -> None:
    """Three Large Blasts over three ten-model squads (HH-9, HH-12): every probability the
    exact odds report (each model's hit, damaged, destroyed and "at least N" of its Hits
    and Wounds lost, each unit's "at least N" Hits and models removed) lies within 4
    standard errors of its frequency over 100,000 seeded runs (two halves of two seeds,
    one per core; a standard error of at least one run in 100,000, so that a figure of
    nearly 0 or 1 is not held to zero)."""
    s = scenarios.loads(MC_FILE.read_text(encoding="utf-8"))
    ids = [u.id for u in s.units]
    groups = groups_of(s)
    want = _figures(*summarize(exact(s, Budget()), ids, groups))
    seed = s.seed or 0
    with ProcessPoolExecutor(2) as pool:
        halves = list(pool.map(half_sample, (seed, seed + 1)))
    runs = Distribution((o, p / 2) for half in halves for o, p in half.items())
    got = _figures(*summarize(blocks_of(runs, partition(len(ids), groups)), ids, groups),
                   like=want)
    outside = [(name, p, got[name]) for name, p in want.items()
               if abs(got[name] - p) > STANDARD_ERRORS * max(
                   math.sqrt(p * (1 - p) / MC_RUNS), 1 / MC_RUNS)]
    assert len(want) > 100
    assert not outside, f"{len(outside)} of {len(want)} figures outside: {outside[:5]}"

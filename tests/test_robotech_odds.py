"""Exact odds of the Robotech Blast rule: hand calculations, the generic enumeration, an
unbundled reference for volleys, 200,000 seeded resolutions per demo, and speed."""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from test_robotech import ALL, GRENADE, attacker, build, unit, volley

from engine import scenario as scenarios
from engine import systems
from engine.dice import Distribution, combine, enumerate_outcomes, estimate
from engine.log import SilentLog
from engine.odds import Harm
from engine.scenario import Scenario
from engine.systems import robotech as rt
from engine.systems import robotech_odds as ro

DEMOS = sorted(Path(__file__).parent.parent.glob("web/demos/robotech-*.json"))
TRIALS = 200_000


def load(path: Path) -> Scenario:
    return scenarios.loads(path.read_text(encoding="utf-8"))


def damage_odds(dist: Distribution[tuple[Harm, ...]], index: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for outcome, p in dist.items():
        out[outcome[index].damage] = out.get(outcome[index].damage, 0.0) + p
    return out


def test_single_shot_at_a_structure_by_hand() -> None:
    # Strike D6 + 2: faces 3-6 hit (2/3) and reach DF 4: full 6. Faces 1-2 scatter; only
    # 2D6 of 2 or 3 (3/36) keeps the template on the 60 mm structure (2.5 + 1.18"); then
    # the new Strike D6 + 1 reaches DF 4 on faces 3-6 (4/6): half, 3.
    s = build([attacker(x=10), {**unit("s1", 30, 24), "kind": "structure", "df": 4,
                                "base_mm": 60}], weapon={**GRENADE, "range": 24}, targets=["s1"])
    odds = damage_odds(rt.exact(s), 1)
    assert odds[6] == pytest.approx(2 / 3, abs=1e-12)
    assert odds[3] == pytest.approx(2 / 6 * 3 / 36 * 4 / 6, abs=1e-12)
    assert odds[0] == pytest.approx(1 - 2 / 3 - 1 / 54, abs=1e-12)
    fig = systems.odds(s).units["s1"]
    assert fig["expected_damage"] == pytest.approx(4 + 3 / 54, abs=1e-6)


def test_single_shot_at_a_dodging_mecha_by_hand() -> None:
    # Strike totals 5, 6, 7, 8 (faces 3-6) each 1/6; Dodge D6 + PIL 2 fails with
    # probability 2/6, 3/6, 4/6, 5/6 (a natural 6 always dodges). After a scatter of 2-3"
    # (3/36) the new Strike totals 5, 6, 7 (faces 4-6) must not be dodged: 2/6, 3/6, 4/6.
    s = build([attacker(), unit("r1", 30, 24, cp=1)], reactions={"default": ALL})
    odds = damage_odds(rt.exact(s), 1)
    assert odds[6] == pytest.approx((2 + 3 + 4 + 5) / 36, abs=1e-12)
    assert odds[3] == pytest.approx(2 / 6 * 3 / 36 * (2 + 3 + 4) / 36, abs=1e-12)


@pytest.mark.parametrize("path", [p for p in DEMOS if load(p).attack.weapon.volley == 1]
                         + [Path(__file__).parent / "scenarios" / "robotech.json"], ids=str)
def test_exact_is_the_generic_enumeration_of_play_for_single_shots(path: Path) -> None:
    s = load(path)
    generic = enumerate_outcomes(systems.sampler(s))
    exact = rt.exact(s)
    for outcome in set(dict(generic.items())) | set(dict(exact.items())):
        assert exact[outcome] == pytest.approx(generic[outcome], abs=1e-12)


def unbundled(s: Scenario) -> Distribution[tuple[Harm, ...]]:
    """Reference: every combination of missile outcomes, one by one, no bundling."""
    plan = rt.prepare(s)
    silent = SilentLog()

    def reactions(records: list[rt.Record]) -> Distribution[tuple[Harm, ...]]:
        def go(d: Any) -> tuple[Harm, ...]:
            shot = rt.shoot_down(plan, records, d, silent)
            left = rt.surviving(plan, records, shot.alive)
            hits = rt.hit_counts(records)
            return tuple(Harm(hits[i], rt.defend(plan, i, left[i], shot.spent[i], d,
                                                 silent).damage)
                         for i in range(len(plan.units)))
        return enumerate_outcomes(go)

    joint = combine([f.map(lambda o: (o[0], o[1].record)) for f in ro.flights(plan)], (),
                    lambda t, o: (*t, o))
    whole = rt.whole_volley_rule(plan)
    missed = joint.probability(lambda j: whole and all(m for m, _ in j))
    some = Distribution([(j, p) for j, p in joint.items() if not (whole and all(m for m, _ in j))])
    single = ro.single_scatter(plan).bind(lambda landed: reactions([landed.record]))
    return Distribution(list(some.bind(lambda j: reactions([r for _, r in j])).items())
                        + [(o, p * missed) for o, p in single.items()])


@pytest.mark.parametrize(("targets", "options"), [
    (["r1"], {}),
    (["r1", "r2"], {}),
    (["r1", "r2"], {"split_volley_miss": "single", "impact_halves": "missile",
                    "volley_miss_damage": "half"}),
])
def test_bundled_volley_odds_equal_the_unbundled_reference(targets: list[str],
                                                           options: dict[str, Any]) -> None:
    units = [attacker(), unit("r1", 30, 24, cp=2), unit("r2", 32, 27, cp=1, pil=3)]
    s = build(units, weapon=volley(2), targets=targets, reactions={"default": ALL},
              options=options)
    ref = unbundled(s)
    exact = rt.exact(s)
    assert exact.total() == pytest.approx(1.0, abs=1e-12)
    for outcome in set(dict(ref.items())) | set(dict(exact.items())):
        assert exact[outcome] == pytest.approx(ref[outcome], abs=1e-12)


@pytest.mark.parametrize("targets", [["r1"], ["r1", "r2"]])
def test_bundled_odds_with_a_shooter_its_df_protects_equal_the_reference(
        targets: list[str]) -> None:
    # r1 (DF 7) is under the templates without being damaged by a Strike below 7: it may
    # still shoot them down for r2 (RT-11); r2 shoots for free with Anti-Missile.
    units = [attacker(), unit("r1", 30, 24, df=7, cp=2), unit("r2", 32, 25.5, cp=1, pil=3,
                                                                anti_missile=True)]
    s = build(units, weapon=volley(2), targets=targets, reactions={"default": ALL},
              options={"natural_rolls": False})
    ref = unbundled(s)
    exact = rt.exact(s)
    for outcome in set(dict(ref.items())) | set(dict(exact.items())):
        assert exact[outcome] == pytest.approx(ref[outcome], abs=1e-12)


EVENTS = {"p_hit": lambda i: lambda o: o[i].hits > 0,
          "p_damaged": lambda i: lambda o: o[i].damage > 0}


def sampled(path: Path) -> dict[tuple[int, str], float]:
    """200,000 seeded resolutions (`systems.sampler`, as the Monte Carlo fallback runs
    them): each unit's sampled p_hit and p_damaged."""
    s = load(path)
    sample = estimate(systems.sampler(s), TRIALS, seed=2024)
    return {(i, name): sample.distribution.probability(event(i))
            for i in range(len(s.units)) for name, event in EVENTS.items()}


def wilson(p: float, n: int, z: float) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_exact_odds_agree_with_200000_seeded_resolutions_on_every_demo() -> None:
    """Every exact figure inside its sample's 95 % interval, family-wise: the figures of
    all the demos are many (and correlated), so each gets the Bonferroni interval."""
    with ProcessPoolExecutor(max_workers=2) as pool:  # the demos two at a time
        samples = dict(zip(DEMOS, pool.map(sampled, DEMOS), strict=True))
    z = NormalDist().inv_cdf(1 - 0.025 / sum(len(f) for f in samples.values()))
    for path, figures in samples.items():
        s = load(path)
        exact = rt.exact(s)
        for (i, name), q in figures.items():
            p = exact.probability(EVENTS[name](i))
            lo, hi = wilson(q, TRIALS, z)
            assert lo - 1e-9 <= p <= hi + 1e-9, (
                f"{path.stem} {s.units[i].id} {name}: exact {p}, sample {q} [{lo}, {hi}]")


def test_four_missile_volley_is_exact_in_well_under_a_second() -> None:
    s = load(Path(__file__).parent.parent / "web/demos/robotech-derringer-volley.json")
    start = time.perf_counter()
    odds = systems.odds(s, method="exact")
    assert time.perf_counter() - start < 1.0
    assert odds.method == "exact"
    assert sum(odds.units["r1"]["damage"].values()) == pytest.approx(1.0, abs=1e-5)


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_landing_shares_sum_to_one(path: Path) -> None:
    marks = rt.landing(load(path))
    assert sum(m["p"] for m in marks) == pytest.approx(1.0, abs=1e-4)


def test_landing_of_a_single_shot_puts_the_hit_chance_on_the_target() -> None:
    s = build([attacker(), unit("r1", 30, 24)])
    on_target = [m["p"] for m in rt.landing(s) if (m["x"], m["y"]) == (30, 24)]
    assert on_target == [pytest.approx(2 / 3, abs=1e-6)]


def test_a_crowded_volley_falls_back_to_monte_carlo_and_says_so() -> None:
    units = [attacker(), unit("r1", 30, 24, cp=3), unit("r2", 32, 24.5, cp=3, pil=3),
             unit("r3", 29, 26, cp=3), unit("r4", 31, 21.5, cp=2), unit("r5", 34, 27, cp=1),
             {**unit("s1", 27, 23), "kind": "structure"}]
    s = build(units, weapon=volley(4), reactions={"default": ALL})
    odds = systems.odds(s, trials=2000)
    assert odds.method == "monte-carlo" and "too large" in odds.note


def test_too_many_shoot_down_outcomes_fall_back_to_monte_carlo_and_say_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    units = [attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24.5, cp=1)]
    s = build(units, weapon=volley(2), reactions={"default": ALL})
    assert systems.odds(s).method == "exact"
    monkeypatch.setattr(ro, "SHOT_BUDGET", 10)
    odds = systems.odds(s, trials=2000)
    assert odds.method == "monte-carlo" and odds.trials == 2000
    assert "shoot-down outcome" in odds.note and "Monte Carlo with 2000 runs" in odds.note
    assert "ci" in odds.units["r1"]

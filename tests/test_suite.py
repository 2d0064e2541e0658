"""The odds protocol on every demo and every table-size suite scenario (issue 11).

- Each system's exact marginals (`systems.exact`) agree to 1e-9 with the generic
  enumeration of its rules (`systems.joint`: `play` over every dice path) on every demo
  whose dice tree is small enough to enumerate path by path.
- Seeded Monte Carlo agrees with the exact figures on every suite scenario
  (`tests/suite/*.json`): no figure's sampled frequency is further from the exact one
  than a Chernoff bound allows at 5 %, Bonferroni-corrected over the scenario's figures
  and their two sides, so correct odds pass at least 95 % of the time per file (in fact
  far more: the bound is conservative), rare tails included.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.enumeration import Budget, Distribution, TooManyOutcomes, tree_size
from engine.errors import IllegalAttack
from engine.montecarlo import estimate
from engine.odds import Block, Harm, Marginals, blocks_of, partition, summarize

ROOT = Path(__file__).parents[1]
DEMOS = sorted((ROOT / "web" / "demos").glob("*.json"))
SUITE = sorted((ROOT / "tests" / "suite").glob("*.json"))
JOINT_PATHS = 30_000
"""Dice paths the generic enumeration may follow in this test (about 1 to 3 s)."""
MC_TRIALS = 20_000
MC_SECONDS = 3.0
"""Monte Carlo per suite scenario: 20,000 runs, or fewer if they take longer than this
(a time cap does not bias the sample: when it stops does not depend on what it saw)."""


def load(path: Path) -> scenarios.Scenario:
    return scenarios.loads(path.read_text(encoding="utf-8"))


def _core(dist: Distribution[Harm]) -> Distribution[tuple[int, int, bool]]:
    """A unit's harm without the locations (exact code may store their expectation)."""
    return dist.map(lambda h: (h.hits, h.damage, h.destroyed))


def _by_location(dist: Distribution[Harm]) -> dict[str, float]:
    out: dict[str, float] = {}
    for harm, p in dist.items():
        for loc, dmg in harm.locations:
            out[loc] = out.get(loc, 0.0) + p * dmg
    return out


def _same(a: Distribution, b: Distribution, where: object) -> None:
    for outcome in {o for o, _ in a.items()} | {o for o, _ in b.items()}:
        assert a[outcome] == pytest.approx(b[outcome], abs=1e-9), (where, outcome)


def assert_same_marginals(got: Marginals, want: Marginals) -> None:
    """Every unit's own harm and every block's totals agree (the joint, too, where both
    sides hold it)."""
    assert [b.units for b in got] == [b.units for b in want]
    for g, w in zip(got, want, strict=True):
        whole = tuple(range(len(g.units)))
        _same(g.totals_of(whole), w.totals_of(whole), g.units)
        if isinstance(g, Block) and isinstance(w, Block):
            _same(g.dist.map(lambda o: tuple((h.hits, h.damage, h.destroyed) for h in o)),
                  w.dist.map(lambda o: tuple((h.hits, h.damage, h.destroyed) for h in o)),
                  g.units)
        for pos in whole:
            _same(_core(g.harm_of(pos)), _core(w.harm_of(pos)), (g.units, pos))
            ga, wa = _by_location(g.harm_of(pos)), _by_location(w.harm_of(pos))
            assert ga.keys() == wa.keys()
            assert all(ga[k] == pytest.approx(wa[k], abs=1e-9) for k in ga)


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_exact_marginals_equal_the_generic_enumeration_on_every_demo(path: Path) -> None:
    s = load(path)
    try:
        paths = tree_size(systems.sampler(s))
    except IllegalAttack as refused:  # a demo of a refusal: exact odds refuse it alike
        with pytest.raises(IllegalAttack) as also:
            systems.exact(s)
        assert str(also.value) == str(refused)
        return
    if paths > JOINT_PATHS:
        pytest.skip(f"the generic enumeration would follow about {paths:.2g} dice paths, "
                    f"past this test's {JOINT_PATHS:,}")
    try:
        joint = systems.joint(s, Budget(JOINT_PATHS, seconds=10))
    except TooManyOutcomes as e:
        pytest.skip(f"the generic enumeration is past its budget ({e})")
    blocks = partition(len(s.units), systems.groups_of(s))
    assert_same_marginals(systems.exact(s), blocks_of(joint, blocks))


def _tail(hist: dict[str, float], n: int) -> float:
    return math.fsum(p for k, p in hist.items() if int(k) >= n)


def _figures(units: dict[str, dict], groups: dict[str, dict],
             like: dict[str, float] | None = None) -> dict[str, float]:
    """Every probability the odds report, per unit and per group, by name; each "at
    least N" read at the N of `like` (the exact figures) where given."""
    hists = {f"{uid} {key}": fig[key] for uid, fig in units.items()
             for key in ("damage", "hits")}
    hists |= {f"{name} {key}": fig[key] for name, fig in groups.items()
              for key in ("hits", "removed")}
    out = {f"{uid} {key}": fig[key] for uid, fig in units.items()
           for key in ("p_hit", "p_damaged", "p_destroyed")}
    for name, hist in hists.items():
        for n in {int(k) for k in hist} - {0}:
            out[f"{name} at least {n}"] = _tail(hist, n)
    if like is not None:
        out = {name: out.get(name) if name in out else
               _tail(hists[name.rsplit(" at least ", 1)[0]], int(name.rsplit(" ", 1)[1]))
               for name in like}
    return out


def _surprise(q: float, p: float, n: int) -> float:
    """n KL(q || p): by the Chernoff bound, a frequency at least as far from p as q (on
    its side) has probability at most exp(-surprise) over n trials of probability p. Exact
    for every p, however rare (no normal approximation); p is kept off 0 and 1 by the
    figures' rounding to 1e-6."""
    p = min(max(p, 5e-7), 1 - 5e-7)
    return n * math.fsum(a * math.log(a / b) for a, b in ((q, p), (1 - q, 1 - p)) if a > 0)


def test_the_suite_holds_valid_seeded_scenarios_without_scripted_dice() -> None:
    for path in SUITE:
        s = load(path)
        assert s.seed is not None and s.dice is None, path.name
        assert path.stem.split("-")[0] == s.system, path.name


@pytest.mark.parametrize("path", SUITE, ids=[p.stem for p in SUITE])
def test_seeded_monte_carlo_agrees_with_exact_on_every_suite_scenario(path: Path) -> None:
    s = load(path)
    try:
        marginals = systems.exact(s, Budget())
    except TooManyOutcomes as e:
        pytest.skip(f"exact odds are out of reach ({e})")
    ids = [u.id for u in s.units]
    groups = systems.groups_of(s)
    exact = _figures(*summarize(marginals, ids, groups))
    sample = estimate(systems.sampler(s), MC_TRIALS, seed=s.seed or 0, seconds=MC_SECONDS)
    blocks = blocks_of(sample.distribution, partition(len(ids), groups))
    sampled = _figures(*summarize(blocks, ids, groups), like=exact)
    limit = math.log(2 * len(exact) / 0.05)  # both sides of every figure: 5 % in all
    outside = [(name, p, sampled[name]) for name, p in exact.items()
               if _surprise(sampled[name], p, sample.trials) > limit]
    assert not outside, f"{len(outside)} of {len(exact)} figures outside: {outside[:5]}"


def test_the_suite_files_parse_as_json_objects() -> None:
    assert all(isinstance(json.loads(p.read_text()), dict) for p in SUITE)

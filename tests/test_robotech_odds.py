"""Exact odds of the Robotech Blast rule (`robotech.odds.marginals`): hand calculations,
the generic enumeration of `play` on every demo it can enumerate, an independent joint
reference on small attacks of every reaction policy and option, seeded Monte Carlo on
the demos and the table-size suite, the budget's fallback, and the figures (p_destroyed).
"""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from test_robotech import ALL, GRENADE, attacker, build, structure, unit, volley

from engine import scenario as scenarios
from engine import systems
from engine.enumeration import Budget, Distribution, combine, enumerate_outcomes
from engine.errors import IllegalAttack
from engine.log import SilentLog
from engine.montecarlo import estimate
from engine.odds import Harm, Marginals, blocks_of, partition
from engine.scenario import Scenario
from engine.systems.robotech import attack, flights, legality, shootdowns, stages, volleys
from engine.systems.robotech import odds as ro
from engine.systems.robotech.defence import defend
from engine.words import say

ROOT = Path(__file__).parent.parent
DEMOS = sorted(ROOT.glob("web/demos/robotech-*.json"))
SUITE = sorted(ROOT.glob("tests/suite/robotech-*.json"))
TRIALS = 20_000


def load(path: Path) -> Scenario:
    return scenarios.loads(path.read_text(encoding="utf-8"))


def marginals(s: Scenario) -> Marginals:
    """Exact marginals with the default state budget and time to spare: these tests check
    the figures, and a loaded machine must not make them fall back."""
    return ro.marginals(s, Budget(seconds=120))


def damage_odds(m: Marginals, index: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for (h,), p in m[index].dist.items():
        out[h.damage] = out.get(h.damage, 0.0) + p
    return out


def assert_same(m: Marginals, joint: Distribution[tuple[Harm, ...]], tol: float = 1e-9) -> None:
    """Every unit's marginal equals the joint distribution's, outcome by outcome."""
    ref = blocks_of(joint, partition(len(m)))
    for mine, theirs in zip(m, ref, strict=True):
        assert mine.units == theirs.units
        for o in set(dict(mine.dist.items())) | set(dict(theirs.dist.items())):
            assert mine.dist[o] == pytest.approx(theirs.dist[o], abs=tol), (mine.units, o)


# -- by hand -----------------------------------------------------------------------------------


def test_single_shot_at_a_structure_by_hand() -> None:
    # Strike D6 + 2: faces 3-6 hit (2/3) and reach DF 4: full 6. Faces 1-2 scatter; only
    # 2D6 of 2 or 3 (3/36) keeps the template on the 60 mm structure (2.5 + 1.18"); then
    # the new Strike D6 + 1 reaches DF 4 on faces 3-6 (4/6): half, 3.
    s = build([attacker(x=10), structure("s1", 30, 24, df=4, base_mm=60)],
              weapon={**GRENADE, "range": 24}, targets=["s1"])
    odds = damage_odds(marginals(s), 1)
    assert odds[6] == pytest.approx(2 / 3, abs=1e-12)
    assert odds[3] == pytest.approx(2 / 6 * 3 / 36 * 4 / 6, abs=1e-12)
    assert odds[0] == pytest.approx(1 - 2 / 3 - 1 / 54, abs=1e-12)
    fig = systems.odds(s).units["s1"]
    assert fig["expected_damage"] == pytest.approx(4 + 3 / 54, abs=1e-6)


def test_single_shot_at_a_dodging_mecha_by_hand() -> None:
    # Strike totals 5, 6, 7, 8 (faces 3-6) each 1/6; Dodge D6 + PIL 2 fails with
    # probability 2/6, 3/6, 4/6, 5/6 (against 8 no face dodges by the totals, but the
    # policy still dodges while it can succeed: 8 needs a 6). After a scatter of 2-3"
    # (3/36) the new Strike totals 5, 6, 7 (faces 4-6) must not be dodged: 2/6, 3/6, 4/6.
    s = build([attacker(), unit("r1", 30, 24, cp=1)], reactions={"default": ALL})
    odds = damage_odds(marginals(s), 1)
    assert odds[6] == pytest.approx((2 + 3 + 4 + 5) / 36, abs=1e-12)
    assert odds[3] == pytest.approx(2 / 6 * 3 / 36 * (2 + 3 + 4) / 36, abs=1e-12)


def test_destroyed_odds_count_the_damage_that_reaches_the_mdc() -> None:
    # MDC 6: only the full 6 of a direct hit destroys r1; the scatter's half 3 does not
    s = build([attacker(), unit("r1", 30, 24, mdc=6)])
    fig = systems.odds(s).units["r1"]
    assert fig["p_destroyed"] == pytest.approx(fig["damage"]["6"], abs=1e-6)
    assert fig["p_destroyed"] == pytest.approx(2 / 3, abs=1e-6)


# -- against the generic enumeration and an independent joint reference --------------------


@pytest.mark.parametrize("path", [p for p in DEMOS if load(p).attack.weapon.volley == 1]
                         + [ROOT / "tests" / "scenarios" / "robotech.json"], ids=str)
def test_marginals_are_the_generic_enumeration_of_play(path: Path) -> None:
    s = load(path)
    assert_same(marginals(s), systems.joint(s))


def reference(s: Scenario) -> Distribution[tuple[Harm, ...]]:
    """The joint harm of every unit, missiles combined as multisets of whole records, the
    shoot-downs enumerated through `play`'s own `shoot_down`, then each unit's own
    `defend` (independent of the others' once the shoot-downs are known), their product
    taken: no bundles, no views, no canonical forms."""
    plan = legality.prepare(s)
    silent = SilentLog()
    whole = volleys.whole_volley_rule(plan)
    defences: dict[Any, Distribution[Harm]] = {}

    def defence(i: int, hits: int, hit: stages.Impact | None, spent: int,
                shot: bool) -> Distribution[Harm]:
        if (i, hits, hit, spent, shot) not in defences:
            defences[i, hits, hit, spent, shot] = enumerate_outcomes(lambda d: attack.harm_of(
                plan.units[i], hits, defend(plan, i, hit, spent, shot, d, silent).damage))
        return defences[i, hits, hit, spent, shot]

    def reactions(records: tuple[stages.Record, ...]) -> Distribution[tuple[Harm, ...]]:
        hits = attack.hit_counts(records)

        def after(shot: shootdowns.ShootDown) -> Distribution[tuple[Harm, ...]]:
            left = shootdowns.surviving(plan, records, shot.alive)
            return combine([defence(i, hits[i], left[i], shot.spent[i], bool(shot.tried[i]))
                            for i in range(len(plan.units))], (), lambda t, h: (*t, h))

        return enumerate_outcomes(
            lambda d: shootdowns.shoot_down(plan, records, d, silent)).bind(after)

    parts = [f.map(lambda o: (o[0] and whole, o[1].record))
             for f in flights.flights(plan, Budget())]
    joint = combine(parts, (True, ()),
                    lambda t, o: (t[0] and o[0], tuple(sorted((*t[1], o[1]), key=repr))))
    missed = joint.probability(lambda j: whole and j[0])
    some = Distribution([(j[1], p) for j, p in joint.items() if not (whole and j[0])])
    out = list(some.bind(reactions).items())
    if whole:
        single = flights.single_scatter(plan, Budget()).bind(
            lambda landed: reactions((landed.record,)))
        out += [(o, p * missed) for o, p in single.items()]
    return Distribution(out)


def test_reference_is_the_generic_enumeration_on_a_small_volley() -> None:
    s = build([attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 27, cp=1, pil=3)],
              weapon=volley(2), reactions={"r1": "best"})
    ref, generic = reference(s), systems.joint(s, budget=1_000_000)
    for o in set(dict(ref.items())) | set(dict(generic.items())):
        assert ref[o] == pytest.approx(generic[o], abs=1e-12)


def random_attack(rng: random.Random) -> dict[str, Any]:
    """A small attack at a crowd, with every reaction form, policy and option drawn."""
    units = [attacker(cp=rng.randint(0, 2))]
    for k in range(rng.randint(2, 3)):
        x, y = (30, 24) if k == 0 else (30 + rng.uniform(-3, 3), 24 + rng.uniform(-3, 3))
        side = "red" if k == 0 or rng.random() < 0.85 else "blue"
        if k and rng.random() < 0.2:
            units.append(structure(f"r{k}", x, y, side=side, df=rng.randint(3, 6)))
            continue
        units.append(unit(f"r{k}", x, y, side=side, df=rng.randint(3, 7),
                          pil=rng.randint(0, 3), cp=rng.randint(0, 3),
                          mdc=rng.randint(3, 15), anti_missile=rng.random() < 0.2,
                          dodge_modifier=rng.choice([0, 0, 1, -1])))
    n = rng.choice([1, 2, 2])
    extra = rng.sample(["overwhelming", "inescapable"], rng.randint(0, 1))
    weapon = (volley(n, *extra, md=rng.choice([1, 6, 9])) if n > 1 else
              {**GRENADE, "abilities": ["blast", "missile", *extra]})
    reactions: dict[str, Any] = {}
    for u in units[1:]:
        if u["kind"] != "mecha" or rng.random() < 0.3:
            continue  # no entry: the policy best
        form = rng.random()
        if form < 0.3:
            reactions[u["id"]] = {r: rng.random() < 0.7 for r in ALL}
        elif form < 0.65:
            reactions[u["id"]] = {"order": rng.sample(list(ALL), rng.randint(1, 3)),
                                  "keep_cp": rng.choice([0, 0, 1])}
        else:
            reactions[u["id"]] = {"policy": "best", "keep_cp": rng.choice([0, 0, 1])}
    foes = [u["id"] for u in units[1:] if u["side"] == "red"]
    targets = [rng.choice(foes) for _ in range(n)] if rng.random() < 0.4 else ["r0"]
    options = {"natural_rolls": rng.choice(["point-of-impact", True, False]),
               "shoot_down_by": rng.choice(["under-template", "would-damage"]),
               "shoot_for_others": rng.choice([True, False]),
               "impact_halves": rng.choice(["volley", "missile"]),
               "split_volley_miss": rng.choice(["separate", "single"]),
               "volley_miss_damage": rng.choice(["full", "half"])}
    return {"units": units, "weapon": weapon, "targets": targets if len(set(targets)) > 1
            else targets[:1], "reactions": reactions, "options": options}


@pytest.mark.parametrize("seed", range(24))
def test_marginals_equal_the_joint_reference_on_random_small_attacks(seed: int) -> None:
    attack = random_attack(random.Random(seed))
    try:
        s = build(attack["units"], weapon=attack["weapon"], targets=attack["targets"],
                  reactions=attack["reactions"] or {"r0": "best"}, options=attack["options"],
                  strike_modifier=random.Random(seed).choice([0, -1, 1]))
        legality.prepare(s)
    except IllegalAttack:
        pytest.skip("the draw is an illegal attack")
    assert_same(marginals(s), reference(s))


def test_in_turn_shooters_see_what_earlier_shooters_left_even_far_from_the_unit() -> None:
    """Today's booleans decide in turn: r2 (DF 7, shooting only to save itself) shoots at
    missile 1 over r1 only when a missile that damages r2 is still flying, such as
    missile 2 scattered over r2 and r3; r3, earlier in unit order and never under one
    template with r1, may already have destroyed it. The exact odds follow that chain, as
    the joint reference does; mixed with a unit that declares (best), too."""
    units = [attacker(), unit("r3", 37, 24, cp=1), unit("r1", 30, 24, cp=1),
             unit("r2", 32.5, 24, cp=1, df=7), unit("r4", 36, 27, cp=1)]
    for reactions in ({"default": ALL}, {"default": ALL, "r4": "best"}):
        s = build(units, weapon=volley(2), targets=["r1", "r3"], reactions=reactions,
                  options={"shoot_for_others": False, "line_of_sight": "terrain"})
        assert ro.coupled(legality.prepare(s), 2) == (1, 2, 3)  # r3 through r2
        assert_same(marginals(s), reference(s))


@pytest.mark.parametrize("path", [p for p in DEMOS if load(p).attack.weapon.volley > 1],
                         ids=lambda p: p.stem)
def test_marginals_equal_the_joint_reference_on_the_volley_demos(path: Path) -> None:
    """The volley demos are past the generic enumeration (4 missiles, ~10^11 dice paths):
    the joint reference stands in for it."""
    s = load(path)
    assert_same(marginals(s), reference(s))


# -- against seeded Monte Carlo ------------------------------------------------------------------

EVENTS = {"p_hit": lambda h: h.hits > 0, "p_damaged": lambda h: h.damage > 0,
          "p_destroyed": lambda h: h.destroyed}


def sampled(path: Path) -> dict[tuple[int, str], float]:
    """20,000 seeded resolutions (`systems.sampler`, as the Monte Carlo fallback runs
    them): each unit's sampled p_hit, p_damaged and p_destroyed."""
    s = load(path)
    sample = estimate(systems.sampler(s), TRIALS, seed=2024)
    return {(i, name): sample.distribution.probability(lambda o, i=i, e=event: e(o[i]))
            for i in range(len(s.units)) for name, event in EVENTS.items()}


def wilson(p: float, n: int, z: float) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


EXACT_SUITE = [p for p in SUITE if "six-into-ten" not in p.stem]


def test_marginals_agree_with_seeded_monte_carlo_on_the_demos_and_the_suite() -> None:
    """Every exact figure inside its sample's 95 % interval, family-wise: the figures are
    many (and correlated), so each gets the Bonferroni interval."""
    paths = DEMOS + EXACT_SUITE
    with ProcessPoolExecutor(max_workers=2) as pool:
        samples = dict(zip(paths, pool.map(sampled, paths), strict=True))
    z = NormalDist().inv_cdf(1 - 0.025 / sum(len(f) for f in samples.values()))
    for path, figures in samples.items():
        s = load(path)
        m = marginals(s)
        for (i, name), q in figures.items():
            p = m[i].dist.probability(lambda o, e=EVENTS[name]: e(o[0]))
            lo, hi = wilson(q, TRIALS, z)
            assert lo - 1e-9 <= p <= hi + 1e-9, (
                f"{path.stem} {s.units[i].id} {name}: exact {p}, sample {q} [{lo}, {hi}]")


# -- the suite, the budget, the landing overlay -------------------------------------------------


@pytest.mark.parametrize("path", SUITE, ids=lambda p: p.stem)
def test_suite_files_are_valid_seeded_scenarios_without_scripted_dice(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    s = load(path)
    assert s.system == "robotech" and s.seed is not None and "dice" not in doc
    legality.prepare(s)


def test_a_crowd_past_the_budget_falls_back_to_monte_carlo_and_says_so() -> None:
    s = load(ROOT / "tests/suite/robotech-derringer-six-into-ten.json")
    odds = systems.odds(s, trials=500)
    assert odds.method == "monte-carlo" and "too large" in say(odds.note)
    assert "ci" in odds.units["r1"]


def test_a_small_budget_makes_even_a_small_volley_fall_back() -> None:
    s = build([attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24.5, cp=1)],
              weapon=volley(2), reactions={"default": ALL})
    assert systems.odds(s).method == "exact"
    with pytest.raises(systems.TooManyOutcomes):
        ro.marginals(s, Budget(states=10))


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_landing_shares_sum_to_one(path: Path) -> None:
    marks = ro.landing(load(path))
    assert sum(m["p"] for m in marks) == pytest.approx(1.0, abs=1e-4)


def test_landing_of_a_single_shot_puts_the_hit_chance_on_the_target() -> None:
    s = build([attacker(), unit("r1", 30, 24)])
    on_target = [m["p"] for m in ro.landing(s) if (m["x"], m["y"]) == (30, 24)]
    assert on_target == [pytest.approx(2 / 3, abs=1e-6)]


RULES = sorted(p for p in (ROOT / "engine/systems/robotech").glob("*.py")
               if p.name not in ("odds.py", "bounds.py", "__init__.py"))  # bounds: Best aim's


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.name)
def test_the_rules_never_import_their_odds(path: Path) -> None:
    body = path.read_text(encoding="utf-8").split('"""', 2)[2]
    assert "robotech.odds" not in body and "import odds" not in body

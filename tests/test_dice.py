"""The one door to chance: seeded, scripted and enumerating dice, and Monte Carlo."""

from __future__ import annotations

import math

import pytest

from engine.dice import (
    HIT,
    Dice,
    Distribution,
    ScriptedDice,
    SeededDice,
    TooManyOutcomes,
    angle_intervals,
    combine,
    enumerate_outcomes,
    estimate,
    sum_distribution,
)
from engine.errors import DiceError


def _rolls(dice: Dice) -> list[object]:
    return [dice.d6("a"), dice.total("b", 2), dice.direction("c"), dice.scatter("d"),
            dice.dice("e", 3, 6)]


def test_seeded_dice_repeat_from_the_same_seed() -> None:
    assert _rolls(SeededDice(42)) == _rolls(SeededDice(42))
    assert _rolls(SeededDice(42)) != _rolls(SeededDice(43))


def test_seeded_dice_fixed_sequence() -> None:
    """Pinned values: the browser test proves Pyodide gives these same numbers."""
    dice = SeededDice(1234)
    assert [dice.d6("x") for _ in range(8)] == [4, 1, 1, 1, 5, 1, 6, 6]


def test_seeded_faces_stay_in_range() -> None:
    dice = SeededDice(7)
    faces = {dice.die("d", 6) for _ in range(600)}
    assert faces == {1, 2, 3, 4, 5, 6}
    assert all(0 <= dice.direction("a") < 360 for _ in range(200))


def test_scripted_dice_answer_in_order_and_log_rolls() -> None:
    dice = ScriptedDice([3, 4, 5, 90, HIT, 200.5])
    assert dice.total("2d6", 2) == 7
    assert dice.d6("d6") == 5
    assert dice.direction("dir") == 90.0
    assert dice.scatter("s1") is None
    assert dice.scatter("s2") == 200.5
    rolls = dice.drain()
    assert [(r.label, r.dice, r.value) for r in rolls] == [
        ("2d6", (3, 4), 7), ("d6", (5,), 5), ("dir", (), 90.0), ("s1", (HIT,), HIT),
        ("s2", (200.5,), 200.5),
    ]
    assert dice.drain() == []
    assert dice.remaining == 0


def test_scripted_dice_running_out_is_a_clear_error() -> None:
    dice = ScriptedDice([6])
    dice.d6("strike")
    with pytest.raises(DiceError, match=r"ran out: roll 2 \('dodge'\)"):
        dice.d6("dodge")


@pytest.mark.parametrize("bad", [0, 7, 2.0, "6", True, None])
def test_scripted_die_out_of_range_is_a_clear_error(bad: object) -> None:
    with pytest.raises(DiceError, match="a d6 shows 1 to 6"):
        ScriptedDice([bad]).d6("strike")


@pytest.mark.parametrize("bad", [360, -1, "north", float("nan")])
def test_scripted_direction_out_of_range_is_a_clear_error(bad: object) -> None:
    with pytest.raises(DiceError, match="degrees"):
        ScriptedDice([bad]).direction("arrow")


def test_sum_distribution_2d6_matches_hand_count() -> None:
    dist = dict(sum_distribution(2, 6))
    assert dist == pytest.approx({t: (6 - abs(t - 7)) / 36 for t in range(2, 13)})


def test_enumeration_of_2d6_sums_to_one_and_matches_counts() -> None:
    dist = enumerate_outcomes(lambda d: d.d6("a") + d.d6("b"))
    assert len(dist) == 11
    assert dist.total() == pytest.approx(1.0)
    assert dist[7] == pytest.approx(6 / 36)
    assert dist[2] == pytest.approx(1 / 36)


@pytest.mark.parametrize("bs", [1, 2, 3, 4, 5, 6])
def test_enumeration_2d6_minus_bs_minimum_0(bs: int) -> None:
    """The 40K scatter distance: 2D6 minus BS, minimum 0 (HH-4)."""
    dist = enumerate_outcomes(lambda d: max(0, d.total("2d6", 2) - bs))
    assert dist.total() == pytest.approx(1.0)
    assert dist[0] == pytest.approx(sum(6 - abs(t - 7) for t in range(2, bs + 1)) / 36)
    assert dist[12 - bs] == pytest.approx(1 / 36)


def test_scatter_die_p_no_move_matches_facts_table() -> None:
    """P(no move) = 1/3 + 2/3 P(2D6 <= BS): BS4 .444 (shared/rules/facts.md)."""
    def moved(d: Dice) -> bool:
        distance = max(0, d.total("2d6", 2) - 4)
        return d.scatter("die") is not None and distance > 0

    assert enumerate_outcomes(moved)[False] == pytest.approx(0.4444, abs=5e-5)


def test_direction_enumerates_intervals_between_breakpoints() -> None:
    dist = enumerate_outcomes(lambda d: 30 <= d.direction("arrow", [30, 120]) <= 120)
    assert dist[True] == pytest.approx(90 / 360)
    assert dist[False] == pytest.approx(270 / 360)


def test_scatter_die_enumerates_hit_and_arrow_arcs() -> None:
    dist = enumerate_outcomes(lambda d: d.scatter("s", [350, 10]) is None)
    assert dist[True] == pytest.approx(1 / 3)
    arcs = enumerate_outcomes(lambda d: (a := d.scatter("s", [350, 10])) is not None
                              and (a > 350 or a < 10))
    assert arcs[True] == pytest.approx(2 / 3 * 20 / 360)


def test_breakpoints_may_be_computed_only_when_enumerating() -> None:
    def never() -> list[float]:
        raise AssertionError("seeded dice must not compute breakpoints")

    SeededDice(3).direction("arrow", never)
    calls = []

    def arc() -> list[float]:
        calls.append(1)
        return [30, 120]

    dist = enumerate_outcomes(lambda d: 30 <= d.direction("arrow", arc) <= 120)
    assert dist[True] == pytest.approx(90 / 360)
    assert calls


def test_angle_intervals_wrap_around_north() -> None:
    assert angle_intervals(()) == [(0.0, 360.0)]
    mids = angle_intervals((10.0, 350.0))
    assert mids == [(180.0, 340.0), (0.0, 20.0)]
    assert math.fsum(w for _, w in mids) == 360.0


def test_enumeration_budget_raises() -> None:
    with pytest.raises(TooManyOutcomes):
        enumerate_outcomes(lambda d: tuple(d.d6(str(i)) for i in range(8)), budget=1000)


def test_distribution_map_bind_and_combine() -> None:
    d6 = Distribution((i, 1 / 6) for i in range(1, 7))
    assert d6.map(lambda x: x >= 5)[True] == pytest.approx(1 / 3)
    two = d6.bind(lambda a: d6.map(lambda b: a + b))
    assert two[7] == pytest.approx(6 / 36)
    folded = combine([d6, d6, d6], 0, lambda s, x: s + x)
    assert folded[18] == pytest.approx(1 / 216)
    assert folded.total() == pytest.approx(1.0)
    assert folded.expectation(float) == pytest.approx(10.5)


def test_monte_carlo_estimate_is_reproducible_and_close() -> None:
    sample = estimate(lambda d: d.d6("x") == 6, trials=20_000, seed=5)
    again = estimate(lambda d: d.d6("x") == 6, trials=20_000, seed=5)
    assert sample.distribution[True] == again.distribution[True]
    lo, hi = sample.interval(sample.distribution[True])
    assert lo <= 1 / 6 <= hi

"""The one door to chance: seeded, scripted and enumerating dice, and Monte Carlo."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from engine.dice import (
    HIT,
    AskingDice,
    Dice,
    RollNeeded,
    RollRequest,
    ScriptedDice,
    ScriptedThenSeeded,
    SeededDice,
)
from engine.enumeration import (
    Budget,
    Distribution,
    TooManyOutcomes,
    angle_intervals,
    combine,
    enumerate_outcomes,
    sum_distribution,
)
from engine.errors import DiceError
from engine.montecarlo import estimate
from engine.words import say


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


def test_kept_breakpoints_enumerate_as_fresh_ones() -> None:
    """Issue 24: a direction's options are made once per enumeration for the same angles
    (a rule's breakpoints, kept per aim), and give what fresh angles on every path give,
    to the last bit; angles that differ between paths are never confused."""
    kept = (350.0, 10.0, 95.5, 200.0)

    def run(fresh: bool) -> list[tuple[object, float]]:
        def fn(d: Dice) -> tuple[float | None, float, float]:
            far = d.d6("far") > 3
            angles = [a + 40.0 * far for a in kept] if fresh or far else kept
            return (d.scatter("s", lambda: list(angles) if fresh else angles),
                    d.direction("d", list(kept) if fresh else kept),
                    d.direction("e", () if far else kept))
        return list(enumerate_outcomes(fn).items())

    assert run(True) == run(False)


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


def test_highest_keeps_the_best_face_and_enumerates_the_maximum() -> None:
    dice = ScriptedDice([2, 5])
    assert dice.highest("penetration", 2) == 5
    assert [(r.dice, r.value) for r in dice.drain()] == [((2, 5), 5)]
    dist = enumerate_outcomes(lambda d: d.highest("p", 2))
    assert dist[6] == pytest.approx(11 / 36) and dist[1] == pytest.approx(1 / 36)
    assert len(dist) == 6


def test_seeded_dice_roll_highest_as_the_same_dice() -> None:
    assert SeededDice(8).highest("p", 3) == max(SeededDice(8).dice("p", 3))


def _asked(roll: Callable[[Dice], object], entered: list[object]) -> RollRequest:
    with pytest.raises(RollNeeded) as caught:
        roll(AskingDice(entered))
    return caught.value.request


@pytest.mark.parametrize(("roll", "kind", "n", "sides", "prompt"), [
    (lambda d: d.d6("strike"), "die", 1, 6, "Strike: roll 1D6"),
    (lambda d: d.die("location", 10), "die", 1, 10, "Location: roll 1D10"),
    (lambda d: d.total("scatter distance", 2), "total", 2, 6,
     "Scatter distance: roll 2D6, the total counts (die 1 of 2)"),
    (lambda d: d.dice("To Wound squad (4+)", 3), "dice", 3, 6,
     "To Wound squad (4+): roll 3D6, each die counts (die 1 of 3)"),
    (lambda d: d.highest("armour penetration rhino", 2), "highest", 2, 6,
     "Armour penetration rhino: roll 2D6, keep the highest (die 1 of 2)"),
    (lambda d: d.direction("missile drift"), "direction", 1, 360,
     "Missile drift: a direction in degrees, clockwise from up the page (0 to 360)"),
    (lambda d: d.scatter("scatter die shot 1"), "scatter", 1, 6,
     "Scatter die shot 1: the scatter die, HIT or the arrow's direction in degrees"),
])
def test_asking_dice_describe_each_kind_of_roll(
        roll: Callable[[Dice], object], kind: str, n: int, sides: int, prompt: str) -> None:
    request = _asked(roll, [])
    assert (request.kind, request.n, request.sides, request.position) == (kind, n, sides, 0)
    assert say(request.prompt) == prompt
    assert request.to_dict()["prompt"] == prompt


def test_asking_dice_ask_for_the_rest_of_a_roll_begun() -> None:
    def two_rolls(d: Dice) -> int:
        return d.d6("strike") + d.total("scatter distance", 2)

    request = _asked(two_rolls, [4, 3])
    assert (request.position, request.entered) == (1, (3,))
    assert say(request.prompt).endswith("(die 2 of 2)")
    assert two_rolls(AskingDice([4, 3, 5])) == 12


@pytest.mark.parametrize(("kind", "sides", "good", "bad"), [
    ("die", 6, [1, 6], [0, 7, 2.5, "6", True]),
    ("total", 6, [3], [None, 9]),
    ("direction", 360, [0, 359.5], [360, -1, HIT, float("nan")]),
    ("scatter", 6, [HIT, 90, 0.5], ["MISS", 360]),
])
def test_a_value_the_die_cannot_show_is_refused_on_the_spot(
        kind: str, sides: int, good: list[object], bad: list[object]) -> None:
    request = RollRequest("roll", kind, 1, sides, 0)
    assert all(request.problem(v) is None for v in good)
    assert all(request.problem(v) for v in bad)


def test_roll_the_rest_for_me_continues_with_seeded_dice_after_the_entered() -> None:
    def rolls(d: Dice) -> tuple[object, ...]:
        return (d.d6("a"), d.total("b", 2), d.scatter("c"), d.direction("e"))

    finished = ScriptedThenSeeded([5, 2], seed=3)
    got = rolls(finished)
    assert got[0] == 5 and got[1] - 2 in range(1, 7)
    assert len(finished.entries) == 5 and finished.entries[:2] == [5, 2]
    replay = ScriptedDice(finished.entries)
    assert rolls(replay) == got and replay.remaining == 0


def test_leftover_scripted_dice_are_refused_after_a_resolution() -> None:
    dice = ScriptedDice([3, 4, HIT])
    dice.d6("strike")
    with pytest.raises(DiceError, match=r"2 scripted dice results were left over: the rules "
                       r"asked for 1 of the 3 \(the first unused is roll 2, 4\)"):
        dice.check_all_used()
    SeededDice(1).check_all_used()


def test_enumeration_stops_at_a_time_budget() -> None:
    ticks = iter(range(0, 10**6, 10)).__next__
    with pytest.raises(TooManyOutcomes, match="more than 5 s"):
        enumerate_outcomes(lambda d: tuple(d.d6(str(i)) for i in range(6)),
                           budget=Budget(10**6, seconds=5, clock=ticks))


def _fake_clock(step: float) -> Callable[[], float]:
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def test_monte_carlo_stops_at_its_precision_target_reproducibly() -> None:
    sample = estimate(lambda d: d.d6("x") == 6, 10**6, seed=5, precision=0.005)
    again = estimate(lambda d: d.d6("x") == 6, 10**6, seed=5, precision=0.005)
    assert sample.stop == "precision" and sample.half_width <= 0.005
    assert sample.trials == again.trials and sample.trials < 25_000
    assert sample.distribution[True] == again.distribution[True]


def test_monte_carlo_watches_every_value_and_tail_of_its_readings() -> None:
    """A reading spread over six values: each near 1/6, but "at least 4" is 1/2."""
    spread = estimate(lambda d: d.d6("x"), 10**6, seed=1, precision=0.01,
                      readings=lambda v: (v,))
    bins = estimate(lambda d: d.d6("x"), 10**6, seed=1, precision=0.01)
    assert spread.trials > bins.trials
    assert spread.half_width <= 0.01 and spread.trials >= 9_000


def test_monte_carlo_stops_at_its_time_limit_or_its_cap() -> None:
    timed = estimate(lambda d: d.d6("x"), 10**6, seed=1, seconds=1.0,
                     precision=0.0001, clock=_fake_clock(0.001))
    assert timed.stop == "time" and 400 <= timed.trials <= 1000
    capped = estimate(lambda d: d.d6("x"), 300, seed=1, precision=0.0001)
    assert capped.stop == "trials" and capped.trials == 300


def test_monte_carlo_going_on_from_a_sample_gives_one_run_of_that_many() -> None:
    """A sample of 2,500 runs taken on to 6,000 (across `FIRST_CHECK`'s chunks) is the
    sample of 6,000 runs one call gives: same frequencies, same half-width, and the stream
    stands at the same place; a precision or time stop, and a cap already reached, are
    not gone on from."""
    def roll(d: Dice) -> tuple[int, int]:
        return d.d6("x"), d.d6("y") + d.d6("z")

    whole = estimate(roll, 6_000, seed=3, readings=lambda v: v)
    part = estimate(roll, 2_500, seed=3, readings=lambda v: v)
    went_on = estimate(roll, 6_000, seed=3, readings=lambda v: v, start=part)
    assert went_on.trials == whole.trials == 6_000
    assert dict(went_on.distribution.items()) == pytest.approx(dict(whole.distribution.items()),
                                                               abs=1e-15)
    assert went_on.half_width == pytest.approx(whole.half_width, abs=1e-15)
    assert went_on.stream == whole.stream
    assert estimate(roll, 2_000, seed=3, start=part) is part
    stopped = estimate(roll, 10**6, seed=3, precision=0.05)
    with pytest.raises(ValueError):
        estimate(roll, 10**6, seed=3, start=stopped)

"""The odds layer: marginals per block, the "at least N" reading, shared-event folds."""

import json
from pathlib import Path

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.enumeration import Budget, Distribution, TooManyOutcomes
from engine.odds import Harm, Tally, at_least, blocks_of, fold_blocks, partition, summarize
from engine.words import say

H0, H1, H2 = Harm(), Harm(1, 2), Harm(1, 5, destroyed=True)


def test_partition_puts_each_group_in_one_block_and_every_other_unit_alone():
    assert partition(5, {"squad": [3, 1]}) == ((0,), (1, 3), (2,), (4,))


def test_blocks_of_marginalises_the_joint_distribution():
    joint = Distribution([((H0, H1, H2), 0.25), ((H1, H1, H0), 0.75)])
    blocks = blocks_of(joint, ((0, 2), (1,)))
    assert blocks[0].dist[(H0, H2)] == 0.25 and blocks[0].dist[(H1, H0)] == 0.75
    assert blocks[1].dist[(H1,)] == 1.0


def test_at_least_is_the_upper_tail_of_a_histogram():
    assert at_least({"0": 0.5, "2": 0.25, "7": 0.25}) == {"0": 1.0, "2": 0.5, "7": 0.25}


def test_summarize_reads_units_and_groups_from_their_blocks():
    joint = Distribution([((H0, H1, H2), 0.25), ((H1, H1, H0), 0.75)])
    units, groups = summarize(blocks_of(joint, ((0, 2), (1,))), ["a", "b", "c"],
                              {"g": [0, 2]})
    assert units["c"]["p_destroyed"] == 0.25 and units["a"]["p_hit"] == 0.75
    assert units["b"]["damage_at_least"] == {"2": 1.0}
    assert groups["g"]["hits"] == {"1": 1.0}
    assert groups["g"]["removed"] == {"0": 0.75, "1": 0.25}


def test_fold_blocks_folds_each_block_once_per_view_and_equals_the_joint():
    shared = Distribution([("near", 0.5), ("far", 0.5)])
    folds = []

    def fold(block, seen):
        folds.append((block, seen))
        return Distribution([((H1,), 0.5), ((H0,), 0.5)]) if seen else Distribution.certain((H0,))

    marginals = fold_blocks(shared, ((0,), (1,)),
                            lambda b, s: s == "near" and b == (0,), fold)
    assert marginals[0].dist[(H1,)] == pytest.approx(0.25)
    assert marginals[1].dist[(H0,)] == 1.0
    assert len(folds) == 3  # unit 1 sees nothing either way: folded once


def test_a_budget_refuses_past_its_states_or_its_time():
    with pytest.raises(TooManyOutcomes):
        Budget(states=10).check(11)
    clock = iter([0.0, 10.0]).__next__
    with pytest.raises(TooManyOutcomes):
        Budget(seconds=1, clock=clock).check()


def test_a_tally_gives_unit_figures_and_group_totals_without_the_joint():
    tally = Tally((0, 1), (Distribution([(H0, 0.5), (H1, 0.5)]), Distribution.certain(H2)),
                  Distribution([((1, 1), 0.5), ((2, 1), 0.5)]))
    units, groups = summarize((tally,), ["a", "b"], {"g": [0, 1]})
    assert units["a"]["p_hit"] == 0.5 and units["b"]["p_destroyed"] == 1.0
    assert groups["g"]["hits"] == {"1": 0.5, "2": 0.5} and groups["g"]["removed"] == {"1": 1.0}
    with pytest.raises(ValueError):
        tally.totals_of((0,))


def _army(demo: str, units: int) -> scenarios.Scenario:
    """A demo with copies of its last unit in a grid, up to `units` units."""
    doc = json.loads((Path(__file__).parents[1] / "web" / "demos" / demo).read_text("utf-8"))
    last = doc["units"][-1]
    for i in range(units - len(doc["units"])):
        unit = {k: v for k, v in last.items() if k != "name"}
        unit.update(id=f"copy-{i}", x=1 + (i % 40) * 1.1, y=1 + (i // 40) * 1.1)
        doc["units"].append(unit)
    return scenarios.load_dict(doc)


@pytest.mark.parametrize("demo", ["heresy-mega-blast.json", "robotech-derringer-volley.json"])
def test_odds_on_a_500_unit_board_are_an_announced_monte_carlo_stopped_by_counts(
        demo: str) -> None:
    """Issue 27.3 and 27.5: a Mega-blast (HH-14: its per-shot hit enumeration now under the
    budget) or a Derringer volley over 500 units: exact odds are refused by the budget's
    count of steps, not a clock, and Monte Carlo stops at its count of runs for that many
    units (`systems.fallback_trials`), saying so."""
    s = _army(demo, 500)
    odds = systems.odds(s)
    assert odds.method == "monte-carlo"
    assert "more than 10,000,000 steps" in say(odds.note)
    assert odds.trials == systems.fallback_trials(s) == 2000
    assert " s " not in say(odds.note) and "ran its cap of runs" in say(odds.note)

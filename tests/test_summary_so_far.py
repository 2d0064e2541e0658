"""The result so far of a resolution still waiting for dice ("I rolled", issue 14 item 2):
the units' states at its last step, as while stepping the finished resolution there."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import systems
from engine.dice import AskingDice, RollNeeded
from engine.log import Log, Resolution
from engine.render.summary import summary_lines
from engine.scenario import loads

DEMOS = Path(__file__).resolve().parents[1] / "web" / "demos"


@pytest.mark.parametrize("demo", ["robotech-direct-hit-splash", "heresy-mega-blast",
                                  "battletech-bombing-scatter"])
def test_summary_so_far_is_the_finished_resolution_stepped_there(demo):
    scenario = loads((DEMOS / f"{demo}.json").read_text("utf-8"))
    full = systems.resolve(scenario)
    dice = AskingDice(scenario.dice[:-1])
    log = Log(dice)
    with pytest.raises(RollNeeded):
        systems.runner(scenario)(dice, log)
    partial = Resolution(scenario.system, None, dict(scenario.options), tuple(log.steps), {})
    upto = len(partial.steps) - 1
    assert full.steps[: upto + 1] == partial.steps
    assert upto < len(full.steps) - 1
    assert (summary_lines(scenario, partial, so_far=True)
            == summary_lines(scenario, full, upto))

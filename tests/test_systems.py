"""resolve and odds over any system: which dice, leftover scripted dice, the player's own
dice entered one at a time, and the Monte Carlo fallback with its stop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.dice import AskingDice, RollNeeded, ScriptedThenSeeded
from engine.enumeration import Budget, TooManyOutcomes
from engine.errors import DiceError, NotImplementedYet
from engine.words import say

DEMOS = Path(__file__).parents[1] / "web" / "demos"
DEMO = DEMOS / "robotech-direct-hit-splash.json"
ENTERED = ["robotech-scatter-onto-friendly", "heresy-gets-hot", "battletech-bombing-scatter"]
"""One demo with scripted dice per system, resolved again from dice entered one at a time."""


def demo(path: Path = DEMO, **changes: object) -> scenarios.Scenario:
    return scenarios.load_dict({**json.loads(path.read_text()), **changes})


def test_unknown_system_has_no_rules() -> None:
    with pytest.raises(NotImplementedYet):
        systems.rules_of("chess")


def test_dice_seed_argument_then_script_then_scenario_seed() -> None:
    s = demo(seed=11, dice=None)
    assert systems.dice_for(s)[1] == 11
    assert systems.dice_for(demo(dice=[6]), 5)[1] == 5
    assert systems.dice_for(demo(dice=[6]))[1] is None
    assert systems.dice_for(demo(seed=None, dice=None))[1] == systems.DEFAULT_SEED


def test_same_seed_same_resolution() -> None:
    s = demo(dice=None)
    assert systems.resolve(s, 77).to_dict() == systems.resolve(s, 77).to_dict()


def test_leftover_scripted_dice_are_an_error_saying_how_many() -> None:
    script = json.loads(DEMO.read_text())["dice"]
    systems.resolve(demo(dice=script))  # the demo uses exactly its dice
    with pytest.raises(DiceError, match=r"2 scripted dice results were left over: the rules "
                       rf"asked for {len(script)} of the {len(script) + 2}"):
        systems.resolve(demo(dice=script + [3, 4]))
    with pytest.raises(DiceError, match="1 scripted dice result was left over"):
        systems.resolve(demo(dice=script + [3]))


def _entered_one_at_a_time(s: scenarios.Scenario, script: list[object]) -> tuple[
        list[object], list[dict[str, object]]]:
    """Resolve as a player would: ask for the next roll, enter it from `script`, replay."""
    entered: list[object] = []
    asked: list[dict[str, object]] = []
    while True:
        try:
            return systems.resolve(s, dice=AskingDice(entered)).to_dict(), asked
        except RollNeeded as e:
            request = e.request
            asked.append(request.to_dict())
            assert request.position + len(request.entered) == len(entered)
            value = script[len(entered)]
            assert request.problem(value) is None
            entered.append(value)


@pytest.mark.parametrize("name", ENTERED)
def test_dice_entered_one_at_a_time_resolve_as_the_script(name: str) -> None:
    s = demo(DEMOS / f"{name}.json")
    resolution, asked = _entered_one_at_a_time(s, list(s.dice or []))
    assert resolution == systems.resolve(s).to_dict()
    assert sum(1 for a in asked) == len(s.dice or [])
    assert all(a["prompt"] and "#" not in str(a["prompt"]) for a in asked)


def test_roll_the_rest_finishes_with_seeded_dice_and_replays_as_a_script() -> None:
    s = demo(DEMOS / "heresy-gets-hot.json")
    first = list(s.dice or [])[:2]
    rest = ScriptedThenSeeded(first, seed=9)
    finished = systems.resolve(s, dice=rest).to_dict()
    assert rest.entries[:2] == first and len(rest.entries) > 2
    assert systems.resolve(demo(DEMOS / "heresy-gets-hot.json", dice=rest.entries)
                           ).to_dict() == finished


def _out_of_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    def too_large(scenario: scenarios.Scenario, budget: Budget | None = None,
                  plan: object = None) -> None:
        raise TooManyOutcomes("more than 1 dice paths")

    monkeypatch.setattr(systems, "exact", too_large)


def test_odds_fall_back_to_monte_carlo_and_say_why_and_when_it_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _out_of_reach(monkeypatch)
    capped = systems.odds(demo(), trials=2000)
    assert capped.method == "monte-carlo" and capped.trials == 2000
    assert capped.stop == "trials" and "too large (more than 1 dice paths)" in say(capped.note)
    assert all("ci" in u for u in capped.units.values())
    precise = systems.odds(demo(), precision=0.02, seconds=0).to_dict()
    assert precise["stop"] == "precision" and precise["half_width"] <= 0.02
    assert 1000 <= precise["trials"] < 5000
    assert "precision target of +/- 0.02" in precise["note"]
    with pytest.raises(TooManyOutcomes):
        systems.odds(demo(), method="exact")


def test_monte_carlo_by_name_runs_its_trials_unless_told_to_stop_earlier() -> None:
    fixed = systems.odds(demo(), method="monte-carlo", trials=1500)
    assert (fixed.trials, fixed.stop) == (1500, "trials")
    early = systems.odds(demo(), method="monte-carlo", trials=10**6, precision=0.05)
    assert early.stop == "precision" and early.trials == 1000


def test_monte_carlo_reaches_a_table_precision_within_its_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11: where exact is out of reach, Monte Carlo answers within 2 s at +/- 0.01."""
    _out_of_reach(monkeypatch)
    o = systems.odds(demo(DEMOS / "robotech-derringer-volley.json"))
    assert o.stop in ("precision", "time") and o.half_width is not None
    assert o.stop == "time" or o.half_width <= systems.DEFAULT_PRECISION

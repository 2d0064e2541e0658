"""resolve and odds over any system: which dice, preparing once, the Monte Carlo fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import scenario as scenarios
from engine import systems
from engine.dice import TooManyOutcomes
from engine.errors import NotImplementedYet

DEMO = Path(__file__).parents[1] / "web" / "demos" / "robotech-direct-hit-splash.json"


def demo(**changes: object) -> scenarios.Scenario:
    return scenarios.load_dict({**json.loads(DEMO.read_text()), **changes})


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


def test_odds_fall_back_to_monte_carlo_and_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def too_large(scenario: scenarios.Scenario) -> None:
        raise TooManyOutcomes("more than 1 dice paths")

    monkeypatch.setattr(systems, "exact", too_large)
    odds = systems.odds(demo(), trials=2000)
    assert odds.method == "monte-carlo" and odds.trials == 2000
    assert "too large" in odds.note
    assert all("ci" in u for u in odds.units.values())
    with pytest.raises(TooManyOutcomes):
        systems.odds(demo(), method="exact")

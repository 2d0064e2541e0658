"""The resolution record: steps take their rolls from the dice, marks are rounded, effects
read as plain text."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.log import Log, SilentLog, effect_text, template
from engine.words import say


def test_step_takes_the_rolls_made_since_the_previous_step() -> None:
    dice = ScriptedDice([4, 2, 5])
    log = Log(dice)
    dice.d6("strike")
    log.step("RT-1", "strike")
    dice.total("scatter", 2)
    log.step("RT-12", "scatter")
    assert [[r.value for r in s.rolls] for s in log.steps] == [[4], [7]]
    assert log.steps[1].to_dict()["rolls"] == [{"label": "scatter", "dice": [2, 5],
                                                "value": 7}]


def test_marks_are_rounded_to_a_millionth() -> None:
    log = Log(ScriptedDice([]))
    log.step("HH-4", "moved", template(1 / 3, -0.0, 2.5, "final", one_at=94.76364169072617))
    mark = log.steps[0].marks[0]
    assert (mark["x"], mark["y"], mark["one_at"]) == (0.333333, 0.0, 94.763642)


def test_silent_log_records_nothing() -> None:
    log = SilentLog()
    log.step("RT-1", "anything")
    assert log.silent and log.steps == []


def test_effect_text_says_what_matters() -> None:
    assert effect_text({"hits": 3, "damage": 12, "cp_spent": 1,
                        "reactions": ["dodge-failed"]}) == (
        "hits 3, damage 12, cp spent 1, reactions dodge-failed")
    assert effect_text({"hit": True, "attacks": [{"arc": "rear", "critical": False}],
                        "locations": {"CT": 5}}) == "hit, attacks [arc rear], locations (CT 5)"
    assert effect_text({"hits": 0, "reactions": []}) == "nothing"


def test_options_step_is_one_line_of_players_words() -> None:
    log = Log(ScriptedDice([]))
    log.options("robotech", {"natural_rolls": True, "dodge_adds_pil": True})
    log.options("heresy", {"edition": "hh2"})
    assert [s.clause for s in log.steps] == ["OPT", "OPT"]
    assert say(log.steps[0].text) == ("Rules as written; 1 reading changed: A natural 6 succeeds "
                                 "and a 1 fails: on every Strike and Dodge")
    assert say(log.steps[1].text) == "Rules as written, every reading at its default"

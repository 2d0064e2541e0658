"""Issue 22.2 and 22.6: units as players count them, and players' words everywhere the
page shows what the engine says (results, odds, the log, options, errors, the demos)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from engine import scenario as sc
from engine import systems
from engine.build import editing, fieldwords, legality
from engine.errors import IllegalAttack, ScenarioError
from engine.readings import READINGS, readings_line
from engine.render.oddswords import idle_words, odds_view
from engine.render.tally import result_text, tally_lines
from engine.words import Words, say

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from page.words import in_words  # noqa: E402

DEMOS = sorted((Path(__file__).resolve().parent.parent / "web" / "demos").glob("*.json"))
OPTION_KEYS = sorted({k for system in READINGS.values() for k in system if "_" in k})
ENGINE_WORDS = re.compile(r"units\[|attack\.|supports\[|in_flight\[|\bTrue\b|\bFalse\b|"
                          r"\b(?:" + "|".join(OPTION_KEYS) + r")\b")
SQUAD_DEMOS = ("heresy-blast-squad.json", "heresy-two-targets-cover.json",
               "heresy-mega-blast.json", "heresy-large-blast-own-unit.json")


def engine_words(text: Words) -> list[str]:
    return ENGINE_WORDS.findall(say(text))


def load(path: Path) -> sc.Scenario:
    return sc.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_every_demo_reads_in_players_words(path: Path) -> None:
    """The log as the page shows it, the result lines, the odds and the options: no JSON
    path, no option's JSON name, no True/False."""
    scenario = load(path)
    shown: list[str] = [scenario.notes, scenario.title]
    try:
        res = systems.resolve(scenario)
    except IllegalAttack as err:
        shown.append(say(err.reason))
    else:
        shown += [in_words(scenario, say(st.text)) for st in res.steps]
        shown += [in_words(scenario, say(r.label)) for st in res.steps for r in st.rolls]
        shown += [line.text for line in tally_lines(scenario, res)]
        shown += [text for line in tally_lines(scenario, res) for _, text in line.detail]
        shown.append(result_text(scenario, res))
        odds = json.loads(json.dumps(systems.odds(scenario, trials=500).to_dict()))
        view = odds_view(scenario, odds)
        shown += [*view.headers, *view.model_headers, view.lead, idle_words(view)]
        shown += [r.name for r in (*view.rows, *view.models)]
    shown += [s.label for s in editing.option_specs(scenario.system)]
    shown += [w for s in editing.option_specs(scenario.system) for w in s.choice_words]
    for text in shown:
        assert not engine_words(text), (path.name, text)


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_demo_units_have_players_names(path: Path) -> None:
    """No unit is shown by a bare id ("a", "f", "land", "hw"): every one has a name."""
    doc = json.loads(path.read_text("utf-8"))
    for unit in doc["units"]:
        assert unit.get("name") and unit["name"] != unit["id"], (path.name, unit["id"])
        if doc["system"] == "heresy":
            assert " " in unit["unit"] or unit["unit"][:1].isupper(), (path.name, unit["unit"])


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_demo_notes_name_their_units_not_their_ids(path: Path) -> None:
    """A demo's notes speak of its units by name: no id that is not also a name, and no
    Robotech unit called the Defender (no mecha is one)."""
    doc = json.loads(path.read_text("utf-8"))
    names = " ".join(u.get("name", "") for u in doc["units"])
    words = set(re.findall(r"[\w'-]+", doc["notes"]))
    for unit in doc["units"]:
        if unit["id"].lower() not in names.lower():
            assert unit["id"] not in words, (path.name, unit["id"])
    assert "Defender" not in doc["notes"] or "Defender" in names


def test_the_options_step_is_one_line_in_words() -> None:
    assert say(readings_line("heresy", sc.heresy.OPTIONS)) == (
        "Rules as written, every reading at its default")
    changed = {**sc.robotech.OPTIONS, "dodge_adds_pil": False, "shoot_and_dodge": True}
    assert say(readings_line("robotech", changed)) == (
        "Rules as written; 2 readings changed: Dodge adds the pilot's PIL: no; A mecha that "
        "shot at the missiles may also Dodge them: yes")
    spec = next(s for s in editing.option_specs("robotech") if s.key == "dodge_adds_pil")
    assert say(spec.label) == "Dodge adds the pilot's PIL"
    assert [say(w) for w in spec.choice_words] == ["yes", "no"]


def test_a_squad_result_is_one_line_naming_hits_wounds_and_models_removed() -> None:
    scenario = load(DEMOS[0].parent / "heresy-blast-squad.json")
    lines = tally_lines(scenario, systems.resolve(scenario))
    assert lines[0].text == "Tactical Squad: 2 hits, 1 wound, 1 removed (Marine 3)"
    assert [t for _, t in lines[0].detail] == ["Marine 3: 1 hit, 1 wound: removed",
                                               "Marine 4: 1 hit: no Wound lost"]


@pytest.mark.parametrize("name", SQUAD_DEMOS)
def test_squad_demos_lead_with_the_unit_and_models_removed(name: str) -> None:
    """(2): the first result line names the unit with hits, wounds and removed; the odds
    lead with the target's unit, models removed first."""
    scenario = load(DEMOS[0].parent / name)
    first = tally_lines(scenario, systems.resolve(scenario))[0]
    squad = next(u.unit for u in scenario.units if u.id == first.units[0])
    assert first.text.startswith(f"{squad}: ") and len(first.units) > 1
    assert re.search(r"\d+ hits?, \d+ wounds?.* \d+ removed", first.text), first.text
    view = odds_view(scenario, systems.odds(scenario, trials=500).to_dict())
    target = next(u.unit for u in scenario.units if u.id == scenario.attack.target)
    assert view.rows[0].name == target and view.rows[0].kind == "group"
    assert view.headers[1:3] == ("Models removed, on average", "At least 1 removed")
    assert view.lead.startswith(f"{target}: at least 1 removed: ")


def test_units_with_nothing_at_stake_are_one_line() -> None:
    scenario = load(DEMOS[0].parent / "heresy-blast-squad.json")
    view = odds_view(scenario, systems.odds(scenario).to_dict())
    assert [r.name for r in view.rows] == ["Tactical Squad"]
    assert idle_words(view) == "Nothing at stake (0 % everywhere): Devastator Squad"


def test_robotech_accounts_for_every_missile() -> None:
    scenario = load(DEMOS[0].parent / "robotech-indirect-fire-ground.json")
    texts = [line.text for line in tally_lines(scenario, systems.resolve(scenario))]
    for n in (1, 2, 3, 4):
        assert any(f"issile {n}" in t or re.search(rf"issiles [\d, and]*\b{n}\b", t)
                   for t in texts), (n, texts)
    assert 'Missile 1 scattered 9" and came down on no unit' in texts


def test_battletech_says_which_support_did_the_damage_by_location() -> None:
    scenario = load(DEMOS[0].parent / "battletech-hidden-bluff.json")
    texts = [line.text for line in tally_lines(scenario, systems.resolve(scenario))]
    assert texts[0] == ("Griffin GRF-1N: 15 damage (Head 5, LT(R) 5, RT(R) 5), by the Light "
                        "Bombing on 1812 (B:0212)")


def test_errors_name_the_unit_and_the_field_in_words_and_keep_the_path() -> None:
    doc = json.loads((DEMOS[0].parent / "robotech-derringer-volley.json").read_text("utf-8"))
    doc["units"][2]["df"] = 13
    with pytest.raises(ScenarioError) as err:
        fieldwords.load(doc)
    assert err.value.path == "units[2].df"
    assert str(err.value) == "units[2].df: must be an integer from 1 to 12"
    assert say(err.value.words) == "Regult 2: DF must be a whole number from 1 to 12"
    doc["units"][2]["df"] = 5
    doc["attack"]["targets"] = ["r1", "r2", "r1"]
    verdict = legality.check(doc)
    assert verdict.path == "attack.targets"
    assert verdict.text() == ("Not yet: Missile targets: a volley divided between targets "
                              "needs one target per missile (4), not 3 (RT-21)")
    assert not engine_words(verdict.text())


def test_ids_show_only_where_two_units_share_a_name() -> None:
    doc = json.loads((DEMOS[0].parent / "robotech-derringer-volley.json").read_text("utf-8"))
    doc["units"][2]["name"] = "Regult 1"
    doc["units"][2]["df"] = 0
    with pytest.raises(ScenarioError) as err:
        fieldwords.load(doc)
    assert say(err.value.words).startswith("Regult 1 (r2): DF ")


def _result_of(name: str) -> list[str]:
    scenario = load(next(p for p in DEMOS if p.name == name))
    return [line.text for line in tally_lines(scenario, systems.resolve(scenario))]


def test_BT_AIR_a_support_that_damaged_no_unit_has_its_own_result_line():
    assert _result_of("rule-battletech-air-cover-revealed.json") == [
        "Light Air Strike on 1010: no unit damaged (2D6 shows 2 against TN 5: failure, "
        "no effect)"]


def test_BT_AIRCOVER_and_BT_BLUFF_say_why_a_support_did_nothing():
    lines = _result_of("battletech-hidden-bluff.json")
    assert "Heavy Air Strike on 1510: no unit damaged (Light Air Cover against the Heavy Air " \
           "Strike on 1510: 10 >= 9: the attack is discarded)" in lines
    assert any(line.startswith("Bluff: no unit damaged (the face-down card is a Bluff")
               for line in lines)


def test_BT_ART_3_a_shell_in_flight_says_when_it_lands():
    lines = _result_of("battletech-long-tom-spotted.json")
    assert lines[-1].startswith("Long Tom at 2424 (D:0807): no unit damaged (fired")
    assert lines[-1].endswith("lands in the Weapon Attack Phase of turn 5)")


def test_ids_only_where_two_units_share_a_name():
    from engine.names import names_as_shown

    assert names_as_shown([("r1", "Regult"), ("r2", "Regult"), ("g", "Glaug"), ("b1", "b1")]) \
        == {"r1": "Regult (r1)", "r2": "Regult (r2)", "g": "Glaug", "b1": "b1"}

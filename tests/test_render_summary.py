"""The result at a glance (issue 14.3): one summary line per unit something reached,
saying what reached it, from the demos' own scripted dice."""

from __future__ import annotations

import json
from pathlib import Path

from engine import scenario as sc
from engine import systems
from engine.render.summary import summary_lines

DEMOS = Path(__file__).resolve().parent.parent / "web" / "demos"


def lines(demo: str) -> list[str]:
    return lines_of(json.loads((DEMOS / demo).read_text("utf-8")))


def lines_of(doc: dict) -> list[str]:
    scenario = sc.load_dict(doc)
    return [line for _, line in summary_lines(scenario, systems.resolve(scenario))]


def test_RT_17_RT_12_a_volley_line_names_the_missiles_that_landed_and_the_one_that_scattered():
    assert lines("robotech-derringer-volley.json") == [
        "Missiles 1, 2 and 4 landed on Regult 1: dodged, 1 CP spent: no damage",
        "Missiles 1, 2 and 4 landed on Regult 2: failed to dodge, 1 CP spent: 12 damage",
        'Missile 3 scattered 7" onto Glaug: shot a missile down, 1 CP spent: no damage',
    ]


def test_RT_12_RT_14_a_blast_that_scatters_onto_a_friendly_says_so():
    assert lines("robotech-scatter-onto-friendly.json") == [
        'The blast scattered 5" onto Spartan: failed to dodge, 1 CP spent: 6 damage']


def test_RT_20_the_volleys_one_template_is_named_as_such():
    assert lines("rule-robotech-volley-split-all-miss.json") == [
        "The volley's template scattered 2\" onto Regult 1: 9 damage"]


def test_RT_9_a_unit_under_a_template_its_strike_did_not_reach_keeps_the_count():
    assert "Glaug: under 1 template: no damage" in lines("robotech-direct-hit-splash.json")


def test_ids_are_shown_only_where_two_units_share_a_name():
    doc = json.loads((DEMOS / "robotech-direct-hit-splash.json").read_text("utf-8"))
    doc["units"][2]["name"] = doc["units"][1]["name"]  # two units named "Regult 1"
    got = lines_of(doc)
    assert "The blast landed on Regult 1 (r1): failed to dodge" in got[0]
    assert got[1].startswith("The blast landed on Regult 1 (r2): dodged")
    assert got[2] == "Glaug: under 1 template: no damage"

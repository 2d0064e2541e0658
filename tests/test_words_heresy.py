"""Issue 26: the 40K / Horus Heresy log in English and Japanese. Every step, dice label and
refusal of engine.systems.heresy is a message of the catalogue (or a name), said in
Japanese with no English left: on every Heresy demo and suite file, and on forced cases
that reach the rare branches (Gets Hot, re-rolls, a complete miss, Snap Shots, vehicles,
Mega-blast zones, Breaching). Together they say every message of engine.words.heresy.
English stays as it was: a few exact lines no other test pins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import scenario as scenarios
from engine.clauses import CLAUSES, clause_text
from engine.errors import IllegalAttack
from engine.log import Resolution
from engine.scenario import Scenario
from engine.systems import resolve
from engine.words import Msg, Words, say
from engine.words.catalogue import CATALOGUE
from engine.words.heresy import CLAUSES_JA, MESSAGES
from tests.test_heresy import doc, marine, rhino
from tests.wordcheck import english_left, messages_in, names

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("web/demos/*heresy*.json"), *ROOT.glob("tests/suite/heresy-*.json")])
LATIN = {"D", "X"}
"""Latin the checker's words split off what Japanese writes as it is: "D6" and "2D6" read
as "D" (wordcheck's words have no digits), Breaching's "(X)" as the rulebook prints it."""
MEGA = {"blast": 10, "range": 60, "mega": [[10, 1], [8, 3], [4, 5]]}
AREA = [[18, 20], [22, 20], [22, 28], [18, 28]]
"""A 4" x 8" area of cover between the firer (10, 24) and targets near (30, 24)."""


def load(path: Path) -> Scenario:
    return scenarios.loads(path.read_text("utf-8"))


def words_of(res: Resolution) -> Iterator[tuple[str, Words]]:
    """What a Heresy resolution says, but its OPT step (the readings' own words,
    engine.readings): each step's text, each roll's label, each mark's label and source."""
    for step in res.steps:
        if step.clause != "OPT":
            yield f"{step.clause} text", step.text
        for roll in step.rolls:
            yield f"{step.clause} label", roll.label
        for mark in step.marks:
            for key in ("label", "source"):
                if key in mark:
                    yield f"{step.clause} mark {key}", mark[key]


def check(said: list[tuple[str, Words]], scenario: Scenario) -> set[str]:
    """Every text a message whose keys exist (a mark's label may be a distance, 2\"), said
    in Japanese with no English left; the keys said."""
    plain = [(where, w) for where, w in said if isinstance(w, str)]
    assert [p for p in plain if "mark label" not in p[0]] == []
    keys = {m.key for _, w in said for m in messages_in(w)}
    assert sorted(keys - CATALOGUE.keys()) == []
    assert english_left([say(w, "ja") for _, w in said], names(scenario) | LATIN) == []
    return keys


def refusal(scenario: Scenario) -> IllegalAttack:
    with pytest.raises(IllegalAttack) as e:
        resolve(scenario)
    return e.value


def said_by_file(path: Path) -> set[str]:
    scenario = load(path)
    try:
        return check(list(words_of(resolve(scenario))), scenario)
    except IllegalAttack as e:
        return check([("refusal", e.reason)], scenario)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_heresy_demo_and_suite_log_is_said_in_japanese(path: Path) -> None:
    said_by_file(path)


# -- forced cases: scripted dice through the rare branches -----------------------------------

def gets_hot(**weapon: Any) -> dict[str, Any]:
    return {"gets_hot": True, **weapon}


def vehicle_firer(d: dict[str, Any], **kw: Any) -> dict[str, Any]:
    d["units"][0] = {**rhino("f", 10, 24, side="loyal"), "unit": "firers", **kw}
    return d


def big_hull(mid: str, x: float, y: float) -> dict[str, Any]:
    return {**rhino(mid, x, y), "hull": {"w": 9, "h": 2, "facing": 90}}


CASES: dict[str, dict[str, Any]] = {
    # Gets Hot: BS 6 re-rolls the 1 and fires; a Breaching weapon's own AP; the firer
    # removed (shots 2 to 3 unfired), a vehicle firer wrecked on the last shot but one
    "gets-hot-reroll": doc([marine("a", 30, 24)], dice=[1, 4, 1, 1, "HIT", 4, 1], bs=6,
                           weapon=gets_hot()),
    "gets-hot-breaching": doc([marine("a", 30, 24)], dice=[1, 3, 2, 1, 1, "HIT", 1],
                              weapon=gets_hot(ap=4, breaching=2, shots=2)),
    "gets-hot-removed": doc([marine("a", 30, 24)], dice=[1, 1], weapon=gets_hot(shots=3)),
    "gets-hot-wrecked": vehicle_firer(doc([marine("a", 30, 24)], dice=[1, 1, 1, 6, 1, 2],
                                          weapon=gets_hot(shots=4)), hp=2),
    # HH-10: a full re-roll of a scatter that missed, by each policy
    "reroll-target-missed": doc([marine("a", 30, 24)], dice=[6, 6, 90, 1, 1, "HIT", 4, 1],
                                reroll="full", reroll_when="target-missed"),
    "reroll-missed-or-friendly": doc([marine("a", 30, 24)], dice=[6, 6, 90, 1, 1, "HIT", 4, 1],
                                     reroll="full", reroll_when="missed-or-friendly"),
    "reroll-best": doc([marine("a", 30, 24)], dice=[6, 6, 90, 1, 1, "HIT", 4, 1],
                       reroll="full"),
    # HH-6 off the table; HH-5 out of range, onto the firer's own side; a 0" scatter
    "off-table": doc([marine("a", 69, 24)], dice=[6, 6, 90], weapon={"range": 72}),
    "out-of-range": doc([marine("a", 30, 24)], dice=[6, 6, 90], weapon={"range": 24}),
    "own-side": doc([marine("a", 30, 24), marine("g", 30, 30, side="loyal", unit="allies")],
                    dice=[6, 4, 180, 4, 1]),
    "no-move": doc([marine("a", 30, 24)], dice=[2, 2, 90, 4, 1]),
    # vehicles: penetrating, glancing, nothing; wrecked
    "vehicle": doc([rhino("r", 30, 24)], dice=[1, 1, "HIT", 1, 1, "HIT", 1, 1, "HIT", 3, 2, 1],
                   weapon={"s": 8, "shots": 3}),
    "vehicle-wrecked": doc([{**rhino("r", 30, 24, facing=270), "hp": 1}], dice=[1, 1, "HIT", 6],
                           weapon={"s": 5}),
    # Mega-blast: zones, a straddling model, a vehicle on its Side armour straddling all
    # three zones, a tough model the outer zone cannot wound
    "mega": doc([marine("a", 30, 24), marine("b", 33.4, 24), marine("c", 35.5, 24),
                 big_hull("v", 31, 27), marine("t", 30, 19.75, t=8, unit="ogryns")],
                dice=[1, 1, "HIT", 2, 2, 3, 6], weapon=MEGA),
    "mega-innermost": doc([marine("a", 30, 24), marine("b", 32.4, 24, unit="other")],
                          dice=[1, 1, "HIT", 1, 1], weapon=MEGA,
                          options={"straddle": "innermost"}),
    # Breaching: wounds made AP 2; rolls that change nothing (AP 2 already, AP 1 better)
    "breaching": doc([marine("a", 30, 24), marine("b", 31.3, 24)], dice=[1, 1, "HIT", 4, 6, 1],
                     weapon={"ap": 5, "breaching": 5}),
    "breaching-ap2": doc([marine("a", 30, 24), marine("b", 31.3, 24)],
                         dice=[1, 1, "HIT", 5, 6], weapon={"ap": 2, "breaching": 5}),
    "breaching-ap1": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 6], weapon={"ap": 1,
                                                                                "breaching": 5}),
    # saves: Instant Death, Feel No Pain, a wound with no model left, cover, a bare model,
    # a weapon too weak to wound
    "instant-death": doc([marine("a", 30, 24, w=2, fnp=5)], dice=[1, 1, "HIT", 2],
                         weapon={"s": 8, "ap": 2}),
    "feel-no-pain": doc([marine("a", 30, 24, w=2, fnp=5)], dice=[1, 1, "HIT", 4, 1, 5]),
    "no-model-left": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 1, 1, "HIT", 4, 4, 1],
                         weapon={"shots": 2}),
    "wounded": doc([marine("a", 30, 24, w=3)], dice=[1, 1, "HIT", 4, 1]),
    "cover": {**doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 4, 1], weapon={"ap": 3}),
              "terrain": [{"points": AREA, "cover": 4}]},
    "too-weak": doc([marine("a", 30, 24, t=8)], dice=[1, 1, "HIT"], weapon={"s": 3}),
    # markers: a Large and a Massive Blast; two targets, two shots
    "large": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 1], weapon={"blast": 5}),
    "massive": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 1], weapon={"blast": 7}),
    "apocalyptic": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 1], weapon={"blast": 10,
                                                                              "range": 60}),
    "two-targets": doc([marine("a", 30, 24), marine("b", 30, 34, unit="other")],
                       dice=[1, 1, "HIT", 1, 1, "HIT", 6, 1, 6, 1], weapon={"shots": 2},
                       each_shot=[{}, {"target": "b"}]),
    "min-range": doc([marine("a", 30, 24)], dice=[1, 1, "HIT", 1], weapon={"min_range": 6}),
}
"""Scripted attacks, each through a rare branch of the rules (the dice order: see
engine.systems.heresy.attack)."""

REFUSED: dict[str, dict[str, Any]] = {
    "snap-shot": doc([marine("a", 30, 24)], snap_shot=True),
    "not-over-the-base": doc([marine("a", 30, 24)], aim={"x": 30.6, "y": 24}),
    "not-over-the-hull": doc([rhino("r", 30, 24)], aim={"x": 32.2, "y": 24}),
    "beyond-range": doc([marine("a", 30, 24)], weapon={"range": 12}),
    "inside-minimum-range": doc([marine("a", 14, 24)], weapon={"min_range": 6}),
    "friendly-under": doc([marine("a", 30, 24), marine("g", 31.5, 24, side="loyal",
                                                       unit="escort")]),
    "not-an-enemy": doc([marine("a", 30, 24, side="loyal")]),
    "out-of-sight": {**doc([marine("a", 30, 24)]), "terrain": [{"points": [[20, 20], [20, 28]]}]},
    "second-shot": doc([marine("a", 30, 24), marine("b", 30, 34, unit="other"),
                        marine("g", 31.5, 34, side="loyal", unit="escort")],
                       weapon={"shots": 2}, each_shot=[{}, {"target": "b"}]),
    "no-legal-aim": doc([marine("a", 30, 24), marine("g", 31.4, 24, side="loyal",
                                                     unit="escort")], aim="auto"),
}
"""Attacks the rules refuse, one per reason."""


def said_by_case(d: dict[str, Any]) -> set[str]:
    scenario = scenarios.load_dict(d)
    return check(list(words_of(resolve(scenario))), scenario)


@pytest.mark.parametrize("name", CASES)
def test_forced_cases_are_said_in_japanese(name: str) -> None:
    said_by_case(CASES[name])


@pytest.mark.parametrize("name", REFUSED)
def test_every_refusal_is_a_message_said_in_japanese(name: str) -> None:
    scenario = scenarios.load_dict(REFUSED[name])
    e = refusal(scenario)
    assert isinstance(e.reason, Msg)
    check([("refusal", e.reason)], scenario)
    assert e.said("ja").startswith(f"{e.clause}：")


def test_every_heresy_message_is_said_somewhere() -> None:
    said = set().union(*(said_by_file(p) for p in FILES),
                       *(said_by_case(d) for d in CASES.values()))
    for d in REFUSED.values():
        said |= {m.key for m in messages_in(refusal(scenarios.load_dict(d)).reason)}
    from engine.systems.heresy.allocation import TO_WOUND  # the exact odds' unseen die
    said |= {m.key for m in messages_in(TO_WOUND)}
    assert sorted(MESSAGES.keys() - said) == []


# -- the clauses ------------------------------------------------------------------------------


def test_every_hh_clause_is_in_japanese() -> None:
    hh = [c for c in CLAUSES if c.startswith("HH-")]
    assert sorted(CLAUSES_JA) == sorted(hh)
    for c in hh:
        assert clause_text(c, "ja") == CLAUSES_JA[c] != clause_text(c)
        assert english_left([CLAUSES_JA[c]], LATIN) == [], c
        assert CLAUSES_JA[c].endswith("。"), c


# -- English as it was: lines no other test pins ----------------------------------------------


def english(d: dict[str, Any]) -> list[str]:
    return [say(st.text) for st in resolve(scenarios.load_dict(d)).steps]


def test_english_setup_names_each_target_and_the_shots() -> None:
    assert english(CASES["two-targets"])[1] == (
        "f (BS 4) fires Frag (Blast, 2 shots) at a and b. Blast weapons do not roll To Hit.")
    assert english(CASES["massive"])[1:6:4] == [
        "f (BS 4) fires Frag (Massive Blast, 1 shot) at a. Blast weapons do not roll To Hit.",
        "Massive Blast: the 7\" marker; otherwise every Blast rule applies."]


def test_english_scatter_armour_and_result_lines() -> None:
    assert "Shot 1 scatter: the arrow points east, but 2D6 4 minus BS 4 leaves 0\": the " \
           "marker stays." in english(CASES["no-move"])
    lines = english(CASES["vehicle"])
    assert "All shots scattered: 3 Hits in total; now To Wound." in lines
    assert "r: 3 Hits on armour: S8 against rear armour 10: penetrating, S8 against rear " \
           "armour 10: glancing, S8 against rear armour 10: no effect." in lines
    assert lines[-1] == "r loses 2 Hull Points."
    assert english(CASES["gets-hot-wrecked"])[-1] == (
        "f loses 2 Hull Points and is wrecked.")
    assert english(CASES["off-table"])[-3:] == [
        "Shot 1 scatter: 2D6 12 minus BS 4: the marker scatters 8\" east (90 deg).",
        "The hole is beyond the table edge: a complete miss.", "No model is lost."]


def test_english_mega_blast_lines() -> None:
    lines = english(CASES["mega"])
    assert lines[5] == ("Apocalyptic Mega-blast: the 10\" marker has three zones (inner 5\" "
                        "S10 AP1, middle 7\" S8 AP3, outer 10\" S4 AP5).")
    assert any("v (inner: it straddles the inner, middle and outer zones and takes the best, "
               "S10 AP1, the higher Strength)" in t for t in lines)
    assert any(t.startswith("v: 1 Hit on armour (a Mega-blast always strikes Side armour): ")
               for t in lines)


def test_japanese_reads_in_its_own_order() -> None:
    lines = [say(st.text, "ja") for st in resolve(scenarios.load_dict(CASES["vehicle"])).steps]
    assert lines[1] == ("f（BS 4）がFrag（ブラスト、3発）でrを射撃する。"
                        "ブラスト武器は命中ロールを行わない。")
    assert "r：装甲に3ヒット：S8対後部装甲10：ペネトレイティングヒット、S8対後部装甲10："\
           "グランシングヒット、S8対後部装甲10：効果なし。" in lines
    assert lines[-1] == "rはハルポイントを2失う。"
    removed = resolve(scenarios.load_dict(CASES["gets-hot-removed"])).steps
    assert say(removed[-3].text, "ja") == (
        "fは自らのゲッツホットで除去された：2～3発目は射撃されない。")

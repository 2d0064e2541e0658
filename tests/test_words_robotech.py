"""Issue 26: the Robotech Blast log in Japanese. Every step, dice label, missile name and
legality error the Robotech rules write is a message of the catalogue, said in Japanese with
no English left but names; the English stays exactly as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_robotech import (
    ALL,
    GRENADE,
    MISSILE,
    OFF,
    attacker,
    build,
    illegal,
    play,
    structure,
    unit,
    volley,
)
from test_robotech_review import pooled, two_regults
from wordcheck import english_left, messages_in, names

from engine import scenario as scenarios
from engine import systems
from engine.clauses import CLAUSES, clause_text
from engine.log import Step
from engine.scenario import Scenario
from engine.words import Msg, Words, say
from engine.words.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("web/demos/*robotech*.json"), *ROOT.glob("tests/suite/robotech-*.json")])
NOT_OURS = frozenset({"OPT"})
"""Steps the Robotech rules do not write: the readings line (engine.readings)."""


def without_pending_readings(words: Words) -> Words:
    """`words` with any reading (engine.readings.reading_words) still given as English text
    left out: the readings' engineer turns them into messages; once a message, it is said
    and checked like the rest."""
    if not isinstance(words, Msg):
        return words
    return Msg(words.key, {k: "" if k == "reading" and isinstance(v, str)
                           else without_pending_readings(v) if isinstance(v, Msg)
                           else [without_pending_readings(x) for x in v]
                           if isinstance(v, list) else v
                           for k, v in words.args.items()})


def texts(steps: list[Step]) -> list[Words]:
    """What the Robotech rules wrote: each step's text, its rolls' labels and its marks'
    names (a template's label and source, a scatter arrow's label)."""
    out: list[Words] = []
    for step in steps:
        if step.clause in NOT_OURS:
            continue
        out.append(step.text)
        out += [r.label for r in step.rolls]
        out += [m[k] for m in step.marks for k in ("label", "source") if m.get(k)]
    return out


KEPT = frozenset({"GN", "MDC", "D"})
"""Marks wordcheck.UNTRANSLATED does not let through yet: GN (Gunnery) and MDC stay as
written, as PIL, DF and MD do; and wordcheck's word pattern reads the "D" of "D6" and
"2D6" alone (its "D6" never matches)."""


def allowed(scenario: Scenario) -> set[str]:
    """Words left as typed: the names in the scenario, the sides' names, profile marks."""
    sides = {word for u in scenario.units for word in u.side.replace("-", " ").split()}
    return names(scenario) | sides | KEPT


def check(scenario: Scenario, said: list[Words]) -> None:
    """Every text a message whose keys exist; in Japanese, no English word left."""
    assert said
    assert [w for w in said if not isinstance(w, Msg)] == []
    missing = sorted({m.key for w in said for m in messages_in(w) if m.key not in CATALOGUE})
    assert missing == []
    japanese = [say(without_pending_readings(w), "ja") for w in said]
    assert english_left(japanese, allowed(scenario)) == []


def load(path: Path) -> Scenario:
    return scenarios.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_robotech_demo_and_suite_file_reads_in_japanese(path: Path) -> None:
    scenario = load(path)
    check(scenario, texts(list(systems.resolve(scenario).steps)))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_robotech_file_reads_in_japanese_over_many_seeds(path: Path) -> None:
    scenario = load(path)
    for seed in range(1, 25):
        check(scenario, texts(list(systems.resolve(scenario, seed).steps)))


# -- the rare branches, forced with scripted dice (tests/test_robotech.py's board) ---------


def whole_volley_miss(damage: str) -> Scenario:
    units = [attacker(), unit("r1", 30, 24), unit("r2", 33, 24)]
    return build(units, weapon=volley(4), options={"volley_miss_damage": damage})


FORCED: dict[str, tuple[Scenario, list[Any]]] = {
    # RT-20: four natural 1s, ONE template scatters (direction 1, 2"), new Strike 6 + 1
    "volley-miss-full": (whole_volley_miss("full"), [1, 1, 1, 1, 1, 1, 1, 6]),
    "volley-miss-half": (whole_volley_miss("half"), [1, 1, 1, 1, 1, 1, 1, 6]),
    # RT-11: r1 shoots the missile down with a 6; then a 5 that misses
    "shoot-down": (build([attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24),
                          structure("s1", 28, 25.5)], weapon=MISSILE,
                         reactions={"default": ALL}), [3, 6]),
    "shoot-down-missed": (build([attacker(), unit("r1", 30, 24, cp=1), unit("r2", 32, 24)],
                                weapon=volley(2), reactions={"default": ALL}), [3, 3, 5]),
    # RT-15: a scatter, a new Strike 5, r1's Dodge 2 + 2 fails, Roll with Impact; r2's DF 6
    "dodge-after-scatter": (build([attacker(), unit("r1", 30, 24, cp=2),
                                   unit("r2", 31, 24, df=6)], weapon=MISSILE,
                                  reactions={"default": {**ALL, "shoot_down": False}}),
                            [2, 1, 1, 1, 4, 2]),
    # RT-8: structures take full and half with no reduction
    "structures": (build([attacker(), structure("s1", 30, 24, df=3),
                          structure("s2", 32, 24, df=3)], weapon=MISSILE,
                         targets=["s1"], reactions={"default": ALL}), [3]),
    # RT-18: four missiles are Inescapable; an Inescapable weapon
    "inescapable-four": (build([attacker(), unit("r1", 30, 24, cp=1)], weapon=volley(4),
                               reactions={"default": {**OFF, "dodge": True}}), [3, 3, 3, 3]),
    "inescapable-four-striking": (build([attacker(), unit("r1", 30, 24, cp=1)],
                                        weapon=volley(4),
                                        options={"inescapable_count": "would-damage"},
                                        reactions={"default": {**OFF, "dodge": True}}),
                                  [3, 3, 3, 3]),
    "inescapable-weapon": (build([attacker(), unit("r1", 30, 24, cp=2)],
                                 weapon=volley(2, "inescapable"),
                                 reactions={"default": ALL}), [3, 3, 1]),
    # RT-3: Indirect Fire at a point on the ground, seen by a friend
    "ground-point": (build([attacker(), unit("b2", 26, 40, side="blue"), unit("r1", 29, 12)],
                           weapon={**GRENADE, "abilities": ["blast", "indirect_fire"]},
                           point={"x": 30, "y": 12}, terrain=[[[14, 4], [14, 20]]]), [3]),
    "ground-point-volley-scatters": (
        build([attacker(), unit("b2", 26, 40, side="blue"), unit("r1", 29, 12)],
              weapon={**volley(2), "abilities": ["blast", "missile", "volley", "indirect_fire"]},
              point={"x": 30, "y": 12}), [1, 3, 1, 1, 1, 6]),
    # RT-13 and RT-16: a capped scatter, a dud
    "capped-dud": (build([attacker(), unit("r1", 12, 24), unit("r9", 30, 24)]),
                   [2, 1, 6, 6, 4]),
    "dud-under-df": (build([attacker(), unit("r1", 30, 24), unit("r2", 31, 24, df=3)]),
                     [2, 1, 1, 1, 1]),
    # RT-1, RT-22: natural rolls, a secondary target, a divided volley (RT-21)
    "natural-six-spared": (build([attacker(gn=1), unit("r1", 30, 24), unit("r2", 30, 34, df=6)],
                                 weapon=volley(2), targets=["r1", "r2"],
                                 options={"natural_rolls": "point-of-impact"}),
                           [1, 6, 1, 1, 1, 6]),
    "natural-one-misses": (build([attacker(gn=4), unit("r1", 30, 24)],
                                 options={"natural_rolls": True}), [1, 1, 6, 6, 3]),
    "natural-six-dodge": (build([attacker(gn=2), unit("r1", 30, 24, cp=1, pil=1)],
                                reactions={"default": {**OFF, "dodge": True}},
                                options={"natural_rolls": True}), [6, 6]),
    "divided-volley": (build([attacker(), unit("r1", 30, 24), unit("r2", 30, 34)],
                             weapon=volley(3), targets=["r1", "r2", "r1"]),
                       [3, 5, 4, 1, 6, 6, 3]),
    # modifiers: the attack's Strike modifier, a unit's Dodge modifier
    "modifiers": (build([attacker(), unit("r1", 30, 24, cp=1, dodge_modifier=-1)],
                        reactions={"default": ALL}, strike_modifier=1), [3, 5]),
    # a side's pool of Command Points; an MDC reached; a Life is Cheap friend under it
    "pool": (pooled(two_regults(), reactions={"default": {**OFF, "dodge": True,
                                                           "roll_with_impact": True}}),
             [3, 1]),
    "pool-given": (pooled(two_regults(), cp={"red": 1},
                          reactions={"default": {**OFF, "dodge": True,
                                                 "roll_with_impact": True}}), [3, 1]),
    "destroyed": (build([attacker(), unit("r1", 30, 24, mdc=6), unit("r2", 32, 24, mdc=4),
                         structure("s1", 28, 25.5, mdc=3)]), [3]),
    "own-side": (build([attacker(), unit("r1", 30, 24),
                        unit("b2", 32, 24, side="blue", life_is_cheap=True,
                             anti_missile=True)], weapon=MISSILE,
                       reactions={"default": "best"}), [3]),
    # Dodge OR shoot down
    "shot-so-no-dodge": (build([attacker(), unit("r1", 30, 24, cp=2)], weapon=MISSILE,
                               reactions={"default": ALL}), [3, 5]),
    # the blast strikes no unit: a ground point with nobody under it
    "strikes-no-unit": (build([attacker(), unit("b2", 26, 40, side="blue"), unit("r1", 29, 2)],
                              weapon={**GRENADE, "abilities": ["blast", "indirect_fire"]},
                              point={"x": 30, "y": 12}), [3]),
}


@pytest.mark.parametrize("case", sorted(FORCED))
def test_the_rare_branches_read_in_japanese(case: str) -> None:
    scenario, dice = FORCED[case]
    _, steps = play(scenario, dice)
    check(scenario, texts(steps))


ILLEGAL: dict[str, Scenario] = {
    "no-blast": build([attacker(), unit("r1", 30, 24)], weapon={**GRENADE, "abilities": []}),
    "friendly-target": build([attacker(), unit("b1", 30, 24, side="blue")], targets=["b1"]),
    "ground": build([attacker(), unit("r1", 30, 24)], point={"x": 30, "y": 12}),
    "range": build([attacker(), unit("r1", 36, 24)], weapon={**GRENADE, "range": 20}),
    "terrain": build([attacker(), unit("r1", 30, 24)], terrain=[[[20, 20], [20, 28]]]),
    "base": build([attacker(), unit("r2", 20, 24), unit("r1", 30, 24)],
                  options={"line_of_sight": "bases"}),
    "no-spotter": build([attacker(), unit("r1", 30, 12)],
                        weapon={**GRENADE, "abilities": ["blast", "indirect_fire"]},
                        terrain=[[[14, 4], [14, 20]]]),
    "point-range": build([attacker(), unit("r1", 30, 12)],
                         weapon={**GRENADE, "range": 20,
                                 "abilities": ["blast", "indirect_fire"]},
                         point={"x": 30, "y": 24}),
    "friend-under": build([attacker(), unit("r1", 30, 24), unit("b2", 32, 24, side="blue")]),
}


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_every_illegal_attack_reads_in_japanese(case: str) -> None:
    scenario = ILLEGAL[case]
    check(scenario, [illegal(scenario).reason])


def test_a_missile_names_its_arrow_and_its_template_with_one_message() -> None:
    _, steps = play(*FORCED["divided-volley"])
    arrows = [m["label"] for s in steps for m in s.marks if m["kind"] == "scatter"]
    sources = [m["source"] for s in steps for m in s.marks
               if m["kind"] == "template" and m["role"] == "final"]
    assert arrows == [Msg("rt.missile", {"n": 2})] and arrows[0] in sources
    assert {say(s, "ja") for s in sources} == {"ミサイル1", "ミサイル2", "ミサイル3"}
    assert say(arrows[0]) == "missile 2"


# -- English unchanged where no other test says so -----------------------------------------


def said(case: str, clause: str) -> list[str]:
    _, steps = play(*FORCED[case])
    return [say(s.text) for s in steps if s.clause == clause]


def test_english_lines_are_unchanged() -> None:
    assert said("volley-miss-half", "RT-20")[0] == (
        "Every missile of the volley missed: ONE template, the volley's, scatters and "
        "inflicts only the MD of one missile, halved as any scattered blast: 4 (reading: That "
        "one template deals: half of one missile's MD)")
    assert said("dodge-after-scatter", "RT-15") == [
        "r2 DF 6 above the new Strike roll 5: no damage"]
    assert said("capped-dud", "RT-13") == [
        "The scatter is capped at the range to the target: 4.43\" instead of 12\""]
    assert said("capped-dud", "RT-16") == [
        "The blast: new Strike 4 + 1 = 5 where it comes down (16.4, 24.0): no unit under it: "
        "a dud, no second scatter"]
    assert said("dud-under-df", "RT-16")[0].endswith(
        "it reaches no DF under the template: a dud, no second scatter")
    assert said("structures", "RT-8") == ["S1 is a structure: it takes 9 with no reduction",
                                          "S2 is a structure: it takes 4 with no reduction"]
    assert said("inescapable-weapon", "RT-18") == ["R1 cannot dodge: Volley 2 is Inescapable"]
    assert said("inescapable-four-striking", "RT-18") == [
        "R1 cannot dodge: 4 missiles of the volley strike it, so Inescapable"]
    assert said("shoot-down", "RT-11") == [
        "R1 shoots at the missile over it (1 CP) and rolls 6: shot down: they damage no one"]
    assert said("shoot-down-missed", "RT-11") == [
        "R1 shoots at missiles 1, 2 over it (1 CP) and rolls 5: it misses, no effect"]
    assert said("ground-point", "SETUP") == ["A1 fires 64 mm grenade launcher (MD 6): "
                                             "the point (30, 12)"]
    assert said("ground-point", "RT-5") == [
        "The blast lands on the point (30, 12): it strikes r1 half 3"]
    assert said("strikes-no-unit", "RT-5") == [
        "The blast lands on the point (30, 12): it strikes no unit"]
    assert said("modifiers", "SETUP") == [
        "A1 fires 64 mm grenade launcher (MD 6, Strike modifier +1): r1"]
    assert said("pool-given", "SETUP")[1] == (
        "red's Command Points: a pool of 1 (as the scenario gives), spent by any of its mecha "
        "(reading: Command Points are spent from: one pool per side)")
    assert said("natural-six-spared", "RT-14") == [
        "Missile 1: new Strike 6 + 1 = 7 where it comes down (32.0, 24.0): it strikes r1 half 4"]
    assert said("destroyed", "RESULT") == [
        "r1 takes 6 damage (1 template over it, 0 CP spent), destroyed: 6 reaches its MDC 6; "
        "r2 takes 3 damage (1 template over it, 0 CP spent); s1 takes 3 damage (1 template "
        "over it, 0 CP spent), destroyed: 3 reaches its MDC 3"]
    _, steps = play(build([attacker(), unit("r1", 30, 24)]), [1, 1, 6, 6, 6])
    assert [say(r.label) for s in steps for r in s.rolls][:1] == [
        "Strike at r1 (D6 + GN 2)"]


def test_no_damage_and_the_illegal_reasons_in_english() -> None:
    _, steps = play(*FORCED["capped-dud"])
    assert say(steps[-1].text) == "No damage"
    assert str(illegal(ILLEGAL["friend-under"])) == (
        "RT-4: friendly mecha b2 would be under the template (only Life is Cheap mecha may be)")
    assert str(illegal(ILLEGAL["no-spotter"])) == (
        "RT-3: no friendly mecha has line of sight to r1 (Indirect Fire needs one)")


def test_japanese_reads_as_players_write_it() -> None:
    _, steps = play(*FORCED["dodge-after-scatter"])
    ja = [say(s.text, "ja") for s in steps if s.clause != "OPT"]
    assert "ブラストがr1からスキャッター：方向1（方位90°）、2インチ" in ja
    assert "r1がドッジ（1 CP）、ストライク・ロール5に対して2 + PIL 2 = 4：失敗" in ja
    assert "r1がロール・ウィズ・インパクト（1 CP）：4ダメージが2に" in ja
    assert say(illegal(ILLEGAL["ground"]).reason, "ja") == (
        "間接射撃の能力がなければ、ブラストで地面の一点を目標にはできない")


def test_every_rt_clause_has_its_japanese() -> None:
    rt = [c for c in CLAUSES if c.startswith("RT-")]
    assert len(rt) == 22
    japanese = [clause_text(c, "ja") for c in rt]
    assert all(text != CLAUSES[c] for c, text in zip(rt, japanese, strict=True))
    assert english_left(japanese, set(KEPT)) == []


def test_the_files_are_all_robotech() -> None:
    assert len(FILES) == 12
    assert all(json.loads(p.read_text("utf-8"))["system"] == "robotech" for p in FILES)

"""Issue 26: the BattleTech Battlefield Support log in both languages.

Every step text, dice label and refusal the BattleTech rules (engine.systems.battletech)
make is a message of the catalogue (engine.words.battletech), said in Japanese with no
English left but names and the marks Japanese players write as record sheets print them;
the BT clauses are seed 004's own Japanese sentences; and the English log is what it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.clauses import CLAUSES, ENGINE_CLAUSES, clause_text
from engine.dice import ScriptedDice
from engine.errors import IllegalAttack
from engine.log import Step
from engine.scenario import Scenario, load_dict
from engine.systems import battletech as bt
from engine.systems import resolve
from engine.words import Msg, Words, say
from engine.words.battletech import CLAUSES_JA
from engine.words.catalogue import CATALOGUE
from tests.test_battletech import make, mech, run, sheet
from tests.test_battletech_review import BSP_TURN, LONG_TOM
from tests.wordcheck import english_left, messages_in, names

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("web/demos/*battletech*.json"),
                *ROOT.glob("tests/suite/battletech*.json")])
SEED = (ROOT.parent / "shared" / "seeds" / "004_68165ec3631e0ecf.txt")
if not SEED.exists():  # a worktree beside main: shared/ is beside the main checkout
    SEED = Path("/work/shared/seeds/004_68165ec3631e0ecf.txt")

MARKS = frozenset({
    # hit locations as record sheets print them ("CT(R)": rear armour), the map sheets of a
    # hex label ("1812 (B:0212)"), the D of 2D6, the seed's MoF and the books it cites
    "CT", "LT", "RT", "LA", "RA", "LL", "RL", "R", "B", "C", "D", "MoF",
    "AGOAC", "TW", "BMM", "BFM", "P", "p",
})
"""Latin letters a Japanese BattleTech log and the seed's clauses keep as they are."""

CLAUSE_WORDS = frozenset(w for cid in (*CLAUSES, *ENGINE_CLAUSES)
                         for w in re.findall(r"[A-Za-z]+", cid))
"""The words of clause IDs ("BT-STRAFE.3"), which a step cites as they are."""

READING_ARGS = ("reading", "option", "choice")
"""Arguments that are the readings' words (engine.readings, converted in its own part):
left out here until they are messages, which are then checked with the rest."""


def _without_readings(words: Words) -> Words:
    if not isinstance(words, Msg):
        return words
    args: dict[str, Any] = {}
    for k, v in words.args.items():
        if k in READING_ARGS and isinstance(v, str):
            args[k] = ""
        elif isinstance(v, list | tuple):
            args[k] = [_without_readings(x) for x in v]
        else:
            args[k] = _without_readings(v)
    return Msg(words.key, args)


def _texts(steps: tuple[Step, ...] | list[Step]) -> list[Words]:
    """What the BattleTech rules wrote in these steps: each text (but the readings' OPT
    step, engine.readings's) and each dice label."""
    return [*(s.text for s in steps if s.clause != "OPT"),
            *(r.label for s in steps for r in s.rolls)]


def assert_said_in_japanese(scn: Scenario, steps: tuple[Step, ...] | list[Step]) -> None:
    """Every text a message (a plain str only where it is empty: a turn with no unit), its
    keys in the catalogue, said in Japanese with no English left."""
    texts = _texts(steps)
    assert texts
    assert [t for t in texts if not isinstance(t, Msg) and t != ""] == []
    missing = {m.key for t in texts for m in messages_in(t) if m.key not in CATALOGUE}
    assert missing == set()
    said = [say(_without_readings(t), "ja") for t in texts]
    assert english_left(said, typed(scn) | MARKS | CLAUSE_WORDS) == []


def typed(scn: Scenario) -> set[str]:
    """The words players typed: names (tests/wordcheck.py) and the sides ("Kurita")."""
    sides = {scn.attack.side, scn.attack.defender or "", *(u.side for u in scn.units),
             *(scn.attack.bsp or {})}
    return names(scn) | {w for side in sides for w in re.findall(r"[A-Za-z]+", side)}


def _scenario(path: Path) -> Scenario:
    return load_dict(json.loads(path.read_text("utf-8")))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_battletech_demo_and_suite_file_is_said_in_japanese(path: Path) -> None:
    scn = _scenario(path)
    assert_said_in_japanese(scn, resolve(scn).steps)


def test_the_japanese_log_uses_the_seeds_words() -> None:
    scn = _scenario(ROOT / "web/demos/battletech-bombing-scatter.json")
    said = [say(s.text, "ja") for s in resolve(scn).steps]
    assert "Kuritaは1010への重爆撃を宣言" in said
    assert any("飛散" in t and "ターゲットナンバー7" in t for t in said)
    assert any("ダメージ" in t for t in said)
    step = next(s for s in resolve(scn).steps if s.clause == "BT-RULE.3")
    assert "右側面" in say(step.text, "ja") and "命中部位" in say(step.rolls[0].label, "ja")


# -- the rare branches, forced with scripted dice ------------------------------------------

SHELL = {"kind": "artillery", "gun": "thumper", "target": "1010"}
SPOTTERS = [mech("j", "2026", side="kurita"), mech("a", "1010")]
HEAD_ONLY = sheet(Head_armour=0, Head_structure=3)

CASES: dict[str, tuple[Any, list[Any], str]] = {
    # Air Cover that fails and one that discards; a revealed Bluff; the hidden aerospace rule
    "air cover and a bluff revealed": (
        lambda: make([mech("a", "1010")],
                     [{"kind": "bluff"}, {"kind": "light_strike", "target": "1010"},
                      {"kind": "heavy_bombing", "target": "1010"}],
                     air_cover=[{"kind": "heavy", "against": 0},
                                {"kind": "light", "against": 1},
                                {"kind": "heavy", "against": 2}], hidden=True),
        [1, 1, 1, 1, 3, 3], "BT-BLUFF"),
    # a shell spotted in both turns by a spotter that attacked (-1 only)
    "artillery spotted, the spotter attacked": (
        lambda: make(SPOTTERS, in_flight=[dict(SHELL, spotter="j", spotted=["fired", "arrival"],
                                               spotter_attacked=True)]),
        [4, 4, 1, 3, 4, 3, 4, 3, 4], "BT-ART.4"),
    "artillery spotted in the firing turn only": (
        lambda: make([mech("a", "1010")], in_flight=[dict(SHELL, spotted=["fired"])]),
        [6, 6, 1, 3, 4, 3, 4, 3, 4], "BT-ART.4"),
    "artillery scattered off the map, lost": (
        lambda: make([mech("a", "0101")], in_flight=[LONG_TOM]), [3, 3, 1], "BT-ART-SCATTER"),
    "artillery scattered off the map, its area on the map": (
        lambda: make([mech("a", "0101")], in_flight=[LONG_TOM],
                     options={"off_map": "area-on-map"}),
        [3, 3, 1] + [3, 4] * 3, "BT-ART-AOE"),
    "artillery fired, in flight": (
        lambda: make([mech("a", "1010")], [dict(SHELL, gun="sniper")], turn=3), [], "BT-ART.3"),
    "strafing one hex, a building reached by every strike": (
        lambda: make([mech("m", "1010"), mech("b", "1010", type="building")],
                     [{"kind": "strafing", "hexes": ["1010"]}],
                     terrain={"1010": {"building": {"cf": 40}}},
                     options={"building_damage": "every-strike"}),
        [4, 4, 1, 3, 4, 3, 4, 3, 4], "BT-BOMB.2"),
    "strafing missed": (
        lambda: make([mech("m", "1010")], [{"kind": "strafing", "hexes": ["1010", "1011"]}]),
        [1, 1], "BT-STRAFE.4"),
    "strafing over deep and shallow water": (
        lambda: make([mech("deep", "1010"), mech("wading", "1011")],
                     [{"kind": "strafing", "hexes": ["1010", "1011"]}],
                     terrain={"1010": {"water": 2}, "1011": {"water": 1}}),
        [4, 4, 5, 1, 3, 6], "BT-RULE.5"),
    "a bomb scattered onto a building": (
        lambda: make([mech("a", "1011")], [{"kind": "light_bombing", "target": "1010"}],
                     terrain={"1011": {"building": {"cf": 40}}}),
        [1, 3, 4, 3, 4, 3, 4, 3, 4], "BT-BOMB.2"),
    "a record sheet to the last: head destroyed, a critical check": (
        lambda: make([mech("a", "1010", record=HEAD_ONLY)],
                     [{"kind": "heavy_strike", "target": "1010"}]),
        [3, 3, 1] + [6, 6] * 3 + [1, 1], "BT-SHEET"),
    "one attack direction for the hex": (
        lambda: make([mech("a", "1010"), mech("b", "1010")],
                     [{"kind": "light_strike", "target": "1010"}],
                     options={"direction_roll": "attack"}),
        [3, 3, 6] + [3, 4] * 4, "BT-RULE.2"),
    "pre-plotted artillery on infantry and an asset": (
        lambda: make([mech("i", "1010", type="infantry"), mech("v", "1011", type="vehicle")],
                     preplotted={"thumper": ["1010"]},
                     supports=[dict(SHELL, preplotted=True)]),
        [], "BT-ART.1"),
    "the same support twice": (
        lambda: make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}] * 2),
        [1, 1, 1, 1], "BT-AIR"),
    "no unit on the map, Air Cover of an unnamed defender, a budget": (
        lambda: make([], BSP_TURN[:1], air_cover=[{"kind": "light", "against": 0}],
                     bsp={"kurita": 20}),
        [1, 1, 1, 1, 1], "BT-GEN.2"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_rare_branches_are_said_in_japanese(case: str) -> None:
    build, dice, clause = CASES[case]
    scn = build()
    _, log = run(scn, dice)
    assert clause in [s.clause for s in log.steps]
    assert_said_in_japanese(scn, log.steps)


def test_a_refusal_is_a_message_said_in_japanese() -> None:
    scn = make([mech("sub", "1010"), mech("deep", "1010")],
               [{"kind": "heavy_strike", "target": "1010"}], terrain={"1010": {"water": 2}})
    with pytest.raises(IllegalAttack) as e:
        bt.prepare(scn)
    assert isinstance(e.value.reason, Msg)
    assert say(e.value.reason) == (
        "Heavy Air Strike on 1010: every unit it could attack (sub, deep) is fully submerged, "
        "and a submerged target cannot be the target of an air strike")
    ja = say(e.value.reason, "ja")
    assert ja.startswith("1010への重航空攻撃：攻撃しうるユニット（sub、deep）")
    assert english_left([ja], typed(scn)) == []


# -- English unchanged where no other test says so ------------------------------------------


def _english(case: str) -> list[str]:
    build, dice, _ = CASES[case]
    _, log = run(build(), dice)
    return [say(s.text) for s in log.steps] + [say(r.label) for s in log.steps for r in s.rolls]


def test_english_lines_are_as_they_were() -> None:
    lines = _english("air cover and a bluff revealed")
    assert ("Light Air Cover against the Light Air Strike on 1010: 2 < 3: no effect"
            in lines)
    assert ("Heavy Air Cover against the Heavy Bombing on 1010: 6 >= 6: the attack is "
            "discarded" in lines)
    assert "Heavy Air Cover (2D6)" in lines
    assert ("offensive aerospace cards laid face down; 3 Air Cover cards laid face down "
            "beside them; revealed" in lines)
    assert ("Thumper at 1010: target hex spotted by j in the turn it was fired and the turn "
            "it lands: TN 8 -1 = 7 (the spotter attacked: -1 only, +1 to its own attacks)"
            in _english("artillery spotted, the spotter attacked"))
    assert ("Thumper at 1010: target hex spotted only in the turn it was fired: no modifier "
            "(spotting must be in both turns), TN 8"
            in _english("artillery spotted in the firing turn only"))
    assert ("Long Tom at 0102: area of effect around its impact hex off the map: 5 / 3 / 1 "
            "groups by ring (target hex, adjacent, radius 2); 1 unit inside"
            in _english("artillery scattered off the map, its area on the map"))
    assert ("Strafing run on 1010: 2D6 shows 8 against TN 7 (BT-RULE.4) for m: hit, an "
            "attack of 3 damage groups, each with a hit location roll of its own (BT-STRAFE.3)"
            in _english("strafing one hex, a building reached by every strike"))
    assert "Strafing run on 1010 on m (2D6)" in _english(
        "strafing one hex, a building reached by every strike")
    assert ("Strafing run 1010-1011: 2D6 shows 2 against TN 7 (BT-RULE.4) for m: no effect on "
            "it (the other hexes are unaffected)" in _english("strafing missed"))
    assert ("Strafing run 1010-1011: wading takes 3 groups from the rear (PUNCH table (depth-1 "
            "water)): 5 LA, 5 CT(R), 5 Head; total 15"
            in _english("strafing over deep and shallow water"))
    assert ("deep is submerged in depth-2 water: it cannot be attacked and the damage is "
            "ignored" in _english("strafing over deep and shallow water"))
    sheet_lines = _english("a record sheet to the last: head destroyed, a critical check")
    assert ("Heavy Air Strike on 1010: a takes 4 groups from the front ('Mech hit location "
            "table): 5 Head, 5 Head, 5 Head, 5 CT (critical check); total 20" in sheet_lines)
    assert ("a's record sheet after the turn: Head destroyed, CT armour 15 of 20, the 'Mech is "
            "destroyed" in sheet_lines)
    assert "Light Air Strike on 1010 (2nd) (2D6)" in _english("the same support twice")
    assert ("Battlefield Support Points spent (the Battlefield Support table): kurita 4 this "
            "turn, 4 in the game (of 20); the defender 1 this turn, 1 in the game"
            in _english("no unit on the map, Air Cover of an unnamed defender, a budget"))
    assert "" in _english("no unit on the map, Air Cover of an unnamed defender, a budget")


def test_the_japanese_of_rare_lines() -> None:
    build, dice, _ = CASES["a record sheet to the last: head destroyed, a critical check"]
    _, log = run(build(), dice)
    said = [say(s.text, "ja") for s in log.steps]
    assert any("頭部に5" in t and "（クリティカルチェック）" in t for t in said)
    assert any(t.startswith("ターン終了時のaの記録シート：") and "頭部破壊" in t
               and t.endswith("メック破壊") for t in said)
    build, dice, _ = CASES["no unit on the map, Air Cover of an unnamed defender, a budget"]
    _, log = run(build(), dice)
    said = [say(s.text, "ja") for s in log.steps]
    assert ("使用した戦場支援ポイント（BSP、戦場支援表）：kurita：このターン4、ゲーム中4（20中）／"
            "防御側：このターン1、ゲーム中1" in said)


def test_support_names_are_the_seeds() -> None:
    said = {kind: say(name, "ja") for kind, name in bt.turn.PRETTY.items()}
    assert said["heavy_bombing"] == "重爆撃" and said["light_bombing"] == "軽爆撃"
    assert said["light_strike"] == "軽航空攻撃" and said["heavy_strike"] == "重航空攻撃"
    assert said["strafing"] == "掃射" and said["bluff"] == "ブラフ"
    assert {k: say(v) for k, v in bt.turn.PRETTY.items()} == {
        "light_strike": "Light Air Strike", "heavy_strike": "Heavy Air Strike",
        "light_bombing": "Light Bombing", "heavy_bombing": "Heavy Bombing",
        "strafing": "Strafing", "bluff": "Bluff", "thumper": "Thumper", "sniper": "Sniper",
        "long_tom": "Long Tom"}


def test_dice_labels_are_messages_with_english_unchanged() -> None:
    scn = _scenario(ROOT / "web/demos/battletech-strafing-run.json")
    labels = {say(r.label) for s in resolve(scn, dice=None).steps for r in s.rolls}
    assert {"attack direction (1D6)", "hit location (2D6)", "punch location (1D6)"} <= labels
    scn = _scenario(ROOT / "web/demos/battletech-bombing-scatter.json")
    res = resolve(scn)
    assert "scatter direction (1D6)" in {say(r.label) for s in res.steps for r in s.rolls}
    assert "飛散方向（1D6）" in {say(r.label, "ja") for s in res.steps for r in s.rolls}


# -- the clauses ----------------------------------------------------------------------------

BT_IDS = sorted(k for k in CLAUSES if k.startswith("BT"))
ENGINE_IDS = sorted(ENGINE_CLAUSES)


def test_every_bt_clause_and_engine_clause_has_japanese() -> None:
    assert sorted(set(BT_IDS) | set(ENGINE_IDS)) == sorted(CLAUSES_JA)
    for cid in (*BT_IDS, *ENGINE_IDS):
        ja = clause_text(cid, "ja")
        assert ja == CLAUSES_JA[cid] and ja != clause_text(cid)
        assert english_left([ja], set(MARKS)) == [], cid


def _bigrams(text: str) -> set[str]:
    plain = re.sub(r"[\s、。，．：:;；（）()「」『』・\-—]", "", text)
    return {plain[i:i + 2] for i in range(len(plain) - 1)}


@pytest.mark.skipif(not SEED.exists(), reason="the seed is in shared/")
@pytest.mark.parametrize("cid", BT_IDS)
def test_bt_clauses_are_in_the_seeds_own_words(cid: str) -> None:
    """Quoted or condensed from seed 004, not translated back from English: nearly every
    pair of characters of each sentence is the seed's."""
    seed = _bigrams(SEED.read_text("utf-8"))
    for sentence in filter(None, CLAUSES_JA[cid].split("。")):
        pairs = _bigrams(sentence)
        if pairs:
            share = len(pairs & seed) / len(pairs)
            assert share >= 0.85, f"{cid}: {sentence!r} ({share:.0%} of it is the seed's)"


def test_scripted_dice_work_with_message_labels() -> None:
    scn = make([mech("a", "1010")], [{"kind": "light_strike", "target": "1010"}])
    res = resolve(scn, dice=ScriptedDice([1, 1]))
    assert [say(r.label, "ja") for s in res.steps for r in s.rolls] == ["1010への軽航空攻撃（2D6）"]

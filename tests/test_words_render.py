"""Issue 26: what the renderers draw and sum up, the odds and Best aim words and the command
line, said in Japanese, leave no English word but names; English is unchanged.

Names are the only Latin words allowed: the scenario's, the games', clause IDs, and the
marks Japanese rule books write as they are (`tests.wordcheck`).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import aim, objectives, systems
from engine import scenario as scenarios
from engine.__main__ import format_odds, format_ranking, format_resolution, main
from engine.errors import IllegalAttack
from engine.log import Resolution
from engine.odds import Odds
from engine.render import chart, export, legend, oddswords, rules, summary, tally
from engine.render.board import board
from engine.render.common import TITLE_STATES
from engine.render.hexmap import KIND_LETTERS
from engine.render.labels import text_width
from engine.scenario import Scenario
from engine.systems.battletech import sheet
from engine.words import Msg, msg, say
from engine.words.catalogue import CATALOGUE
from tests.wordcheck import _WORD, english_left, messages_in, names

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(p.relative_to(ROOT).as_posix() for p in [
    *ROOT.glob("web/demos/*.json"), *ROOT.glob("tests/suite/*.json")])
SVG = "{http://www.w3.org/2000/svg}"


@cache
def _scenario(path: str) -> Scenario:
    return scenarios.loads((ROOT / path).read_text("utf-8"))


@cache
def _resolution(path: str) -> Resolution | None:
    try:
        return systems.resolve(_scenario(path))
    except IllegalAttack:
        return None


@cache
def _odds(path: str) -> Odds | None:
    try:
        return systems.odds(_scenario(path), method="monte-carlo", trials=200)
    except IllegalAttack:
        return None


ADDRESS = "example.org"
"""The app's address under the share picture (a URL has no language)."""


def _no_english(texts: Iterable[str], path: str) -> None:
    """No English word in `texts` but names: the scenario's (its sides too), the games', the
    address's and clause IDs."""
    s, res = _scenario(path), _resolution(path)
    allowed = names(s) | {w for u in s.units for w in _WORD.findall(u.side)}
    allowed |= {w for text in (ADDRESS, *export.SYSTEM_NAMES.values(),
                               *(step.clause for step in (res.steps if res else ())))
                for w in _WORD.findall(text)}
    assert english_left([t for t in texts if t], allowed) == []


def _result_texts(path: str) -> list[str]:
    s, res = _scenario(path), _resolution(path)
    if res is None:
        return [tally.result_text(s, None, lang="ja")]
    texts = [tally.result_text(s, res, lang="ja"), tally.result_text(s, None, lang="ja")]
    for upto in (None, 0, 1, len(res.steps) // 2):
        for line in tally.tally_lines(s, res, upto, lang="ja"):
            texts += [line.text, *(text for _, text in line.detail)]
    texts += [line.text for line in tally.tally_lines(s, res, so_far=True, lang="ja")]
    return texts


@pytest.mark.parametrize("path", FILES)
def test_the_result_is_said_in_japanese(path: str) -> None:
    _no_english(_result_texts(path), path)



def _odds_texts(path: str) -> list[str]:
    s, o = _scenario(path), _odds(path)
    if o is None:
        return []
    view = oddswords.odds_view(s, o.to_dict(), lang="ja")
    texts = [*view.headers, *view.model_headers, view.lead,
             oddswords.idle_words(view, lang="ja"), say(o.note, "ja"),
             str(o.to_dict("ja").get("note", "")), export.odds_line(s, o, lang="ja"),
             format_odds(o, "ja"), *(r.name for r in (*view.rows, *view.models)),
             *(c for r in (*view.rows, *view.models) for c in r.cells)]
    for figures in (*o.units.values(), *o.groups.values()):
        texts.append(oddswords.removed_words(figures, lang="ja"))
        for name, what in (("damage", "damage"), ("hits", "hits"),
                           ("removed", "models removed")):
            if figures.get(name):
                svg = chart.bar_chart(figures[name], what, figures.get(f"{name}_at_least"),
                                      lang="ja")
                texts += _svg_texts(svg)
    return texts


@pytest.mark.parametrize("path", FILES)
def test_the_odds_are_said_in_japanese(path: str) -> None:
    _no_english(_odds_texts(path), path)


def _svg_texts(svg: str) -> list[str]:
    """The visible words of an SVG: every <text> and <title> (hex numbers and sheet letters
    are labels, not words)."""
    root = ET.fromstring(svg)
    skip = {id(t) for g in root.iter(f"{SVG}g") if "hexlabels" in (g.get("class") or "")
            for t in g.iter()}
    return ["".join(e.itertext()) for e in root.iter()
            if e.tag in (f"{SVG}text", f"{SVG}title") and id(e) not in skip
            and "sheetname" not in (e.get("class") or "")]


def _drawn_texts(path: str) -> list[str]:
    s, res = _scenario(path), _resolution(path)
    texts = _svg_texts(legend.legend(s, False, lang="ja"))
    texts += _svg_texts(legend.legend(s, True, lang="ja"))
    texts += _svg_texts(board(s, None, aimed=True, lang="ja"))
    texts += _svg_texts(export.export(s, None, address=ADDRESS, lang="ja"))
    texts.append(export.dice_line(s, res, lang="ja"))
    if res is not None:
        texts += _svg_texts(board(s, res, lang="ja"))
        texts += _svg_texts(export.export(s, res, address=ADDRESS, lang="ja"))
    o = _odds(path)
    if o is not None:
        texts += _svg_texts(export.export(s, None, odds=o, lang="ja"))
    return texts


@pytest.mark.parametrize("path", FILES)
def test_the_board_key_and_picture_are_said_in_japanese(path: str) -> None:
    _no_english(_drawn_texts(path), path)


def _command_line_texts(path: str) -> list[str]:
    res = _resolution(path)
    return [] if res is None else [format_resolution(res, "ja", _scenario(path))]


@pytest.mark.parametrize("path", FILES)
def test_the_log_on_the_command_line_is_said_in_japanese(path: str) -> None:
    _no_english(_command_line_texts(path), path)



RANKED = ("web/demos/robotech-direct-hit-splash.json", "web/demos/heresy-blast-squad.json")


@pytest.mark.parametrize("path", RANKED)
def test_best_aim_words_are_said_in_japanese(path: str) -> None:
    s = _scenario(path)
    ranking = aim.rank(s)
    table = format_ranking(ranking, 3, "ja")
    # the aims' labels are engine.candidates' (not converted here): only the table's words
    own = [table.split("\n")[0], table.split("\n")[-1]]
    _no_english(own + [w for _, w in objectives.offered(s, lang="ja")], path)
    for bad in ("bogus", "destroy:nobody"):
        with pytest.raises(objectives.ObjectiveError) as refused:
            objectives.check_objective(bad, [u.id for u in s.units])
        assert refused.value.said("ja").startswith("不明な目標" if bad == "bogus" else "目標")


def test_the_rules_browser_is_said_in_japanese() -> None:
    titles = [title for title, _ in rules.rules_by_family(lang="ja")]
    assert titles == ["Robotech RPG Tactics：ブラスト", "Warhammer 40K / Horus Heresy：ブラスト",
                      "BattleTech：戦場支援"]
    demos = {p.name: p.read_text("utf-8") for p in (ROOT / "web/demos").glob("*.json")}
    changes = [r.change for r in rules.load_refusals(demos, lang="ja").values()]
    selections = {name for text in demos.values()  # the pre-plotted selections' names
                  for name in json.loads(text)["attack"].get("preplotted") or {}}
    assert changes and english_left(changes, selections) == []


def test_every_message_the_renderers_build_by_name_is_in_the_catalogue() -> None:
    keys = [m.key for m in (*summary.STATE_WORDS.values(), *summary.REACTION_WORDS.values(),
                            *KIND_LETTERS.values(), *legend.STATE_WORDS.values(),
                            *(w for _, w in (*legend.TABLE_MARKS, *legend.HEX_MARKS)),
                            *oddswords.BADGE_WORDS.values(), *chart.WHAT.values())]
    keys += [f"render.title.{s}" for s in TITLE_STATES]
    keys += [f"bt.loc.{loc}" for loc in (*sheet.LOCATIONS, "rear")]
    keys += [f"render.cli.method.{m}" for m in ("exact", "monte-carlo")]
    keys += [f"render.cli.stop.{s}" for s in ("precision", "time", "trials")]
    keys += [f"render.family.{f}" for f in ("RT", "HH", "BT")]
    assert [k for k in keys if k not in CATALOGUE] == []


@pytest.mark.parametrize("path", FILES)
def test_every_result_line_is_a_message_of_the_catalogue(path: str) -> None:
    res = _resolution(path)
    if res is None:
        return
    lines = summary.summary_messages(_scenario(path), res)
    for _, line in lines:
        assert isinstance(line, Msg)
        assert all(m.key in CATALOGUE for m in messages_in(line))


# English unchanged, one of each kind of text that no older test pinned

def test_english_result_lines_are_unchanged() -> None:
    path = "web/demos/robotech-derringer-volley.json"
    text = tally.result_text(_scenario(path), _resolution(path))
    assert text.startswith("Missiles 1, 2 and 4 landed on Regult 1: dodged, 1 CP spent: "
                           "no damage; ")
    assert 'Missile 3 scattered 7" onto Glaug: shot a missile down, 1 CP spent: no damage.' \
        in text
    bt = "web/demos/battletech-strafing-run.json"
    lines = [line.text for line in tally.tally_lines(_scenario(bt), _resolution(bt))]
    assert lines[0] == "Hunchback HBK-4G: 15 damage (CT 10, LA 5), by the Strafing run 0905-0909"
    assert "Wolverine WVR-6R: 15 damage (CT(R) 5, Head 5, LT(R) 5)" in lines[1]


def test_english_odds_words_are_unchanged() -> None:
    view = oddswords.odds_view(_scenario("web/demos/robotech-direct-hit-splash.json"),
                               {"units": {"r1": {"p_hit": 0.5, "p_damaged": 0.25,
                                                 "expected_damage": 1.5}, "a1": {}}})
    assert view.headers == ("Unit", "Chance of a hit", "Chance of damage", "Average damage")
    assert view.lead.endswith(": damaged 25.0 %, 1.50 damage on average")
    assert oddswords.idle_words(view).startswith("Nothing at stake (0 % everywhere): ")
    o = _odds("web/demos/heresy-blast-squad.json")
    assert o is not None
    assert say(o.note) == o.to_dict()["note"]
    assert say(o.note).startswith("Monte Carlo with 200 runs ran its cap of runs: every "
                                  "probability within +/- ")
    assert format_odds(o).split("\n")[0].startswith("method: monte-carlo (200 trials), stop: ")


def test_english_drawn_words_are_unchanged() -> None:
    s = _scenario("web/demos/battletech-bombing-scatter.json")
    assert "Key: side: Davion; side: Kurita; hit; damaged" in legend.legend(s)
    svg = chart.bar_chart({"0": 0.5, "3": 0.5}, "damage", {"3": 0.5})
    assert "Odds of damage: 0: 50%, 3: 50%" in svg and "3 damage: 50%, at least 3: 50%" in svg
    assert export.dice_line(s, None).startswith("BattleTech · not rolled yet · ")
    assert [t for t, _ in rules.rules_by_family()][2] == "BattleTech: Battlefield Support"
    assert objectives.offered(s)[:3] == [("damage", "expected enemy damage"),
                                     ("destroyed", "expected enemy units destroyed"),
                                     ("hits:1", "chance of at least 1 hit on one enemy unit")]


def test_a_japanese_label_is_measured_one_em_a_character() -> None:
    assert text_width("命中", 10.0) == pytest.approx(20.0)
    assert text_width("ミサイル", 10.0) == pytest.approx(40.0)
    assert text_width("（Regult）", 10.0) > text_width("(Regult)", 10.0)


def test_the_command_line_speaks_the_language_asked_for(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    demo = "web/demos/battletech-strafing-run.json"
    assert main(["resolve", str(ROOT / demo), "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "結果：" in out and "ダメージ" in out and "Effects:" not in out
    assert main(["resolve", str(ROOT / demo)]) == 0
    assert "Effects:" in capsys.readouterr().out
    assert main(["resolve", str(ROOT / demo), "--json", "--lang", "ja"]) == 0
    assert json.loads(capsys.readouterr().out)["steps"]
    assert main(["validate", str(ROOT / demo), "--lang", "ja"]) == 0
    assert "：OK（battletech、ユニット" in capsys.readouterr().out
    assert main(["resolve", "/nonexistent.json", "--lang", "ja"]) == 1
    assert "エラー" in capsys.readouterr().err


def test_a_nested_message_is_said_in_one_language() -> None:
    line = msg("render.unit_line", unit="Regult", what=msg("render.damage", n=3))
    assert say(line) == "Regult: 3 damage" and say(line, "ja") == "Regult：3ダメージ"


def _as_messages(res: Resolution) -> Resolution:
    """`res` with each mark's "missile N" label and source a message (as the Robotech rules
    name them once converted), here the render's own message of the same words."""
    def mark(m: dict[str, Any]) -> dict[str, Any]:
        return {k: msg("render.aimed.missile", n=int(v.split()[1]))
                if k in ("label", "source") and isinstance(v, str) and v.startswith("missile ")
                else v for k, v in m.items()}
    steps = tuple(replace(step, marks=tuple(mark(m) for m in step.marks)) for step in res.steps)
    return replace(res, steps=steps)


@pytest.mark.parametrize("path", [f for f in FILES if "robotech" in f])
def test_a_missile_named_by_a_message_is_matched_and_said(path: str) -> None:
    s, res = _scenario(path), _resolution(path)
    if res is None:
        return
    said = _as_messages(res)
    assert tally.tally_lines(s, said) == tally.tally_lines(s, res)
    assert board(s, said) == board(s, res)
    japanese = tally.result_text(s, said, lang="ja")
    assert "missile" not in japanese.lower()
    if "missile" in tally.result_text(s, res).lower():
        assert "ミサイル" in japanese

"""Issue 26: what the scenario parser, the Build panel and the named readings say, and the
demos' own words, in Japanese with no English left but names; in English as before.

Every refusal is walked on mutated demos and suite files (the kinds of tests/test_scenario.py
and tests/test_properties.py): said in players' words (what the page shows), in Japanese.
"""

from __future__ import annotations

import copy
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wordcheck import english_left, messages_in, names

from engine import scenario as sc
from engine.build import editing, fieldwords, legality
from engine.errors import ScenarioError
from engine.readings import READINGS, reading_words, readings_line
from engine.words import Msg, msg, say
from engine.words.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
DEMOS = sorted((ROOT / "web" / "demos").glob("*.json"))
SUITE = sorted((ROOT / "tests" / "suite").glob("*.json"))
SYSTEMS = ("robotech", "heresy", "battletech")

PROFILE = {"GN", "MDC", "RG", "AV", "FNP", "Inv", "TN", "mm", "ID", "D", "X", "x", "y"}
"""Profile marks and dice Japanese players of these games write in Latin letters (beside
wordcheck's own, whose words split "1D6" into "D")."""
JSON_WORDS = {"JSON", "UTF", "CCRR", "true", "false", "mega", "reroll", "full", "selection",
              "spotted", "order", "policy", "targets", "point", "volley", "default",
              "submerged_spotter", "hidden_aerospace", "attack", "held", "in_flight",
              "preplotted", "supports", "auto"}
"""Names of the JSON document (fields and literals) a refusal quotes as they are written."""
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|[A-Za-z]\w*(?:[._][A-Za-z]\w*)+|\\u[0-9a-f]{4}|"
                     r"(?<![A-Za-z])(?:RT|HH|BT)-[A-Z]+|--[a-z]+|next-turn")


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text("utf-8")))


def _keys(value: Any) -> set[str]:
    """Every key of a document and every word of its text values: a refusal may name any
    of them as written (an unknown field, a side, a selection)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found.update(re.findall(r"[A-Za-z]+", str(k)))
            found.update(w.capitalize() for w in re.findall(r"[A-Za-z]+", str(k)))
            found |= _keys(v)
    elif isinstance(value, list):
        for v in value:
            found |= _keys(v)
    elif isinstance(value, str) and len(value) < 200:
        found.update(re.findall(r"[A-Za-z]+", value))
    return found


def _unquoted(text: str) -> str:
    """`text` without what it quotes of the document ('mecha', attack.held, "auto")."""
    return _QUOTED.sub(" ", text)


def _english(texts: list[str], allowed: set[str]) -> list[str]:
    return english_left([_unquoted(t) for t in texts], allowed | PROFILE | JSON_WORDS)


def _keys_exist(words: Any) -> list[str]:
    """The keys of `words` (and of every message inside it) that the catalogue lacks."""
    return [m.key for m in messages_in(words) if m.key not in CATALOGUE]


# -- every message of the parts, said with any arguments --------------------------------

def _sample(name: str) -> Any:
    return msg("scenario.kind.integer") if name in ("kind",) else 3


@pytest.mark.parametrize("key", sorted(k for k in CATALOGUE if k.startswith(
    ("scenario.", "build.", "readings."))))
def test_every_message_of_the_area_reads_in_japanese(key: str) -> None:
    entry = CATALOGUE[key]
    forms = [entry["ja"]] if isinstance(entry["ja"], str) else list(entry["ja"].values())
    for form in forms:
        args = {name: _sample(name) for _, name, _, _ in string.Formatter().parse(form)
                if name}
        text = say(Msg(key, args), "ja")
        assert not _english([text], set()), (key, text)


# -- refusals of the loader, walked on mutated documents --------------------------------

_BAD = (-1, 0, 13, 10**6, 2**60, "x", "", True, None, [], {}, 1.5, "HIT", ["zz"], {"q": 1})


def _set(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    node: Any = out
    for p in path[:-1]:
        node = node[p]
    if value is _DROP:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value
    return out


_DROP = object()


def _mutations(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Each field of the document (top, units, attack, options, board) dropped or set to
    values of every wrong kind and range, and unknown fields beside them."""
    def walk(value: Any, path: list[Any], depth: int) -> Iterator[dict[str, Any]]:
        if isinstance(value, dict) and depth < 5:
            for key in [*value, "zzz"]:
                yield _set(doc, [*path, key], _DROP)
                for bad in _BAD:
                    yield _set(doc, [*path, key], bad)
                if key in value:
                    yield from walk(value[key], [*path, key], depth + 1)
        elif isinstance(value, list) and depth < 5:
            for i, item in enumerate(value[:2]):
                yield from walk(item, [*path, i], depth + 1)
    yield from walk(doc, [], 0)
    for i in range(min(2, len(doc.get("units", [])))):
        for key in ("cp", "hull", "t", "mdc", "record", "gn", "vehicle", "kind", "type"):
            for bad in (1, True, "structure", "building", {"w": 1, "h": 1}):
                yield _set(doc, ["units", i, key], bad)


def _refusals(path: Path) -> Iterator[tuple[dict[str, Any], ScenarioError]]:
    doc = _load(path)
    seen: set[str] = set()
    for mutated in _mutations(doc):
        try:
            fieldwords.load(mutated)
        except ScenarioError as err:
            said = say(err.message)
            if said not in seen:
                seen.add(said)
                yield mutated, err


@pytest.mark.parametrize("path", DEMOS + SUITE, ids=lambda p: p.stem)
def test_every_refusal_reads_in_japanese_players_words(path: Path) -> None:
    left: list[str] = []
    count = 0
    for doc, err in _refusals(path):
        count += 1
        assert _keys_exist(err.reason) == [] and _keys_exist(err.words) == []
        if isinstance(err.reason, str):
            continue  # a hex label's refusal, in engine.hexgrid's own (English) words
        ja = say(err.words, "ja")
        assert ja != say(err.words), ja
        left += _english([ja], names(sc.load_dict(_load(path))) | _keys(doc))
        verdict = legality.check(doc)
        assert verdict.text("ja") == f"まだロールできません：{ja}"
    assert count > 20
    assert left == []


@pytest.mark.parametrize("text", [
    "{", "[" * 30, b"\xff", '{"a": 1, "a": 2}', '{"a": NaN}', '"\\udc00"', "1" * 30])
def test_a_document_refused_before_parsing_reads_in_japanese(text: str | bytes) -> None:
    with pytest.raises(ScenarioError) as err:
        sc.loads(text)
    ja = say(fieldwords.worded(err.value, {}).words, "ja")
    detail = re.sub(r"（[^（）]*[A-Za-z][^（）]*）$", "", ja)  # a JSON parser's own words
    assert not _english([detail], set()), ja


@pytest.mark.parametrize("share", ["x", "1!!", "1abc", "1" + "A" * 300_000])
def test_a_refused_share_link_reads_in_japanese(share: str) -> None:
    with pytest.raises(ScenarioError) as err:
        sc.decode_share(share)
    ja = say(fieldwords.worded(err.value, {}).words, "ja")
    assert ja.startswith("共有リンク")
    assert not _english([re.sub(r"（[^）]*）$", "", ja)], set()), ja


def test_refusals_in_english_are_unchanged() -> None:
    doc = _load(ROOT / "web" / "demos" / "robotech-derringer-volley.json")
    cases = {
        "units[0].df": (["units", 0, "df"], 13, "must be an integer from 1 to 12",
                        "DF must be a whole number from 1 to 12"),
        "units[0].zzz": (["units", 0, "zzz"], 1, "is not a known field (known: id, side, "
                         "name, kind, x, y, base_mm, df, mdc, gn, pil, cp, life_is_cheap, "
                         "anti_missile, dodge_modifier, squadron, leadership)",
                         "zzz is not a known field"),
        "attack.weapon.abilities": (["attack", "weapon", "abilities"], True,
                                    "must be a list", "Abilities must be a list"),
    }
    for path, (where, value, reason, words) in cases.items():
        with pytest.raises(ScenarioError) as err:
            fieldwords.load(_set(doc, where, value))
        assert str(err.value) == f"{path}: {reason}"
        assert say(err.value.words).endswith(words), say(err.value.words)
    with pytest.raises(ScenarioError) as err:
        fieldwords.load(_set(doc, ["options", "natural_rolls"], "x"))
    assert str(err.value) == ("options.natural_rolls: must be one of False, "
                              "'strike-and-dodge', 'point-of-impact', True")
    assert say(err.value.words) == ("A natural 6 succeeds and a 1 fails must be one of no, "
                                    "'strike-and-dodge', 'point-of-impact', yes")
    with pytest.raises(ScenarioError) as err:
        sc.decode_share("1abc")
    assert str(err.value).startswith("share: is damaged and cannot be read (")


# -- the verdict beside Roll --------------------------------------------------------------

@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_every_demo_verdict_reads_in_japanese(path: Path) -> None:
    verdict = legality.check(_load(path))
    if verdict.ok:
        assert verdict.text() == "Legal: ready to roll."
        assert verdict.text("ja") == "ルール上問題ありません。ロールできます。"
    else:  # the reason is the rules' (their parts' words); the verdict's own words are ours
        assert verdict.text().startswith(f"Illegal — {verdict.clause} (")
        assert verdict.text("ja").startswith(f"ルール違反 — {verdict.clause}（")


# -- the named readings -------------------------------------------------------------------

def test_every_reading_and_alternative_reads_in_japanese() -> None:
    for system, options in READINGS.items():
        for option, (name, choices) in options.items():
            assert _keys_exist(name) == [] and all(_keys_exist(c) == [] for c in
                                                   choices.values())
            texts = [say(name, "ja"), *(say(c, "ja") for c in choices.values())]
            assert not _english(texts, {"Horus", "Heresy"}), (system, option, texts)
            for value in choices:
                cited = say(reading_words(system, option, value), "ja")
                assert cited.startswith("（解釈：") and not _english([cited], set())


def test_readings_line_in_both_languages() -> None:
    changed = {**sc.robotech.OPTIONS, "dodge_adds_pil": False, "shoot_and_dodge": True,
               "line_of_sight": "terrain"}
    line = readings_line("robotech", changed)
    assert say(line) == (
        "Rules as written; 3 readings changed: Dodge adds the pilot's PIL: no; A mecha that "
        "shot at the missiles may also Dodge them: yes; Line of sight is blocked by: "
        "terrain only")
    assert say(line, "ja") == (
        "ルールどおり。ただし3件の解釈を変更：ドッジにパイロットのPILを加える：いいえ／"
        "ミサイルを撃ち落とそうとしたメカもドッジできる：はい／射線を遮るもの：地形だけ")
    one = readings_line("heresy", {**sc.heresy.OPTIONS, "allocation": "defender"})
    assert say(one) == "Rules as written; 1 reading changed: Wounds go to: the models the " \
                       "defender chooses"
    assert say(reading_words("battletech", "off_map", "lost")) == (
        "(reading: A scatter off the map: has no effect)")


# -- the Build panel's fields ---------------------------------------------------------------

def test_every_field_label_and_meaning_reads_in_japanese() -> None:
    specs = [s for system in SYSTEMS for table in (editing.UNIT_FIELDS, editing.WEAPON_FIELDS,
                                                   editing.ATTACK_FIELDS)
             for s in table.get(system, ())]
    specs += [*editing.REACTION_FIELDS, *(s for system in SYSTEMS
                                          for s in editing.option_specs(system))]
    for spec in specs:
        for words in (spec.label, spec.help, *spec.choice_words):
            assert isinstance(words, Msg) or words == "", (spec.key, words)
            if words:
                assert _keys_exist(words) == []
                assert not _english([say(words, "ja")], set()), (spec.key, say(words, "ja"))


def test_field_labels_in_english_are_unchanged() -> None:
    unit = {s.key: say(s.label) for s in editing.UNIT_FIELDS["heresy"]}
    assert unit["hull.w"] == 'Hull length (")' and unit["armour.front"] == "Front AV"
    help_of = {s.key: say(s.help) for s in editing.UNIT_FIELDS["robotech"]}
    assert help_of["df"] == "a Strike must reach it to damage (RT-6)"
    option = next(s for s in editing.option_specs("battletech") if s.key == "off_map")
    assert say(option.help) == ("a bomb or shell that scatters off the map has no effect, or "
                                "a shell's area of effect still reaches the map")
    assert [say(r.label) for r in editing.REACTION_FIELDS] == [
        "Shoot down", "Dodge", "Roll with Impact"]


# -- the demos' own words -----------------------------------------------------------------

_CLAUSE = re.compile(r"(?<![A-Za-z])(?:RT|HH|BT)-[A-Z]*\.?\d+(?!\d)")


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
def test_every_demo_has_its_title_and_notes_in_japanese(path: Path) -> None:
    doc = _load(path)
    scenario = sc.load_dict(doc)
    title, notes = sc.titled(scenario, "ja")
    assert doc["translations"]["ja"]["title"] == title != scenario.title
    assert doc["translations"]["ja"]["notes"] == notes != scenario.notes
    allowed = names(sc.load_dict({k: v for k, v in doc.items() if k != "title"}))
    assert _english([title, notes], allowed) == []
    assert sorted(set(_CLAUSE.findall(notes))) == sorted(set(_CLAUSE.findall(scenario.notes)))
    assert notes.count("**") == scenario.notes.count("**")
    assert sc.titled(scenario) == (scenario.title, scenario.notes)


def test_translations_are_validated_as_title_and_notes_are() -> None:
    doc = _load(ROOT / "web" / "demos" / "heresy-gets-hot.json")
    for change, path in (({"ja": {"title": "x" * 121}}, "translations.ja.title"),
                         ({"ja": {"notes": "x" * 10_001}}, "translations.ja.notes"),
                         ({"ja": {"summary": "x"}}, "translations.ja.summary"),
                         ({"fr": {"title": "x"}}, "translations.fr"),
                         ({"ja": "x"}, "translations.ja")):
        with pytest.raises(ScenarioError) as err:
            sc.load_dict({**doc, "translations": change})
        assert err.value.path == path
    untranslated = sc.load_dict({**doc, "translations": {"ja": {"title": "題"}}})
    assert sc.titled(untranslated, "ja") == ("題", untranslated.notes)
    bare = sc.load_dict({k: v for k, v in doc.items() if k != "translations"})
    assert sc.titled(bare, "ja") == (bare.title, bare.notes)

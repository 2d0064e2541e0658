"""Issue 26: the message catalogue (engine.words) is whole in both languages, its
placeholders agree between them, and every key the code names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.words import LANGS, Msg, from_dict, msg, placeholders, say
from engine.words.catalogue import CATALOGUE, joined

ROOT = Path(__file__).resolve().parents[1]
_NAMED_KEY = re.compile(r"""\bmsg\(\s*["']([\w.-]+)["']""")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_is_in_every_language_with_the_same_placeholders(key: str) -> None:
    entry = CATALOGUE[key]
    assert set(entry) == set(LANGS), f"{key}: languages {sorted(entry)}"
    english = placeholders(entry, "en")
    for lang in LANGS:
        assert placeholders(entry, lang) == english, f"{key} ({lang})"
        text = entry[lang]
        if not isinstance(text, str):
            assert "other" in text and set(text) <= {"one", "other"}, key
            assert "n" in english, f"{key}: plural forms are chosen by the argument n"


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    files = [*ROOT.glob("engine/**/*.py"), *ROOT.glob("web/**/*.py")]
    named = {(path.relative_to(ROOT).as_posix(), key) for path in files
             for key in _NAMED_KEY.findall(path.read_text("utf-8"))}
    assert [f"{path}: {key}" for path, key in sorted(named) if key not in CATALOGUE] == []


def test_a_key_defined_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="common.yes"):
        joined({"common.yes": {"en": "yes"}}, {"common.yes": {"en": "aye"}})


def test_plural_forms_follow_each_language() -> None:
    left = msg("dice.left_over", n=1, asked=2, total=3, first=3, value="4")
    assert say(left).startswith("1 scripted dice result was left over")
    assert say(msg("dice.left_over", n=2, asked=2, total=4, first=3, value="4")).startswith(
        "2 scripted dice results were")
    assert say(left, "ja").startswith("指定されたダイスの結果が1個余りました")


def test_nested_messages_and_lists_are_said_in_the_same_language() -> None:
    needed = msg("dice.needed", prompt=msg("dice.prompt.one", roll="Strike", sides=6))
    assert say(needed) == "the next roll is needed: Strike: roll 1D6"
    assert say(needed, "ja") == "次のロールが必要です：Strike：1D6を振る"
    assert say(Msg("error.at", {"path": "x", "reason": ["a", "b"]}), "ja") == "x：a、b"


def test_a_message_crosses_json_unchanged() -> None:
    needed = msg("dice.needed", prompt=msg("dice.prompt.one", roll="Strike", sides=6))
    assert from_dict(needed.to_dict()) == needed

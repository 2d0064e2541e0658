"""Issue 26, the page's words (engine/words/page.py, web/index.html, web/page/*.py): every
message of the page is in both languages, the static text of index.html names messages that
exist and whose English is the HTML's own first paint, Japanese leaves no English word, and
English reads as it did before the catalogue."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from page import saveformat  # noqa: E402
from page.words import chosen_language, in_words  # noqa: E402
from wordcheck import english_left, names  # noqa: E402

from engine import scenario as sc  # noqa: E402
from engine.errors import IllegalAttack, NotImplementedYet, ScenarioError  # noqa: E402
from engine.words import LANGS, Msg, msg, placeholders, say  # noqa: E402
from engine.words.catalogue import CATALOGUE  # noqa: E402
from engine.words.page import MESSAGES  # noqa: E402

INDEX = ROOT / "web" / "index.html"
PAGE_CODE = [*(ROOT / "web" / "page").glob("*.py"), ROOT / "web" / "main.py"]
DEMOS = sorted((ROOT / "web" / "demos").glob("*.json"))
SUITE = sorted((ROOT / "tests" / "suite").glob("*.json"))

PRODUCT_NAMES = {"Python", "R", "O", "B", "y"}
"""Latin words the page's Japanese keeps: the language the page runs in (beside Pyodide,
which tests/wordcheck.py already keeps), the keyboard's keys of its shortcuts (R, O, B; S
and A are kept there already) and the y axis (as x)."""

ATTRIBUTES = {"data-words-aria": "aria-label", "data-words-title": "title",
              "data-words-placeholder": "placeholder"}


class _Static(HTMLParser):
    """index.html's elements that name a message: (key, the English the HTML holds)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self.open: list[tuple[str, str, list[str]]] = []  # (tag, key, text so far)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for data, name in ATTRIBUTES.items():
            if data in a:
                self.found.append((a[data], a.get(name, "")))
        if "data-words" in a:
            self.open.append((tag, a["data-words"], []))
        elif self.open:
            self.open.append((tag, "", []))

    def handle_endtag(self, tag: str) -> None:
        if not self.open:
            return
        _, key, text = self.open.pop()
        if key:
            self.found.append((key, "".join(text)))
        elif self.open:
            self.open[-1][2].extend(text)

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


def static_words() -> list[tuple[str, str]]:
    parser = _Static()
    parser.feed(INDEX.read_text("utf-8"))
    return parser.found


def test_every_page_message_is_in_both_languages_with_the_same_placeholders() -> None:
    for key, entry in MESSAGES.items():
        assert key.startswith("page."), key
        assert set(entry) == set(LANGS), key
        assert placeholders(entry, "ja") == placeholders(entry, "en"), key


def test_index_html_names_messages_that_exist_and_its_english_is_theirs() -> None:
    found = static_words()
    assert len(found) > 60  # every button, heading, label and attribute of the page
    for key, english in found:
        assert key in CATALOGUE, key
        assert " ".join(english.split()) == say(msg(key), "en"), key


def test_every_static_text_of_index_html_names_its_message() -> None:
    """No text of index.html is left without a data-words (it would stay English): every
    element's own text is inside an element that names its message."""
    text = INDEX.read_text("utf-8")
    body = text[text.index("<body"):text.index('<script type="application/json"')]
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S)
    # drop every element that names its message, then every tag: what is left is text
    for _ in range(3):
        body = re.sub(r"<(\w+)[^>]*\sdata-words=\"[^\"]+\"[^>]*>[^<]*</\1>", "", body)
    left = " ".join(re.sub(r"<[^>]+>", " ", body).split())
    assert re.findall(r"[A-Za-z]{2,}", left) == ["Scatterlab"]  # the product's name
    for attribute in ("aria-label", "title", "placeholder"):
        for tag in re.findall(rf"<[^>]*\s{attribute}=\"[^\"]*[A-Za-z][^\"]*\"[^>]*>", body):
            short = {"aria-label": "aria", "title": "title", "placeholder": "placeholder"}
            assert f"data-words-{short[attribute]}=" in tag, tag


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_japanese_of_every_page_message_has_no_english_left(key: str) -> None:
    entry = MESSAGES[key]
    text = entry["ja"]
    forms = [text] if isinstance(text, str) else list(text.values())
    said = [re.sub(r"\{[^}]*\}", " ", form) for form in forms]  # the arguments are checked
    assert english_left(said, PRODUCT_NAMES) == []


def test_the_keys_the_page_builds_from_names_exist() -> None:
    """Keys made from a value (``page.dir.<point>``, ``page.field.<key>``,
    ``page.lib.<action>``): every value the page uses has its message."""
    from_code = "\n".join(path.read_text("utf-8") for path in PAGE_CODE)
    assert 'msg(f"page.dir.{point}")' in from_code and 'msg(f"page.dir.{name}")' in from_code
    for point, name in (("NW", "north-west"), ("N", "north"), ("NE", "north-east"),
                        ("W", "west"), ("E", "east"), ("SW", "south-west"), ("S", "south"),
                        ("SE", "south-east")):
        assert f"page.dir.{point}" in CATALOGUE and f"page.dir.{name}" in CATALOGUE
    for key in ("name", "hex", "x", "y"):
        assert f"page.field.{key}" in CATALOGUE and f"page.field.word.{key}" in CATALOGUE
    for action in ("open", "rename", "delete", "export"):
        assert f"page.lib.{action}" in CATALOGUE and f"page.lib.{action}_aria" in CATALOGUE


def test_page_code_shows_no_english_literal_sentence() -> None:
    """The page's Python shows no sentence of its own: what it says is a message (a
    string literal of three English words or more, outside docstrings, comments and
    console logs, would be one left behind)."""
    sentence = re.compile(r"""(?<![\w.])f?["']([A-Z][a-z]+(?: [a-z]+){2,}[^"']*)["']""")
    left = []
    for path in PAGE_CODE:
        code = re.sub(r'"""[\s\S]*?"""', "", path.read_text("utf-8"))
        for line in code.splitlines():
            if line.strip().startswith("#") or "console." in line or "raise " in line:
                continue
            left += [f"{path.name}: {m}" for m in sentence.findall(line.split("  #")[0])]
    assert left == []


# -- English unchanged ------------------------------------------------------------------


def test_english_page_sentences_read_as_before() -> None:
    """A sample of each kind of the page's sentences, said in English, word for word as
    the page wrote them before the catalogue."""
    assert say(msg("page.log.status", seed=7, n=12), "en") == "seed 7 · 12 steps"
    assert say(msg("page.log.status_scripted", n=3), "en") == "scripted dice · 3 steps"
    assert say(msg("page.summary.seed_so_far", seed=5), "en") == "— seed 5 · so far"
    assert say(msg("page.chart.caption", what=msg("page.chart.templates"), mean=1.5449),
               "en") == "Templates over it · on average 1.54"
    items = [msg("page.chart.at_least", v="1", p="78.2 %"),
             msg("page.chart.at_least", v="2", p="75.3 %")]
    assert (say(msg("page.chart.at_least_all", items=items), "en")
            == "at least 1: 78.2 %, at least 2: 75.3 %")
    assert (say(msg("page.aim.col_score", score="expected enemy damage"), "en")
            == "Expected enemy damage")
    assert (say(msg("page.aim.legend", score="expected enemy damage", low=0.1, high=2.25,
                    legal=12, illegal=3, over=0), "en")
            == "Dots on the board: the expected enemy damage of the aim at each spot, from "
               "yellow (0.100) to purple (2.250); 12 legal aims, 3 refused by the rules, 0 "
               "over the friendly risk limit.")
    assert (say(msg("page.board.title_step", title="Volley", i=2, n=9), "en")
            == "Board: Volley, step 2 of 9")
    assert (say(msg("page.irolled.bearing_aria", text=msg("page.dir.NE"),
                    name=msg("page.dir.north-east"), degrees=45), "en")
            == "NE: enter north-east, 45°")
    assert (say(msg("page.link.refused", reason="Seed must be a whole number",
                    then=msg("page.link.kept")), "en")
            == "This share link's scenario cannot be opened (Seed must be a whole number), so "
               "the scenario on screen is kept.")
    assert say(msg("page.form.range_or_empty", lo=2.0, hi=6.0), "en") == "2 to 6, or empty"
    assert say(msg("page.held", title="Volley"), "en") == "Volley (kept when its tab closed)"


def test_engine_errors_are_described_as_before() -> None:
    """The message box's words for the engine's errors (page/dom.described), in English as
    before; dom imports the browser, so its sentences are said here as it builds them."""
    scenario_error = ScenarioError("units[0].df", "must be an integer from 1 to 12")
    assert (say(msg("page.error.scenario", words=scenario_error.words), "en")
            == "Invalid scenario — must be an integer from 1 to 12")
    illegal = IllegalAttack("RT-5", "the target is out of range")
    assert (say(msg("page.error.illegal", clause=illegal.clause, reason=illegal.reason), "en")
            == "Illegal attack — RT-5: the target is out of range")
    missing = NotImplementedYet("no rules for chess")
    assert (say(msg("page.error.not_implemented", what=missing.message), "en")
            == f"Not implemented yet — {missing}")


def test_save_refusals_read_as_before_and_are_messages() -> None:
    with pytest.raises(saveformat.Unreadable) as info:
        saveformat.decode("scatterlab-save/99\n{}")
    assert info.value.reason == "a newer version of Scatterlab saved it (format 99)"
    assert isinstance(info.value.words, Msg) and info.value.words.key in CATALOGUE
    assert "Scatterlab" in say(info.value.words, "ja")


def test_in_words_reads_as_before_in_english() -> None:
    scenario = sc.loads(DEMOS[0].read_text("utf-8"))
    first = scenario.units[0].name
    assert in_words(scenario, "units[0].df_value: bad").startswith(f"{first}")
    assert "'s df value: bad" in in_words(scenario, "units[0].df_value: bad")
    assert in_words(scenario, "supports[1]: late") == "support 2: late"
    assert in_words(scenario, "in_flight[0]: late", "ja") == "砲弾1: late"


# -- the language a visit starts in -----------------------------------------------------


@pytest.mark.parametrize(("link", "stored", "browser", "lang"), [
    (None, None, ["ja-JP", "en-US"], "ja"),
    (None, None, ["ja"], "ja"),
    (None, None, ["en-GB", "ja"], "en"),
    (None, None, ["fr-FR", "ja-JP"], "ja"),
    (None, None, ["fr-FR"], "en"),
    (None, None, [], "en"),
    (None, "en", ["ja-JP"], "en"),
    (None, "ja", ["en-US"], "ja"),
    ("ja", "en", ["en-US"], "ja"),
    ("en", "ja", ["ja-JP"], "en"),
    ("xx", "ja", ["en-US"], "ja"),
    (None, "garbage", ["ja-JP"], "ja"),
])
def test_the_link_then_the_choice_then_the_browser_decide(
        link: str | None, stored: str | None, browser: list[str], lang: str) -> None:
    assert chosen_language(link, stored, browser) == lang


# -- every demo and suite file, said in Japanese -----------------------------------------


@pytest.mark.parametrize("path", DEMOS + SUITE, ids=lambda p: p.name)
def test_the_page_sentences_of_each_scenario_have_no_english_in_japanese(path: Path) -> None:
    """The page's own sentences about a scenario (its board's title, the attacker's arrow,
    the dice line, the status of the log, the fields' names), said in Japanese with its
    names: no English word but the names."""
    try:
        scenario = sc.loads(path.read_text("utf-8"))
    except Exception:  # a suite file the loader refuses on purpose: its refusal is not ours
        pytest.skip("refused by the loader")
    data = json.loads(path.read_text("utf-8"))
    title = scenario.title or msg("page.board.untitled")
    said: list[Msg] = [msg("page.board.title", title=title),
                       msg("page.board.title_step", title=title, i=1, n=4)]
    for unit in scenario.units:
        said += [msg("page.board.attacker", name=unit.name),
                 msg("page.board.this_way", name=unit.name),
                 msg("page.field.aria", who=unit.name, field=msg("page.field.word.name")),
                 msg("page.lib.open_aria", name=unit.name)]
    dice = data.get("dice") or []
    said += [msg("page.dice.scripted", n=len(dice)) if dice
             else msg("page.dice.seeded", seed=scenario.seed or 0),
             msg("page.log.status", seed=scenario.seed or 0, n=3),
             msg("page.log.status_scripted", n=3), msg("page.summary.scripted")]
    texts = [say(m, "ja") for m in said]
    assert english_left(texts, names(scenario) | PRODUCT_NAMES) == []

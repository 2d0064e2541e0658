"""Issue 26 in the built page: 日本語. Every demo opened with ``?lang=ja`` at a phone's size
(390x844, touch) and a desktop's (1366x800), rolled, stepped and its odds shown: the page's
own words hold no English word but names (tests/wordcheck.py), nothing overflows its box,
axe-core finds nothing serious (at its last stage, on each system's first demo and each
refused one: the English pages are checked on every demo, and the Japanese page differs
from them by its words and its lang, not by demo); screenshots of each stage.
The switch changes the language at once, keeping the scenario and the result; the choice
is remembered; the browser's language decides a first visit; a share link carries
``lang=ja``; English is unchanged after a round trip through Japanese.

The page's own words and those it shows from the engine (the log, the result lines, the
odds table, the rules' clauses, the board's marks, the Build panel, the demos' notes) are
collected apart, so that a failure says whose words are left in English; both must be
Japanese.
"""

from __future__ import annotations

import difflib
import json
import string
from pathlib import Path

import pytest
from wordcheck import _WORD, english_left, names

from engine import scenario as sc
from engine.build import presets
from engine.clauses import CLAUSES, ENGINE_CLAUSES

from .conftest import PHONE, open_app, screenshot
from .test_app import DEMO_FILES, click_odds, first_demo_per_system, select_demo
from .test_table import (  # noqa: F401  (axe_source: a fixture)
    TABLE_OVERFLOW,
    axe_source,
    serious_violations,
)

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")]

DESKTOP_WIDE = {"width": 1366, "height": 800}
SIZES = {"phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": DESKTOP_WIDE}}

KEPT_LATIN = {"Python", "R", "O", "B", "y"}
"""Latin words of the page's Japanese (tests/test_words_page.py): the language it runs in,
the keys of its shortcuts, the y axis."""

OTHERS = ("#log, #effects, #caption-text .words, #caption-text .clause, #summary-list, "
          "#summary-dice, #odds-box, #odds-charts, #aim-objective, #legality, #build, "
          "#notes, #rules, #key, #board, #irolled-prompt, #message, .notice, #system, #demo, "
          "#title, #announce")
"""What the page shows in words that are not its own: the renderers' (log, result, odds,
board, key), the rules' clauses, the Build panel's, the demos' notes and titles, the engine's
messages, the systems' and demos' names."""

NO_LANGUAGE = "[translate=no], [lang]:not([lang=ja])"
"""What has no language or another on purpose: names a player typed, the switch's
"English"."""

TEXTS = """([others, none]) => {
  const folded = [...document.querySelectorAll('details:not([open])')];
  folded.forEach(d => d.open = true);  // what a fold hides is page text too
  // what is shown: a hidden region's innerText would be its whole text, <style> and all
  const theirs = [...document.querySelectorAll(others)].filter(e => e.checkVisibility())
    .map(e => e.innerText || '');
  // the page's own text: the body's with the others' and the names' out of the way
  const away = [...document.querySelectorAll(others + ', ' + none)]
    .map(e => [e, e.style.getPropertyValue('display'), e.style.getPropertyPriority('display')]);
  away.forEach(([e]) => e.style.setProperty('display', 'none', 'important'));
  const own = document.body.innerText;
  away.forEach(([e, value, priority]) => e.style.setProperty('display', value, priority));
  // a refused setup titles Roll, Step and Odds with the Build panel's verdict
  const verdict = document.querySelector('#legality[data-ok="false"]') !== null;
  const judged = e => verdict && e.matches('#play button');
  document.querySelectorAll('#play button').forEach(e => judged(e) && theirs.push(e.title));
  const outside = e => !e.closest(others) && !e.closest(none) && !judged(e);
  const attrs = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
    .filter(e => outside(e) && !e.closest('svg'))
    .map(e => ['aria-label', 'title', 'placeholder'].map(a => e.getAttribute(a) || '')
      .join(' '));
  const options = [...document.querySelectorAll('option')].filter(outside)
    .map(o => o.textContent);
  folded.forEach(d => d.open = false);
  return [[own, ...attrs, ...options], theirs];
}"""

OVERFLOW = """() => {
  const bad = [];
  const name = e => e.id || e.getAttribute('data-words') || e.className || e.tagName;
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg, .visually-hidden, .tagline, textarea, select, input')) continue;
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const clips = !['visible', 'auto', 'scroll'].includes(style.overflowX);
    const box = e.matches('button, a.button, summary, th, label, .tabs button');
    // a line cut short with an ellipsis on purpose (the scenario's title) is not a box
    // overflowing; a control's label cut so is
    const cut = style.textOverflow === 'ellipsis' && !box;
    if ((clips || box) && !cut && e.scrollWidth > e.clientWidth + 1)
      bad.push(name(e) + ': ' + e.scrollWidth + ' > ' + e.clientWidth
               + ' "' + e.textContent.trim().slice(0, 30) + '"');
    let scroller = e.parentElement;
    while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
      scroller = scroller.parentElement;
    if (!scroller && r.right > innerWidth + 1)
      bad.push(name(e) + ': right edge ' + Math.round(r.right) + ' > ' + innerWidth);
  }
  return bad;
}"""


CLAUSE_WORDS = {w for clause in (*CLAUSES, *ENGINE_CLAUSES) for w in _WORD.findall(clause)}
"""The words of the clause IDs the log and the rules name ("BT-GEN.1" is "BT" and "GEN")."""
SHEET_LETTERS = set(string.ascii_uppercase)
"""A BattleTech map's sheets are named A, B, C... on the board."""


def demo_names(path: Path) -> set[str]:
    """The words a demo shows as they are: its names (units, weapons, its title), and the
    names its system's Build panel offers (the presets' labels in Japanese keep a 'Mech's
    name as it is, engine/build/presets)."""
    scenario = sc.loads(path.read_text("utf-8"))
    catalog = presets.catalog(scenario.system)
    offered = {w for kind in catalog.kinds.values() for p in kind
               for w in _WORD.findall(p.said("ja"))}  # names, and marks such as CF, TN
    return (names(scenario) | offered | CLAUSE_WORDS
            | (SHEET_LETTERS if scenario.system == "battletech" else set()))


BROKEN_FIGURES = """() => [...document.querySelectorAll('table.odds td:not(:first-child)')]
  .filter(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    return tops.size > 1;
  })
  .map(td => td.textContent)
  .concat([...document.querySelectorAll('.at-least')].map(p => p.textContent)
    .filter(text => text.includes(' %')))"""
"""The odds tables' figures broken over two lines ("98.9" above "%"), and the "at least"
read-outs whose figures may break so (a plain space before a %)."""


def texts(page) -> tuple[list[str], list[str]]:
    """(the page's own words, the words of the others' regions) as shown."""
    own, theirs = page.evaluate(TEXTS, [OTHERS, NO_LANGUAGE])
    return own, theirs


def check(page, path: Path, stage: str, axe: str | None, others_left: list[str]) -> None:
    """The page's own words hold no English but names; nothing overflows; axe is clean
    (with `axe`: once per demo, on its last stage, the page at its fullest).
    The others' English is gathered into `others_left`."""
    own, theirs = texts(page)
    allowed = demo_names(path) | KEPT_LATIN
    assert english_left(own, allowed) == [], (path.name, stage)
    others_left += [f"{path.name} {stage}: {w}" for w in english_left(theirs, allowed)]
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.evaluate(OVERFLOW) == [], (path.name, stage)
    if axe is not None:
        assert serious_violations(page, axe) == [], (path.name, stage)


def roll(page) -> bool:
    """Roll, unless the setup is refused (Roll disabled, its reason beside it)."""
    if page.is_disabled("#roll"):
        assert page.get_attribute("#legality", "data-ok") == "false"
        return False
    page.click("#roll")
    return True


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_demo_in_japanese(new_page, base_url, axe_source, size):  # noqa: F811
    page = new_page(**SIZES[size])
    open_app(page, base_url + "?lang=ja")
    assert page.get_attribute('#lang [data-lang="ja"]', "aria-pressed") == "true"
    others_left: list[str] = []
    axed = set(first_demo_per_system())
    for path in DEMO_FILES:
        select_demo(page, path)
        rolls = not page.is_disabled("#roll")
        check(page, path, "open", None if rolls else axe_source, others_left)
        screenshot(page, f"ja-{path.stem}-{size}-1-open")
        if roll(page):
            check(page, path, "rolled", None, others_left)
            screenshot(page, f"ja-{path.stem}-{size}-2-rolled")
            page.click("#step")
            page.click("#step-next")
            check(page, path, "stepped", None, others_left)
            page.click("#step")
            click_odds(page)
            check(page, path, "odds", axe_source if path in axed else None, others_left)
            assert page.evaluate(BROKEN_FIGURES) == [], path.name
            assert page.evaluate(TABLE_OVERFLOW) <= 0, (path.name, "the odds table is wider"
                                                        " than its box")
            screenshot(page, f"ja-{path.stem}-{size}-3-odds")
    words = sorted({w.split(": ", 1)[1].split(" in ")[0] for w in others_left})
    assert words == [], others_left[:40]


def visible_words(page) -> str:
    return page.evaluate("document.body.innerText")


def wait_units_listed(page, path: Path) -> None:
    """The Build panel lists its units in slices after the scenario is shown: wait for
    every row, so that two readings of the page's words see the same panel."""
    count = len(json.loads(path.read_text(encoding="utf-8"))["units"])
    page.wait_for_function(
        f"document.querySelectorAll('#units .unit-row').length === {count}")


def test_the_switch_keeps_the_result_and_english_comes_back_unchanged(new_page, base_url):
    """English first (the default), Roll, Odds; 日本語 says it all again without rolling
    again (the same resolution, the same odds, the board at the same step); English again
    reads exactly as before; the choice survives a reload without the link."""
    page = new_page(**SIZES["phone"], locale="en-US")
    open_app(page, base_url)
    assert page.evaluate("document.documentElement.lang") == "en"
    demo = next(p for p in DEMO_FILES if p.name.startswith("heresy-blast"))
    select_demo(page, demo)
    page.click("#roll")
    click_odds(page)
    wait_units_listed(page, demo)
    english = visible_words(page)
    resolution = page.text_content("#last-resolution")
    steps = json.loads(resolution)["steps"]
    page.click('#lang [data-lang="ja"]')
    page.wait_for_function("document.body.dataset.said === 'ja'")
    assert page.inner_text("#roll") == "ロール"
    assert page.inner_text("#summary-head span") == "結果"
    assert len(json.loads(page.text_content("#last-resolution"))["steps"]) == len(steps)
    assert not page.is_hidden("#odds-box")  # the odds are kept, said anew
    assert page.get_attribute("#board", "data-step") == "all"
    assert page.evaluate("localStorage.getItem('scatterlab:lang')") == "ja"
    page.click('#lang [data-lang="en"]')
    page.wait_for_function("document.body.dataset.said === 'en'")
    wait_units_listed(page, demo)
    again = visible_words(page)
    assert again == english, "\n".join(difflib.unified_diff(
        english.splitlines(), again.splitlines(), lineterm="", n=2))
    page.click('#lang [data-lang="ja"]')
    page.wait_for_function("document.body.dataset.said === 'ja'")  # the handler is async
    page.reload()
    open_app(page, page.url)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.inner_text("#roll") == "ロール"


def test_the_browser_language_decides_a_first_visit(new_page, base_url):
    page = new_page(viewport=DESKTOP_WIDE, locale="ja-JP")
    open_app(page, base_url)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.inner_text("#odds") == "確率"
    assert page.title().startswith("Scatterlab — ")
    assert "ブラスト" in page.title()


def test_a_share_link_carries_japanese_and_opens_in_it(new_page, base_url):
    """Share in Japanese: the link says lang=ja; opened in a browser set to English it
    shows Japanese, and the reader's own stored choice is left as it was."""
    page = new_page(viewport=DESKTOP_WIDE, permissions=["clipboard-read", "clipboard-write"])
    open_app(page, base_url + "?lang=ja")
    page.click("#roll")
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    link = page.input_value("#share-link")
    assert "lang=ja" in link and "#s=" in link
    assert page.inner_text("#share-copied") in ("コピーしました", "上のリンクをコピーしてください")
    reader = new_page(viewport=DESKTOP_WIDE, locale="en-US")
    open_app(reader, link)
    assert reader.evaluate("document.documentElement.lang") == "ja"
    assert reader.inner_text("#step") in ("ステップ", "最初から", "次へ進む")
    assert reader.evaluate("localStorage.getItem('scatterlab:lang')") is None

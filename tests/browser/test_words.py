"""Issue 22.6 in the built page: players' words. Three attacks built in the Build panel
with a bad value and an illegal aim (and every demo opened, rolled, stepped and its odds
shown: test_app's Roll-and-Step walk, with `engine_words`): the page's text holds no JSON
path (``units[``, ``attack.``, ``supports[``), no True, False or None, no option's JSON
name. Issue 22.2: a 40K squad demo's result and odds lead with the unit."""

from __future__ import annotations

import re

import pytest

from engine.readings import READINGS

from .conftest import DESKTOP, PHONE, open_app
from .test_app import DEMO_FILES, click_odds, message, select_demo
from .test_build import Builder

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")]

OPTION_KEYS = sorted({k for system in READINGS.values() for k in system if "_" in k})
# ("attack." only as a path goes on: "attack.target"; a sentence may end with "attack.")
ENGINE_WORDS = re.compile(r"units\[|attack\.\w|supports\[|in_flight\[|\bTrue\b|\bFalse\b|"
                          r"\bNone\b|\b(?:" + "|".join(OPTION_KEYS) + r")\b")

PAGE_TEXT = """() => {
  const open = [...document.querySelectorAll('details:not([open])')];
  open.forEach(d => d.open = true);  // what a fold hides is page text too
  const text = document.body.innerText;
  const options = [...document.querySelectorAll('option')].map(o => o.textContent);
  const labels = [...document.querySelectorAll('[aria-label], [title]')]
    .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  open.forEach(d => d.open = false);
  return [text, ...options, ...labels].join('\\n');
}"""


def engine_words(page) -> list[str]:
    text = page.evaluate(PAGE_TEXT)
    return sorted({m.group(0) + " in: " + text[max(0, m.start() - 60):m.end() + 30]
                   for m in ENGINE_WORDS.finditer(text)})


def test_the_squad_demo_leads_with_the_unit(new_page, base_url):
    """(2): the first result line names the unit with hits, wounds and models removed;
    the odds lead with models removed, the per-model table folded."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    select_demo(page, next(p for p in DEMO_FILES if p.name == "heresy-blast-squad.json"))
    page.click("#roll")
    first = page.inner_text("#summary-list > li:first-child summary")
    assert first == "Tactical Squad: 2 hits, 1 wound, 1 removed (Marine 3)"
    assert page.locator('#summary-list li[data-unit="m3"]').count() == 1
    click_odds(page)
    heads = page.eval_on_selector_all("#odds-table th", "t => t.map(e => e.textContent)")
    assert heads[:3] == ["Unit", "Models removed, on average", "At least 1 removed"]
    assert page.inner_text("#odds-table tr:nth-child(2) td:first-child") == "Tactical Squad"
    assert page.inner_text("#odds-box .odds-lead").startswith(
        "Tactical Squad: at least 1 removed: ")
    assert "Nothing at stake" in page.inner_text("#odds-box .odds-idle")
    assert page.locator("#odds-box details.odds-models:not([open])").count() == 1


def said(page) -> str:
    """All the page says of a setup: the message, the legality line and the notes beside
    refused fields (a refused value stays in its field, its reason beside it)."""
    notes = page.eval_on_selector_all(".field-error", "ns => ns.map(n => n.textContent)")
    return "\n".join([message(page), page.inner_text("#legality"), *notes])


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_built_attacks_with_a_bad_value_and_an_illegal_aim_say_it_in_words(
        new_page, base_url, where):
    page = new_page(viewport=PHONE if where == "phone" else DESKTOP,
                    **({"has_touch": True, "is_mobile": True} if where == "phone" else {}))
    open_app(page, base_url)
    b = Builder(page, touch=where == "phone")
    # (b) Robotech: a DF no die can reach, then missiles divided over too few targets
    b.system("robotech")
    for y in (16, 24):
        b.add("regult", "Zentraedi", at=(30, y))
    b.select("regult-2")
    b.type('[data-section="unit"][data-key="df"]', "99")
    assert "DF must be a whole number from 1 to 12" in said(page), said(page)
    b.pick('select[data-missile="0"]', "regult-2")
    assert not engine_words(page), engine_words(page)
    # (a) 40K: a BS of 0, then a hole off the target's base
    b.system("heresy")
    b.add("tactical", "traitor", at=(40, 24), count=3)
    b.select("tactical-2")
    b.tap('[data-action="make-target"]')
    b.type('[data-section="attack"][data-key="bs"]', "0")
    assert "BS must be a whole number" in said(page), said(page)
    assert not engine_words(page), engine_words(page)
    # (c) BattleTech: a support aimed off the map
    b.system("battletech")
    b.add("atlas", "davion", hex_label="1010")
    b.pick("#support-preset", "heavy-bombing")
    b.type("#support-hex", "9999")
    b.tap("#add-support")
    assert "9999" in said(page), said(page)
    assert not engine_words(page), engine_words(page)

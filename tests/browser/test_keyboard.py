"""Issue 22.9, the keyboard: shortcuts for Roll, Step, Odds and Best aim (named in the
buttons' titles, never fired while typing in a field), the focus on what an action made
or revealed, and the Build panel's attack (a) built and rolled in at most 60 key presses
from the page's opening (about 470 before)."""

from __future__ import annotations

import json

import pytest

from .conftest import open_app
from .test_app import DEMO_FILES, expected_resolution, same

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")]

TABBABLE = """sel => {
  const all = [...document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter(n => !n.disabled && n.tabIndex >= 0 && n.getClientRects().length > 0);
  return [all.indexOf(document.activeElement), all.indexOf(document.querySelector(sel))];
}"""

TYPING = """() => { const n = document.activeElement;
  return n.tagName === 'SELECT' || n.tagName === 'TEXTAREA'
    || (n.tagName === 'INPUT' && !['checkbox', 'radio'].includes(n.type)); }"""


class Keyboard:
    """A player with the keyboard alone, counting key presses: each Tab, Shift+Tab, Enter,
    Escape and shortcut once, and a value typed into a field or picked in a list once (as
    the Build tests count a tap)."""

    def __init__(self, page) -> None:
        self.page, self.presses = page, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def to(self, selector: str) -> None:
        """Tab (or Shift+Tab, whichever is shorter) until `selector` has the focus."""
        here, there = self.page.evaluate(TABBABLE, selector)
        assert there >= 0, f"{selector} cannot be reached with Tab"
        key = "Tab" if here < 0 or there >= here else "Shift+Tab"
        for _ in range(300):
            if self.page.evaluate("s => document.activeElement === document.querySelector(s)",
                                  selector):
                return
            self.press(key)
        raise AssertionError(f"Tab never reached {selector}")

    def type(self, text: str) -> None:
        """Type into the focused field (Tab into a text field selects what it holds)."""
        self.page.keyboard.type(text)
        self.presses += 1

    def pick(self, value: str) -> None:
        """Pick `value` in the focused list (its arrow keys or first letters would)."""
        self.page.evaluate("""v => { const s = document.activeElement; s.value = v;
            s.dispatchEvent(new Event('change', {bubbles: true})); }""", value)
        self.presses += 1

    def shortcut(self, key: str) -> None:
        """A shortcut key, leaving a field first (Escape) when one has the focus."""
        if self.page.evaluate(TYPING):
            self.press("Escape")
        self.press(key)

    def focused(self) -> dict:
        return self.page.evaluate("""() => { const n = document.activeElement;
            return {id: n.id, action: n.dataset.action || '', unit: n.dataset.unit || '',
                    key: n.dataset.key || ''}; }""")

    def doc(self) -> dict:
        return json.loads(self.page.input_value("#json"))


def test_attack_a_built_and_rolled_in_at_most_60_keys(new_page, base_url):
    """(a) of tests/browser/test_build.py: a Leman Russ's battle cannon (BS 3) at model 5
    of a 10-model Tactical squad in a line, the starter's marine deleted; built from the
    page's opening with the keyboard alone and rolled, as CPython's engine resolves it."""
    page = new_page()
    open_app(page, base_url)
    k = Keyboard(page)
    k.to("#system")
    k.pick("heresy")
    page.wait_for_function("document.body.dataset.system === 'heresy'")
    k.shortcut("b")
    assert k.focused()["action"] == "new"
    k.press("Enter")
    assert k.focused()["id"] == "add-preset"
    k.pick("leman-russ")
    k.to("#add-x")
    k.type("10")
    k.press("Enter")  # Enter in a field of "Add units" adds
    assert k.focused()["action"] == "make-attacker"
    k.press("Enter")
    assert k.focused()["id"] == "weapon-preset"
    k.pick("battle-cannon")
    k.to("#use-weapon")
    k.press("Enter")
    k.to('#build [data-section="attack"][data-key="bs"]')
    k.type("3")
    k.press("Tab")
    assert k.doc()["attack"]["bs"] == 3
    k.shortcut("b")
    k.to('.unit-chips [data-unit="f1"]')
    k.press("Enter")
    k.to('#build [data-action="delete"]')
    k.press("Enter")
    assert k.focused()["id"] == "add-preset"
    k.pick("tactical")
    k.to("#add-side")
    k.type("traitor")
    k.to("#add-x")
    k.type("40")
    k.to("#add-count")
    k.type("10")
    k.press("Enter")
    k.to('.unit-chips [data-unit="tactical-5"]')
    k.press("Enter")
    k.to('#build [data-action="make-target"]')
    k.press("Enter")
    assert k.focused()["id"] == "roll"
    page.evaluate("document.getElementById('last-resolution').textContent = 'null'")
    k.press("Enter")
    page.wait_for_function("document.getElementById('last-resolution').textContent"
                           " !== 'null'")
    doc = k.doc()
    squad = [u for u in doc["units"] if u.get("unit") == "tactical"]
    assert len(squad) == 10 and {u["side"] for u in squad} == {"traitor"}
    assert doc["attack"]["weapon"]["name"] == "Battle cannon"
    assert doc["attack"]["firer"] == "leman-russ" and doc["attack"]["bs"] == 3
    assert doc["attack"]["target"] == "tactical-5"
    want, err = expected_resolution(json.dumps(doc))
    assert err is None, err
    same(json.loads(page.text_content("#last-resolution")), want, "resolution")
    assert k.focused()["id"] == "summary-head"
    print(f"(a) key presses: {k.presses}")
    assert k.presses <= 60, k.presses


def test_shortcuts_roll_step_odds_and_best_aim_but_not_while_typing(new_page, base_url):
    """R, S, O and A press Roll, Step, Odds and Best aim, named in their titles; typed into
    a field they are only letters; the focus goes to the result, the odds and the aims."""
    page = new_page()
    open_app(page, f"{base_url}?demo=heresy-blast-squad.json")
    for bid, key in (("roll", "R"), ("step", "S"), ("odds", "O"), ("best-aim", "A")):
        assert f"({key})" in page.get_attribute(f"#{bid}", "title"), bid
        assert page.get_attribute(f"#{bid}", "aria-keyshortcuts") == key
    page.evaluate("document.getElementById('last-resolution').textContent = 'null'")
    page.focus("#add-side")
    page.keyboard.type("rso")
    assert page.text_content("#last-resolution") == "null"
    assert page.input_value("#add-side").endswith("rso")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("r")
    page.wait_for_function("document.getElementById('last-resolution').textContent"
                           " !== 'null'")
    assert page.evaluate("document.activeElement.id") == "summary-head"
    page.keyboard.press("s")
    page.wait_for_selector("#caption:not([hidden])")
    page.keyboard.press("o")
    page.wait_for_function("document.getElementById('last-odds').textContent !== 'null'",
                           timeout=90000)
    page.wait_for_function("document.activeElement.id === 'odds-head'")
    page.keyboard.press("a")
    page.wait_for_function("document.getElementById('last-aim').textContent !== 'null'",
                           timeout=90000)
    page.wait_for_function("document.activeElement.id === 'aim-head'")


def test_focus_follows_new_add_select_and_make_target(new_page, base_url):
    """With the mouse too: after New the Add form's preset has the focus, after Add and
    after picking a unit its buttons, after Make target Roll; never the page's body."""
    page = new_page()
    open_app(page, base_url)
    page.select_option("#system", "heresy")
    page.wait_for_function("document.body.dataset.system === 'heresy'")
    page.click('#build [data-action="new"]')
    assert page.evaluate("document.activeElement.id") == "add-preset"
    page.fill("#add-side", "traitor")
    page.click("#add-unit")
    assert page.evaluate("document.activeElement.closest('.build-selected') !== null")
    page.click('#build [data-action="make-target"]')
    assert page.evaluate("document.activeElement.id") == "roll"
    page.click('.unit-chips [data-unit="f1"]')
    assert page.evaluate("document.activeElement.dataset.action") == "make-attacker"

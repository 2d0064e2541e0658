"""Issue 22, the answer at a glance: one screen, one answer (22.1), first contact (22.5),
dark mode (22.10) and Share's sign (22.11), on a 390x844 touch phone and a 1366x800
desktop. The page never scrolls: the board is on top (or at the left) and what Roll,
Odds and Best aim produced is brought to the top of the sheet of panels beside it."""

from __future__ import annotations

import json

import pytest

from .conftest import BOOT_TIMEOUT_MS, PHONE, open_app, screenshot
from .test_app import DEMO_FILES, click_odds, roll, select_demo
from .test_labels import labels_clear
from .test_table import axe_source, serious_violations  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")]

WIDE = {"width": 1366, "height": 800}
SIZES = {"phone": dict(viewport=PHONE, has_touch=True, is_mobile=True),
         "desktop": dict(viewport=WIDE)}

GLANCE = """sels => {
  const bar = document.getElementById('play').getBoundingClientRect();
  const fixed = getComputedStyle(document.getElementById('play')).position === 'fixed';
  const bottom = fixed ? bar.top : innerHeight;
  const sheet = document.getElementById('sheet').getBoundingClientRect();
  const seen = (r, n) => r.height > 0 && r.top >= -1
    && r.bottom <= (n.closest('#play') ? innerHeight : bottom) + 1;
  const inSheet = r => r.top >= sheet.top - 1 && r.bottom <= sheet.bottom + 1;
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const boardSeen = Math.min(board.bottom, bottom) - Math.max(board.top, 0);
  const missing = sels.filter(s => { const n = document.querySelector(s);
    if (!n) return true; const r = n.getBoundingClientRect();
    return !(seen(r, n) && (!n.closest('#sheet') || inSheet(r))); });
  return {board: boardSeen >= 120, missing, scroll: scrollY};
}"""
"""Whether the board shows at least 120 px and every selector's element is wholly in
view (over a phone's fixed bar, inside the sheet's visible part); the page's scroll."""

OK = {"board": True, "missing": [], "scroll": 0}


def best_aim(page) -> None:
    page.evaluate("document.getElementById('last-aim').textContent = 'null'")
    page.click("#best-aim")
    page.wait_for_function("document.getElementById('last-aim').textContent !== 'null'"
                           " || !document.getElementById('message').hidden",
                           timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.aim === undefined")
    if page.text_content("#last-aim") != "null":  # the aims shown, the focus on them
        page.wait_for_function("document.activeElement.id === 'aim-head'")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_1_roll_odds_and_best_aim_answer_beside_the_board(new_page, base_url, size):
    """On every demo, after Roll and Odds, and on each system's first demo after Best aim
    (its table is laid out alike in every demo of a system), what each produced (the
    result's first line, the odds' first row, the best aims' first row, or the message
    saying why there is none) and the board are in view, and the page has not scrolled.
    In the same walk, issue 22.3 and 22.4 (test_labels): before and after Roll no two
    board labels overlap and the board's edge cuts no name; before Roll the aim is drawn."""
    page = new_page(**SIZES[size])
    open_app(page, base_url)
    aimed: set[str] = set()
    bad: dict[str, list[str]] = {}
    for path in DEMO_FILES:
        select_demo(page, path)
        if found := labels_clear(page, rolled=False):
            bad[f"{path.stem} before Roll"] = found
        if not roll(page):
            got = page.evaluate(GLANCE, ["#legality"])
            assert got == OK, (path.name, "refused", got)
            continue
        if found := labels_clear(page, rolled=True):
            bad[f"{path.stem} after Roll"] = found
        got = page.evaluate(GLANCE, ["#summary-head", "#summary-list li"])
        assert got == OK, (path.name, "roll", got)
        assert page.evaluate("document.activeElement.id") == "summary-head"
        click_odds(page)
        odds = page.text_content("#last-odds") != "null"
        if odds:
            page.wait_for_function("document.activeElement.id === 'odds-head'")
        shown = ["#odds-head", "#odds-table tr:nth-child(2)"] if odds else ["#message"]
        got = page.evaluate(GLANCE, shown)
        assert got == OK, (path.name, "odds", got)
        if path == DEMO_FILES[0]:
            screenshot(page, f"glance-{size}-odds")
        system = json.loads(path.read_text("utf-8"))["system"]
        if system in aimed:
            continue
        aimed.add(system)
        best_aim(page)
        shown = (["#message"] if page.text_content("#last-aim") == "null"
                 else ["#aim-head", "#aim-table tr[data-index]"])
        got = page.evaluate(GLANCE, shown)
        assert got == OK, (path.name, "aim", got)
        screenshot(page, f"glance-{size}-aim-{system}")
    assert not bad, json.dumps(bad, indent=1)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_5_first_screen_has_the_pickers_build_and_the_answer(new_page, base_url, size):
    """A compact header; the system and demo pickers, the Build tab, Roll and the result
    (with the board) on the first screen; the Build tab brings the panel up, its New
    button focused, still without the page scrolling."""
    page = new_page(**SIZES[size])
    open_app(page, base_url)
    header = page.evaluate("document.querySelector('header.top').getBoundingClientRect()"
                           ".height")
    assert header <= (100 if size == "phone" else 64), header
    got = page.evaluate(GLANCE, ["#system", "#demo", '#tabs [data-panel="build"]', "#roll",
                                 "#summary-head"])
    assert got == OK, got
    screenshot(page, f"glance-{size}-first")
    page.click('#tabs [data-panel="build"]')
    got = page.evaluate(GLANCE, ['#build [data-action="new"]'])
    assert got == OK, got
    assert page.evaluate("document.activeElement.dataset.action") == "new"
    assert page.get_attribute('#tabs [data-panel="build"]', "aria-current") == "true"


def test_1_phone_bar_fits_while_odds_run(new_page, base_url):
    """While odds run on a phone, Cancel takes the place of Odds: every button of the
    bottom bar shows its whole label (none clipped, as "Cance odds" was)."""
    from .test_worker import apply_json, large_heresy_attack

    page = new_page(**SIZES["phone"])
    open_app(page, base_url)
    apply_json(page, large_heresy_attack())
    page.click("#odds")
    page.wait_for_function("document.body.dataset.odds !== undefined")
    clipped = page.evaluate("""() => [...document.querySelectorAll('#play button')]
        .filter(b => b.offsetParent && (b.scrollWidth > b.clientWidth + 1
                 || b.getBoundingClientRect().right > innerWidth))
        .map(b => b.id)""")
    assert page.is_visible("#cancel-odds") and clipped == [], clipped
    page.click("#cancel-odds")
    page.wait_for_function("document.body.dataset.odds === undefined")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_10_dark_mode_is_followed_toggled_kept_and_clean(
        new_page, base_url, axe_source, size):  # noqa: F811
    """The system's dark scheme is followed; axe-core finds nothing serious in it after
    Roll and Odds on a demo of each system; the toggle turns it light and the choice
    survives a reload."""
    page = new_page(color_scheme="dark", **SIZES[size])
    open_app(page, base_url)
    background = "getComputedStyle(document.documentElement).backgroundColor"
    dark = page.evaluate(background)
    assert page.get_attribute("#theme", "aria-pressed") == "true"
    seen = set()
    for path in DEMO_FILES:
        system = path.stem.split("-")[0]
        if system in seen or system == "rule":
            continue
        seen.add(system)
        select_demo(page, path)
        if roll(page):
            click_odds(page)
        assert serious_violations(page, axe_source) == [], (path.name, "dark")
        screenshot(page, f"glance-{size}-dark-{system}")
    page.click("#theme")
    assert page.get_attribute("#theme", "aria-pressed") == "false"
    light = page.evaluate(background)
    assert light != dark
    assert serious_violations(page, axe_source) == [], "light"
    page.reload()
    open_app(page, page.url)
    assert page.evaluate(background) == light
    assert page.evaluate("document.documentElement.dataset.theme") == "light"


def test_11_share_says_link_copied(new_page, base_url):
    """Share copies the link and says so beside it."""
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    open_app(page, base_url)
    page.click("#share")
    page.wait_for_function("document.getElementById('share-copied').textContent !== ''")
    assert page.inner_text("#share-copied") == "Link copied"
    assert page.is_visible("#share-copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#share-link")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_5_units_just_added_are_in_view(new_page, base_url, size):
    """A 10-model squad added in a far corner of a new board is on the board's view at
    once, every model of it, with no Fit pressed."""
    page = new_page(**SIZES[size])
    open_app(page, base_url)
    page.select_option("#system", "heresy")
    page.wait_for_function("document.body.dataset.system === 'heresy'")
    page.click('#build [data-action="new"]')
    for field, value in (("#add-x", "64"), ("#add-y", "24"), ("#add-count", "10")):
        page.fill(field, value)
    page.select_option("#add-preset", "tactical")
    page.click("#add-unit")
    page.wait_for_function("document.querySelectorAll('#board .layer-units .unit').length"
                           " >= 11")
    out = page.evaluate("""() => {
      const view = document.querySelector('#board svg').getBoundingClientRect();
      return [...document.querySelectorAll('#board .layer-units .unit')]
        .filter(u => (u.dataset.unit || '').startsWith('tactical'))
        .filter(u => { const r = u.querySelector('.body').getBoundingClientRect();
          return r.left < view.left - 1 || r.right > view.right + 1
            || r.top < view.top - 1 || r.bottom > view.bottom + 1; })
        .map(u => u.dataset.unit); }""")
    assert out == [], out

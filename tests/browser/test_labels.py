"""Issue 22.3 and 22.4 in the built page: at a phone's 390 x 844 (touch) and a desktop's
1366 x 800, no two board labels in view overlap (their boxes as the browser lays them
out, getBoundingClientRect) and the board's edge cuts no name; before Roll the template or
hex is drawn where the attack is aimed. Every demo, before and after Roll, is checked so
(`labels_clear`) in test_glance's walk through the demos at the same two sizes.
Every test also fails on console errors and off-site requests (conftest.Watch).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import PHONE, open_app
from .test_app import DEMO_FILES, roll, select_demo

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet"),
]

DESKTOP = {"width": 1366, "height": 800}
SIZES = {"phone": (PHONE, {"has_touch": True, "is_mobile": True}), "desktop": (DESKTOP, {})}

OVERLAPS = """() => {
  const svg = document.querySelector('#board svg');
  const frame = svg.getBoundingClientRect();
  const movable = '.unit .name, .mark .tlabel, .mark .slabel, .odds-label, g.offview text';
  const fixed = '.mark .dir, .ruler, .hexlabels text';
  // an off-view attacker's backdrop hides what it covers, like its text
  const backdrop = 'g.offview rect';
  const boxes = [];
  for (const [sel, kind] of [[movable, 'movable'], [fixed, 'fixed'], [backdrop, 'backdrop']]) {
    for (const node of svg.querySelectorAll(sel)) {
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.right < frame.left || r.left > frame.right
          || r.bottom < frame.top || r.top > frame.bottom) continue;
      const text = kind === 'backdrop' ? `behind ${node.nextElementSibling.textContent}`
                                       : node.textContent;
      boxes.push({kind, text, r, offview: !!node.closest('g.offview')});
    }
  }
  const out = [];
  // a text's box holds its line's leading: the ink sits in the middle 80 % of its height
  const ink = (r) => ({l: r.left, r: r.right, t: r.top + r.height * 0.1,
                       b: r.bottom - r.height * 0.1});
  const box = (r) => ({l: r.left, r: r.right, t: r.top, b: r.bottom});
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.kind === 'fixed' && b.kind === 'fixed') continue;
      if (a.offview && b.offview) continue;  // a tag and its own backdrop
      const p = a.kind === 'backdrop' ? box(a.r) : ink(a.r);
      const q = b.kind === 'backdrop' ? box(b.r) : ink(b.r);
      if (p.l < q.r - 0.5 && q.l < p.r - 0.5 && p.t < q.b - 0.5 && q.t < p.b - 0.5) {
        out.push(`${a.text} / ${b.text}`);
      }
    }
  }
  return {count: boxes.length, overlaps: out};
}"""


def overlaps(page) -> list[str]:
    found = page.evaluate(OVERLAPS)
    assert found["count"] > 0
    return found["overlaps"]


def labels_clear(page, rolled: bool) -> list[str]:
    """What is wrong with the board's labels as shown, before Roll (when the aim must be
    drawn) or after it: two labels that overlap, a name or figure the board's edge cuts."""
    if rolled:
        page.wait_for_function("!document.querySelector('#board svg g.mark.preview')")
    else:
        page.wait_for_function("document.querySelector('#board svg .unit')")
    found = overlaps(page) + cut_names(page)
    if not rolled and not page.locator("#board svg g.mark.preview").count():
        found.append("no aim drawn")
    return found


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("size", SIZES)
def test_before_roll_each_template_is_drawn_where_it_is_aimed(new_page, base_url, size):
    viewport, extra = SIZES[size]
    page = new_page(viewport=viewport, **extra)
    volley = next(p for p in DEMO_FILES if p.stem == "robotech-derringer-volley")
    open_app(page, f"{base_url}?demo={volley.name}")
    attack = json.loads(volley.read_text("utf-8"))["attack"]
    targets = page.evaluate("""() => [...document.querySelectorAll(
        '#board svg g.mark.preview .tpl')].map(c => c.getBoundingClientRect())
        .map(r => [r.x + r.width / 2, r.y + r.height / 2])""")
    wanted = list(dict.fromkeys(attack["targets"]))  # one template per target aimed at
    assert len(targets) == len(wanted)
    assert page.locator("#board svg g.mark.preview .tlabel").all_text_contents() == [
        f"missiles 1\u2013{attack['weapon']['volley']}"]
    for (x, y), uid in zip(targets, wanted, strict=True):
        ux, uy = _centre(page, f'#board svg [data-unit="{uid}"] .body')
        assert (x, y) == pytest.approx((ux, uy), abs=1.5)
    bombing = next(p for p in DEMO_FILES if p.stem == "battletech-bombing-scatter")
    select_demo(page, bombing)
    aimed = json.loads(bombing.read_text("utf-8"))["attack"]["supports"][0]["target"]
    page.wait_for_function(
        f"document.querySelector('#board svg g.mark.preview[data-hex=\"{aimed}\"]')")


def test_the_shared_picture_holds_the_attacker_and_the_app_s_address(new_page, base_url):
    """Issue 22.11: on a phone, zoomed in so the attacker is out of view, the picture
    still shows the attacker, and it names the address the app was opened at."""
    from pathlib import Path

    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True, accept_downloads=True)
    volley = next(p for p in DEMO_FILES if p.stem == "robotech-derringer-volley")
    open_app(page, f"{base_url}?demo={volley.name}")
    roll(page)
    for _ in range(3):
        page.click("#zoom-in")
    attacker = json.loads(volley.read_text("utf-8"))["attack"]["attacker"]
    assert page.locator(f'#board svg g.offview[data-points-to="{attacker}"]').count() == 1
    with page.expect_download() as info:
        page.click("#export")
    svg = Path(info.value.path()).read_text("utf-8")
    assert base_url in svg
    nested = re.findall(r"<svg [^>]*>", svg)[1]
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', nested).group(1).split()]
    unit = next(u for u in json.loads(volley.read_text("utf-8"))["units"]
                if u["id"] == attacker)
    assert box[0] <= unit["x"] <= box[0] + box[2] and box[1] <= unit["y"] <= box[1] + box[3]


@pytest.mark.parametrize("size", SIZES)
def test_odds_figures_keep_clear_of_every_label(new_page, base_url, size):
    """After Odds each unit's figure is written beside it, clear of names, template
    numbers and tags (a squad's figures once sat on each other and on the names), and
    the board's edge cuts no name or figure: on a phone, the figures over two shots' targets
    at the top of the view, the Gunner's name at its left edge, next to his squad's figures,
    and a model's name ringed by its template's direction numbers above the view's lower
    edge all once did."""
    from .test_app import click_odds

    viewport, extra = SIZES[size]
    page = new_page(viewport=viewport, **extra)
    bad = {}
    paths = [next(p for p in DEMO_FILES if p.stem == stem)
             for stem in ("heresy-blast-squad", "robotech-derringer-volley",
                          "heresy-two-targets-cover", "heresy-large-blast-own-unit",
                          "rule-robotech-volley-split-all-miss")]
    open_app(page, f"{base_url}?demo={paths[0].name}")
    for path in paths:
        select_demo(page, path)  # as a player picks the next (the first is open)
        roll(page)
        click_odds(page)
        page.wait_for_function("document.querySelector('#board svg .odds-label')")
        if found := labels_clear(page, rolled=True):
            bad[path.stem] = found
    assert not bad, json.dumps(bad, indent=1)


CUT_NAMES = """() => {
  const svg = document.querySelector('#board svg');
  const view = svg.getBoundingClientRect();
  const buttons = document.getElementById('zoom').getBoundingClientRect();
  const cut = [];
  const bodyOf = (text) => (text.matches('.odds-label')
    ? svg.querySelector(`.layer-units [data-unit="${CSS.escape(text.dataset.for)}"] .body`)
    : text.parentNode.querySelector('.body')).getBoundingClientRect();
  for (const name of svg.querySelectorAll('.layer-units .unit .name, .layer-odds .odds-label')) {
    const body = bodyOf(name);
    const x = (body.left + body.right) / 2, y = (body.top + body.bottom) / 2;
    if (x < view.left || x > view.right || y < view.top || y > view.bottom) continue;
    const r = name.getBoundingClientRect();
    if (r.left < view.left - 0.5 || r.right > view.right + 0.5 || r.top < view.top - 0.5
        || r.bottom > view.bottom + 0.5 || (r.left < buttons.right && buttons.left < r.right
        && r.top < buttons.bottom && buttons.top < r.bottom)) {
      cut.push(name.matches('.odds-label') ? `odds of ${name.dataset.for}` : name.textContent);
    }
  }
  const led = [...svg.querySelectorAll('.unit .name[data-kept-in-view]')].filter(
    (n) => { const line = n.parentNode.querySelector(':scope > .leader');
             return line && getComputedStyle(line).visibility !== 'hidden'; });
  return {cut, moved: svg.querySelectorAll('.unit .name[data-kept-in-view]').length,
          led: led.length};
}"""


def cut_names(page) -> list[str]:
    """The names and odds figures the board's edge cuts, as "cut: <name>" (none within a
    second: the names move once the view is set)."""
    try:
        page.wait_for_function(f"({CUT_NAMES})().cut.length === 0", timeout=1000)
    except PlaywrightTimeout:
        return [f"cut: {name}" for name in page.evaluate(CUT_NAMES)["cut"]]
    return []


@pytest.mark.parametrize("stem", ["heresy-mega-blast", "battletech-strafing-run"])
def test_names_the_board_s_edge_would_cut_move_beside_their_unit_on_a_phone(new_page,
                                                                             base_url, stem):
    """Zoomed in to keep bases legible, a phone's board cut the names of the Mega-blast's
    models at its edges ("narine 3"), and hid the Locust's under the zoom buttons, and
    then the Rhino's odds figure: each name and odds figure of a unit in view now reads
    whole beside its unit, before and after Roll, and after Odds, where the figures round
    the Mega-blast's Sergeant and the attacker's arrow leave no clear place until some of
    them move aside; over no other label (a name moved next to its unit loses its leader
    line)."""
    from .test_app import click_odds

    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, f"{base_url}?demo={stem}.json")
    for when in ("open", "roll", "odds"):
        if when == "roll":
            roll(page)
        if when == "odds":
            click_odds(page)
            page.wait_for_function("document.querySelector('#board svg .odds-label')")
        got = page.evaluate(CUT_NAMES)
        assert got["cut"] == [] and got["moved"] > 0 and got["led"] == 0, (when, got)
        assert overlaps(page) == [], when

"""At the table (issue 14): what a player meets on a phone and a desktop. Each test is
named after the issue's numbered points it proves: honest demos (1), the result at a glance
(3), players' words (4, in 1's walk through the demos), odds worth reading (5), legible
boards (6), export (7), accessibility (8), first contact (9), errors where the eye is (10),
the rules browsable (11).
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.__main__ import main as engine_main

from .conftest import DESKTOP, PHONE, ROOT, last_resolution, open_app, screenshot
from .test_app import (
    DEMO_FILES,
    expected_resolution,
    first_demo_per_system,
    message,
    roll,
    same,
    select_demo,
)

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")]


def cli_resolution(path) -> dict | None:
    """`python -m engine resolve DEMO --json`, without --seed: the demo's own story (None
    for a demo whose attack the rules refuse: the command exits 1). The command's own
    `main`, run here: a process per demo would only add Python's start-up."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = engine_main(["resolve", str(path), "--json"])
    return json.loads(out.getvalue()) if code == 0 else None


def refused(path) -> bool:
    """A demo that shows a refusal (an attack the rules forbid)."""
    return "refused" in path.stem


def dice_mode(page) -> str:
    return page.get_attribute("#dice-mode", "data-mode")


def test_1_4_every_demo_rolls_its_own_dice_in_players_words(new_page, base_url):
    """(1) Roll plays each demo's scripted dice: the page's first Roll equals the command
    line without --seed; New seed switches to seeded dice, visibly; a share link keeps
    which. (4) After each Roll the page's text, the rules section open, holds no
    repository path, no JSON path and no raw Markdown; dice show as faces."""
    page = new_page()
    open_app(page, base_url)
    page.click("#rules-box summary")
    page.wait_for_selector("#rules .rule")
    for path in DEMO_FILES:
        select_demo(page, path)
        scripted = "dice" in json.loads(path.read_text("utf-8"))
        assert dice_mode(page) == ("scripted" if scripted else "seeded"), path.name
        rolled = roll(page)
        text = page.inner_text("body")
        for bad in ("shared/", "supports[", "units[", "in_flight[", "**", ".md"):
            assert bad not in text, (path.name, bad)
        want = cli_resolution(path)
        if want is None:
            assert refused(path) and not rolled, path.name
            continue
        same(last_resolution(page), want, path.name)
        assert page.locator("#log .die").count() > 0, path.name

    scripted_demo = next(p for p in DEMO_FILES if "dice" in json.loads(p.read_text("utf-8")))
    select_demo(page, scripted_demo)
    page.click("#roll")
    story = last_resolution(page)
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    link = page.input_value("#share-link")
    shared = new_page()
    open_app(shared, link)
    assert dice_mode(shared) == "scripted"
    same(last_resolution(shared), story, "share link of scripted dice")

    page.click("#new-seed")
    assert dice_mode(page) == "seeded"
    seed = int(page.input_value("#seed"))
    assert f"seed {seed}" in page.inner_text("#dice-mode")
    want, error = expected_resolution(scripted_demo.read_text("utf-8"), seed=seed)
    if error is None:
        same(last_resolution(page), want, f"new seed {seed}")
    else:
        assert error in message(page)
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    reseeded = new_page()
    open_app(reseeded, page.input_value("#share-link"))
    assert dice_mode(reseeded) == "seeded"
    assert reseeded.input_value("#seed") == str(seed)


IN_VIEW = """() => {
  const bar = document.getElementById('play').getBoundingClientRect();
  const bottom = Math.min(innerHeight, bar.top >= innerHeight - 1 ? innerHeight : bar.top);
  const seen = r => r.top >= -1 && r.bottom <= bottom + 1;
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const head = document.getElementById('summary-head').getBoundingClientRect();
  const first = document.querySelector('#summary-list li').getBoundingClientRect();
  return {board: seen(board), summary: seen(head) && seen(first), scroll: scrollY};
}"""


def test_3_6_board_and_summary_in_view_and_legible_on_a_phone(new_page, base_url):
    """(3) At 390x844, after Roll and after every step (Step, then the caption's Next and
    Back) the board and the summary are both on screen, and nothing scrolls the page.
    (6) Every demo opens (and after Roll stays) on a view where bases are at least 24 CSS
    px and names and hex numbers 11 CSS px, names overlap neither each other nor a hex
    number, and the final templates and hit hexes are in view; an attacker out of view has
    an arrow at the board's edge pointing to it (and one in view has none), its name clear
    of the templates' and scatters' labels; a zoom button keeps the attack where it was on
    screen. One walk through the demos for both."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    pointed: list[str] = []
    for path in DEMO_FILES:
        select_demo(page, path)
        page.evaluate("window.scrollTo(0, 0)")
        legible(page, path, "open", pointed)
        if not roll(page):
            assert refused(path), path.name
            assert page.evaluate(IN_SIGHT, "#legality"), "the refusal is out of sight"
            zoom_keeps_the_attack(page, path)
            continue
        got = page.evaluate(IN_VIEW)
        assert got == {"board": True, "summary": True, "scroll": 0}, (path.name, got)
        legible(page, path, "roll", pointed)
        res = last_resolution(page)
        touched = [uid for uid, e in res["effects"].items()
                   if page.locator(f'#summary-list li[data-unit="{uid}"]').count()]
        missiles = page.locator("#summary-list li[data-missile]").count()  # on no unit
        assert touched or missiles or page.locator("#summary-list li.hint").count() == 1
        assert page.is_hidden("#caption")
        zoom_keeps_the_attack(page, path)  # as Roll left it (Step moves the focus on)
        steps = len(res["steps"])
        page.click("#step")
        for k in range(steps):
            assert page.is_visible("#caption"), (path.name, k)
            caption = page.inner_text("#caption-text")
            assert f"Step {k + 1} of {steps}" in caption
            assert res["steps"][k]["clause"] in caption
            got = page.evaluate(IN_VIEW)
            assert got == {"board": True, "summary": True, "scroll": 0}, (path.name, k, got)
            if k < steps - 1:
                page.click("#step-next")
        assert page.is_disabled("#step-next")
        page.click("#step-back")
        assert page.get_attribute("#board", "data-step") == str(steps - 2)
        assert page.evaluate(IN_VIEW)["scroll"] == 0
    print("attacker out of the default view, pointed to:", sorted(set(pointed)))


def legible(page, path: Path, when: str, pointed: list[str]) -> None:
    """(6) The board as shown `when` ("open", "roll") is legible; the demos whose attacker
    an arrow points to go into `pointed`."""
    got = page.evaluate(LEGIBLE)
    assert got["base"] >= 24 - 0.5 and got["font"] >= 11 - 0.1, (path.name, when, got)
    assert got["hexfont"] is None or got["hexfont"] >= 11 - 0.1, (path.name, when, got)
    assert got["overlaps"] == 0 and got["marks"], (path.name, when, got)
    assert got["covered"] == 0, (path.name, when, got)
    if attacker_of(path):
        where = page.evaluate(OFFVIEW, attacker_of(path))
        assert where["arrow"] != where["seen"], (path.name, when, where)
        assert not where["arrow"] or (where["inside"] and where["towards"]
                                      and where["overMarkLabels"] == 0), where
        if where["arrow"]:
            pointed.append(path.name)


def zoom_keeps_the_attack(page, path: Path) -> None:
    """(6) Zoom in keeps the attack's focus where it was on screen."""
    centre = page.evaluate(FOCUS_ON_SCREEN)
    page.click("#zoom-in")
    after = page.evaluate(FOCUS_ON_SCREEN)
    if centre is not None:
        drift = max(abs(a - b) for a, b in zip(centre, after, strict=True))
        assert drift < 1, (path.name, centre, after)


IN_SIGHT = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


@pytest.mark.parametrize("system", ["heresy", "battletech"])
def test_10_bad_value_is_kept_marked_and_explained_beside_it(new_page, base_url, system):
    """A bad x (or hex) stays in its field, marked invalid, with a message beside it naming
    the unit by its name, in view; the scenario is unchanged."""
    path = next(p for p in DEMO_FILES if json.loads(p.read_text("utf-8"))["system"] == system)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, f"{base_url}?demo={path.name}")
    before = json.loads(page.input_value("#json"))
    unit = before["units"][0]
    key, bad = ("hex", "9999") if "hex" in unit else ("x", "99999")
    selector = f"#unit-0-{key}"
    page.fill(selector, bad)
    page.dispatch_event(selector, "change")
    assert page.input_value(selector) == bad
    assert page.get_attribute(selector, "aria-invalid") == "true"
    note = page.locator(f"{selector}-error")
    text = note.inner_text()
    assert unit.get("name", unit["id"]) in text and "units[" not in text, text
    assert page.evaluate(IN_SIGHT, f"{selector}-error"), "the message is out of sight"
    assert json.loads(page.input_value("#json")) == before
    assert message(page) == ""


def test_10_damaged_share_link_says_so_and_keeps_the_scenario(new_page, base_url):
    """A truncated share link: one plain sentence, no exception text, the scenario kept."""
    page = new_page()
    open_app(page, f"{base_url}?demo={DEMO_FILES[0].name}")
    page.click("#roll")
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    link = page.input_value("#share-link")
    cut = link[: len(link) - 12]
    other = DEMO_FILES[-1]
    select_demo(page, other)
    before = page.input_value("#json")
    page.evaluate("h => { location.hash = h; }", "#" + cut.split("#", 1)[1])
    page.wait_for_function("!document.getElementById('message').hidden")
    said = message(page)
    assert "damaged" in said and said.count(".") == 1 and said.endswith("."), said
    assert "Error" not in said and "padding" not in said
    assert page.input_value("#json") == before

    fresh = new_page()
    open_app(fresh, cut)
    said = message(fresh)
    assert "damaged" in said and said.count(".") == 1, said
    assert fresh.locator("#board svg [data-unit]").count() > 0


def test_9_first_contact(new_page, base_url):
    """One sentence under the title says what the app does; the default demo opens with
    its notes shown, their emphasis as elements, never as raw asterisks or markup."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    tagline = page.inner_text(".tagline")
    assert tagline.count(".") == 1 and tagline.endswith(".") and page.is_visible(".tagline")
    assert page.evaluate("document.getElementById('notes-box').open")
    notes = page.inner_text("#notes")
    assert len(notes) > 40 and "**" not in notes
    demo = json.loads((DEMO_FILES[0].parent / page.evaluate(
        "document.body.dataset.demo")).read_text("utf-8"))
    if "**" in demo["notes"]:
        assert page.locator("#notes strong").count() > 0


def click_odds(page) -> None:
    page.evaluate("document.getElementById('last-odds').textContent = 'null'")
    page.click("#odds")
    page.wait_for_function("document.getElementById('last-odds').textContent !== 'null'"
                           " || !document.getElementById('message').hidden")
    page.wait_for_function("document.body.dataset.state === 'ready'")


CHARTS = """() => [...document.querySelectorAll('#odds-charts .odds-card')].map(card => ({
  kind: card.classList.contains('group') ? 'groups' : 'units',
  key: card.dataset.group || card.dataset.unit,
  charts: [...card.querySelectorAll('figure')].map(f => ({
    name: f.dataset.chart,
    bars: [...f.querySelectorAll('rect.bar')].map(r => [r.dataset.value, +r.dataset.p]),
    readout: f.querySelector('.at-least').textContent}))}))"""


def test_5_odds_charts_carry_the_engines_figures(new_page, base_url):
    """Per unit (and group) a bar chart of each distribution: its bars are the engine's
    figures, summing to 1 within 1e-9 of the engine's own sum, with an at-least read-out."""
    from engine import scenario as sc
    from engine import systems

    page = new_page()
    open_app(page, base_url)
    seen = set()
    for path in DEMO_FILES:
        scenario = sc.loads(path.read_text("utf-8"))
        if scenario.system in seen and "mega" not in path.name:
            continue
        seen.add(scenario.system)
        want = json.loads(json.dumps(systems.odds(scenario, trials=20_000).to_dict()))
        select_demo(page, path)
        click_odds(page)
        cards = page.evaluate(CHARTS)
        assert {c["key"] for c in cards if c["kind"] == "units"} == set(want["units"])
        for card in cards:
            figures = want[card["kind"]][card["key"]]
            assert card["charts"], (path.name, card["key"])
            for chart in card["charts"]:
                dist = figures[chart["name"]]
                bars = dict(chart["bars"])
                assert set(bars) == set(dist), (path.name, card["key"], chart["name"])
                assert all(abs(bars[v] - p) <= 1e-12 for v, p in dist.items())
                assert abs(sum(bars.values()) - sum(dist.values())) <= 1e-9
                assert abs(sum(bars.values()) - 1) <= 1e-5
                least = figures[f"{chart['name']}_at_least"]
                if any(float(v) > 0 for v in least):
                    assert "at least" in chart["readout"]
        if scenario.system == "heresy":
            assert "closest model" in page.inner_text("#odds-charts .surprise")


LEGIBLE = """() => {
  const svg = document.querySelector('#board svg');
  const view = svg.getBoundingClientRect();
  const bodies = [...svg.querySelectorAll('.layer-units .unit .body')]
    .map(b => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); });
  const names = [...svg.querySelectorAll('.layer-units .unit .name')];
  const px = svg.getScreenCTM().a;
  const fonts = names.map(n => parseFloat(getComputedStyle(n).fontSize) * px);
  const boxes = names.map(n => n.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
  }
  const inside = el => { const r = el.getBoundingClientRect();
    return r.left >= view.left - 1 && r.right <= view.right + 1
      && r.top >= view.top - 1 && r.bottom <= view.bottom + 1; };
  // what the attack did (final templates, hit hexes), else (before Roll) where it is aimed
  const answer = [...svg.querySelectorAll('.layer-marks .role-final, .layer-floor .role-hit')];
  const targets = answer.length ? answer : [...svg.querySelectorAll('.mark.role-target')];
  const numbers = [...svg.querySelectorAll('.hexlabels text')].map(n => n.getBoundingClientRect());
  let covered = 0;  // hex numbers a name is written over
  for (const a of boxes) for (const b of numbers) {
    if (a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1) covered++;
  }
  const hexnum = svg.querySelector('.hexlabels text');
  return {base: Math.min(...bodies), font: Math.min(...fonts), overlaps, covered,
          hexfont: hexnum ? parseFloat(getComputedStyle(hexnum).fontSize) * px : null,
          marks: targets.every(inside)};
}"""

OFFVIEW = """uid => {
  const svg = document.querySelector('#board svg');
  const view = svg.getBoundingClientRect();
  const body = svg.querySelector(`.layer-units [data-unit="${CSS.escape(uid)}"] .body`)
    .getBoundingClientRect();
  const x = (body.left + body.right) / 2, y = (body.top + body.bottom) / 2;
  const seen = x >= view.left && x <= view.right && y >= view.top && y <= view.bottom;
  const arrow = svg.querySelector(`g.offview[data-points-to="${CSS.escape(uid)}"] polygon`);
  if (!arrow) return {seen, arrow: false};
  const r = arrow.getBoundingClientRect();
  const ax = (r.left + r.right) / 2, ay = (r.top + r.bottom) / 2;
  const cx = (view.left + view.right) / 2, cy = (view.top + view.bottom) / 2;
  const label = svg.querySelector(`g.offview[data-points-to="${CSS.escape(uid)}"] text`)
    .getBoundingClientRect();
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
    && b.top < a.bottom;
  return {seen, arrow: true, inside: r.left >= view.left - 1 && r.right <= view.right + 1
          && r.top >= view.top - 1 && r.bottom <= view.bottom + 1,
          towards: (ax - cx) * (x - cx) + (ay - cy) * (y - cy) > 0,
          overMarkLabels: [...svg.querySelectorAll('.layer-marks .tlabel, .layer-marks .slabel')]
            .filter((m) => over(label, m.getBoundingClientRect())).length};
}"""


def attacker_of(path) -> str | None:
    attack = json.loads(path.read_text("utf-8"))["attack"]
    return attack.get("attacker") or attack.get("firer")


FOCUS_ON_SCREEN = """() => { const f = document.getElementById('board').dataset.focus;
  if (!f) return null; const [x, y] = f.split(' ').map(Number);
  const svg = document.querySelector('#board svg');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y]; }"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


COLOURS = """async b64 => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const bmp = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const c = new OffscreenCanvas(bmp.width, bmp.height);
  const g = c.getContext('2d'); g.drawImage(bmp, 0, 0);
  const px = g.getImageData(0, 0, bmp.width, bmp.height).data;
  const seen = new Set();
  for (let i = 0; i < px.length; i += 4 * 97) seen.add(px[i] << 16 | px[i + 1] << 8 | px[i + 2]);
  return seen.size;
}"""


def test_7_export_png_and_svg_carry_title_dice_result_and_key(new_page, base_url):
    """Export SVG and the PNG drawn from it: title, dice, the result, the key; the board
    inside keeps the aspect of the view shown; the PNG is that picture at 2x, not blank.
    (Headless Chromium on Linux has no Web Share API, so the PNG is downloaded.)"""
    import base64
    import re

    page = new_page(accept_downloads=True)
    path = next(p for p in DEMO_FILES if "dice" in json.loads(p.read_text("utf-8")))
    open_app(page, f"{base_url}?demo={path.name}")
    page.click("#roll")
    with page.expect_download() as info:
        page.click("#export")
    svg = Path(info.value.path()).read_text("utf-8")
    title = json.loads(path.read_text("utf-8"))["title"]
    assert title.split("&")[0].split("<")[0] in svg
    assert "scripted dice:" in svg and "Result" in svg
    for line in page.eval_on_selector_all("#summary-list li", "l => l.map(e => e.textContent)"):
        assert line.split(":")[0] in svg
    assert "side:" in svg and "where the template" in svg or "target hex" in svg
    heads = re.findall(r"<svg [^>]*>", svg)
    nested = heads[1]
    w = float(re.search(r' width="([\d.]+)"', nested).group(1))
    h = float(re.search(r' height="([\d.]+)"', nested).group(1))
    vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', nested).group(1).split()]
    shown = [float(v) for v in page.get_attribute("#board svg", "viewBox").split()]
    assert vb == pytest.approx(shown, abs=1e-3)
    assert w / h == pytest.approx(vb[2] / vb[3], rel=1e-3)

    with page.expect_download() as info:
        page.click("#export-png")
    assert info.value.suggested_filename.endswith(".png")
    data = Path(info.value.path()).read_bytes()
    pw, ph = png_size(data)
    sw = float(re.search(r' width="([\d.]+)px"', heads[0]).group(1))
    sh = float(re.search(r' height="([\d.]+)px"', heads[0]).group(1))
    assert (pw, ph) == (round(sw) * 2, round(sh) * 2) or abs(pw / ph - sw / sh) < 0.01
    assert page.evaluate(COLOURS, base64.b64encode(data).decode()) > 20


# Chromium on Linux has no Web Share API (phones do): this stands in for it, recording what
# the page hands to the share sheet and answering as window.shareAnswer says ("ok", or the
# name of the DOMException the sheet rejects with).
SHARE_SHEET = """
window.shared = [];
window.shareAnswer = "ok";
navigator.canShare = (data) => !!(data && data.files && data.files.length);
navigator.share = async (data) => {
  const f = data.files[0];
  window.shared.push({title: data.title, name: f.name, type: f.type, size: f.size});
  if (window.shareAnswer !== "ok") throw new DOMException("sheet", window.shareAnswer);
};
"""


def test_7_export_png_goes_to_the_share_sheet_where_there_is_one(new_page, base_url):
    """Where the Web Share API takes files, Export PNG hands the PNG to the share sheet
    and downloads nothing; closing the sheet (AbortError) says nothing; a sheet that fails
    says so and downloads the picture instead."""
    page = new_page(accept_downloads=True, viewport=PHONE, has_touch=True, is_mobile=True)
    page.add_init_script(SHARE_SHEET)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    path = DEMO_FILES[0]
    open_app(page, f"{base_url}?demo={path.name}")
    assert roll(page)
    title = json.loads(path.read_text("utf-8"))["title"]

    page.click("#export-png")
    page.wait_for_function("window.shared.length === 1")
    shared = page.evaluate("window.shared[0]")
    assert shared["type"] == "image/png" and shared["name"].endswith(".png")
    assert shared["title"] == title and shared["size"] > 1000
    assert shared["size"] == int(page.get_attribute("#export-png", "data-bytes"))

    page.evaluate("window.shareAnswer = 'AbortError'")  # the player closes the sheet
    page.click("#export-png")
    page.wait_for_function("window.shared.length === 2")
    page.wait_for_timeout(300)
    assert not downloads and page.is_hidden("#message")

    page.evaluate("window.shareAnswer = 'NotAllowedError'")
    with page.expect_download() as info:
        page.click("#export-png")
    assert info.value.suggested_filename.endswith(".png")
    assert "downloaded instead" in page.inner_text("#message")


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script, from npm (a devDependency: the tests use it, build.py never
    ships it); installed with `npm ci` like the build's own packages if it is missing."""
    if not AXE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
                       cwd=ROOT, check=True, capture_output=True)
    return AXE.read_text("utf-8")


def serious_violations(page, axe_source: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    found = page.evaluate("""async () => (await axe.run(document)).violations
        .filter(v => ['serious', 'critical'].includes(v.impact))
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")
    return found


TABLE_OVERFLOW = """() => { const box = document.querySelector('#odds-box .table-scroll');
  return box.scrollWidth - box.clientWidth; }"""
"""How many pixels wider than its box the odds table is (it scrolls sideways when > 0)."""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_8_every_demo_draws_and_axe_finds_nothing_serious(new_page, base_url, dist, axe_source,
                                                          size):
    """Every demo opens with each of its units drawn and no message, and its odds table
    is no wider than its box; axe-core finds no serious or critical violation on any demo
    once rolled, with its odds and a step shown (the page at its fullest, its buttons in
    sight under the step's caption; the Japanese test runs axe with the odds shown too),
    nor on a refused one, nor on each system's first demo as it opens (before Roll, a
    system's demos differ only by their units: the board, an image to axe, and rows of
    the same fields); the board is an image whose text follows the step; a live region
    announces the result; axe is not part of the built site. Screenshots of each demo as
    it opens, rolled and with its odds (light and dark) go to screenshots/ (gitignored)
    for a reviewer to look at: one walk through the demos for all of it."""
    assert not [p for p in dist.rglob("*") if "axe" in p.name.lower()]
    viewport = PHONE if size == "phone" else DESKTOP
    page = new_page(viewport=viewport)
    open_app(page, base_url)
    opened = set(first_demo_per_system())
    for path in DEMO_FILES:
        select_demo(page, path)
        every_unit_drawn(page, path)
        screenshot(page, f"{path.stem}-{size}-1-open")
        if path in opened:
            assert serious_violations(page, axe_source) == [], (path.name, "open")
        rolled = roll(page)
        if rolled:
            page.wait_for_function("document.getElementById('log').children.length > 0 "
                                   "|| !document.getElementById('message').hidden")
        assert page.get_attribute("#board svg", "role") == "img"
        both_schemes(page, f"{path.stem}-{size}-2-rolled")
        if not rolled:
            assert serious_violations(page, axe_source) == [], (path.name, "refused")
            continue
        assert page.inner_text("#announce").startswith("Rolled.")
        desc = page.text_content("#board svg > desc")
        click_odds(page)
        wide = page.evaluate(TABLE_OVERFLOW)
        assert wide <= 0, f"{path.name}: the odds table is {wide} px wider than its box"
        both_schemes(page, f"{path.stem}-{size}-3-odds")
        page.click("#step")
        assert page.evaluate(IN_SIGHT, "#play"), (path.name, "the buttons are cut off")
        assert "step 1 of" in page.text_content("#board svg > title")
        assert page.inner_text("#announce").startswith("Step 1 of")
        assert page.text_content("#board svg > desc") != desc or "Nothing" in desc
        assert serious_violations(page, axe_source) == [], (path.name, "step")


def every_unit_drawn(page, path: Path) -> None:
    """The demo's board is drawn with each of its units, and no message is shown."""
    assert page.locator("#board svg").count() == 1, path.name
    drawn = page.eval_on_selector_all("#board svg [data-unit]",
                                      "els => els.map(e => e.getAttribute('data-unit'))")
    for unit in json.loads(path.read_text("utf-8"))["units"]:
        assert unit["id"] in drawn, f"{path.name}: unit {unit['id']} not drawn"
    assert message(page) == "", f"{path.name}: {message(page)}"


def both_schemes(page, name: str) -> None:
    """Screenshots of the page as it is, light and then dark (the system's scheme). The
    dark one is taken once the page has painted in it: shot at once, a screenshot could
    still show the light page."""
    screenshot(page, name)
    in_scheme(page, "dark")
    screenshot(page, f"{name}-dark")
    in_scheme(page, "light")


def in_scheme(page, scheme: str) -> None:
    """Emulate the system's colour scheme and wait until the page has painted in it."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("s => matchMedia(`(prefers-color-scheme: ${s})`).matches", arg=scheme)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_11_every_clause_opens_a_demo_step_that_cites_it(new_page, base_url):
    """The rules section lists every clause (RT, HH, BT) with its text; each "see it"
    opens its demo at a step that cites the clause (or at the refusal); a clause ID in
    the log opens its entry. The clauses no demo shows yet are listed in UNSHOWN."""
    from engine.render.rules import cites, rule_ids

    page = new_page()
    open_app(page, base_url)
    page.click("#rules-box summary")
    page.wait_for_selector("#rules .rule")
    listed = page.eval_on_selector_all("#rules .rule", "l => l.map(e => e.dataset.clause)")
    assert listed == rule_ids()
    assert set(page.eval_on_selector_all(
        "#rules .rule:not(:has(button))", "l => l.map(e => e.dataset.clause)")) == UNSHOWN
    for clause in listed:
        if clause in UNSHOWN:
            continue
        button = f'[id="rule-{clause}"] button'
        step = page.get_attribute(button, "data-step")
        demo = page.get_attribute(button, "data-demo")
        page.evaluate("document.getElementById('board').dataset.step = 'waiting'")
        page.click(button)
        page.wait_for_function("([d, s]) => document.body.dataset.demo === d && "
                               "(s === '' ? !document.getElementById('message').hidden"
                               " : document.getElementById('board').dataset.step === s)",
                               arg=[demo, step])
        if step == "":
            assert clause in message(page), clause
            if page.get_attribute(button, "data-refusal"):  # refused when loaded
                words = page.inner_text(f'[id="rule-{clause}"] .refusal-example')
                assert "is refused when loaded" in words and clause + ":" in words, words
            continue
        res = last_resolution(page)
        shown = res["steps"][int(step)]

        assert cites(SimpleNamespace(**shown), clause), (clause, shown)
        assert page.is_visible("#caption")
    # a clause ID in the log opens its entry in the rules
    page.click("#log li a.clause >> nth=1")  # opens the rules from an async handler
    page.wait_for_selector("#rules .rule.current")
    current = page.locator("#rules .rule.current")
    assert current.count() == 1 and page.evaluate(IN_SIGHT, "#rules .rule.current")


UNSHOWN: set[str] = set()
"""Clauses no demo step cites yet (none: the prohibitions the loader enforces, BT-STRAFE.1,
BT-HIDDEN.4 and BT-ART.2, show an example of their refusal instead)."""

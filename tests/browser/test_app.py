"""The built site in headless Chromium: boot, draw, roll, step, odds, share, offline,
phone layout, hostile text. Every test also fails on any request that leaves 127.0.0.1
and on any console error (see conftest.Watch).

Screenshots of every demo at desktop (1280x800) and phone (390x844) size, before and after
Roll, go to screenshots/ (gitignored) for a reviewer to look at.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from .conftest import (
    BOOT_TIMEOUT_MS,
    DEMOS_DIR,
    DESKTOP,
    PHONE,
    ROOT,
    build_module,
    last_resolution,
    mouse_drag,
    open_app,
    wait_ready,
    whole_board,
)

pytestmark = pytest.mark.browser

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEMO_FILES = sorted(p for p in DEMOS_DIR.glob("*.json") if p.name != "index.json")
EVIL = "<img src=x onerror=alert(1)>"


def _demo_ids():
    return [p.stem for p in DEMO_FILES]


def _system(path: Path) -> str:
    return json.loads(path.read_text("utf-8"))["system"]


def first_demo_per_system() -> list[Path]:
    seen: dict[str, Path] = {}
    for p in DEMO_FILES:
        seen.setdefault(_system(p), p)
    return list(seen.values())


def expected_resolution(scenario_text: str, seed: int | None = None):
    """What CPython's engine says for this scenario: the resolution dict, or the error text."""
    from engine import scenario as sc
    from engine import systems
    from engine.errors import ScatterlabError

    s = sc.loads(scenario_text)
    if seed is not None:
        s = sc.with_seed(s, seed)
    try:  # the scenario's own dice: scripted if it has them, as the CLI without --seed
        return json.loads(json.dumps(systems.resolve(s).to_dict())), None
    except ScatterlabError as err:
        return None, str(err)


def same(got, want, where: str = "") -> None:
    """Identical: clauses, texts, dice, marks, effects, types and order. (Marks are rounded
    to a millionth of an inch by the log, so the last-bit differences between Pyodide's
    and CPython's maths libraries never show.)"""
    if isinstance(want, dict):
        assert isinstance(got, dict) and list(got) == list(want), f"{where}: keys differ"
        for key in want:
            same(got[key], want[key], f"{where}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: lengths differ"
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            same(g, w, f"{where}[{i}]")
    else:
        assert got == want and type(got) is type(want), f"{where}: {got!r} != {want!r}"


def players_words(scenario_text: str, text: str) -> str:
    """A step's text as the page shows it (web/page/words.py: names, not JSON paths)."""
    from engine import scenario as sc

    if str(ROOT / "web") not in sys.path:
        sys.path.insert(0, str(ROOT / "web"))
    from page.words import in_words

    return in_words(sc.loads(scenario_text), text)


def select_demo(page, path: Path) -> None:
    """Pick the demo through the System and Demo selects, as a person would."""
    system = _system(path)
    if page.input_value("#system") != system:
        page.select_option("#system", system)
        page.wait_for_function(f"document.body.dataset.system === {json.dumps(system)}")
    if page.evaluate("document.body.dataset.demo") != path.name:
        page.select_option("#demo", path.name)
    try:
        page.wait_for_function(f"document.body.dataset.demo === {json.dumps(path.name)}")
    except Exception as err:  # say what the page shows instead of a bare time-out
        shown = page.evaluate("[document.body.dataset.demo, document.body.dataset.state,"
                              " document.getElementById('message').innerText,"
                              " [...document.querySelectorAll('.notice')].map(n => n.innerText)]")
        raise AssertionError(f"{path.name} did not open: (demo, state, message, notices)"
                             f" = {shown}") from err


def roll(page) -> bool:
    """Press Roll, as a player would. A setup the engine refuses (a demo of a refusal,
    such as HH-11's) keeps Roll disabled with the clause and its reason beside it: then
    check that the reason is shown and return False."""
    if page.is_disabled("#roll"):
        assert page.get_attribute("#legality", "data-ok") == "false"
        assert "Illegal" in page.inner_text("#legality")
        return False
    page.click("#roll")
    return True


def scenario_json(page) -> dict:
    return json.loads(page.input_value("#json"))


def click_odds(page) -> None:
    """Odds run in the odds worker after the click returns (the first starts its Pyodide):
    wait for the table or a message."""
    page.evaluate("document.getElementById('last-odds').textContent = 'null'")
    page.click("#odds")
    page.wait_for_function("document.getElementById('last-odds').textContent !== 'null'"
                           " || !document.getElementById('message').hidden",
                           timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.odds === undefined")


def message(page) -> str:
    if page.is_hidden("#message"):
        return ""
    return page.inner_text("#message")


needs_demos = pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet")


# ----------------------------------------------------------------------------- boot / draw


@needs_demos
def test_boots_with_prerendered_board_and_progress(new_page, base_url, dist):
    """Before Python runs, the built page already shows a board and a progress indicator."""
    html = (dist / "index.html").read_text("utf-8")
    assert "<svg" in html.split('id="board"', 1)[1].split("</div>", 1)[0]
    page = new_page()
    page.goto(base_url)
    assert page.locator("#board svg").count() == 1
    assert page.evaluate("document.body.dataset.state") in ("loading", "ready")
    wait_ready(page)
    assert page.is_hidden("#loading")
    assert page.locator("#roll").is_enabled()


@needs_demos
def test_the_served_page_passes_the_check_ci_makes(base_url):
    """.ci/run checks the served page by its bare <title> and the board in its HTML: the
    page's language code may change the title, never the markup CI reads."""
    from tests.test_readme import ci_readme

    ci_readme().check_page(base_url if base_url.endswith("/") else base_url + "/")


# ----------------------------------------------------------------------------- roll / step


STEP_SHOWN = """() => { const items = document.querySelectorAll('#log li');
  const last = items[items.length - 1];
  return [document.getElementById('board').dataset.step, items.length,
          last?.dataset.clause ?? null, last?.innerText ?? ''];
}"""
"""After a Step: the step the board shows, how many log lines, the last one's clause and
words (one look at the page, not four)."""


@needs_demos
def test_roll_and_step_match_cpython_engine(new_page, base_url):
    """Each demo's Roll, every Step of it and a Roll with a typed seed give what CPython's
    engine gives; its Steps, then its odds, leave no engine word on the page (issue 22.6,
    test_words: one walk through the demos for both)."""
    from .test_words import ENGINE_WORDS, engine_words

    page = new_page()
    open_app(page, base_url)
    for path in DEMO_FILES:
        select_demo(page, path)
        text = path.read_text("utf-8")
        expected, error = expected_resolution(text)
        if not roll(page):
            clause, reason = error.split(": ", 1)
            shown = page.inner_text("#legality")
            assert clause in shown and reason in shown, (path.name, shown)
            assert last_resolution(page) is None
            assert not engine_words(page), (path.name, engine_words(page))
            continue
        same(last_resolution(page), expected, path.name)
        assert page.locator("#log li").count() == len(expected["steps"])
        status = page.text_content("#log-status") or ""  # the Log panel, maybe folded
        assert not ENGINE_WORDS.search(status), (path.name, status)

        # Step: one clause at a time, the board and the log following
        steps = expected["steps"]
        for k, step in enumerate(steps):
            page.click("#step")
            shown, count, clause, said = page.evaluate(STEP_SHOWN)
            assert (shown, count) == (str(k), k + 1), f"{path.name} step {k}"
            assert clause == step["clause"]
            assert players_words(text, step["text"]) in said
        same(last_resolution(page), expected, path.name)
        click_odds(page)
        assert not engine_words(page), (path.name, engine_words(page))

        # another seed, typed into the seed field
        expected2, error2 = expected_resolution(text, seed=4242)
        page.fill("#seed", "4242")
        page.dispatch_event("#seed", "change")
        page.click("#roll")
        if error2 is None:
            same(last_resolution(page), expected2, f"{path.name} seed 4242")
        else:
            assert error2 in message(page)


@needs_demos
def test_odds_table_matches_cpython_engine(new_page, base_url):
    from engine import scenario as sc
    from engine import systems
    from engine.errors import ScatterlabError
    from engine.render.oddswords import odds_view

    page = new_page()
    open_app(page, base_url)
    for path in first_demo_per_system():
        select_demo(page, path)
        try:
            expected = systems.odds(sc.loads(path.read_text("utf-8"))).to_dict()
        except ScatterlabError as err:
            click_odds(page)
            assert str(err) in message(page)
            continue
        click_odds(page)
        got = json.loads(page.text_content("#last-odds"))
        if expected["method"] == "exact":
            same(got, json.loads(json.dumps(expected)), path.name)
        assert page.is_visible("#odds-table")
        view = odds_view(sc.loads(path.read_text("utf-8")), got)  # a row per unit at stake
        assert page.locator("#odds-table tr").count() == 1 + len(view.rows)
        names = page.eval_on_selector_all("#odds-table td:first-child",
                                          "c => c.map(e => e.textContent)")
        assert names == [r.name for r in view.rows]


# ----------------------------------------------------------------------------- share


@needs_demos
def test_share_link_round_trips(new_page, base_url):
    from engine import scenario as sc

    path = DEMO_FILES[0]
    page = new_page()
    open_app(page, f"{base_url}?demo={path.name}")
    page.fill("#seed", "777")
    page.dispatch_event("#seed", "change")
    page.click("#roll")
    before = last_resolution(page)
    state = scenario_json(page)
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    link = page.input_value("#share-link")
    assert link.startswith(base_url) and "#s=" in link
    assert page.url == link  # the address bar holds the link too

    other = new_page()
    open_app(other, link)
    assert scenario_json(other) == state
    assert last_resolution(other) == before
    # and CPython reads the same link the same way
    code = link.split("#s=", 1)[1]
    assert sc.to_dict(sc.decode_share(code)) == state


@needs_demos
def test_corrupted_share_link_shows_error_and_keeps_state(new_page, base_url):
    path = DEMO_FILES[0]
    page = new_page()
    open_app(page, f"{base_url}?demo={path.name}")
    page.click("#roll")
    state, res = scenario_json(page), last_resolution(page)
    page.evaluate("location.hash = '#s=1AAAA-not-a-share-link'")
    page.wait_for_function("!document.getElementById('message').hidden")
    assert "share" in message(page).lower()
    assert scenario_json(page) == state
    assert last_resolution(page) == res

    # opened directly: the error shows and a usable scenario is on screen
    fresh = new_page()
    open_app(fresh, base_url + "#s=garbage")
    assert "share" in message(fresh).lower()
    assert fresh.locator("#board svg [data-unit]").count() > 0


# ----------------------------------------------------------------------------- edits


@needs_demos
def test_field_edit_moves_unit_and_autosaves(new_page, base_url, browser):
    path = next((p for p in DEMO_FILES if _system(p) != "battletech"), None)
    if path is None:
        pytest.skip("no tabletop demo")
    page = new_page()
    open_app(page, f"{base_url}?demo={path.name}")
    state = scenario_json(page)
    x0 = state["units"][0]["x"]
    new_x = x0 + 1 if x0 + 1 <= state["table"]["width"] else x0 - 1
    selector = '#units input[data-index="0"][data-key="x"]'
    page.fill(selector, str(new_x))
    page.dispatch_event(selector, "change")
    assert message(page) == ""
    assert scenario_json(page)["units"][0]["x"] == new_x
    # the autosave brings it back after a reload (no ?demo=, no share link)
    page.goto(base_url)
    wait_ready(page)
    assert scenario_json(page)["units"][0]["x"] == new_x


@needs_demos
def test_drag_moves_a_unit(new_page, base_url):
    path = next((p for p in DEMO_FILES if _system(p) != "battletech"), None)
    if path is None:
        pytest.skip("no tabletop demo")
    page = new_page()
    open_app(page, f"{base_url}?demo={path.name}")
    state = scenario_json(page)
    unit = state["units"][0]
    dx_in = 2 if unit["x"] + 2 <= state["table"]["width"] else -2
    mouse_drag(page, f'#board svg [data-unit="{unit["id"]}"]', dx_in)
    moved = scenario_json(page)["units"][0]
    assert message(page) == ""
    assert abs(moved["x"] - (unit["x"] + dx_in)) <= 0.2, (unit, moved)
    assert abs(moved["y"] - unit["y"]) <= 0.2


@needs_demos
def test_drag_snaps_a_battletech_unit_to_a_hex(new_page, base_url):
    path = next((p for p in DEMO_FILES if _system(p) == "battletech"), None)
    if path is None:
        pytest.skip("no battletech demo")
    page = new_page()
    open_app(page, f"{base_url}?demo={path.name}")
    unit = scenario_json(page)["units"][0]
    src = page.locator(f'#board svg [data-unit="{unit["id"]}"]').first.bounding_box()
    hexes = page.locator("#board svg [data-hex]")
    if hexes.count() == 0:
        pytest.skip("renderer draws no data-hex yet")
    # a hex some way off, not the unit's own, in the default view (on the attack)
    col, row = int(unit["hex"][:2]), int(unit["hex"][2:])
    want = f"{col:02d}{row + 2:02d}"
    dest = page.locator(f'#board svg [data-hex="{want}"]').first
    db = dest.bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(db["x"] + db["width"] / 2, db["y"] + db["height"] / 2, steps=5)
    page.mouse.up()
    got = scenario_json(page)["units"][0]["hex"]
    assert got == want or want in message(page)


@needs_demos
def test_malicious_unit_name_is_text(new_page, base_url):
    page = new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, f"{base_url}?demo={DEMO_FILES[0].name}")
    state = scenario_json(page)
    state["units"][0]["name"] = EVIL
    state["title"] = EVIL
    page.click("#json-box summary")
    page.fill("#json", json.dumps(state))
    page.click("#apply-json")
    assert message(page) == ""
    page.click("#roll")
    click_odds(page)
    assert page.locator("img[src='x']").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror]').length") == 0
    assert dialogs == []
    assert page.inner_text("#title") == EVIL
    assert page.input_value('#units input[data-index="0"][data-key="name"]') == EVIL
    # through a share link too
    page.click("#share")
    page.wait_for_selector("#share-box:not([hidden])")
    link = page.input_value("#share-link")
    other = new_page()
    other.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(other, link)
    assert other.inner_text("#title") == EVIL
    assert other.locator("img[src='x']").count() == 0
    assert dialogs == []


@needs_demos
def test_export_svg_downloads_the_board(new_page, base_url):
    page = new_page(accept_downloads=True)
    open_app(page, f"{base_url}?demo={DEMO_FILES[0].name}")
    page.click("#roll")
    with page.expect_download() as info:
        page.click("#export")
    download = info.value
    assert download.suggested_filename.endswith(".svg")
    text = Path(download.path()).read_text("utf-8")
    assert "<svg" in text


# ----------------------------------------------------------------------------- phone


@needs_demos
def test_phone_viewport_has_no_horizontal_overflow(new_page, base_url):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    for path in first_demo_per_system():
        select_demo(page, path)
        page.click("#roll")
        click_odds(page)
        page.click("#share")
        page.wait_for_selector("#share-box:not([hidden])")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path.name}: scrollWidth {width}"
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input, summary')]
                .filter(e => e.offsetParent !== null)
                .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
                .filter(([, r]) => r.height < 44)
                .map(([n, r]) => n + ':' + Math.round(r.height))"""
        )
        assert small == [], f"touch targets under 44 px: {small}"


# ----------------------------------------------------------------------------- offline


@needs_demos
def test_reloads_offline_with_the_server_stopped(browser, watch, dist):
    """One visit installs the service worker; with the server gone the app still starts."""
    context = browser.new_context(viewport=DESKTOP, service_workers="allow")
    watch.attach(context)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        with build_module.serving(dist, quiet=True) as url:
            page.goto(url)
            wait_ready(page)
            page.wait_for_function(
                "navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS
            )
            precached = page.evaluate(
                "async () => { const keys = await caches.keys();"
                " const c = await caches.open(keys.find(k => k.startsWith('scatterlab-')));"
                " return (await c.keys()).length; }"
            )
            assert precached > 10
        # server stopped: nothing answers on that port any more
        watch.errors.clear()
        start = time.monotonic()
        page.reload()
        wait_ready(page)
        elapsed = time.monotonic() - start
        assert page.locator("#board svg").count() == 1
        page.click("#roll")
        assert message(page) == "" or "Illegal" in message(page) or "Not implemented" in message(
            page
        )
        print(f"offline warm start: {elapsed:.2f} s")
    finally:
        context.close()
    watch.check()


@needs_demos
def test_touch_drag_moves_a_unit_on_a_phone(new_page, base_url):
    """Real touch input (CDP touch events -> pointer events of type touch)."""
    path = next((p for p in DEMO_FILES if _system(p) != "battletech"), None)
    if path is None:
        pytest.skip("no tabletop demo")
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, f"{base_url}?demo={path.name}")
    whole_board(page)  # every unit in view (the default view is on the attack)
    state = scenario_json(page)
    unit = state["units"][0]
    box = page.locator(f'#board svg [data-unit="{unit["id"]}"]').first.bounding_box()
    scale = page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dy_in = 2 if unit["y"] + 2 <= state["table"]["height"] else -2
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", cx, cy)
    for i in range(1, 6):
        touch("touchMove", cx, cy + dy_in * scale * i / 5)
    touch("touchEnd", 0, 0)
    page.wait_for_function(
        f"JSON.parse(document.getElementById('json').value).units[0].y !== {unit['y']}"
    )
    moved = scenario_json(page)["units"][0]
    assert abs(moved["y"] - (unit["y"] + dy_in)) <= 0.2, (unit, moved)
    assert abs(moved["x"] - unit["x"]) <= 0.2
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@needs_demos
def test_works_from_a_sub_path(new_page, dist):
    """Relative URLs only: the same dist/ served below /dist/ boots and resolves."""
    with build_module.serving(dist.parent, quiet=True) as url:
        page = new_page()
        open_app(page, f"{url}{dist.name}/?demo={DEMO_FILES[0].name}")
        page.click("#roll")
        assert page.locator("#log li").count() > 0 or message(page)

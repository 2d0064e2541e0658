"""Zoom and pan of the board: the buttons, the wheel, a pinch, panning empty board, the
zoom kept across redraws, and the phone's default view of a hex map (see web/page/board.py;
the default view's legibility is test_table.test_6).
Every test also fails on console errors and off-site requests (conftest.Watch).
"""

from __future__ import annotations

import json

import pytest

from .conftest import DESKTOP, PHONE, open_app, screenshot, whole_board
from .test_app import DEMO_FILES, _system, scenario_json, select_demo

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not DEMO_FILES, reason="no demo in web/demos yet"),
]

VIEWBOX = "document.querySelector('#board svg').getAttribute('viewBox')"


def view_box(page) -> list[float]:
    return [float(v) for v in page.evaluate(VIEWBOX).replace(",", " ").split()]


def zoom(page) -> float:
    return float(page.get_attribute("#board", "data-zoom"))


def demo(system_is_hex: bool):
    path = next((p for p in DEMO_FILES if (_system(p) == "battletech") == system_is_hex), None)
    if path is None:
        pytest.skip("no such demo")
    return path


def unit_size(page, uid: str) -> float:
    return page.locator(f'#board svg [data-unit="{uid}"] .body').first.bounding_box()["width"]


def no_overflow(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_buttons_zoom_and_fit_restores(new_page, base_url):
    """Zoom in and out by 1.5 x, clamped at 8 x and at the whole board; Fit gives the same
    view each time, the whole board where its names can be read there."""
    page = new_page()
    open_app(page, f"{base_url}?demo={demo(False).name}")
    whole_board(page)  # the default view is on the attack (test_table.test_6)
    fit = view_box(page)
    assert zoom(page) == 1.0
    assert page.get_attribute("#zoom-in", "aria-label") == "Zoom in"
    page.click("#zoom-in")
    zoomed = view_box(page)
    assert zoomed[2] < fit[2] and zoomed[3] < fit[3]
    assert zoom(page) == 1.5
    page.click("#zoom-out")
    assert view_box(page) == pytest.approx(fit, abs=1e-3)
    page.click("#zoom-fit")
    legible = view_box(page)
    for _ in range(10):  # clamped at 8x
        page.click("#zoom-in")
    assert zoom(page) == 8.0
    page.click("#zoom-fit")
    assert view_box(page) == pytest.approx(legible, abs=1e-3)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_fit_stops_where_names_are_still_legible(new_page, base_url, size):
    """Issue 22.5: on every demo, Fit shows the whole board where its names are legible
    there (11 CSS px), else stops at the zoom where they are; zoom out goes on towards
    the whole board."""
    page = new_page(**(dict(viewport=PHONE, has_touch=True, is_mobile=True)
                       if size == "phone" else dict(viewport=DESKTOP)))
    open_app(page, base_url)
    for path in DEMO_FILES:
        select_demo(page, path)
        page.click("#zoom-fit")
        size_px = page.evaluate("""() => { const n = document.querySelector(
            '#board .layer-units .unit .name');
          return parseFloat(getComputedStyle(n).fontSize)
            * document.querySelector('#board svg').getScreenCTM().a; }""")
        assert size_px >= 11 - 0.01 or zoom(page) == 1.0, (path.name, size_px)
        stopped = zoom(page)
        if stopped > 1.0:
            assert size_px == pytest.approx(11, abs=0.05), (path.name, size_px)
            page.click("#zoom-out")
            assert zoom(page) < stopped, path.name


def test_wheel_zooms_around_the_pointer_and_redraws_keep_it(new_page, base_url):
    page = new_page()
    path = demo(True)
    open_app(page, f"{base_url}?demo={path.name}")
    whole_board(page)
    unit = scenario_json(page)["units"][0]
    box = page.locator(f'#board svg [data-unit="{unit["id"]}"]').first.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -100)
    page.wait_for_function("document.getElementById('board').dataset.zoom !== '1.00'")
    page.mouse.wheel(0, -100)
    page.wait_for_function("document.getElementById('board').dataset.zoom === '1.44'")
    after = page.locator(f'#board svg [data-unit="{unit["id"]}"]').first.bounding_box()
    # the unit under the pointer stays under it
    assert abs(after["x"] + after["width"] / 2 - cx) < 3
    assert abs(after["y"] + after["height"] / 2 - cy) < 3
    zoomed = view_box(page)
    page.click("#roll")
    page.click("#step")
    assert view_box(page) == pytest.approx(zoomed, abs=1e-3)
    # another demo opens at its own default view, not at this zoom
    other = next(p for p in DEMO_FILES if p != path)
    select_demo(page, other)
    assert page.evaluate("document.getElementById('board').dataset.focus") != ""
    assert view_box(page) != pytest.approx(zoomed, abs=1e-3)


def test_mouse_drag_on_empty_board_pans_and_unit_drag_still_works_zoomed(new_page, base_url):
    page = new_page()
    open_app(page, f"{base_url}?demo={demo(False).name}")
    state = scenario_json(page)
    whole_board(page)
    page.click("#zoom-in")
    page.click("#zoom-in")
    before = view_box(page)
    board = page.locator("#board").bounding_box()
    # a corner of the board is empty table
    x, y = board["x"] + 60, board["y"] + 20
    hit = page.evaluate(f"!!document.elementFromPoint({x}, {y}).closest('[data-unit]')")
    assert not hit
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 30, steps=4)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] != before[0] or panned[1] != before[1]
    assert panned[2] == pytest.approx(before[2])
    assert scenario_json(page) == state  # panning moved no unit

    # a unit drag while zoomed (around the unit): the board's own matrix converts the pointer
    unit = state["units"][0]
    loc = page.locator(f'#board svg [data-unit="{unit["id"]}"] .body').first
    whole_board(page)
    box = loc.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    for _ in range(3):
        page.mouse.wheel(0, -100)
    page.wait_for_function("document.getElementById('board').dataset.zoom === '1.73'")
    scale = page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
    dx_in = 1 if unit["x"] + 1 <= state["table"]["width"] else -1
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + dx_in * scale, cy, steps=5)
    page.mouse.up()
    moved = scenario_json(page)["units"][0]
    assert abs(moved["x"] - (unit["x"] + dx_in)) <= 0.2, (unit, moved)


def touch_session(page):
    cdp = page.context.new_cdp_session(page)

    def touch(kind, *points):
        pts = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

    return touch


def test_phone_opens_a_hex_map_on_the_units_and_touch_drag_snaps(new_page, base_url):
    path = demo(True)
    fit_page = new_page(viewport=DESKTOP)
    open_app(fit_page, f"{base_url}?demo={path.name}")

    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, f"{base_url}?demo={path.name}")
    assert zoom(page) > 1.5
    unit = scenario_json(page)["units"][0]
    whole_board(page)
    at_fit = unit_size(page, unit["id"])
    select_demo(page, next(p for p in DEMO_FILES if _system(p) != "battletech"))
    select_demo(page, path)  # loading a demo brings the phone default back
    assert zoom(page) > 1.5
    assert unit_size(page, unit["id"]) > 1.5 * at_fit
    no_overflow(page, PHONE["width"])
    screenshot(page, f"{path.stem}-phone-zoomed")
    # every unit is in view
    for u in scenario_json(page)["units"]:
        box = page.locator(f'#board svg [data-unit="{u["id"]}"]').first.bounding_box()
        board = page.locator("#board").bounding_box()
        assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]

    # touch drag of a unit to a hex 2 hexes away still moves it there
    src = page.locator(f'#board svg [data-unit="{unit["id"]}"]').first.bounding_box()
    col, row = int(unit["hex"][:2]), int(unit["hex"][2:])
    want = f"{col:02d}{row + 2:02d}"
    dest = page.locator(f'#board svg [data-hex="{want}"]').first.bounding_box()
    sx, sy = src["x"] + src["width"] / 2, src["y"] + src["height"] / 2
    tx, ty = dest["x"] + dest["width"] / 2, dest["y"] + dest["height"] / 2
    zoomed = view_box(page)
    touch = touch_session(page)
    touch("touchStart", (sx, sy))
    for i in range(1, 6):
        touch("touchMove", (sx + (tx - sx) * i / 5, sy + (ty - sy) * i / 5))
    touch("touchEnd")
    page.wait_for_function(
        f"JSON.parse(document.getElementById('json').value).units[0].hex === {json.dumps(want)}"
    )
    assert view_box(page) == pytest.approx(zoomed, abs=1e-3)  # the redraw kept the zoom
    no_overflow(page, PHONE["width"])


def test_pinch_zooms_and_one_finger_pans_on_a_phone(new_page, base_url):
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, f"{base_url}?demo={demo(False).name}")
    page.click("#zoom-in")
    before = zoom(page)
    # the first finger lands on a unit (or the aim's handle over it): a pinch all the same
    ux, uy = page.evaluate("""() => { const box = document.getElementById('board')
        .getBoundingClientRect();
      for (const b of document.querySelectorAll('#board svg .layer-units .body')) {
        const r = b.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        if (x > box.left + 70 && x < box.right - 110 && y > box.top + 10 && y < box.bottom - 10
            && document.elementFromPoint(x, y).closest('[data-unit], [data-aim]')) return [x, y];
      } return [null, null]; }""")
    assert ux is not None
    cx, cy = ux + 20, uy
    touch = touch_session(page)
    assert page.evaluate(f"!!document.elementFromPoint({cx - 20}, {cy})"
                         ".closest('[data-unit], [data-aim]')")
    touch("touchStart", (cx - 20, cy), (cx + 20, cy))
    for i in range(1, 6):
        touch("touchMove", (cx - 20 - 8 * i, cy), (cx + 20 + 8 * i, cy))
    touch("touchEnd")
    page.wait_for_function(f"parseFloat(document.getElementById('board').dataset.zoom) > {before}")
    no_overflow(page, PHONE["width"])

""""I rolled" (issue 14, item 2): the page asks for the dice players rolled, one at a time,
refuses a face the die cannot show, and keeps the entered dice as the scenario's dice.
Each full resolution must equal CPython's `systems.resolve` with the same scripted dice."""

from __future__ import annotations

import json

import pytest

from .conftest import PHONE, ROOT, last_resolution, open_app
from .test_app import expected_resolution, same, scenario_json, select_demo
from .test_table import axe_source, serious_violations  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser

DEMOS = ROOT / "web" / "demos"
ONE_PER_SYSTEM = ("robotech-direct-hit-splash.json", "heresy-mega-blast.json",
                  "battletech-bombing-scatter.json")


def entered(page) -> int | None:
    """How many dice the page has taken (None once the mode has finished)."""
    value = page.evaluate("document.body.dataset.irolled ?? null")
    return None if value is None else int(value)


def answer(page, value, count: int) -> None:
    """Type one die's value and enter it; wait until the page has taken it (or finished)."""
    page.fill("#irolled-value", str(value))
    page.press("#irolled-value", "Enter")
    page.wait_for_function(f"(document.body.dataset.irolled ?? 'done') !== '{count}'")


def start(page, demo: str) -> None:
    select_demo(page, DEMOS / demo)
    page.click("#irolled")
    page.wait_for_function("document.body.dataset.irolled === '0'")


def test_irolled_one_full_resolution_per_system(new_page, base_url):
    """Every die of each demo's script, entered as a player would (HIT and faces typed),
    gives the demo's own story: the resolution, the log and the kept dice equal CPython's."""
    page = new_page()
    open_app(page, base_url)
    for demo in ONE_PER_SYSTEM:
        path = DEMOS / demo
        script = json.loads(path.read_text("utf-8"))["dice"]
        start(page, demo)
        for i, value in enumerate(script):
            assert entered(page) == i, demo
            prompt = page.inner_text("#irolled-prompt")
            assert prompt and "_" not in prompt.split(":")[0], prompt
            answer(page, value, i)
            if i == 0 and len(script) > 1:
                assert page.locator("#log li").count() > 0, "the board and log so far"
        assert entered(page) is None and page.is_hidden("#irolled-box")
        assert page.is_enabled("#roll") and page.is_enabled("#irolled")
        assert scenario_json(page)["dice"] == script
        want, error = expected_resolution(path.read_text("utf-8"))
        assert error is None, error
        same(last_resolution(page), want, demo)


def test_irolled_refuses_what_the_die_cannot_show_and_takes_a_dragged_arrow(
        new_page, base_url, axe_source):  # noqa: F811
    """A 7 on a d6 and 400 degrees on the scatter die are refused on the spot, with the
    reason beside the field; the value stays in it and nothing is taken. The scatter
    arrow can instead be dragged on the board. On a phone, and axe-core finds nothing
    serious in the open panel."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    start(page, "robotech-direct-hit-splash.json")
    page.fill("#irolled-value", "7")
    page.click("#irolled-enter")
    page.wait_for_selector("#irolled-error:not([hidden])")
    assert "1 to 6" in page.inner_text("#irolled-error")
    assert page.input_value("#irolled-value") == "7"
    assert page.get_attribute("#irolled-value", "aria-invalid") == "true"
    assert entered(page) == 0
    assert page.is_disabled("#roll") and page.is_disabled("#step")
    page.click("#irolled-cancel")  # Stop: back to the scenario's own dice
    page.wait_for_function("!document.body.hasAttribute('data-irolled')")
    assert page.is_hidden("#irolled-box") and page.is_enabled("#roll")

    start(page, "heresy-mega-blast.json")
    for i, value in enumerate((3, 4)):
        answer(page, value, i)
    assert page.get_attribute("#irolled-prompt", "data-kind") == "scatter"
    assert page.locator("#irolled-faces [data-face='HIT']").count() == 1
    page.fill("#irolled-value", "400")
    page.click("#irolled-enter")
    page.wait_for_selector("#irolled-error:not([hidden])")
    assert "HIT or an arrow" in page.inner_text("#irolled-error")
    assert entered(page) == 2
    assert serious_violations(page, axe_source) == []

    # the arrow dragged on the board, to the right: 90 degrees, clockwise from up the page
    box = page.locator("#board svg").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y, steps=4)
    assert page.input_value("#irolled-value") == "90"
    page.mouse.up()
    page.wait_for_function("document.body.dataset.irolled === '3'")
    page.click("#irolled-rest")
    page.wait_for_function("!document.body.hasAttribute('data-irolled')")
    kept = scenario_json(page)
    assert kept["dice"][:3] == [3, 4, 90]
    want, error = expected_resolution(json.dumps(kept))
    assert error is None, error
    same(last_resolution(page), want, "the dragged arrow")


def test_irolled_roll_the_rest_for_me(new_page, base_url):
    """After one die entered, "Roll the rest for me" finishes with seeded dice: the kept
    dice start with the entered one and replay in CPython to the page's resolution."""
    page = new_page()
    open_app(page, base_url)
    start(page, "battletech-bombing-scatter.json")
    page.click("#irolled-faces [data-face='6']")  # a face button, not the field
    page.wait_for_function("document.body.dataset.irolled === '1'")
    page.click("#irolled-rest")
    page.wait_for_function("!document.body.hasAttribute('data-irolled')")
    kept = scenario_json(page)
    assert kept["dice"][0] == 6 and len(kept["dice"]) > 1
    assert page.get_attribute("#dice-mode", "data-mode") == "scripted"
    want, error = expected_resolution(json.dumps(kept))
    assert error is None, error
    same(last_resolution(page), want, "roll the rest")

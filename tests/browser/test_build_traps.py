"""Issue 22, points 7 and 8 in the browser: building without traps (a divided volley's
targets picked as one set in any order, a tap on an occupied hex aims the support being
placed, a half-set support survives a redraw, Undo keeps the view, a refused value marked
beside its field, the spotting question in the page, the scatter die by compass) and
Next turn as a new turn (new dice, the turn history, record-sheet damage carried)."""

from __future__ import annotations

import json

import pytest

from .conftest import DESKTOP, PHONE, open_app, screenshot, whole_board
from .test_app import expected_resolution, same
from .test_build import Builder
from .test_irolled import answer, entered, start

pytestmark = pytest.mark.browser


def no_dialogs(page) -> list[str]:
    """Every browser dialog the page opens (there must be none: questions are in the page)."""
    asked: list[str] = []

    def dismiss(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return asked


def shown_targets(page) -> list[str]:
    return page.eval_on_selector_all("#build select[data-missile]",
                                     "ss => ss.map(s => s.value)")


def test_volley_targets_picked_in_any_order_the_last_on_the_primary(new_page, base_url):
    """Each pick of a divided volley is accepted at once, in any order (missiles not yet
    picked follow the primary), the pickers always show the scenario's targets, and the
    last pick, on the primary target, is kept."""
    page = new_page(viewport=DESKTOP)
    open_app(page, base_url)
    b = Builder(page)
    b.system("robotech")
    for y in (16, 24, 32):
        b.add("regult", "Zentraedi", at=(30, y))
    for i, uid in ((3, "regult-3"), (1, "regult-2"), (0, "regult"), (2, "regult")):
        b.pick(f'select[data-missile="{i}"]', uid)
        assert page.is_hidden("#message"), page.inner_text("#message")
        targets = b.doc()["attack"]["targets"]
        shown = shown_targets(page)
        assert shown[0] == targets[0]
        if len(targets) > 1:
            assert shown == targets
    assert b.doc()["attack"]["targets"] == ["regult", "regult-2", "regult", "regult-3"]
    assert b.legality()[0], b.legality()[1]
    got = b.roll()
    want, err = expected_resolution(json.dumps(b.doc()))
    assert err is None, err
    same(got, want, "the volley picked out of order")


def test_tap_on_an_occupied_hex_while_placing_a_support_aims_there(new_page, base_url):
    """On a phone: with a Heavy Bombing picked, a tap on the enemy 'Mech's hex aims the
    bombing there (the unit is not selected, the form not reset); once added, a tap on the
    unit selects it again. A half-set support survives a redraw of the panel."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    b = Builder(page, touch=True)
    b.system("battletech")
    b.type('[data-section="attack"][data-key="side"]', "kurita")
    b.add("atlas", "davion", hex_label="1010")
    b.add("jenner", "kurita", hex_label="1013")  # selected, as a unit just added is
    whole_board(page)
    b.pick("#support-preset", "heavy-bombing")
    atlas = page.locator('#board [data-unit="atlas"]').first

    def tap_atlas() -> None:
        atlas.scroll_into_view_if_needed()
        box = atlas.bounding_box()
        b.tap_at(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    tap_atlas()
    assert page.input_value("#support-hex") == "1010"
    assert page.input_value("#support-preset") == "heavy-bombing"
    assert page.get_attribute(".build-selected", "data-unit") == "jenner"
    b.tap("#add-support")
    assert b.doc()["attack"]["supports"] == [{"kind": "heavy_bombing", "target": "1010"}]
    tap_atlas()  # placed: a tap on the unit selects it again
    page.wait_for_selector('.build-selected[data-unit="atlas"]')
    # a half-set support is not reset by another edit (the panel drawn again)
    b.pick("#support-preset", "long-tom")
    b.type("#support-hex", "1012")
    b.type('[data-section="attack"][data-key="side"]', "kurita2")
    assert b.doc()["attack"]["side"] == "kurita2"
    assert page.input_value("#support-preset") == "long-tom"
    assert page.input_value("#support-hex") == "1012"


def test_undo_keeps_the_view(new_page, base_url):
    """Undo and Redo leave the board's view box where it was, though the edit undone
    changed what the attack aims at (and so the board's default view)."""
    page = new_page(viewport=DESKTOP)
    open_app(page, base_url)
    b = Builder(page)
    b.system("robotech")
    b.add("regult", "Zentraedi", at=(44, 44))
    b.add("regult", "Zentraedi", at=(40, 6))
    b.pick('select[data-missile="0"]', "regult-2")
    b.pick('select[data-missile="0"]', "regult")
    view = page.get_attribute("#board svg", "viewBox")
    b.tap('[data-action="undo"]')
    assert b.doc()["attack"]["targets"] == ["regult-2"]
    assert page.get_attribute("#board svg", "viewBox") == view
    b.tap('[data-action="undo"]')
    assert "point" in b.doc()["attack"]
    assert page.get_attribute("#board svg", "viewBox") == view
    b.tap('[data-action="redo"]')
    assert b.doc()["attack"]["targets"] == ["regult-2"]
    assert page.get_attribute("#board svg", "viewBox") == view


def test_a_refused_value_is_marked_beside_its_field_until_fixed(new_page, base_url):
    """A DF of 13 is kept in its field, marked (aria-invalid, the reason beside it in
    words), across other edits, while the scenario keeps the last good value; fixed, the
    mark goes."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    b = Builder(page, touch=True)
    b.system("robotech")
    b.add("regult", "Zentraedi", at=(30, 16))
    b.select("regult")
    df = '[data-section="unit"][data-key="df"]'
    before = b.doc()["units"][1]["df"]
    b.type(df, "13")
    assert page.get_attribute(df, "aria-invalid") == "true"
    note = page.locator(f"label:has({df}) .field-error")
    assert note.count() == 1
    text = note.inner_text()
    assert text.startswith("DF ") and "units[" not in text and "12" in text, text
    assert page.get_attribute(df, "aria-describedby") == note.get_attribute("id")
    assert b.doc()["units"][1]["df"] == before
    b.type('[data-section="unit"][data-key="x"]', "31")  # another edit: the panel is redrawn
    assert b.doc()["units"][1]["x"] == 31
    assert page.input_value(df) == "13" and page.get_attribute(df, "aria-invalid") == "true"
    screenshot(page, "build-traps-refused-phone")
    b.type(df, "6")
    assert b.doc()["units"][1]["df"] == 6
    assert page.get_attribute(df, "aria-invalid") is None
    assert page.locator("#build .field-error").count() == 0


def test_next_turn_is_a_new_turn_with_its_spotting_question_in_the_page(new_page, base_url):
    """Next turn: the spotting question asked in the page (no browser dialog); turn 2
    rolls other dice than turn 1 (its seed moved on, shown), turn 1 stays readable in the
    turn history, and the Atlas's record-sheet damage of turn 1 is where turn 2 starts."""
    page = new_page(viewport=DESKTOP)
    asked = no_dialogs(page)
    open_app(page, base_url)
    b = Builder(page)
    b.system("battletech")
    b.type('[data-section="attack"][data-key="side"]', "kurita")
    b.add("atlas-sheet", "davion", hex_label="1010")
    b.add("jenner", "kurita", hex_label="1013")
    uid = b.doc()["units"][0]["id"]
    for preset, where in (("heavy-strike", "1010"), ("long-tom", "1009")):
        b.pick("#support-preset", preset)
        b.type("#support-hex", where)
        b.tap("#add-support")
    first = b.roll()
    b.check_against_cpython(first)
    worn = first["effects"][uid]["record"]
    question = page.inner_text("#spot-question")  # asked in the page, beside Next turn
    assert "Turn 2" in question and "1009" in question and "Long Tom" in question
    assert page.inner_text("#next-turn") == "Next turn, not spotted"
    b.tap("#next-turn")
    page.wait_for_function("JSON.parse(document.getElementById('json').value)"
                           ".attack.turn === 2")
    assert page.evaluate("document.activeElement.id") == "next-turn"
    doc = b.doc()
    assert asked == []
    assert doc["seed"] == 2 and doc["attack"]["in_flight"][0]["spotted"] == []
    left = doc["units"][0]["record"]["left"]
    assert left["armour"] == {k: v[0] for k, v in worn["armour"].items()}
    assert left["structure"] == {k: v[0] for k, v in worn["structure"].items()}
    history = page.locator("#turn-history")
    assert "Turn 2 (seed 2)" in history.locator("summary").inner_text()
    assert "Turn 1 (seed 1)" in history.inner_text()
    assert "record sheet after the turn" in history.inner_text() or not any(
        v[0] < v[1] for v in worn["armour"].values())
    b.pick("#support-preset", "heavy-strike")
    b.type("#support-hex", "1010")
    b.tap("#add-support")
    second = b.roll()
    b.check_against_cpython(second)

    def rolls(res: dict) -> list:
        return [r for s in res["steps"] for r in s["rolls"]]
    assert rolls(second) != rolls(first)
    again = second["effects"][uid]["record"]
    for part in ("armour", "structure"):
        for key, (now, full) in again[part].items():
            assert now <= worn[part][key][0] and full == worn[part][key][1]
    screenshot(page, "build-traps-next-turn-desktop")
    # another game (a demo opened) does not show this game's turns
    page.select_option("#demo", "battletech-long-tom-spotted.json")
    page.wait_for_function("document.body.dataset.demo === 'battletech-long-tom-spotted.json'")
    assert "earlier" not in page.inner_text("#turn-history summary")


def test_the_scatter_die_by_compass_buttons_north_up(new_page, base_url):
    """I rolled, the 40K scatter die: eight compass buttons, north first at the top, and
    HIT in the middle; a tap on E enters 90 degrees (clockwise from up the page)."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    open_app(page, base_url)
    start(page, "heresy-mega-blast.json")
    for i, value in enumerate((3, 4)):
        answer(page, value, i)
    assert page.get_attribute("#irolled-prompt", "data-kind") == "scatter"
    faces = page.eval_on_selector_all("#irolled-faces .compass button",
                                      "bs => bs.map(b => b.textContent)")
    assert faces == ["NW", "N", "NE", "W", "HIT", "E", "SW", "S", "SE"]
    assert "north is up" in page.get_attribute("#irolled-faces .compass", "aria-label")
    assert "N (up)" in page.get_attribute("#irolled-value", "placeholder")
    page.tap("#irolled-faces [data-face='90']")
    page.wait_for_function("document.body.dataset.irolled === '3'")
    assert entered(page) == 3
    page.click("#irolled-rest")
    page.wait_for_function("!document.body.hasAttribute('data-irolled')")
    assert json.loads(page.input_value("#json"))["dice"][:3] == [3, 4, 90]


def test_each_shell_fired_gets_its_spotting_question_in_the_page(new_page, base_url):
    """Two shells fired: Next turn's button answers the first; the second is asked in the
    panel (focus on its Yes), Next turn waiting meanwhile; no browser dialog."""
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    asked = no_dialogs(page)
    open_app(page, base_url)
    b = Builder(page, touch=True)
    b.system("battletech")
    b.type('[data-section="attack"][data-key="side"]', "kurita")
    b.add("atlas", "davion", hex_label="1010")
    for where in ("1009", "1012"):
        b.pick("#support-preset", "long-tom")
        b.type("#support-hex", where)
        b.tap("#add-support")
    b.tap("#next-turn-spotted")
    page.wait_for_selector("#spot-yes")
    assert "1012" in page.inner_text("#spot-question")
    assert page.evaluate("document.activeElement.id") == "spot-yes"
    assert page.locator("#next-turn").count() == 0
    assert b.doc()["attack"]["turn"] == 1  # not yet: the question first
    b.tap("#spot-yes")
    page.wait_for_function("JSON.parse(document.getElementById('json').value)"
                           ".attack.turn === 2")
    shells = b.doc()["attack"]["in_flight"]
    assert [s["spotted"] for s in shells] == [["arrival"], ["arrival"]]
    assert asked == []


def test_deleting_a_save_asks_in_the_page(new_page, base_url):
    """My scenarios' Delete asks in the page (its first button focused), not in a browser
    dialog: "Keep it" keeps the save, "Delete" deletes it; Rename takes the new name in
    the save's row, not in a browser prompt."""
    page = new_page(viewport=DESKTOP)
    asked = no_dialogs(page)
    open_app(page, base_url)
    page.click("#library-box summary")
    page.fill("#save-name", "Mine")
    page.click("#save")
    row = '#saves li[data-save="Mine"]'
    delete = '#saves button[data-lib="delete"][data-save="Mine"]'
    ask = '.notice[data-notice="delete-save"]'
    page.wait_for_selector(row)
    page.click(delete)
    page.wait_for_selector(ask)
    assert "Mine" in page.inner_text(ask)
    assert page.evaluate("document.activeElement.textContent") == "Delete"
    page.click(f"{ask} button:has-text('Keep it')")
    assert page.locator(ask).count() == 0 and page.locator(row).count() == 1
    # Rename asks for the name in the row itself, then Delete deletes
    page.click('#saves button[data-lib="rename"][data-save="Mine"]')
    assert page.evaluate("document.activeElement.id") == "rename-name"
    page.fill("#rename-name", "Ours")
    page.click('#saves button[data-lib="rename-do"]')
    row = '#saves li[data-save="Ours"]'
    page.wait_for_selector(row)
    assert page.locator('#saves li[data-save="Mine"]').count() == 0
    page.click('#saves button[data-lib="delete"][data-save="Ours"]')
    page.click(f"{ask} button:has-text('Delete')")
    page.wait_for_function(f"!document.querySelector({json.dumps(row)})")
    assert asked == []


def test_a_refused_pick_is_not_shown(new_page, base_url):
    """A pick the parser refuses (the VF-1 made a structure, which has no GN or PIL)
    leaves the scenario as it was and the control showing the scenario's value, not the
    refused one; the message says why."""
    page = new_page(viewport=DESKTOP)
    open_app(page, base_url)
    b = Builder(page)
    b.system("robotech")
    b.select("a1")
    kind = '[data-section="unit"][data-key="kind"]'
    before = b.doc()
    b.pick(kind, "structure")
    assert b.doc() == before
    assert page.input_value(kind) == "mecha"
    assert page.is_visible("#message") and "structure" in page.inner_text("#message")

"""Issue 15 in the browser: attacks built from a new board with the Build panel (presets,
"Add N models", attacker and target picks, the options, BattleTech's Next turn), never
opening the JSON editor, resolved, and equal to what CPython's engine gives for the
document the page holds; the legality line and Roll's state; undo of each edit; My
scenarios surviving every demo and a reload."""

from __future__ import annotations

import json

import pytest

from .conftest import DESKTOP, PHONE, mouse_drag, open_app, screenshot, whole_board
from .test_app import expected_resolution, same, select_demo

pytestmark = pytest.mark.browser


class Builder:
    """Drives the Build panel as a person does, counting taps (clicks, picks, typing)."""

    def __init__(self, page, touch: bool = False) -> None:
        self.page, self.touch, self.taps, self.docs = page, touch, 0, []

    def doc(self) -> dict:
        return json.loads(self.page.input_value("#json"))

    def _after(self) -> None:
        doc = self.doc()
        if not self.docs or self.docs[-1] != doc:
            self.docs.append(doc)

    def tap(self, selector: str) -> None:
        if self.touch:
            self.page.tap(selector)
        else:
            self.page.click(selector)
        self.taps += 1
        self._after()

    def tap_at(self, x: float, y: float) -> None:
        """A tap (or click) on the page at client (x, y): on the board, say."""
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        self.taps += 1
        self._after()

    def pick(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.taps += 1
        self._after()

    def type(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)
        self.page.dispatch_event(selector, "change")
        self.taps += 1
        self._after()

    def system(self, system: str) -> None:
        if self.page.input_value("#system") != system:
            self.pick("#system", system)
            self.page.wait_for_function(
                f"document.body.dataset.system === {json.dumps(system)}")
        self.tap('[data-action="new"]')
        self.docs = [self.doc()]  # edits counted from the new board

    def add(self, preset: str, side: str, *, at=None, count: int = 1, shape: str = "line",
            hex_label: str | None = None) -> None:
        self.pick("#add-preset", preset)
        self.type("#add-side", side)
        if hex_label is not None:
            self.type("#add-hex", hex_label)
        else:
            self.type("#add-x", str(at[0]))
            self.type("#add-y", str(at[1]))
            if count != 1:
                self.type("#add-count", str(count))
                self.pick("#add-shape", shape)
        self.tap("#add-unit")

    def select(self, uid: str) -> None:
        self.tap(f'.unit-chips [data-unit="{uid}"]')

    def roll(self) -> dict:
        self.page.evaluate("document.getElementById('last-resolution').textContent = 'null'")
        self.tap("#roll")
        self.page.wait_for_function(
            "document.getElementById('last-resolution').textContent !== 'null'")
        return json.loads(self.page.text_content("#last-resolution"))

    def check_against_cpython(self, got: dict) -> None:
        want, err = expected_resolution(json.dumps(self.doc()))
        assert err is None, err
        same(got, want, "resolution")

    def legality(self) -> tuple[bool, str]:
        ok = self.page.get_attribute("#legality", "data-ok") == "true"
        return ok, self.page.inner_text("#legality")


class Keys(Builder):
    """The Builder with the keyboard alone: a control is focused and Enter pressed, text
    typed into a focused field and Tab pressed (which commits it, as a person tabbing on
    does), a list changed while focused (as its arrow keys would); never the pointer."""

    def tap(self, selector: str) -> None:
        self.page.focus(selector)
        self.page.keyboard.press("Enter")
        self.taps += 1
        self._after()

    def tap_at(self, x: float, y: float) -> None:
        raise AssertionError("a keyboard-only build never taps the board")

    def type(self, selector: str, text: str) -> None:
        self.page.focus(selector)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        self.page.keyboard.press("Tab")
        self.taps += 1
        self._after()

    def pick(self, selector: str, value: str) -> None:
        self.page.focus(selector)
        self.page.select_option(selector, value)
        self.taps += 1
        self._after()


def leman_russ_at_tactical_squad(b: Builder) -> None:
    """(a) 40K: a Leman Russ battle cannon at a 10-model Tactical squad in a loose line."""
    b.system("heresy")
    b.add("leman-russ", "loyal", at=(10, 24))
    b.tap('[data-action="make-attacker"]')
    b.pick("#weapon-preset", "battle-cannon")
    b.tap("#use-weapon")
    b.type('[data-section="attack"][data-key="bs"]', "3")
    b.select("f1")
    b.tap('[data-action="delete"]')
    b.add("tactical", "traitor", at=(40, 24), count=10, shape="line")
    b.select("tactical-5")
    b.tap('[data-action="make-target"]')


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_a_leman_russ_at_a_tactical_squad(new_page, base_url, where):
    page = new_page(viewport=PHONE if where == "phone" else DESKTOP,
                    **({"has_touch": True, "is_mobile": True} if where == "phone" else {}))
    open_app(page, base_url)
    b = Builder(page, touch=where == "phone")
    leman_russ_at_tactical_squad(b)
    assert page.is_hidden("#message") or "Saved" in page.inner_text("#message")
    assert b.legality()[0], b.legality()[1]
    doc = b.doc()
    squad = [u for u in doc["units"] if u.get("unit") == "tactical"]
    assert len(squad) == 10 and doc["attack"]["weapon"]["name"] == "Battle cannon"
    assert doc["attack"]["firer"] == "leman-russ" and doc["attack"]["bs"] == 3
    b.check_against_cpython(b.roll())
    screenshot(page, f"build-a-{where}")
    print(f"(a) taps: {b.taps}")
    edits = b.docs
    for want in reversed(edits[:-1]):  # undo restores each edit, in turn
        b.tap('[data-action="undo"]')
        assert b.doc() == want


def test_a_keyboard_only(new_page, base_url):
    """The same attack with the keyboard alone (`Keys`), resolved as CPython resolves
    it; then arrow keys move the selected model 0.5", and Duplicate puts a copy of it 1"
    to its right, under an id of its own, right after it in the list."""
    page = new_page()
    open_app(page, base_url)
    b = Keys(page)
    leman_russ_at_tactical_squad(b)
    assert b.legality()[0], b.legality()[1]
    b.check_against_cpython(b.roll())
    print(f"(a) keys: {b.taps}")
    b.select("tactical-1")
    before = next(u for u in b.doc()["units"] if u["id"] == "tactical-1")
    page.focus('.unit-chips [data-unit="tactical-1"]')
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    after = next(u for u in b.doc()["units"] if u["id"] == "tactical-1")
    assert after["x"] == pytest.approx(before["x"] + 0.5)
    page.keyboard.press("ArrowUp")
    after = next(u for u in b.doc()["units"] if u["id"] == "tactical-1")
    assert after["y"] == pytest.approx(before["y"] - 0.5)
    ids = [u["id"] for u in b.doc()["units"]]
    b.tap('[data-action="duplicate"]')
    units = b.doc()["units"]
    twin = units[ids.index("tactical-1") + 1]
    assert len(units) == len(ids) + 1 and twin["id"] not in ids
    assert twin["x"] == pytest.approx(after["x"] + 1.0)
    assert {**twin, "id": "", "x": 0} == {**after, "id": "", "x": 0}


def test_a_whole_squad_moves_by_drag_and_by_arrow_key(new_page, base_url):
    """One model's drag moves only it; with "Move all 10 of its unit" pressed, a drag of
    one model moves all ten by the same amount, and so does an arrow key (the no-drag
    way); undo puts the squad back."""
    page = new_page()
    open_app(page, base_url)
    b = Builder(page)
    leman_russ_at_tactical_squad(b)
    b.select("tactical-5")
    b.tap('[data-action="whole-squad"]')
    assert page.get_attribute('[data-action="whole-squad"]', "aria-pressed") == "true"
    before = {u["id"]: u for u in b.doc()["units"]}
    # another model of the unit than the target (its centre holds the aim's handle)
    mouse_drag(page, '#board svg [data-unit="tactical-3"]', 3, 2)
    page.wait_for_function("JSON.parse(document.getElementById('json').value)"
                           ".units.find(u => u.id === 'tactical-1').x !== "
                           + json.dumps(before["tactical-1"]["x"]))
    after = {u["id"]: u for u in b.doc()["units"]}
    dx = after["tactical-5"]["x"] - before["tactical-5"]["x"]
    dy = after["tactical-5"]["y"] - before["tactical-5"]["y"]
    assert dx == pytest.approx(3, abs=0.2) and dy == pytest.approx(2, abs=0.2)
    for uid, u in before.items():
        moved = (dx, dy) if u.get("unit") == "tactical" else (0, 0)
        assert (after[uid]["x"] - u["x"], after[uid]["y"] - u["y"]) == pytest.approx(moved)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    keyed = {u["id"]: u for u in b.doc()["units"]}
    for uid, u in after.items():
        step = -0.5 if u.get("unit") == "tactical" else 0
        assert keyed[uid]["x"] == pytest.approx(u["x"] + step)
    b.tap('[data-action="undo"]')
    b.tap('[data-action="undo"]')
    assert b.doc()["units"] == list(before.values())


def test_hh_2_range_line_red_past_range_and_the_hole_dragged_or_typed(new_page, base_url):
    """The board draws the firer's reach to the hole: red past the weapon's range, with
    the clause, while Roll says why; the hole's handle drags the hole (the engine then
    refuses a hole off the target's base, HH-1) and typing its position puts it back."""
    page = new_page()
    open_app(page, base_url)
    b = Builder(page)
    leman_russ_at_tactical_squad(b)
    assert page.locator("#board line.reach").count() == 1
    assert page.locator("#board line.reach.beyond").count() == 0
    b.type('[data-section="weapon"][data-key="range"]', "12")
    page.wait_for_selector('#board line.reach.beyond[data-clause="HH-2"]')
    ok, text = b.legality()
    assert not ok and "HH-2" in text and page.is_disabled("#roll")
    screenshot(page, "build-range-line-desktop")
    b.type('[data-section="weapon"][data-key="range"]', "72")
    page.wait_for_function("!document.querySelector('#board line.reach.beyond')")
    assert b.legality()[0]
    target = next(u for u in b.doc()["units"] if u["id"] == "tactical-5")
    mouse_drag(page, "#board circle.aim-handle", 0, 2)
    page.wait_for_function("JSON.parse(document.getElementById('json').value).attack.aim")
    aim = b.doc()["attack"]["aim"]
    assert aim["x"] == pytest.approx(target["x"], abs=0.2)
    assert aim["y"] == pytest.approx(target["y"] + 2, abs=0.2)
    ok, text = b.legality()
    assert not ok and "HH-1" in text
    b.type("#aim-y-0", str(target["y"]))
    assert b.doc()["attack"]["aim"] == {"x": pytest.approx(target["x"], abs=0.2),
                                        "y": target["y"]}
    assert b.legality()[0]


def device(new_page, where: str):
    """A page on a desktop with a mouse, or on a 390 x 844 touch phone."""
    if where == "phone":
        return new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    return new_page(viewport=DESKTOP)  # a desktop; "keyboard" drives it without the mouse


def builder(new_page, base_url: str, where: str) -> Builder:
    """The app opened on a desktop, a phone or for the keyboard, and who drives it there."""
    page = device(new_page, where)
    open_app(page, base_url)
    return (Keys if where == "keyboard" else Builder)(page, touch=where == "phone")


def split_volley(b: Builder, where: str) -> None:
    """(b) A VF-1's 4-missile Derringer volley over three Regults, one 3" from a friendly:
    RT-4 shown beside Roll, Roll disabled and the friend marked; moved away, legal. The
    ground point is tapped on the board, or typed from the keyboard."""
    page = b.page
    b.system("robotech")  # the starter: a VF-1 Battloid with a Derringer
    if isinstance(b, Keys):
        b.type("#point-x", "20")
        b.type("#point-y", "22")
    else:
        page.locator("#board").scroll_into_view_if_needed()
        xy = page.evaluate("""([x, y]) => { const s = document.querySelector('#board svg');
            const p = new DOMPoint(x, y).matrixTransform(s.getScreenCTM());
            return [p.x, p.y]; }""", [20, 22])
        b.tap_at(*xy)  # a tap on empty board moves the ground point there
    point = b.doc()["attack"]["point"]
    assert abs(point["x"] - 20) <= 0.1 and abs(point["y"] - 22) <= 0.1
    for uid_y in (16, 24, 32):
        b.add("regult", "Zentraedi", at=(30, uid_y))
    b.add("spartan", "UEDF", at=(30, 35))
    for i, uid in enumerate(("regult", "regult-2", "regult-3", "regult-3")):
        b.pick(f'select[data-missile="{i}"]', uid)
    ok, text = b.legality()
    assert not ok and "RT-4" in text
    assert page.is_disabled("#roll")
    assert page.get_attribute("#legality", "data-units") == "spartan"
    assert page.locator('#board [data-unit="spartan"].illegal').count() == 1
    screenshot(page, f"build-b-illegal-{where}")
    b.select("spartan")
    b.type('[data-section="unit"][data-key="y"]', "44")
    b.type('[data-section="unit"][data-key="x"]', "10")
    ok, text = b.legality()
    assert ok, text
    assert not page.is_disabled("#roll")
    assert b.doc()["attack"]["targets"] == ["regult", "regult-2", "regult-3", "regult-3"]
    b.check_against_cpython(b.roll())
    screenshot(page, f"build-b-{where}")
    print(f"(b) taps on the {where}: {b.taps}")


@pytest.mark.parametrize("where", ["desktop", "phone", "keyboard"])
def test_b_robotech_split_volley_illegal_then_legal(new_page, base_url, where):
    """(b) on a desktop with a mouse, a touch phone, and the keyboard alone."""
    split_volley(builder(new_page, base_url, where), where)


def bombing_and_long_tom(b: Builder, where: str) -> None:
    """(c) A Heavy Bombing on a hex next to a friendly 'Mech, a Long Tom fired this turn,
    Next turn: the spotting question answered in the page, the shell in flight lands, the
    turn moves on. The Long Tom's hex is tapped on the map, or typed from the keyboard."""
    page = b.page
    b.system("battletech")
    b.type('[data-section="attack"][data-key="side"]', "kurita")
    b.add("atlas", "davion", hex_label="1010")
    b.add("jenner", "kurita", hex_label="1011")
    b.pick("#support-preset", "heavy-bombing")
    b.type("#support-hex", "1010")
    b.tap("#add-support")
    b.pick("#support-preset", "long-tom")
    if isinstance(b, Keys):
        b.type("#support-hex", "1009")
    else:
        hex_1009 = page.locator('#board [data-hex="1009"]').first
        hex_1009.scroll_into_view_if_needed()
        box = hex_1009.bounding_box()
        b.tap_at(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # aims it there
    assert page.input_value("#support-hex") == "1009"
    b.tap("#add-support")
    assert b.legality()[0], b.legality()[1]
    b.check_against_cpython(b.roll())
    assert "1009" in page.inner_text("#spot-question")  # asked in the page, before
    b.tap("#next-turn-spotted")  # its answer, yes, is a Next turn button
    page.wait_for_function("JSON.parse(document.getElementById('json').value)"
                           ".attack.turn === 2")
    doc = b.doc()
    assert doc["attack"]["in_flight"][0]["spotted"] == ["arrival"]
    assert doc["attack"]["turn"] == 2 and doc["attack"]["supports"] == []
    assert doc["attack"]["in_flight"][0]["gun"] == "long_tom"
    got = b.roll()
    b.check_against_cpython(got)
    assert any(s["clause"].startswith("BT-ART") for s in got["steps"])
    screenshot(page, f"build-c-{where}")
    print(f"(c) taps on the {where}: {b.taps}")


@pytest.mark.parametrize("where", ["desktop", "phone", "keyboard"])
def test_c_battletech_bombing_and_long_tom_next_turn(new_page, base_url, where):
    """(c) on a desktop with a mouse, a touch phone, and the keyboard alone."""
    bombing_and_long_tom(builder(new_page, base_url, where), where)


def hex_centres(page, *labels: str) -> list[tuple[float, float]]:
    """Where the map hexes are on the page, read after one scroll (a scroll per hex
    would move the ones read before)."""
    page.locator(f'#board [data-hex="{labels[0]}"]').first.scroll_into_view_if_needed()
    boxes = [page.locator(f'#board [data-hex="{label}"]').first.bounding_box()
             for label in labels]
    return [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]


def test_bt_strafe_1_a_run_drawn_across_hexes_and_bt_art_1_hexes_tapped_to_preplot(
        new_page, base_url):
    """With "Draw a strafing run" pressed a drag across the map fills in the run's hexes
    (five at most, BT-STRAFE.1) instead of panning; with "Tap hexes to pre-plot" pressed
    each tap adds a Long Tom pre-plotted hex (BT-ART.1), a second tap takes it back, and
    a Long Tom fired at one hits without a roll to hit; both also typed."""
    page = new_page()
    open_app(page, base_url)
    b = Builder(page)
    b.system("battletech")
    b.type('[data-section="attack"][data-key="side"]', "kurita")
    b.add("atlas", "davion", hex_label="1010")
    whole_board(page)  # the whole map in view
    b.tap("#tool-strafe")
    assert page.get_attribute("#tool-strafe", "aria-pressed") == "true"
    assert page.input_value("#support-preset") == "strafing"
    path = hex_centres(page, "0807", "0808", "0809", "0810", "0811", "0812")
    page.mouse.move(*path[0])
    page.mouse.down()
    for point in path[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()
    assert page.input_value("#support-hex") == "0807, 0808, 0809, 0810, 0811"
    b.tap("#add-support")
    assert b.doc()["attack"]["supports"][0]["hexes"] == ["0807", "0808", "0809", "0810",
                                                         "0811"]
    b.tap("#tool-preplot")
    assert page.get_attribute("#tool-preplot", "aria-pressed") == "true"
    assert page.get_attribute("#tool-strafe", "aria-pressed") == "false"
    for label in ("1009", "1110", "1009", "1011"):
        b.tap_at(*hex_centres(page, label)[0])
    assert b.doc()["attack"]["preplotted"] == {"long_tom": ["1110", "1011"]}
    b.type("#preplot-hexes", "1110, 1011, 1012")
    assert b.doc()["attack"]["preplotted"] == {"long_tom": ["1110", "1011", "1012"]}
    b.pick("#support-preset", "long-tom")
    b.type("#support-hex", "1011")
    b.tap("#add-support")
    assert b.legality()[0], b.legality()[1]
    got = b.roll()
    b.check_against_cpython(got)
    assert any(s["clause"] == "BT-ART.1" for s in got["steps"])
    screenshot(page, "build-preplot-desktop")


def test_my_scenarios_survive_demos_and_reload(new_page, base_url, demos):
    page = new_page()
    open_app(page, base_url)
    b = Builder(page)
    b.system("robotech")
    b.add("glaug", "Zentraedi", at=(30, 24))
    b.tap("#library-box summary")
    page.fill("#save-name", "Glaug ambush")
    b.tap("#save")
    saved = b.doc()
    for d in demos:  # as a player picks them: a demo already open is not picked again
        select_demo(page, d["path"])
    page.reload()
    open_app(page, page.url)
    page.click("#library-box summary")
    assert page.locator('#saves li[data-save="Glaug ambush"]').count() == 1
    page.click('#saves button[data-lib="open"][data-save="Glaug ambush"]')
    assert b.doc() == saved


def test_unapplied_json_edit_is_not_dropped_without_asking(new_page, base_url, demos):
    page = new_page()
    open_app(page, base_url)
    before = json.loads(page.input_value("#json"))
    page.click("#json-box summary")
    page.fill("#json", page.input_value("#json").replace('"title": "', '"title": "Mine: ', 1))
    other = next(d for d in demos if d["system"] == before["system"]
                 and d["file"] != page.evaluate("document.body.dataset.demo"))
    # the page asks in the page, beside the message: keep the edit, then drop it
    page.select_option("#demo", other["file"])
    ask = '.notice[data-notice="unapplied-json"]'
    page.wait_for_selector(ask)
    assert "not applied" in page.inner_text(ask)
    assert page.evaluate("document.activeElement.textContent") == "Drop it and open the demo"
    page.click(f"{ask} button:has-text('Keep my edit')")
    page.wait_for_function(f"document.getElementById('demo').value !== {json.dumps(other['file'])}")
    assert page.locator(ask).count() == 0
    assert "Mine: " in page.input_value("#json")  # kept
    page.select_option("#demo", other["file"])
    page.click(f"{ask} button:has-text('Drop it and open the demo')")
    page.wait_for_function(f"document.body.dataset.demo === {json.dumps(other['file'])}")
    assert "Mine: " not in page.input_value("#json")

"""Scatterlab's page logic (PyScript, main thread): DOM events -> engine calls -> DOM updates.

It holds no rule: validation, dice, resolution, odds and drawing are the engine's. User text
reaches the page only through textContent / attribute setters, never as markup, and the
engine's SVG is parsed as XML (never as HTML) before it is put into the page.

For tests and tools the page exposes its state: <body data-state="loading|ready|busy">,
<script type="application/json" id="last-resolution"> (the shown Resolution.to_dict()),
id="last-odds" (Odds.to_dict()), and data-step on #board (index of the step shown, or "all").

Zoom and pan change only the board <svg>'s viewBox; the engine's own viewBox is the "Fit"
box, and zoom is clamped between Fit and MAX_ZOOM x. The shown box keeps Fit's aspect ratio
and stays inside it. Buttons, the mouse wheel (around the pointer), a two-finger pinch and
dragging empty board zoom and pan; dragging a unit still moves the unit. The zoom survives
redraws (Roll, Step, Odds, a drag) while the board's Fit box is unchanged, and is reset
when a demo or system is loaded. At Fit a one-finger swipe on the board scrolls the page;
zoomed in, it pans the board. Default view: Fit, except for a hex map on a narrow viewport
(< NARROW_PX wide), where the whole 2x2-sheet map would make units and hex labels too small
to see or drag with a finger; there the page opens on the units and the attack's target
hexes with a margin of FOCUS_MARGIN_HEXES hexes (Fit shows the whole map).
#board exposes data-zoom (the zoom factor, "1.00" at Fit).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import random
from urllib.parse import parse_qs

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from engine import scenario as sc
from engine import systems
from engine.clauses import clause_text
from engine.errors import IllegalAttack, NotImplementedYet, ScatterlabError, ScenarioError
from engine.log import effect_text

STORAGE_KEY = "scatterlab:last-scenario"
SEED_MAX = 2**31 - 1
PAGE_TRIALS = 20_000
"""Monte Carlo runs when a scenario is too large for exact odds (the command line runs
200,000): odds run on the page's thread, so this bounds how long the page is busy,
with a 95 % interval of at most +/- 0.7 %; the table says which method it used."""
MAX_ZOOM = 8.0
ZOOM_STEP = 1.5  # per button press; the wheel zooms by WHEEL_STEP per notch
WHEEL_STEP = 1.2
NARROW_PX = 600
FOCUS_MARGIN_HEXES = 3


class State:
    """Everything the page shows, in one place."""

    scenario = None  # engine.scenario.Scenario
    resolution = None  # engine Resolution shown, or None
    res_dict = None  # its to_dict()
    step = None  # index of the last step shown while stepping; None: the whole resolution
    odds = None
    index = {"systems": [], "demos": [], "default": None}
    demo_file = None
    drag = None
    busy = False
    fit = None  # the engine's viewBox (x, y, w, h) of the board shown; None: a new board
    box = None  # the viewBox shown (zoomed and panned)
    pointers = {}  # pointerId -> (clientX, clientY) of fingers/mouse panning empty board


S = State()
_proxies = []  # keep event handler proxies alive for the page's life


def absent(value) -> bool:
    """JS null/undefined (Pyodide gives `jsnull` for null, None for undefined)."""
    return value is None or value is jsnull


def attr(node, name: str) -> str:
    value = node.getAttribute(name)
    return "" if absent(value) else str(value)


def el(id_: str):
    return document.getElementById(id_)


def make(tag: str, text: str | None = None, cls: str | None = None, **attrs):
    node = document.createElement(tag)
    if text is not None:
        node.textContent = str(text)
    if cls:
        node.className = cls
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return node


def on(node, event: str, handler) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    node.addEventListener(event, proxy)


def set_json(id_: str, value) -> None:
    el(id_).textContent = json.dumps(value)


# ----------------------------------------------------------------------------- messages


def show_message(text: str, kind: str = "error") -> None:
    box = el("message")
    box.textContent = text
    box.className = "message" if kind == "error" else "message info"
    box.dataset.kind = kind
    box.hidden = False


def clear_message() -> None:
    box = el("message")
    box.hidden = True
    box.textContent = ""
    box.dataset.kind = ""


def describe(err: Exception) -> str:
    if isinstance(err, ScenarioError):
        return f"Invalid scenario — {err}"
    if isinstance(err, IllegalAttack):
        return f"Illegal attack — {err.clause}: {err.reason}"
    if isinstance(err, NotImplementedYet):
        return f"Not implemented yet — {err}"
    return f"{type(err).__name__}: {err}"


def set_busy(busy: bool, text: str = "") -> None:
    S.busy = busy
    document.body.dataset.state = "busy" if busy else "ready"
    el("loading-text").textContent = text
    for node in document.querySelectorAll("#actions button, #apply-json, #system, #demo"):
        node.disabled = busy


# ----------------------------------------------------------------------------- board


def svg_text() -> str:
    # Imported on first use: svgwrite costs half a second in Pyodide, and the board shown
    # at start-up was drawn at build time (see start), so the page is ready sooner.
    from engine import render

    return render.board(
        S.scenario,
        S.resolution,
        upto_step=S.step if S.resolution is not None else None,
        odds=S.odds,
    )


def draw() -> None:
    """Render the board and put it into #board, parsed as XML (text stays text)."""
    text = svg_text()
    doc = js.DOMParser.new().parseFromString(text, "image/svg+xml")
    root = doc.documentElement
    if doc.getElementsByTagName("parsererror").length or root.localName != "svg":
        raise ValueError("the board renderer produced SVG the browser cannot parse")
    board = el("board")
    board.replaceChildren(document.importNode(root, True))
    board.dataset.step = "all" if S.step is None else str(S.step)
    board.dataset.system = S.scenario.system
    board.dataset.prerendered = ""
    restore_view()


# ----------------------------------------------------------------------------- zoom / pan


def board_svg():
    svg = el("board").querySelector("svg")
    return None if absent(svg) else svg


def read_box(svg) -> tuple[float, float, float, float] | None:
    """The svg's viewBox attribute as (x, y, w, h), None if it has none."""
    parts = attr(svg, "viewBox").replace(",", " ").split()
    return tuple(float(v) for v in parts) if len(parts) == 4 else None


def clamp_box(box, fit):
    """`box` grown to Fit's aspect ratio, between Fit and MAX_ZOOM x, moved inside Fit."""
    fx, fy, fw, fh = fit
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    w = min(max(w, h * fw / fh, fw / MAX_ZOOM), fw)
    h = w * fh / fw
    x = min(max(cx - w / 2, fx), fx + fw - w)
    y = min(max(cy - h / 2, fy), fy + fh - h)
    return (x, y, w, h)


def set_box(box) -> None:
    """Show `box` (clamped) on the board and remember it."""
    svg = board_svg()
    if svg is None or S.fit is None:
        return
    S.box = clamp_box(box, S.fit)
    svg.setAttribute("viewBox", " ".join(f"{v:.3f}" for v in S.box))
    zoom = S.fit[2] / S.box[2]
    board = el("board")
    board.dataset.zoom = f"{zoom:.2f}"
    board.toggleAttribute("data-zoomed", zoom > 1.001)


def restore_view() -> None:
    """After a draw: keep the zoom if the board's Fit box is the same, else the default."""
    svg = board_svg()
    fit = None if svg is None else read_box(svg)
    if fit is None:
        S.fit = S.box = None
        return
    if fit == S.fit and S.box is not None:
        set_box(S.box)
        return
    S.fit = fit
    set_box(focus_box(svg) if narrow() else fit)


def narrow() -> bool:
    return float(window.innerWidth) < NARROW_PX


def attack_hexes(value) -> set[str]:
    """Hexes named by the attack: every "target" hex and "hexes" list, at any depth."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "target" and isinstance(item, str):
                found.add(item)
            elif key == "hexes" and isinstance(item, list):
                found.update(str(h) for h in item)
            else:
                found |= attack_hexes(item)
    elif isinstance(value, list):
        for item in value:
            found |= attack_hexes(item)
    return found


def focus_box(svg):
    """A hex map's units and target hexes plus a margin; Fit for a tabletop board."""
    first_hex = svg.querySelector("[data-hex]")
    units = svg.querySelector(".layer-units")
    if absent(first_hex) or absent(units) or not units.childElementCount:
        return S.fit
    boxes = [units.getBBox()]
    for hex_id in attack_hexes(sc.to_dict(S.scenario).get("attack")):
        node = svg.querySelector(f'[data-hex="{hex_id}"]')
        if not absent(node):
            boxes.append(node.getBBox())
    margin = FOCUS_MARGIN_HEXES * float(first_hex.getBBox().height)
    x0 = min(float(b.x) for b in boxes) - margin
    y0 = min(float(b.y) for b in boxes) - margin
    x1 = max(float(b.x + b.width) for b in boxes) + margin
    y1 = max(float(b.y + b.height) for b in boxes) + margin
    return (x0, y0, x1 - x0, y1 - y0)


def zoom_by(factor: float, anchor=None) -> None:
    """Zoom in by `factor` (< 1 zooms out) keeping the board point `anchor` in place."""
    if S.box is None:
        return
    x, y, w, h = S.box
    ax, ay = anchor or (x + w / 2, y + h / 2)
    new_w = clamp_box((x, y, w / factor, h / factor), S.fit)[2]
    s = new_w / w
    set_box((ax - (ax - x) * s, ay - (ay - y) * s, w * s, h * s))


def pan_by(dx: float, dy: float) -> None:
    """Move the shown box by (dx, dy) board units."""
    if S.box is not None:
        x, y, w, h = S.box
        set_box((x + dx, y + dy, w, h))


def on_zoom_in(ev) -> None:
    zoom_by(ZOOM_STEP)


def on_zoom_out(ev) -> None:
    zoom_by(1 / ZOOM_STEP)


def on_zoom_fit(ev) -> None:
    if S.fit is not None:
        set_box(S.fit)


def on_wheel(ev) -> None:
    svg = board_svg()
    if svg is None or S.drag is not None or not float(ev.deltaY):
        return
    ev.preventDefault()
    zoom_by(WHEEL_STEP if float(ev.deltaY) < 0 else 1 / WHEEL_STEP, svg_point(svg, ev))


def gesture(points: dict):
    """Midpoint (client px) and spread (distance between the first two) of the pointers."""
    pts = list(points.values())[:2]
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    spread = ((pts[0][0] - pts[-1][0]) ** 2 + (pts[0][1] - pts[-1][1]) ** 2) ** 0.5
    return (mx, my), spread


def start_pan(ev) -> None:
    """A pointer on empty board: one pans, two pinch."""
    if len(S.pointers) >= 2:
        return
    S.pointers[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
    ev.preventDefault()  # no text selection while a mouse pans
    with contextlib.suppress(Exception):
        el("board").setPointerCapture(ev.pointerId)


def move_pan(ev) -> None:
    """Keep the board point under the pointers' midpoint there; scale with their spread."""
    svg = board_svg()
    if svg is None or ev.pointerId not in S.pointers:
        return
    (mx0, my0), spread0 = gesture(S.pointers)
    S.pointers[ev.pointerId] = (float(ev.clientX), float(ev.clientY))
    (mx1, my1), spread1 = gesture(S.pointers)
    before, after = board_point(svg, mx0, my0), board_point(svg, mx1, my1)
    if before is None or after is None:
        return
    pan_by(before[0] - after[0], before[1] - after[1])
    if spread0 > 0 and spread1 > 0:
        zoom_by(spread1 / spread0, before)


def end_pan(ev) -> None:
    S.pointers.pop(ev.pointerId, None)


# ----------------------------------------------------------------------------- scenario


def autosave() -> None:
    # storage full or disabled: autosave is a convenience only
    with contextlib.suppress(Exception):
        window.localStorage.setItem(STORAGE_KEY, sc.dumps(S.scenario, indent=None))


def set_scenario(new, *, keep_result: bool = False, redraw: bool = True) -> bool:
    """Validate and show a scenario (a dict or a Scenario); on error keep the previous one.

    `redraw=False` keeps the board on screen (it already shows this scenario)."""
    try:
        scenario = new if isinstance(new, sc.Scenario) else sc.load_dict(new)
    except ScatterlabError as err:
        show_message(describe(err))
        fill_fields()  # put the fields back to the kept state
        return False
    S.scenario = scenario
    if not keep_result:
        S.resolution = S.res_dict = S.step = S.odds = None
        set_json("last-resolution", None)
        set_json("last-odds", None)
        show_log()
        el("odds-box").hidden = True
    el("share-box").hidden = True
    fill_fields()
    autosave()
    if redraw:
        draw()
    return True


def fill_fields() -> None:
    s = S.scenario
    if s is None:
        return
    el("title").textContent = s.title or "(untitled scenario)"
    el("notes").textContent = s.notes or ""
    el("notes-box").hidden = not s.notes
    seed = el("seed")
    seed.value = "" if s.seed is None else str(s.seed)
    seed.title = "This scenario uses scripted dice; a new seed drops them." if s.dice else ""
    el("json").value = sc.dumps(s)
    if el("system").value != s.system:
        el("system").value = s.system
        fill_demo_select(s.system)
    demo = el("demo")
    demo.value = S.demo_file if S.demo_file and demo_of(S.demo_file, s.system) else ""
    document.body.dataset.demo = S.demo_file or ""
    document.body.dataset.system = s.system
    fill_units()


def fill_units() -> None:
    box = el("units")
    box.replaceChildren()
    data = sc.to_dict(S.scenario)
    for i, unit in enumerate(data.get("units", [])):
        uid = str(unit.get("id", i))
        is_hex = "hex" in unit
        row = make("div", cls="unit-row hex" if is_hex else "unit-row", data_unit=uid)
        row.appendChild(make("div", f"{uid} · {unit.get('side', '')}", cls="who"))
        name = field(i, "name", "Name", unit.get("name", ""), "text")
        name.lastElementChild.setAttribute("placeholder", uid)
        row.appendChild(name)
        if is_hex:
            row.appendChild(field(i, "hex", "Hex", unit.get("hex", ""), "text"))
        else:
            row.appendChild(field(i, "x", 'x (")', unit.get("x", ""), "number"))
            row.appendChild(field(i, "y", 'y (")', unit.get("y", ""), "number"))
        box.appendChild(row)


def field(index: int, key: str, label: str, value, kind: str):
    wrap = make("label", label)
    inp = make("input", type=kind, data_index=index, data_key=key)
    if kind == "number":
        inp.setAttribute("step", "0.1")
        inp.setAttribute("inputmode", "decimal")
    if key == "hex":
        inp.setAttribute("inputmode", "numeric")
        inp.setAttribute("maxlength", "4")
        inp.setAttribute("pattern", "[0-9]{4}")
    inp.value = "" if value is None else str(value)
    wrap.appendChild(inp)
    return wrap


def on_unit_field(ev) -> None:
    inp = ev.target
    if not inp.dataset.key:
        return
    index, key = int(inp.dataset.index), str(inp.dataset.key)
    data = sc.to_dict(S.scenario)
    raw = str(inp.value)
    value: object = raw
    if key in ("x", "y"):
        try:
            value = float(raw)
            value = int(value) if value == int(value) else round(value, 3)
        except ValueError:
            show_message(f"Invalid edit — units[{index}].{key}: must be a number")
            fill_fields()
            return
    data["units"][index][key] = value
    if set_scenario(data):
        clear_message()


def on_seed(ev) -> None:
    raw = str(el("seed").value).strip()
    try:
        seed = int(raw)
        if not 0 <= seed <= sc.SEED_MAX:
            raise ValueError
    except ValueError:
        show_message(f"Invalid edit — seed: must be an integer from 0 to {sc.SEED_MAX}")
        fill_fields()
        return
    if seed == S.scenario.seed:
        return
    try:
        new = sc.with_seed(S.scenario, seed)
    except ScatterlabError as err:
        show_message(describe(err))
        fill_fields()
        return
    if set_scenario(new):
        clear_message()


def on_apply_json(ev) -> None:
    try:
        new = sc.loads(str(el("json").value))
    except ScatterlabError as err:
        show_message(describe(err))
        return  # keep the text so the user can fix it; the state is unchanged
    if set_scenario(new):
        clear_message()


# ----------------------------------------------------------------------------- demos


def demo_of(file: str, system: str | None = None):
    for d in S.index.get("demos", []):
        if d["file"] == file and (system is None or d["system"] == system):
            return d
    return None


def fill_demo_select(system: str) -> None:
    select = el("demo")
    select.replaceChildren()
    select.appendChild(make("option", "— pick a demo —", value=""))
    for d in S.index.get("demos", []):
        if d["system"] == system:
            select.appendChild(make("option", d["title"], value=d["file"]))


def fill_system_select() -> None:
    select = el("system")
    select.replaceChildren()
    for s in S.index.get("systems", []):
        select.appendChild(make("option", s["name"], value=s["id"]))


async def fetch_text(url: str) -> str:
    resp = await js.fetch(url)
    if not resp.ok:
        raise OSError(f"{url}: HTTP {resp.status}")
    return str(await resp.text())


async def load_demo(file: str) -> bool:
    try:
        text = await fetch_text("./demos/" + file)
        scenario = sc.loads(text)
    except (OSError, ScatterlabError) as err:
        show_message(f"Demo {file} cannot be loaded — {err}")
        return False
    except Exception as err:  # a failed fetch (offline, missing file) raises a JsException
        show_message(f"Demo {file} cannot be loaded — {err}")
        return False
    previous, previous_fit = S.demo_file, S.fit
    S.demo_file, S.fit = file, None  # another demo opens on its default view
    if not set_scenario(scenario):
        S.demo_file, S.fit = previous, previous_fit
        return False
    clear_message()
    return True


async def on_system(ev) -> None:
    system = str(el("system").value)
    fill_demo_select(system)
    first = next((d for d in S.index["demos"] if d["system"] == system), None)
    if first is None:
        show_message("No demo for this system yet.", "info")
        return
    await load_demo(first["file"])


async def on_demo(ev) -> None:
    file = str(el("demo").value)
    if file:
        await load_demo(file)


# ----------------------------------------------------------------------------- resolve


def resolve_now() -> bool:
    try:
        res = systems.resolve(S.scenario, seed=S.scenario.seed)
    except ScatterlabError as err:
        show_message(describe(err))
        return False
    S.resolution, S.res_dict, S.odds = res, res.to_dict(), None
    el("odds-box").hidden = True
    set_json("last-odds", None)
    set_json("last-resolution", S.res_dict)
    clear_message()
    return True


def on_roll(ev) -> None:
    if resolve_now():
        S.step = None
        show_log()
        draw()


def on_new_seed(ev) -> None:
    seed = random.randrange(1, SEED_MAX)
    try:
        new = sc.with_seed(S.scenario, seed)
    except ScatterlabError as err:
        show_message(describe(err))
        return
    if set_scenario(new):
        on_roll(ev)


def on_step(ev) -> None:
    steps = (S.res_dict or {}).get("steps", [])
    if S.resolution is None or S.step is None or S.step >= len(steps) - 1:
        if not resolve_now():
            return
        S.step = 0
    else:
        S.step += 1
    show_log()
    draw()


def rolls_text(rolls) -> str:
    parts = []
    for r in rolls or []:
        dice = r.get("dice")
        dice_s = " ".join(str(d) for d in dice) if isinstance(dice, list) else str(dice)
        parts.append(f"{r.get('label', '')}: [{dice_s}] → {r.get('value')}")
    return "; ".join(parts)


def show_log() -> None:
    log, status, effects = el("log"), el("log-status"), el("effects")
    log.replaceChildren()
    effects.replaceChildren()
    if S.res_dict is None:
        status.textContent = "— press Roll, or Step through it"
        el("step").textContent = "Step"
        return
    steps = S.res_dict.get("steps", [])
    shown = steps if S.step is None else steps[: S.step + 1]
    cited = set()
    for i, st in enumerate(shown):
        clause = str(st.get("clause", ""))
        li = make("li", cls="step", data_clause=clause, data_index=i)
        li.appendChild(make("span", clause, cls="clause"))
        ctext = clause_text(clause)
        if ctext and clause not in cited:  # the clause's text once; later as a tooltip
            li.appendChild(make("span", f" — {ctext}", cls="clause-text"))
        elif ctext:
            li.setAttribute("title", f"{clause} — {ctext}")
        cited.add(clause)
        li.appendChild(make("span", st.get("text", ""), cls="step-text"))
        rt = rolls_text(st.get("rolls"))
        if rt:
            li.appendChild(make("span", rt, cls="rolls"))
        log.appendChild(li)
    if S.step is None:
        status.textContent = f"seed {S.res_dict.get('seed')} · {len(steps)} steps"
        el("step").textContent = "Step"
        show_effects(effects)
    else:
        status.textContent = f"step {S.step + 1} of {len(steps)}"
        last = log.lastElementChild
        if not absent(last):
            last.classList.add("current")
            last.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        done = S.step >= len(steps) - 1
        el("step").textContent = "Restart steps" if done else "Next step"
        if done:
            show_effects(effects)


def unit_name(uid: str) -> str:
    for u in S.scenario.units:
        if u.id == uid:
            return f"{u.name} ({uid})" if u.name and u.name != uid else uid
    return uid


def show_effects(box) -> None:
    eff = (S.res_dict or {}).get("effects") or {}
    if not eff:
        return
    box.appendChild(make("h3", "Effects"))
    ul = make("ul")
    for uid, what in eff.items():
        ul.appendChild(make("li", f"{unit_name(uid)} — {effect_text(what)}", data_unit=uid))
    box.appendChild(ul)


# ----------------------------------------------------------------------------- odds


def pct(p) -> str:
    return "—" if p is None else f"{100 * float(p):.1f} %"


async def on_odds(ev) -> None:
    set_busy(True, "Computing odds…")
    await asyncio.sleep(0.05)  # let the browser paint the busy state first
    try:
        odds = systems.odds(S.scenario, trials=PAGE_TRIALS)
    except ScatterlabError as err:
        show_message(describe(err))
        return
    finally:
        set_busy(False)
    S.odds = odds
    d = odds.to_dict()
    set_json("last-odds", d)
    el("odds-method").textContent = (
        d.get("method", "") + (f", {d['trials']} trials" if d.get("trials") else "")
    )
    table = el("odds-table")
    table.replaceChildren()
    head = make("tr")
    for h in ("Unit", "P(hit)", "P(damaged)", "E[damage]"):
        head.appendChild(make("th", h, scope="col"))
    table.appendChild(head)
    for uid, u in (d.get("units") or {}).items():
        tr = make("tr", data_unit=uid)
        tr.appendChild(make("td", unit_name(uid)))
        tr.appendChild(make("td", pct(u.get("p_hit"))))
        tr.appendChild(make("td", pct(u.get("p_damaged"))))
        e = u.get("expected_damage")
        tr.appendChild(make("td", "—" if e is None else f"{float(e):.2f}"))
        table.appendChild(tr)
    el("odds-box").hidden = False
    clear_message()
    draw()


# ----------------------------------------------------------------------------- share / export


def share_url(code: str) -> str:
    base = str(window.location.href).split("#", 1)[0]
    return f"{base}#s={code}"


async def on_share(ev) -> None:
    code = sc.encode_share(S.scenario)
    url = share_url(code)
    window.history.replaceState(None, "", "#s=" + code)
    box, link = el("share-box"), el("share-link")
    link.value = url
    box.hidden = False
    link.focus()
    link.select()
    try:
        await window.navigator.clipboard.writeText(url)
        show_message("Share link copied to the clipboard.", "info")
    except Exception:
        show_message("Share link ready below: copy it.", "info")


def safe_filename(title: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in title.lower()).strip("-")
    return (keep or "board")[:60] + ".svg"


def on_export(ev) -> None:
    text = svg_text()
    if not text.lstrip().startswith("<?xml"):
        text = '<?xml version="1.0" encoding="utf-8"?>\n' + text
    blob = js.Blob.new(
        to_js([text]), to_js({"type": "image/svg+xml"}, dict_converter=js.Object.fromEntries)
    )
    url = js.URL.createObjectURL(blob)
    a = make("a", download=safe_filename(S.scenario.title or "board"))
    a.href = url
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 2000)


def read_share(hash_: str):
    """The Scenario in a '#s=' fragment, None if there is none; raises ScenarioError."""
    if not hash_.startswith("#s="):
        return None
    return sc.decode_share(hash_[3:])


async def on_hashchange(ev) -> None:
    try:
        scenario = read_share(str(window.location.hash))
    except ScatterlabError as err:
        show_message(f"This share link cannot be opened — {err}. The previous scenario is kept.")
        return
    if scenario is None:
        return
    S.demo_file = None
    if set_scenario(scenario):
        clear_message()
        on_roll(None)


# ----------------------------------------------------------------------------- drag


def board_point(svg, client_x, client_y):
    """Client (CSS px) -> board coordinates, through the svg's current viewBox."""
    m = svg.getScreenCTM()
    if absent(m):
        return None
    p = js.DOMPoint.new(client_x, client_y).matrixTransform(m.inverse())
    return float(p.x), float(p.y)


def svg_point(svg, ev):
    return board_point(svg, ev.clientX, ev.clientY)


def on_pointerdown(ev) -> None:
    if S.busy or S.scenario is None or document.body.dataset.state == "loading":
        return
    if ev.button is not None and int(ev.button) != 0:
        return
    g = ev.target.closest("[data-unit]")
    svg = el("board").querySelector("svg")
    if absent(svg):
        return
    if absent(g) or S.pointers:  # empty board, or a second finger: pan / pinch
        if S.drag is None:
            start_pan(ev)
        return
    start = svg_point(svg, ev)
    if start is None:
        return
    ev.preventDefault()
    with contextlib.suppress(Exception):
        g.setPointerCapture(ev.pointerId)
    g.classList.add("dragging")
    S.drag = {
        "id": attr(g, "data-unit"),
        "g": g,
        "svg": svg,
        "start": start,
        "orig": attr(g, "transform"),
        "pointer": ev.pointerId,
        "delta": (0.0, 0.0),
    }


def on_pointermove(ev) -> None:
    if ev.pointerId in S.pointers:
        move_pan(ev)
        return
    d = S.drag
    if d is None or ev.pointerId != d["pointer"]:
        return
    p = svg_point(d["svg"], ev)
    if p is None:
        return
    dx, dy = p[0] - d["start"][0], p[1] - d["start"][1]
    d["delta"] = (dx, dy)
    d["g"].setAttribute("transform", f"translate({dx:.3f} {dy:.3f}) {d['orig']}".strip())


def _cancel_drag() -> None:
    d, S.drag = S.drag, None
    if d is not None:
        d["g"].classList.remove("dragging")
        if d["orig"]:
            d["g"].setAttribute("transform", d["orig"])
        else:
            d["g"].removeAttribute("transform")


def on_pointerup(ev) -> None:
    end_pan(ev)
    d = S.drag
    if d is None or ev.pointerId != d["pointer"]:
        return
    dx, dy = d["delta"]
    if abs(dx) < 0.05 and abs(dy) < 0.05:
        _cancel_drag()
        return
    data = sc.to_dict(S.scenario)
    index = next((i for i, u in enumerate(data["units"]) if str(u.get("id")) == d["id"]), None)
    if index is None:
        _cancel_drag()
        return
    unit = data["units"][index]
    if "hex" in unit:
        target = None
        for node in document.elementsFromPoint(ev.clientX, ev.clientY):
            hex_node = node.closest("[data-hex]")
            if not absent(hex_node):
                target = attr(hex_node, "data-hex")
                break
        if target is None or target == unit["hex"]:
            _cancel_drag()
            return
        unit["hex"] = target
    else:
        unit["x"] = round(float(unit.get("x", 0)) + dx, 1)
        unit["y"] = round(float(unit.get("y", 0)) + dy, 1)
    S.drag = None
    if set_scenario(data):
        clear_message()
    else:
        draw()


def on_pointercancel(ev) -> None:
    end_pan(ev)
    _cancel_drag()


# ----------------------------------------------------------------------------- start


def guarded(handler):
    """Wrap a handler: an unexpected error becomes a message (and a console error)."""

    if inspect.iscoroutinefunction(handler):
        async def run_async(ev=None):
            try:
                await handler(ev)
            except Exception as err:
                show_message(f"Unexpected error — {describe(err)}")
                js.console.error(f"scatterlab: {type(err).__name__}: {err}")
        return run_async

    def run(ev=None):
        try:
            handler(ev)
        except Exception as err:
            show_message(f"Unexpected error — {describe(err)}")
            js.console.error(f"scatterlab: {type(err).__name__}: {err}")
    return run


async def initial_scenario():
    """Share link, then ?demo=, then the autosaved scenario, then the default demo."""
    from_share = False
    try:
        shared = read_share(str(window.location.hash))
    except ScatterlabError as err:
        shared = None
        show_message(f"This share link cannot be opened — {err}.")
    if shared is not None:
        return shared, None, True
    query = parse_qs(str(window.location.search).lstrip("?"))
    wanted = (query.get("demo") or [None])[0]
    if wanted and demo_of(wanted):
        try:
            return sc.loads(await fetch_text("./demos/" + wanted)), wanted, from_share
        except Exception as err:
            show_message(f"Demo {wanted} cannot be loaded — {err}")
    try:
        saved = window.localStorage.getItem(STORAGE_KEY)
    except Exception:
        saved = None
    if not absent(saved) and str(saved):
        try:
            return sc.loads(str(saved)), None, False
        except ScatterlabError:
            pass  # an autosave from an older format: fall back to the default demo
    default = S.index.get("default")
    if default:
        return sc.loads(await fetch_text("./demos/" + default)), default, False
    return None, None, False


async def start() -> None:
    try:
        S.index = json.loads(await fetch_text("./demos/index.json"))
    except Exception as err:
        show_message(f"The demo list cannot be loaded — {err}")
    fill_system_select()
    scenario, demo_file, from_share = await initial_scenario()
    if scenario is None:
        show_message("No scenario to show: there is no demo in this build.")
        document.body.dataset.state = "failed"
        return
    S.demo_file = demo_file
    el("system").value = scenario.system
    fill_demo_select(scenario.system)
    message_box_kept = not el("message").hidden
    board = el("board")
    prerendered = str(board.dataset.prerendered or "") == sc.fingerprint(scenario)
    set_scenario(scenario, redraw=not prerendered)
    if prerendered:
        board.dataset.step = "all"
        board.dataset.system = scenario.system
        restore_view()
    if from_share:
        on_roll(None)
    elif not message_box_kept:
        clear_message()

    on(el("roll"), "click", guarded(on_roll))
    on(el("step"), "click", guarded(on_step))
    on(el("odds"), "click", guarded(on_odds))
    on(el("share"), "click", guarded(on_share))
    on(el("export"), "click", guarded(on_export))
    on(el("new-seed"), "click", guarded(on_new_seed))
    on(el("seed"), "change", guarded(on_seed))
    on(el("system"), "change", guarded(on_system))
    on(el("demo"), "change", guarded(on_demo))
    on(el("apply-json"), "click", guarded(on_apply_json))
    on(el("units"), "change", guarded(on_unit_field))
    on(window, "hashchange", guarded(on_hashchange))
    on(board, "pointerdown", guarded(on_pointerdown))
    on(board, "pointermove", guarded(on_pointermove))
    on(board, "pointerup", guarded(on_pointerup))
    on(board, "pointercancel", guarded(on_pointercancel))
    on(board, "wheel", guarded(on_wheel))
    on(el("zoom-in"), "click", guarded(on_zoom_in))
    on(el("zoom-out"), "click", guarded(on_zoom_out))
    on(el("zoom-fit"), "click", guarded(on_zoom_fit))

    for node in document.querySelectorAll("#actions button, #actions input, #apply-json, "
                                          "#system, #demo, #zoom button"):
        node.disabled = False
    document.body.dataset.state = "ready"
    document.body.dataset.readyMs = str(round(float(js.performance.now())))

    try:
        workers = getattr(window.navigator, "serviceWorker", None)
        if workers is not None and str(window.location.protocol) != "file:":
            await workers.register("./sw.js")
    except Exception as err:
        js.console.warn(f"scatterlab: no offline cache ({err})")
    await asyncio.sleep(0)  # let the page paint "ready", then load the renderer
    from engine import render  # noqa: F401  (warm-up: the first Roll need not wait for it)


async def _main() -> None:
    try:
        await start()
    except Exception as err:
        show_message(f"The app could not start — {describe(err)}")
        js.console.error(f"scatterlab: start failed: {type(err).__name__}: {err}")
        document.body.dataset.state = "failed"


_task = asyncio.ensure_future(_main())

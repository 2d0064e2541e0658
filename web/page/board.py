"""The board view: the engine's SVG put into #board, and its viewBox zoom and pan.

Zoom and pan change only the board <svg>'s viewBox; the engine's own viewBox is the "Fit"
box, and zoom is clamped between Fit and MAX_ZOOM x. The shown box stays inside Fit and
keeps the board frame's aspect ratio: Fit's, except where the default view needs a taller
frame (`taller_frame`: on a phone, an attack taller than the landscape board can show
legibly gets a board as tall as the page allows, CSS max-height); Fit brings Fit's frame
back, and the whole board unless its names would be too small to read there.
A redraw keeps what the board shown already has the same (`morph`; a hex map's grid is
not even parsed again, `without_kept`), so the browser lays out only what changed.
The zoom survives redraws (Roll, Step, Odds, a drag) while the board's
Fit box is unchanged and the player has zoomed or panned; a new board, or one still on its
default view, gets the default view again. Default view (`default_box`): the attack, fitted
on its attacker, targets and templates, at a zoom where every base is at least MIN_BASE_PX
and every name MIN_LABEL_PX CSS px (dropping the attacker when it is too far away for
that; hex numbers too); the zoom buttons zoom about the attack while it is in view. An
attacker outside the box shown gets a small arrow at the board's edge pointing to it
(`point_to_attacker`, ``g.offview`` with data-points-to), and a name the board's edge
would cut moves beside its unit where it reads whole (`keep_names_whole`). #board exposes
data-zoom (the zoom factor, "1.00" at Fit), data-step (index of the step shown, or "all")
and data-focus (the attack's centre in board units, "x y", where the zoom buttons zoom).
"""

from __future__ import annotations

import js
from pyscript import document, window

from engine import scenario as sc
from engine.words import msg, say

from .dom import Element, Event, absent, attr, el
from .edgenames import keep_names_whole, put_names_back
from .geometry import SVG_NS, Bounds, bbox, board_point, unit_selector
from .offview import point_to_attacker
from .redraw import kept_layer, mark_kept, morph, without_kept
from .slices import SLICE_S, breathe, in_parts, settle
from .state import Box, State

MAX_ZOOM = 8.0
ZOOM_STEP = 1.5  # per button press
FOCUS_MARGIN_HEXES = 3


def svg_node(text: str) -> Element:
    """The engine's SVG text as a node of this page, parsed as XML (text stays text). The
    parsed tree is adopted, not copied: a board of 500 units is some 5,000 elements."""
    doc = js.DOMParser.new().parseFromString(text, "image/svg+xml")
    root = doc.documentElement
    if doc.getElementsByTagName("parsererror").length or root.localName != "svg":
        raise ValueError("the renderer produced SVG the browser cannot parse")
    return document.adoptNode(root)


def show_svg(state: State, text: str) -> None:
    """Put the engine's board SVG into #board: in parts when working in slices, else
    into the board shown (`morph`), keeping what has not changed. The engine's viewBox,
    the board's Fit box, is kept in data-fit (`read_box`)."""
    board = el("board")
    parts = in_parts(state)
    if parts:
        breathe(state, SLICE_S)  # the browser's parse cannot pause: a slice of its own
    shown = board_svg()
    kept = kept_layer(text)
    new = svg_node(text if parts or shown is None else without_kept(shown, text, kept))
    fit = attr(new, "viewBox")
    if parts:
        put_in_parts(state, board, new)
    elif shown is None:
        board.replaceChildren(new)
    else:
        morph(shown, new)
        new = shown
    new.setAttribute("data-fit", fit)
    mark_kept(new, kept)
    board.dataset.step = "all" if state.step is None else str(state.step)
    board.dataset.system = state.shown.system
    board.dataset.prerendered = ""
    restore_view(state)
    describe_board(state)
    show_key(state)


PART = 100
"""At most this many children of one group go into a board put in by parts."""


def crowded(node: Element) -> list[Element]:
    """The groups under `node` with more than PART children (a map's hexes or hex numbers,
    the units), none inside another."""
    found: list[Element] = []
    for child in node.children:
        if child.childElementCount > PART:
            found.append(child)
        elif child.getElementsByTagName("*").length > PART:
            found += crowded(child)
    return found


def put_in_parts(state: State, board: Element, svg: Element) -> None:
    """Issue 27: put a board `svg` into `board` so that no style and layout pass takes
    longer than its part. A board of 500 units on a 2 x 2 sheet map is some 12,000
    layout objects, which Chromium lays out in over 100 ms when they come in one go, and
    the page cannot pause inside a layout: the board goes in without its crowded
    groups' children, then those PART at a time, each part laid out at once, the browser
    given a turn between as the slice ends (`settle`)."""
    settle(state, board)  # what the page added before, on its own
    held = []
    for group in crowded(svg):
        rest = document.createRange()
        rest.selectNodeContents(group)
        held.append((group, rest.extractContents()))
    board.replaceChildren(svg)
    settle(state, board)
    for group, rest in held:
        while rest.childNodes.length:
            part = document.createRange()
            part.setStart(rest, 0)
            part.setEnd(rest, min(PART, int(rest.childNodes.length)))
            group.appendChild(part.extractContents())
            settle(state, board)


def describe_board(state: State) -> None:
    """The board as an image with a text alternative that follows every step: its
    <title> names the scenario and the step shown, its <desc> says what happened."""
    svg = board_svg()
    if svg is None or state.scenario is None:
        return
    from engine.render.tally import result_text

    steps = (state.res_dict or {}).get("steps", [])
    named = sc.titled(state.scenario, state.lang)[0] or msg("page.board.untitled")
    title = (msg("page.board.title", title=named) if state.step is None or not steps
             else msg("page.board.title_step", title=named, i=state.step + 1, n=len(steps)))
    desc = result_text(state.scenario, state.resolution, state.step, lang=state.lang)
    for tag, text in (("title", say(title, state.lang)), ("desc", desc)):
        node = svg.querySelector(f":scope > {tag}")
        if absent(node):
            node = document.createElementNS(SVG_NS, tag)
            node.id = f"board-{tag}"
            svg.insertBefore(node, svg.firstChild)
        node.textContent = text
    svg.setAttribute("role", "img")
    svg.setAttribute("aria-labelledby", "board-title board-desc")


def show_key(state: State) -> None:
    """The key to the board's marks and heat map, when it is open."""
    box = el("key")
    if not el("key-box").open or state.scenario is None:
        return
    from engine.render.legend import legend  # svgwrite: loaded once the board is drawn

    box.replaceChildren(svg_node(legend(state.scenario, state.odds is not None, lang=state.lang)))


def on_key_toggle(state: State, ev: Event) -> None:
    show_key(state)


def board_svg() -> Element | None:
    """The <svg> shown in #board, None before the first board."""
    svg = el("board").querySelector("svg")
    return None if absent(svg) else svg


def _under(client_x: float, client_y: float, attribute: str) -> str:
    """`attribute` of the topmost element carrying it under a point of the page, looking
    through whatever lies over it ("" when none does)."""
    for node in document.elementsFromPoint(client_x, client_y):
        found = node.closest(f"[{attribute}]")
        if not absent(found):
            return attr(found, attribute)
    return ""


def hex_at(client_x: float, client_y: float) -> str:
    """The label of the map hex under a point of the page ("" off the map; a unit token
    never carries ``data-hex``, so the hex under a dragged unit shows through)."""
    return _under(client_x, client_y, "data-hex")


def unit_at(client_x: float, client_y: float) -> str:
    """The id of the unit under a point of the page ("" for none), looking through the
    marks drawn over it (an aim's handle)."""
    return _under(client_x, client_y, "data-unit")


def svg_point(svg: Element, ev: Event) -> tuple[float, float] | None:
    """The board coordinates of a pointer or wheel event."""
    return board_point(svg, ev.clientX, ev.clientY)


def read_box(svg: Element) -> Box | None:
    """The board's Fit box, the engine's viewBox (kept in data-fit when drawn: the
    viewBox is then the box shown; a board drawn at build time has only its viewBox), as
    (x, y, w, h); None if it has none."""
    parts = (attr(svg, "data-fit") or attr(svg, "viewBox")).replace(",", " ").split()
    if len(parts) != 4:
        return None
    x, y, w, h = (float(v) for v in parts)
    return (x, y, w, h)


def clamp_box(box: Box, fit: Box, aspect: float | None = None) -> Box:
    """`box` grown to the frame's `aspect` (width / height; Fit's when None), at most as
    wide and as tall as Fit and at least 1 / MAX_ZOOM as wide, moved inside Fit."""
    fx, fy, fw, fh = fit
    aspect = aspect or fw / fh
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    w = min(max(w, h * aspect, fw / MAX_ZOOM), fw, fh * aspect)
    h = w / aspect
    x = min(max(cx - w / 2, fx), fx + fw - w)
    y = min(max(cy - h / 2, fy), fy + fh - h)
    return (x, y, w, h)


def set_box(state: State, box: Box) -> None:
    """Show `box` (clamped) on the board and remember it. A new viewBox has the browser
    lay out every text of the board again, at its new scale, in one pass that cannot
    pause (some 30 ms for a board of 500 units): on a large one it starts a slice of its own
    (`slices.in_parts`)."""
    svg = board_svg()
    if svg is None or state.fit is None:
        return
    breathe(state, SLICE_S)
    state.box = shown = clamp_box(box, state.fit, state.frame)
    # each set only when it changes: a Step that keeps the view lays nothing out again
    view = " ".join(f"{v:.3f}" for v in shown)
    if attr(svg, "viewBox") != view:
        svg.setAttribute("viewBox", view)
    # the <svg> is as wide as the page allows: its height follows the frame
    ratio = "" if state.frame is None else f"{state.frame:.5f}"
    if str(svg.style.aspectRatio) != ratio:
        svg.style.aspectRatio = ratio
    zoom = state.fit[2] / shown[2]
    board = el("board")
    board.toggleAttribute("data-frame", state.frame is not None)  # a taller frame may be taller
    board.dataset.zoom = f"{zoom:.2f}"
    board.toggleAttribute("data-zoomed", zoom > 1.001)
    settle(state, board)  # the new view laid out on its own, before the names are read
    put_names_back(svg)
    breathe(state)
    point_to_attacker(state, svg, attack_refs(state)[0])
    breathe(state)
    keep_names_whole(svg, state.shown)


def restore_view(state: State) -> None:
    """After a draw: keep the zoom the player chose if the board's Fit box is the same,
    else (a new board, or the default view still shown) the default view."""
    svg = board_svg()
    fit = None if svg is None else read_box(svg)
    if fit is None:
        state.fit = state.box = state.default = None
        return
    if fit == state.fit and state.box is not None and state.box != state.default:
        set_box(state, state.box)
        return
    state.fit, state.frame = fit, None
    set_box(state, default_box(state, svg))
    state.default = state.box
    centre = attack_centre(state)
    el("board").dataset.focus = "" if centre is None else f"{centre[0]:.3f} {centre[1]:.3f}"


def attack_refs(state: State) -> tuple[set[str], set[str], set[str], list[tuple[float, float]]]:
    """What the attack names: (attacker ids, target ids, hexes, points), from the
    scenario's attack at any depth (the attacker under "attacker" or "firer"; target
    units, hexes and points under "target", "targets", "hexes" and "point")."""
    ids = {u.id for u in state.shown.units}
    attackers: set[str] = set()
    targets: set[str] = set()
    hexes: set[str] = set()
    points: list[tuple[float, float]] = []

    def walk(value: object, key: str = "") -> None:
        if isinstance(value, dict):
            if key == "point" and {"x", "y"} <= set(value):
                points.append((float(value["x"]), float(value["y"])))
            for k, item in value.items():
                walk(item, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str) and key in ATTACKER_KEYS and value in ids:
            attackers.add(value)
        elif isinstance(value, str) and key in TARGET_KEYS:
            (targets if value in ids else hexes).add(value)

    walk(state.shown.data.get("attack"))  # read in place: to_dict copied every unit
    return attackers, targets, hexes, points


ATTACKER_KEYS = ("attacker", "firer")
TARGET_KEYS = ("target", "targets", "hexes")
MIN_BASE_PX = 24.0
MIN_LABEL_PX = 11.0


def union(boxes: list[Bounds]) -> Bounds | None:
    """The (x0, y0, x1, y1) box around all `boxes`, None if there are none."""
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def legible_zoom(state: State, svg: Element, bases: bool = True) -> float:
    """The least zoom at which every base is MIN_BASE_PX (unless not `bases`) and every
    name MIN_LABEL_PX CSS px across (issue 14.6), from the board as drawn."""
    rect = svg.getBoundingClientRect()
    if float(rect.width) <= 0 or float(rect.height) <= 0:
        return 1.0
    # CSS px per user unit at Fit (the drawing is letterboxed inside the svg's box)
    fit = state.fit_box
    px_at_fit = min(float(rect.width) / fit[2], float(rect.height) / fit[3])
    sizes = [min(float(b.getBBox().width), float(b.getBBox().height))
             for b in svg.querySelectorAll(".layer-units .unit .body")] if bases else []
    need = [MIN_BASE_PX / min(sizes)] if sizes and min(sizes) > 0 else []
    for selector in (".layer-units .unit .name", ".hexlabels text"):  # names, hex numbers
        label = svg.querySelector(selector)
        if not absent(label):
            size = float(js.parseFloat(window.getComputedStyle(label).fontSize))
            need.append(MIN_LABEL_PX / size)
    return max(need, default=0.0) / px_at_fit


def focus(state: State, svg: Element, with_attacker: bool, margin: float | None = None
          ) -> Box | None:
    """The box around the attack: its targets (units' bodies, hexes, points), the templates and
    hexes marked so far, optionally its attacker; with a margin (board units; by default
    FOCUS_MARGIN_HEXES hexes, or 8 % of Fit's width on a tabletop)."""
    attackers, targets, hexes, points = attack_refs(state)
    boxes: list[Bounds] = []
    for uid in targets | (attackers if with_attacker else set()):
        # the body: a name moved away to stay clear of a template (its leader line) must
        # not widen the view; the margin leaves room for names
        node = svg.querySelector(".layer-units " + unit_selector(uid) + " .body")
        if not absent(node):
            boxes.append(bbox(svg, node))
    for h in hexes:
        node = svg.querySelector(f'[data-hex="{js.CSS.escape(h)}"]')
        if not absent(node):
            boxes.append(bbox(svg, node))
    for mark in svg.querySelectorAll(MARKS):
        boxes.append(bbox(svg, mark))
    first_hex = svg.querySelector("[data-hex]")
    if margin is None:
        margin = (FOCUS_MARGIN_HEXES * float(first_hex.getBBox().height)
                  if not absent(first_hex) else state.fit_box[2] * 0.08)
    boxes += [(x - margin, y - margin, x + margin, y + margin) for x, y in points]
    box = union(boxes)
    if box is None:
        return None
    return (box[0] - margin, box[1] - margin, box[2] - box[0] + 2 * margin,
            box[3] - box[1] + 2 * margin)


def zoom_of(state: State, box: Box) -> float:
    """The zoom at which `box` would be shown (grown to Fit's aspect ratio)."""
    fit = state.fit_box
    return fit[2] / clamp_box(box, fit)[2]


def default_box(state: State, svg: Element) -> Box:
    """The default view (issue 14.6): the attack with its attacker, targets and templates
    if it is legible there (bases and names big enough to read and drag), else its
    targets and templates, in a taller frame if that makes them legible (sets
    state.frame), else zoomed in at least to the legible zoom about their centre, moved
    as little as holds the answer (the hit hexes and final templates) when that is all
    that fits; Fit when it is legible and the attack fills it. Called in Fit's frame."""
    least = legible_zoom(state, svg)
    for with_attacker in (True, False):
        box = focus(state, svg, with_attacker)
        if box is not None and zoom_of(state, box) >= least:
            return box if zoom_of(state, box) > 1.001 or least > 1 else state.fit_box
    taller = taller_frame(state, svg, least)
    if taller is not None:
        state.frame, box = taller
        return box
    fit = state.fit_box
    box = focus(state, svg, False) or fit
    w = fit[2] / max(least, 1.0)
    h = w * fit[3] / fit[2]
    x, y = box[0] + (box[2] - w) / 2, box[1] + (box[3] - h) / 2
    answer = union([bbox(svg, m) for m in svg.querySelectorAll(ANSWER_MARKS)])
    if answer is not None and answer[2] - answer[0] <= w and answer[3] - answer[1] <= h:
        x = min(max(x, answer[2] - w), answer[0])
        y = min(max(y, answer[3] - h), answer[1])
    return (x, y, w, h)


MARKS = ".layer-floor > .mark, .layer-marks > .mark"
"""The marks of the attack, under the units (hex highlights) and over them (templates,
paths): not the range lines."""
ANSWER_MARKS = ".layer-floor > .mark.role-hit, .layer-marks > .mark.role-final"
"""The marks that show what an attack did: hit hexes (on the floor) and final templates."""


FRAME_MARGIN_PX = 16.0
"""The margin round the attack in a taller frame, in CSS px."""


def taller_frame(state: State, svg: Element, least: float) -> tuple[float, Box] | None:
    """A frame taller than Fit's in which the attack's targets and templates (with
    FRAME_MARGIN_PX round them, and room under them for the zoom buttons) are shown at the
    legible zoom `least` across the board's width: (its aspect ratio, width / height; the
    box it shows, about their centre). None when Fit's frame is tall enough for that, when
    they are too wide for it, when it would need a board taller than the page's
    max-height, or when the board is already held by its max-height at Fit (wide
    screens)."""
    rect = svg.getBoundingClientRect()
    width, height = float(rect.width), float(rect.height)
    fw, fh = state.fit_box[2], state.fit_box[3]
    board = el("board")
    framed = board.hasAttribute("data-frame")
    board.toggleAttribute("data-frame", True)  # the max-height a taller frame may have
    tallest = float(js.parseFloat(window.getComputedStyle(svg).maxHeight))
    board.toggleAttribute("data-frame", framed)
    if width <= 0 or not tallest > 0 or height < width * fh / fw - 1:
        return None
    px = least * width / fw  # CSS px per board unit at the legible zoom
    box = focus(state, svg, False, FRAME_MARGIN_PX / px)
    if box is None:
        return None
    # the zoom buttons sit over the board's bottom edge: room for them under the attack
    controls = float(el("zoom").getBoundingClientRect().height) + FRAME_MARGIN_PX / 2
    box = (box[0], box[1], box[2], box[3] + controls / px)
    view_w, view_h = width / px, box[3]
    if box[2] > view_w or view_h <= view_w * fh / fw or view_h > fh or view_h * px > tallest:
        return None
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    return view_w / view_h, (cx - view_w / 2, cy - view_h / 2, view_w, view_h)


def attack_centre(state: State) -> tuple[float, float] | None:
    """The centre of the attack's targets and templates, where zoom buttons zoom."""
    svg = board_svg()
    box = None if svg is None else focus(state, svg, False)
    return None if box is None else (box[0] + box[2] / 2, box[1] + box[3] / 2)


def zoom_by(state: State, factor: float, anchor: tuple[float, float] | None = None) -> None:
    """Zoom in by `factor` (< 1 zooms out) keeping the board point `anchor` in place."""
    if state.box is None:
        return
    x, y, w, h = state.box
    ax, ay = anchor or (x + w / 2, y + h / 2)
    new_w = clamp_box((x, y, w / factor, h / factor), state.fit_box, state.frame)[2]
    s = new_w / w
    set_box(state, (ax - (ax - x) * s, ay - (ay - y) * s, w * s, h * s))


def pan_by(state: State, dx: float, dy: float) -> None:
    """Move the shown box by (dx, dy) board units."""
    if state.box is not None:
        x, y, w, h = state.box
        set_box(state, (x + dx, y + dy, w, h))


def zoom_anchor(state: State) -> tuple[float, float] | None:
    """Zoom buttons keep the attack where it is on screen when it is in view."""
    centre = attack_centre(state)
    if centre is None or state.box is None:
        return None
    x, y, w, h = state.box
    return centre if x <= centre[0] <= x + w and y <= centre[1] <= y + h else None


def on_zoom_in(state: State, ev: Event) -> None:
    zoom_by(state, ZOOM_STEP, zoom_anchor(state))


def on_zoom_out(state: State, ev: Event) -> None:
    zoom_by(state, 1 / ZOOM_STEP, zoom_anchor(state))


def on_zoom_fit(state: State, ev: Event) -> None:
    """Fit (issue 22.5): the whole board when its names are legible there, else Fit stops
    at the least zoom where they are (MIN_LABEL_PX), about the units and the attack's
    marks, so Fit never draws names too small to read; zoom out still goes on to the
    whole board."""
    svg = board_svg()
    if state.fit is None or svg is None:
        return
    state.frame = None
    set_box(state, state.fit)  # Fit's frame first: the legible zoom is measured in it
    least = legible_zoom(state, svg, bases=False)
    if least <= 1.0:
        return
    drawn = union([bbox(svg, node) for node in svg.querySelectorAll(
        ".layer-floor, .layer-units, .layer-marks") if float(node.getBBox().width) > 0])
    fit = state.fit
    cx, cy = ((fit[0] + fit[2] / 2, fit[1] + fit[3] / 2) if drawn is None
              else ((drawn[0] + drawn[2]) / 2, (drawn[1] + drawn[3]) / 2))
    w, h = fit[2] / least, fit[3] / least
    set_box(state, (cx - w / 2, cy - h / 2, w, h))


def show_units(state: State, uids: list[str], legible: bool = False) -> None:
    """Units just added, or aimed at by Best aim's list, come into view (issue 22.5), each
    with FRAME_MARGIN_PX round it and room under it for the zoom buttons, which sit over
    the board's bottom edge. With `legible` (Best aim), the view moves as little as holds
    them and the attack's targets and templates at the same zoom, or when they do not fit
    grows only as far as bases and names stay legible (`legible_zoom`); else it grows from
    the view shown to hold them too. The view becomes the board's default view, so the
    next redraw keeps it."""
    svg = board_svg()
    if svg is None or state.fit is None or state.box is None:
        return
    boxes = [bbox(svg, node) for node in (
        svg.querySelector(".layer-units " + unit_selector(uid)) for uid in uids)
        if not absent(node)]
    units = union(boxes)
    x, y, w, h = state.box
    px = float(svg.getBoundingClientRect().width) / w  # CSS px per board unit, as shown
    if units is None or px <= 0:
        return
    room, under = FRAME_MARGIN_PX / px, float(el("zoom").getBoundingClientRect().height) / px
    need = (units[0] - room, units[1] - room, units[2] + room, units[3] + room + under)
    if x <= need[0] and y <= need[1] and need[2] <= x + w and need[3] <= y + h:
        return
    attack = focus(state, svg, False, 0.0)
    held = need if not legible or attack is None else union(
        [need, (attack[0], attack[1], attack[0] + attack[2], attack[1] + attack[3])])
    assert held is not None
    if legible and held[2] - held[0] <= w and held[3] - held[1] <= h:
        box = (min(max(x, held[2] - w), held[0]), min(max(y, held[3] - h), held[1]), w, h)
    else:
        grown = union([(x, y, x + w, y + h), held])
        assert grown is not None
        box = (grown[0], grown[1], grown[2] - grown[0], grown[3] - grown[1])
        if legible and zoom_of(state, box) < legible_zoom(state, svg):
            return
    set_box(state, box)
    state.default = state.box

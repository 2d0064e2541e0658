""""I rolled" (issue 14, item 2): the page asks for the dice the players rolled at the
table, one die at a time, in players' words (the engine's `RollRequest.prompt`).

Each answer is checked against the die (`RollRequest.problem`) before it is taken, and
the attack is resolved again with the dice entered so far (`AskingDice`; replaying is
cheap), so the board, the log and the result show where the answers have got to. "Roll
the rest for me" finishes with seeded dice (`ScriptedThenSeeded`). At the end the entered
dice become the scenario's scripted `dice`, so the log, Step, Roll and the share link all
play them.

<body data-irolled> holds how many dice were entered while the mode is on (tests wait on
it); #irolled-prompt's data-kind holds the kind of the roll asked for.
"""

from __future__ import annotations

import contextlib
import math
import random
from typing import Any

from pyscript import document

from engine import scenario as sc
from engine import systems
from engine.dice import HIT, AskingDice, RollNeeded, RollRequest, ScriptedThenSeeded
from engine.errors import ScatterlabError
from engine.log import Log, Resolution
from engine.words import Lang, msg, say

from . import bridge
from .board import board_svg, svg_point
from .build.panel import show_legality
from .dom import Element, Event, clear_message, described, el, make, set_json, tell
from .editor import SEED_MAX, set_scenario
from .geometry import SVG_NS
from .panels import show_log
from .state import State

FACE_BUTTONS_MAX = 12
"""Dice of up to this many sides get one button per face beside the field."""
ARROW_PX = 12
"""A drag on the board shorter than this (CSS px) sets no arrow."""
COMPASS = (("NW", "north-west", 315), ("N", "north", 0), ("NE", "north-east", 45),
           ("W", "west", 270), (HIT, "", None), ("E", "east", 90),
           ("SW", "south-west", 225), ("S", "south", 180), ("SE", "south-east", 135))
"""The compass of a direction or the scatter die, row by row as drawn (north up the page,
the board's up; degrees clockwise from it, engine/geometry.py's convention), HIT in the
middle for the scatter die. Each point and its name are messages ``page.dir.<it>``."""


def entered(state: State) -> list[int | float | str]:
    """The dice entered so far, while "I rolled" asks for them (`state.entered` is None
    otherwise)."""
    if state.entered is None:
        raise RuntimeError("no dice are being entered")
    return state.entered


def pending(state: State) -> tuple[RollRequest | None, Log]:
    """Run the rules with the dice entered so far: the next roll they need (None when the
    entered dice finish the attack) and the steps so far. An illegal attack raises."""
    dice = AskingDice(entered(state))
    log = Log(dice)
    try:
        systems.runner(state.shown)(dice, log)
    except RollNeeded as need:
        return need.request, log
    return None, log


def show_so_far(state: State, log: Log) -> None:
    """The board, the log and the result as the entered dice leave them."""
    s = state.shown
    state.resolution = Resolution(s.system, None, dict(s.options), tuple(log.steps), {})
    state.res_dict, state.step, state.odds = state.resolution.to_dict(state.lang), None, None
    el("odds-box").hidden = True
    show_log(state)
    bridge.draw(state)


def ask(state: State) -> None:
    """Show the state so far and ask for the next die, or finish with the entered dice."""
    try:
        request, log = pending(state)
    except ScatterlabError as err:
        stop(state)
        tell(state, described(err))
        return
    if request is None:
        finish(state, list(entered(state)))
        return
    show_so_far(state, log)
    document.body.dataset.irolled = str(len(entered(state)))
    prompt = el("irolled-prompt")
    prompt.textContent = say(request.prompt, state.lang)
    prompt.dataset.kind = request.kind
    show_faces(request, state.lang)
    field = el("irolled-value")
    field.value = ""
    field.removeAttribute("aria-invalid")
    field.placeholder = say(msg("page.irolled.degrees") if request.kind in ("direction", "scatter")
                            else msg("page.irolled.face"), state.lang)
    el("irolled-error").hidden = True
    el("irolled-count").textContent = say(msg("page.irolled.count", n=len(entered(state))),
                                          state.lang)
    arrow = request.kind in ("direction", "scatter")
    el("irolled-drag").hidden = not arrow
    el("board").toggleAttribute("data-arrow", arrow)
    field.focus()


def show_faces(request: RollRequest, lang: Lang) -> None:
    """One button per face the die can show; for a direction or the 40K scatter die a
    compass of eight (north up the page, as the board) with HIT in its middle."""
    faces = el("irolled-faces")
    faces.replaceChildren()
    if request.kind in ("direction", "scatter"):
        faces.appendChild(compass(request.kind == "scatter", lang))
        return
    if request.sides > FACE_BUTTONS_MAX:
        return
    for value in (str(face) for face in range(1, request.sides + 1)):
        faces.appendChild(make("button", value, type="button", data_face=value,
                               aria_label=say(msg("page.irolled.enter", value=value), lang)))


def compass(with_hit: bool, lang: Lang) -> Element:
    """The eight directions as buttons around the middle (HIT there for the scatter die),
    north at the top: a tap enters that bearing in degrees."""
    grid = make("div", cls="compass", role="group",
                aria_label=say(msg("page.irolled.compass"), lang))
    for point, name, degrees in COMPASS:
        if degrees is None:
            grid.appendChild(make("button", HIT, type="button", data_face=HIT,
                                  aria_label=say(msg("page.irolled.enter", value=HIT), lang))
                             if with_hit else make("span", "", cls="compass-middle"))
            continue
        text, named = say(msg(f"page.dir.{point}"), lang), msg(f"page.dir.{name}")
        grid.appendChild(make("button", text, type="button", data_face=str(degrees),
                              title=say(msg("page.irolled.bearing", name=named,
                                            degrees=degrees), lang),
                              aria_label=say(msg("page.irolled.bearing_aria", text=text,
                                                 name=named, degrees=degrees), lang)))
    return grid


def entry(kind: str, raw: str) -> int | float | str | None:
    """The typed text as a die's entry: HIT, an integer face or degrees (None if not a
    number at all)."""
    text = raw.strip()
    if kind == "scatter" and text.upper() == HIT:
        return HIT
    try:
        return int(text) if kind not in ("direction", "scatter") else float(text)
    except ValueError:
        return None


def refuse(text: str) -> None:
    """A value the die cannot show: kept in its field, marked, the reason beside it."""
    el("irolled-value").setAttribute("aria-invalid", "true")
    note = el("irolled-error")
    note.textContent = text
    note.hidden = False


def enter(state: State, raw: str) -> None:
    """Take one die's answer if the die can show it, then ask for the next."""
    request, _ = pending(state)
    if request is None:
        return
    value = entry(request.kind, raw)
    problem = msg("page.irolled.not_number") if value is None else request.problem(value)
    if problem or value is None:
        shown = raw.strip()
        refuse(say(msg("page.irolled.refused", raw=shown, problem=problem or "") if shown
                   else msg("page.irolled.nothing", problem=problem or ""), state.lang))
        return
    entered(state).append(value)
    ask(state)


def finish(state: State, dice: list[int | float | str]) -> None:
    """The entered dice become the scenario's scripted dice, and Roll plays them."""
    stop(state)
    data = sc.to_dict(state.shown)
    data["dice"] = dice
    if set_scenario(state, data):
        bridge.on_roll(state, None)


def stop(state: State) -> None:
    """Leave the mode: the panel hidden, the buttons back (as the setup's legality
    allows)."""
    state.entered = None
    el("irolled-box").hidden = True
    show_legality(state)  # I rolled, Roll and Step back as the setup allows
    el("board").removeAttribute("data-arrow")
    document.body.removeAttribute("data-irolled")


def on_start(state: State, ev: Event) -> None:
    """I rolled: start asking for the dice, from the first roll the rules need."""
    state.entered = []
    el("irolled-box").hidden = False
    for button in ("irolled", "roll", "step"):  # one way of rolling at a time
        el(button).disabled = True
    set_json("last-resolution", None)
    clear_message()
    ask(state)


def on_enter(state: State, ev: Event) -> None:
    """Enter (the button, or the Enter key in the field)."""
    if state.entered is not None:
        enter(state, str(el("irolled-value").value))


def on_key(state: State, ev: Event) -> None:
    if str(ev.key) == "Enter":
        ev.preventDefault()
        on_enter(state, ev)


def on_face(state: State, ev: Event) -> None:
    """A face button: enter that face."""
    face = ev.target.getAttribute("data-face")
    if face and state.entered is not None:
        enter(state, str(face))


def on_rest(state: State, ev: Event) -> None:
    """Roll the rest for me: the entered dice, then a fresh seed's, kept as scripted dice."""
    if state.entered is None:
        return
    dice = ScriptedThenSeeded(state.entered, random.randrange(1, SEED_MAX))
    try:
        systems.resolve(state.shown, dice=dice)
    except ScatterlabError as err:
        stop(state)
        tell(state, described(err))
        return
    finish(state, dice.entries)


def on_cancel(state: State, ev: Event) -> None:
    """Stop asking: back to the scenario as it was (its own dice)."""
    stop(state)
    bridge.on_roll(state, ev)


# -- the arrow dragged on the board ------------------------------------------------------


def asking_direction(state: State) -> bool:
    """Whether the roll asked for is a direction (the 40K scatter arrow among them)."""
    return (state.entered is not None
            and el("irolled-prompt").getAttribute("data-kind") in ("direction", "scatter"))


def drag_angle(arrow: dict[str, Any], ev: Event) -> int | None:
    """The dragged arrow's bearing, to the whole degree, clockwise from up the page
    (engine/geometry.py's convention); None for a drag too short to point anywhere."""
    dx = float(ev.clientX) - arrow["client"][0]
    dy = float(ev.clientY) - arrow["client"][1]
    if math.hypot(dx, dy) < ARROW_PX:
        return None
    return round(math.degrees(math.atan2(dx, -dy))) % 360


def arrow_press(state: State, ev: Event) -> bool:
    """A press on the board while a direction is asked starts the arrow there (the
    board's own gestures wait); True when it did."""
    svg = board_svg()
    start = None if svg is None or not asking_direction(state) else svg_point(svg, ev)
    if svg is None or start is None:
        return False
    ev.preventDefault()
    with contextlib.suppress(Exception):
        el("board").setPointerCapture(ev.pointerId)
    line = document.createElementNS(SVG_NS, "line")
    for name, value in (("x1", start[0]), ("y1", start[1]), ("x2", start[0]),
                        ("y2", start[1]), ("class", "arrow-drag")):
        line.setAttribute(name, str(value))
    svg.appendChild(line)
    state.arrow = {"pointer": ev.pointerId, "client": (float(ev.clientX), float(ev.clientY)),
                   "line": line, "svg": svg}
    return True


def arrow_move(state: State, ev: Event) -> bool:
    """The arrow follows the pointer; the field shows its degrees. True when dragging."""
    arrow = state.arrow
    if arrow is None or ev.pointerId != arrow["pointer"]:
        return False
    point = svg_point(arrow["svg"], ev)
    if point is not None:
        arrow["line"].setAttribute("x2", str(point[0]))
        arrow["line"].setAttribute("y2", str(point[1]))
    angle = drag_angle(arrow, ev)
    el("irolled-value").value = "" if angle is None else str(angle)
    return True


def arrow_release(state: State, ev: Event, *, take: bool = True) -> bool:
    """The arrow let go: its direction is entered (unless `take` is False, a cancelled
    pointer). True when an arrow was being dragged."""
    arrow = state.arrow
    if arrow is None or ev.pointerId != arrow["pointer"]:
        return False
    state.arrow = None
    arrow["line"].remove()
    angle = drag_angle(arrow, ev)
    if take and angle is not None:
        enter(state, str(angle))
    return True

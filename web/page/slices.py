"""Long work in slices: the page's thread is never held for more than about SLICE_S.

Inside `sliced()`, Python code that has run for SLICE_S hands the thread back to the
browser (to paint and take input) and then carries on where it was, however deep in the
engine it is: a `sys.monitoring` callback on function starts checks the clock, and past
the slice it waits for the browser's next turn through JSPI (`pyodide.ffi.run_sync`,
which suspends the WebAssembly stack). The engine needs no change and knows nothing of
it. It never pauses inside an import (another handler would find the module half made).
Where JSPI cannot suspend (a handler the browser calls synchronously, or a browser
without JSPI) the work runs unsliced, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Iterator
from types import CodeType, FrameType

from pyodide.ffi import can_run_sync, run_sync

from .dom import Element
from .state import State

SLICE_S = 0.015
"""Work between two turns of the browser: well under the 100 ms a page may be held."""

SLICED_UNITS = 40
"""A board with more units than this resolves and redraws in slices (about 2 ms a unit in
Pyodide), and is put into the page in parts; a smaller one at once, within the event, as
a player expects of a button (main.py)."""

PAUSABLE = ("/engine/", "/svgwrite/")
"""Only code from folders of these names pauses (wherever Pyodide unpacked them): the
engine and svgwrite never call the browser, so no JavaScript frame can be on the stack
there (JSPI cannot suspend across one, and Pyodide runs Python from JavaScript, for
instance to convert a JavaScript error)."""

# sys.monitoring is Python 3.12's: the page runs in Pyodide's (3.14), while the type check
# targets the engine's oldest Python (3.11), whose stubs have no sys.monitoring.
_MONITORING = sys.monitoring  # type: ignore[attr-defined]
_TOOL = _MONITORING.OPTIMIZER_ID  # a tool id the page does not otherwise use
_START = _MONITORING.events.PY_START


def importing() -> bool:
    """Whether a module is being imported somewhere on the current stack."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "<module>" or code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


class Slicer:
    """The slicing of one task's work: when its slice ends, and whether it is pausing.
    Several tasks may work in slices at once (a redraw asked for while another waits for
    its turn): each has its own, and `state.deadline` is the slice end of the one
    running, which the monitoring callback reads first (cheap for every other call)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.owner = asyncio.current_task()  # only its own steps pause, never the loop's
        self.pausing = False  # code the browser runs meanwhile never pauses
        self.restart(SLICE_S)

    def restart(self, length: float) -> None:
        """A new slice of `length` seconds from now, for this task (the one running)."""
        self.deadline = self.state.deadline = time.perf_counter() + length

    def pause_if_due(self, ahead: float = 0.0) -> None:
        """Past the slice (or within `ahead` seconds of its end), give the browser a turn
        (unless that cannot be done here)."""
        if (self.pausing or time.perf_counter() < self.deadline - ahead
                or asyncio.current_task() is not self.owner or not can_run_sync()):
            return
        if importing():  # another handler could meet the module half made: later
            self.restart(SLICE_S / 8)
            return
        self.pausing = True
        try:
            run_sync(asyncio.sleep(0))
        finally:
            self.pausing = False
            self.restart(SLICE_S)


def current(state: State) -> Slicer | None:
    """The slicing of the task running, if it works in slices."""
    if not state.slicers:
        return None
    task = asyncio.current_task()
    return None if task is None else state.slicers.get(task)


def in_parts(state: State) -> bool:
    """Whether the page's own long work gives the browser turns: only for a large board
    (over SLICED_UNITS units) worked on in slices. A smaller one is put in, laid out and
    listed at once, so a player never sees it half drawn, or at Fit before its view."""
    return parting(state) is not None


def parting(state: State) -> Slicer | None:
    """The slicing of the task running when its work is done in parts (`in_parts`), else
    None: one look at the task and the board for each point that may pause."""
    if state.scenario is None or len(state.scenario.units) <= SLICED_UNITS:
        return None
    return current(state)


def breathe(state: State, ahead: float = 0.0) -> None:
    """A point in the page's own code (never inside a call from JavaScript) where long
    work on a large board (`in_parts`) may give the browser a turn: between the rows of a
    long list, say. With `ahead` (seconds), before a step that cannot pause and takes
    about that long (the browser parsing a board): it pauses unless that much of the
    slice is left."""
    slicer = parting(state)
    if slicer is not None:
        slicer.pause_if_due(ahead)


def settle(state: State, node: Element) -> None:
    """On a large board worked on in slices (`in_parts`), have the browser style and lay
    out now what the page has added to it (reading `node`'s box does), then give it a
    turn if the slice is over: a long list or a large board built in a slice is laid out
    in that slice, not all in one pass after."""
    slicer = parting(state)
    if slicer is not None:
        node.getBoundingClientRect()
        slicer.pause_if_due()


@contextlib.contextmanager
def sliced(state: State) -> Iterator[None]:
    """Run the body in slices (see the module); nested uses in one task are one slicing,
    and tasks working in slices at once are each sliced."""
    task = asyncio.current_task()
    if task is None or task in state.slicers or not can_run_sync():
        yield
        return
    first = not state.slicers
    if first and _MONITORING.get_tool(_TOOL) is not None:  # the id is taken elsewhere
        yield
        return
    state.slicers[task] = Slicer(state)
    if first:
        def on_start(code: CodeType, offset: int) -> None:
            if time.perf_counter() > state.deadline and any(p in code.co_filename
                                                            for p in PAUSABLE):
                slicer = current(state)
                if slicer is not None:
                    slicer.pause_if_due()

        _MONITORING.use_tool_id(_TOOL, "scatterlab slices")
        _MONITORING.register_callback(_TOOL, _START, on_start)
        _MONITORING.set_events(_TOOL, _START)
    try:
        yield
    finally:
        del state.slicers[task]
        if not state.slicers:
            _MONITORING.set_events(_TOOL, 0)
            _MONITORING.register_callback(_TOOL, _START, None)
            _MONITORING.free_tool_id(_TOOL)

"""The page's state: everything it shows, in one object passed to every function."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.scenario import Scenario

from .history import History


def _empty_index() -> dict:
    return {"systems": [], "demos": [], "default": None}


@dataclass
class State:
    """Everything the page shows, in one place."""

    scenario: Scenario | None = None
    resolution: Any = None  # engine Resolution shown, or None
    res_dict: dict | None = None  # its to_dict()
    step: int | None = None  # last step shown while stepping; None: the whole resolution
    odds: Any = None  # engine Odds shown on the board, or None
    index: dict = field(default_factory=_empty_index)  # demos/index.json
    demo_file: str | None = None
    opening: int = 0  # counts demo picks: only the latest one opens (page/loading.py)
    drag: dict | None = None  # the unit being dragged
    fit: tuple | None = None  # the engine's viewBox (x, y, w, h) of the board; None: new board
    box: tuple | None = None  # the viewBox shown (zoomed and panned)
    frame: float | None = None  # the board frame's aspect ratio (w / h); None: Fit's
    default: tuple | None = None  # the default view of this board (page/board.default_box)
    pointers: dict = field(default_factory=dict)  # pointerId -> (clientX, clientY) panning
    listeners: list = field(default_factory=list)  # event handler proxies, kept alive
    odds_worker: Any = None  # page.oddsworker.OddsWorker, made on first use
    notices: dict = field(default_factory=dict)  # notice key -> its handler proxies
    saved_text: str | None = None  # the autosave as this tab last wrote or read it
    theirs: str | None = None  # another tab's save, while the user has not chosen
    save_paused: str | None = None  # why autosave is off (a save could not be set aside)
    updating: bool = False  # this tab asked the new service worker to take over
    slicers: dict = field(default_factory=dict)  # task -> page/slices.Slicer working in slices
    deadline: float = 0.0  # when the slice of the task running in slices ends (perf_counter)
    history: History = field(default_factory=History)  # undo / redo (page/history.py)
    selected: str | None = None  # the unit picked for editing (page/build/)
    whole_squad: bool = False  # drags and arrow keys move the picked model's whole unit
    board_tool: str | None = None  # BattleTech: "strafe" (drag paints a run), "preplot" (taps)
    preplot_gun: str = "long_tom"  # the artillery selection the pre-plot tool edits
    painting: Any = None  # the pointer drawing a strafing run with the "strafe" tool
    watchers: list = field(default_factory=list)  # called with the state after each change
    presses: dict = field(default_factory=dict)  # pointerId -> where a press on empty board began
    aim_ranking: dict | None = None  # engine Ranking.to_dict(5) of Best aim, or None
    aim_scores: list | None = None  # engine Ranking.overlay() drawn on the board, or None
    entered: list | None = None  # "I rolled" (page/irolled.py): the dice entered so far
    arrow: dict | None = None  # "I rolled": the scatter arrow being dragged on the board

"""The page's state: everything it shows, in one object passed to every function."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from engine.scenario import Scenario
from engine.words import DEFAULT_LANG, Lang, Words

from .history import History

if TYPE_CHECKING:  # for the annotations only: the page loads these when it needs them
    from engine.log import Resolution
    from engine.odds import Odds

    from .oddsworker import OddsWorker
    from .slices import Slicer

Box = tuple[float, float, float, float]
"""An SVG viewBox: x, y, width, height."""


def _empty_index() -> dict[str, Any]:
    return {"systems": [], "demos": [], "default": None}


T = TypeVar("T")


def _present(value: T | None, missing: str) -> T:
    """`value`, which the page's flow guarantees is set by now (a RuntimeError saying what
    is `missing` otherwise)."""
    if value is None:
        raise RuntimeError(missing)
    return value


@dataclass
class State:
    """Everything the page shows, in one place."""

    lang: Lang = DEFAULT_LANG  # the language the page speaks (engine.words; page/language.py)
    message: tuple[Words, str] | None = None  # the message box's words and kind (dom.tell)
    scenario: Scenario | None = None
    resolution: Resolution | None = None  # engine Resolution shown, or None
    res_dict: dict[str, Any] | None = None  # its to_dict()
    step: int | None = None  # last step shown while stepping; None: the whole resolution
    odds: Odds | None = None  # engine Odds shown on the board, or None
    index: dict[str, Any] = field(default_factory=_empty_index)  # demos/index.json
    demo_file: str | None = None
    opening: int = 0  # counts demo picks: only the latest one opens (page/loading.py)
    drag: dict[str, Any] | None = None  # the unit being dragged
    fit: Box | None = None  # the engine's viewBox (x, y, w, h) of the board; None: new board
    box: Box | None = None  # the viewBox shown (zoomed and panned)
    frame: float | None = None  # the board frame's aspect ratio (w / h); None: Fit's
    default: Box | None = None  # the default view of this board (page/board.default_box)
    # pointerId -> (clientX, clientY) panning
    pointers: dict[int, tuple[float, float]] = field(default_factory=dict)
    listeners: list[Any] = field(default_factory=list)  # event handler proxies, kept alive
    odds_worker: OddsWorker | None = None  # page.oddsworker.OddsWorker, made on first use
    notices: dict[str, list[Any]] = field(default_factory=dict)  # notice key -> its handler proxies
    notice_words: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    """Notice key -> (its text, its actions): said again when the language changes."""
    saved_text: str | None = None  # the autosave as this tab last wrote or read it
    theirs: str | None = None  # another tab's save, while the user has not chosen
    save_paused: str | None = None  # why autosave is off (a save could not be set aside)
    updating: bool = False  # this tab asked the new service worker to take over
    # task -> page/slices.Slicer working in slices
    slicers: dict[asyncio.Task[Any], Slicer] = field(default_factory=dict)
    # the board-changing handlers run in slices on a large board take turns (main.guarded):
    # each starts from the scenario the one before it left, so no edit is lost
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float = 0.0  # when the slice of the task running in slices ends (perf_counter)
    history: History = field(default_factory=History)  # undo / redo (page/history.py)
    selected: str | None = None  # the unit picked for editing (page/build/)
    whole_squad: bool = False  # drags and arrow keys move the picked model's whole unit
    board_tool: str | None = None  # BattleTech: "strafe" (drag paints a run), "preplot" (taps)
    preplot_gun: str = "long_tom"  # the artillery selection the pre-plot tool edits
    placing: bool = False  # BattleTech: a support half set in the Build panel (taps aim it)
    # BattleTech turns played before the one shown: per turn, the demo it was played on
    # (None: a board of the player's) and its lines (page/build/actions)
    turns: list[tuple[int, str | None, tuple[Words, ...]]] = field(default_factory=list)
    # the next turn's document while its spotting questions are asked, and the shell asked
    spotting: tuple[dict[str, Any], int] | None = None
    # Build panel fields whose typed value was refused: field -> (the text, why)
    invalid: dict[str, tuple[str, str]] = field(default_factory=dict)
    painting: int | None = None  # the pointer drawing a strafing run with the "strafe" tool
    # called with the state after each change
    watchers: list[Callable[[State], None]] = field(default_factory=list)
    # pointerId -> where a press on empty board began
    presses: dict[int, tuple[float, float]] = field(default_factory=dict)
    aim_ranking: dict[str, Any] | None = None  # engine Ranking.to_dict(5) of Best aim, or None
    # engine Ranking.overlay() drawn on the board, or None
    aim_scores: list[dict[str, Any]] | None = None
    # "I rolled" (page/irolled.py): the dice entered so far
    entered: list[int | float | str] | None = None
    arrow: dict[str, Any] | None = None  # "I rolled": the scatter arrow being dragged on the board
    last_key: str = ""  # the last key pressed ("Shift+Tab" for a backward Tab): page/keys.py
    # what the unit rows were made for: the language and each unit's (id, side, on a hex)
    unit_rows: tuple[object, ...] = ()

    @property
    def shown(self) -> Scenario:
        """The scenario shown: there is one from the first one the page opens on."""
        return _present(self.scenario, "no scenario is shown yet")

    @property
    def picked(self) -> str:
        """The id of the unit picked for editing: the Build panel's buttons for it are
        there only while one is."""
        return _present(self.selected, "no unit is picked")

    @property
    def fit_box(self) -> Box:
        """`fit`, once a board is drawn (the board's view code runs only then)."""
        return _present(self.fit, "no board is drawn")

    @property
    def view_box(self) -> Box:
        """`box`, once a board is drawn."""
        return _present(self.box, "no board is drawn")

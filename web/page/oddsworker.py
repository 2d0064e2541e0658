"""The odds worker from the page's side: odds-worker.mjs, a plain Web Worker with its own
Pyodide (no SharedArrayBuffer, so no special header), started on first use and terminated
by Cancel, after which the next request starts a fresh one.

The worker answers with the engine's Odds.to_dict(), or with an engine error that
`rebuild_error` turns back into the engine's exception, so the page words it as always.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from engine import errors
from engine.odds import Odds
from engine.words import Words, from_dict, msg

from .dom import JsObject

WORKER_URL = "./odds-worker.mjs"
Reply = dict[str, Any]
"""A request to the worker or its reply: JSON."""


class WorkerFailed(Exception):
    """The worker could not load, or failed outside the engine: `words` says how (the
    failure's own text, which has no language, or a message)."""

    def __init__(self, words: Words) -> None:
        super().__init__(words if isinstance(words, str) else words.key)
        self.words = words


class OddsWorker:
    """One odds worker and the requests it has not answered yet."""

    def __init__(self, on_status: Callable[[str], None]) -> None:
        self.on_status = on_status  # called with "computing" when the worker starts on one
        self.on_progress: Callable[[int], None] = lambda tried: None
        """Called with the count of candidates tried so far while Best aim ranks them."""
        self.worker: Any = None
        self.pending: dict[int, asyncio.Future[Reply]] = {}
        self.next_id = 0
        self.handlers = (create_proxy(self._on_message), create_proxy(self._on_error))

    def start(self) -> None:
        """Start the worker if it is not running (it loads Pyodide: do it early if you can)."""
        if self.worker is not None:
            return
        options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
        self.worker = js.Worker.new(WORKER_URL, options)
        self.worker.onmessage, self.worker.onerror = self.handlers

    async def odds(self, scenario_json: str, trials: int) -> Reply:
        """The worker's reply to one odds request: {"odds": ...} or {"error": ...}.
        Raises asyncio.CancelledError when cancelled, WorkerFailed when the worker fails."""
        return await self._ask({"scenario": scenario_json, "trials": trials})

    async def aim(self, scenario_json: str, objective: str = "damage",
                  friendly_risk: float | None = None) -> Reply:
        """The worker's ranking of every legal aim (engine/aim.py): {"aim": ...,
        "overlay": ...} or {"error": ...}; raises as `odds` does."""
        return await self._ask({"task": "aim", "scenario": scenario_json,
                                "objective": objective, "friendly_risk": friendly_risk})

    async def _ask(self, request: Reply) -> Reply:
        """Post one request and wait for its reply."""
        self.start()
        self.next_id += 1
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        self.worker.postMessage(json.dumps({"id": self.next_id, **request}))
        return await future

    def cancel(self) -> None:
        """Stop every request: the worker is terminated (the next request starts a new one)."""
        self._stop(lambda future: future.cancel())

    def _stop(self, finish: Callable[[asyncio.Future[Reply]], object]) -> None:
        """Terminate the worker and `finish` every unanswered request's future."""
        if self.worker is not None:
            self.worker.terminate()
            self.worker = None
        pending, self.pending = self.pending, {}
        for future in pending.values():
            if not future.done():
                finish(future)

    def _on_message(self, event: JsObject) -> None:
        reply = json.loads(str(event.data))
        if "status" in reply:
            self.on_status(reply["status"])
            return
        if "progress" in reply:
            self.on_progress(int(reply["progress"]))
            return
        future = self.pending.pop(reply.pop("id"), None)
        if future is None or future.done():
            return
        if "failure" in reply:
            future.set_exception(WorkerFailed(reply["failure"]))
        else:
            future.set_result(reply)

    def _on_error(self, event: JsObject) -> None:
        event.preventDefault()
        message = getattr(event, "message", None)
        failed = WorkerFailed(msg("page.odds.worker", err=str(message) if message
                                  else msg("page.odds.not_loaded")))
        self._stop(lambda future: future.set_exception(failed))


def words_from_json(value: Any) -> Any:
    """A value the worker sent as JSON with its messages as `Msg.to_dict()` (web/odds-worker.mjs):
    the messages back as `Msg`, any other value as it is."""
    if isinstance(value, dict) and "key" in value and "args" in value:
        return from_dict(value)
    return value


def rebuild_error(error: Reply) -> errors.ScatterlabError:
    """The engine error a worker reply describes: its class (ScatterlabError if the page does
    not know it), message and fields (ScenarioError's path, IllegalAttack's clause...), its
    messages sent as `Msg.to_dict()` made messages again, so the page says them in its
    language."""
    cls = getattr(errors, error["type"], None)
    if not (isinstance(cls, type) and issubclass(cls, errors.ScatterlabError)):
        cls = errors.ScatterlabError
    err = cls.__new__(cls)
    errors.ScatterlabError.__init__(err, words_from_json(error["message"]))
    err.__dict__.update({k: words_from_json(v) for k, v in error.get("fields", {}).items()})
    return err


def odds_from_dict(d: Reply) -> Odds:
    """The engine's Odds back from its to_dict() (a note sent as a message made one again)."""
    return Odds(d["method"], d["trials"], d["units"], d.get("groups", {}),
                d.get("landing", []), words_from_json(d.get("note", "")))

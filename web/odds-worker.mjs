// Scatterlab: the odds worker, a plain dedicated Web Worker with its own Pyodide, so odds
// never block the page's thread (issue 11). It starts from this build's memory snapshot
// when there is one (snapshot.mjs), else normally, with the app's files (appfiles.mjs).
//
// The page posts {id, scenario (JSON text), trials}; the worker answers with JSON text,
// first {id, status: "computing"} once its Python is up and the odds start, then
// {id, odds: Odds.to_dict(None)}. A request with task "aim" (and objective, friendly_risk)
// ranks the aims instead (engine/aim.py, issue 16), posting {id, progress: N}, the count of
// candidates tried, at most every REPORT_S (the reports only: the ranking is decided by
// counts), then {id, aim: Ranking.to_dict(5, None), overlay: Ranking.overlay()}. Either may be {id, error: {type, message, fields}} for an engine error
// (ScatterlabError: the page rebuilds it to word it as it words its own), or
// {id, failure: "Type: message"} for anything else. Cancelling terminates the worker.

import { startInterpreter } from "./snapshot.mjs";

const ODDS = `
import json
import time as _time
import js as _js
from engine import aim as _aim, scenario as _sc, systems as _systems
from engine.errors import ScatterlabError as _ScatterlabError
from engine.words import Msg as _Msg

REPORT_S = 0.25


def _json_words(value):
    """A message as Msg.to_dict() (the page says it in its language), else as text."""
    return value.to_dict() if isinstance(value, _Msg) else str(value)


def _odds(request_text):
    request = json.loads(request_text)
    reply = {"id": request["id"]}

    reported = [-REPORT_S]

    def progress(tried):
        now = _time.monotonic()
        if now - reported[0] >= REPORT_S:
            reported[0] = now
            _js.postMessage(json.dumps({"id": request["id"], "progress": tried}))

    try:
        scenario = _sc.loads(request["scenario"])
        if request.get("task") == "aim":
            ranking = _aim.rank(scenario, objective=request.get("objective", "damage"),
                                friendly_risk=request.get("friendly_risk"),
                                progress=progress)
            reply["aim"] = ranking.to_dict(5, None)
            reply["overlay"] = ranking.overlay()
        else:
            reply["odds"] = _systems.odds(scenario, trials=request["trials"]).to_dict(None)
    except _ScatterlabError as err:
        reply["error"] = {"type": type(err).__name__, "message": _json_words(err.message),
                          "fields": {k: _json_words(v) for k, v in vars(err).items()}}
    except Exception as err:
        reply["failure"] = f"{type(err).__name__}: {err}"
    return json.dumps(reply)

_odds
`;

const odds = startInterpreter().then(({ pyodide }) => pyodide.runPython(ODDS));

onmessage = async (event) => {
  const { id } = JSON.parse(event.data);
  try {
    const run = await odds;
    postMessage(JSON.stringify({ id, status: "computing" }));
    postMessage(run(event.data));
  } catch (err) {
    postMessage(JSON.stringify({ id, failure: `odds worker: ${err.message || err}` }));
  }
};

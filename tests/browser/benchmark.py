"""Browser figures for `python tests/benchmark.py --browser` (issue 7): prints, asserts nothing.

Runs headless Debian chromium against the built dist/ over a local static server, with
the same launch flags as the browser tests (nothing can leave 127.0.0.1):

- start-up of the app, cold (a new empty profile) and warm (a second visit in the same
  profile, served by the service worker and, for the app, restored from the memory
  snapshot its first visit made), to the first drawn board (the pre-rendered board is in
  the HTML, so first contentful paint) and to the first possible Roll (main.py sets
  ``data-ready-ms``); beside it a bare page that only loads the same Pyodide, stock (the
  npm package's standard library, not the app's stdlib.zip), and prints one line; bytes
  transferred and requests of a cold load; the cold start of both again on an emulated
  phone (slower processor, mobile link); whether each first visit stored a snapshot, its
  size, and how long after ready it was stored; the time of a visit's first Odds, which
  starts the odds worker, without and with the snapshot;
- the engine figures of `engine.bench` inside Pyodide, on a plain Pyodide page that loads
  the same app.bin (engine and svgwrite), with its wasm memory after start-up and after the
  largest odds, and the time of each suite scenario's Best aim there; the app page's JS
  heap after start-up and after its largest odds.
"""

from __future__ import annotations

import json
import shutil
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS, build_module

RUNS = 3
TIMEOUT_MS = 180_000
SNAPSHOT_DONE = "['saved', 'not-saved'].includes(document.documentElement.dataset.snapshot)"

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({indexURL: "./pyodide/"});
py.runPython("print('bare Pyodide is ready')");
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.state = "ready";
</script>
"""

ENGINE_PAGE = """<!doctype html><meta charset="utf-8"><title>engine in Pyodide</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { fetchAppFiles, writeAppFiles } from "./appfiles.mjs";
const py = await loadPyodide({indexURL: "./pyodide/"});
writeAppFiles(py, await fetchAppFiles());
window.wasmBytes = () => py._module.HEAP8.length;
window.figures = (text) => {
  py.globals.set("demo_text", text);
  return py.runPython(`
import json
from engine import bench, scenario
_s = scenario.loads(demo_text)
json.dumps({"units": len(_s.units), **bench.odds_figures(_s, mc_trials=5000),
            **bench.resolve_render_figures(_s)})`);
};
window.aim = (text) => {
  py.globals.set("demo_text", text);
  return py.runPython(`
import json
from engine import bench, scenario
json.dumps(bench.aim_figures(scenario.loads(demo_text), repeat=1))`);
};
document.body.dataset.state = "ready";
</script>
"""


def _write_pages(dist: Path) -> None:
    """The benchmark's own pages in dist/; the bare page's Pyodide is the npm package's,
    stock: its python_stdlib.zip (the app loads its own stdlib.zip instead)."""
    shutil.copyfile(build_module.NODE_MODULES / "pyodide" / "python_stdlib.zip",
                    dist / "pyodide" / "python_stdlib.zip")
    (dist / "bench-bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (dist / "bench-engine.html").write_text(ENGINE_PAGE, encoding="utf-8")


def _load(page: Any, url: str) -> dict[str, Any]:
    """Navigate, wait until ready, and read the timings and transfer of this load."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url)
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=TIMEOUT_MS)
    timing = page.evaluate("""() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const entries = [...performance.getEntriesByType('navigation'),
                       ...performance.getEntriesByType('resource')];
      return {board_ms: paint ? paint.startTime : null,
              ready_ms: Number(document.body.dataset.readyMs),
              bytes: entries.reduce((n, e) => n + (e.transferSize || 0), 0),
              snapshot: document.documentElement.dataset.snapshot || null};
    }""")
    return {**timing, "requests": len(requests)}


def _after_first_visit(page: Any) -> dict[str, Any]:
    """Wait for what a first visit leaves behind: the service worker's precache, and (the
    app) the memory snapshot its worker makes; how long that took after ready, its size."""
    page.wait_for_timeout(1500)  # let the service worker finish precaching
    page.wait_for_function(f"!document.querySelector('script[src$=\"pyodide-loader.mjs\"]')"
                           f" || {SNAPSHOT_DONE}", timeout=TIMEOUT_MS)
    return page.evaluate("""() => {
      const made = document.documentElement.dataset.snapshot || null;
      return {snapshot_made: made,
              snapshot_ms: made && performance.now() - Number(document.body.dataset.readyMs),
              snapshot_bytes: made && Number(document.documentElement.dataset.snapshotBytes)};
    }""")


def _visits(playwright: Any, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A cold visit in a new browser with an empty profile, then a warm second visit."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=LAUNCH_ARGS)
    try:
        page = browser.new_context().new_page()
        cold = _load(page, url)
        cold.update(_after_first_visit(page))
        page.goto("about:blank")
        warm = _load(page, url)
    finally:
        browser.close()
    return cold, warm


def _median(runs: list[dict[str, Any]], key: str) -> float | None:
    """The median of a figure, or None where no run has it (a bare page paints nothing)."""
    values = [r[key] for r in runs if r[key] is not None]
    return statistics.median(values) if values else None


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}ms"


def startup_figures(playwright: Any, base: str) -> dict[str, Any]:
    """Median cold and warm start-up of the app and of the bare Pyodide page, their runs
    interleaved so that a change in the machine's load affects both alike."""
    pages = {"app": base + "index.html", "bare": base + "bench-bare.html"}
    runs: dict[str, list] = {name: [] for name in pages}
    for _ in range(RUNS):
        for name, url in pages.items():
            runs[name].append(_visits(playwright, url))
    out: dict[str, Any] = {}
    for name in pages:
        colds, warms = zip(*runs[name], strict=True)
        out[name] = {
            "cold_board_ms": _median(list(colds), "board_ms"),
            "cold_ready_ms": _median(list(colds), "ready_ms"),
            "warm_board_ms": _median(list(warms), "board_ms"),
            "warm_ready_ms": _median(list(warms), "ready_ms"),
            "cold_bytes": _median(list(colds), "bytes"),
            "cold_requests": _median(list(colds), "requests"),
            "snapshot_made": [c["snapshot_made"] for c in colds],
            "snapshot_ms": _median(list(colds), "snapshot_ms"),
            "snapshot_bytes": _median(list(colds), "snapshot_bytes"),
            "warm_snapshot": [w["snapshot"] for w in warms],
        }
    return out


# A phone on a mobile link, as Chromium's DevTools emulate one: the processor 4x slower,
# 12 Mbit/s down, 150 ms round trips. What the app's bytecode costs in bytes and saves in
# compiling, on the device it is for.
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.5e6,
                 "uploadThroughput": 0.75e6}
PHONE_RUNS = 2


def _phone_cold_ms(playwright: Any, url: str) -> float:
    """Ready-to-Roll of one cold visit (a new empty profile) on the emulated phone."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=LAUNCH_ARGS)
    try:
        page = browser.new_context().new_page()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        return _load(page, url)["ready_ms"]
    finally:
        browser.close()


def phone_figures(playwright: Any, base: str) -> dict[str, float]:
    """Median cold ready-to-Roll of the app and of bare Pyodide on the emulated phone,
    their runs interleaved."""
    pages = {"app": base + "index.html", "bare": base + "bench-bare.html"}
    runs: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(PHONE_RUNS):
        for name, url in pages.items():
            runs[name].append(_phone_cold_ms(playwright, url))
    return {name: statistics.median(values) for name, values in runs.items()}


@contextmanager
def engine_page(playwright: Any, base: str) -> Iterator[Any]:
    """The plain Pyodide page with the app's engine (ENGINE_PAGE), ready, in a browser of
    its own that is closed after."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=LAUNCH_ARGS)
    try:
        page = browser.new_page()
        page.goto(base + "bench-engine.html")
        page.wait_for_function("document.body.dataset.state === 'ready'", timeout=TIMEOUT_MS)
        yield page
    finally:
        browser.close()


def engine_in_pyodide(playwright: Any, base: str, demos: list[Path]) -> dict[str, Any]:
    """engine.bench figures for every demo inside Pyodide, and its wasm memory."""
    with engine_page(playwright, base) as page:
        wasm_start = page.evaluate("wasmBytes()")
        rows = []
        for path in demos:
            text = path.read_text(encoding="utf-8")
            row = json.loads(page.evaluate("t => figures(t)", text))
            rows.append({"demo": path.stem, **row})
        return {"rows": rows, "wasm_after_start": wasm_start,
                "wasm_after_odds": page.evaluate("wasmBytes()")}


def _odds_ms(page: Any) -> float:
    """Click Odds and wait for the table: the milliseconds it took (odds worker included)."""
    start = page.evaluate("performance.now()")
    page.click("#odds")
    page.wait_for_function("document.body.dataset.odds === undefined && "
                           "!document.querySelector('#odds-box').hidden", timeout=TIMEOUT_MS)
    return page.evaluate("performance.now()") - start


def app_heap(playwright: Any, base: str, largest: Path) -> dict[str, Any]:
    """The app page's JS heap after start-up and after the Odds of the largest demo, and
    the time of those first odds: on a first visit (the odds worker starts Pyodide from
    nothing) and on the next (it restores the memory snapshot)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=LAUNCH_ARGS)
    try:
        page = browser.new_page()
        cdp = page.context.new_cdp_session(page)
        url = f"{base}index.html?demo={largest.name}"
        page.goto(url)
        page.wait_for_function("document.body.dataset.state === 'ready'", timeout=TIMEOUT_MS)
        after_start = cdp.send("Runtime.getHeapUsage")["usedSize"]
        first_visit_odds = _odds_ms(page)
        figures = {"js_heap_after_start": after_start,
                   "js_heap_after_odds": cdp.send("Runtime.getHeapUsage")["usedSize"],
                   "first_odds_ms_first_visit": first_visit_odds}
        page.wait_for_function(SNAPSHOT_DONE, timeout=TIMEOUT_MS)
        page.goto("about:blank")
        page.goto(url)
        page.wait_for_function("document.body.dataset.state === 'ready'", timeout=TIMEOUT_MS)
        return {**figures, "first_odds_ms_next_visit": _odds_ms(page)}
    finally:
        browser.close()


def suite_in_pyodide(playwright: Any, base: str, suite: list[Path]
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """engine.bench figures for every table-size suite scenario inside Pyodide, and the
    time of its Best aim there (`bench.aim_figures`, one run each)."""
    if not suite:
        return [], []
    rows = engine_in_pyodide(playwright, base, suite)["rows"]
    with engine_page(playwright, base) as page:
        aims = [{"scenario": path.stem, **json.loads(page.evaluate(
            "t => aim(t)", path.read_text(encoding="utf-8")))} for path in suite]
    return rows, aims


def browser_figures(demos: list[Path], suite: list[Path] | None = None) -> dict[str, Any]:
    """Every browser figure, measured in one run against a fresh build of dist/."""
    from playwright.sync_api import sync_playwright

    dist = build_module.build(build_module.DIST, quiet=True)
    _write_pages(dist)
    with build_module.serving(dist, quiet=True) as base, sync_playwright() as p:
        base = base if base.endswith("/") else base + "/"
        engine = engine_in_pyodide(p, base, demos)
        largest = max(engine["rows"], key=lambda r: r["exact_s"])["demo"]
        suite_rows, suite_aims = suite_in_pyodide(p, base, suite or [])
        return {"pyodide": engine["rows"], "pyodide_suite": suite_rows, "pyodide_aim": suite_aims,
                "memory": {"wasm_after_start": engine["wasm_after_start"],
                           "wasm_after_odds": engine["wasm_after_odds"],
                           "largest_odds_demo": largest,
                           **app_heap(p, base, next(d for d in demos if d.stem == largest))},
                "startup": startup_figures(p, base), "phone": phone_figures(p, base)}


def print_browser(figures: dict[str, Any]) -> None:
    s = figures["startup"]
    print(f"\n## Start-up in headless chromium (median of {RUNS})")
    print(f"{'page':<8}{'cold board':>12}{'cold ready':>12}{'warm board':>12}"
          f"{'warm ready':>12}{'cold bytes':>13}{'requests':>10}")
    for name in ("app", "bare"):
        r = s[name]
        print(f"{name:<8}{_ms(r['cold_board_ms']):>12}{_ms(r['cold_ready_ms']):>12}"
              f"{_ms(r['warm_board_ms']):>12}{_ms(r['warm_ready_ms']):>12}"
              f"{r['cold_bytes'] / 1e6:>11.2f}MB{r['cold_requests']:>10.0f}")
    for when in ("cold", "warm"):
        ratio = s["app"][f"{when}_ready_ms"] / s["bare"][f"{when}_ready_ms"]
        print(f"time to interactive, {when}: app / bare Pyodide = {ratio:.2f}")
    phone = figures["phone"]
    print(f"cold, on an emulated phone ({PHONE_CPU_SLOWDOWN}x slower processor, "
          f"{PHONE_NETWORK['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, "
          f"{PHONE_NETWORK['latency']} ms; median of {PHONE_RUNS}): app {_ms(phone['app'])}, "
          f"bare Pyodide {_ms(phone['bare'])} = {phone['app'] / phone['bare']:.2f}")
    app = s["app"]
    print(f"memory snapshot after the cold visits: {', '.join(map(str, app['snapshot_made']))}"
          f" ({(app['snapshot_bytes'] or 0) / 1e6:.1f} MB, stored "
          f"{_ms(app['snapshot_ms'])} after ready); warm visits: "
          f"{', '.join(map(str, app['warm_snapshot']))}")
    m = figures["memory"]
    print(f"\n## Memory (largest odds: {m['largest_odds_demo']})")
    print(f"app JS heap: {m['js_heap_after_start'] / 1e6:.1f} MB after start-up, "
          f"{m['js_heap_after_odds'] / 1e6:.1f} MB after its largest odds")
    print(f"Pyodide wasm memory: {m['wasm_after_start'] / 1e6:.1f} MB after start-up, "
          f"{m['wasm_after_odds'] / 1e6:.1f} MB after every demo's odds")
    print(f"first Odds of a visit (the odds worker starts): "
          f"{_ms(m['first_odds_ms_first_visit'])} on the first visit, "
          f"{_ms(m['first_odds_ms_next_visit'])} on the next (from the snapshot)")

"""The benchmark command: prints figures, asserts nothing (issues 7 and 11).

    python tests/benchmark.py              # engine figures in CPython
    python tests/benchmark.py --browser    # ... and in Pyodide, plus page start-up

Engine: for every demo and every table-size suite scenario (tests/suite/*.json), the time
and peak memory of exact odds, the time of a seeded Monte Carlo run reaching the same
precision (95 % interval of +/- 0.001 on every probability the odds report; timed on a
sample of trials and scaled), their ratio, and the time to resolve one attack and draw
its SVG. Where exact odds are out of reach, the time of the `auto` answer (Monte Carlo at
+/- 0.01 or its time limit) and how it stopped.
Aim (issues 16 and 24): the time to rank every legal aim (`engine.aim.rank`) of a 10-model
squad's target and of every suite scenario, with the candidates scored, refused, out of
reach of exact odds and untried; with --browser, the suite's inside Pyodide too.
Browser (headless Debian chromium over a local static server, nothing leaves 127.0.0.1):
the same engine figures inside Pyodide; start-up cold (empty profile) and warm (second
visit) to the first drawn board and to the first possible Roll, beside a bare page that
only loads the same Pyodide and prints one line; bytes and requests of a cold load; the
page's JS heap and wasm memory after start-up and after the largest odds.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import bench, scenario, systems  # noqa: E402
from engine.errors import IllegalAttack  # noqa: E402


def attacks(paths: list[Path]) -> list[Path]:
    """The files whose attack can be made (a demo of a refusal, such as HH-11's, has no
    odds to time)."""
    kept = []
    for path in paths:
        try:
            systems.runner(scenario.loads(path.read_text(encoding="utf-8")))
        except IllegalAttack:
            continue
        kept.append(path)
    return kept


DEMOS = attacks(sorted((ROOT / "web" / "demos").glob("*.json")))
SUITE = attacks(sorted((ROOT / "tests" / "suite").glob("*.json")))


def engine_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The engine figures of every scenario file, in this Python."""
    rows = []
    for path in paths:
        s = scenario.loads(path.read_text(encoding="utf-8"))
        rows.append({"demo": path.stem, "units": len(s.units), **bench.odds_figures(s),
                     **bench.resolve_render_figures(s)})
    return rows


def format_row(r: dict[str, Any]) -> str:
    """One scenario's figures as a line of the table `print_engine` prints."""
    head = f"{r['demo']:<40}{r.get('units', ''):>6}"
    tail = f"{r['resolve_render_s'] * 1000:>11.1f}ms"
    if r["exact_s"] is None:
        return (f"{head}{'out of reach':>20}{'':>9}{'':>11}{r['auto_s']:>9.2f}s"
                f"{'':>9}{tail}   auto: Monte Carlo, {r['mc_trials_run']} runs, stopped at "
                f"{r['mc_stop']}, +/- {r['mc_half_width']:.4f}")
    # every reported probability 0 or 1: one Monte Carlo run shows it, no ratio to give
    ratio = "certain" if r["mc_trials_needed"] == 1 else f"{r['ratio']:.0f}x"
    return (f"{head}{r['exact_s'] * 1000:>8.1f}ms{r['exact_first_s'] * 1000:>8.1f}ms"
            f"{r['peak_bytes'] / 1e6:>7.1f}MB"
            f"{r['mc_trials_needed']:>11}{r['mc_s']:>9.1f}s{ratio:>9}{tail}")


def print_engine(rows: list[dict[str, Any]], runtime: str) -> None:
    print(f"\n## Engine in {runtime}")
    print(f"{'scenario':<40}{'units':>6}{'exact':>10}{'first':>10}{'peak':>9}{'MC trials':>11}"
          f"{'MC time':>10}{'ratio':>9}{'resolve+svg':>13}")
    for r in rows:
        print(format_row(r))


def squad_of_ten() -> scenario.Scenario:
    """A frag blast at one marine of a 10-model squad in two ranks, 1.6" apart."""
    def marine(uid: str, side: str, x: float, y: float) -> dict[str, Any]:
        return {"id": uid, "side": side, "unit": side, "x": x, "y": y, "base_mm": 32, "t": 4,
                "w": 1, "sv": 3}

    return scenario.load_dict({
        "format": "scatterlab/1", "system": "heresy", "seed": 1,
        "table": {"width": 72, "height": 48},
        "units": [marine("hw", "loyal", 20, 24)] + [
            marine(f"e{i}", "traitor", 40 + i % 5 * 1.6, 22 + i // 5 * 1.6) for i in range(10)],
        "attack": {"firer": "hw", "bs": 4, "target": "e0",
                   "weapon": {"name": "frag", "s": 4, "ap": 6, "shots": 1, "range": 48,
                              "blast": 3}}})


def aim_rows() -> list[dict[str, Any]]:
    """The aim figures of the squad (best of 3) and of every suite file (one run each: the
    largest take seconds)."""
    rows = [{"scenario": "heresy-squad-of-10", **bench.aim_figures(squad_of_ten())}]
    return rows + [{"scenario": path.stem, **bench.aim_figures(
        scenario.loads(path.read_text(encoding="utf-8")), repeat=1)} for path in SUITE]


def print_aim(rows: list[dict[str, Any]], runtime: str = "CPython") -> None:
    print(f"\n## Where to aim ({runtime})")
    print(f"{'scenario':<40}{'rank':>9}{'scored':>8}{'refused':>9}{'reach':>7}{'untried':>9}"
          "  best")
    for r in rows:
        print(f"{r['scenario']:<40}{r['aim_s']:>8.2f}s{r['aim_scored']:>8}"
              f"{r['aim_refused']:>9}{r['aim_out_of_reach']:>7}{r['aim_untried']:>9}"
              f"  {r['aim_best']}{' (estimated)' if r['aim_estimated'] else ''}")


def machine() -> str:
    import os

    return (f"{platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()} ({platform.python_implementation()})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--browser", action="store_true",
                        help="also measure Pyodide in headless chromium and page start-up")
    parser.add_argument("--json", help="also write all figures to this JSON file")
    args = parser.parse_args()
    print(f"# Scatterlab benchmark — {machine()}")
    figures: dict[str, Any] = {"machine": machine(), "cpython": engine_rows(DEMOS + SUITE)}
    print_engine(figures["cpython"], "CPython")
    figures["aim"] = aim_rows()
    print_aim(figures["aim"])
    if args.browser:
        from tests.browser.benchmark import browser_figures, print_browser

        figures["browser"] = browser_figures(DEMOS, SUITE)
        print_engine(figures["browser"]["pyodide"] + figures["browser"]["pyodide_suite"],
                     "Pyodide (headless chromium)")
        print_aim(figures["browser"]["pyodide_aim"], "Pyodide (headless chromium)")
        print_browser(figures["browser"])
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The benchmark command: prints figures, asserts nothing (issue 7).

    python tests/benchmark.py              # engine figures in CPython
    python tests/benchmark.py --browser    # ... and in Pyodide, plus page start-up

Engine: for every demo, the time of exact odds and of a seeded Monte Carlo run reaching
the same precision (95 % interval of +/- 0.001 on every unit's p_hit; timed on a sample
of trials and scaled), their ratio, and the time to resolve one attack and draw its SVG.
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

from engine import bench, scenario  # noqa: E402

DEMOS = sorted((ROOT / "web" / "demos").glob("*.json"))


def engine_rows(demos: list[Path]) -> list[dict[str, Any]]:
    """The engine figures of every demo, in this Python."""
    rows = []
    for path in demos:
        s = scenario.loads(path.read_text(encoding="utf-8"))
        rows.append({"demo": path.stem, **bench.odds_figures(s),
                     **bench.resolve_render_figures(s)})
    return rows


def print_engine(rows: list[dict[str, Any]], runtime: str) -> None:
    print(f"\n## Engine in {runtime}")
    print(f"{'demo':<34}{'exact':>10}{'MC trials':>11}{'MC time':>10}{'ratio':>9}"
          f"{'resolve+svg':>13}")
    for r in rows:
        print(f"{r['demo']:<34}{r['exact_s'] * 1000:>8.1f}ms{r['mc_trials_needed']:>11}"
              f"{r['mc_s']:>9.1f}s{r['ratio']:>8.0f}x{r['resolve_render_s'] * 1000:>11.1f}ms")


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
    figures: dict[str, Any] = {"machine": machine(), "cpython": engine_rows(DEMOS)}
    print_engine(figures["cpython"], "CPython")
    if args.browser:
        from tests.browser.benchmark import browser_figures, print_browser

        figures["browser"] = browser_figures(DEMOS)
        print_engine(figures["browser"]["pyodide"], "Pyodide (headless chromium)")
        print_browser(figures["browser"])
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

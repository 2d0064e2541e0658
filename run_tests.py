"""Run every test: the README's second command.

    python3 run_tests.py [PYTEST ARGS...]      # e.g. -m "not browser", tests/test_dice.py

Sets up what the tests need, then runs `ruff check .`, mypy in strict mode over the engine
and the page (its settings: pyproject.toml's [tool.mypy]) and pytest (the engine, rule,
property and browser tests); the exit status is non-zero when any of them fails, and
pytest's 5 (no test ran) counts as a failure like any other.

With no argument, pytest runs twice at once: the engine's tests (CPU-bound, one core) beside
the browser tests (mostly one core too, Pyodide's), whose output comes first; the browser
files that time the page's tasks (`TIMED`) run last, after the engine's tests are done, so
that nothing else competes with what they measure. With arguments, one pytest runs them.

- the project and its `test` extra in `.venv/` (see bootstrap.py: works with a Python
  that refuses pip outside a virtual environment);
- a Chromium for the browser tests: `$SCATTERLAB_CHROMIUM`, by default /usr/bin/chromium,
  installed with apt-get on Debian/Ubuntu (root or sudo) when missing. Without one the
  browser tests are skipped, except under CI (`CI` set), where that is an error.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import bootstrap

BROWSER_TESTS = bootstrap.ROOT / "tests" / "browser"
TIMED = ("test_aim.py", "test_safety.py", "test_worker.py")
"""Browser test files that measure the page's longest task: run last (module docstring)."""
DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROMIUM = Path(os.environ.get("SCATTERLAB_CHROMIUM", DEBIAN_CHROMIUM))


def ensure_chromium() -> None:
    """Install Debian's chromium when the browser tests' Chromium is missing and can be."""
    if CHROMIUM.exists():
        return
    if CHROMIUM.as_posix() == DEBIAN_CHROMIUM and bootstrap.apt_install("chromium"):
        return
    if os.environ.get("CI"):
        raise SystemExit(f"run_tests: {CHROMIUM} is missing and cannot be installed here")
    bootstrap.say(f"{CHROMIUM} is missing: the browser tests will be skipped"
                  " (set SCATTERLAB_CHROMIUM to a Chromium or Chrome executable)")


def main(argv: list[str]) -> int:
    bootstrap.ensure(("test",))
    ensure_chromium()
    for check in (["ruff", "check", "."], ["mypy"]):
        done = subprocess.run([sys.executable, "-m", *check], cwd=bootstrap.ROOT)
        if done.returncode:
            return done.returncode
    pytest = [sys.executable, "-m", "pytest", "-q"]
    if argv:
        return subprocess.run([*pytest, *argv], cwd=bootstrap.ROOT).returncode
    return both(pytest)


def both(pytest: list[str]) -> int:
    """The engine's tests and the browser tests at once (module docstring): the exit
    status of the first that fails, else 0."""
    files = sorted(BROWSER_TESTS.glob("test_*.py"), key=lambda p: (p.name in TIMED, p.name))
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        engine = subprocess.Popen([*pytest, "tests", f"--ignore={BROWSER_TESTS}"],
                                  cwd=bootstrap.ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            browser = subprocess.run([*pytest, *map(str, files)], cwd=bootstrap.ROOT).returncode
        finally:
            engine_code = engine.wait()
        out.seek(0)
        print("\nrun_tests: the engine's tests", flush=True)
        sys.stdout.write(out.read())
    return browser or engine_code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

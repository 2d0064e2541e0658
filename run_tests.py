"""Run every test: the README's second command.

    python3 run_tests.py [PYTEST ARGS...]      # e.g. -m "not browser", tests/test_dice.py

Sets up what the tests need, then runs `ruff check .`, mypy in strict mode over the engine
and the page (its settings: pyproject.toml's [tool.mypy]) and pytest (the engine, rule,
property and browser tests); the exit status is non-zero when any of them fails, and
pytest's 5 (no test ran) counts as a failure like any other.

With no argument, the engine's tests (CPU-bound, one core) run beside the browser tests: a
pytest per browser file, the largest first, one at a time while the engine's tests run and
two at a time once they are done (a browser test waits on its page much of the time: alone,
one at a time, they keep two cores 70 % busy). Each file's output comes when it is done, the
engine's at the end. The browser tests that time the page's tasks (marked `timed`, wherever
they are) run last, alone, once everything else is done, so that nothing competes with what
they measure; the rest of their files runs in the lanes like any other.
With arguments, one pytest runs them.

- the project and its `test` extra in `.venv/` (see bootstrap.py: works with a Python
  that refuses pip outside a virtual environment);
- a Chromium for the browser tests: `$SCATTERLAB_CHROMIUM`, by default /usr/bin/chromium,
  installed with apt-get on Debian/Ubuntu (root or sudo) when missing, with a Japanese
  font when the machine has none. Without a Chromium the browser tests are skipped, except
  under CI (`CI` set), where that is an error.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import deque
from pathlib import Path

import bootstrap

BROWSER_TESTS = bootstrap.ROOT / "tests" / "browser"
SCREENSHOTS = bootstrap.ROOT / "screenshots"
PRINTING = threading.Lock()
SLOWEST = 8
"""How many of its slowest tests each pytest of the whole run names (where CI time goes)."""
DEBIAN_CHROMIUM = "/usr/bin/chromium"
JAPANESE_FONT = "fonts-ipafont-gothic"
"""The Debian package of the font the browser tests draw Japanese with (3.5 MB)."""
CHROMIUM = Path(os.environ.get("SCATTERLAB_CHROMIUM", DEBIAN_CHROMIUM))


def ensure_chromium() -> None:
    """Install Debian's chromium when the browser tests' Chromium is missing and can be,
    and a Japanese font when the machine has none (`has_japanese_font`)."""
    debian = CHROMIUM.as_posix() == DEBIAN_CHROMIUM
    needed = [] if CHROMIUM.exists() or not debian else ["chromium"]
    if needed or not has_japanese_font():  # no fontconfig to ask before chromium brings it
        needed.append(JAPANESE_FONT)
    if needed:
        bootstrap.apt_install(*needed)  # nothing where this machine cannot
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        raise SystemExit(f"run_tests: {CHROMIUM} is missing and cannot be installed here")
    bootstrap.say(f"{CHROMIUM} is missing: the browser tests will be skipped"
                  " (set SCATTERLAB_CHROMIUM to a Chromium or Chrome executable)")


def has_japanese_font() -> bool:
    """Whether fontconfig knows a font with Japanese glyphs: without one chromium draws
    kana and kanji as boxes, and the Japanese pages' screenshots cannot be judged (the
    tests pass either way). True where there is no fontconfig to ask."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return True
    found = subprocess.run([fc_list, ":lang=ja", "family"], capture_output=True, text=True)
    return bool(found.stdout.strip())


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
    return both([*pytest, f"--durations={SLOWEST}"])


def both(pytest: list[str]) -> int:
    """The engine's tests and the browser tests at once (module docstring): the exit
    status of the first that fails, else 0."""
    files = sorted(BROWSER_TESTS.glob("test_*.py"), key=lambda p: -p.stat().st_size)
    for old in SCREENSHOTS.glob("*.png"):  # this run's screenshots only
        old.unlink()
    # One build first fills the build's caches (node_modules, bytecode), which each browser
    # run's own build, two at a time, then only reads.
    built = subprocess.run([sys.executable, "build.py", "build", "--quiet"], cwd=bootstrap.ROOT)
    if built.returncode:
        return built.returncode
    with tempfile.TemporaryDirectory() as sites, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        engine = subprocess.Popen([*pytest, "tests", f"--ignore={BROWSER_TESTS}"],
                                  cwd=bootstrap.ROOT, stdout=out, stderr=subprocess.STDOUT)
        queue = deque(files)
        codes: list[int] = []

        def lane() -> None:
            while queue:
                try:
                    path = queue.popleft()
                except IndexError:  # the other lane took the last
                    return
                try:
                    codes.append(browser_run(pytest, [path], Path(sites, path.stem),
                                             "not timed"))
                except Exception as err:  # a run that could not start fails, never vanishes
                    print(f"run_tests: {path.name} did not run: {err!r}", flush=True)
                    codes.append(1)

        beside = threading.Thread(target=lane)
        beside.start()
        engine_code = engine.wait()
        lane()  # a second lane, once the engine's tests are done
        beside.join()
        # the marker picks them out of every file: no list of files to keep in step with it
        codes.append(browser_run(pytest, [BROWSER_TESTS], Path(sites, "timed"), "timed"))
        out.seek(0)
        print("\nrun_tests: the engine's tests", flush=True)
        sys.stdout.write(out.read())
    return next((code for code in [*codes, engine_code] if code), 0)


def browser_run(pytest: list[str], files: list[Path], site: Path, marks: str) -> int:
    """One pytest over the browser tests of `files` (or folders) that `marks` selects (a -m
    expression), which builds the site into `site`; its output printed once it is done;
    its exit status."""
    env = {**os.environ, "SCATTERLAB_DIST": str(site), "SCATTERLAB_KEEP_SCREENSHOTS": "1"}
    done = subprocess.run([*pytest, "-m", marks, *map(str, files)], cwd=bootstrap.ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    names = " ".join(f.relative_to(bootstrap.ROOT).as_posix() for f in files)
    with PRINTING:
        print(f"\nrun_tests: {names} (-m {marks!r})", flush=True)
        sys.stdout.write(done.stdout)
        sys.stdout.flush()
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

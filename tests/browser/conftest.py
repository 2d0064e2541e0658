"""Playwright harness for the built site: build dist/ once, serve it on 127.0.0.1, drive
Debian's Chromium headless with every request that would leave 127.0.0.1 blocked and
counted as a failure, and console errors counted as failures too.

Needs /usr/bin/chromium (apt-get install -y chromium) and the playwright Python package
(pip install playwright; never `playwright install`).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from scriptfile import load

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SCATTERLAB_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = ROOT / "screenshots"
BOOT_TIMEOUT_MS = int(os.environ.get("SCATTERLAB_BOOT_TIMEOUT_MS", "90000"))
ACTION_TIMEOUT_MS = 20000
# The demos the site is built with (default web/demos; another folder only to try the
# harness before demos exist, e.g. SCATTERLAB_DEMOS=tests/scenarios).
DEMOS_DIR = ROOT / os.environ.get("SCATTERLAB_DEMOS", "web/demos")
# Where the session builds the site: dist/, as `python build.py` does, unless run_tests.py,
# which runs browser test files side by side, gives each run a folder of its own.
DIST_OUT = os.environ.get("SCATTERLAB_DIST")
# Set by run_tests.py, which empties screenshots/ once for all its browser runs.
KEEP_SCREENSHOTS = bool(os.environ.get("SCATTERLAB_KEEP_SCREENSHOTS"))

# Flags from shared/notes/web-runtime.md: everything but 127.0.0.1 goes to a dead proxy and
# resolves to nothing, so no request can leave the machine even from a worker.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


build_module = load("build.py", "scatterlab_build")


def pytest_collection_modifyitems(config, items):
    """Skip (with the reason) rather than error when the browser is not installed; run a
    browser test once more when chromium's renderer crashes under it (`once_more`)."""
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append(f"{CHROMIUM} (apt-get install -y chromium)")
    if importlib.util.find_spec("playwright") is None:
        missing.append("the playwright package (pip install playwright)")
    skip = pytest.mark.skip(reason="browser tests need " + " and ".join(missing))
    for item in items:
        if "browser" not in item.keywords:
            continue
        if missing:
            item.add_marker(skip)
        elif isinstance(item, pytest.Function):
            item.obj = once_more(item.obj)


RENDERER_CRASHED = "Target crashed"
"""Playwright's words when chromium's renderer process dies under a page."""


CRASH_RETRIES = 3
"""How many more times a browser test runs after chromium's renderer crashed under it."""
CRASH_PAUSE_S = 5.0
"""How long a crashed test waits before it runs again, doubled at each crash (5, 10, 20
s): crashes come in bursts while the machine is busiest, and one burst (2026-12-07)
crashed every start-up for about two minutes, six tests three times each."""


def once_more(test):
    """`test`, run again (in new pages: `new_page` makes fresh contexts), up to
    `CRASH_RETRIES` times after a growing pause, when a run ends with chromium's renderer crashing,
    which happens to a headless chromium on a busy machine now and then (a CI run once saw
    five tests of one file crash twice each); any other failure, or a crash on the last
    run, fails the test. Each crash is printed, so a run shows it."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        for attempt in range(CRASH_RETRIES):
            try:
                return test(*args, **kwargs)
            except Exception as err:  # playwright's Error
                if RENDERER_CRASHED not in str(err):
                    raise
                print(f"\n{test.__name__}: chromium's renderer crashed ({err}); once more")
                time.sleep(CRASH_PAUSE_S * 2 ** attempt)
        return test(*args, **kwargs)
    return run


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The site built once per session (into the repo's dist/, as `python build.py` does,
    or into $SCATTERLAB_DIST)."""
    out = Path(DIST_OUT) if DIST_OUT else build_module.DIST
    return build_module.build(out, quiet=True, demos=DEMOS_DIR)


@pytest.fixture(scope="session")
def base_url(dist):
    with build_module.serving(dist, quiet=True) as url:
        yield url


@pytest.fixture(scope="session")
def demos(dist) -> list[dict]:
    index = json.loads((dist / "demos" / "index.json").read_text("utf-8"))
    for entry in index["demos"]:
        entry["path"] = dist / "demos" / entry["file"]
    return index["demos"]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    for old in () if KEEP_SCREENSHOTS else SCREENSHOTS.glob("*.png"):  # this run's only
        old.unlink()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield b
        b.close()


class Watch:
    """Every request that is not to 127.0.0.1, every console error and page error."""

    def __init__(self) -> None:
        self.offsite: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []

    def request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        scheme = urlsplit(url).scheme
        if scheme in ("data", "blob", "about"):
            return
        if urlsplit(url).hostname != "127.0.0.1":
            self.offsite.append(url)

    def console(self, msg) -> None:
        if msg.type == "error":
            self.errors.append(f"console: {msg.text}")

    def pageerror(self, err) -> None:
        self.errors.append(f"pageerror: {err}")

    def attach(self, context) -> None:
        context.on("request", self.request)
        context.on("console", self.console)
        context.on("weberror", lambda e: self.pageerror(e.error))

    def check(self) -> None:
        assert not self.offsite, f"requests left 127.0.0.1: {self.offsite}"
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)


@pytest.fixture
def watch():
    return Watch()


@pytest.fixture
def new_page(browser, watch):
    """A factory of pages in fresh contexts (own storage, service workers blocked unless
    asked), each watched; the watch is checked when the test ends."""
    contexts = []

    def make(viewport=DESKTOP, service_workers="block", **kwargs):
        context = browser.new_context(
            viewport=viewport, service_workers=service_workers, **kwargs
        )
        watch.attach(context)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(ACTION_TIMEOUT_MS)
        return page

    yield make
    for c in contexts:
        c.close()
    watch.check()


def wait_ready(page) -> None:
    """Wait until main.py has started (or failed: then fail with its message)."""
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body?.dataset.state)", timeout=BOOT_TIMEOUT_MS
    )
    state = page.evaluate("document.body.dataset.state")
    if state != "ready":
        raise AssertionError("app failed to start: " + page.inner_text("#message"))


def open_app(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def last_resolution(page):
    return json.loads(page.text_content("#last-resolution"))


def mouse_drag(page, selector: str, dx: float, dy: float = 0.0, moves: int = 5) -> None:
    """Drag the first element matching `selector` by (dx, dy) board units (inches on a
    table) with the mouse, in `moves` moves, taken at its centre; a unit is taken by its
    body, as a player takes a model (its name may stand apart, on a leader line)."""
    node = page.locator(selector).first
    if node.locator(".body").count():
        node = node.locator(".body").first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    scale = page.evaluate("document.querySelector('#board svg').getScreenCTM().a")
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    for i in range(1, moves + 1):
        page.mouse.move(cx + dx * scale * i / moves, cy + dy * scale * i / moves, steps=1)
    page.mouse.up()


def whole_board(page) -> None:
    """The whole board in view, as a player gets it: Fit (which stops where names are
    still legible, issue 22.5), then zoom out until the board is shown at Fit's box."""
    page.click("#zoom-fit")
    for _ in range(8):
        if page.get_attribute("#board", "data-zoom") == "1.00":
            return
        page.click("#zoom-out")
    raise AssertionError(f"zoom out stopped at {page.get_attribute('#board', 'data-zoom')}")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

"""Memory snapshots (issue 17): every visit after the first starts from a snapshot of an
interpreter with svgwrite and the engine imported, made by a worker after the first visit
is ready and kept in IndexedDB under a key of the build's content.

<html data-snapshot> says what happened: "restored", or "making" then "saved" /
"not-saved". Every test also fails on a console error or a request leaving 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import BOOT_TIMEOUT_MS, build_module, last_resolution, open_app, wait_ready
from .test_app import DEMO_FILES, click_odds, expected_resolution, roll, same, select_demo

pytestmark = pytest.mark.browser

SNAPSHOT_DONE = "['saved', 'not-saved'].includes(document.documentElement.dataset.snapshot)"
_IDB = """
  const req = (r) => new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  const db = await req(indexedDB.open('scatterlab-snapshots', 1));
  const read = db.transaction('snapshots', 'readonly').objectStore('snapshots');
  const keys = await req(read.getAllKeys());
"""
STORED_KEYS = "async () => {" + _IDB + "db.close(); return keys; }"
# Empty the store behind the page's back (run in the page).
CLEAR = "async () => {" + _IDB + """
  const write = db.transaction('snapshots', 'readwrite');
  write.objectStore('snapshots').clear();
  await new Promise((ok) => { write.oncomplete = ok; });
  db.close();
}"""
# Damage the stored snapshot in place (run in the page).
DAMAGE = "async (damage) => {" + _IDB + """
  const record = await req(read.get(keys[0]));
  const bytes = record.bytes;
  if (damage === 'flip-byte') {
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;          // the digest no longer matches
  } else {
    bytes.fill(0, 0, 64);                                  // header gone, digest renewed
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    record.digest = Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const write = db.transaction('snapshots', 'readwrite');
  write.objectStore('snapshots').put(record, keys[0]);
  await new Promise((ok) => { write.oncomplete = ok; });
  db.close();
}"""


def snapshot_state(page) -> str:
    return page.evaluate("document.documentElement.dataset.snapshot || ''")


def wait_snapshot_saved(page) -> None:
    page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT_MS)
    assert snapshot_state(page) == "saved"


def revisit(page, url: str) -> None:
    page.goto("about:blank")
    open_app(page, url)


def test_second_visit_restores_the_snapshot_and_matches_cpython(new_page, base_url):
    page = new_page()
    open_app(page, base_url)
    assert snapshot_state(page) in ("", "making")  # the first visit never waits for one
    wait_snapshot_saved(page)

    revisit(page, base_url)
    assert snapshot_state(page) == "restored"
    for path in DEMO_FILES:
        select_demo(page, path)
        expected, error = expected_resolution(path.read_text("utf-8"), seed=777)
        page.fill("#seed", "777")
        page.dispatch_event("#seed", "change")
        assert roll(page) == (error is None), (path.name, error)
        if error is None:
            same(last_resolution(page), expected, path.name)
    # the unseeded random state is not the one frozen in the snapshot: New seed differs
    page.click("#new-seed")
    first = page.input_value("#seed")
    revisit(page, base_url)
    assert snapshot_state(page) == "restored"
    page.click("#new-seed")
    assert page.input_value("#seed") != first


@pytest.mark.parametrize("damage", ["flip-byte", "bad-header"])
def test_damaged_snapshot_falls_back_to_a_normal_start(new_page, base_url, damage):
    """A byte changed (the digest catches it) or a snapshot Pyodide refuses (the restore
    fails): a normal start, no console error, and a new snapshot is made."""
    page = new_page()
    open_app(page, base_url)
    wait_snapshot_saved(page)
    page.evaluate(DAMAGE, damage)

    revisit(page, base_url)
    assert snapshot_state(page) != "restored"
    page.click("#roll")
    assert last_resolution(page) is not None
    wait_snapshot_saved(page)
    revisit(page, base_url)
    assert snapshot_state(page) == "restored"


def test_what_local_storage_remembers_only_spares_a_look_in_indexeddb(new_page, base_url):
    """localStorage keeps the key of the stored snapshot, so that a first visit need not
    open IndexedDB to find none. Wrong either way, it costs one normal start: the store
    emptied behind its back (it looks, finds none), or the note lost (it does not look);
    each time a new snapshot is made, and the next visit restores it."""
    page = new_page()
    open_app(page, base_url)
    wait_snapshot_saved(page)
    page.evaluate(CLEAR)
    revisit(page, base_url)
    assert snapshot_state(page) != "restored"
    wait_snapshot_saved(page)
    page.evaluate("localStorage.removeItem('scatterlab-snapshot')")
    revisit(page, base_url)
    assert snapshot_state(page) != "restored"
    wait_snapshot_saved(page)
    revisit(page, base_url)
    assert snapshot_state(page) == "restored"
    page.click("#roll")
    assert last_resolution(page) is not None


def test_too_little_quota_means_a_normal_start_and_no_snapshot(new_page, base_url):
    page = new_page()
    page.add_init_script("navigator.storage.estimate = async () => "
                         "({quota: 20e6, usage: 5e6});")
    open_app(page, base_url)
    page.wait_for_function(SNAPSHOT_DONE, timeout=BOOT_TIMEOUT_MS)
    assert snapshot_state(page) == "not-saved"
    page.click("#roll")
    assert last_resolution(page) is not None


def test_snapshot_store_that_fails_to_open_means_a_normal_start(new_page, base_url):
    """(Without IndexedDB at all PyScript itself cannot start: it keeps its own cache there.)"""
    page = new_page()
    page.add_init_script("""{
      const open = indexedDB.open.bind(indexedDB);
      indexedDB.open = (name, ...rest) => {
        if (name === 'scatterlab-snapshots') throw new DOMException('refused', 'SecurityError');
        return open(name, ...rest);
      };
    }""")
    open_app(page, base_url)
    assert snapshot_state(page) != "restored"
    page.click("#roll")
    assert last_resolution(page) is not None


def _changed_engine(wheel: Path, app_files=build_module.app_files) -> dict[str, bytes]:
    """The app's files as build.py packs them, with one engine file changed (a comment
    added)."""
    files = app_files(wheel)
    files["engine/__init__.py"] += b"\n# a rebuilt release\n"
    return files


def test_rebuild_with_a_changed_engine_file_makes_a_new_snapshot(new_page, tmp_path,
                                                                 monkeypatch):
    """Same origin, two releases: the second never restores the first's snapshot, deletes
    it and makes its own."""
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)  # a renderer crash runs the test again (`once_more`)
    build_module.build(site / "app", quiet=True)
    with build_module.serving(site, quiet=True) as base:
        url = base + "app/"
        page = new_page()
        open_app(page, url)
        wait_snapshot_saved(page)
        old_keys = page.evaluate(STORED_KEYS)
        assert len(old_keys) == 1

        with monkeypatch.context() as patched:  # undone before any next try
            patched.setattr(build_module, "app_files", _changed_engine)
            build_module.build(site / "app", quiet=True)
        revisit(page, url)
        assert snapshot_state(page) != "restored"
        assert old_keys[0] not in page.evaluate(STORED_KEYS)  # deleted on sight
        wait_snapshot_saved(page)
        new_keys = page.evaluate(STORED_KEYS)
        assert len(new_keys) == 1 and new_keys != old_keys
        revisit(page, url)
        assert snapshot_state(page) == "restored"
        assert page.evaluate("document.body.dataset.state") == "ready"


def test_offline_second_visit_restores_the_snapshot(browser, watch, dist):
    """Service worker and snapshot together: with the server gone the app starts from the
    snapshot, resolves as CPython does, and the odds worker answers."""
    context = browser.new_context(service_workers="allow")
    watch.attach(context)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        with build_module.serving(dist, quiet=True) as url:
            open_app(page, url)
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=BOOT_TIMEOUT_MS)
            wait_snapshot_saved(page)
        page.reload()
        wait_ready(page)
        assert snapshot_state(page) == "restored"
        scenario = page.input_value("#json")
        page.click("#roll")
        expected, error = expected_resolution(scenario)
        assert error is None
        same(last_resolution(page), expected, "offline")
        click_odds(page)  # the odds worker too: served by the service worker, restored
        assert page.is_visible("#odds-table")
    finally:
        context.close()
    watch.check()


# Run in the page's interpreter (a <script type="py"> added after start-up, as PyScript
# runs any): what the odds worker and the snapshot add (every engine module, the odds of
# the scenario shown), then the standard library files imported from the zip: NAME.pyc
# when its bytecode was used, NAME.py when it was compiled from source.
ZIP_IMPORTS = r"""
import importlib, json, pkgutil, sys
import engine
from engine import scenario, systems
from pyscript import document

for _m in pkgutil.walk_packages(engine.__path__, "engine."):
    if _m.name != "engine.__main__":
        importlib.import_module(_m.name)
systems.odds(scenario.loads(document.querySelector("#json").value), trials=200)
document.body.dataset.zipImports = json.dumps(sorted(
    m.__file__ for m in list(sys.modules.values())
    if type(getattr(m, "__loader__", None)).__name__ == "zipimporter"))
"""


def test_every_standard_library_module_the_app_imports_has_bytecode(new_page, base_url):
    """Cold start (issue 17): Pyodide's standard library ships as sources; stdlib.zip adds
    the bytecode of every module the app imports (web/stdlib-imports.txt), so that none is
    compiled in the browser. A start, a Roll, every engine module and odds import nothing
    else (the engine and the page import only at the top of their modules)."""
    page = new_page()
    open_app(page, base_url)
    page.click("#roll")
    page.evaluate("""(code) => { const script = document.createElement('script');
      script.type = 'py'; script.textContent = code; document.body.append(script); }""",
                  ZIP_IMPORTS)
    page.wait_for_function("document.body.dataset.zipImports !== undefined",
                           timeout=BOOT_TIMEOUT_MS)
    imported = json.loads(page.evaluate("document.body.dataset.zipImports"))
    assert len(imported) > 100
    from_source = [path for path in imported if not path.endswith(".pyc")]
    assert not from_source, f"add their modules to web/stdlib-imports.txt: {from_source}"

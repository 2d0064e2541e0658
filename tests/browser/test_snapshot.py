"""Memory snapshots (issue 17): every visit after the first starts from a snapshot of an
interpreter with svgwrite and the engine imported, made by a worker after the first visit
is ready and kept in IndexedDB under a key of the build's content.

<html data-snapshot> says what happened: "restored", or "making" then "saved" /
"not-saved". Every test also fails on a console error or a request leaving 127.0.0.1.
"""

from __future__ import annotations

import zipfile
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


def _pack_changed_engine(out: Path, pack=build_module.pack_engine) -> None:
    """app.zip as build.py packs it, with one engine file changed (a comment added)."""
    pack(out)
    with zipfile.ZipFile(out) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for info, data in entries:
            if info.filename == "engine/__init__.py":
                data += b"\n# a rebuilt release\n"
            zf.writestr(info, data)


def test_rebuild_with_a_changed_engine_file_makes_a_new_snapshot(new_page, tmp_path,
                                                                 monkeypatch):
    """Same origin, two releases: the second never restores the first's snapshot, deletes
    it and makes its own."""
    site = tmp_path / "site"
    site.mkdir()
    build_module.build(site / "app", quiet=True)
    with build_module.serving(site, quiet=True) as base:
        url = base + "app/"
        page = new_page()
        open_app(page, url)
        wait_snapshot_saved(page)
        old_keys = page.evaluate(STORED_KEYS)
        assert len(old_keys) == 1

        monkeypatch.setattr(build_module, "pack_engine", _pack_changed_engine)
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

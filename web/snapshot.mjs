// Scatterlab: memory snapshots of an interpreter with the engine and svgwrite imported.
//
// A snapshot is Pyodide's experimental makeMemorySnapshot() of an interpreter that has
// the app's files (appfiles.mjs) and has imported svgwrite and every engine module. It
// lives in IndexedDB under SNAPSHOT_KEY, a hash of everything it was made from (Pyodide,
// stdlib.zip, app.bin and this code; build.py fills it in), so a new release never
// restores an old snapshot and saving the new one deletes the old.
// Every failure (no IndexedDB, too little quota, a snapshot that does not verify or does
// not restore, localStorage wrong about what IndexedDB holds) means a normal start and at
// most one console line, never an error.
//
// Used by the page's loader (pyodide-loader.mjs), the worker that makes the snapshot
// (snapshot-worker.mjs) and the odds worker (odds-worker.mjs).

import { loadPyodide as loadRealPyodide } from "./pyodide/pyodide.mjs";
import { fetchAppFiles, writeAppFiles } from "./appfiles.mjs";

const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
// Pyodide's standard library with what the app imports as bytecode (build.py).
const STDLIB_URL = new URL("./stdlib.zip", import.meta.url).href;
const PYODIDE = { indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
const DB_NAME = "scatterlab-snapshots";
const STORE = "snapshots";
const FREE_MARGIN = 1.5; // keep the snapshot only when 1.5 times its size is free
// The size checked before a snapshot is made (31.4 MB with Pyodide 314.0.7); the worker
// checks the real size again before storing it.
const EXPECTED_SIZE = 32e6;

// What the snapshot holds: every engine module but the command line's __main__, svgwrite,
// and html.entities, which PyScript's own Python package imports.
const IMPORTS = `
import pkgutil, importlib
import html.entities, svgwrite, engine
for _m in pkgutil.walk_packages(engine.__path__, "engine."):
    if _m.name != "engine.__main__":
        importlib.import_module(_m.name)
`;
// A snapshot freezes Python's global random state: reseed it on every restore, so that
// what is unseeded (the page's "New seed") differs between visits. Seeded dice make
// their own random.Random(seed) and are not affected.
const AFTER_RESTORE = "import random; random.seed()";

// localStorage remembers the key of the snapshot IndexedDB holds, so that a page can tell
// at once that there is none for its build (a first visit, a new release) and start
// without opening IndexedDB, which takes 50-180 ms on a first visit. Workers have no
// localStorage: they look in IndexedDB.
const HELD = "scatterlab-snapshot";

/** The key of the snapshot IndexedDB holds, as this page remembers it: null for none,
 * undefined when it cannot tell (a worker, or localStorage refused). */
function heldKey() {
  try {
    return globalThis.localStorage ? localStorage.getItem(HELD) : undefined;
  } catch {
    return undefined;
  }
}

/** Remember that IndexedDB holds this build's snapshot (`held`) or none. */
export function rememberHeld(held) {
  try {
    if (held) localStorage.setItem(HELD, SNAPSHOT_KEY);
    else globalThis.localStorage?.removeItem(HELD);
  } catch {
    // nothing remembered: the next visit looks in IndexedDB
  }
}

export function note(message) {
  console.info(`scatterlab snapshot: ${message}`);
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openStore(mode) {
  if (!globalThis.indexedDB) throw new Error("no IndexedDB in this browser");
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  return [db, db.transaction(STORE, mode).objectStore(STORE)];
}

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This build's snapshot bytes, verified against their stored digest; null if there is
 * none (then any other build's is deleted), or it is damaged (then it is deleted).
 * Never throws. */
async function readSnapshot() {
  let record, stale;
  try {
    const [db, store] = await openStore("readonly");
    record = await request(store.get(SNAPSHOT_KEY));
    stale = !record && (await request(store.count())) > 0;
    db.close();
  } catch (err) {
    note(`none to read (${err.message || err})`);
    return null;
  }
  if (stale) await deleteSnapshots();
  if (!record) return null;
  if (!(record.bytes instanceof Uint8Array) || record.digest !== await digest(record.bytes)) {
    note("the stored snapshot is damaged: deleted, starting normally");
    await deleteSnapshots();
    return null;
  }
  return record.bytes;
}

/** Delete every stored snapshot (all builds). Never throws. */
async function deleteSnapshots() {
  rememberHeld(false);
  try {
    const [db, store] = await openStore("readwrite");
    await request(store.clear());
    db.close();
  } catch (err) {
    note(`could not delete snapshots (${err.message || err})`);
  }
}

/** Why a snapshot of `size` bytes cannot be kept here ("" if it can): no IndexedDB, or
 * less free quota than FREE_MARGIN times its size. */
export async function cannotKeep(size = EXPECTED_SIZE) {
  if (!globalThis.indexedDB) return "no IndexedDB in this browser";
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) || {};
    if (quota !== undefined && quota - usage < FREE_MARGIN * size) {
      return `${Math.round((quota - usage) / 1e6)} MB free, ${Math.round(size / 1e6)} MB needed`;
    }
  } catch (err) {
    return `no storage estimate (${err.message || err})`;
  }
  return "";
}

/** Store `bytes` as this build's snapshot, replacing every other; false (and a console
 * line) when it cannot be kept. */
export async function saveSnapshot(bytes) {
  try {
    const reason = await cannotKeep(bytes.length);
    if (reason) {
      note(`not kept: ${reason}`);
      return false;
    }
    const record = { bytes, digest: await digest(bytes) };
    const [db, store] = await openStore("readwrite");
    store.clear();
    await request(store.put(record, SNAPSHOT_KEY));
    await new Promise((resolve, reject) => {
      store.transaction.oncomplete = resolve;
      store.transaction.onerror = () => reject(store.transaction.error);
      store.transaction.onabort = () => reject(store.transaction.error);
    });
    db.close();
    return true;
  } catch (err) {
    note(`not kept (${err.message || err})`);
    return false;
  }
}

/** Pyodide restored from this build's snapshot, or null (and a console line) when there
 * is none or it does not restore (then it is deleted). Never throws. A page whose
 * localStorage says IndexedDB holds no snapshot of this build does not look. */
async function restorePyodide() {
  const held = heldKey();
  if (held !== undefined && held !== SNAPSHOT_KEY) {
    if (held !== null) deleteSnapshots(); // another build's: deleted meanwhile
    return null;
  }
  const snapshot = await readSnapshot();
  if (!snapshot) return null;
  try {
    const pyodide = await loadRealPyodide({ ...PYODIDE, _loadSnapshot: snapshot });
    pyodide.runPython(AFTER_RESTORE);
    return pyodide;
  } catch (err) {
    note(`did not restore (${err.message || err}): deleted, starting normally`);
    await deleteSnapshots();
    return null;
  }
}

/** Pyodide with the app's files, restored from this build's snapshot when there is a
 * good one, else started normally: {pyodide, restored}. app.bin is fetched meanwhile. */
export async function startInterpreter() {
  const files = fetchAppFiles();
  files.catch(() => {}); // its failure is thrown below, once awaited
  const restored = await restorePyodide();
  const pyodide = restored || await loadRealPyodide(PYODIDE);
  writeAppFiles(pyodide, await files);
  return { pyodide, restored: Boolean(restored) };
}

/** A fresh interpreter with `_makeSnapshot`, the app's files and every import a snapshot
 * holds: the snapshot worker's. */
export async function loadForSnapshot() {
  const files = fetchAppFiles();
  const pyodide = await loadRealPyodide({ ...PYODIDE, _makeSnapshot: true });
  writeAppFiles(pyodide, await files);
  pyodide.runPython(IMPORTS);
  return pyodide;
}

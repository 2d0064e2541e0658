// Scatterlab: the module PyScript's `interpreter` setting names (pyscript.json).
//
// PyScript imports it and calls its `loadPyodide` as it would Pyodide's own. This one
// starts the interpreter from this build's memory snapshot when there is a valid one
// (snapshot.mjs), and otherwise starts it normally and, once the page is ready and the
// browser idle, has a worker make the snapshot for the next visit. index.html also loads
// this module early, so the interpreter starts while PyScript loads.
//
// <html data-snapshot> tells tests and the benchmark what happened: "restored", or
// "making" then "saved" / "not-saved" (and data-snapshot-bytes its size).

import { version } from "./pyodide/pyodide.mjs";
import { cannotKeep, note, rememberHeld, startInterpreter } from "./snapshot.mjs";

export { version };

// The interpreter starts as soon as this module runs, restored or anew, with the app's
// files (which PyScript's config no longer names): PyScript only asks for it later.
const starting = startInterpreter();
const MAKE_DELAY_MS = 1000; // after the page is ready, before the worker starts

function mark(state) {
  document.documentElement.dataset.snapshot = state;
}

function whenPageReady() {
  return new Promise((resolve) => {
    const ready = () => document.body?.dataset.state === "ready";
    if (ready()) return resolve();
    const watch = new MutationObserver(() => {
      if (ready()) {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(document.documentElement, { attributes: true, subtree: true,
                                                attributeFilter: ["data-state"] });
  });
}

function whenIdle() {
  return new Promise((resolve) => {
    setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(resolve), MAKE_DELAY_MS);
  });
}

/** Make this build's snapshot in a worker, off the page's thread, after start-up. */
async function makeSnapshotLater() {
  const reason = globalThis.Worker ? await cannotKeep() : "no Web Worker in this browser";
  if (reason) {
    note(`none made: ${reason}`);
    mark("not-saved");
    return;
  }
  await whenPageReady();
  await whenIdle();
  mark("making");
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url),
                            { type: "module" });
  const result = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ saved: false, reason: event.message || "worker failed" });
  });
  worker.terminate();
  if (!result.saved) note(`not made (${result.reason})`);
  rememberHeld(result.saved);
  document.documentElement.dataset.snapshotBytes = String(result.bytes || 0);
  mark(result.saved ? "saved" : "not-saved");
}

/** PyScript's entry point: Pyodide's loadPyodide, the interpreter this module started.
 * PyScript passes {stdout, stderr, indexURL} (pyscript.json names no packages): the
 * interpreter takes its streams; the index URL is always ./pyodide/ (PyScript would pass
 * this module's folder). */
export async function loadPyodide(options = {}) {
  const { pyodide, restored } = await starting;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  if (restored) mark("restored");
  else makeSnapshotLater();
  return pyodide;
}

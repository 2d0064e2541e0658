// Scatterlab: the module PyScript's `interpreter` setting names (pyscript.json).
//
// PyScript imports it and calls its `loadPyodide` as it would Pyodide's own. This one
// starts the interpreter from this build's memory snapshot when there is a valid one
// (snapshot.mjs), and otherwise starts it normally and, once the page is ready and the
// player has left it alone for a moment (`whenQuiet`), has a worker make the snapshot for
// the next visit. index.html also loads this module early, so the interpreter starts
// while PyScript loads.
//
// <html data-snapshot> tells tests and the benchmark what happened: "restored", or
// "making" then "saved" / "not-saved" (and data-snapshot-bytes its size).

import { version } from "./pyodide/pyodide.mjs";
import { cannotKeep, note, rememberHeld, startInterpreter } from "./snapshot.mjs";

export { version };

// The interpreter starts as soon as this module runs, restored or anew, with the app's
// files (which PyScript's config no longer names): PyScript only asks for it later.
const starting = startInterpreter();
const QUIET_MS = 3000; // no input and no odds or Best aim running for this long first
// (lastActive: the last input, or the last look that found odds or Best aim running)
const INPUTS = ["pointerdown", "keydown", "wheel", "input", "change"];
let lastActive = 0;
for (const type of INPUTS) {
  addEventListener(type, () => { lastActive = performance.now(); },
                   { capture: true, passive: true });
}

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

/** The snapshot worker boots a second interpreter, a first visit's work for the next
 * one, so it waits until the player has neither touched the page nor had odds or Best aim
 * running for QUIET_MS (from this call on), never slowing what the player is doing, then
 * for the browser to be idle. */
function whenQuiet() {
  const since = performance.now();
  const working = () => ["data-odds", "data-aim"].some((a) => document.body.hasAttribute(a));
  return new Promise((resolve) => {
    const check = () => {
      if (working()) lastActive = performance.now();
      const left = Math.max(lastActive, since) + QUIET_MS - performance.now();
      if (left > 0) setTimeout(check, left);
      else (globalThis.requestIdleCallback || setTimeout)(resolve);
    };
    check();
  });
}

/** Make this build's snapshot in a worker, off the page's thread, once the page is quiet. */
async function makeSnapshotLater() {
  const reason = globalThis.Worker ? await cannotKeep() : "no Web Worker in this browser";
  if (reason) {
    note(`none made: ${reason}`);
    mark("not-saved");
    return;
  }
  await whenPageReady();
  await whenQuiet();
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

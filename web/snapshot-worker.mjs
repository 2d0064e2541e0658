// Scatterlab: a dedicated worker that makes this build's memory snapshot and stores it.
//
// It runs its own Pyodide with `_makeSnapshot`, prepares it as the page's interpreter is
// prepared (snapshot.mjs), takes the snapshot and saves it in IndexedDB, then posts
// {saved, reason, bytes} and waits to be terminated.

import { loadForSnapshot, saveSnapshot } from "./snapshot.mjs";

async function make() {
  const pyodide = await loadForSnapshot();
  const bytes = pyodide.makeMemorySnapshot();
  const saved = await saveSnapshot(bytes);
  return { saved, reason: saved ? "" : "not stored", bytes: bytes.length };
}

make().then(
  (result) => postMessage(result),
  (err) => postMessage({ saved: false, reason: String(err?.message || err), bytes: 0 }),
);

// Scatterlab service worker: one version per page.
//
// build.py fills VERSION (the cache name, from a hash of every file) and PRECACHE (every
// file of this version, with its sha256). Install fetches them all, checks each against
// its hash (a file of another version, fetched while the site was being replaced, fails
// the install, which the browser retries later) and only then stores them together.
// The new worker then waits: the page offers "reload" and posts "take-over" when the user
// chooses. Each page, and each worker a page starts, is served from the cache of the
// version the page was opened with (PAGES remembers which, by client id), and a replaced
// version's cache is deleted only once no page of that version is open.
const VERSION = "__CACHE_NAME__";
const PRECACHE = ["__PRECACHE__"];
const PAGES = "scatterlab:pages"; // not a version cache: its name has no "scatterlab-"
const PAGES_URL = new URL("./__pages__", self.registration.scope).href;

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function precache() {
  const responses = await Promise.all(PRECACHE.map(async ([url, hash]) => {
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    const body = await response.arrayBuffer();
    if (!response.ok || (await sha256(body)) !== hash) {
      throw new Error(`${url} is not this version's file`);
    }
    return [url, new Response(body, { status: 200, headers: response.headers })];
  }));
  await caches.delete(VERSION);
  const cache = await caches.open(VERSION);
  await Promise.all(responses.map(([url, response]) => cache.put(url, response)));
}

// What the workers of every version share, stored in PAGES: which version each open page
// runs (client id -> version) and the versions a newer one has replaced (retired).
let shared = null;

async function readShared() {
  if (shared === null) {
    const stored = await (await caches.open(PAGES)).match(PAGES_URL);
    shared = stored ? await stored.json() : {};
    shared.pages = shared.pages || {};
    shared.retired = shared.retired || [];
  }
  return shared;
}

async function writeShared() {
  await (await caches.open(PAGES)).put(PAGES_URL, new Response(JSON.stringify(shared)));
}

// Forget closed pages, then delete each retired version's cache once no open page uses
// it (a version that is installing or waiting is never retired: it is newer).
async function prune() {
  const { pages, retired } = await readShared();
  for (const id of Object.keys(pages)) {
    if (!(await self.clients.get(id))) delete pages[id];
  }
  const used = new Set(Object.values(pages));
  const gone = retired.filter((name) => !used.has(name));
  shared.retired = retired.filter((name) => used.has(name));
  await writeShared();
  await Promise.all(gone.map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    const { pages, retired } = await readShared();
    for (const client of await self.clients.matchAll({ type: "window" })) {
      if (!(client.id in pages)) pages[client.id] = VERSION; // opened before any worker
    }
    const older = (await caches.keys()).filter((k) => k.startsWith("scatterlab-") && k !== VERSION);
    shared.retired = [...new Set([...retired, ...older])];
    await prune();
  })());
});

async function respond(event) {
  const request = event.request;
  let version = VERSION;
  if (request.mode === "navigate") {
    if (event.resultingClientId) {
      (await readShared()).pages[event.resultingClientId] = VERSION;
      await writeShared();
    }
    event.waitUntil(prune());
  } else if (event.clientId) {
    const { pages } = await readShared();
    const theirs = pages[event.clientId];
    if (theirs && await caches.has(theirs)) version = theirs;
    if (event.resultingClientId) {
      // A worker's script: the worker (odds, snapshot) runs the version of the page that
      // started it, and every fetch it makes is served from that version's cache.
      pages[event.resultingClientId] = version;
      await writeShared();
    }
  }
  const hit = await (await caches.open(version)).match(request, { ignoreSearch: true });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(event));
});

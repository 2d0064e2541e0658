// Scatterlab service worker: one version per page.
//
// build.py fills VERSION (the cache name, from a hash of every file) and PRECACHE (every
// file of this version, with its sha256). Install fetches them all, checks each against
// its hash (a file of another version, fetched while the site was being replaced, fails
// the install, which the browser retries later) and only then stores them together.
// The new worker then waits: the page offers "reload" and posts "take-over" when the user
// chooses. Each page is served from the cache of the version it was opened with (PAGES
// remembers which, by client id), and a version's cache is deleted only once no page of
// that version is open.
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

let pages = null; // client id -> version, as stored in PAGES

async function readPages() {
  if (pages === null) {
    const stored = await (await caches.open(PAGES)).match(PAGES_URL);
    pages = stored ? await stored.json() : {};
  }
  return pages;
}

async function writePages() {
  const body = JSON.stringify(pages);
  await (await caches.open(PAGES)).put(PAGES_URL, new Response(body));
}

// Forget closed pages, then delete every version cache no open page uses.
async function prune() {
  const known = await readPages();
  for (const id of Object.keys(known)) {
    if (!(await self.clients.get(id))) delete known[id];
  }
  await writePages();
  const used = new Set([VERSION, ...Object.values(known)]);
  const names = await caches.keys();
  await Promise.all(names.filter((k) => k.startsWith("scatterlab-") && !used.has(k))
    .map((k) => caches.delete(k)));
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
    const known = await readPages();
    for (const client of await self.clients.matchAll({ type: "window" })) {
      if (!(client.id in known)) known[client.id] = VERSION; // opened before any worker
    }
    await prune();
  })());
});

async function respond(event) {
  const request = event.request;
  let version = VERSION;
  if (request.mode === "navigate") {
    if (event.resultingClientId) {
      (await readPages())[event.resultingClientId] = VERSION;
      await writePages();
    }
    event.waitUntil(prune());
  } else if (event.clientId) {
    const theirs = (await readPages())[event.clientId];
    if (theirs && await caches.has(theirs)) version = theirs;
  }
  const hit = await (await caches.open(version)).match(request, { ignoreSearch: true });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(event));
});

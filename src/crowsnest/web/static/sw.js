// @ts-check
// The service worker (served at /sw.js by the server, which writes in VERSION and
// PRECACHE: crowsnest.web.pwa). On the first visit it caches the whole app: the page,
// scripts, styles, card art, catalogs, rule sets, and the offline build (Pyodide and
// the Python source), in a cache named after the version. Then every cached URL is
// answered from the cache first, so the app opens with no connection; a new version
// installs in the background and waits until the page's "new version" prompt says
// to take over (offline/pwa.js). Everything else (the API, the websocket) goes to
// the network as before.

/** @type {string} */
const VERSION = "__VERSION__";
/** @type {string[]} */
const PRECACHE = [] /* __PRECACHE__ */;
const PREFIX = "crowsnest-";
const CACHE = PREFIX + VERSION;

// The page's type library (DOM) has no service worker scope: its events are typed loosely.
const sw = /** @type {any} */ (self);

sw.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))));
});

sw.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (/** @type {any} */ event) => {
  if (event.data?.type === "skip_waiting") sw.skipWaiting();
  if (event.data?.type === "version") event.source?.postMessage({ type: "version", version: VERSION, files: PRECACHE.length });
});

const CACHED = new Set(PRECACHE);

sw.addEventListener("fetch", (/** @type {any} */ event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  // A page opened with a query (a table's link) is the same page.
  const key = request.mode === "navigate" && url.pathname === "/" ? "/" : url.pathname;
  if (!CACHED.has(key) || (url.search && request.mode !== "navigate" && !key.startsWith("/static/"))) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      if (hit) return hit;
      const answer = await fetch(request);
      if (answer.ok && !url.search) await cache.put(key, answer.clone());
      return answer;
    })(),
  );
});

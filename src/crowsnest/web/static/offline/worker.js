// @ts-check
// The Web Worker of a game with no connection: Pyodide (served from our own static
// files, offline/build/pyodide: `make offline`) runs the engine and the bots from
// their Python source (offline/build/crowsnest.zip), through crowsnest.offline.driver.
// It speaks the server's websocket messages (docs/protocol.md) to the page's
// transport (offline/transport.js); the bots decide here, so the page never waits.
//
// Page -> worker: {kind: "start", config} | {kind: "send", message} | {kind: "hint", id}
// Worker -> page: {kind: "ready", start: "kept" | "fresh"} | {kind: "messages", messages, actions, record, result}
//   | {kind: "hint", id, answer} | {kind: "timing", seconds} | {kind: "failed", error}

/** @typedef {{messages: object[], due: number | null, seq: number, seconds?: number | null}} Answer */

const BUILD = new URL("./build/", import.meta.url);
/** Where the started runtime is kept (Cache Storage), one per offline build. */
const SNAPSHOTS = "crowsnest.snapshot-";
const SNAPSHOT_URL = "/offline-snapshot";

/** @type {any} the driver module (a Pyodide proxy) */
let driver = null;
/** @type {"kept" | "fresh"} how the runtime started: from its snapshot, or afresh */
let start = "fresh";
/** @type {number} the table's bot delay (ms) */
let delayMs = 800;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let botTimer;

/**
 * Pyodide started, the engine's source unpacked and the driver imported. The first
 * start keeps a memory snapshot of that runtime in Cache Storage, named after the
 * offline build's digest; the next start loads it instead (a fraction of the time:
 * docs/benchmarks.md, "Offline app"). A snapshot that does not load is dropped, with a
 * warning, and the runtime is started afresh: it is a cache, the game is the same.
 */
async function boot() {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BUILD).href);
  const indexURL = new URL("pyodide/", BUILD).href;
  const bundle = await fetch(new URL("bundle.json", BUILD)).then((r) => r.json());
  const name = SNAPSHOTS + String(bundle.digest);
  let store = typeof caches === "undefined" ? null : await caches.open(name);
  const saved = await store?.match(SNAPSHOT_URL);
  if (store && saved) {
    try {
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: new Uint8Array(await saved.arrayBuffer()) });
      start = "kept";
      return pyodide.pyimport("crowsnest.offline.driver");
    } catch (err) {
      console.warn("offline: the kept runtime did not load; starting afresh:", err);
      await store.delete(SNAPSHOT_URL);
    }
  }
  // A runtime made to be kept; where this browser's Pyodide cannot, a plain one.
  const fresh = () =>
    loadPyodide({ indexURL, _makeSnapshot: store !== null }).catch((/** @type {unknown} */ err) => {
      if (!store) throw err;
      console.warn("offline: no runtime to keep in this browser:", err);
      store = null;
      return loadPyodide({ indexURL });
    });
  const [pyodide, zip] = await Promise.all([
    fresh(),
    fetch(new URL("crowsnest.zip", BUILD)).then((r) => {
      if (!r.ok) throw new Error(`crowsnest.zip: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(new Uint8Array(zip), "zip", { extractDir: "/crowsnest-src" });
  pyodide.runPython(
    "import os, sys\nos.environ['CROWSNEST_PURE_PYTHON'] = '1'\nsys.path.insert(0, '/crowsnest-src')\n" +
      "import crowsnest.offline.driver",
  );
  // The snapshot is taken before any Python object has crossed into JavaScript.
  if (store) {
    try {
      void keep(store, name, pyodide.makeMemorySnapshot());
    } catch (err) {
      console.warn("offline: the runtime could not be kept for the next start:", err);
    }
  }
  return pyodide.pyimport("crowsnest.offline.driver");
}

/**
 * Keeps a runtime's snapshot, and drops those of earlier builds.
 * @param {Cache} store
 * @param {string} name
 * @param {Uint8Array<ArrayBuffer>} snapshot
 */
async function keep(store, name, snapshot) {
  try {
    await store.put(SNAPSHOT_URL, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
    for (const key of await caches.keys()) if (key.startsWith(SNAPSHOTS) && key !== name) await caches.delete(key);
  } catch (err) {
    console.warn("offline: the runtime could not be kept for the next start:", err);
  }
}

const booted = boot();

/** @param {object} data */
function post(data) {
  /** @type {any} */ (self).postMessage(data);
}

/** @param {string} text the driver's answer */
function deliver(text) {
  /** @type {Answer} */
  const answer = JSON.parse(text);
  if (answer.seconds != null) post({ kind: "timing", seconds: answer.seconds });
  // The actions (what rebuilds the game) with every answer; the record and the
  // player's result once it is over.
  const log = JSON.parse(driver.record());
  const over = answer.messages.some((m) => /** @type {any} */ (m).type === "state" && /** @type {any} */ (m).status === "over");
  post({ kind: "messages", messages: answer.messages, actions: log.actions, record: over ? log.record : null, result: over ? log.result : null });
  clearTimeout(botTimer);
  if (answer.due != null) botTimer = setTimeout(() => deliver(driver.bot()), delayMs);
}

self.addEventListener("message", async (event) => {
  const data = /** @type {MessageEvent} */ (event).data;
  try {
    driver = await booted;
    if (data.kind === "start") {
      delayMs = Math.max(0, Number(data.config.bot_delay ?? 0.8) * 1000);
      post({ kind: "ready", start });
      deliver(driver.start(JSON.stringify(data.config)));
    } else if (data.kind === "send") {
      deliver(driver.send(JSON.stringify(data.message)));
    } else if (data.kind === "hint") {
      post({ kind: "hint", id: data.id, answer: JSON.parse(driver.hint()) });
    }
  } catch (err) {
    post({ kind: "failed", error: String(err) });
  }
});

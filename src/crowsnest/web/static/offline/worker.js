// @ts-check
// The Web Worker of a game with no connection: Pyodide (served from our own static
// files, offline/build/pyodide: `make offline`) runs the engine and the bots from
// their Python source (offline/build/crowsnest.zip), through crowsnest.offline.driver.
// It speaks the server's websocket messages (docs/protocol.md) to the page's
// transport (offline/transport.js); the bots decide here, so the page never waits.
//
// Page -> worker: {kind: "start", config} | {kind: "send", message} | {kind: "hint", id}
// Worker -> page: {kind: "ready"} | {kind: "messages", messages, actions, record, result}
//   | {kind: "hint", id, answer} | {kind: "timing", seconds} | {kind: "failed", error}

/** @typedef {{messages: object[], due: number | null, seq: number, seconds?: number | null}} Answer */

const BUILD = new URL("./build/", import.meta.url);

/** @type {any} the driver module (a Pyodide proxy) */
let driver = null;
/** @type {number} the table's bot delay (ms) */
let delayMs = 800;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let botTimer;

async function boot() {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", BUILD).href);
  const [pyodide, zip] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", BUILD).href }),
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
  return pyodide.pyimport("crowsnest.offline.driver");
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
      post({ kind: "ready" });
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

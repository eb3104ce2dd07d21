// @ts-check
// The table's shell (game.js) talks to the server only through a transport: a fake one
// here delivers the server's messages and keeps what the table sends, as a Web
// Worker's would.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView } from "./fixtures.js";
import { welcome, state } from "./messages.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";

/** @typedef {import("../../src/crowsnest/web/static/transport.js").Transport} Transport */
/** @typedef {import("../../src/crowsnest/web/static/transport.js").TransportHandlers} TransportHandlers */
/** @typedef {import("../../src/crowsnest/web/static/types.js").ServerMessage} ServerMessage */
/** @typedef {import("../../src/crowsnest/web/static/types.js").ClientMessage} ClientMessage */

// What the shell needs from a browser beyond env.js's document.
const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
for (const name of ["HTMLButtonElement", "HTMLInputElement", "HTMLDialogElement", "MouseEvent", "KeyboardEvent", "localStorage", "sessionStorage"]) {
  g[name] = window[/** @type {keyof typeof window} */ (name)];
}
g.ResizeObserver = class {
  observe() {}
  disconnect() {}
};

const { Game } = await import("../../src/crowsnest/web/static/game.js");
const en = catalogOf("en");
useCatalog("en", en);

/** @implements {Transport} */
class FakeTransport {
  constructor() {
    /** @type {TransportHandlers | null} */
    this.handlers = null;
    /** @type {ClientMessage[]} */
    this.sent = [];
    this.isOpen = false;
    this.closed = false;
  }
  /** @param {TransportHandlers} handlers */
  open(handlers) {
    this.handlers = handlers;
    handlers.status("connecting");
  }
  /** @param {ClientMessage} message */
  send(message) {
    if (!this.isOpen) return false;
    this.sent.push(message);
    return true;
  }
  close() {
    this.closed = true;
  }
  connect() {
    this.isOpen = true;
    this.handlers?.status("open");
  }
  /** @param {ServerMessage} message */
  deliver(message) {
    this.handlers?.message(message);
  }
}

/** Let the table draw what it was given (its queue is shown asynchronously). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

test("a table played through a fake transport: drawn from its messages, answered through it", async () => {
  const root = document.createElement("div");
  document.body.append(root);
  /** @type {string[]} */
  const toasts = [];
  const fake = new FakeTransport();
  /** @type {import("../../src/crowsnest/web/static/types.js").Session[]} */
  const asked = [];
  const session = { tableId: "t1", token: "tok", seat: 0, invite: null };
  const game = new Game(root, session, { toast: (text) => toasts.push(text), announce: () => {}, leave: () => {}, lost: () => {} }, (s) => {
    asked.push(s);
    return fake;
  });
  game.start();
  try {
    await play(root, game, fake, toasts);
  } finally {
    game.stop();
    root.remove();
  }
  assert.deepEqual(asked, [session]);
  assert.equal(fake.closed, true);
});

/**
 * @param {HTMLElement} root
 * @param {import("../../src/crowsnest/web/static/game.js").Game} game
 * @param {FakeTransport} fake
 * @param {string[]} toasts
 */
async function play(root, game, fake, toasts) {
  assert.equal(root.querySelector("#connection")?.textContent, en["connection.connecting"]);
  fake.connect();
  assert.equal(/** @type {HTMLElement} */ (root.querySelector("#connection")).hidden, true);

  fake.deliver(welcome(0));
  fake.deliver(state(4, rookView({ auction: [[3, 70]], high_bid: 70, high_bidder: 3 }), ["bid pass", "bid 75", "bid 80"]));
  await settle();
  assert.equal(game.current?.seq, 4);
  assert.equal(document.body.dataset.phase, "auction");
  const offered = [...root.querySelectorAll("#action-area [data-action]")].map((b) => /** @type {HTMLElement} */ (b).dataset.action);
  assert.deepEqual(offered, ["bid 75", "bid 80", "bid pass"]);
  assert.deepEqual([...root.querySelectorAll("#hand .card")].map((c) => /** @type {HTMLElement} */ (c).dataset.card), ["Y14", "G5", "CROW", "B7", "R1"]);

  /** @type {HTMLElement} */ (root.querySelector('[data-action="bid 75"]')).click();
  assert.deepEqual(fake.sent, [{ type: "action", seq: 4, action: "bid 75" }]);
  assert.ok(root.querySelector(".game")?.classList.contains("acting"));

  fake.deliver({ type: "error", code: "bid_too_low", message: "too low", seq: 4, args: { minimum: 80 } });
  assert.deepEqual(fake.sent.at(-1), { type: "sync" });
  assert.equal(toasts.at(-1), String(en["error.bid_too_low"]).replace("{minimum}", "80"));

  fake.deliver({ type: "bot_trouble", seat: 1, seq: 4, bot: "hard", instead: "normal" });
  assert.equal(toasts.at(-1), String(en["connection.bot_trouble"]).replace("{name}", String(en["seat.bot_west"])));
}

// @ts-check
// The websocket connection hands each kind of server message to its handler: a bot's
// trouble (bot_trouble) reaches the table, which tells the player.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../../src/crowsnest/web/static/connection.js";

/** A WebSocket that records what is sent and lets the test deliver messages. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  /** @type {FakeSocket[]} */
  static made = [];
  /** @param {string} url */
  constructor(url) {
    super();
    this.url = url;
    this.readyState = FakeSocket.OPEN;
    /** @type {string[]} */
    this.sent = [];
    FakeSocket.made.push(this);
  }
  /** @param {string} text */
  send(text) {
    this.sent.push(text);
  }
  close() {}
  /** @param {object} message */
  deliver(message) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
}

test("a bot_trouble message reaches its handler, after the hello", () => {
  const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  g.WebSocket = FakeSocket;
  g.location = window.location;
  /** @type {unknown[]} */
  const troubles = [];
  const none = () => {};
  const connection = new Connection("t1", "tok", {
    onWelcome: none,
    onState: none,
    onPresence: none,
    onError: none,
    onConnection: none,
    onBotTrouble: (msg) => troubles.push(msg),
  });
  connection.open();
  const ws = FakeSocket.made[0];
  assert.equal(ws.url, "ws://127.0.0.1/ws/t1");
  ws.dispatchEvent(new Event("open"));
  assert.deepEqual(JSON.parse(ws.sent[0]), { type: "hello", version: 3, token: "tok" });
  const trouble = { type: "bot_trouble", seat: 2, seq: 14, bot: "hard", instead: "normal" };
  ws.deliver(trouble);
  assert.deepEqual(troubles, [trouble]);
  connection.closed = true;
  clearInterval(connection.pinger);
});

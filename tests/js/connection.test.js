// @ts-check
// The websocket transport says hello and hands every server message over as it came:
// a bot's trouble (bot_trouble) reaches the table, which tells the player.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { websocketTransport } from "../../src/crowsnest/web/static/connection.js";

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

test("the websocket says hello with the seat's token, then hands every message over", () => {
  const g = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
  g.WebSocket = FakeSocket;
  g.location = window.location;
  /** @type {unknown[]} */
  const messages = [];
  /** @type {string[]} */
  const statuses = [];
  const transport = websocketTransport({ tableId: "t1", token: "tok", seat: 0, invite: null });
  transport.open({ message: (msg) => messages.push(msg), status: (status) => statuses.push(status) });
  const ws = FakeSocket.made[0];
  assert.equal(ws.url, "ws://127.0.0.1/ws/t1");
  ws.dispatchEvent(new Event("open"));
  assert.deepEqual(JSON.parse(ws.sent[0]), { type: "hello", version: 3, token: "tok" });
  assert.deepEqual(statuses, ["connecting", "open"]);
  const trouble = { type: "bot_trouble", seat: 2, seq: 14, bot: "hard", instead: "normal" };
  ws.deliver(trouble);
  assert.deepEqual(messages, [trouble]);
  assert.equal(transport.send({ type: "sync" }), true);
  assert.deepEqual(JSON.parse(ws.sent[1]), { type: "sync" });
  transport.close();
  assert.equal(transport.send({ type: "sync" }), false);
});

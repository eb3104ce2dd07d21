// @ts-check
// The client waits as long as the server says before it asks again for a table that
// moves to another server: retry_after on the websocket, Retry-After on HTTP.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { retryAfterMs } from "../../src/crowsnest/web/static/api.js";
import { backoff, reconnectDelay } from "../../src/crowsnest/web/static/connection.js";

test("a reconnection waits the server's retry_after, else the back-off", () => {
  assert.equal(reconnectDelay(0, 1), 1000);
  assert.equal(reconnectDelay(3, 0.5), 500);
  assert.equal(reconnectDelay(0, 60), 5000);
  assert.equal(reconnectDelay(2, null), backoff(2));
  assert.equal(reconnectDelay(2, Number.NaN), backoff(2));
});

test("a refused request is sent again after its Retry-After, 1 s without one", () => {
  assert.equal(retryAfterMs("2"), 2000);
  assert.equal(retryAfterMs("0"), 0);
  assert.equal(retryAfterMs("30"), 5000);
  assert.equal(retryAfterMs(null), 1000);
  assert.equal(retryAfterMs("soon"), 1000);
});

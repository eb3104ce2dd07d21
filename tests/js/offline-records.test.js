// @ts-check
// offline/records.js: finished offline games kept in IndexedDB (here fake-indexeddb,
// an in-memory IndexedDB), counted in the browser's own statistics, and sent to the
// History once, each marked as the server answered.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { IDBFactory } from "fake-indexeddb";
import {
  allRecords,
  finishedRecord,
  keepFinished,
  localStats,
  openRecords,
  practiceBody,
  sendKept,
} from "../../src/crowsnest/web/static/offline/records.js";
import { ApiError } from "../../src/crowsnest/web/static/api.js";

/** @typedef {import("../../src/crowsnest/web/static/offline/records.js").OfflineRecord} OfflineRecord */

/**
 * An offline transport's game and the worker's result.
 * @param {string} id
 * @param {string} rules
 * @param {{score: number, won: boolean}} result
 * @param {string} at
 */
function record(id, rules, result, at) {
  const game = {
    table_id: id, rules, options: { target: 50 }, level: "easy", seed: 7, name: "Ann", bot_delay: 0,
    actions: /** @type {[number, string][]} */ ([[1, "bid 70"], [2, "pass"]]),
  };
  const kept = finishedRecord(game, { ...result, scores: [result.score, 10] }, new Date(at));
  assert.ok(kept);
  return kept;
}

const A = record("offline-a", "rook/crowsnest", { score: 120, won: true }, "2026-01-01T10:00:00Z");
const B = record("offline-b", "hearts", { score: 40, won: false }, "2026-01-02T10:00:00Z");
const C = record("offline-c", "rook/crowsnest", { score: -30, won: false }, "2026-01-03T10:00:00Z");

test("a game with no result (not over) is no record; a finished one is kept as sent by nobody", () => {
  assert.equal(finishedRecord({ table_id: "x", rules: "hearts", options: {}, level: "easy", seed: 1, name: "A", actions: [] }, null), null);
  assert.equal(A.status, "kept");
  assert.equal(A.table_id, null);
  assert.deepEqual(A.final_scores, [120, 10]);
});

test("the browser's own statistics: games, wins and points by rule set", () => {
  assert.deepEqual(localStats([A, B, C]), [
    { rules: "hearts", games: 1, wins: 0, points: 40 },
    { rules: "rook/crowsnest", games: 2, wins: 1, points: 90 },
  ]);
  assert.deepEqual(localStats([]), []);
});

test("what is sent is what rebuilds the game, nothing the server would not believe", () => {
  assert.deepEqual(practiceBody(A), {
    rules: "rook/crowsnest", options: { target: 50 }, seed: 7, level: "easy", seat: 0, name: "Ann",
    actions: [[1, "bid 70"], [2, "pass"]],
  });
});

test("a finished game is kept once, in IndexedDB, and read back oldest first", async () => {
  const factory = new IDBFactory();
  assert.equal(await keepFinished(C, factory), true);
  assert.equal(await keepFinished(A, factory), true);
  // Kept again (a reload of the finished game): the first is left as it is.
  assert.equal(await keepFinished({ ...A, score: 999 }, factory), true);
  const db = await openRecords(factory);
  const all = await allRecords(db);
  db.close();
  assert.deepEqual(all.map((r) => [r.id, r.score]), [["offline-a", 120], ["offline-c", -30]]);
});

test("no IndexedDB: the game is not kept, and nothing breaks", async () => {
  assert.equal(await keepFinished(A, /** @type {any} */ (null)), false);
});

test("sending marks each game sent or refused, and stops at a failure of the connection", async () => {
  const factory = new IDBFactory();
  for (const r of [A, B, C]) await keepFinished(r, factory);
  const db = await openRecords(factory);
  /** @type {string[]} */
  const posted = [];
  const answers = [
    () => ({ table_id: "practice-1", new: true, rules: "rook/crowsnest", seat: 0, score: 120, won: true, final_scores: [120, 10] }),
    () => { throw new ApiError("bad_record", "action 1 (seat 2, 'pass'): not your turn", 400); },
    () => { throw new ApiError("network", "no answer", 0); },
  ];
  const first = await sendKept(db, async (body) => {
    posted.push(body.rules);
    return answers[posted.length - 1]();
  });
  assert.deepEqual(first, { sent: 1, refused: 1, error: "network" });
  let all = await allRecords(db);
  assert.deepEqual(all.map((r) => [r.id, r.status, r.table_id]), [
    ["offline-a", "sent", "practice-1"], ["offline-b", "refused", null], ["offline-c", "kept", null],
  ]);
  assert.match(all[1].problem ?? "", /^bad_record: action 1/);
  // Later, only the game left is sent.
  const again = await sendKept(db, async (body) => {
    posted.push(body.rules);
    return { table_id: "practice-3", new: true, rules: body.rules, seat: 0, score: -30, won: false, final_scores: [-30, 10] };
  });
  assert.deepEqual(again, { sent: 1, refused: 0, error: null });
  all = await allRecords(db);
  assert.deepEqual(all.map((r) => r.status), ["sent", "refused", "sent"]);
  assert.equal(posted.length, 4);
  db.close();
});

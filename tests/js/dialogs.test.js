// @ts-check
// dialogs.js: a verdict is coloured as news for the viewer's side, never as the
// contract's outcome; a spectator's is neither.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, heartsView, modelOf } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { summaryBody, gameOverContent } from "../../src/crowsnest/web/static/dialogs.js";

useCatalog("en", catalogOf("en"));

/** @typedef {import("../../src/crowsnest/web/static/types.js").HandEnd} HandEnd */

/**
 * A Rook hand's end, declared by `declarer`.
 * @param {number} declarer
 * @param {boolean} made
 * @returns {HandEnd}
 */
function rookEnd(declarer, made) {
  return {
    type: "hand_end",
    hand_number: 0,
    totals: [0, 0],
    declarer,
    bid: 100,
    trump: "red",
    counted: [80, 40],
    nest_points: 0,
    last_trick_team: 0,
    tricks_won: [7, 2],
    made,
    score: [80, 40],
  };
}

/** @param {import("../../src/crowsnest/web/static/dom.js").Child[]} nodes */
function verdictOf(nodes) {
  const host = document.createElement("div");
  host.append(.../** @type {Node[]} */ (nodes.flat().filter(Boolean)));
  const p = host.querySelector(".verdict");
  return p ? [...p.classList].filter((c) => c !== "verdict") : [];
}

test("a contract set is good news for the other side, bad for the declarer's", () => {
  const m = modelOf(rookView({ phase: "play" }), []);
  assert.deepEqual(verdictOf(summaryBody(m, rookEnd(1, false), null)), ["good"]);
  assert.deepEqual(verdictOf(summaryBody(m, rookEnd(0, false), null)), ["bad"]);
  assert.deepEqual(verdictOf(summaryBody(m, rookEnd(2, true), null)), ["good"]);
  assert.deepEqual(verdictOf(summaryBody(m, rookEnd(3, true), null)), ["bad"]);
  const watcher = modelOf(rookView({ phase: "play", seat: null, team: null }), [], { watching: true, me: null });
  assert.deepEqual(verdictOf(summaryBody(watcher, rookEnd(1, false), null)), ["neutral"]);
});

test("the game over verdict: a loss is not shown as a success", () => {
  const lost = modelOf(rookView({ phase: "over", winner: 1 }), []);
  const wonView = rookView({ phase: "over", winner: 0 });
  assert.deepEqual(verdictOf(gameOverContent(lost, lost.msg?.view ?? wonView)), ["bad"]);
  assert.deepEqual(verdictOf(gameOverContent(modelOf(wonView, []), wonView)), ["good"]);
  const hearts = heartsView({ phase: "over", winner: 2 });
  assert.deepEqual(verdictOf(gameOverContent(modelOf(hearts, []), hearts)), ["bad"]);
});

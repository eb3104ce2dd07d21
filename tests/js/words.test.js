// @ts-check
// The words of the review and of sentences with names, in each language.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { useCatalog, useLanguages, isolate, t, formatNumber } from "../../src/crowsnest/web/static/i18n.js";
import { whyText } from "../../src/crowsnest/web/static/review-words.js";

/** @typedef {import("../../src/crowsnest/web/static/wire.js").ReviewReason} ReviewReason */

/**
 * A reason of the given code about a trick worth `points`.
 * @param {ReviewReason["code"]} code
 * @param {number} points
 * @returns {ReviewReason}
 */
const reason = (code, points) => ({ code, action: "play 5H", other: "play KH", worlds: 40, a: 31, b: 9, points });

test("a trick of one point is one point, in each language that says so", () => {
  useCatalog("en", catalogOf("en"));
  assert.match(whyText(reason("trick_lost", 1), "hearts", null), /its 1 point in 9 of 40 deals/);
  assert.match(whyText(reason("trick_lost", 3), "hearts", null), /its 3 points in 9 of 40 deals/);
  assert.match(whyText(reason("trick_won", 1), "rook", null), /its 1 point comes to your side/);
  assert.match(whyText(reason("ruff", 20), "rook", null), /its 20 points come to your side/);
  useCatalog("el", catalogOf("el"));
  assert.match(whyText(reason("trick_won", 1), "rook", null), /ο 1 πόντος της έρχεται/);
  assert.match(whyText(reason("trick_won", 15), "rook", null), /οι 15 πόντοι της έρχονται/);
  useCatalog("he", catalogOf("he"));
  const one = whyText(reason("trick_lost", 1), "hearts", null);
  assert.match(one, /והנקודה שלה/);
  assert.doesNotMatch(one, /1 הנקודות/);
  assert.match(whyText(reason("trick_lost", 4), "hearts", null), /4 הנקודות שלה/);
});

test("in Hebrew a Latin name is isolated in its sentence; in a left-to-right language nothing changes", () => {
  useLanguages({ languages: ["en", "el", "he", "pl"], rtl: ["he"] });
  useCatalog("he", catalogOf("he"));
  assert.equal(isolate("Ann"), "\u2068Ann\u2069");
  assert.equal(isolate("חנה"), "חנה");
  assert.match(t("timer.ran_out.pass", { name: "Ann" }), /\u2068Ann\u2069/);
  useCatalog("en", catalogOf("en"));
  assert.equal(isolate("Ann"), "Ann");
  assert.doesNotMatch(t("timer.ran_out.pass", { name: "Ann" }), /\u2068/);
});

test("in Hebrew a negative number keeps its minus on the left", () => {
  useLanguages({ languages: ["en", "el", "he", "pl"], rtl: ["he"] });
  useCatalog("he", catalogOf("he"));
  assert.match(formatNumber(-80), /^\u2066.*-80\u2069$/);
  assert.equal(formatNumber(80), "80");
  useCatalog("pl", catalogOf("pl"));
  assert.equal(formatNumber(-80), "-80");
});

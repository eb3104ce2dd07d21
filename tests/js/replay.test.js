// @ts-check
// replay.js and i18n's dates: where tricks end and hands start; dates per language.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { useCatalog, formatDate } from "../../src/crowsnest/web/static/i18n.js";
import { marks } from "../../src/crowsnest/web/static/replay.js";

/**
 * Steps with only what marks() reads.
 * @param {{trick?: boolean, dealt?: boolean}[]} kinds
 * @returns {import("../../src/crowsnest/web/static/replay.js").Step[]}
 */
function steps(kinds) {
  return kinds.map((k) =>
    /** @type {import("../../src/crowsnest/web/static/replay.js").Step} */ (
      /** @type {unknown} */ ({
        trick_done: k.trick ? { leader: 0, cards: [], winner: 0, points: 0 } : null,
        dealt: k.dealt ?? false,
      })
    ),
  );
}

test("the replay's marks: each completed trick, and each hand's first step", () => {
  const marked = marks(steps([{}, {}, { trick: true }, { trick: true }, { dealt: true }, {}, { trick: true }]));
  assert.deepEqual(marked, { tricks: [2, 3, 6], hands: [0, 4] });
});

test("a date is written for the language; no date is left as it came", () => {
  useCatalog("en", {});
  const en = formatDate("2026-03-04T05:06:00Z");
  assert.match(en, /2026/);
  useCatalog("pl", {});
  const pl = formatDate("2026-03-04T05:06:00Z");
  assert.match(pl, /2026/);
  assert.notEqual(en, pl);
  assert.equal(formatDate("not a date"), "not a date");
});

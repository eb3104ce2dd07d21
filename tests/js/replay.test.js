// @ts-check
// replay.js and i18n's dates: where tricks end and hands start; dates per language.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { useCatalog, formatDate } from "../../src/crowsnest/web/static/i18n.js";
import { h } from "../../src/crowsnest/web/static/dom.js";
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

test("a replay step is drawn by the live table's parts, from the step's view", async () => {
  const { stepModel } = await import("../../src/crowsnest/web/static/replay-table.js");
  const { drawSeat, scorebar } = await import("../../src/crowsnest/web/static/table.js");
  const { trickCards, playedBy } = await import("../../src/crowsnest/web/static/trick.js");
  const { rookView } = await import("./fixtures.js");
  useCatalog("en", catalogOf("en"));
  const view = rookView({ seat: null, team: null, hand: null, phase: "play", dealer: 1, declarer: 3, bid: 80, trump: "red", actors: [2], trick: ["R5"], leader: 1 });
  /** @type {import("../../src/crowsnest/web/static/replay.js").ReplaySeat[]} */
  const seats = [
    { seat: 0, kind: "human", name: "Ann", left: null },
    { seat: 1, kind: "bot", name: "Ada", left: null },
    { seat: 2, kind: "human", name: "Bo", left: 3 },
    { seat: 3, kind: "bot", name: "Hugo", left: null },
  ];
  const step = /** @type {import("../../src/crowsnest/web/static/replay.js").Step} */ (/** @type {unknown} */ ({ view, hands: [["G5"], ["B7"], ["Y14"], ["R1"]] }));
  const data = /** @type {import("../../src/crowsnest/web/static/replay.js").Replay} */ (/** @type {unknown} */ ({ seats, steps: [step] }));
  const m = stepModel({ data, game: /** @type {import("../../src/crowsnest/web/static/history.js").GameRow} */ (/** @type {unknown} */ ({})), index: 0, seat: 2 }, step, [2]);
  assert.equal(m.me, null);
  assert.equal(m.bottom, 2);
  assert.deepEqual(m.legal, []);
  // Bo's seat at the bottom, named, gone; Ann across; Hugo on the left, the declarer;
  // no card backs.
  const bottom = h("div", { class: "seat", "data-pos": "bottom" });
  drawSeat(bottom, m);
  assert.equal(bottom.dataset.seat, "2");
  assert.equal(bottom.querySelector(".seat-name")?.textContent, "Bo");
  assert.ok(bottom.querySelector(".seat-left"));
  assert.equal(bottom.dataset.turn, "true");
  const top = h("div", { class: "seat", "data-pos": "top" });
  drawSeat(top, m);
  assert.equal(top.querySelector(".seat-name")?.textContent, "Ann");
  const left = h("div", { class: "seat", "data-pos": "left" });
  drawSeat(left, m);
  assert.equal(left.querySelector(".seat-name")?.textContent, "Hugo");
  assert.ok([...left.querySelectorAll(".chip")].some((c) => c.textContent === "Declarer"));
  assert.equal(left.querySelector(".back"), null);
  // The trick's card played by Ada (seat 1) lies on Bo's right.
  const [card] = trickCards(m, playedBy(view.trick, view.leader));
  assert.equal(card.dataset.pos, "right");
  assert.equal(scorebar(m).some((part) => part.classList.contains("sb-watching")), false);
});

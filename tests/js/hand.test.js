// @ts-check
// hand.js: the hand in the engine's order, the cards marked, the keys on it.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, heartsView, modelOf } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { keepSelection, nextCard, handCards } from "../../src/crowsnest/web/static/hand.js";

useCatalog("en", catalogOf("en"));

test("the hand is drawn in the order the view gives it (the engine's), never re-sorted", () => {
  const hand = ["G14", "G2", "CROW", "R14", "R5", "Y10", "B1"];
  const m = modelOf(rookView({ phase: "play", hand, actors: [1] }), []);
  const buttons = handCards(m, { selection: new Set(), hinted: [] });
  assert.deepEqual(buttons.map((b) => b.dataset.card), hand);
});

test("a choice keeps the cards still offered and every required one", () => {
  const choice = { choose: /** @type {const} */ ("discard"), count: 2, from: ["R1", "G5", "B7"], required: ["B7"] };
  assert.deepEqual([...keepSelection(new Set(["R1", "Y14"]), choice)].sort(), ["B7", "R1"]);
  assert.equal(keepSelection(new Set(["R1"]), null).size, 0);
});

test("arrows move (mirrored right to left), up and down jump to a playable card", () => {
  const enabled = [false, true, false, false, true];
  assert.equal(nextCard(enabled, 1, "ArrowRight", false), 2);
  assert.equal(nextCard(enabled, 1, "ArrowRight", true), 0);
  assert.equal(nextCard(enabled, 0, "ArrowLeft", false), 0, "no further than the first card");
  assert.equal(nextCard(enabled, 1, "ArrowDown", false), 4);
  assert.equal(nextCard(enabled, 4, "ArrowDown", false), 1, "round to the start");
  assert.equal(nextCard(enabled, 4, "ArrowUp", false), 1);
  assert.equal(nextCard(enabled, 2, "End", false), 4);
  assert.equal(nextCard(enabled, 2, "Home", false), 0);
  assert.equal(nextCard(enabled, 2, "x", false), null);
});

test("the hand's buttons: in the view's order, the legal ones marked, the others disabled", () => {
  const view = rookView({ phase: "play", trump: "black", hand: ["B7", "CROW", "R1"] });
  const buttons = handCards(modelOf(view, ["play B7", "play CROW"]), { selection: new Set(), hinted: ["B7"] });
  assert.deepEqual(
    buttons.map((b) => [b.dataset.card, b.classList.contains("legal"), b.getAttribute("aria-disabled")]),
    [
      ["B7", true, null],
      ["CROW", true, null],
      ["R1", false, "true"],
    ],
  );
  assert.equal(buttons[1].getAttribute("aria-label"), "the Crow");
  assert.ok(buttons[0].classList.contains("hinted"));
  assert.equal(buttons[0].querySelector("svg")?.namespaceURI, "http://www.w3.org/2000/svg");
});

test("choosing cards to pass: pressed or not, received cards marked", () => {
  const view = heartsView({ hand: ["2C", "AS", "QH"] });
  const choice = { choose: /** @type {const} */ ("pass"), count: 2, from: ["2C", "QH", "AS"], required: [] };
  const buttons = handCards(modelOf(view, [choice]), { selection: new Set(["QH"]), hinted: [] });
  assert.deepEqual(
    buttons.map((b) => [b.dataset.card, b.getAttribute("aria-pressed")]),
    [
      ["2C", "false"],
      ["AS", "false"],
      ["QH", "true"],
    ],
  );
  const later = heartsView({ phase: "play", hand: ["2C", "QH"], received: ["QH"] });
  const marked = handCards(modelOf(later, []), { selection: new Set(), hinted: [] });
  assert.equal(marked[1].getAttribute("aria-label"), `Queen of hearts, ${catalogOf("en")["table.received"]}`);
  assert.ok(marked[1].classList.contains("received"));
});

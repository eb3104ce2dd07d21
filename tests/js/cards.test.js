// @ts-check
// cards.js and connection.js: the faces drawn from the notation; the reconnect back-off.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardFace, colourSymbol, suitSymbol } from "../../src/crowsnest/web/static/cards.js";
import { backoff } from "../../src/crowsnest/web/static/connection.js";

test("a card face is an SVG showing its rank; four-colour diamonds are blue", () => {
  const face = cardFace("QD", "four-colour");
  assert.equal(face.tagName, "svg");
  assert.equal(face.getAttribute("aria-hidden"), "true");
  assert.ok([...face.querySelectorAll("text")].some((t) => t.textContent === "Q"));
  assert.ok([...face.querySelectorAll("[fill]")].some((el) => el.getAttribute("fill") === "#1553b6"));
  const classic = cardFace("QD");
  assert.ok(![...classic.querySelectorAll("[fill]")].some((el) => el.getAttribute("fill") === "#1553b6"));
});

test("a Rook card shows its number; the bird has no number; no card is a blank face", () => {
  assert.ok([...cardFace("G14").querySelectorAll("text")].some((t) => t.textContent === "14"));
  assert.equal(cardFace("CROW").querySelectorAll("text").length, 0);
  assert.equal(cardFace("<script>").children.length, 1, "only the outline");
});

test("colour and suit symbols; an unknown colour draws nothing", () => {
  assert.equal(colourSymbol("red", 22)?.getAttribute("width"), "22");
  assert.equal(colourSymbol("purple"), null);
  assert.equal(suitSymbol("spades").getAttribute("class"), "symbol");
});

test("reconnecting waits longer after each failure, at most five seconds", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 10].map(backoff), [300, 600, 1200, 2400, 4800, 5000, 5000]);
});

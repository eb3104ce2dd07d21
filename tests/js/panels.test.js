// @ts-check
// panels.js: what the table offers is exactly the legal list; the prompt and hint lines.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, heartsView, modelOf, seatInfo } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { findAll } from "../../src/crowsnest/web/static/dom.js";
import { actionPanel, promptText, hintText, waitingPanel } from "../../src/crowsnest/web/static/panels.js";

const en = catalogOf("en");
useCatalog("en", en);

test("the auction offers the legal bids and the pass, nothing else", () => {
  const view = rookView({ auction: [[3, 70]], high_bid: 70, high_bidder: 3 });
  const panel = actionPanel(modelOf(view, ["bid pass", "bid 75", "bid 80"]), 0);
  assert.equal(panel?.id, "auction");
  assert.deepEqual(
    findAll(panel ?? document, "[data-action]").map((b) => b.dataset.action),
    ["bid 75", "bid 80", "bid pass"],
  );
  assert.deepEqual(
    findAll(panel ?? document, "#auction-history li").map((li) => li.dataset.bid),
    ["70"],
  );
});

test("no legal action: the auction so far while others bid, else nothing", () => {
  const view = rookView({ actors: [1], auction: [[0, 70]] });
  assert.equal(actionPanel(modelOf(view, []), 0)?.id, "bidding");
  assert.equal(actionPanel(modelOf(rookView({ phase: "play", actors: [1] }), []), 0), null);
});

test("trump: a button per legal colour", () => {
  const panel = actionPanel(modelOf(rookView({ phase: "trump" }), ["trump red", "trump black"]), 0);
  assert.deepEqual(
    findAll(panel ?? document, "[data-action]").map((b) => b.dataset.action),
    ["trump red", "trump black"],
  );
});

test("a pass of three: confirm only once three are chosen", () => {
  const choice = { choose: /** @type {const} */ ("pass"), count: 3, from: ["2C", "QH", "AS"], required: [] };
  const m = modelOf(heartsView(), [choice]);
  assert.equal(actionPanel(m, 2)?.querySelector("#confirm-cards")?.hasAttribute("disabled"), true);
  assert.equal(actionPanel(m, 3)?.querySelector("#confirm-cards")?.hasAttribute("disabled"), false);
});

test("the prompt: what you are asked, or whom the table waits for", () => {
  assert.equal(promptText(modelOf(rookView(), ["bid pass", "bid 70"])), en["prompt.bid"]);
  assert.equal(promptText(modelOf(rookView({ phase: "play" }), ["play R1"])), en["prompt.play"]);
  const waiting = modelOf(rookView({ actors: [2] }), []);
  assert.equal(promptText(waiting), String(en["prompt.waiting_for"]).replace("{name}", "<b>Bo</b>"));
});

test("a hint is worded, and names the cards to mark", () => {
  const m = modelOf(heartsView({ phase: "play" }), ["play QH"]);
  assert.deepEqual(hintText(m, "play QH"), { text: "Suggestion: play Queen of hearts.", cards: ["QH"] });
  assert.deepEqual(hintText(m, "bid 85").cards, []);
  assert.equal(hintText(m, "pass 2C QH AS").cards.length, 3);
});

test("the waiting room lists the seats with the names as text", () => {
  const seats = [
    seatInfo({ seat: 0, team: 0, name: "<i>Ann</i>", claimed: true, connected: true }),
    seatInfo({ seat: 1, team: 1 }),
  ];
  const panel = waitingPanel(modelOf(rookView(), [], { seats }), "http://x/?table=1&invite=2", {
    copy: () => {},
    fill: () => {},
  });
  const items = findAll(panel, ".seat-list li").map((li) => li.textContent);
  assert.equal(items[0], "Seat 1: <i>Ann</i>".replace("Seat 1", String(en["waiting.seat"]).replace("{n}", "1")));
  assert.equal(panel.querySelector("i"), null);
  assert.equal(/** @type {HTMLInputElement | null} */ (panel.querySelector("#invite-link"))?.value, "http://x/?table=1&invite=2");
});

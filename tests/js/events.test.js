// @ts-check
// events.js: what the announcer says, in the player's words.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, modelOf } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { describeEvent } from "../../src/crowsnest/web/static/events.js";

const en = catalogOf("en");
useCatalog("en", en);
const m = modelOf(rookView({ phase: "play" }), []);

test("a card played: by you, or by a player named", () => {
  assert.equal(describeEvent(m, { type: "play", seat: 0, card: "R14" }), String(en["say.you_played"]).replace("{card}", "Red 14"));
  const other = describeEvent(m, { type: "play", seat: 2, card: "CROW" });
  assert.ok(other.includes("<b>Bo</b>") && other.includes("the Crow"), other);
});

test("a pass in the auction, trump named, an event not worth saying", () => {
  assert.equal(describeEvent(m, { type: "bid", seat: 2, bid: null }), String(en["say.passed_bid"]).replace("{name}", "<b>Bo</b>"));
  assert.ok(describeEvent(m, { type: "trump", seat: 0, colour: "green" }).includes(String(en["colour.green"])));
  assert.equal(describeEvent(m, { type: "turn", seat: 1 }), "");
});

test("what you did is said to you in the second person, in every language", () => {
  const you = modelOf(rookView({ phase: "play" }), [], { me: 0 });
  assert.equal(describeEvent(you, { type: "trick", leader: 1, cards: ["R1", "R2", "R3", "R4"], winner: 0, points: 15 }), "You take the trick (15 points).");
  assert.equal(describeEvent(you, { type: "bid", seat: 0, bid: 80 }), "You bid 80.");
  assert.equal(describeEvent(you, { type: "bid", seat: 0, bid: null }), "You pass.");
  assert.equal(describeEvent(you, { type: "contract", declarer: 0, bid: 80 }), "You win the bid at 80.");
  assert.ok(describeEvent(you, { type: "trick", leader: 1, cards: ["R1", "R2", "R3", "R4"], winner: 2, points: 1 }).startsWith("<b>Bo</b> takes the trick (1 point)"));
  useCatalog("pl", catalogOf("pl"));
  try {
    assert.equal(describeEvent(you, { type: "trick", leader: 1, cards: ["R1", "R2", "R3", "R4"], winner: 0, points: 15 }), "Bierzesz lewę (15 punktów).");
    assert.equal(describeEvent(you, { type: "trick", leader: 1, cards: ["R1", "R2", "R3", "R4"], winner: 0, points: 2 }), "Bierzesz lewę (2 punkty).");
    useCatalog("he", catalogOf("he"));
    assert.equal(describeEvent(you, { type: "contract", declarer: 0, bid: 80 }), "זכית בהכרזה ב־80.");
    useCatalog("el", catalogOf("el"));
    assert.equal(describeEvent(you, { type: "bid", seat: 0, bid: null }), "Λέτε πάσο.");
  } finally {
    useCatalog("en", en);
  }
});

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

// @ts-check
// i18n.js: placeholders, numbers and plural forms per language, card names.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import {
  t,
  useCatalog,
  useLanguages,
  languages,
  isRtl,
  formatNumber,
  cardParts,
  cardName,
  cardArg,
} from "../../src/crowsnest/web/static/i18n.js";

test("placeholders take their arguments; numbers are written for the language", () => {
  useCatalog("en", { greet: "{name} has {n}", keep: "{missing} stays" });
  assert.equal(t("greet", { name: "Ann", n: 12345 }), "Ann has 12,345");
  assert.equal(t("keep"), "{missing} stays");
  useCatalog("pl", { greet: "{name} ma {n}" });
  assert.equal(t("greet", { name: "Ann", n: 12345 }), "Ann ma 12\u00a0345");
  assert.equal(formatNumber(1000000), "1\u00a0000\u00a0000");
});

test("a missing key shows as the key and is collected for the browser tests", () => {
  useCatalog("en", {});
  assert.equal(t("no.such.key"), "no.such.key");
  const missing = /** @type {{__i18nMissing?: Set<string>}} */ (globalThis).__i18nMissing;
  assert.ok(missing?.has("no.such.key"));
});

test("English plurals: one, other", () => {
  useCatalog("en", catalogOf("en"));
  assert.equal(t("seat.points", { count: 1, points: 1 }), "1 point");
  assert.equal(t("seat.points", { count: 0, points: 0 }), "0 points");
  assert.equal(t("seat.points", { count: 5, points: 5 }), "5 points");
});

test("Polish plurals: one, few, many", () => {
  useCatalog("pl", catalogOf("pl"));
  assert.equal(t("seat.points", { count: 1, points: 1 }), "1 punkt");
  assert.equal(t("seat.points", { count: 3, points: 3 }), "3 punkty");
  assert.equal(t("seat.points", { count: 5, points: 5 }), "5 punktów");
  assert.equal(t("seat.points", { count: 22, points: 22 }), "22 punkty");
  assert.equal(t("seat.points", { count: 25, points: 25 }), "25 punktów");
});

test("Hebrew plurals: one, two, other", () => {
  useCatalog("he", catalogOf("he"));
  assert.equal(t("seat.points", { count: 1, points: 1 }), "נקודה אחת");
  assert.equal(t("seat.points", { count: 2, points: 2 }), "2 נקודות");
  assert.equal(t("seat.points", { count: 7, points: 7 }), "7 נקודות");
});

test("the languages are the server's; right to left as it says", () => {
  useLanguages({ languages: ["en", "el", "he", "pl"], rtl: ["he"] });
  assert.deepEqual(languages(), ["en", "el", "he", "pl"]);
  assert.equal(isRtl("he"), true);
  assert.equal(isRtl("pl"), false);
});

test("card texts split into their parts; anything else is no card", () => {
  assert.deepEqual(cardParts("QS"), { family: "hearts", suit: "spades", rank: "Q" });
  assert.deepEqual(cardParts("TH"), { family: "hearts", suit: "hearts", rank: "10" });
  assert.deepEqual(cardParts("R14"), { family: "rook", colour: "red", number: 14 });
  assert.deepEqual(cardParts("CROW"), { family: "rook", bird: true });
  assert.equal(cardParts("1S"), null);
  assert.equal(cardParts("<b>"), null);
});

test("card names in English and Polish; the bird named for the rule set", () => {
  useCatalog("en", catalogOf("en"));
  assert.equal(cardName("QS"), "Queen of spades");
  assert.equal(cardName("R14"), "Red 14");
  assert.equal(cardName("CROW"), "the Crow");
  assert.equal(cardName("CROW", { bird: "rook" }), t("card.ROOK"));
  assert.equal(cardName("??"), "??");
  useCatalog("pl", catalogOf("pl"));
  assert.equal(cardName("QS"), "Dama pik");
  assert.equal(cardName("R14"), "Czerwona 14");
});

test("a card argument is declined as its placeholder asks; without forms it stays as it is", () => {
  useCatalog("pl", catalogOf("pl"));
  assert.equal(cardName("QS", { case: "gen" }), "Damy pik");
  assert.equal(cardName("JD", { case: "ins" }), "Waletem karo");
  assert.equal(cardName("R1", { case: "acc" }), "Czerwoną 1");
  assert.equal(cardName("CROW", { case: "acc" }), "Wronę");
  assert.equal(cardName("CROW", { bird: "rook", case: "ins" }), "Gawronem");
  assert.equal(cardName("2C", { case: "acc" }), "2 trefl");
  useCatalog("pl", { s: "ani {card:gen}, ani {other:gen}; {card}", "rank.Q": "Dama", "rank.Q.gen": "Damy", "cardname.spades": "{rank} pik" });
  assert.equal(t("s", { card: cardArg("QS"), other: "tekst" }), "ani Damy pik, ani tekst; Dama pik");
  useCatalog("en", catalogOf("en"));
  // English has no cases: the case asked for falls back to the one form.
  assert.equal(t("rules.hearts.first_trick", { card: cardArg("QS") }).includes("the Queen of spades"), true);
  assert.equal(cardName("QS", { case: "gen" }), "Queen of spades");
  assert.deepEqual(cardArg("CROW", { bird: "rook" }), { card: "CROW", bird: "rook" });
});

// @ts-check
// store.js: settings kept from an earlier visit are checked before they are used.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { cleanSettings, DEFAULT_SETTINGS, SETTING_CHOICES } from "../../src/crowsnest/web/static/store.js";
import { useOffers, levelOf } from "../../src/crowsnest/web/static/offers.js";

test("stored settings of the right kind and among their choices are kept", () => {
  const saved = { ...DEFAULT_SETTINGS, name: "Ann", cardSize: "large", speed: "instant", hints: false, options: { hearts: { target: 50 } } };
  assert.deepEqual(cleanSettings(saved), saved);
});

test("a value not among its choices, or of the wrong type, falls back to its default", () => {
  const got = cleanSettings({ cardSize: "normal", deckStyle: 3, level: "hard", hints: "yes", autoPlay: true, options: [1], extra: 1 });
  // the level is checked against the server's offer when a table is made (offers.js)
  assert.equal(got.cardSize, DEFAULT_SETTINGS.cardSize);
  assert.equal(got.deckStyle, DEFAULT_SETTINGS.deckStyle);
  assert.equal(got.hints, DEFAULT_SETTINGS.hints);
  assert.equal(got.level, "hard");
  assert.equal(got.autoPlay, true);
  assert.deepEqual(got.options, {});
  assert.equal("extra" in got, false);
  assert.deepEqual(cleanSettings(null), DEFAULT_SETTINGS);
  assert.deepEqual(cleanSettings({ options: { hearts: "x", "rook/crowsnest": { target: 500 } } }).options, { "rook/crowsnest": { target: 500 } });
});

test("every default is one of its own choices", () => {
  for (const [key, values] of Object.entries(SETTING_CHOICES)) {
    assert.ok(values.includes(String(/** @type {Record<string, unknown>} */ (DEFAULT_SETTINGS)[key])), key);
  }
});

test("the level played is the one chosen while the server offers it, else the server's default", () => {
  useOffers({ levels: ["easy", "normal", "hard"], level_default: "normal", timers: ["off", "normal"], timer_default: "normal", quick_messages: [], reactions: [] });
  assert.equal(levelOf("hard"), "hard");
  assert.equal(levelOf(""), "normal");
  assert.equal(levelOf("grandmaster"), "normal");
});

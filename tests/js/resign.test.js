// @ts-check
// resign.js and the replay's "left": the words of a resignation, and who had left by a step.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, modelOf, SEATS } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { confirmText, newsText, partnerOf, resignedText } from "../../src/crowsnest/web/static/resign.js";
import { seatsLeft } from "../../src/crowsnest/web/static/replay.js";

const en = catalogOf("en");
useCatalog("en", en);
const you = modelOf(rookView({ phase: "play" }), [], { me: 0 });

test("your partner is the other seat of your team", () => {
  assert.equal(partnerOf(you, 0), 2);
  assert.equal(partnerOf(you, 3), 1);
});

test("a person partner is asked; a bot plays the partner's seat: you resign alone", () => {
  assert.equal(confirmText(you), String(en["resign.confirm_partner"]).replace("{name}", "<b>Bo</b>"));
  const botPartner = SEATS.map((s) => (s.seat === 2 ? { ...s, bot: true } : s));
  assert.equal(confirmText({ ...you, seats: botPartner }), en["resign.confirm"]);
});

test("the news of a proposal: the wait, the question, the answers", () => {
  const news = (/** @type {number} */ seat, /** @type {"proposed" | "declined" | "withdrawn" | "lapsed"} */ status) =>
    newsText(you, { type: "resign", seat, status, seconds: status === "proposed" ? 30 : null });
  assert.ok(news(0, "proposed").includes("<b>Bo</b>"), news(0, "proposed"));
  assert.equal(news(2, "proposed"), String(en["resign.offer"]).replace("{name}", "<b>Bo</b>"));
  assert.equal(news(0, "declined"), String(en["resign.declined"]).replace("{name}", "<b>Bo</b>"));
  assert.equal(news(2, "withdrawn"), String(en["resign.withdrawn"]).replace("{name}", "<b>Bo</b>"));
  assert.equal(news(2, "lapsed"), en["resign.lapsed"]);
});

test("who resigned, once the game is over; nothing when nobody did", () => {
  assert.equal(resignedText(you, { resigned: null }), "");
  const text = resignedText(you, { resigned: 0 });
  assert.ok(text.includes("<b>Bo</b>") && text.includes(String(en["seat.you"])), text);
});

test("the replay: the seats whose player had left by a number of actions", () => {
  const data = /** @type {import("../../src/crowsnest/web/static/replay.js").Replay} */ (
    /** @type {unknown} */ ({
      seats: [
        { seat: 0, kind: "human", name: "Ann", left: null },
        { seat: 1, kind: "human", name: "Bo", left: 7 },
        { seat: 2, kind: "bot", name: "Ada", left: null },
        { seat: 3, kind: "human", name: "Cy", left: 0 },
      ],
    })
  );
  assert.deepEqual(seatsLeft(data, 0), [3]);
  assert.deepEqual(seatsLeft(data, 6), [3]);
  assert.deepEqual(seatsLeft(data, 7), [1, 3]);
});

// @ts-check
// model.js: where each seat sits, its name, the teams, the bird, what may be done.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, heartsView, modelOf } from "./fixtures.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import {
  relativeSeat,
  positionOf,
  seatAt,
  seatName,
  teamName,
  teamOf,
  teamSeats,
  birdName,
  errorWords,
  cardLabel,
  legalPlays,
  cardChoice,
} from "../../src/crowsnest/web/static/model.js";

useCatalog("en", catalogOf("en"));

test("you sit at the bottom, whichever seat you hold; the others clockwise", () => {
  for (const me of [0, 1, 2, 3]) {
    assert.deepEqual(
      [0, 1, 2, 3].map((place) => positionOf(me, seatAt(me, place))),
      ["bottom", "left", "top", "right"],
    );
    assert.equal(positionOf(me, me), "bottom");
    assert.equal(positionOf(me, (me + 2) % 4), "top");
  }
  assert.equal(relativeSeat(3, 0), 1);
  assert.equal(positionOf(null, 1), "left", "a spectator sees from seat 0");
});

test("names: you, the player's own name, a bot by its compass place", () => {
  const m = modelOf(rookView({ seat: 1, team: 1 }), [], { me: 1 });
  assert.equal(seatName(m, 1), "You");
  assert.equal(seatName(m, 0), "Ann");
  assert.equal(seatName(m, 2), "<b>Bo</b>");
  assert.equal(seatName(m, 3), "North", "seat 3 sits across from seat 1");
});

test("teams: Us and Them, or the partners' names for a spectator", () => {
  const m = modelOf(rookView({ seat: 1, team: 1 }), [], { me: 1 });
  assert.equal(teamOf(m.msg?.view ?? null, 3), 1);
  assert.deepEqual(teamSeats(m.msg?.view ?? null, 1), [1, 3]);
  assert.equal(teamName(m, 1), "Us");
  assert.equal(teamName(m, 0), "Them");
  const watcher = modelOf(rookView({ seat: null, team: null }), [], { me: null, watching: true });
  assert.equal(teamName(watcher, 0), "Ann & <b>Bo</b>");
});

test("the bird is named as the view, the replay or the rule set names it", () => {
  assert.equal(birdName(rookView()), "crow");
  assert.equal(birdName(rookView({ rules: "rook/tournament@1", bird: "rook" })), "rook");
  assert.equal(birdName({ bird: null }), "rook");
  assert.equal(birdName(null), "rook");
  assert.equal(cardLabel(modelOf(rookView(), []), "CROW"), "the Crow");
  const tournament = rookView({ rules: "rook/tournament@1", bird: "rook" });
  assert.equal(cardLabel(modelOf(tournament, []), "CROW"), "the Rook");
});

test("teams come from the view: Hearts seats are each their own team", () => {
  assert.equal(teamOf(heartsView(), 3), 3);
  assert.deepEqual(teamSeats(heartsView(), 2), [2]);
  assert.equal(teamOf(null, 1), -1);
  assert.deepEqual(teamSeats(null, 0), []);
});

test("only the cards in legal may be played; a card set is a choice", () => {
  assert.deepEqual([...legalPlays(["play QS", "play 2C", "bid 70"])], ["QS", "2C"]);
  assert.equal(cardChoice(["play QS"]), null);
  const choice = { choose: /** @type {const} */ ("pass"), count: 3, from: ["QS", "2C"], required: [] };
  assert.deepEqual(cardChoice([choice]), choice);
  assert.equal(modelOf(heartsView(), [choice]).legal[0], choice);
});

test("a refusal is worded with the engine's arguments, a suit named in the language", () => {
  assert.equal(errorWords("must_follow_suit", { suit: "clubs" }), "You must follow clubs.");
  assert.equal(errorWords("must_follow_suit", { suit: "red" }), "You must follow red.");
  assert.equal(errorWords("must_follow_suit", { suit: "trump" }), "You must follow trump.");
  useCatalog("pl", catalogOf("pl"));
  try {
    assert.equal(errorWords("must_follow_suit", { suit: "clubs" }), "Trzeba dołożyć do koloru: trefle.");
  } finally {
    useCatalog("en", catalogOf("en"));
  }
});

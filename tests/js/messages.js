// @ts-check
// Server messages for the tests, shaped as the server sends them (docs/protocol.md):
// tsc checks each against the generated wire types (wire.d.ts).

import { SEATS } from "./fixtures.js";

/** @typedef {import("../../src/crowsnest/web/static/types.js").View} View */
/** @typedef {import("../../src/crowsnest/web/static/types.js").LegalAction} LegalAction */
/** @typedef {import("../../src/crowsnest/web/static/types.js").GameEvent} GameEvent */
/** @typedef {import("../../src/crowsnest/web/static/types.js").StateMessage} StateMessage */
/** @typedef {import("../../src/crowsnest/web/static/types.js").TableInfo} TableInfo */
/** @typedef {import("../../src/crowsnest/web/static/types.js").WelcomeMessage} WelcomeMessage */

/** @type {TableInfo} */
export const TABLE = {
  id: "t1",
  rules: "rook/crowsnest",
  options: {},
  level: "normal",
  public: true,
  grace: 20,
  bot_delay: 0.8,
  status: "playing",
  seq: 0,
  seats: SEATS,
  spectators: 0,
  commitment: "ab".repeat(32),
  seed_chosen: false,
  timer: "off",
  turn_seconds: null,
};

/**
 * `welcome`, to seat `seat` (null: a spectator).
 * @param {number | null} seat
 * @returns {WelcomeMessage}
 */
export function welcome(seat) {
  return { type: "welcome", version: 3, table: TABLE, seat, role: seat == null ? "spectator" : "player" };
}

/**
 * A `state` message.
 * @param {number} seq
 * @param {View} view
 * @param {LegalAction[]} legal
 * @param {GameEvent[]} [events]
 * @param {(number | null)[]} [timeLeft]
 * @returns {StateMessage}
 */
export function state(seq, view, legal, events = [], timeLeft = [null, null, null, null]) {
  return { type: "state", seq, status: "playing", view, legal, events, time_left: timeLeft };
}

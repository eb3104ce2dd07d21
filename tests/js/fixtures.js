// @ts-check
// Views and models for the tests, shaped as docs/formats.md shows them.

import { DEFAULT_SETTINGS } from "../../src/crowsnest/web/static/store.js";

/** @typedef {import("../../src/crowsnest/web/static/types.js").RookView} RookView */
/** @typedef {import("../../src/crowsnest/web/static/types.js").HeartsView} HeartsView */
/** @typedef {import("../../src/crowsnest/web/static/types.js").View} View */
/** @typedef {import("../../src/crowsnest/web/static/types.js").LegalAction} LegalAction */
/** @typedef {import("../../src/crowsnest/web/static/model.js").TableModel} TableModel */
/** @typedef {import("../../src/crowsnest/web/static/types.js").SeatInfo} SeatInfo */

/**
 * A Rook view (docs/formats.md, "Rook view"), these fields changed: a view for
 * another seat says its `team` too, as the server's does (the fixtures compute no
 * rule).
 * @param {Partial<RookView>} [fields]
 * @returns {RookView}
 */
export function rookView(fields = {}) {
  const teams = fields.teams ?? [[0, 2], [1, 3]];
  const seat = fields.seat === undefined ? 0 : fields.seat;
  return {
    game: "rook",
    rules: "rook/crowsnest@1",
    seat: 0,
    phase: "auction",
    actors: [0],
    hand_number: 0,
    dealer: 3,
    hand: ["Y14", "G5", "CROW", "B7", "R1"],
    hand_sizes: [5, 5, 5, 5],
    auction: [],
    high_bid: null,
    high_bidder: null,
    declarer: null,
    bid: null,
    trump: null,
    nest_size: 5,
    nest: null,
    discards: null,
    trick: [],
    leader: null,
    tricks: [],
    captured: [0, 0],
    tricks_won: [0, 0],
    totals: [0, 0],
    results: [],
    winner: null,
    target: 300,
    resigned: null,
    teams,
    team: seat === null ? null : teams.findIndex((members) => members.includes(seat)),
    bird: "crow",
    ...fields,
  };
}

/**
 * A Hearts view (docs/formats.md, "Hearts view"), these fields changed.
 * @param {Partial<HeartsView>} [fields]
 * @returns {HeartsView}
 */
export function heartsView(fields = {}) {
  return {
    game: "hearts",
    rules: "hearts@1",
    seat: 0,
    phase: "pass",
    actors: [0, 1, 2, 3],
    hand_number: 0,
    pass_direction: "left",
    hand: ["6C", "TC", "AC", "5D", "QH"],
    hand_sizes: [5, 5, 5, 5],
    passed: null,
    received: null,
    trick: [],
    leader: null,
    tricks: [],
    hearts_broken: false,
    points_taken: [0, 0, 0, 0],
    totals: [0, 0, 0, 0],
    results: [],
    winner: null,
    target: 100,
    teams: [[0], [1], [2], [3]],
    team: 0,
    bird: null,
    ...fields,
  };
}

/** @type {SeatInfo[]} */
export const SEATS = [
  { seat: 0, kind: "human", name: "Ann", claimed: true, connected: true, bot: false, level: null, team: 0, away: false, left: false },
  { seat: 1, kind: "bot", name: null, claimed: true, connected: true, bot: false, level: null, team: 1, away: false, left: false },
  { seat: 2, kind: "human", name: "<b>Bo</b>", claimed: true, connected: true, bot: false, level: null, team: 0, away: false, left: false },
  { seat: 3, kind: "bot", name: null, claimed: true, connected: true, bot: false, level: null, team: 1, away: false, left: false },
];

/**
 * A seat as `welcome` and `presence` describe it, these fields changed.
 * @param {Partial<SeatInfo> & {seat: number, team: number}} fields
 * @returns {SeatInfo}
 */
export function seatInfo(fields) {
  return { kind: "human", name: null, claimed: false, connected: false, bot: false, level: null, away: false, left: false, ...fields };
}

/**
 * A model of the table for these view and legal actions, seen from seat `me`.
 * @param {View} view
 * @param {LegalAction[]} legal
 * @param {Partial<TableModel>} [fields]
 * @returns {TableModel}
 */
export function modelOf(view, legal, fields = {}) {
  return {
    msg: { type: "state", seq: 3, status: "playing", view, legal, events: [], time_left: [null, null, null, null] },
    legal,
    me: view.seat,
    watching: false,
    seats: SEATS,
    table: null,
    settings: { ...DEFAULT_SETTINGS },
    ...fields,
  };
}

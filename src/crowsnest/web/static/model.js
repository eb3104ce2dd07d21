// @ts-check
// What each part of the table draws from (a TableModel: the view, the legal actions,
// who you are, the seats, the settings) and the few things derived from it: where a
// seat sits, its name, the teams, the bird card's name. The teams and the bird come
// from the view (the engine's); the client works out neither.

import { t, cardName } from "./i18n.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").CardChoice} CardChoice */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").TableInfo} TableInfo */
/** @typedef {import("./store.js").Settings} Settings */

/**
 * @typedef {object} TableModel
 * @property {StateMessage | null} msg the state on screen (null before the first)
 * @property {LegalAction[]} legal what to offer now: none while newer states wait to be shown
 * @property {number | null} me your seat (null: a spectator who has no seat yet)
 * @property {boolean} watching a spectator: no hand, nothing to do
 * @property {SeatInfo[] | null} seats
 * @property {TableInfo | null} table
 * @property {Settings} settings
 * @property {(number | null)[]} [deadlines] each seat's turn deadline (performance.now() ms)
 * @property {Record<number, string>} [bubbles] a quick message shown at a seat
 * @property {number | null} [bottom] the seat drawn at the bottom, when it is not yours
 *   (a replay: the player whose game it is)
 * @property {boolean} [replay] a finished game's replay: every hand is face up (no card
 *   backs), and it is not a table being watched
 */

/** Where each seat sits, by its place after yours: you are at the bottom. */
export const POSITIONS = /** @type {const} */ (["bottom", "left", "top", "right"]);

/** The compass name of each position, for the bots' names (you are south). */
export const COMPASS = /** @type {const} */ (["south", "west", "north", "east"]);

/**
 * A seat's place counted from yours (0: you, 1: on your left, 2: across, 3: right).
 * @param {number | null} me
 * @param {number} seat
 */
export function relativeSeat(me, seat) {
  return (seat - (me ?? 0) + 4) % 4;
}

/**
 * Where a seat sits on your screen.
 * @param {number | null} me
 * @param {number} seat
 */
export function positionOf(me, seat) {
  return POSITIONS[relativeSeat(me, seat)];
}

/**
 * The seat at a place counted from yours.
 * @param {number | null} me
 * @param {number} place
 */
export function seatAt(me, place) {
  return ((me ?? 0) + place) % 4;
}

/**
 * The seat drawn at the bottom: yours, or the replay's chosen one.
 * @param {TableModel} m
 */
export function viewpoint(m) {
  return m.bottom ?? m.me;
}

/**
 * A seat's team: its index in the view's `teams` (the engine's), -1 with no view.
 * @param {{teams: number[][]} | null} view
 * @param {number} seat
 */
export function teamOf(view, seat) {
  return view ? view.teams.findIndex((team) => team.includes(seat)) : -1;
}

/**
 * The seats of a team, in seat order, as the view (or a replay) gives them.
 * @param {{teams: number[][]} | null} view
 * @param {number} team
 * @returns {number[]}
 */
export function teamSeats(view, team) {
  return view?.teams[team] ?? [];
}

/**
 * The bird card's name at this table, as the server names it (a view, a replay or a
 * rule set of GET /api/rules carries `bird`); "rook" when there is none to name.
 * @param {{bird?: "crow" | "rook" | null} | null | undefined} source
 * @returns {"crow" | "rook"}
 */
export function birdName(source) {
  return source?.bird ?? "rook";
}

/**
 * The rule set id of the table, without its version.
 * @param {TableModel} m
 */
export function rulesId(m) {
  return m.table?.rules ?? m.msg?.view.rules.split("@")[0] ?? "";
}

/** @param {TableModel} m */
export function isRook(m) {
  return (m.msg?.view.game ?? rulesId(m).split("/")[0]) === "rook";
}

/**
 * A seat's name in a sentence: you, or the seat's one name (the player's, or the
 * bot's as the server named it: the same on every screen). A seat with no name yet
 * (an older table's bot) falls back to its compass place.
 * @param {TableModel} m
 * @param {number} seat
 */
export function seatName(m, seat) {
  if (seat === m.me) return t("seat.you");
  return plateName(m, seat);
}

/**
 * The seat's one name, as its plate shows it on every screen (yours included).
 * @param {TableModel} m
 * @param {number} seat
 */
export function plateName(m, seat) {
  const info = m.seats?.[seat];
  if (info?.name) return info.name;
  if (seat === m.me) return t("seat.you");
  return t(`seat.bot_${COMPASS[relativeSeat(m.me, seat)]}`);
}

/**
 * For each free seat of a table, whose partner and whose opponent it makes you
 * (Rook: the seats' `team`, the engine's); Hearts: every other player is an opponent.
 * @param {import("./types.js").SeatInfo[]} seats
 * @param {number} seat
 * @param {number | null} [me] your seat now, left out (you would move from it)
 * @returns {string}
 */
export function seatRelation(seats, seat, me = null) {
  const team = seats[seat]?.team;
  const named = seats.filter((s) => s.seat !== seat && s.seat !== me && s.claimed && s.name);
  const partners = named.filter((s) => s.team === team).map((s) => s.name);
  const opponents = named.filter((s) => s.team !== team).map((s) => s.name);
  const parts = [];
  if (partners.length) parts.push(t("people.partner_of", { name: partners.join(", ") }));
  if (opponents.length) parts.push(t("people.opponent_of", { names: opponents.join(", ") }));
  return parts.join("; ") || t("seat.open");
}

/**
 * Your team (for a spectator: the team of seat 0).
 * @param {TableModel} m
 */
export function ourTeam(m) {
  return teamOf(m.msg?.view ?? null, m.me ?? 0);
}

/**
 * Us or Them; for a spectator, the partners' names (team 0: seats 0 and 2).
 * @param {TableModel} m
 * @param {number} team
 */
export function teamName(m, team) {
  if (m.watching) {
    const [first = 0, second = 0] = teamSeats(m.msg?.view ?? null, team);
    return t("team.pair", { first: seatName(m, first), second: seatName(m, second) });
  }
  return team === ourTeam(m) ? t("team.us") : t("team.them");
}

/**
 * A card's name at this table (the bird named as this rule set names it).
 * @param {TableModel} m
 * @param {string} code
 */
export function cardLabel(m, code) {
  return cardName(code, { bird: birdName(m.msg?.view) });
}

/**
 * The cards you may play now.
 * @param {LegalAction[]} legal
 * @returns {Set<string>}
 */
export function legalPlays(legal) {
  const out = new Set();
  for (const a of legal) if (typeof a === "string" && a.startsWith("play ")) out.add(a.slice(5));
  return out;
}

/**
 * The set of cards to choose now (the Hearts pass, the nest discard), if any.
 * @param {LegalAction[]} legal
 * @returns {CardChoice | null}
 */
export function cardChoice(legal) {
  for (const a of legal) if (typeof a === "object" && a && a.choose) return a;
  return null;
}

/** The Rook colours: a `suit` argument naming one is a colour, else a Hearts suit. */
const COLOURS = new Set(["red", "yellow", "green", "black"]);

/**
 * A sentence to say, as data: a catalog key and its arguments (what t() makes of it).
 * @typedef {{key: string, args: import("./i18n.js").Args}} Words
 */

/**
 * A refusal from the server as words: `error.<code>` with the engine's arguments, a
 * `suit` argument (`clubs`, `red`, `trump`) as the word of the language.
 * @param {string} code
 * @param {Record<string, string | number>} [args]
 * @returns {Words}
 */
export function errorSay(code, args = {}) {
  /** @type {import("./i18n.js").Args} */
  const words = { ...args };
  if (typeof args.suit === "string") {
    words.suit = { key: COLOURS.has(args.suit) ? `colour.${args.suit}` : `suit.${args.suit}` };
  }
  return { key: `error.${code}`, args: words };
}

/**
 * A refusal from the server in the player's words (errorSay, translated).
 * @param {string} code
 * @param {Record<string, string | number>} [args]
 */
export function errorWords(code, args = {}) {
  const said = errorSay(code, args);
  return t(said.key, said.args);
}

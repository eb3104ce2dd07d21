// @ts-check
// A table's state, as the reducer (table-reduce.js) keeps it: its shape, the inputs it
// is fed (the server's messages as the transport hands them over, and what happens at
// the table) and the effects it answers, as data (draw these parts, toast these words,
// send this message, start this timer...); and what is read from it: the model every
// part draws from. Nothing here touches the page, the network or the clock.

import { t } from "./i18n.js";
import { legalPlays } from "./model.js";

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").TableInfo} TableInfo */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").HandEnd} HandEnd */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").ChatKey} ChatKey */
/** @typedef {import("./types.js").ResignNews} ResignNews */
/** @typedef {import("./store.js").Settings} Settings */
/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./model.js").Words} Words */
/** @typedef {import("./transport.js").TransportStatus} TransportStatus */
/** @typedef {import("./dialogs.js").NestCards} NestCards */

/**
 * A line of the move log: an event told, or a quick message (its seat and key), and
 * the hand it belongs to (0 for the first; set by `logMove`).
 * @typedef {{text: string, headline: boolean, chat?: {seat: number, key: string}, hand?: number}} Move
 */

/**
 * The state being shown: what its events said, and the hand's end and game's end
 * among them (the summary waits for them).
 * @typedef {object} Showing
 * @property {StateMessage} msg
 * @property {string[]} sentences said together once it is drawn
 * @property {HandEnd | null} handEnd
 * @property {boolean} gameEnd
 * @property {boolean} before the summary was read over the finished hand, before the deal
 * @property {number} ms the animations' length (0: none)
 */

/**
 * @typedef {object} TableState
 * @property {Session} session the seat (or a spectator's place)
 * @property {boolean} watching a spectator: no seat, no hand
 * @property {Settings} settings
 * @property {TableInfo | null} table as `welcome` described it
 * @property {SeatInfo[] | null} seats as the last `presence` said
 * @property {StateMessage | null} current the state on screen
 * @property {StateMessage[]} queue states come, not yet shown
 * @property {Showing | null} showing the state whose events are being played
 * @property {(number | null)[]} deadlines each seat's turn deadline (the clock's ms)
 * @property {TransportStatus} link
 * @property {Move[]} moves the move log: the game's events told (every hand seen at
 *   this table since it was opened), and the quick chat
 * @property {number | null} movesHand the hand the move log tells
 * @property {Record<number, ChatKey>} bubbles a quick message shown at a seat
 * @property {boolean} muted the others' quick messages hidden
 * @property {NestCards | null} nestCards the declarer's nest and discards, kept for the summary
 * @property {number | null} reviewHand the hand whose summary waits for its review
 * @property {boolean} acting an action was sent; its answer is not drawn yet
 * @property {{seq: number, text: string}[]} timedOut what the timer did, told in the
 *   move log just before the events of the state numbered `seq` (still queued)
 */

/**
 * What happens at the table besides the server's messages.
 * @typedef {{type: "link", status: TransportStatus}
 *   | {type: "next"} | {type: "shown"} | {type: "idle"}
 *   | {type: "bubble_over", seat: number, key: ChatKey}
 *   | {type: "offer_over"}
 *   | {type: "settings", settings: Settings}
 *   | {type: "seat", seat: number}
 *   | {type: "mute", on: boolean}
 *   | {type: "act", action: string}
 *   | {type: "act_failed"}
 *   | {type: "say", message: ClientMessage, left?: boolean}
 *   | {type: "send_failed"}} LocalInput
 */

/** @typedef {ServerMessage | LocalInput} Input */

/**
 * A part of the table to draw again: every part (`table`), the seats' plates, the
 * waiting room, the move log, the link's banner, the trick.
 * @typedef {"table" | "seats" | "waiting" | "moves" | "link" | "trick"} Part
 */

/**
 * What to do, as data: the shell (game.js) carries each out in order, waiting for
 * the ones that take time (a card flying, a summary read).
 * @typedef {{type: "render", parts: Part[]}
 *   | {type: "toast", words: Words}
 *   | {type: "timed_out", text: string}
 *   | {type: "announce", text: string}
 *   | {type: "banner", text: string}
 *   | {type: "send", message: ClientMessage, failed?: Input, left?: boolean}
 *   | {type: "timer", name: string, ms: number, then: Input}
 *   | {type: "cancel", name: string}
 *   | {type: "offer", text: string | null}
 *   | {type: "lost", code: string}
 *   | {type: "pump"}
 *   | {type: "acting", on: boolean}
 *   | {type: "mute", on: boolean}
 *   | {type: "review_choice"}
 *   | {type: "load_review", hand: number}
 *   | {type: "review_skipped", hand: number}
 *   | {type: "fly", seat: number, card: string, ms: number, mine: boolean}
 *   | {type: "trick", trick: Trick, ms: number}
 *   | {type: "summary", end: HandEnd, more: boolean, review: boolean, turn: boolean}
 *   | {type: "summary_turn"}
 *   | {type: "game_over"}
 *   | {type: "finished"}
 *   | {type: "pause", ms: number}} Effect
 */

/** @typedef {{state: TableState, effects: Effect[]}} Reduced */

/** How long a quick message stays at its seat (ms). */
export const BUBBLE_MS = 5000;

/**
 * The state of a table just opened.
 * @param {Session} session
 * @param {Settings} settings
 * @param {boolean} muted
 * @returns {TableState}
 */
export function initialState(session, settings, muted) {
  return {
    session,
    watching: Boolean(session.watch),
    settings,
    table: null,
    seats: null,
    current: null,
    queue: [],
    showing: null,
    deadlines: [null, null, null, null],
    link: "connecting",
    moves: [],
    movesHand: null,
    bubbles: {},
    muted,
    nestCards: null,
    reviewHand: null,
    acting: false,
    timedOut: [],
  };
}

/**
 * What every part of the table draws from now.
 * @param {TableState} state
 * @param {StateMessage | null} [msg] the state to describe (default: the one on screen)
 * @returns {TableModel}
 */
export function tableModel(state, msg = state.current) {
  /** @type {Record<number, string>} */
  const bubbles = {};
  for (const [seat, key] of Object.entries(state.bubbles)) bubbles[Number(seat)] = t(`chat.${key}`);
  const busy = state.queue.length > 0 || state.showing !== null;
  return {
    msg,
    legal: busy || msg !== state.current ? [] : (msg?.legal ?? []),
    me: state.session.seat,
    watching: state.watching,
    seats: state.seats,
    table: state.table,
    settings: state.settings,
    deadlines: state.deadlines,
    bubbles,
  };
}

/**
 * The card auto-play plays in this state: the only legal action is playing it, you
 * are seated, and the setting is on; else null.
 * @param {TableState} state
 * @param {StateMessage} msg
 */
export function autoPlayCard(state, msg) {
  if (state.watching || !state.settings.autoPlay) return null;
  const legal = msg.legal ?? [];
  const plays = legalPlays(legal);
  return legal.length === 1 && plays.size === 1 ? [...plays][0] : null;
}

/**
 * Whether a hand's summary waits for this seat's review: seated, and wanted in Settings.
 * @param {TableState} state
 */
export function reviewsWanted(state) {
  return !state.watching && Boolean(state.session.token) && state.settings.reviews !== false;
}

/**
 * Add a line to the move log, under its hand (the log keeps every hand).
 * @param {TableState} state
 * @param {number} hand
 * @param {Move} move
 * @returns {TableState}
 */
export function logMove(state, hand, move) {
  return { ...state, moves: [...state.moves, { ...move, hand }], movesHand: hand };
}

// @ts-check
// Showing the table's states in order (part of the reducer, table-reduce.js): `next`
// takes the oldest state of the queue into `showing` and answers the events to play
// over the state on screen (log lines, cards flying, tricks swept, a summary read over
// the finished hand); `shown` puts it on screen, with what to say and the summary or
// game over that follows. Actions are offered only once the newest state is there.

import { animationMs } from "./settings.js";
import { describeEvent, isHeadline, movesOfView } from "./events.js";
import { promptText } from "./panels.js";
import { tableModel, autoPlayCard, reviewsWanted, logMove } from "./table-state.js";

/** @typedef {import("./table-state.js").TableState} TableState */
/** @typedef {import("./table-state.js").Effect} Effect */
/** @typedef {import("./table-state.js").Reduced} Reduced */
/** @typedef {import("./types.js").HandEnd} HandEnd */

/**
 * Take the oldest state of the queue: its events told (the log, the announcer) and
 * played over the state on screen; a hand that ends with another dealt has its
 * summary read over the finished hand, before the deal is drawn.
 * @param {TableState} state
 * @returns {Reduced}
 */
export function next(state) {
  const [msg, ...queue] = state.queue;
  if (!msg) return { state, effects: [] };
  const prev = state.current;
  const ms = queue.length > 6 || !prev ? 0 : animationMs(state.settings.speed);
  let s = { ...state, queue };
  /** @type {Effect[]} */
  const effects = [];
  if (!prev) {
    // Opened in the middle of a hand: the log tells the hand so far from the view.
    const hand = msg.view.hand_number;
    s = { ...s, moves: movesOfView(tableModel(s, msg), msg.view).map((mv) => ({ ...mv, hand })), movesHand: hand };
    effects.push({ type: "render", parts: ["moves"] });
  }
  const described = tableModel(s, prev ?? msg);
  const hand = (prev ?? msg).view.hand_number;
  // What the timer did comes just before the action's own line.
  const timed = s.timedOut.filter((note) => note.seq <= msg.seq);
  if (timed.length) {
    s = { ...s, timedOut: s.timedOut.filter((note) => note.seq > msg.seq) };
    for (const note of timed) s = logMove(s, hand, { text: note.text, headline: false });
    effects.push({ type: "render", parts: ["moves"] });
  }
  /** @type {string[]} */
  const sentences = [];
  /** @type {HandEnd | null} */
  let handEnd = null;
  let gameEnd = false;
  for (const ev of msg.events ?? []) {
    const text = describeEvent(described, ev);
    if (text) sentences.push(text);
    if (text && prev) {
      const headline = isHeadline(ev);
      s = logMove(s, hand, { text, headline });
      effects.push({ type: "render", parts: ["moves"] });
      if (headline) effects.push({ type: "banner", text });
    }
    if (ev.type === "play") {
      effects.push({ type: "fly", seat: ev.seat, card: ev.card, ms, mine: ev.seat === s.session.seat && !s.watching });
    } else if (ev.type === "trick") {
      effects.push({ type: "trick", trick: ev, ms });
    } else if (ev.type === "hand_end") handEnd = ev;
    else if (ev.type === "game_end") gameEnd = true;
  }
  const before = Boolean(handEnd && !gameEnd && prev);
  if (handEnd && before) {
    if (sentences.length) effects.push({ type: "announce", text: sentences.splice(0).join(" ") });
    const review = reviewsWanted(s);
    if (review) s = { ...s, reviewHand: handEnd.hand_number };
    // The next hand is dealt behind the summary: if it asks this seat already, the
    // summary says so (a player reading it must not miss the auction's start).
    const turn = !s.watching && (msg.legal ?? []).length > 0;
    effects.push({ type: "summary", end: handEnd, more: true, review, turn });
  }
  return { state: { ...s, showing: { msg, sentences, handEnd, gameEnd, before, ms } }, effects };
}

/**
 * The state shown is drawn: every part, what to say (and what you are asked, once it
 * is the newest), the summary of a hand that ended, the game's end.
 * @param {TableState} state
 * @returns {Reduced}
 */
export function shown(state) {
  const showing = state.showing;
  if (!showing) return { state, effects: [] };
  const { msg, handEnd, gameEnd, before, ms } = showing;
  const prev = state.current;
  const seat = msg.view.seat ?? state.session.seat;
  /** @type {TableState} */
  let s = { ...state, current: msg, showing: null, acting: false, session: { ...state.session, seat } };
  // The declarer's nest and discards, kept for the summary once the next hand is dealt.
  const view = msg.view;
  if (view.game === "rook" && (view.nest || view.discards)) {
    s = { ...s, nestCards: { hand: view.hand_number, nest: view.nest, discards: view.discards } };
  }
  /** @type {Effect[]} */
  const effects = [{ type: "render", parts: ["table"] }];
  const sentences = [...showing.sentences];
  const acts = s.queue.length === 0 && msg.legal?.length > 0;
  const auto = acts && autoPlayCard(s, msg) !== null;
  if (acts && !auto) sentences.push(promptText(tableModel(s)));
  if (sentences.length) effects.push({ type: "announce", text: sentences.join(" ") });
  if (handEnd && !before) {
    const review = reviewsWanted(s);
    if (review) s = { ...s, reviewHand: handEnd.hand_number };
    effects.push({ type: "summary", end: handEnd, more: !gameEnd, review, turn: false });
  }
  // A game that ends now says so; a seated player opening one that was over already
  // (coming back to it) is not held in its dialog: the lobby shows it as the last game.
  if (gameEnd) effects.push({ type: "game_over" });
  else if (msg.status === "over" && !prev) effects.push({ type: s.watching ? "game_over" : "finished" });
  if (auto && ms) effects.push({ type: "pause", ms }); // the others see the card played, at the table's pace
  return { state: s, effects };
}

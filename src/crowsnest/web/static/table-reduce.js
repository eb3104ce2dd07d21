// @ts-check
// A table's state changes, as a pure reducer: `reduce(state, input, now)` returns the
// next state and the effects to carry out, as data (table-state.js has the shapes).
// Inputs are the server's messages as the transport hands them over, and what happens
// at the table (the link's status, a state drawn, a timer run out, what you do). The
// shell (game.js) applies the effects; nothing here touches the page, the network or
// the clock (`now` is given).

import { t } from "./i18n.js";
import { plateName, errorSay } from "./model.js";
import { newsWords } from "./resign.js";
import { tableModel, autoPlayCard, logMove, BUBBLE_MS } from "./table-state.js";
import { next, shown } from "./table-show.js";

/** @typedef {import("./table-state.js").TableState} TableState */
/** @typedef {import("./table-state.js").Input} Input */
/** @typedef {import("./table-state.js").Effect} Effect */
/** @typedef {import("./table-state.js").Reduced} Reduced */
/** @typedef {import("./types.js").ChatKey} ChatKey */
/** @typedef {import("./types.js").ResignNews} ResignNews */

/** Errors that say only that an action came too late or twice: nothing to tell. */
const QUIET_ERRORS = new Set(["stale", "duplicate"]);

/** Errors after which the table is gone for this browser. */
const LOST_ERRORS = new Set(["bad_token", "table_not_found"]);

/**
 * The state after an input, and what to do.
 * @param {TableState} state
 * @param {Input} input
 * @param {number} now the clock (ms), for the turn deadlines
 * @returns {Reduced}
 */
export function reduce(state, input, now) {
  switch (input.type) {
    case "welcome": {
      const seat = input.seat != null && input.seat !== state.session.seat ? input.seat : state.session.seat;
      const welcomed = { ...state, session: { ...state.session, seat }, table: input.table, seats: input.table.seats };
      /** @type {Effect[]} */
      const effects = [{ type: "render", parts: ["seats", "waiting"] }];
      // (Re)connected as a seat: tell the server when Settings turn reviews off, and
      // ask again for a review the summary still waits for.
      if (!state.watching && state.session.token) {
        if (state.settings.reviews === false) effects.push({ type: "review_choice" });
        if (state.reviewHand !== null) effects.push({ type: "load_review", hand: state.reviewHand });
      }
      return { state: welcomed, effects };
    }
    case "state": {
      const deadlines = (input.time_left ?? [null, null, null, null]).map((s) => (s == null ? null : now + s * 1000));
      /** @type {Effect[]} */
      const effects = [{ type: "pump" }];
      // A hand's summary is open over the next deal and this state asks this seat: say so.
      if (state.showing?.before && !state.watching && (input.legal ?? []).length > 0) effects.unshift({ type: "summary_turn" });
      return { state: { ...state, deadlines, queue: [...state.queue, input] }, effects };
    }
    case "presence":
      return { state: { ...state, seats: input.seats }, effects: [{ type: "render", parts: ["seats", "waiting"] }] };
    case "error": {
      if (LOST_ERRORS.has(input.code)) return { state, effects: [{ type: "lost", code: input.code }] };
      /** @type {Effect[]} */
      const effects = QUIET_ERRORS.has(input.code) ? [] : [{ type: "toast", words: errorSay(input.code, input.args ?? {}) }];
      effects.push({ type: "send", message: { type: "sync" } });
      return { state, effects };
    }
    case "chat":
      return chat(state, input.seat, input.key);
    case "resign":
      return resignNews(state, input);
    case "review_ready":
      return { state, effects: input.hand_number === state.reviewHand ? [{ type: "load_review", hand: input.hand_number }] : [] };
    case "review_skipped":
      return { state, effects: [{ type: "review_skipped", hand: input.hand_number }] };
    case "timed_out":
      return timedOut(state, input);
    case "bot_trouble": {
      const name = plateName(tableModel(state), input.seat);
      return { state, effects: [{ type: "toast", words: { key: "connection.bot_trouble", args: { name } } }] };
    }
    case "pong":
      return { state, effects: [] };
    case "link": {
      /** @type {Effect[]} */
      const effects = [{ type: "render", parts: ["link"] }];
      if (input.status === "replaced") effects.push({ type: "toast", words: { key: "connection.replaced", args: {} } });
      return { state: { ...state, link: input.status }, effects };
    }
    case "next":
      return next(state);
    case "shown":
      return shown(state);
    case "idle":
      return idle(state, now);
    case "bubble_over": {
      if (state.bubbles[input.seat] !== input.key) return { state, effects: [] };
      const bubbles = { ...state.bubbles };
      delete bubbles[input.seat];
      return { state: { ...state, bubbles }, effects: [{ type: "render", parts: ["seats"] }] };
    }
    case "offer_over":
      return { state, effects: [{ type: "offer", text: null }] };
    case "settings": {
      const was = state.settings.reviews !== false;
      /** @type {Effect[]} */
      const effects = [{ type: "render", parts: ["table"] }];
      if ((input.settings.reviews !== false) !== was) effects.push({ type: "review_choice" });
      return { state: { ...state, settings: input.settings }, effects };
    }
    case "seat":
      return { state: { ...state, session: { ...state.session, seat: input.seat } }, effects: [{ type: "render", parts: ["table"] }] };
    case "mute":
      return { state: { ...state, muted: input.on }, effects: [{ type: "mute", on: input.on }] };
    case "act": {
      const current = state.current;
      if (!current || state.queue.length || state.showing) return { state, effects: [] };
      const message = { type: /** @type {const} */ ("action"), seq: current.seq, action: input.action };
      return {
        state: { ...state, acting: true },
        effects: [{ type: "acting", on: true }, { type: "send", message, failed: { type: "act_failed" } }],
      };
    }
    case "act_failed":
      return {
        state: { ...state, acting: false },
        effects: [{ type: "acting", on: false }, { type: "toast", words: { key: "connection.lost", args: {} } }],
      };
    case "say": {
      /** @type {Effect[]} */
      const effects = [];
      if (input.message.type === "resign_answer") effects.push({ type: "cancel", name: "offer" });
      // A quick message or "I'm back" that cannot go is not worth a word; the rest is.
      const quiet = input.message.type === "chat" || input.message.type === "back";
      /** @type {Effect} */
      const send = quiet ? { type: "send", message: input.message } : { type: "send", message: input.message, failed: { type: "send_failed" } };
      effects.push(input.left ? { ...send, left: true } : send);
      return { state, effects };
    }
    case "send_failed":
      return { state, effects: [{ type: "toast", words: { key: "connection.lost", args: {} } }] };
  }
}

/**
 * A quick message from a seat: a bubble at the seat and a line in the move log, in
 * your language (the server sends keys), said by the announcer; muted, only yours.
 * @param {TableState} state
 * @param {number} seat
 * @param {ChatKey} key
 * @returns {Reduced}
 */
function chat(state, seat, key) {
  if (state.muted && seat !== state.session.seat) return { state, effects: [] };
  const line = t("people.says", { name: plateName(tableModel(state), seat), message: { key: `chat.${key}` } });
  const hand = state.current?.view.hand_number ?? state.movesHand ?? 0;
  const logged = logMove(state, hand, { text: line, headline: false, chat: { seat, key } });
  return {
    state: { ...logged, bubbles: { ...state.bubbles, [seat]: key } },
    effects: [
      { type: "render", parts: ["seats", "moves"] },
      { type: "announce", text: line },
      { type: "timer", name: `bubble-${seat}`, ms: BUBBLE_MS, then: { type: "bubble_over", seat, key } },
    ],
  };
}

/**
 * The timer decided for a seat: everyone is told in their language (a toast, the
 * announcer, the move log just before the action's own line); the player whose time
 * ran out gets a note that stays until they close it.
 * @param {TableState} state
 * @param {import("./types.js").TimedOutMessage} note
 * @returns {Reduced}
 */
function timedOut(state, note) {
  const mine = !state.watching && note.seat === state.session.seat;
  /** @type {import("./model.js").Words} */
  const words = mine
    ? { key: `timer.you.${note.did}`, args: {} }
    : { key: `timer.ran_out.${note.did}`, args: { name: plateName(tableModel(state), note.seat) } };
  const text = t(words.key, words.args);
  /** @type {Effect[]} */
  const effects = [{ type: "announce", text }, mine ? { type: "timed_out", text } : { type: "toast", words }];
  // It comes just before the state that shows the action: told with that state.
  const told = state.showing?.msg.seq ?? state.current?.seq ?? -1;
  if (note.seq > told) {
    return { state: { ...state, timedOut: [...state.timedOut, { seq: note.seq, text }] }, effects };
  }
  const hand = state.current?.view.hand_number ?? state.movesHand ?? 0;
  const logged = logMove(state, hand, { text, headline: false });
  return { state: logged, effects: [{ type: "render", parts: ["moves"] }, ...effects] };
}

/**
 * A resign proposal's news: your partner's proposal opens the offer until it lapses;
 * anything else is said, and closes it.
 * @param {TableState} state
 * @param {ResignNews} news
 * @returns {Reduced}
 */
function resignNews(state, news) {
  const words = newsWords(tableModel(state), news);
  /** @type {Effect[]} */
  const effects = [{ type: "cancel", name: "offer" }];
  if (news.status === "proposed" && news.seat !== state.session.seat) {
    effects.push(
      { type: "offer", text: t(words.key, words.args) },
      { type: "timer", name: "offer", ms: (news.seconds ?? 0) * 1000, then: { type: "offer_over" } },
    );
  } else {
    effects.push({ type: "offer", text: null }, { type: "toast", words }, { type: "announce", text: t(words.key, words.args) });
  }
  return { state, effects };
}

/**
 * Every state come is drawn: the table once more, and auto-play (a setting, off by
 * default) plays the only card you may play, unless you played it meanwhile.
 * @param {TableState} state
 * @param {number} now
 * @returns {Reduced}
 */
function idle(state, now) {
  if (!state.current) return { state, effects: [] };
  /** @type {Effect[]} */
  const effects = [{ type: "render", parts: ["table"] }];
  const only = autoPlayCard(state, state.current);
  if (!only || state.acting) return { state, effects };
  const acted = reduce(state, { type: "act", action: `play ${only}` }, now);
  return { state: acted.state, effects: [...effects, ...acted.effects] };
}

// @ts-check
// A replay step's table (replay.js is the viewer around it): a TableModel made of the
// step's view (`stepModel`), drawn by the live table's parts: the seats' plates
// (table.js), the trick (trick.js) and a hand's end as the table's summary says it
// (dialogs.js); beside each plate the seat's hand face up, and the step's facts.

import { t, cardName, formatNumber } from "./i18n.js";
import { cardFace } from "./cards.js";
import { settings } from "./settings.js";
import { h } from "./dom.js";
import { POSITIONS, seatAt, teamOf, teamSeats } from "./model.js";
import { drawSeat } from "./table.js";
import { trickCards, playedBy } from "./trick.js";
import { summaryBody } from "./dialogs.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./replay.js").Replay} Replay */
/** @typedef {import("./replay.js").ReplayState} ReplayState */
/** @typedef {import("./replay.js").Step} Step */

/**
 * A seat of the replay by its one name: the player's, or its bot's.
 * @param {Replay} data
 * @param {number} seat
 */
export function replaySeatName(data, seat) {
  const s = data.seats[seat];
  if (s?.name) return s.name;
  return t("history.bot", { number: seat + 1 });
}

/**
 * A team named by its players: "Ann & Bo".
 * @param {Replay} data
 * @param {number} team
 */
export function teamLabel(data, team) {
  const [a = 0, b = 0] = teamSeats(data, team);
  return t("history.team", { a: replaySeatName(data, a), b: replaySeatName(data, b) });
}

/**
 * A row of cards face up.
 * @param {string[] | null} codes
 * @param {{label: string, highlight?: (code: string) => boolean}} how
 */
function cardsRow(codes, { label, highlight }) {
  const style = settings().deckStyle ?? "classic";
  return h(
    "ul",
    { class: "replay-cards", "aria-label": label },
    (codes ?? []).map((code) =>
      h(
        "li",
        {
          class: highlight?.(code) ? "card replay-highlight" : "card",
          "data-card": code,
          role: "img",
          "aria-label": cardName(code),
        },
        cardFace(code, style),
      ),
    ),
  );
}

/**
 * The table as the replay shows it at a step: the step's view, every hand face up,
 * nothing to do, named as a spectator names the seats, the player whose replay it is
 * at the bottom.
 * @param {ReplayState} r
 * @param {Step} step
 * @param {number[]} left the seats whose player has left the game by now
 * @returns {TableModel}
 */
export function stepModel(r, step, left) {
  const view = step.view;
  const status = view.phase === "over" ? "over" : "playing";
  return {
    msg: { type: "state", seq: r.index, status, view, legal: [], events: [], time_left: [null, null, null, null] },
    legal: [],
    me: null,
    bottom: r.seat,
    watching: true,
    replay: true,
    seats: r.data.seats.map((s) => ({
      seat: s.seat,
      kind: s.kind,
      name: s.name,
      claimed: true,
      connected: true,
      bot: s.kind === "bot" || left.includes(s.seat),
      level: null,
      team: teamOf(view, s.seat),
      away: false,
      left: left.includes(s.seat),
    })),
    table: null,
    settings: settings(),
  };
}

/**
 * A seat: its plate (the live table's), then its hand face up.
 * @param {TableModel} m
 * @param {Replay} data
 * @param {Step} step
 * @param {number} seat
 * @param {typeof POSITIONS[number]} place
 * @param {boolean} left the seat's player has left the game by now
 */
function handBox(m, data, step, seat, place, left) {
  const plate = h("div", { class: "seat", "data-pos": place });
  drawSeat(plate, m);
  const last = step.action?.seat === seat ? step.action.text.split(" ").slice(1) : [];
  const cards = cardsRow(step.hands[seat], {
    label: t("history.hand_of", { name: replaySeatName(data, seat) }),
    highlight: (c) => Boolean(step.action?.text.startsWith("pass")) && last.includes(c),
  });
  return h("div", { class: `replay-hand replay-${place}`, "data-seat": String(seat), "data-left": left ? "true" : null }, plate, cards);
}

/**
 * The trick in the middle (the live table's), the one just won marked.
 * @param {TableModel} m
 * @param {Replay} data
 * @param {Step} step
 */
function trickBox(m, data, step) {
  const done = step.trick_done;
  const played = done ? playedBy(done.cards, done.leader) : playedBy(step.trick, step.leader);
  const faces = trickCards(m, played);
  if (done) faces.forEach((face, k) => face.classList.toggle("replay-highlight", played[k].seat === done.winner));
  const heading = done ? t("history.trick_won", { name: replaySeatName(data, done.winner), count: done.points }) : t("history.trick");
  return h("div", { class: "replay-trick" }, h("h4", {}, heading), h("div", { class: "trick", role: "group", "aria-label": t("table.trick") }, faces));
}

/**
 * @param {Replay} data
 * @param {Step} step
 */
export function factsBox(data, step) {
  const dl = h("dl", { class: "replay-facts" });
  /** @param {string} key @param {string} value */
  const row = (key, value) => dl.append(h("dt", {}, t(key)), h("dd", {}, value));
  row("history.hand_number", formatNumber(step.hand_number + 1));
  row("history.phase", t(`history.phase.${step.phase}`));
  if (isRookStep(step)) {
    /** @param {number} k */
    const team = (k) => teamLabel(data, k);
    if (step.declarer != null) {
      row("history.contract", t("history.contract_line", { name: replaySeatName(data, step.declarer), bid: step.bid ?? 0 }));
    }
    if (step.trump) row("history.trump", t(`history.colour.${step.trump}`));
    row("history.tricks_won", `${team(0)}: ${formatNumber(step.tricks_won[0])} · ${team(1)}: ${formatNumber(step.tricks_won[1])}`);
    row("history.points_taken", `${team(0)}: ${formatNumber(step.captured[0])} · ${team(1)}: ${formatNumber(step.captured[1])}`);
    row("history.totals", `${team(0)}: ${formatNumber(step.totals[0])} · ${team(1)}: ${formatNumber(step.totals[1])}`);
    const discards = step.discards;
    if (discards) row("history.discards", discards.map((c) => cardName(c)).join(", "));
  } else {
    row("history.pass_direction", t(`history.direction.${step.pass_direction}`));
    /** @param {number[]} list */
    const per = (list) => list.map((p, s) => `${replaySeatName(data, s)}: ${formatNumber(p)}`).join(" · ");
    row("history.points_taken", per(step.points_taken));
    row("history.totals", per(step.totals));
  }
  return dl;
}

/**
 * Whether a replay's step is a Rook game's (its view says the family).
 * @param {Step} step
 * @returns {step is import("./wire.js").RookReplayStep}
 */
export function isRookStep(step) {
  return step.view.game === "rook";
}

/**
 * A hand's end: the live table's summary of it, and the winner once the game is over.
 * @param {TableModel} m
 * @param {Replay} data
 * @param {Step} step
 */
export function resultBox(m, data, step) {
  const r = step.hand_end;
  if (!r) return null;
  const rook = isRookStep(step);
  const nest = { hand: r.hand_number, nest: rook ? step.nest : null, discards: rook ? step.discards : null };
  const won = data.winner;
  const winner = won == null ? null : data.family === "rook" ? teamLabel(data, won) : replaySeatName(data, won);
  return h(
    "div",
    { class: "replay-result", role: "note" },
    h("h4", {}, t("history.hand_over", { number: r.hand_number + 1 })),
    summaryBody(m, r, nest),
    step.phase === "over" && winner ? h("p", { class: "replay-winner" }, t("history.winner", { name: winner })) : null,
  );
}

/**
 * The table of a step: each seat (its plate and hand) where it sits from `bottom`,
 * and the trick in the middle.
 * @param {TableModel} m
 * @param {Replay} data
 * @param {Step} step
 * @param {number} bottom the seat drawn at the bottom
 * @param {number[]} left the seats whose player has left the game by now
 */
export function replayBoard(m, data, step, bottom, left) {
  const board = h("div", { class: "replay-board", tabindex: "0", "aria-label": t("history.board_help") });
  POSITIONS.forEach((place, k) => {
    const seat = seatAt(bottom, k);
    board.append(handBox(m, data, step, seat, place, left.includes(seat)));
  });
  board.append(trickBox(m, data, step));
  return board;
}

// @ts-check
// The replay viewer of the History tab: steps through a finished game, every hand
// face up (the game is over). The server replays the record through the engine
// (GET /api/tables/{id}/replay); nothing is computed here but the layout. Each step
// carries the engine's view of that moment (as a spectator sees it), and the table is
// drawn from it by the live table's parts: the seats' plates (table.js), the trick
// (trick.js), the score bar and a hand's summary (dialogs.js), from a TableModel made
// of the step (`stepModel`).

import { t, cardName, formatNumber, formatDate } from "./i18n.js";
import { cardFace } from "./cards.js";
import { settings } from "./settings.js";
import { api, errorCode } from "./api.js";
import { savedSessions } from "./store.js";
import { h, find, focusOn } from "./dom.js";
import { birdName, POSITIONS, seatAt, teamOf, teamSeats } from "./model.js";
import { scorebar, drawSeat } from "./table.js";
import { trickCards, playedBy } from "./trick.js";
import { summaryBody } from "./dialogs.js";
import { reviewPanel, reviewsWanted } from "./review.js";

/** @typedef {import("./types.js").Colour} Colour */
/** @typedef {import("./history.js").GameRow} GameRow */
/** @typedef {import("./model.js").TableModel} TableModel */

/**
 * A step of a replay: the state after its action (docs/web.md, "History and replay").
 * @typedef {object} Step
 * @property {{seat: number, text: string} | null} action
 * @property {boolean} [dealt]
 * @property {number} hand_number
 * @property {string} phase
 * @property {string[][]} hands
 * @property {string[]} trick
 * @property {number | null} leader
 * @property {import("./types.js").Trick | null} trick_done
 * @property {import("./types.js").HandEnd | null} hand_end the hand's result
 * @property {number[]} totals
 * @property {number[]} actors
 * @property {number | null} [dealer]
 * @property {number | null} [declarer]
 * @property {number | null} [bid]
 * @property {Colour | null} [trump]
 * @property {string[] | null} [discards]
 * @property {number[]} tricks_won Rook
 * @property {number[]} captured Rook
 * @property {string} pass_direction Hearts
 * @property {number[]} points_taken Hearts
 * @property {string[] | null} [nest] Rook: the nest the declarer took up
 * @property {import("./types.js").View} view the engine's view of this moment, as a spectator sees it
 */

/**
 * A seat of a replay: its one name, and `left`, the seq at which its player left
 * the game for good (null: never).
 * @typedef {{seat: number, kind: "human" | "bot", name: string | null, left: number | null}} ReplaySeat
 */

/**
 * @typedef {object} Replay GET /api/tables/{id}/replay
 * @property {string} table_id
 * @property {ReplaySeat[]} seats
 * @property {string} rules
 * @property {string} family
 * @property {number[][]} teams the seats of each team, as the engine gives them
 * @property {"crow" | "rook" | null} bird the bird card's name key
 * @property {number[]} final_scores
 * @property {number} winner
 * @property {Step[]} steps
 */

/**
 * What "verify this deal" has said so far (kept with the replay: the viewer is drawn
 * again when its reviews arrive, and the answer must stay).
 * @typedef {{key: string, args: Record<string, string | number>, verified?: boolean}} VerifyState
 */

/**
 * @typedef {{data: Replay, game: GameRow, index: number, seat: number,
 *   reviews?: import("./review.js").HandReview[], verify?: VerifyState}} ReplayState
 */

/**
 * Where the viewer lives: its container holds `#replay` (the History tab's page).
 * @typedef {{container: HTMLElement, replay: ReplayState | null}} ReplayView
 */

/**
 * The seat token or invite this browser holds for a table, to see its replay.
 * @param {string} tableId
 */
function access(tableId) {
  const s = savedSessions()[tableId];
  return { token: s?.token ?? null, invite: s?.invite ?? null };
}

/**
 * @param {ReplayView} v
 * @param {GameRow} game
 */
export async function openReplay(v, game) {
  const viewer = find(v.container, "#replay");
  viewer.hidden = false;
  viewer.replaceChildren(h("p", { role: "status" }, t("history.loading")));
  try {
    const data = await api.replay(game.table_id, access(game.table_id));
    v.replay = { data, game, index: 0, seat: game.seat };
    if (reviewsWanted()) loadReviews(v, v.replay);
  } catch (err) {
    v.replay = null;
    const code = errorCode(err);
    const key = code === "bad_invite" ? "history.private_refused" : "history.load_failed";
    viewer.replaceChildren(h("p", { role: "alert" }, t(key, { error: code })));
    return;
  }
  drawReplay(v);
  viewer.scrollIntoView({ block: "start" });
  focusOn(viewer, ".replay-board");
}

/**
 * The game's stored hand reviews (stored with the game: nothing is recomputed), then
 * the viewer drawn again with them; a game without any shows none.
 * @param {ReplayView} v
 * @param {ReplayState} r
 */
async function loadReviews(v, r) {
  try {
    const res = await api.review(r.game.table_id, access(r.game.table_id));
    r.reviews = res.reviews;
  } catch {
    return;
  }
  if (v.replay === r) drawReplay(v, true);
}

/**
 * The reviews of the step's hand, one panel per reviewed seat.
 * @param {ReplayState} r
 * @param {Step} step
 */
function reviewBox(r, step) {
  const mine = (r.reviews ?? []).filter((x) => x.hand_number === step.hand_number);
  if (!mine.length) return null;
  const bird = birdName(r.data);
  return h(
    "div",
    { class: "replay-review", id: "replay-review" },
    mine.map((x) => reviewPanel(x, { hindsight: true, bird, name: seatName(r.data, x.seat) })),
  );
}

/**
 * @param {Replay} data
 * @param {number} seat
 */
function seatName(data, seat) {
  const s = data.seats[seat];
  if (s?.name) return s.name; // the seat's one name: the player's, or its bot's
  return t("history.bot", { number: seat + 1 });
}

/**
 * The seats whose player had left the game by the time `done` actions were applied
 * (each seat's `left`: the seq at which its player left, from the server).
 * @param {Replay} data
 * @param {number} done
 */
export function seatsLeft(data, done) {
  return data.seats.filter((s) => s.left != null && s.left <= done).map((s) => s.seat);
}

/**
 * A team named by its players: "Ann & Bo".
 * @param {Replay} data
 * @param {number} team
 */
function teamLabel(data, team) {
  const [a = 0, b = 0] = teamSeats(data, team);
  return t("history.team", { a: seatName(data, a), b: seatName(data, b) });
}

/**
 * Indices where a trick is completed, and where a hand starts (dealt).
 * @param {Step[]} steps
 */
export function marks(steps) {
  /** @type {number[]} */
  const tricks = [];
  const hands = [0];
  steps.forEach((s, i) => {
    if (s.trick_done) tricks.push(i);
    if (s.dealt) hands.push(i);
  });
  return { tricks, hands };
}

/**
 * @param {ReplayView} v
 * @param {number} index
 */
function go(v, index) {
  if (!v.replay) return;
  const steps = v.replay.data.steps;
  v.replay.index = Math.max(0, Math.min(steps.length - 1, index));
  drawReplay(v, true);
}

/**
 * @param {number[]} list
 * @param {number} i
 */
function nextOf(list, i) {
  return list.find((x) => x > i);
}

/**
 * @param {number[]} list
 * @param {number} i
 */
function prevOf(list, i) {
  const before = list.filter((x) => x < i);
  return before.length ? before[before.length - 1] : undefined;
}

/**
 * @param {ReplayView} v
 * @param {string} what
 */
function move(v, what) {
  const r = v.replay;
  if (!r) return;
  const { tricks, hands } = marks(r.data.steps);
  const i = r.index;
  const last = r.data.steps.length - 1;
  const target = {
    prev: i - 1,
    next: i + 1,
    "prev-trick": prevOf(tricks, i) ?? 0,
    "next-trick": nextOf(tricks, i) ?? last,
    "prev-hand": prevOf(hands, i) ?? 0,
    "next-hand": nextOf(hands, i) ?? last,
    first: 0,
    last,
  }[what];
  if (target !== undefined) go(v, target);
}

/**
 * @param {Replay} data
 * @param {Step} step
 */
function actionText(data, step) {
  if (!step.action) {
    if (step.dealt) return t("history.action.dealt", { number: step.hand_number + 1 });
    return t("history.action.start");
  }
  const who = seatName(data, step.action.seat);
  const [verb, ...rest] = step.action.text.split(" ");
  const bird = birdName(data);
  if (verb === "play") return t("history.action.play", { name: who, card: cardName(rest[0], { bird }) });
  if (verb === "bid" && rest[0] === "pass") return t("history.action.bid_pass", { name: who });
  if (verb === "bid") return t("history.action.bid", { name: who, bid: Number(rest[0]) });
  if (verb === "trump") return t("history.action.trump", { name: who, colour: t(`history.colour.${rest[0]}`) });
  if (verb === "discard") return t("history.action.discard", { name: who, count: rest.length });
  if (verb === "pass") {
    return t("history.action.pass_cards", { name: who, cards: rest.map((c) => cardName(c)).join(", ") });
  }
  if (verb === "resign") {
    const team = data.teams.findIndex((seats) => seats.includes(step.action?.seat ?? 0));
    return t("history.action.resign", { team: teamLabel(data, team) });
  }
  return `${who}: ${step.action.text}`;
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
    label: t("history.hand_of", { name: seatName(data, seat) }),
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
  const heading = done ? t("history.trick_won", { name: seatName(data, done.winner), count: done.points }) : t("history.trick");
  return h("div", { class: "replay-trick" }, h("h4", {}, heading), h("div", { class: "trick", role: "group", "aria-label": t("table.trick") }, faces));
}

/**
 * @param {Replay} data
 * @param {Step} step
 */
function factsBox(data, step) {
  const dl = h("dl", { class: "replay-facts" });
  /** @param {string} key @param {string} value */
  const row = (key, value) => dl.append(h("dt", {}, t(key)), h("dd", {}, value));
  row("history.hand_number", formatNumber(step.hand_number + 1));
  row("history.phase", t(`history.phase.${step.phase}`));
  if (data.family === "rook") {
    /** @param {number} k */
    const team = (k) => teamLabel(data, k);
    if (step.declarer != null) {
      row("history.contract", t("history.contract_line", { name: seatName(data, step.declarer), bid: step.bid ?? 0 }));
    }
    if (step.trump) row("history.trump", t(`history.colour.${step.trump}`));
    row("history.tricks_won", `${team(0)}: ${formatNumber(step.tricks_won[0])} · ${team(1)}: ${formatNumber(step.tricks_won[1])}`);
    row("history.points_taken", `${team(0)}: ${formatNumber(step.captured[0])} · ${team(1)}: ${formatNumber(step.captured[1])}`);
    row("history.totals", `${team(0)}: ${formatNumber(step.totals[0])} · ${team(1)}: ${formatNumber(step.totals[1])}`);
    if (step.discards) row("history.discards", step.discards.map((c) => cardName(c)).join(", "));
  } else {
    row("history.pass_direction", t(`history.direction.${step.pass_direction}`));
    /** @param {number[]} list */
    const per = (list) => list.map((p, s) => `${seatName(data, s)}: ${formatNumber(p)}`).join(" · ");
    row("history.points_taken", per(step.points_taken));
    row("history.totals", per(step.totals));
  }
  return dl;
}

/**
 * A hand's end: the live table's summary of it, and the winner once the game is over.
 * @param {TableModel} m
 * @param {Replay} data
 * @param {Step} step
 */
function resultBox(m, data, step) {
  const r = step.hand_end;
  if (!r) return null;
  const nest = { hand: r.hand_number, nest: step.nest ?? null, discards: step.discards ?? null };
  const winner = data.family === "rook" ? teamLabel(data, data.winner) : seatName(data, data.winner);
  return h(
    "div",
    { class: "replay-result", role: "note" },
    h("h4", {}, t("history.hand_over", { number: r.hand_number + 1 })),
    summaryBody(m, r, nest),
    step.phase === "over" ? h("p", { class: "replay-winner" }, t("history.winner", { name: winner })) : null,
  );
}

const CONTROLS = [
  ["first", "history.first", "|◀"],
  ["prev-hand", "history.prev_hand", "◀◀◀"],
  ["prev-trick", "history.prev_trick", "◀◀"],
  ["prev", "history.prev", "◀"],
  ["next", "history.next", "▶"],
  ["next-trick", "history.next_trick", "▶▶"],
  ["next-hand", "history.next_hand", "▶▶▶"],
  ["last", "history.last", "▶|"],
];

/**
 * @param {ReplayView} v
 * @param {boolean} [keepFocus]
 */
export function drawReplay(v, keepFocus = false) {
  const r = v.replay;
  const viewer = v.container.querySelector("#replay");
  if (!r || !(viewer instanceof HTMLElement)) return;
  const focusedId = keepFocus ? document.activeElement?.id : null;
  const { data, index } = r;
  const steps = data.steps;
  const step = steps[index];
  viewer.hidden = false;
  const head = h("div", { class: "replay-head" });
  head.append(h("h3", { id: "replay-title" }, t("history.replay_title", { rules: t(`rules.name.${data.rules}`), date: formatDate(r.game.finished_at) })));
  const close = h("button", { type: "button", id: "replay-close" }, t("history.close"));
  close.addEventListener("click", () => {
    v.replay = null;
    viewer.hidden = true;
    viewer.replaceChildren();
    focusOn(v.container, `.history-game[data-table="${CSS.escape(r.game.table_id)}"] button`);
  });
  head.append(verifyButton(r), close);

  const controls = h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("history.controls") });
  for (const [what, key, symbol] of CONTROLS) {
    const b = h("button", { type: "button", id: `replay-${what}`, "aria-label": t(key), title: t(key) }, symbol);
    const atStart = index === 0 && (what.startsWith("prev") || what === "first");
    const atEnd = index === steps.length - 1 && (what.startsWith("next") || what === "last");
    if (atStart || atEnd) b.disabled = true;
    b.addEventListener("click", () => move(v, what));
    controls.append(b);
  }
  const slider = h("input", {
    type: "range",
    id: "replay-slider",
    min: "0",
    max: String(steps.length - 1),
    value: String(index),
    "aria-label": t("history.slider"),
    "aria-valuetext": t("history.position", { step: index + 1, total: steps.length }),
  });
  slider.addEventListener("input", () => go(v, Number(slider.value)));
  const position = h("p", { id: "replay-position", "aria-live": "polite" });
  position.dataset.index = String(index);
  const done = steps.slice(0, index + 1).filter((s) => s.action).length;
  const left = seatsLeft(data, done);
  // A player who left after this step's action (or before the first) is told here.
  const leaving = step.action || index === 0 ? data.seats.filter((s) => s.left === done).map((s) => s.seat) : [];
  position.append(
    h("span", { class: "replay-count" }, t("history.position", { step: index + 1, total: steps.length })),
    " — ",
    h("span", { class: "replay-action" }, actionText(data, step)),
    ...leaving.map((seat) => h("span", { class: "replay-left-note" }, ` ${t("history.left_at", { name: seatName(data, seat) })}`)),
  );

  const m = stepModel(r, step, left);
  const board = h("div", { class: "replay-board", tabindex: "0", "aria-label": t("history.board_help") });
  POSITIONS.forEach((place, k) => {
    const seat = seatAt(r.seat ?? 0, k);
    board.append(handBox(m, data, step, seat, place, left.includes(seat)));
  });
  board.append(trickBox(m, data, step));
  board.addEventListener("keydown", (e) => onKey(v, e));

  const side = h("div", { class: "replay-side" });
  side.append(factsBox(data, step));
  const result = resultBox(m, data, step);
  if (result) side.append(result);
  const review = reviewBox(r, step);
  if (review) side.append(review);

  const bar = h("div", { class: "scorebar replay-scorebar" }, scorebar(m));
  viewer.replaceChildren(head, controls, slider, position, bar, board, side, h("p", { class: "replay-help" }, t("history.keys")));
  if (focusedId) document.getElementById(focusedId)?.focus();
  else if (keepFocus) focusOn(viewer, ".replay-board");
}

/**
 * "Verify this deal": the server checks the revealed secret against the commitment
 * published before the first card and that the engine deals exactly these deals
 * from it (anyone can check the same with `crowsnest verify` on the record).
 * @param {ReplayState} r
 */
function verifyButton(r) {
  const out = h("span", { id: "replay-verified", role: "status" });
  const button = h("button", { type: "button", id: "replay-verify" }, t("history.verify"));
  /** Show what the check said, on the span of the viewer drawn now. */
  const show = () => {
    const shown = out.isConnected ? out : document.getElementById("replay-verified");
    if (!shown || !r.verify) return;
    shown.textContent = t(r.verify.key, r.verify.args);
    if (r.verify.verified !== undefined) shown.dataset.verified = String(r.verify.verified);
  };
  show();
  button.addEventListener("click", async () => {
    r.verify = { key: "history.loading", args: {} };
    show();
    try {
      const check = await api.verify(r.game.table_id, access(r.game.table_id));
      const key = check.verified ? "history.verified" : check.seed_chosen ? "history.seed_chosen" : "history.not_verified";
      r.verify = { key, args: { count: check.deals, commitment: (check.commitment ?? "").slice(0, 16) }, verified: check.verified };
    } catch (err) {
      r.verify = { key: "history.load_failed", args: { error: errorCode(err) } };
    }
    show();
  });
  return h("span", { class: "replay-verify" }, button, out);
}

/**
 * @param {ReplayView} v
 * @param {KeyboardEvent} e
 */
function onKey(v, e) {
  const rtl = document.documentElement.dir === "rtl";
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  const action = {
    [forward]: "next",
    [back]: "prev",
    ArrowDown: "next-trick",
    ArrowUp: "prev-trick",
    PageDown: "next-hand",
    PageUp: "prev-hand",
    Home: "first",
    End: "last",
  }[e.key];
  if (!action) return;
  e.preventDefault();
  move(v, action);
  focusOn(v.container, ".replay-board");
}

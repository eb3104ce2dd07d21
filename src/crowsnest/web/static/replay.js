// @ts-check
// The replay viewer of the History tab: steps through a finished game, every hand
// face up (the game is over). The server replays the record through the engine
// (GET /api/tables/{id}/replay); nothing is computed here but the layout. Each step
// carries the engine's view of that moment (as a spectator sees it), and its table is
// drawn by the live table's parts (replay-table.js); this module loads the replay,
// steps through it (buttons, slider, keys) and says what each step's action was.

import { t, cardName, formatDate } from "./i18n.js";
import { api, errorCode } from "./api.js";
import { savedSessions } from "./store.js";
import { h, find, focusOn } from "./dom.js";
import { birdName } from "./model.js";
import { scorebar } from "./table.js";
import { reviewPanel, reviewsWanted } from "./review.js";
import { replaySeatName as seatName, teamLabel, stepModel, replayBoard, factsBox, resultBox } from "./replay-table.js";

/** @typedef {import("./types.js").Colour} Colour */
/** @typedef {import("./history.js").GameRow} GameRow */
/** @typedef {import("./model.js").TableModel} TableModel */

/**
 * A step of a replay: the state after its action (docs/web.md, "History and replay");
 * the format is the server's (wire.d.ts, generated from docs/schemas/replay.json).
 * @typedef {import("./wire.js").HeartsReplayStep | import("./wire.js").RookReplayStep} Step
 */

/** @typedef {import("./wire.js").ReplaySeat} ReplaySeat */

/** @typedef {import("./wire.js").ReplayAnswer} Replay GET /api/tables/{id}/replay */

/**
 * What "verify this deal" has said so far (kept with the replay: the viewer is drawn
 * again when its reviews arrive, and the answer must stay).
 * @typedef {{key: string, args: Record<string, string | number>, verified?: boolean, secret?: string}} VerifyState
 */

/**
 * @typedef {{data: Replay, game: GameRow, index: number, seat: number,
 *   reviews?: import("./wire.js").HandReview[], verify?: VerifyState}} ReplayState
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
 * The reviews of the step's hand, one panel per reviewed seat, each at the decision
 * the table shows (or the next one); stepping through a review moves the table to
 * its decision.
 * @param {ReplayView} v
 * @param {ReplayState} r
 * @param {Step} step
 * @param {TableModel} m the step's model (the seats' names)
 */
function reviewBox(v, r, step, m) {
  const mine = (r.reviews ?? []).filter((x) => x.hand_number === step.hand_number);
  if (!mine.length) return null;
  const bird = birdName(r.data);
  const current = actionsDone(r.data.steps, r.index);
  /** @param {number} decision the record's step of a decision: the table goes to just before it */
  const onStep = (decision) => go(v, beforeAction(r.data.steps, decision));
  return h(
    "div",
    { class: "replay-review", id: "replay-review" },
    mine.map((x) => reviewPanel(x, { hindsight: true, bird, name: seatName(r.data, x.seat), model: m, current, onStep })),
  );
}

/**
 * How many of the record's actions were taken by step `index`.
 * @param {Step[]} steps
 * @param {number} index
 */
export function actionsDone(steps, index) {
  return steps.slice(0, index + 1).filter((s) => s.action).length;
}

/**
 * The step just before the record's action number `n` (0 for the first) was taken.
 * @param {Step[]} steps
 * @param {number} n
 */
export function beforeAction(steps, n) {
  let seen = 0;
  for (let i = 0; i < steps.length; i += 1) {
    if (!steps[i].action) continue;
    if (seen === n) return Math.max(0, i - 1);
    seen += 1;
  }
  return steps.length - 1;
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
  // A practice game (played offline) has no fair-deal seal to verify: it says so.
  const note = r.game.practice ? h("p", { class: "replay-practice" }, t("practice.no_seal")) : null;
  if (note) head.append(close);
  else head.append(verifyButton(r), close);

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
  const board = replayBoard(m, data, step, r.seat ?? 0, left);
  board.addEventListener("keydown", (e) => onKey(v, e));

  const side = h("div", { class: "replay-side" });
  side.append(factsBox(data, step));
  const result = resultBox(m, data, step);
  if (result) side.append(result);
  const review = reviewBox(v, r, step, m);
  if (review) side.append(review);

  const bar = h("div", { class: "scorebar replay-scorebar" }, scorebar(m));
  viewer.replaceChildren(head, ...(note ? [note] : []), controls, slider, position, bar, board, side, h("p", { class: "replay-help" }, t("history.keys")));
  if (focusedId) document.getElementById(focusedId)?.focus();
  else if (keepFocus) focusOn(viewer, ".replay-board");
}

/**
 * "Verify this deal", in this browser (fairness.js): the record's revealed secret
 * against the commitment published before the first card, and every deal against
 * the deck shuffled from the seed the secret gives; the server is asked only for the
 * record. The secret is shown, with how to check it elsewhere (`crowsnest verify`,
 * or any SHA-256 tool).
 * @param {ReplayState} r
 */
function verifyButton(r) {
  const out = h("span", { id: "replay-verified", role: "status" });
  const how = h("p", { id: "replay-verify-how", class: "replay-verify-how", hidden: true });
  const button = h("button", { type: "button", id: "replay-verify" }, t("history.verify"));
  /** Show what the check said, on the span of the viewer drawn now. */
  const show = () => {
    const shown = out.isConnected ? out : document.getElementById("replay-verified");
    if (!shown || !r.verify) return;
    shown.textContent = t(r.verify.key, r.verify.args);
    if (r.verify.verified !== undefined) shown.dataset.verified = String(r.verify.verified);
    const told = how.isConnected ? how : document.getElementById("replay-verify-how");
    if (told && r.verify.secret) {
      told.hidden = false;
      told.textContent = t("history.verify_how", { secret: r.verify.secret, table: r.game.table_id });
    }
  };
  show();
  button.addEventListener("click", async () => {
    r.verify = { key: "history.loading", args: {} };
    show();
    try {
      const [record, { checkDeals }] = await Promise.all([api.record(r.game.table_id, access(r.game.table_id)), import("./fairness.js")]);
      const check = await checkDeals(record);
      const chosen = check.problems.includes("seed_chosen");
      const key = check.ok ? "history.verified" : chosen ? "history.seed_chosen" : "history.not_verified";
      r.verify = { key, args: { count: check.deals, commitment: (check.commitment ?? "").slice(0, 16) }, verified: check.ok, ...(check.secret ? { secret: check.secret } : {}) };
    } catch (err) {
      r.verify = { key: "history.load_failed", args: { error: errorCode(err) } };
    }
    show();
  });
  return h("span", { class: "replay-verify" }, button, out, how);
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

// @ts-check
// Drawing a table's state into its page (table-page.js): every part from the model
// (model.js) and what only the screen holds (the trick as drawn, the cards chosen,
// the hint). Each function draws one part again; none keeps state of its own.

import { t } from "./i18n.js";
import { savedChoice } from "./store.js";
import { h, mount, find, findAll } from "./dom.js";
import { cardChoice, isRook } from "./model.js";
import { scorebar, drawSeat, countdownText } from "./table.js";
import { trickCards, playedBy, sourceRect, flyIn, sweep } from "./trick.js";
import { drawHand, keepSelection, layoutHand } from "./hand.js";
import { actionPanel, promptLine, waitingPanel } from "./panels.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./trick.js").Played} Played */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").CardChoice} CardChoice */
/** @typedef {import("./table-state.js").Move} Move */
/** @typedef {import("./transport.js").TransportStatus} TransportStatus */

/**
 * What only the screen holds: the trick as drawn (cards fly in one by one, a finished
 * trick may stay a moment), the last trick to review, the cards chosen for a pass or
 * a discard, the hint shown.
 * @typedef {object} Screen
 * @property {Played[]} trick
 * @property {Trick | null} held a finished trick kept on the table (no animations)
 * @property {Trick | null} lastTrick
 * @property {Set<string>} selection
 * @property {{text: string, cards: string[]} | null} hint
 */

/** @returns {Screen} */
export function newScreen() {
  return { trick: [], held: null, lastTrick: null, selection: new Set(), hint: null };
}

/**
 * What names a choice of cards for keeping it: the hand and what is chosen.
 * @param {TableModel} m
 * @param {CardChoice} choice
 */
export function choiceKey(m, choice) {
  return `${m.msg?.view.hand_number ?? -1}:${choice.choose}`;
}

/**
 * Draw the state on screen: every part, from the model.
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Screen} screen
 * @param {string} tableId
 */
export function drawTable(root, m, screen, tableId) {
  const msg = m.msg;
  if (!msg) return;
  const { view } = msg;
  document.body.dataset.status = msg.status;
  document.body.dataset.phase = view.phase;
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.game = view.game;
  document.body.dataset.role = m.watching ? "spectator" : "player";
  screen.trick = playedBy(view.trick, view.leader);
  if (screen.held && !screen.trick.length) screen.trick = playedBy(screen.held.cards, screen.held.leader);
  if (view.tricks.length) screen.lastTrick = view.tricks[view.tricks.length - 1];
  else if (view.phase !== "play") screen.lastTrick = null;
  const choice = cardChoice(m.legal);
  // The cards chosen so far come back after a reload of the page.
  if (choice && screen.selection.size === 0) screen.selection = new Set(savedChoice(tableId, choiceKey(m, choice)));
  screen.selection = keepSelection(screen.selection, choice);
  mount(find(root, "#scorebar"), scorebar(m));
  drawSeats(root, m);
  drawTrick(root, m, screen);
  drawActions(root, m, screen.selection.size);
  drawHand(find(root, "#hand"), m, { selection: screen.selection, hinted: screen.hint?.cards ?? [] });
  const prompt = find(root, "#prompt");
  prompt.classList.toggle("your-turn", m.legal.length > 0);
  prompt.textContent = promptLine(m);
  find(root, "#last-trick").toggleAttribute("disabled", !screen.lastTrick);
  const hb = /** @type {HTMLButtonElement} */ (find(root, "#hint-button"));
  const mine = m.legal.length > 0;
  hb.hidden = !m.settings.hints || m.watching;
  hb.disabled = !mine;
  if (!mine || !m.settings.hints) {
    screen.hint = null;
    find(root, "#hint").hidden = true;
  }
}

/**
 * The seats' plates, and the tools that depend on your seat (I'm back, leave, resign).
 * @param {HTMLElement} root
 * @param {TableModel} m
 */
export function drawSeats(root, m) {
  for (const el of findAll(root, ".seat")) drawSeat(el, m);
  const mine = m.me != null ? m.seats?.[m.me] : null;
  const away = Boolean(mine?.away) && !m.watching;
  find(root, "#back-button").hidden = !away;
  find(root, "#away-note").hidden = !away;
  const status = m.msg?.status ?? m.table?.status;
  find(root, "#leave-game").hidden = m.watching || status === "over";
  find(root, "#resign-game").hidden = m.watching || status !== "playing" || !isRook(m) || Boolean(mine?.left);
  // Quick chat is for a table with another person (not a game with bots alone).
  const people = (m.seats ?? []).filter((s) => s.kind === "human").length;
  find(root, "#chat").hidden = m.watching || people < 2 || Boolean(mine?.left);
  // The phone's "More" menu, when it holds anything.
  find(root, "#more-tools").hidden = [...find(root, "#tools-more").children].every((el) => /** @type {HTMLElement} */ (el).hidden);
}

/**
 * What the timer did for you: a line more in the note that stays until you close it
 * (a new note after it was closed starts afresh).
 * @param {HTMLElement} root
 * @param {string} text
 */
export function drawTimedOut(root, text) {
  const note = find(root, "#timeout-note");
  const lines = find(note, "#timeout-lines");
  if (note.hidden) lines.replaceChildren();
  lines.append(h("li", {}, text));
  note.hidden = false;
}

/**
 * The trick in the middle, as drawn now (a finished trick kept is marked).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Screen} screen
 */
export function drawTrick(root, m, screen) {
  const area = find(root, "#trick");
  area.toggleAttribute("data-held", screen.held !== null && screen.trick.length > 0 && !m.msg?.view.trick.length);
  mount(area, trickCards(m, screen.trick));
}

/**
 * A card played flies in from its seat; yours leaves your hand once played (the hand
 * is drawn again only after the message: a summary opened before shows the finished
 * hand).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Screen} screen
 * @param {{seat: number, card: string, ms: number, mine: boolean}} played
 */
export async function playCard(root, m, screen, { seat, card, ms, mine }) {
  screen.trick.push({ seat, card });
  const source = sourceRect(root, m, seat, card);
  drawTrick(root, m, screen);
  if (ms) await flyIn(root, card, source, ms);
  if (!mine) return;
  const hand = find(root, "#hand");
  for (const el of findAll(hand, ".card")) if (el.dataset.card === card) el.remove();
  layoutHand(hand);
}

/**
 * A finished trick: swept to its winner after a pause, or, with no animations, kept
 * on the table (`screen.held`) for the shell to take away.
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Screen} screen
 * @param {Trick} trick
 * @param {number} ms
 */
export async function finishTrick(root, m, screen, trick, ms) {
  screen.lastTrick = trick;
  screen.trick = playedBy(trick.cards, trick.leader);
  drawTrick(root, m, screen);
  if (ms) {
    await new Promise((resolve) => setTimeout(resolve, ms * 1.8));
    await sweep(root, trick.winner, ms);
    screen.trick = [];
  } else {
    screen.held = trick;
  }
  drawTrick(root, m, screen);
}

/**
 * The panel of what you may do (or the auction while others bid).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {number} chosen how many cards are chosen for a pass or a discard
 */
export function drawActions(root, m, chosen) {
  const area = find(root, "#action-area");
  const active = document.activeElement;
  const wasFocused = area.contains(active);
  const before = wasFocused && active instanceof HTMLElement ? (active.dataset.action ?? active.id) : null;
  const panel = actionPanel(m, chosen);
  mount(area, panel);
  area.hidden = !panel;
  if (!panel) return;
  // A bid or a trump asked: the focus goes to the panel itself (its title is read out),
  // not to a button, so a stray Enter sends nothing; Tab reaches the choices. A panel
  // drawn again while it had the focus keeps it on the same control.
  const asks = panel.id === "auction" || panel.id === "trump";
  if (wasFocused) {
    const same = [...area.querySelectorAll("button:not([disabled])")].find(
      (b) => b instanceof HTMLElement && (b.dataset.action ?? b.id) === before,
    );
    const first = area.querySelector("button:not([disabled])");
    const next = same ?? (asks ? panel : first);
    if (next instanceof HTMLElement) next.focus({ preventScroll: true });
  } else if (asks && !find(root, "#hand").contains(document.activeElement)) {
    panel.focus({ preventScroll: true });
  }
}

/**
 * The waiting room while the table waits for its players.
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {string} link the invite link ("" for a spectator)
 * @param {import("./panels.js").WaitingActions} actions
 */
export function drawWaiting(root, m, link, actions) {
  const waiting = m.msg ? m.msg.status === "waiting" : m.table?.status === "waiting";
  if (!waiting || !m.seats) return;
  const area = find(root, "#action-area");
  area.hidden = false;
  mount(area, waitingPanel(m, link, actions));
}

/**
 * The move log (kept up to date while its dialog is open).
 * @param {HTMLElement} root
 * @param {Move[]} moves
 */
export function drawMoves(root, moves) {
  const list = find(root, "#moves-list");
  /** @param {Move} mv */
  const line = (mv) =>
    mv.chat
      ? h("li", { class: "chat", "data-seat": String(mv.chat.seat), "data-key": mv.chat.key }, mv.text)
      : h("li", { class: mv.headline ? "headline" : null }, mv.text);
  // Every hand of the game: the earlier ones above, each under its own heading, and
  // the hand being played in the list itself.
  const last = moves.length ? (moves[moves.length - 1].hand ?? 0) : 0;
  /** @type {Map<number, Move[]>} */
  const earlier = new Map();
  for (const mv of moves) {
    const hand = mv.hand ?? last;
    if (hand !== last) earlier.set(hand, [...(earlier.get(hand) ?? []), mv]);
  }
  mount(
    find(root, "#moves-earlier"),
    [...earlier].map(([hand, lines]) =>
      h("section", { class: "moves-hand" }, h("h3", {}, t("table.hand_number", { n: hand + 1 })), h("ol", { class: "moves-list" }, lines.map(line))),
    ),
  );
  const current = moves.filter((mv) => (mv.hand ?? last) === last);
  find(root, "#moves-current").textContent = t("moves.this_hand", { n: last + 1 });
  find(root, "#moves-current").hidden = earlier.size === 0;
  mount(list, current.length ? current.map(line) : h("li", { class: "empty" }, t("moves.empty")));
  const box = find(root, "#moves-scroll");
  box.scrollTop = box.scrollHeight;
}

/**
 * The banner that says the link is not open (connecting, lost, replaced).
 * @param {HTMLElement} root
 * @param {TransportStatus} status
 * @param {boolean} [offline] an offline game (its worker starting, not a server)
 */
export function drawLink(root, status, offline = false) {
  const banner = find(root, "#connection");
  banner.hidden = status === "open";
  // An offline game "connects" to its worker: Pyodide starting in this browser.
  const key = offline && status === "connecting" ? "offline.starting" : `connection.${status}`;
  banner.textContent = status === "open" ? "" : t(key);
}

/**
 * While an action is on its way: nothing more may be played.
 * @param {HTMLElement} root
 * @param {boolean} on
 */
export function drawActing(root, on) {
  find(root, ".game").classList.toggle("acting", on);
  if (!on) return;
  for (const b of findAll(root, "#hand .card, #action-area button")) {
    b.setAttribute("aria-disabled", "true");
    b.classList.remove("legal");
  }
}

/**
 * The seats' countdowns, from the deadlines the server's `time_left` gave.
 * @param {HTMLElement} root
 */
export function tick(root) {
  for (const el of findAll(root, ".countdown")) el.textContent = countdownText(Number(el.dataset.deadline));
}

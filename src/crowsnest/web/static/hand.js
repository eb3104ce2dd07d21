// @ts-check
// Your hand: in the order the engine gives it, laid out in one overlapping row, the cards you may
// play or choose marked, and the arrow keys on it. The Game (game.js) handles the
// clicks and sends the actions.

import { t } from "./i18n.js";
import { cardFace } from "./cards.js";
import { h, mount, findAll } from "./dom.js";
import { legalPlays, cardChoice, cardLabel } from "./model.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").CardChoice} CardChoice */

/**
 * The chosen cards kept for this choice: those still offered, every required one.
 * @param {Set<string>} selection
 * @param {CardChoice | null} choice
 * @returns {Set<string>}
 */
export function keepSelection(selection, choice) {
  if (!choice) return new Set();
  const from = new Set(choice.from);
  const kept = new Set([...selection].filter((c) => from.has(c)));
  for (const c of choice.required) kept.add(c);
  return kept;
}

/**
 * Where the focus goes on a key in the hand: the index of the card, or null.
 * Left and right move (mirrored right to left), Home and End go to the ends, up and
 * down jump to the previous or next card that may be played.
 * @param {boolean[]} enabled per card, in order
 * @param {number} i the focused card
 * @param {string} key
 * @param {boolean} rtl
 * @returns {number | null}
 */
export function nextCard(enabled, i, key, rtl) {
  const n = enabled.length;
  let next = null;
  if (key === "ArrowRight") next = i + (rtl ? -1 : 1);
  else if (key === "ArrowLeft") next = i + (rtl ? 1 : -1);
  else if (key === "Home") next = 0;
  else if (key === "End") next = n - 1;
  else if (key === "ArrowUp" || key === "ArrowDown") {
    const step = key === "ArrowDown" ? 1 : -1;
    for (let k = 1; k <= n; k += 1) {
      const j = (i + step * k + n * k) % n;
      if (enabled[j]) {
        next = j;
        break;
      }
    }
  }
  if (next == null) return null;
  return Math.max(0, Math.min(n - 1, next));
}

/**
 * @typedef {object} HandState what the hand shows beyond the model
 * @property {Set<string>} selection the cards chosen for a pass or discard
 * @property {string[]} hinted the cards of the hint shown
 */

/**
 * The buttons of your hand, in the view's order, marked legal, chosen, from the nest or received.
 * @param {TableModel} m
 * @param {HandState} local
 */
export function handCards(m, local) {
  const view = m.msg?.view;
  if (!view) return [];
  const cards = view.hand ?? []; // in the engine's display order for this hand
  const plays = legalPlays(m.legal);
  const choice = cardChoice(m.legal);
  const nest = new Set(view.game === "rook" && view.phase === "discard" ? (view.nest ?? []) : []);
  const received = new Set(view.game === "hearts" && view.tricks.length === 0 ? (view.received ?? []) : []);
  const hinted = new Set(local.hinted);
  const style = m.settings.deckStyle;
  return cards.map((code) => {
    const cls = ["card"];
    let enabled = false;
    /** @type {boolean | null} */
    let pressed = null;
    if (choice) {
      enabled = choice.from.includes(code) && !choice.required.includes(code);
      pressed = local.selection.has(code);
      if (pressed) cls.push("selected");
    } else if (plays.has(code)) enabled = true;
    if (enabled) cls.push("legal");
    if (nest.has(code)) cls.push("from-nest");
    if (received.has(code)) cls.push("received");
    if (hinted.has(code)) cls.push("hinted");
    const extra = [];
    if (nest.has(code)) extra.push(t("table.from_nest"));
    if (received.has(code)) extra.push(t("table.received"));
    return h(
      "button",
      {
        type: "button",
        class: cls.join(" "),
        "data-card": code,
        tabindex: -1,
        "aria-label": [cardLabel(m, code), ...extra].join(", "),
        "aria-disabled": enabled ? null : "true",
        "aria-pressed": pressed == null ? null : String(pressed),
      },
      cardFace(code, style),
    );
  });
}

/**
 * Draw your hand into its element, keeping the keyboard focus on the same card (or a
 * playable one); on your turn to play or choose cards, bring the focus to the hand
 * unless it is busy elsewhere.
 * @param {HTMLElement} hand
 * @param {TableModel} m
 * @param {HandState} local
 */
export function drawHand(hand, m, local) {
  const active = document.activeElement;
  const hadFocus = active instanceof HTMLElement && hand.contains(active);
  const focusedCard = hadFocus ? active.dataset.card : null;
  mount(hand, handCards(m, local));
  const buttons = findAll(hand, ".card");
  let target = buttons.find((b) => b.dataset.card === focusedCard);
  if (!target || target.getAttribute("aria-disabled") === "true") {
    target = buttons.find((b) => b.classList.contains("legal")) ?? target ?? buttons[0];
  }
  if (target) target.tabIndex = 0;
  // Your turn to play, pass or discard with the focus nowhere (the panel you answered
  // is gone): the focus comes to the hand, where the decision is. Choosing a card
  // there is safe (it is undone by choosing it again; nothing is sent before Confirm).
  const idle = document.activeElement === document.body || document.activeElement === null;
  const deciding = legalPlays(m.legal).size > 0 || cardChoice(m.legal) !== null;
  if (target && (hadFocus || (deciding && idle))) target.focus({ preventScroll: true });
  layoutHand(hand);
}

/** The most of a card's width a neighbour may cover: the rest stays readable and clickable. */
const MAX_OVERLAP = 0.58;
/** The same on a touch screen, where a finger needs a wider strip (28 px of a 52 px card). */
const TOUCH_MAX_OVERLAP = 0.45;

/**
 * Overlap the cards just enough that the hand fits one row; a hand that cannot (14
 * cards on a phone) is laid out in rows of equal length (7 and 7, not 12 and 2). On a
 * touch screen each card keeps a wider strip, so a long hand takes two rows sooner.
 * @param {HTMLElement} hand
 */
export function layoutHand(hand) {
  const n = hand.children.length;
  const first = hand.firstElementChild;
  // Hidden (another tab is shown): nothing to measure; laid out when it is shown.
  if (!n || !first || hand.clientWidth === 0) return;
  const w = first.getBoundingClientRect().width || 60;
  const avail = hand.clientWidth - w * 0.6;
  /** @param {number} count cards in a row */
  const needed = (count) => (count > 1 ? w - (avail - w) / (count - 1) : 0);
  const most = globalThis.matchMedia?.("(pointer: coarse)").matches ? TOUCH_MAX_OVERLAP : MAX_OVERLAP;
  let rows = 1;
  while (needed(Math.ceil(n / rows)) > w * most && rows < n) rows += 1;
  const overlap = Math.max(-w * 0.06, Math.min(w * most, needed(Math.ceil(n / rows))));
  hand.style.setProperty("--overlap", `${overlap.toFixed(1)}px`);
  hand.dataset.rows = String(rows);
}

/**
 * Move the focus in the hand on an arrow, Home or End key.
 * @param {HTMLElement} hand
 * @param {KeyboardEvent} e
 */
export function handKey(hand, e) {
  const buttons = findAll(hand, ".card");
  const i = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (i < 0) return;
  const enabled = buttons.map((b) => b.getAttribute("aria-disabled") !== "true");
  const next = nextCard(enabled, i, e.key, document.documentElement.dir === "rtl");
  if (next == null) return;
  e.preventDefault();
  for (const b of buttons) b.tabIndex = -1;
  buttons[next].tabIndex = 0;
  buttons[next].focus();
}

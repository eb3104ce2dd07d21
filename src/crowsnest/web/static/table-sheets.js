// @ts-check
// The sheets over a live table: the tricks of the hand, the score sheet, a hand's
// summary (with your review of the hand once the server has it) and the game over.
// Their content is dialogs.js's and review.js's; this module opens them and wires
// their buttons.

import { api } from "./api.js";
import { h, mount, find } from "./dom.js";
import { t } from "./i18n.js";
import { lastTrickContent, scoreSheetContent, summaryContent, gameOverContent } from "./dialogs.js";
import { reviewPanel, reviewPending, reviewSkipped } from "./review.js";
import { dialog } from "./table-page.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").HandEnd} HandEnd */
/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./dialogs.js").NestCards} NestCards */

/**
 * The tricks of this hand, from the last one back (the view keeps them all).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Trick} last the last trick (the view may keep none once a hand is over)
 * @param {number} [index] which trick to show; the last one if not given
 */
export function showTricks(root, m, last, index) {
  const tricks = m.msg?.view.tricks ?? [];
  const d = dialog(root, "last-trick-view");
  if (!tricks.length) {
    mount(d, lastTrickContent(m, last));
  } else {
    const i = Math.max(0, Math.min(tricks.length - 1, index ?? tricks.length - 1));
    mount(d, lastTrickContent(m, tricks[i], i, tricks.length));
    d.querySelector("#trick-prev")?.addEventListener("click", () => stepTrick(root, m, last, i - 1, "#trick-prev"));
    d.querySelector("#trick-next")?.addEventListener("click", () => stepTrick(root, m, last, i + 1, "#trick-next"));
  }
  if (!d.open) d.showModal();
}

/**
 * Show another trick of the hand, keeping the focus on the button pressed (or on its
 * twin when it is disabled at the end).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {Trick} last
 * @param {number} index
 * @param {string} button
 */
function stepTrick(root, m, last, index, button) {
  showTricks(root, m, last, index);
  const d = dialog(root, "last-trick-view");
  const same = d.querySelector(`${button}:not([disabled])`) ?? d.querySelector(".trick-steps button:not([disabled])");
  if (same instanceof HTMLElement) same.focus();
}

/**
 * @param {HTMLElement} root
 * @param {TableModel} m
 */
export function showScoreSheet(root, m) {
  const view = m.msg?.view;
  if (!view) return;
  const d = dialog(root, "score-sheet");
  mount(d, scoreSheetContent(m, view));
  d.showModal();
}

/**
 * The summary of a hand; resolves when it is closed if another hand follows. With
 * `review`, a slot waits for your review of the hand (`loadReview` fills it).
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {HandEnd} end
 * @param {NestCards | null} nestCards
 * @param {{more: boolean, review: boolean}} how
 * @returns {Promise<unknown>}
 */
export function showSummary(root, m, end, nestCards, { more, review }) {
  const d = dialog(root, "hand-summary");
  mount(d, summaryContent(m, end, nestCards, more));
  if (review) {
    const slot = h("div", { id: "summary-review", "data-hand": String(end.hand_number) }, reviewPending());
    find(d, ".dialog-actions").before(slot);
  }
  const done = new Promise((resolve) => {
    d.addEventListener("close", resolve, { once: true });
  });
  find(d, "#summary-close").addEventListener("click", () => d.close());
  if (!d.open) d.showModal();
  return more ? done : Promise.resolve();
}

/**
 * The open summary of a hand whose next hand is dealt says it is your turn there:
 * a line above its buttons, and its button says "Your turn".
 * @param {HTMLElement} root
 * @returns {boolean} whether a summary was open to say it
 */
export function summaryTurn(root) {
  const d = dialog(root, "hand-summary");
  if (!d.open) return false;
  if (!d.querySelector("#summary-turn")) {
    find(d, ".dialog-actions").before(h("p", { id: "summary-turn", class: "summary-turn", role: "status" }, t("summary.your_turn")));
  }
  find(d, "#summary-close").textContent = t("summary.continue_turn");
  return true;
}

/**
 * The summary's review slot of a hand, if that summary is open.
 * @param {HTMLElement} root
 * @param {number} hand
 * @returns {Element | null}
 */
export function reviewSlot(root, hand) {
  return dialog(root, "hand-summary").querySelector(`#summary-review[data-hand="${hand}"]`);
}

/**
 * Fetch this seat's review of a hand into the summary's slot (it stays "being
 * reviewed" until the server has it: `review_ready` asks again).
 * @param {HTMLElement} root
 * @param {Session} session
 * @param {number} hand
 * @param {"crow" | "rook" | null} bird
 */
export async function loadReview(root, session, hand, bird) {
  const { tableId, token } = session;
  let res;
  try {
    res = await api.review(tableId, { token, invite: null, hand });
  } catch {
    return; // the summary says the hand is being reviewed; nothing else to do
  }
  const found = res.reviews.find((r) => r.seat === session.seat);
  const slot = reviewSlot(root, hand);
  if (slot && !found && !res.reviewing) slot.remove(); // this server reviews no hands
  else if (slot && !found && !(res.pending ?? []).includes(hand)) slot.replaceChildren(reviewSkipped());
  if (!found || !slot) return;
  slot.replaceChildren(reviewPanel(found, { hindsight: false, bird }));
}

/**
 * The game over, once the last summary is closed.
 * @param {HTMLElement} root
 * @param {TableModel} m
 * @param {{leave: () => void, rematch: () => void, settings: () => void}} on
 */
export function showGameOver(root, m, on) {
  const view = m.msg?.view;
  if (!view) return;
  const d = dialog(root, "game-over");
  mount(d, gameOverContent(m, view));
  /** @param {string} id @param {() => void} then */
  const button = (id, then) =>
    d.querySelector(id)?.addEventListener("click", () => {
      d.close();
      then();
    });
  button("#game-over-leave", on.leave);
  button("#game-over-lobby", on.leave);
  button("#rematch", on.rematch);
  button("#game-over-settings", on.settings);
  const open = () => {
    if (!d.open) d.showModal();
  };
  const summary = dialog(root, "hand-summary");
  if (summary.open) summary.addEventListener("close", open, { once: true });
  else open();
}

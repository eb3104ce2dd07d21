// @ts-check
// A reviewed decision's position as a small table: the trick so far drawn by the live
// table's part (trick.js: each card before the seat that played it, the reviewed seat
// at the bottom) and the hand in one overlapping row as the table lays it out, the
// card played and the card suggested marked (raised, a solid or a dashed frame, and a
// legend in words: not colour alone).

import { t, cardName } from "./i18n.js";
import { cardFace } from "./cards.js";
import { settings } from "./settings.js";
import { h } from "./dom.js";
import { trickCards, playedBy } from "./trick.js";
import { actionCards } from "./review-words.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./wire.js").ReviewDecision} ReviewDecision */
/** @typedef {"crow" | "rook" | null} Bird */

/**
 * The model the trick is drawn from: the reviewed seat at the bottom, the seats'
 * names as the table (or the replay) gives them.
 * @param {number} seat the reviewed seat
 * @param {TableModel | null} base the table's (or the replay step's) model, if any
 * @returns {TableModel}
 */
export function boardModel(seat, base) {
  return {
    msg: base?.msg ?? null,
    legal: [],
    me: null,
    bottom: seat,
    watching: true,
    seats: base?.seats ?? null,
    table: null,
    settings: settings(),
  };
}

/**
 * Marks of a card: played (yours), suggested, or both.
 * @param {ReviewDecision} d
 * @param {string} code
 */
function markOf(d, code) {
  const played = actionCards(d.taken).includes(code);
  const best = d.best !== null && d.best !== d.taken && actionCards(d.best).includes(code);
  if (played && best) return "both";
  if (played) return "played";
  if (best) return "best";
  return null;
}

/**
 * The hand in one overlapping row (two on a narrow screen), marked cards raised.
 * @param {ReviewDecision} d
 * @param {Bird} bird
 */
function handRow(d, bird) {
  const style = settings().deckStyle ?? "classic";
  const opts = bird ? { bird } : {};
  const cards = d.hand.map((code) => {
    const mark = markOf(d, code);
    const extra = mark === "played" ? t("review.mark_played") : mark === "best" ? t("review.mark_best") : null;
    return h(
      "li",
      {
        class: "card",
        "data-card": code,
        "data-mark": mark,
        role: "img",
        "aria-label": [cardName(code, opts), extra].filter(Boolean).join(", "),
      },
      cardFace(code, style),
    );
  });
  return h("ul", { class: "review-hand", "aria-label": t("review.hand"), style: `--n: ${Math.max(d.hand.length, 2)}` }, cards);
}

/**
 * The trick so far, each card before its seat (the live table's drawing); the card
 * played and the one suggested are in the hand below.
 * @param {ReviewDecision} d
 * @param {TableModel} m
 * @param {Bird} bird
 */
function trickBox(d, m, bird) {
  if (!d.trick.length) return h("div", { class: "review-trick" }, h("span", { class: "review-row-label" }, t("review.trick_empty")));
  const faces = trickCards(m, playedBy(d.trick, d.leader ?? 0));
  const opts = bird ? { bird } : {};
  for (const face of faces) {
    const code = face.dataset.card ?? "";
    if (!m.msg) face.setAttribute("aria-label", cardName(code, opts)); // no view: no names to give
  }
  return h(
    "div",
    { class: "review-trick" },
    h("span", { class: "review-row-label" }, t("review.trick")),
    h("div", { class: "trick", role: "group", "aria-label": t("review.trick") }, faces),
  );
}

/**
 * The position of a decision: the trick (card play) and the hand.
 * @param {ReviewDecision} d
 * @param {TableModel} m
 * @param {Bird} bird
 */
export function positionBox(d, m, bird) {
  const marked = actionCards(d.taken).length > 0;
  const suggested = d.best !== null && d.best !== d.taken && actionCards(d.best).length > 0;
  const legend = marked
    ? h(
        "p",
        { class: "review-legend" },
        h("span", { class: "review-key", "data-mark": "played" }, t("review.mark_played")),
        suggested ? h("span", { class: "review-key", "data-mark": "best" }, t("review.mark_best")) : null,
      )
    : null;
  return h(
    "div",
    { class: "review-position", "data-phase": d.phase },
    d.phase === "play" ? trickBox(d, m, bird) : null,
    h("div", { class: "review-hand-box" }, h("span", { class: "review-row-label" }, t("review.hand")), handRow(d, bird), legend),
  );
}

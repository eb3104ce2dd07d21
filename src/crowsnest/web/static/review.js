// @ts-check
// The hand review panel: what the Hard search thinks of each of a
// player's decisions in a hand, as the server stored it (GET /api/tables/{id}/review,
// docs/protocol.md "Hand reviews"). The costs, their standard errors, the bands and
// the accuracy are the server's; this module only lays them out: each costly
// decision with its position (the trick so far and the hand, as small cards), the
// action taken and the one suggested, and the hindsight apart, labelled as such.

import { t, cardName, formatNumber } from "./i18n.js";
import { cardFace } from "./cards.js";
import { settings } from "./settings.js";
import { h } from "./dom.js";

/**
 * @typedef {object} ReviewHindsight
 * @property {string | null} best
 * @property {number | null} best_value
 * @property {number | null} taken_value
 * @property {number | null} cost
 * @property {boolean} [cut_short] the exact search ran out of its budget: no figures
 */

/**
 * @typedef {object} ReviewDecision
 * @property {number} step
 * @property {number} hand_number
 * @property {string} phase
 * @property {string[]} hand
 * @property {string[]} trick
 * @property {string} taken
 * @property {number} legal
 * @property {string | null} best
 * @property {number} cost
 * @property {number} se
 * @property {"inaccuracy" | "mistake" | "blunder" | null} band
 * @property {ReviewHindsight | null} hindsight
 */

/**
 * @typedef {object} HandReview
 * @property {number} hand_number
 * @property {number} seat
 * @property {{family: string, seat: number, accuracy: number | null, decisions: ReviewDecision[]}} review
 */

/**
 * @typedef {object} Reviews GET /api/tables/{id}/review
 * @property {string} table_id
 * @property {string} status
 * @property {boolean} hindsight
 * @property {boolean} reviewing the server reviews hands (if not, none will come)
 * @property {number[]} [pending] hands whose review is on its way (the others get none)
 * @property {HandReview[]} reviews
 */

/** The most hindsight lines shown for a hand (the costliest first). */
const HINDSIGHT_LINES = 5;

/** Whether the player wants reviews (Settings). */
export function reviewsWanted() {
  return settings().reviews !== false;
}

/** @param {number} x */
const figure = (x) => formatNumber(Math.round(x * 10) / 10);

/**
 * An action's words: "Queen of spades", "bid 120", "pass", "red trump", cards.
 * @param {string} text
 * @param {"crow" | "rook" | null} bird
 */
export function actionWords(text, bird) {
  const [verb, ...rest] = text.split(" ");
  const opts = bird ? { bird } : {};
  if (verb === "bid") return rest[0] === "pass" ? t("review.bid_pass") : t("review.bid", { bid: Number(rest[0]) });
  if (verb === "trump") return t("review.trump", { colour: t(`colour.${rest[0]}`) });
  return rest.map((c) => cardName(c, opts)).join(", ");
}

/**
 * Small cards face up.
 * @param {string[]} codes
 * @param {string} label
 * @param {string} cls
 */
function smallCards(codes, label, cls) {
  const style = settings().deckStyle ?? "classic";
  return h(
    "div",
    { class: `review-row ${cls}` },
    h("span", { class: "review-row-label" }, label),
    codes.length
      ? h(
          "ul",
          { class: "review-cards", "aria-label": label },
          codes.map((code) =>
            h("li", { class: "card", "data-card": code, role: "img", "aria-label": cardName(code) }, cardFace(code, style)),
          ),
        )
      : h("span", { class: "review-empty" }, t("review.trick_empty")),
  );
}

/**
 * One costly decision.
 * @param {ReviewDecision} d
 * @param {"crow" | "rook" | null} bird
 */
function decisionItem(d, bird) {
  const band = d.band ?? "inaccuracy";
  return h(
    "li",
    { class: "review-decision", "data-band": band, "data-step": String(d.step) },
    h(
      "p",
      { class: "review-verdict" },
      h("span", { class: "review-band" }, t(`review.band.${band}`)),
      " ",
      h("span", { class: "review-taken" }, t("review.played", { action: actionWords(d.taken, bird) })),
      " · ",
      h("span", { class: "review-best" }, t("review.suggested", { action: actionWords(d.best ?? d.taken, bird) })),
      " · ",
      h("span", { class: "review-cost" }, t("review.cost", { cost: figure(d.cost), se: figure(d.se) })),
    ),
    h(
      "div",
      { class: "review-position" },
      d.phase === "play" ? smallCards(d.trick, t("review.trick"), "review-trick") : null,
      smallCards(d.hand, t("review.hand"), "review-hand"),
    ),
  );
}

/**
 * The hindsight part: with every card face up, what was best (apart, labelled).
 * @param {ReviewDecision[]} decisions
 * @param {"crow" | "rook" | null} bird
 */
function hindsightPart(decisions, bird) {
  const costly = decisions
    .filter((d) => (d.hindsight?.cost ?? 0) > 0)
    .sort((a, b) => (b.hindsight?.cost ?? 0) - (a.hindsight?.cost ?? 0))
    .slice(0, HINDSIGHT_LINES);
  const cut = decisions.some((d) => d.hindsight?.cut_short);
  return h(
    "section",
    { class: "review-hindsight" },
    h("h4", {}, t("review.hindsight")),
    h("p", { class: "review-note" }, t("review.hindsight_help")),
    costly.length
      ? h(
          "ul",
          {},
          costly.map((d) =>
            h(
              "li",
              { class: "review-hindsight-item", "data-step": String(d.step) },
              t("review.hindsight_line", {
                played: actionWords(d.taken, bird),
                best: actionWords(d.hindsight?.best ?? d.taken, bird),
                cost: figure(d.hindsight?.cost ?? 0),
              }),
            ),
          ),
        )
      : h("p", {}, t("review.hindsight_none")),
    cut ? h("p", { class: "review-note review-hindsight-cut" }, t("review.hindsight_cut")) : null,
  );
}

/**
 * The panel of one seat's review of one hand.
 * @param {HandReview} r
 * @param {{hindsight: boolean, bird: "crow" | "rook" | null, name?: string}} how
 */
export function reviewPanel(r, { hindsight, bird, name }) {
  const { decisions, accuracy } = r.review;
  const flagged = decisions.filter((d) => d.band !== null);
  const title = name ? t("review.title_seat", { name }) : t("review.title");
  return h(
    "section",
    { class: "review-panel", "data-hand": String(r.hand_number), "data-seat": String(r.seat) },
    h("h3", {}, title),
    accuracy === null ? null : h("p", { class: "review-accuracy" }, t("review.accuracy", { accuracy: figure(accuracy) })),
    flagged.length
      ? h("ol", { class: "review-decisions" }, flagged.map((d) => decisionItem(d, bird)))
      : h("p", { class: "review-none" }, t("review.none")),
    hindsight ? hindsightPart(decisions, bird) : null,
  );
}

/** No review of the hand will come (skipped, or turned off elsewhere). */
export function reviewSkipped() {
  return h("p", { class: "review-skipped", role: "status" }, t("review.skipped"));
}

/** A review on its way: the hand is being reviewed. */
export function reviewPending() {
  return h("p", { class: "review-pending", role: "status" }, t("review.pending"));
}

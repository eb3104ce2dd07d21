// @ts-check
// The hand review in words: an action ("Queen of spades", "bid 120"), the reason the
// search gives for the better action (a code and its counts from the server, worded
// here in the player's language: docs/ai.md "Why"), the cost and the verdict.

import { t, cardName, formatNumber } from "./i18n.js";

/** @typedef {import("./wire.js").ReviewDecision} ReviewDecision */
/** @typedef {import("./wire.js").ReviewReason} ReviewReason */
/** @typedef {"crow" | "rook" | null} Bird */

/** @param {number} x a figure rounded to one decimal, in the language's digits */
export const figure = (x) => formatNumber(Math.round(x * 10) / 10);

/**
 * An action's words: "Queen of spades", "bid 120", "pass", "red trump", cards.
 * @param {string} text
 * @param {Bird} bird
 */
export function actionWords(text, bird) {
  const [verb, ...rest] = text.split(" ");
  const opts = bird ? { bird } : {};
  if (verb === "bid") return rest[0] === "pass" ? t("review.bid_pass") : t("review.bid", { bid: Number(rest[0]) });
  if (verb === "trump") return t("review.trump", { colour: t(`colour.${rest[0]}`) });
  return rest.map((c) => cardName(c, opts)).join(", ");
}

/**
 * The cards an action names (a card played, passed or discarded); none for a bid or a trump.
 * @param {string | null | undefined} text
 */
export function actionCards(text) {
  if (!text) return [];
  const [verb, ...rest] = text.split(" ");
  return verb === "play" || verb === "pass" || verb === "discard" ? rest : [];
}

/**
 * Why the better action is better, in words.
 * @param {ReviewReason} r
 * @param {string} family "hearts" or "rook"
 * @param {Bird} bird
 */
export function whyText(r, family, bird) {
  const args = {
    action: actionWords(r.action, bird),
    other: actionWords(r.other, bird),
    worlds: formatNumber(r.worlds),
    a: figure(r.a),
    b: figure(r.b),
    points: figure(r.points ?? 0),
    count: r.points ?? 0,
    diff: figure(Math.abs(r.a - r.b)),
  };
  if (r.code === "points" && family === "hearts") return t("review.why.points_hearts", args);
  if (r.code === "trick_points" && family === "hearts") return t("review.why.trick_points_hearts", args);
  return t(`review.why.${r.code}`, args);
}

/**
 * The verdict of a decision: its band (only past the noise rule: the server's), else
 * whether the action taken was the best.
 * @param {ReviewDecision} d
 * @returns {{key: string, kind: string}}
 */
export function verdictOf(d) {
  if (d.band) return { key: `review.band.${d.band}`, kind: d.band };
  if (d.best === null || d.best === d.taken || d.cost <= 0) return { key: "review.verdict.best", kind: "best" };
  return { key: "review.verdict.close", kind: "close" };
}

/**
 * The cost line: "gave away 4.2 points (± 1.1)"; none when the action was the best.
 * @param {ReviewDecision} d
 */
export function costText(d) {
  if (d.cost <= 0 || d.best === null || d.best === d.taken) return null;
  return t("review.cost", { cost: figure(d.cost), se: figure(d.se) });
}

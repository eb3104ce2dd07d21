// @ts-check
// The hand review panel, a coach to read: what the Hard search thinks of each of a
// player's decisions in a hand, as the server stored it (GET /api/tables/{id}/review,
// docs/protocol.md "Hand reviews", docs/ai.md "Hand review"). One decision at a time,
// stepped through (previous, next, or any decision of the hand): its position as a
// small table (review-board.js: the trick as the table draws it, the hand in a row,
// the card played and the one suggested marked), the verdict, the reason in words
// (review-words.js, from the search's counts) and the cost. The figures, the bands
// and the accuracy are the server's; the hindsight comes apart, labelled as such.

import { t, formatNumber } from "./i18n.js";
import { settings } from "./settings.js";
import { h } from "./dom.js";
import { boardModel, positionBox } from "./review-board.js";
import { actionWords, costText, figure, verdictOf, whyText } from "./review-words.js";

export { actionWords } from "./review-words.js";

/** @typedef {import("./wire.js").ReviewDecision} ReviewDecision */
/** @typedef {import("./wire.js").HandReview} HandReview */
/** @typedef {import("./wire.js").Reviews} Reviews GET /api/tables/{id}/review */
/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {"crow" | "rook" | null} Bird */

/**
 * How a panel is shown: with the hindsight part (the game is over), the bird card's
 * name, the reviewed player's name; `model`, the table's (or the replay step's) to
 * name the seats; `current`, the step of the decision shown (else the first costly
 * one); `onStep`, who shows another decision (the replay moves its table there too);
 * without it the panel steps by itself.
 * @typedef {object} PanelHow
 * @property {boolean} hindsight
 * @property {Bird} bird
 * @property {string} [name]
 * @property {TableModel | null} [model]
 * @property {number | null} [current]
 * @property {(step: number) => void} [onStep]
 */

/** The most hindsight lines shown for a hand (the costliest first). */
const HINDSIGHT_LINES = 5;

/** Whether the player wants reviews (Settings). */
export function reviewsWanted() {
  return settings().reviews !== false;
}

/**
 * The decisions worth a look: those with a choice (a forced one is never searched).
 * @param {ReviewDecision[]} decisions
 */
export function choices(decisions) {
  return decisions.filter((d) => d.legal > 1);
}

/**
 * The decision shown: the one of step `current` (or the next one after it), else the
 * first flagged one, else the first.
 * @param {ReviewDecision[]} list
 * @param {number | null | undefined} current
 */
export function shownIndex(list, current) {
  if (current != null) {
    const at = list.findIndex((d) => d.step >= current);
    return at >= 0 ? at : list.length - 1;
  }
  const flagged = list.findIndex((d) => d.band !== null);
  return Math.max(0, flagged);
}

/**
 * One decision: verdict, actions, position, reason, cost.
 * @param {ReviewDecision} d
 * @param {number} n its number among the decisions with a choice (1 for the first)
 * @param {string} family
 * @param {TableModel} m
 * @param {Bird} bird
 */
function decisionCard(d, n, family, m, bird) {
  const verdict = verdictOf(d);
  const changed = d.best !== null && d.best !== d.taken;
  const cost = costText(d);
  return h(
    "article",
    {
      class: "review-decision",
      "data-step": String(d.step),
      "data-verdict": verdict.kind,
      "data-band": d.band,
      "data-cost": String(d.cost),
      "data-se": String(d.se),
      "aria-label": t("review.decision_of", { n: formatNumber(n) }),
    },
    h(
      "p",
      { class: "review-verdict" },
      h("span", { class: "review-band" }, t(verdict.key)),
      h("span", { class: "review-phase" }, t(`history.phase.${d.phase}`)),
    ),
    h(
      "p",
      { class: "review-actions" },
      h("span", { class: "review-taken" }, t("review.played", { action: actionWords(d.taken, bird) })),
      changed ? h("span", { class: "review-best" }, t("review.suggested", { action: actionWords(d.best ?? d.taken, bird) })) : null,
    ),
    positionBox(d, m, bird),
    d.reason ? h("p", { class: "review-why", "data-code": d.reason.code }, whyText(d.reason, family, bird)) : null,
    cost ? h("p", { class: "review-cost" }, cost) : null,
  );
}

/**
 * Previous, next, and a button for each decision (marked by its verdict).
 * @param {ReviewDecision[]} list
 * @param {number} at the index shown
 * @param {(step: number) => void} show
 */
function navBar(list, at, show) {
  const prev = h("button", { type: "button", class: "review-prev", "data-nav": "prev", "aria-label": t("review.prev"), title: t("review.prev") }, "◀");
  const next = h("button", { type: "button", class: "review-next", "data-nav": "next", "aria-label": t("review.next"), title: t("review.next") }, "▶");
  prev.toggleAttribute("disabled", at <= 0);
  next.toggleAttribute("disabled", at >= list.length - 1);
  prev.addEventListener("click", () => at > 0 && show(list[at - 1].step));
  next.addEventListener("click", () => at < list.length - 1 && show(list[at + 1].step));
  const steps = list.map((d, i) => {
    const verdict = verdictOf(d);
    const b = h(
      "button",
      {
        type: "button",
        class: "review-step",
        "data-nav": `step-${d.step}`,
        "data-step": String(d.step),
        "data-verdict": verdict.kind,
        "aria-current": i === at ? "true" : null,
        "aria-label": t("review.step_label", { n: formatNumber(i + 1), verdict: t(verdict.key) }),
      },
      formatNumber(i + 1),
    );
    b.addEventListener("click", () => show(d.step));
    return h("li", {}, b);
  });
  return h(
    "nav",
    { class: "review-nav", "aria-label": t("review.nav") },
    prev,
    h("span", { class: "review-count" }, t("review.count", { n: formatNumber(at + 1), total: formatNumber(list.length) })),
    next,
    h("ol", { class: "review-steps" }, steps),
  );
}

/**
 * What accuracy, the cost, its ± and the labels mean: once, in plain words.
 * @param {Record<string, number> | null | undefined} bands
 */
function explainPart(bands) {
  const least = bands ? Math.min(...Object.values(bands)) : null;
  return h(
    "details",
    { class: "review-explain" },
    h("summary", {}, t("review.explain")),
    h("p", {}, t("review.explain_cost")),
    least === null ? null : h("p", {}, t("review.explain_noise", { least: figure(least) })),
    h("p", {}, t("review.explain_accuracy")),
  );
}

/**
 * The hindsight part: with every card face up, what was best (apart, labelled).
 * @param {ReviewDecision[]} decisions
 * @param {Bird} bird
 */
function hindsightPart(decisions, bird) {
  const costly = decisions
    .filter((d) => (d.hindsight?.cost ?? 0) > 0)
    .sort((a, b) => (b.hindsight?.cost ?? 0) - (a.hindsight?.cost ?? 0))
    .slice(0, HINDSIGHT_LINES);
  const cut = decisions.some((d) => d.hindsight?.cut_short);
  return h(
    "details",
    { class: "review-hindsight" },
    h("summary", {}, t("review.hindsight")),
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
 * @param {PanelHow} how
 * @returns {HTMLElement}
 */
export function reviewPanel(r, how) {
  const { hindsight, bird, name, onStep } = how;
  const { decisions, accuracy, family } = r.review;
  const list = choices(decisions);
  const at = shownIndex(list, how.current);
  const title = name ? t("review.title_seat", { name }) : t("review.title");
  const flagged = decisions.filter((d) => d.band !== null).length;
  const panel = h("section", {
    class: "review-panel",
    "data-hand": String(r.hand_number),
    "data-seat": String(r.seat),
    "aria-label": title,
  });
  /** @param {number} step */
  const show = (step) => {
    if (onStep) return onStep(step);
    const again = reviewPanel(r, { ...how, current: step });
    const focused = panel.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.nav : null;
    panel.replaceWith(again);
    const target = focused && again.querySelector(`[data-nav="${focused}"]:not([disabled])`);
    if (target instanceof HTMLElement) target.focus();
  };
  const summary = h(
    "p",
    { class: "review-summary" },
    accuracy == null ? null : h("span", { class: "review-accuracy" }, t("review.accuracy", { accuracy: figure(accuracy) })),
    h("span", { class: "review-flagged" }, flagged ? t("review.flagged", { count: flagged }) : t("review.none")),
  );
  panel.append(h("h3", {}, title), summary, explainPart(r.review.bands));
  if (list.length) {
    const m = boardModel(r.seat, how.model ?? null);
    panel.append(navBar(list, at, show), decisionCard(list[at], at + 1, family, m, bird));
  } else {
    panel.append(h("p", { class: "review-empty" }, t("review.no_choice")));
  }
  if (hindsight) panel.append(hindsightPart(decisions, bird));
  return panel;
}

/** No review of the hand will come (skipped, or turned off elsewhere). */
export function reviewSkipped() {
  return h("p", { class: "review-skipped", role: "status" }, t("review.skipped"));
}

/** A review on its way: the hand is being reviewed. */
export function reviewPending() {
  return h("p", { class: "review-pending", role: "status" }, t("review.pending"));
}

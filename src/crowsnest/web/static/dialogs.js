// @ts-check
// What the dialogs over the table hold: the last trick, the score sheet, the summary
// at the end of each hand, and the game over screen. Functions of the TableModel; the
// Game opens the dialogs and wires their buttons.

import { t, formatNumber } from "./i18n.js";
import { cardFace, colourSymbol } from "./cards.js";
import { h } from "./dom.js";
import { seatName, teamName, teamOf, ourTeam, cardLabel } from "./model.js";
import { playedBy } from "./trick.js";
import { resignedText } from "./resign.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").HandEnd} HandEnd */
/** @typedef {import("./types.js").HandResult} HandResult */
/** @typedef {import("./dom.js").Child} Child */

/**
 * The declarer's nest and discards of a hand (kept for its summary).
 * @typedef {{hand: number, nest: string[] | null, discards: string[] | null}} NestCards
 */

/** @param {string} title */
const closeForm = (title) => h("form", { method: "dialog" }, h("button", { class: "primary", autofocus: true }, title));

/**
 * A trick of this hand: who played what, the winner marked; with `count` tricks taken
 * so far, buttons step to the one before and after (`#trick-prev`, `#trick-next`).
 * @param {TableModel} m
 * @param {Trick} trick
 * @param {number} [index] which trick of the hand (0 for the first)
 * @param {number} [count] how many tricks the hand has had so far
 */
export function lastTrickContent(m, trick, index = 0, count = 1) {
  const style = m.settings.deckStyle;
  const last = index === count - 1;
  const title = last ? t("table.last_trick") : t("table.trick_n", { n: formatNumber(index + 1), count: formatNumber(count) });
  return [
    h("h2", { id: "last-trick-title", "data-index": String(index) }, title),
    h("p", {}, t("say.trick", { name: seatName(m, trick.winner), count: trick.points, points: trick.points })),
    h(
      "ol",
      { class: "trick-list" },
      playedBy(trick.cards, trick.leader).map(({ seat, card }) =>
        h(
          "li",
          { class: seat === trick.winner ? "winner" : "" },
          h("div", { class: "card small-card", "data-card": card, "aria-hidden": "true" }, cardFace(card, style)),
          h("span", {}, `${seatName(m, seat)}: ${cardLabel(m, card)}`),
        ),
      ),
    ),
    count > 1
      ? h(
          "div",
          { class: "dialog-actions trick-steps" },
          h("button", { type: "button", id: "trick-prev", disabled: index === 0 }, t("table.trick_prev")),
          h("button", { type: "button", id: "trick-next", disabled: last }, t("table.trick_next")),
        )
      : null,
    closeForm(t("dialog.close")),
  ];
}

/**
 * @param {...Child} cells
 */
const row = (...cells) => h("tr", {}, cells);
/** @param {Child} text */
const col = (text) => h("th", { scope: "col" }, text);
/** @param {Child} text */
const rowHead = (text) => h("th", { scope: "row" }, text);
/** @param {...Child} content */
const td = (...content) => h("td", {}, content);
/** @param {number} n */
const bold = (n) => h("b", {}, formatNumber(n));

/**
 * The score sheet: one row per hand played.
 * @param {TableModel} m
 * @param {View} view
 */
export function scoreTable(m, view) {
  if (!view.results.length) return h("p", {}, t("score.none"));
  /** @param {Child} head @param {Child[]} rows */
  const table = (head, rows) =>
    h("div", { class: "table-scroll" }, h("table", { class: "scores" }, h("thead", {}, head), h("tbody", {}, rows)));
  if (view.game === "rook") {
    const us = ourTeam(m);
    const rows = view.results.map((r, i) =>
      row(
        rowHead(formatNumber(i + 1)),
        td(`${seatName(m, r.declarer)} ${formatNumber(r.bid)} `, r.trump ? colourSymbol(r.trump, 14, m.settings.deckStyle) : null),
        td(r.made ? t("summary.made") : t("summary.set")),
        td(formatNumber(r.score[us])),
        td(formatNumber(r.score[1 - us])),
        td(bold(r.totals[us])),
        td(bold(r.totals[1 - us])),
      ),
    );
    return table(
      row(
        col(t("score.hand")),
        col(t("score.contract")),
        col(t("score.result")),
        col(teamName(m, us)),
        col(teamName(m, 1 - us)),
        col(m.watching ? t("score.total_of", { team: teamName(m, us) }) : t("score.total_us")),
        col(m.watching ? t("score.total_of", { team: teamName(m, 1 - us) }) : t("score.total_them")),
      ),
      rows,
    );
  }
  const rows = view.results.map((r, i) =>
    row(
      rowHead(formatNumber(i + 1)),
      r.points.map((p, seat) =>
        td(`${formatNumber(p)} `, h("small", {}, `(${formatNumber(r.totals[seat])})`), r.moon === seat ? " 🌙" : null),
      ),
    ),
  );
  return table(row(col(t("score.hand")), [0, 1, 2, 3].map((seat) => col(seatName(m, seat)))), rows);
}

/**
 * The score sheet dialog's content.
 * @param {TableModel} m
 * @param {View} view
 */
export function scoreSheetContent(m, view) {
  return [h("h2", { id: "score-sheet-title" }, t("table.score_sheet")), scoreTable(m, view), closeForm(t("dialog.close"))];
}

/**
 * For the declarer: the cards taken from the nest and those laid back in it.
 * @param {TableModel} m
 * @param {HandEnd | HandResult} ev
 * @param {NestCards | null} nestCards
 */
function nestLines(m, ev, nestCards) {
  const mine = nestCards?.hand === ev.hand_number ? nestCards : null;
  /** @param {string[]} cards */
  const names = (cards) => cards.map((c) => cardLabel(m, c)).join(", ");
  return [
    mine?.nest?.length ? h("p", { id: "summary-nest" }, t("summary.nest_taken", { cards: names(mine.nest) })) : null,
    mine?.discards?.length
      ? h("p", { id: "summary-discards" }, t("summary.laid_back", { cards: names(mine.discards) }))
      : null,
  ];
}

/**
 * What a hand's summary says: made or set, the nest, points per team (Rook); points per
 * seat and the moon (Hearts).
 * @param {TableModel} m
 * @param {HandEnd | HandResult} ev the `hand_end` event, or a replay step's result
 * @param {NestCards | null} nestCards
 * @returns {Child[]}
 */
export function summaryBody(m, ev, nestCards) {
  if ("declarer" in ev) {
    const us = ourTeam(m);
    const declTeam = teamOf(m.msg?.view ?? null, ev.declarer);
    const outcome = ev.made ? "made" : "set";
    const tone = m.watching ? "neutral" : (declTeam === us) === ev.made ? "good" : "bad";
    const verdict = m.watching
      ? t(`summary.team_${outcome}`, { team: teamName(m, declTeam), bid: ev.bid })
      : t(`summary.${declTeam === us ? "we" : "they"}_${outcome}`, { bid: ev.bid });
    const nest = { count: ev.nest_points, points: ev.nest_points };
    /** @param {string} key @param {number[]} values @param {boolean} [strong] */
    const line = (key, values, strong = false) =>
      row(
        rowHead(t(key)),
        td(strong ? bold(values[us]) : formatNumber(values[us])),
        td(strong ? bold(values[1 - us]) : formatNumber(values[1 - us])),
      );
    return [
      h("p", { class: `verdict ${tone}` }, verdict),
      h(
        "p",
        {},
        !m.watching && ev.declarer === m.me
          ? t("summary.contract_you", { bid: ev.bid })
          : t("summary.contract", { name: seatName(m, ev.declarer), bid: ev.bid }),
        ev.trump ? [" ", colourSymbol(ev.trump, 16, m.settings.deckStyle), ` ${t("table.trump_is", { colour: t(`colour.${ev.trump}`) })}`] : null,
      ),
      h(
        "p",
        {},
        m.watching
          ? t("summary.nest_team", { team: teamName(m, ev.last_trick_team), ...nest })
          : t(ev.last_trick_team === us ? "summary.nest_us" : "summary.nest_them", nest),
      ),
      nestLines(m, ev, nestCards),
      h(
        "table",
        { class: "scores" },
        h("thead", {}, row(h("th", { scope: "col" }), col(teamName(m, us)), col(teamName(m, 1 - us)))),
        h(
          "tbody",
          {},
          line("summary.tricks", ev.tricks_won),
          line("summary.counted", ev.counted),
          line("summary.score", ev.score),
          line("summary.totals", ev.totals, true),
        ),
      ),
    ];
  }
  return [
    ev.moon != null
      ? h("p", { class: `verdict ${verdictTone(m, ev.moon === m.me)}` }, t("summary.moon", { name: seatName(m, ev.moon) }))
      : null,
    h(
      "table",
      { class: "scores" },
      h("thead", {}, row(h("th", { scope: "col" }), col(t("summary.points")), col(t("summary.totals")))),
      h(
        "tbody",
        {},
        [0, 1, 2, 3].map((seat) =>
          row(rowHead(seatName(m, seat)), td(formatNumber(ev.points[seat])), td(bold(ev.totals[seat]))),
        ),
      ),
    ),
  ];
}

/**
 * The hand summary dialog's content; its button (`#summary-close`) closes it.
 * @param {TableModel} m
 * @param {HandEnd} ev
 * @param {NestCards | null} nestCards
 * @param {boolean} more another hand follows ("continue") or not ("close")
 */
export function summaryContent(m, ev, nestCards, more) {
  return [
    h("h2", { id: "hand-summary-title" }, t("summary.title", { n: formatNumber(ev.hand_number + 1) })),
    summaryBody(m, ev, nestCards),
    h(
      "div",
      { class: "dialog-actions" },
      h("button", { type: "button", id: "summary-close", class: "primary" }, t(more ? "summary.continue" : "dialog.close")),
    ),
  ];
}

/**
 * How a verdict is coloured for this viewer: good news green, bad news red, and for a
 * spectator neither (nobody's side).
 * @param {TableModel} m
 * @param {boolean} ours the news is good for the viewer's side
 */
function verdictTone(m, ours) {
  if (m.watching) return "neutral";
  return ours ? "good" : "bad";
}

/**
 * Whether the viewer's side won the game.
 * @param {TableModel} m
 * @param {View} view
 */
function won(m, view) {
  if (view.game === "rook") return (view.winner ?? 0) === ourTeam(m);
  return view.winner === m.me;
}

/**
 * Who won, as the game over screen says it.
 * @param {TableModel} m
 * @param {View} view
 */
export function headline(m, view) {
  if (view.game === "rook") {
    const winner = view.winner ?? 0;
    if (m.watching) return t("over.team_wins", { team: teamName(m, winner) });
    return won(m, view) ? t("over.we_win") : t("over.they_win");
  }
  return view.winner === m.me ? t("over.you_win") : t("over.winner", { name: seatName(m, view.winner ?? 0) });
}

/**
 * The game over dialog's content: its buttons are `#game-over-leave` (a spectator),
 * or `#rematch` and `#game-over-settings`.
 * @param {TableModel} m
 * @param {View} view
 */
export function gameOverContent(m, view) {
  return [
    h("h2", { id: "game-over-title" }, t("over.title")),
    h("p", { class: `verdict ${verdictTone(m, won(m, view))}`, id: "game-over-verdict" }, headline(m, view)),
    view.game === "rook" && view.resigned != null ? h("p", { id: "game-over-resigned" }, resignedText(m, view)) : null,
    scoreTable(m, view),
    h(
      "div",
      { class: "dialog-actions" },
      m.watching
        ? h("button", { type: "button", id: "game-over-leave", class: "primary" }, t("watch.leave"))
        : [
            h("button", { type: "button", id: "rematch", class: "primary" }, t("over.rematch")),
            h("button", { type: "button", id: "game-over-lobby" }, t("over.lobby")),
            h("button", { type: "button", id: "game-over-settings" }, t("over.settings")),
          ],
    ),
  ];
}

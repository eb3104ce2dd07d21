// @ts-check
// What the table asks of you, below the trick: the auction, the trump choice, the
// nest discard or Hearts pass, the waiting room with its invite link, the prompt line
// and the hint's wording. Functions of the TableModel; the Game wires the buttons.

import { t, formatNumber } from "./i18n.js";
import { colourSymbol } from "./cards.js";
import { h } from "./dom.js";
import { cardChoice, seatName, cardLabel, seatRelation } from "./model.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").RookView} RookView */
/** @typedef {import("./types.js").View} View */

/**
 * Every bid and pass of the auction so far, in order: who, and what.
 * @param {TableModel} m
 * @param {RookView} view
 */
export function auctionHistory(m, view) {
  if (!view.auction.length) return null;
  return h(
    "ol",
    { id: "auction-history", class: "auction-history", "aria-label": t("auction.history") },
    view.auction.map(([seat, bid]) => {
      const what = bid == null ? t("auction.pass") : formatNumber(bid);
      return h(
        "li",
        { "data-seat": seat, "data-bid": bid ?? "pass", class: bid == null ? "passed" : null },
        t("auction.entry", { name: seatName(m, seat ?? 0), bid: what }),
      );
    }),
  );
}

/**
 * The panel of what you may do now (buttons carry `data-action`, the action text), or
 * the auction so far while others bid, or null.
 * @param {TableModel} m
 * @param {number} chosen how many cards are chosen for a pass or discard
 * @returns {HTMLElement | null}
 */
export function actionPanel(m, chosen) {
  const view = m.msg?.view;
  if (!view) return null;
  const legal = m.legal;
  const bids = legal.filter((a) => typeof a === "string" && a.startsWith("bid "));
  const trumps = legal.filter((a) => typeof a === "string" && a.startsWith("trump "));
  const choice = cardChoice(legal);
  if (bids.length && view.game === "rook") {
    const amounts = /** @type {string[]} */ (bids.filter((a) => a !== "bid pass"));
    return h(
      "div",
      { id: "auction", class: "panel", role: "group", "aria-labelledby": "auction-title", tabindex: -1 },
      h("h2", { id: "auction-title", class: "panel-title" }, t("auction.title")),
      h(
        "p",
        { class: view.auction.length ? "panel-note visually-hidden" : "panel-note" },
        view.high_bid == null || view.high_bidder == null
          ? t("auction.no_bid")
          : t("auction.high_bid", { name: seatName(m, view.high_bidder), bid: view.high_bid }),
      ),
      auctionHistory(m, view),
      h(
        "div",
        { class: "bid-grid" },
        amounts.map((a) => h("button", { type: "button", class: "bid", "data-action": a }, formatNumber(Number(a.slice(4))))),
      ),
      bids.includes("bid pass")
        ? h("button", { type: "button", class: "pass-button", "data-action": "bid pass" }, t("auction.pass"))
        : null,
    );
  }
  if (trumps.length) {
    return h(
      "div",
      { id: "trump", class: "panel", role: "group", "aria-labelledby": "trump-title", tabindex: -1 },
      h("h2", { id: "trump-title", class: "panel-title" }, t("trump.title")),
      h(
        "div",
        { class: "trump-grid" },
        /** @type {string[]} */ (trumps).map((a) => {
          const colour = a.slice(6);
          return h(
            "button",
            { type: "button", class: `trump-choice trump-${colour}`, "data-action": a },
            colourSymbol(colour, 22, m.settings.deckStyle),
            h("span", {}, t(`colour.${colour}`)),
          );
        }),
      ),
    );
  }
  if (view.game === "rook" && view.phase === "auction" && view.auction.length && m.msg?.status === "playing") {
    return h(
      "div",
      { id: "bidding", class: "panel", role: "group", "aria-labelledby": "bidding-title" },
      h("h2", { id: "bidding-title", class: "panel-title" }, t("auction.history")),
      auctionHistory(m, view),
    );
  }
  if (choice) {
    const id = choice.choose === "pass" ? "pass" : "discard";
    const direction = view.game === "hearts" ? view.pass_direction : "none";
    const title =
      choice.choose === "pass"
        ? t("pass.title", { count: choice.count, direction: t(`pass_to.${direction}`) })
        : t("discard.title", { count: choice.count });
    return h(
      "div",
      { id, class: "panel", role: "group", "aria-labelledby": `${id}-title` },
      h("h2", { id: `${id}-title`, class: "panel-title" }, title),
      h("p", { class: "panel-note", id: "chosen-count" }, t("cards.chosen", { count: chosen, total: choice.count })),
      h(
        "button",
        { type: "button", id: "confirm-cards", class: "primary", disabled: chosen !== choice.count },
        t(choice.choose === "pass" ? "pass.confirm" : "discard.confirm"),
      ),
    );
  }
  return null;
}

/**
 * The prompt line: what you are asked, or whom the table waits for.
 * @param {TableModel} m
 */
export function promptText(m) {
  const msg = m.msg;
  if (!msg) return "";
  const { view } = msg;
  if (msg.status === "waiting") return t("prompt.waiting_players");
  if (msg.status === "over") return t("prompt.over");
  const first = m.legal[0];
  if (first !== undefined) {
    if (typeof first === "object") {
      const direction = view.game === "hearts" ? view.pass_direction : "none";
      return first.choose === "pass"
        ? t("prompt.pass", { count: first.count, direction: t(`pass_to.${direction}`) })
        : t("prompt.discard", { count: first.count });
    }
    if (first.startsWith("bid")) return t("prompt.bid");
    if (first.startsWith("trump")) return t("prompt.trump");
    return t("prompt.play");
  }
  const others = view.actors.filter((seat) => seat !== m.me);
  if (others.length === 1) return t("prompt.waiting_for", { name: seatName(m, others[0]) });
  if (others.length > 1) return t("prompt.waiting_others");
  return "";
}

/**
 * The prompt line with, at the first trick of Hearts, the cards you received.
 * @param {TableModel} m
 */
export function promptLine(m) {
  let text = promptText(m);
  const view = m.msg?.view;
  if (view?.game === "hearts" && view.received && view.tricks.length === 0 && view.phase === "play") {
    text += " " + t("prompt.received", { cards: view.received.map((c) => cardLabel(m, c)).join(", ") });
  }
  return text;
}

/**
 * The link a friend opens to join this private table ("" for none).
 * @param {import("./types.js").Session} session
 */
export function inviteLink(session) {
  if (!session.invite || session.watch) return "";
  const url = new URL("/", location.origin);
  url.searchParams.set("table", session.tableId);
  url.searchParams.set("invite", session.invite);
  return url.toString();
}

/**
 * What the waiting room's buttons do.
 * @typedef {{copy: () => void, fill: () => void, move?: (seat: number) => void}} WaitingActions
 */

/**
 * The waiting room: the seats, the invite link, a button to fill the rest with bots.
 * @param {TableModel} m
 * @param {string} link the invite link, or ""
 * @param {WaitingActions} on
 */
export function waitingPanel(m, link, on) {
  return h(
    "div",
    { id: "waiting", class: "panel" },
    h("h2", { class: "panel-title" }, t("waiting.title")),
    link
      ? [
          h("label", { for: "invite-link", class: "panel-note" }, t("waiting.invite")),
          h(
            "div",
            { class: "invite" },
            h("input", { id: "invite-link", readonly: true, value: link }),
            h("button", { type: "button", id: "copy-invite", onclick: on.copy }, t("waiting.copy")),
          ),
        ]
      : null,
    h(
      "ul",
      { class: "seat-list" },
      (m.seats ?? []).map((seat) => {
        const state = seat.kind === "bot" ? (seat.name ?? t("seat.bot")) : seat.claimed ? (seat.name ?? "") : t("seat.open");
        const free = seat.kind === "human" && !seat.claimed;
        const move =
          free && !m.watching && on.move
            ? h(
                "button",
                { type: "button", id: `move-${seat.seat}`, class: "move-seat", onclick: () => on.move?.(seat.seat) },
                `${t("people.move", { n: seat.seat + 1 })} (${seatRelation(m.seats ?? [], seat.seat, m.me)})`,
              )
            : null;
        return h("li", {}, `${t("waiting.seat", { n: seat.seat + 1 })}: ${state}`, move ? " " : null, move);
      }),
    ),
    m.watching ? null : h("button", { type: "button", id: "fill-bots", class: "primary", onclick: on.fill }, t("waiting.fill")),
  );
}

/**
 * A hint's wording, and the cards it names (to mark them in the hand).
 * @param {TableModel} m
 * @param {string} action the action text the bot advises
 * @returns {{text: string, cards: string[]}}
 */
export function hintText(m, action) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "play") return { text: t("hint.play", { card: cardLabel(m, rest[0]) }), cards: rest };
  if (verb === "bid") return { text: rest[0] === "pass" ? t("hint.bid_pass") : t("hint.bid", { bid: rest[0] }), cards: [] };
  if (verb === "trump") return { text: t("hint.trump", { colour: t(`colour.${rest[0]}`) }), cards: [] };
  const cards = rest.map((c) => cardLabel(m, c)).join(", ");
  return { text: t(verb === "pass" ? "hint.pass" : "hint.discard", { cards }), cards: rest };
}

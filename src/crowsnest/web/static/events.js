// @ts-check
// What the announcer (the screen reader's live region) and the move log say about each
// event, and which events are headlines (shown as a banner over the table too).

import { t } from "./i18n.js";
import { seatName, cardLabel } from "./model.js";
import { teamPlayers } from "./resign.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * One sentence about an event, or "" for an event not worth saying.
 * @param {TableModel} m
 * @param {GameEvent} ev
 */
export function describeEvent(m, ev) {
  /**
   * The sentence of `key` about `seat`: in the second person when it is you (each
   * language conjugates its own verb: "You take", "Bierzesz"), else with the name.
   * @param {string} key
   * @param {number} seat
   * @param {Record<string, string | number>} [args]
   */
  const about = (key, seat, args = {}) =>
    seat === m.me ? t(`say.you_${key}`, args) : t(`say.${key}`, { name: seatName(m, seat), ...args });
  switch (ev.type) {
    case "play":
      return about("played", ev.seat, { card: cardLabel(m, ev.card) });
    case "trick":
      return about("trick", ev.winner, { count: ev.points, points: ev.points });
    case "bid":
      return ev.bid == null ? about("passed_bid", ev.seat) : about("bid", ev.seat, { bid: ev.bid });
    case "contract":
      return about("contract", ev.declarer, { bid: ev.bid });
    case "trump":
      return about("trump", ev.seat, { colour: t(`colour.${ev.colour}`) });
    case "redeal":
      return t("say.redeal");
    case "exchanged":
      return t("say.exchanged");
    case "received":
      return t("say.received", { cards: ev.cards.map((c) => cardLabel(m, c)).join(", ") });
    case "hearts_broken":
      return t("say.hearts_broken");
    case "hand_end": {
      // A shot moon or a set contract is told with the hand's end: it decides the hand.
      if ("moon" in ev && ev.moon != null) return `${t("say.hand_end")} ${t("summary.moon", { name: seatName(m, ev.moon) })}`;
      if ("made" in ev && !ev.made) return `${t("say.hand_end")} ${about("set", ev.declarer, { bid: ev.bid })}`;
      return t("say.hand_end");
    }
    case "resign":
      return t("say.resign", { team: teamPlayers(m, ev.team) });
    case "game_end":
      return t("say.game_end");
    default:
      return "";
  }
}

/** The events shown as a banner over the table as well as in the move log. */
const HEADLINES = new Set(["contract", "trump", "redeal", "hearts_broken"]);

/**
 * Whether an event is a headline: the contract, the trump named, everyone passing, hearts
 * broken, a moon shot or a contract set.
 * @param {GameEvent} ev
 */
export function isHeadline(ev) {
  if (HEADLINES.has(ev.type)) return true;
  if (ev.type !== "hand_end") return false;
  return "moon" in ev ? ev.moon != null : !ev.made;
}

/**
 * The moves of the hand so far, told again from a view (when the page is opened in the
 * middle of a hand): the auction, the contract and the trump (Rook), every completed
 * trick. The cards of a trick are in the view; each trick is told by its winner.
 * @param {TableModel} m
 * @param {import("./types.js").View} view
 * @returns {{text: string, headline: boolean}[]}
 */
export function movesOfView(m, view) {
  /** @type {GameEvent[]} */
  const events = [];
  if (view.game === "rook") {
    for (const [seat, bid] of view.auction) events.push({ type: "bid", seat: seat ?? 0, bid });
    if (view.declarer != null && view.bid != null) events.push({ type: "contract", declarer: view.declarer, bid: view.bid });
    if (view.trump != null && view.declarer != null) events.push({ type: "trump", seat: view.declarer, colour: view.trump });
  }
  for (const trick of view.tricks) events.push({ type: "trick", ...trick });
  return events.map((ev) => ({ text: describeEvent(m, ev), headline: isHeadline(ev) })).filter((mv) => mv.text);
}

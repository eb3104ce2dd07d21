// @ts-check
// What the announcer (the screen reader's live region) says about each event.

import { t } from "./i18n.js";
import { seatName, cardLabel } from "./model.js";

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
      return about("played", ev.seat ?? 0, { card: cardLabel(m, ev.card ?? "") });
    case "trick":
      return about("trick", ev.winner ?? 0, { count: ev.points ?? 0, points: ev.points ?? 0 });
    case "bid":
      return ev.bid == null ? about("passed_bid", ev.seat ?? 0) : about("bid", ev.seat ?? 0, { bid: ev.bid });
    case "contract":
      return about("contract", ev.declarer ?? 0, { bid: ev.bid ?? 0 });
    case "trump":
      return about("trump", ev.seat ?? 0, { colour: t(`colour.${ev.colour}`) });
    case "redeal":
      return t("say.redeal");
    case "exchanged":
      return t("say.exchanged");
    case "received":
      return t("say.received", { cards: (ev.cards ?? []).map((c) => cardLabel(m, c)).join(", ") });
    case "hearts_broken":
      return t("say.hearts_broken");
    case "hand_end":
      return t("say.hand_end");
    case "game_end":
      return t("say.game_end");
    default:
      return "";
  }
}

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
  const who = ev.seat != null ? seatName(m, ev.seat) : "";
  switch (ev.type) {
    case "play":
      return ev.seat === m.me
        ? t("say.you_played", { card: cardLabel(m, ev.card ?? "") })
        : t("say.played", { name: who, card: cardLabel(m, ev.card ?? "") });
    case "trick":
      return t("say.trick", { name: seatName(m, ev.winner ?? 0), count: ev.points ?? 0, points: ev.points ?? 0 });
    case "bid":
      return ev.bid == null ? t("say.passed_bid", { name: who }) : t("say.bid", { name: who, bid: ev.bid });
    case "contract":
      return t("say.contract", { name: seatName(m, ev.declarer ?? 0), bid: ev.bid ?? 0 });
    case "trump":
      return t("say.trump", { name: who, colour: t(`colour.${ev.colour}`) });
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

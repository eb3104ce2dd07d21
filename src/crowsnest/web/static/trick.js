// @ts-check
// The trick in the middle of the table, and its animations: a card flies in from the
// seat that played it, and the finished trick is swept to its winner.

import { t } from "./i18n.js";
import { cardFace } from "./cards.js";
import { h, findAll } from "./dom.js";
import { positionOf, seatName, cardLabel, viewpoint } from "./model.js";

/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {{seat: number, card: string}} Played */

/**
 * A trick's cards with the seat that played each (in play order from `leader`).
 * @param {string[]} cards
 * @param {number | null} leader
 * @returns {Played[]}
 */
export function playedBy(cards, leader) {
  return cards.map((card, i) => ({ seat: ((leader ?? 0) + i) % 4, card }));
}

/**
 * The cards on the table, each placed before the seat that played it.
 * @param {TableModel} m
 * @param {Played[]} trick
 */
export function trickCards(m, trick) {
  const style = m.settings.deckStyle;
  return trick.map(({ seat, card }) =>
    h(
      "div",
      {
        class: "card played",
        "data-card": card,
        "data-pos": positionOf(viewpoint(m), seat),
        role: "img",
        "aria-label": t("table.played_by", { name: seatName(m, seat), card: cardLabel(m, card) }),
      },
      cardFace(card, style),
    ),
  );
}

/**
 * Where a played card comes from: your hand's card (hidden now), else the seat.
 * @param {ParentNode} root
 * @param {TableModel} m
 * @param {number} seat
 * @param {string} card
 * @returns {DOMRect | null}
 */
export function sourceRect(root, m, seat, card) {
  if (seat === m.me) {
    const btn = root.querySelector(`#hand [data-card="${CSS.escape(card)}"]`);
    if (btn instanceof HTMLElement) {
      const r = btn.getBoundingClientRect();
      btn.style.visibility = "hidden";
      return r;
    }
  }
  return root.querySelector(`.seat[data-seat="${seat}"]`)?.getBoundingClientRect() ?? null;
}

/**
 * The card flies from `from` to its place in the trick.
 * @param {ParentNode} root
 * @param {string} card
 * @param {DOMRect | null} from
 * @param {number} ms
 */
export async function flyIn(root, card, from, ms) {
  const el = root.querySelector(`#trick [data-card="${CSS.escape(card)}"]`);
  if (!el || !from || !el.animate) return;
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const anim = el.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  await anim.finished.catch(() => {});
}

/**
 * The trick's cards go to the winner's seat.
 * @param {ParentNode} root
 * @param {number} winner
 * @param {number} ms
 */
export async function sweep(root, winner, ms) {
  const target = root.querySelector(`.seat[data-seat="${winner}"]`)?.getBoundingClientRect();
  const els = findAll(root, "#trick [data-card]");
  if (!target || !els.length || !els[0].animate) return;
  const anims = els.map((el) => {
    const r = el.getBoundingClientRect();
    const dx = target.left + target.width / 2 - (r.left + r.width / 2);
    const dy = target.top + target.height / 2 - (r.top + r.height / 2);
    return el.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 }],
      { duration: ms, easing: "ease-in", fill: "forwards" },
    );
  });
  await Promise.all(anims.map((a) => a.finished.catch(() => {})));
}

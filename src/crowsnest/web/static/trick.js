// The trick in the middle of the table, and its animations: a card flies in from
// the seat that played it, and the finished trick is swept to its winner.
// Methods of Game (game.js).

import { t } from "./i18n.js";
import { cardSvg } from "./cards.js";
import { settings } from "./settings.js";
import { esc, POSITIONS } from "./markup.js";

export class TrickParts {
  seatEl(seat) {
    return this.root.querySelector(`.seat[data-seat="${seat}"]`);
  }

  sourceRect(seat, card) {
    if (seat === this.mySeat) {
      const btn = this.root.querySelector(`#hand [data-card="${card}"]`);
      if (btn) {
        const r = btn.getBoundingClientRect();
        btn.style.visibility = "hidden";
        return r;
      }
    }
    return this.seatEl(seat)?.getBoundingClientRect() ?? null;
  }

  async flyIn(card, from, ms) {
    const el = this.root.querySelector(`#trick [data-card="${card}"]`);
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

  async sweep(winner, ms) {
    const target = this.seatEl(winner)?.getBoundingClientRect();
    const els = [...this.root.querySelectorAll("#trick [data-card]")];
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

  renderTrick() {
    const area = this.root.querySelector("#trick");
    const style = settings().deckStyle;
    area.innerHTML = this.displayTrick
      .map(
        ({ seat, card }) =>
          `<div class="card played" data-card="${card}" data-pos="${POSITIONS[this.rel(seat)]}"
            role="img" aria-label="${esc(t("table.played_by", { name: this.name(seat), card: this.card(card) }))}">${cardSvg(card, style)}</div>`,
      )
      .join("");
  }
}

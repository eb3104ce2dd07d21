// Your hand: sorted for people, laid out in one overlapping row, the cards you may
// play or choose marked, and clicks and arrow keys on it. Methods of Game (game.js).

import { t } from "./i18n.js";
import { cardSvg } from "./cards.js";
import { settings } from "./settings.js";
import { esc } from "./markup.js";

const HEARTS_SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3 };
const RANK_VALUE = { T: 10, J: 11, Q: 12, K: 13, A: 14 };
const ROOK_COLOUR_ORDER = ["R", "Y", "G", "B"];
const COLOUR_LETTER = { red: "R", yellow: "Y", green: "G", black: "B" };

/** Sort a hand for people: by suit (Rook: trump and the bird first), high to low. */
export function sortHand(cards, game, trump) {
  const key = (code) => {
    if (code === "CROW") return [-1, 0];
    if (game === "rook") {
      const letter = code[0];
      let order = ROOK_COLOUR_ORDER.indexOf(letter);
      if (trump && COLOUR_LETTER[trump] === letter) order = -1;
      return [order, -Number(code.slice(1))];
    }
    const rank = RANK_VALUE[code[0]] ?? Number(code[0]);
    return [HEARTS_SUIT_ORDER[code[1]], rank];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

export class HandParts {
  legalPlays(msg) {
    const out = new Set();
    if (this.queue.length) return out;
    for (const a of msg.legal ?? []) if (typeof a === "string" && a.startsWith("play ")) out.add(a.slice(5));
    return out;
  }

  template(msg) {
    if (this.queue.length) return null;
    return (msg.legal ?? []).find((a) => typeof a === "object" && a && a.choose) ?? null;
  }

  renderHand(msg) {
    const { view } = msg;
    const hand = this.root.querySelector("#hand");
    const hadFocus = hand.contains(document.activeElement);
    const focusedCard = hadFocus ? document.activeElement.dataset.card : null;
    const cards = sortHand(view.hand ?? [], view.game, view.trump);
    const plays = this.legalPlays(msg);
    const tpl = this.template(msg);
    const style = settings().deckStyle;
    if (tpl) {
      const from = new Set(tpl.from);
      for (const c of [...this.selection]) if (!from.has(c)) this.selection.delete(c);
      for (const c of tpl.required) this.selection.add(c);
    } else {
      this.selection.clear();
    }
    const nest = new Set(view.phase === "discard" ? (view.nest ?? []) : []);
    const received = new Set(view.game === "hearts" && view.tricks.length === 0 ? (view.received ?? []) : []);
    const hinted = new Set(this.hint?.cards ?? []);
    hand.innerHTML = cards
      .map((code) => {
        const cls = ["card"];
        let enabled = false;
        let pressed = null;
        if (tpl) {
          enabled = tpl.from.includes(code) && !tpl.required.includes(code);
          pressed = this.selection.has(code);
          if (pressed) cls.push("selected");
        } else if (plays.has(code)) enabled = true;
        if (enabled) cls.push("legal");
        if (nest.has(code)) cls.push("from-nest");
        if (received.has(code)) cls.push("received");
        if (hinted.has(code)) cls.push("hinted");
        const extra = [];
        if (nest.has(code)) extra.push(t("table.from_nest"));
        if (received.has(code)) extra.push(t("table.received"));
        const label = [this.card(code), ...extra].join(", ");
        return `<button type="button" class="${cls.join(" ")}" data-card="${code}" tabindex="-1"
          aria-label="${esc(label)}"${enabled ? "" : ' aria-disabled="true"'}${pressed == null ? "" : ` aria-pressed="${pressed}"`}>${cardSvg(code, style)}</button>`;
      })
      .join("");
    const buttons = [...hand.querySelectorAll(".card")];
    let focusTarget = buttons.find((b) => b.dataset.card === focusedCard);
    if (!focusTarget || focusTarget.getAttribute("aria-disabled") === "true") {
      focusTarget = buttons.find((b) => b.classList.contains("legal")) ?? focusTarget ?? buttons[0];
    }
    if (focusTarget) focusTarget.tabIndex = 0;
    // On your turn to play, bring keyboard focus to your hand unless it is busy elsewhere.
    const idle = document.activeElement === document.body || document.activeElement === null;
    if (focusTarget && (hadFocus || (plays.size > 0 && idle))) focusTarget.focus({ preventScroll: true });
    this.layoutHand();
  }

  layoutHand() {
    const hand = this.root.querySelector("#hand");
    const n = hand.children.length;
    const first = hand.firstElementChild;
    if (!n || !first) return;
    const w = first.getBoundingClientRect().width || 60;
    const avail = hand.clientWidth - w * 0.6;
    // overlap each card just enough that the hand fits one row (it wraps beyond that)
    let overlap = n > 1 ? w - (avail - w) / (n - 1) : 0;
    overlap = Math.max(-w * 0.06, Math.min(w * 0.58, overlap));
    hand.style.setProperty("--overlap", `${overlap.toFixed(1)}px`);
  }

  handClick(e) {
    const btn = e.target.closest(".card");
    if (!btn || !this.current) return;
    for (const b of this.root.querySelectorAll("#hand .card")) b.tabIndex = b === btn ? 0 : -1;
    if (btn.getAttribute("aria-disabled") === "true") return;
    const code = btn.dataset.card;
    const tpl = this.template(this.current);
    if (tpl) {
      if (this.selection.has(code)) this.selection.delete(code);
      else if (this.selection.size < tpl.count) this.selection.add(code);
      else return this.hooks.announce(t("cards.too_many", { count: tpl.count }));
      btn.setAttribute("aria-pressed", String(this.selection.has(code)));
      btn.classList.toggle("selected", this.selection.has(code));
      const note = this.root.querySelector("#chosen-count");
      if (note) note.textContent = t("cards.chosen", { count: this.selection.size, total: tpl.count });
      const confirm = this.root.querySelector("#confirm-cards");
      if (confirm) confirm.disabled = this.selection.size !== tpl.count;
      return;
    }
    if (this.legalPlays(this.current).has(code)) this.send(`play ${code}`);
  }

  handKey(e) {
    const buttons = [...this.root.querySelectorAll("#hand .card")];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const rtl = document.documentElement.dir === "rtl";
    let next = null;
    if (e.key === "ArrowRight") next = i + (rtl ? -1 : 1);
    else if (e.key === "ArrowLeft") next = i + (rtl ? 1 : -1);
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = buttons.length - 1;
    else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      // jump to the next playable card
      const step = e.key === "ArrowDown" ? 1 : -1;
      for (let k = 1; k <= buttons.length; k += 1) {
        const j = (i + step * k + buttons.length * k) % buttons.length;
        if (buttons[j].getAttribute("aria-disabled") !== "true") {
          next = j;
          break;
        }
      }
    }
    if (next == null) return;
    e.preventDefault();
    next = Math.max(0, Math.min(buttons.length - 1, next));
    for (const b of buttons) b.tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
  }
}

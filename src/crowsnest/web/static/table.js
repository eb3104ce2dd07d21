// The table around you: names of the seats, the score bar, and each seat's plate
// (name, role, whose turn, chips, card backs). Methods of Game (game.js).

import { t, cardName, formatNumber } from "./i18n.js";
import { colourSymbol } from "./cards.js";
import { esc, POSITIONS, COMPASS } from "./markup.js";

const BOT_ICON = `<svg viewBox="0 0 24 24" width="20" height="20" focusable="false"><rect x="4" y="7" width="16" height="12" rx="3" fill="#2c3a52"/>
  <circle cx="9" cy="13" r="2" fill="#ffd23f"/><circle cx="15" cy="13" r="2" fill="#ffd23f"/><path d="M12 3v4M10 3h4" stroke="#2c3a52" stroke-width="2"/></svg>`;

export class TableParts {
  rel(seat) {
    return (seat - (this.mySeat ?? 0) + 4) % 4;
  }

  name(seat) {
    if (seat === this.mySeat) return t("seat.you");
    const info = this.seats?.[seat];
    if (info && info.kind === "human" && info.name) return info.name;
    return t(`seat.bot_${COMPASS[this.rel(seat)]}`);
  }

  isRook() {
    return (this.current?.view?.game ?? this.table?.rules?.split("/")[0]) === "rook";
  }

  bird() {
    return (this.table?.rules ?? "").includes("crowsnest") ? "crow" : "rook";
  }

  card(code) {
    return cardName(code, { bird: this.bird() });
  }

  /** Us or Them; for a spectator, the partners' names (team 0: seats 0 and 2). */
  teamName(team) {
    if (this.watching) return t("team.pair", { first: this.name(team), second: this.name(team + 2) });
    return team === (this.mySeat ?? 0) % 2 ? t("team.us") : t("team.them");
  }

  renderScorebar(view) {
    const bar = this.root.querySelector("#scorebar");
    const parts = [];
    const rulesName = t(`ruleset.${(this.table?.rules ?? view.rules.split("@")[0])}`);
    parts.push(`<span class="sb-rules">${esc(rulesName)}</span>`);
    if (this.watching) parts.push(`<span class="sb-watching chip">${esc(t("watch.watching"))}</span>`);
    parts.push(`<span class="sb-hand">${esc(t("table.hand_number", { n: formatNumber(view.hand_number + 1) }))}</span>`);
    if (view.game === "rook") {
      const us = (this.mySeat ?? 0) % 2;
      parts.push(
        `<span class="sb-score"><b>${esc(this.teamName(us))}</b> ${formatNumber(view.totals[us])}
         · <b>${esc(this.teamName(1 - us))}</b> ${formatNumber(view.totals[1 - us])}</span>`,
      );
      if (view.declarer != null && view.bid != null) {
        parts.push(`<span class="sb-contract">${esc(t("table.contract", { name: this.name(view.declarer), bid: view.bid }))}</span>`);
      }
      if (view.trump) {
        parts.push(
          `<span class="sb-trump">${colourSymbol(view.trump)} ${esc(t("table.trump_is", { colour: t(`colour.${view.trump}`) }))}</span>`,
        );
      }
      if (view.phase === "play") {
        parts.push(
          `<span class="sb-captured">${esc(t("table.captured", { us: view.captured[us], them: view.captured[1 - us] }))}</span>`,
        );
      }
    } else {
      parts.push(`<span class="sb-pass">${esc(t(`pass_direction.${view.pass_direction}`))}</span>`);
      if (view.hearts_broken) parts.push(`<span class="sb-broken">${esc(t("table.hearts_broken"))}</span>`);
    }
    bar.innerHTML = parts.join("");
  }

  renderSeats() {
    const view = this.current?.view;
    for (const el of this.root.querySelectorAll(".seat")) {
      const rel = POSITIONS.indexOf(el.dataset.pos);
      const seat = ((this.mySeat ?? 0) + rel) % 4;
      el.dataset.seat = String(seat);
      const info = this.seats?.[seat];
      const acting = view ? view.actors.includes(seat) && this.current.status === "playing" : false;
      if (acting) {
        el.setAttribute("aria-current", "true");
        el.dataset.turn = "true";
      } else {
        el.removeAttribute("aria-current");
        delete el.dataset.turn;
      }
      const chips = [];
      if (view?.game === "rook") {
        if (view.dealer === seat) chips.push(`<span class="chip">${esc(t("seat.dealer"))}</span>`);
        if (view.declarer === seat) chips.push(`<span class="chip chip-gold">${esc(t("seat.declarer"))}</span>`);
        if (view.phase === "auction") {
          const bids = view.auction.filter(([s]) => s === seat);
          if (bids.length) {
            const last = bids[bids.length - 1][1];
            chips.push(
              `<span class="chip chip-bid">${esc(last == null ? t("auction.pass") : formatNumber(last))}</span>`,
            );
          }
        }
      } else if (view?.game === "hearts") {
        chips.push(
          `<span class="chip">${esc(t("seat.points", { count: view.totals[seat], points: formatNumber(view.totals[seat]) }))}</span>`,
        );
        if (view.points_taken[seat]) {
          chips.push(`<span class="chip chip-bid">+${formatNumber(view.points_taken[seat])}</span>`);
        }
      }
      const gone = info && info.kind === "human" && info.bot;
      if (gone) chips.push(`<span class="chip chip-warn">${esc(t("seat.bot_playing"))}</span>`);
      if (info && info.kind === "human" && !info.claimed) chips.push(`<span class="chip">${esc(t("seat.open"))}</span>`);
      const count = view?.hand_sizes?.[seat] ?? 0;
      const backs = seat === this.mySeat ? "" : `<div class="backs" aria-hidden="true">${'<span class="back"></span>'.repeat(Math.min(count, 8))}</div>`;
      const role = view?.game === "rook" && seat !== this.mySeat && !this.watching ? (this.rel(seat) === 2 ? t("seat.partner") : t("seat.opponent")) : "";
      const label = [this.name(seat), role, acting ? t("seat.to_act") : "", seat !== this.mySeat && view ? t("seat.cards", { count }) : ""]
        .filter(Boolean)
        .join(", ");
      el.setAttribute("aria-label", label);
      el.setAttribute("role", "group");
      el.innerHTML = `
        ${backs}
        <div class="plate">
          <span class="avatar" aria-hidden="true">${info?.kind === "bot" || gone ? BOT_ICON : esc(((info?.name || this.name(seat))[0] ?? "?").toUpperCase())}</span>
          <span class="seat-name" title="${esc(this.name(seat))}">${esc(this.name(seat))}</span>
          ${role ? `<span class="seat-role">${esc(role)}</span>` : ""}
          ${acting ? `<span class="turn-mark">${esc(t("seat.turn"))}</span>` : ""}
        </div>
        <div class="chips">${chips.join("")}</div>`;
    }
  }
}

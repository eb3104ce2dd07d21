// What the table asks of you, below the trick: the auction, the trump choice, the
// nest discard or Hearts pass, the waiting room with its invite link, the prompt
// line and the hint. Methods of Game (game.js).

import { t, formatNumber } from "./i18n.js";
import { colourSymbol } from "./cards.js";
import { api } from "./net.js";
import { esc } from "./markup.js";

export class PanelParts {
  renderActions(msg) {
    const area = this.root.querySelector("#action-area");
    const wasFocused = area.contains(document.activeElement);
    const legal = this.queue.length ? [] : (msg.legal ?? []);
    const view = msg.view;
    const bids = legal.filter((a) => typeof a === "string" && a.startsWith("bid "));
    const trumps = legal.filter((a) => typeof a === "string" && a.startsWith("trump "));
    const tpl = this.template(msg);
    let html = "";
    if (bids.length) {
      const amounts = bids.filter((a) => a !== "bid pass");
      html = `<div id="auction" class="panel" role="group" aria-labelledby="auction-title">
        <h2 id="auction-title" class="panel-title">${esc(t("auction.title"))}</h2>
        <p class="panel-note${view.auction.length ? " visually-hidden" : ""}">${esc(view.high_bid == null ? t("auction.no_bid") : t("auction.high_bid", { name: this.name(view.high_bidder), bid: view.high_bid }))}</p>
        ${this.auctionHistory(view)}
        <div class="bid-grid">${amounts
          .map((a) => `<button type="button" class="bid" data-action="${a}">${formatNumber(Number(a.slice(4)))}</button>`)
          .join("")}</div>
        ${bids.includes("bid pass") ? `<button type="button" class="pass-button" data-action="bid pass">${esc(t("auction.pass"))}</button>` : ""}
      </div>`;
    } else if (trumps.length) {
      html = `<div id="trump" class="panel" role="group" aria-labelledby="trump-title">
        <h2 id="trump-title" class="panel-title">${esc(t("trump.title"))}</h2>
        <div class="trump-grid">${trumps
          .map((a) => {
            const colour = a.slice(6);
            return `<button type="button" class="trump-choice trump-${colour}" data-action="${a}">${colourSymbol(colour, 22)}<span>${esc(t(`colour.${colour}`))}</span></button>`;
          })
          .join("")}</div></div>`;
    } else if (view.game === "rook" && view.phase === "auction" && view.auction.length && msg.status === "playing") {
      html = `<div id="bidding" class="panel" role="group" aria-labelledby="bidding-title">
        <h2 id="bidding-title" class="panel-title">${esc(t("auction.history"))}</h2>
        ${this.auctionHistory(view)}
      </div>`;
    } else if (tpl) {
      const id = tpl.choose === "pass" ? "pass" : "discard";
      const chosen = this.selection.size;
      const title =
        tpl.choose === "pass"
          ? t("pass.title", { count: tpl.count, direction: t(`pass_to.${view.pass_direction}`) })
          : t("discard.title", { count: tpl.count });
      html = `<div id="${id}" class="panel" role="group" aria-labelledby="${id}-title">
        <h2 id="${id}-title" class="panel-title">${esc(title)}</h2>
        <p class="panel-note" id="chosen-count">${esc(t("cards.chosen", { count: chosen, total: tpl.count }))}</p>
        <button type="button" id="confirm-cards" class="primary"${chosen === tpl.count ? "" : " disabled"}>${esc(t(tpl.choose === "pass" ? "pass.confirm" : "discard.confirm"))}</button>
      </div>`;
    }
    area.innerHTML = html;
    area.hidden = !html;
    if (wasFocused || (html && !this.root.querySelector("#hand").contains(document.activeElement))) {
      const first = area.querySelector("button:not([disabled])");
      if (first && (wasFocused || (bids.length || trumps.length))) first.focus({ preventScroll: true });
    }
  }

  /** Every bid and pass of the auction so far, in order: who, and what. */
  auctionHistory(view) {
    if (!view.auction.length) return "";
    const items = view.auction
      .map(([seat, bid]) => {
        const what = bid == null ? t("auction.pass") : formatNumber(bid);
        return `<li data-seat="${seat}" data-bid="${bid ?? "pass"}"${bid == null ? ' class="passed"' : ""}>${esc(t("auction.entry", { name: this.name(seat), bid: what }))}</li>`;
      })
      .join("");
    return `<ol id="auction-history" class="auction-history" aria-label="${esc(t("auction.history"))}">${items}</ol>`;
  }

  promptText(msg) {
    const { view } = msg;
    const legal = msg.legal ?? [];
    if (msg.status === "waiting") return t("prompt.waiting_players");
    if (msg.status === "over") return t("prompt.over");
    if (this.queue.length === 0 && legal.length) {
      const first = legal[0];
      if (typeof first === "object") {
        return first.choose === "pass"
          ? t("prompt.pass", { count: first.count, direction: t(`pass_to.${view.pass_direction}`) })
          : t("prompt.discard", { count: first.count });
      }
      if (first.startsWith("bid")) return t("prompt.bid");
      if (first.startsWith("trump")) return t("prompt.trump");
      return t("prompt.play");
    }
    const others = view.actors.filter((s) => s !== this.mySeat);
    if (others.length === 1) return t("prompt.waiting_for", { name: this.name(others[0]) });
    if (others.length > 1) return t("prompt.waiting_others");
    return "";
  }

  renderPrompt(msg) {
    const p = this.root.querySelector("#prompt");
    const mine = this.queue.length === 0 && msg.legal?.length > 0;
    p.classList.toggle("your-turn", mine);
    let text = this.promptText(msg);
    const view = msg.view;
    if (view.game === "hearts" && view.received && view.tricks.length === 0 && view.phase === "play") {
      text += " " + t("prompt.received", { cards: view.received.map((c) => this.card(c)).join(", ") });
    }
    p.textContent = text;
  }

  renderWaiting() {
    const area = this.root.querySelector("#action-area");
    const waiting = this.current ? this.current.status === "waiting" : this.table?.status === "waiting";
    if (!waiting || !this.seats) return;
    const link = this.inviteLink();
    const rows = this.seats
      .map((s) => {
        const state = s.kind === "bot" ? t("seat.bot") : s.claimed ? s.name : t("seat.open");
        return `<li>${esc(t("waiting.seat", { n: s.seat + 1 }))}: ${esc(state)}</li>`;
      })
      .join("");
    area.hidden = false;
    area.innerHTML = `<div id="waiting" class="panel">
      <h2 class="panel-title">${esc(t("waiting.title"))}</h2>
      ${link ? `<label for="invite-link" class="panel-note">${esc(t("waiting.invite"))}</label>
      <div class="invite"><input id="invite-link" readonly value="${esc(link)}"><button type="button" id="copy-invite">${esc(t("waiting.copy"))}</button></div>` : ""}
      <ul class="seat-list">${rows}</ul>
      ${this.watching ? "" : `<button type="button" id="fill-bots" class="primary">${esc(t("waiting.fill"))}</button>`}
    </div>`;
    area.querySelector("#copy-invite")?.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        this.hooks.toast(t("waiting.copied"));
      } catch {
        area.querySelector("#invite-link").select();
      }
    });
    area.querySelector("#fill-bots")?.addEventListener("click", async () => {
      try {
        await api.fill(this.session.tableId, this.session.token);
      } catch (err) {
        this.hooks.toast(t(`error.${err.code}`));
      }
    });
  }

  inviteLink() {
    if (!this.session.invite || this.watching) return "";
    const url = new URL("/", location.origin);
    url.searchParams.set("table", this.session.tableId);
    url.searchParams.set("invite", this.session.invite);
    return url.toString();
  }

  actionClick(e) {
    const btn = e.target.closest("button");
    if (!btn || !this.current || btn.disabled) return;
    if (btn.id === "confirm-cards") {
      const tpl = this.template(this.current);
      if (!tpl || this.selection.size !== tpl.count) return;
      this.send(`${tpl.choose} ${[...this.selection].join(" ")}`);
      return;
    }
    const action = btn.dataset.action;
    if (action && (this.current.legal ?? []).includes(action)) this.send(action);
  }

  async askHint() {
    if (!this.current) return;
    const box = this.root.querySelector("#hint");
    try {
      const res = await api.hint(this.session.tableId, this.session.token);
      this.hint = { ...res, cards: [] };
      const [verb, ...rest] = res.action.split(" ");
      let text;
      if (verb === "play") {
        this.hint.cards = rest;
        text = t("hint.play", { card: this.card(rest[0]) });
      } else if (verb === "bid") {
        text = rest[0] === "pass" ? t("hint.bid_pass") : t("hint.bid", { bid: rest[0] });
      } else if (verb === "trump") {
        text = t("hint.trump", { colour: t(`colour.${rest[0]}`) });
      } else {
        this.hint.cards = rest;
        text = t(verb === "pass" ? "hint.pass" : "hint.discard", { cards: rest.map((c) => this.card(c)).join(", ") });
      }
      box.textContent = text;
      box.hidden = false;
      for (const b of this.root.querySelectorAll("#hand .card")) b.classList.toggle("hinted", this.hint.cards.includes(b.dataset.card));
      this.hooks.announce(text);
    } catch (err) {
      this.hooks.toast(t(`error.${err.code}`));
    }
  }
}

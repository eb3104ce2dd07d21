// The table: renders the server's view and offers exactly the legal actions it sent.
// No rules live here. States are queued so animations play in order; actions are
// offered only once the newest state is on screen.

import { t, cardName, formatNumber, currentLanguage } from "./i18n.js";
import { cardSvg, colourSymbol } from "./cards.js";
import { settings, ANIMATION_MS } from "./settings.js";
import { Connection, api } from "./net.js";

const POSITIONS = ["bottom", "left", "top", "right"];
const COMPASS = ["south", "west", "north", "east"];
const HEARTS_SUIT_ORDER = { C: 0, D: 1, S: 2, H: 3 };
const RANK_VALUE = { T: 10, J: 11, Q: 12, K: 13, A: 14 };
const ROOK_COLOUR_ORDER = ["R", "Y", "G", "B"];
const COLOUR_LETTER = { red: "R", yellow: "Y", green: "G", black: "B" };

const BOT_ICON = `<svg viewBox="0 0 24 24" width="20" height="20" focusable="false"><rect x="4" y="7" width="16" height="12" rx="3" fill="#2c3a52"/>
  <circle cx="9" cy="13" r="2" fill="#ffd23f"/><circle cx="15" cy="13" r="2" fill="#ffd23f"/><path d="M12 3v4M10 3h4" stroke="#2c3a52" stroke-width="2"/></svg>`;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

export class Game {
  /**
   * session: {tableId, token, seat, invite}. hooks: {onEnd(), rematch(table), toast(text), announce(text)}.
   */
  constructor(root, session, hooks) {
    this.root = root;
    this.session = session;
    this.hooks = hooks;
    this.table = null;
    this.seats = null;
    this.mySeat = session.seat;
    this.queue = [];
    this.pumping = false;
    this.current = null; // the state on screen
    this.latestSeq = -1;
    this.selection = new Set();
    this.displayTrick = []; // [{seat, card}]
    this.lastTrick = null;
    this.hint = null;
    this.connection = null;
    this.focusIndex = null;
    this.connectionStatus = "connecting";
    this.buildShell();
    this.onResize = () => this.layoutHand();
    window.addEventListener("resize", this.onResize);
  }

  // ---------- connection ----------

  start() {
    this.connection = new Connection(this.session.tableId, this.session.token, {
      onWelcome: (msg) => {
        this.table = msg.table;
        this.seats = msg.table.seats;
        if (msg.seat != null) this.mySeat = msg.seat;
        this.renderSeats();
        this.renderWaiting();
      },
      onState: (msg) => this.enqueue(msg),
      onPresence: (msg) => {
        this.seats = msg.seats;
        this.renderSeats();
        this.renderWaiting();
      },
      onError: (msg) => this.serverError(msg),
      onConnection: (status) => this.connectionChanged(status),
    });
    this.connection.open();
  }

  stop() {
    window.removeEventListener("resize", this.onResize);
    this.connection?.close();
    this.connection = null;
    this.queue = [];
    for (const d of this.root.querySelectorAll("dialog[open]")) d.close();
  }

  connectionChanged(status) {
    this.connectionStatus = status;
    const banner = this.root.querySelector("#connection");
    banner.hidden = status === "open";
    banner.textContent = status === "open" ? "" : t(`connection.${status}`);
    if (status === "replaced") this.hooks.toast(t("connection.replaced"));
  }

  serverError(msg) {
    if (msg.code === "bad_token" || msg.code === "table_not_found") {
      this.hooks.lost?.(msg.code);
      return;
    }
    if (msg.code !== "stale" && msg.code !== "duplicate") this.hooks.toast(t(`error.${msg.code}`));
    this.connection?.sync();
  }

  send(action) {
    if (!this.current || this.queue.length) return;
    this.setActing(true);
    this.hint = null;
    if (!this.connection?.act(this.current.seq, action)) {
      this.setActing(false);
      this.hooks.toast(t("connection.lost"));
    }
  }

  setActing(on) {
    this.root.querySelector(".game").classList.toggle("acting", on);
    if (on) {
      for (const b of this.root.querySelectorAll("#hand .card, #action-area button")) {
        b.setAttribute("aria-disabled", "true");
        b.classList.remove("legal");
      }
    }
  }

  // ---------- names ----------

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

  teamName(team) {
    return team === (this.mySeat ?? 0) % 2 ? t("team.us") : t("team.them");
  }

  // ---------- the page ----------

  buildShell() {
    this.root.innerHTML = `
      <div class="game" data-size="${settings().cardSize}">
        <div class="scorebar" id="scorebar"></div>
        <div id="connection" class="connection" role="status" hidden></div>
        <div class="felt" id="felt">
          ${[0, 1, 2, 3].map((r) => `<div class="seat" data-pos="${POSITIONS[r]}"></div>`).join("")}
          <div class="center">
            <div id="trick" class="trick" role="group"></div>
            <div id="action-area" class="action-area"></div>
          </div>
        </div>
        <div class="below">
          <p id="prompt" class="prompt"></p>
          <div class="tools">
            <button type="button" id="last-trick" disabled></button>
            <button type="button" id="show-scores"></button>
            <button type="button" id="hint-button" hidden></button>
          </div>
          <p id="hint" class="hint" hidden></p>
          <div id="hand" class="hand" role="group"></div>
        </div>
      </div>
      <dialog id="hand-summary" class="sheet" aria-labelledby="hand-summary-title"></dialog>
      <dialog id="score-sheet" class="sheet" aria-labelledby="score-sheet-title"></dialog>
      <dialog id="game-over" class="sheet" aria-labelledby="game-over-title"></dialog>
      <dialog id="last-trick-view" class="sheet" aria-labelledby="last-trick-title"></dialog>`;
    const $ = (s) => this.root.querySelector(s);
    $("#last-trick").addEventListener("click", () => this.showLastTrick());
    $("#show-scores").addEventListener("click", () => this.showScoreSheet());
    $("#hint-button").addEventListener("click", () => this.askHint());
    $("#hand").addEventListener("click", (e) => this.handClick(e));
    $("#hand").addEventListener("keydown", (e) => this.handKey(e));
    $("#action-area").addEventListener("click", (e) => this.actionClick(e));
    for (const d of this.root.querySelectorAll("dialog")) {
      d.addEventListener("click", (e) => {
        if (e.target === d && d.id !== "game-over") d.close();
      });
    }
    this.translateStatic();
  }

  translateStatic() {
    const $ = (s) => this.root.querySelector(s);
    $("#last-trick").textContent = t("table.last_trick");
    $("#show-scores").textContent = t("table.score_sheet");
    $("#hint-button").textContent = t("table.hint");
    $("#trick").setAttribute("aria-label", t("table.trick"));
    $("#hand").setAttribute("aria-label", t("table.your_hand"));
  }

  /** Re-render everything in the current language. */
  relabel() {
    this.translateStatic();
    if (this.current) this.render(this.current);
    this.renderWaiting();
  }

  applySettings() {
    this.root.querySelector(".game").dataset.size = settings().cardSize;
    if (this.current) this.render(this.current);
  }

  // ---------- the queue of states ----------

  enqueue(msg) {
    this.latestSeq = Math.max(this.latestSeq, msg.seq);
    this.queue.push(msg);
    if (!this.pumping) this.pump();
  }

  async pump() {
    this.pumping = true;
    try {
      while (this.queue.length) {
        const msg = this.queue.shift();
        const fast = this.queue.length > 6 || !this.current;
        await this.show(msg, fast);
      }
    } catch (err) {
      console.error(err);
    } finally {
      this.pumping = false;
    }
    if (this.current) this.render(this.current);
  }

  ms() {
    return ANIMATION_MS[settings().speed] ?? 0;
  }

  async show(msg, fast) {
    const ms = fast ? 0 : this.ms();
    const prev = this.current;
    const sentences = [];
    let handEnd = null;
    let gameEnd = null;
    for (const ev of msg.events ?? []) {
      const text = this.describe(ev);
      if (text) sentences.push(text);
      if (ev.type === "play") {
        this.displayTrick.push({ seat: ev.seat, card: ev.card });
        const source = this.sourceRect(ev.seat, ev.card);
        this.renderTrick();
        if (ms) await this.flyIn(ev.card, source, ms);
      } else if (ev.type === "trick") {
        this.lastTrick = ev;
        this.displayTrick = ev.cards.map((card, i) => ({ seat: (ev.leader + i) % 4, card }));
        this.renderTrick();
        if (ms) {
          await wait(ms * 1.8);
          await this.sweep(ev.winner, ms);
        }
        this.displayTrick = [];
        this.renderTrick();
      } else if (ev.type === "hand_end") handEnd = ev;
      else if (ev.type === "game_end") gameEnd = ev;
    }
    this.current = msg;
    this.render(msg);
    const acts = this.queue.length === 0 && msg.legal?.length > 0;
    if (acts) sentences.push(this.promptText(msg));
    if (sentences.length) this.hooks.announce(sentences.join(" "));
    if (handEnd) await this.showSummary(handEnd, msg, !gameEnd);
    if (gameEnd || (msg.status === "over" && !prev)) this.showGameOver(msg);
  }

  describe(ev) {
    const who = ev.seat != null ? this.name(ev.seat) : "";
    switch (ev.type) {
      case "play":
        return ev.seat === this.mySeat
          ? t("say.you_played", { card: this.card(ev.card) })
          : t("say.played", { name: who, card: this.card(ev.card) });
      case "trick":
        return t("say.trick", { name: this.name(ev.winner), count: ev.points, points: ev.points });
      case "bid":
        return ev.bid == null ? t("say.passed_bid", { name: who }) : t("say.bid", { name: who, bid: ev.bid });
      case "contract":
        return t("say.contract", { name: this.name(ev.declarer), bid: ev.bid });
      case "trump":
        return t("say.trump", { name: who, colour: t(`colour.${ev.colour}`) });
      case "redeal":
        return t("say.redeal");
      case "exchanged":
        return t("say.exchanged");
      case "received":
        return t("say.received", { cards: ev.cards.map((c) => this.card(c)).join(", ") });
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

  // ---------- animation ----------

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

  // ---------- rendering ----------

  render(msg) {
    const { view } = msg;
    document.body.dataset.status = msg.status;
    document.body.dataset.phase = view.phase;
    document.body.dataset.seq = String(msg.seq);
    document.body.dataset.game = view.game;
    this.root.querySelector(".game").classList.remove("acting");
    if (view.seat != null) this.mySeat = view.seat;
    this.displayTrick = view.trick.map((card, i) => ({ seat: (view.leader + i) % 4, card }));
    if (view.tricks.length) {
      const last = view.tricks[view.tricks.length - 1];
      this.lastTrick = last;
    } else if (view.phase !== "play") {
      this.lastTrick = null;
    }
    this.renderScorebar(view);
    this.renderSeats();
    this.renderTrick();
    this.renderActions(msg);
    this.renderHand(msg);
    this.renderPrompt(msg);
    this.renderWaiting();
    const lt = this.root.querySelector("#last-trick");
    lt.disabled = !this.lastTrick;
    const hb = this.root.querySelector("#hint-button");
    const mine = this.queue.length === 0 && msg.legal?.length > 0;
    hb.hidden = !settings().hints;
    hb.disabled = !mine;
    const hint = this.root.querySelector("#hint");
    if (!mine || !settings().hints) {
      this.hint = null;
      hint.hidden = true;
    }
  }

  renderScorebar(view) {
    const bar = this.root.querySelector("#scorebar");
    const parts = [];
    const rulesName = t(`ruleset.${(this.table?.rules ?? view.rules.split("@")[0])}`);
    parts.push(`<span class="sb-rules">${esc(rulesName)}</span>`);
    parts.push(`<span class="sb-hand">${esc(t("table.hand_number", { n: formatNumber(view.hand_number + 1) }))}</span>`);
    if (view.game === "rook") {
      const us = (this.mySeat ?? 0) % 2;
      parts.push(
        `<span class="sb-score"><b>${esc(t("team.us"))}</b> ${formatNumber(view.totals[us])}
         · <b>${esc(t("team.them"))}</b> ${formatNumber(view.totals[1 - us])}</span>`,
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
      const role = view?.game === "rook" && seat !== this.mySeat ? (this.rel(seat) === 2 ? t("seat.partner") : t("seat.opponent")) : "";
      const label = [this.name(seat), role, acting ? t("seat.to_act") : "", seat !== this.mySeat && view ? t("seat.cards", { count }) : ""]
        .filter(Boolean)
        .join(", ");
      el.setAttribute("aria-label", label);
      el.setAttribute("role", "group");
      el.innerHTML = `
        ${backs}
        <div class="plate">
          <span class="avatar" aria-hidden="true">${info?.kind === "bot" || gone ? BOT_ICON : esc(((info?.name || this.name(seat))[0] ?? "?").toUpperCase())}</span>
          <span class="seat-name">${esc(this.name(seat))}</span>
          ${role ? `<span class="seat-role">${esc(role)}</span>` : ""}
          ${acting ? `<span class="turn-mark">${esc(t("seat.turn"))}</span>` : ""}
        </div>
        <div class="chips">${chips.join("")}</div>`;
    }
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
        <p class="panel-note">${esc(view.high_bid == null ? t("auction.no_bid") : t("auction.high_bid", { name: this.name(view.high_bidder), bid: view.high_bid }))}</p>
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
      <button type="button" id="fill-bots" class="primary">${esc(t("waiting.fill"))}</button>
    </div>`;
    area.querySelector("#copy-invite")?.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        this.hooks.toast(t("waiting.copied"));
      } catch {
        area.querySelector("#invite-link").select();
      }
    });
    area.querySelector("#fill-bots").addEventListener("click", async () => {
      try {
        await api.fill(this.session.tableId, this.session.token);
      } catch (err) {
        this.hooks.toast(t(`error.${err.code}`));
      }
    });
  }

  inviteLink() {
    if (!this.session.invite) return "";
    const url = new URL("/", location.origin);
    url.searchParams.set("table", this.session.tableId);
    url.searchParams.set("invite", this.session.invite);
    return url.toString();
  }

  // ---------- input ----------

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

  // ---------- dialogs ----------

  showLastTrick() {
    const trick = this.lastTrick;
    const d = this.root.querySelector("#last-trick-view");
    if (!trick) return;
    const style = settings().deckStyle;
    d.innerHTML = `<h2 id="last-trick-title">${esc(t("table.last_trick"))}</h2>
      <p>${esc(t("say.trick", { name: this.name(trick.winner), count: trick.points, points: trick.points }))}</p>
      <ol class="trick-list">${trick.cards
        .map((card, i) => {
          const seat = (trick.leader + i) % 4;
          return `<li class="${seat === trick.winner ? "winner" : ""}"><div class="card small-card" data-card="${card}" aria-hidden="true">${cardSvg(card, style)}</div>
            <span>${esc(this.name(seat))}: ${esc(this.card(card))}</span></li>`;
        })
        .join("")}</ol>
      <form method="dialog"><button class="primary" autofocus>${esc(t("dialog.close"))}</button></form>`;
    d.showModal();
  }

  scoreTable(view) {
    if (!view.results.length) return `<p>${esc(t("score.none"))}</p>`;
    if (view.game === "rook") {
      const us = (this.mySeat ?? 0) % 2;
      const rows = view.results
        .map(
          (r, i) => `<tr><th scope="row">${formatNumber(i + 1)}</th>
          <td>${esc(this.name(r.declarer))} ${formatNumber(r.bid)} ${r.trump ? colourSymbol(r.trump, 14) : ""}</td>
          <td>${esc(r.made ? t("summary.made") : t("summary.set"))}</td>
          <td>${formatNumber(r.score[us])}</td><td>${formatNumber(r.score[1 - us])}</td>
          <td><b>${formatNumber(r.totals[us])}</b></td><td><b>${formatNumber(r.totals[1 - us])}</b></td></tr>`,
        )
        .join("");
      return `<div class="table-scroll"><table class="scores"><thead><tr><th scope="col">${esc(t("score.hand"))}</th><th scope="col">${esc(t("score.contract"))}</th>
        <th scope="col">${esc(t("score.result"))}</th><th scope="col">${esc(t("team.us"))}</th><th scope="col">${esc(t("team.them"))}</th>
        <th scope="col">${esc(t("score.total_us"))}</th><th scope="col">${esc(t("score.total_them"))}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    const head = [0, 1, 2, 3].map((s) => `<th scope="col">${esc(this.name(s))}</th>`).join("");
    const rows = view.results
      .map(
        (r, i) => `<tr><th scope="row">${formatNumber(i + 1)}</th>${r.points
          .map((p, s) => `<td>${formatNumber(p)} <small>(${formatNumber(r.totals[s])})</small>${r.moon === s ? " 🌙" : ""}</td>`)
          .join("")}</tr>`,
      )
      .join("");
    return `<div class="table-scroll"><table class="scores"><thead><tr><th scope="col">${esc(t("score.hand"))}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  showScoreSheet() {
    const d = this.root.querySelector("#score-sheet");
    const view = this.current?.view;
    if (!view) return;
    d.innerHTML = `<h2 id="score-sheet-title">${esc(t("table.score_sheet"))}</h2>${this.scoreTable(view)}
      <form method="dialog"><button class="primary" autofocus>${esc(t("dialog.close"))}</button></form>`;
    d.showModal();
  }

  summaryBody(ev) {
    if (this.isRook()) {
      const us = (this.mySeat ?? 0) % 2;
      const declTeam = ev.declarer % 2;
      const who = declTeam === us ? "we" : "they";
      const verdict = t(`summary.${who}_${ev.made ? "made" : "set"}`, { bid: ev.bid });
      return `<p class="verdict ${ev.made ? "made" : "set"}">${esc(verdict)}</p>
        <p>${esc(t("summary.contract", { name: this.name(ev.declarer), bid: ev.bid }))}
          ${ev.trump ? `${colourSymbol(ev.trump, 16)} ${esc(t("table.trump_is", { colour: t(`colour.${ev.trump}`) }))}` : ""}</p>
        <p>${esc(t(ev.last_trick_team === us ? "summary.nest_us" : "summary.nest_them", { count: ev.nest_points, points: ev.nest_points }))}</p>
        <table class="scores"><thead><tr><th scope="col"></th><th scope="col">${esc(t("team.us"))}</th><th scope="col">${esc(t("team.them"))}</th></tr></thead>
        <tbody>
          <tr><th scope="row">${esc(t("summary.tricks"))}</th><td>${formatNumber(ev.tricks_won[us])}</td><td>${formatNumber(ev.tricks_won[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.counted"))}</th><td>${formatNumber(ev.counted[us])}</td><td>${formatNumber(ev.counted[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.score"))}</th><td>${formatNumber(ev.score[us])}</td><td>${formatNumber(ev.score[1 - us])}</td></tr>
          <tr><th scope="row">${esc(t("summary.totals"))}</th><td><b>${formatNumber(ev.totals[us])}</b></td><td><b>${formatNumber(ev.totals[1 - us])}</b></td></tr>
        </tbody></table>`;
    }
    const moon = ev.moon != null ? `<p class="verdict made">${esc(t("summary.moon", { name: this.name(ev.moon) }))}</p>` : "";
    return `${moon}<table class="scores"><thead><tr><th scope="col"></th><th scope="col">${esc(t("summary.points"))}</th><th scope="col">${esc(t("summary.totals"))}</th></tr></thead>
      <tbody>${[0, 1, 2, 3]
        .map((s) => `<tr><th scope="row">${esc(this.name(s))}</th><td>${formatNumber(ev.points[s])}</td><td><b>${formatNumber(ev.totals[s])}</b></td></tr>`)
        .join("")}</tbody></table>`;
  }

  showSummary(ev, msg, wait) {
    const d = this.root.querySelector("#hand-summary");
    d.innerHTML = `<h2 id="hand-summary-title">${esc(t("summary.title", { n: formatNumber(ev.hand_number + 1) }))}</h2>
      ${this.summaryBody(ev)}
      <div class="dialog-actions"><button type="button" id="summary-close" class="primary">${esc(t(wait ? "summary.continue" : "dialog.close"))}</button></div>`;
    const done = new Promise((resolve) => {
      d.addEventListener("close", resolve, { once: true });
    });
    d.querySelector("#summary-close").addEventListener("click", () => d.close());
    if (!d.open) d.showModal();
    return wait ? done : Promise.resolve();
  }

  showGameOver(msg) {
    const view = msg.view;
    const d = this.root.querySelector("#game-over");
    let headline;
    if (view.game === "rook") {
      headline = view.winner === (this.mySeat ?? 0) % 2 ? t("over.we_win") : t("over.they_win");
    } else {
      headline = view.winner === this.mySeat ? t("over.you_win") : t("over.winner", { name: this.name(view.winner) });
    }
    d.innerHTML = `<h2 id="game-over-title">${esc(t("over.title"))}</h2>
      <p class="verdict made">${esc(headline)}</p>
      ${this.scoreTable(view)}
      <div class="dialog-actions">
        <button type="button" id="rematch" class="primary">${esc(t("over.rematch"))}</button>
        <button type="button" id="game-over-settings">${esc(t("over.settings"))}</button>
      </div>`;
    d.querySelector("#rematch").addEventListener("click", () => {
      d.close();
      this.hooks.rematch(this.table);
    });
    d.querySelector("#game-over-settings").addEventListener("click", () => {
      d.close();
      this.hooks.toSettings();
    });
    const open = () => {
      if (!d.open) d.showModal();
    };
    const summary = this.root.querySelector("#hand-summary");
    if (summary.open) summary.addEventListener("close", open, { once: true });
    else open();
  }
}

export { currentLanguage };

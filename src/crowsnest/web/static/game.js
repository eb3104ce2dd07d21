// The table: renders the server's view and offers exactly the legal actions it sent.
// No rules live here. States are queued so animations play in order; actions are
// offered only once the newest state is on screen.
//
// The Game owns the connection and the queue of states; its drawing is split by
// what it draws: table.js (seats, score bar), trick.js (the trick and its
// animations), hand.js (your hand), panels.js (auction, trump, discard, pass,
// waiting room, prompt, hint) and dialogs.js (last trick, scores, summaries).

import { t, currentLanguage } from "./i18n.js";
import { settings, ANIMATION_MS } from "./settings.js";
import { Connection } from "./net.js";
import { POSITIONS, wait, mixIn } from "./markup.js";
import { TableParts } from "./table.js";
import { TrickParts } from "./trick.js";
import { HandParts, sortHand } from "./hand.js";
import { PanelParts } from "./panels.js";
import { DialogParts } from "./dialogs.js";

export { sortHand };

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
    this.watching = Boolean(session.watch); // a spectator: no seat, no hand
    this.queue = [];
    this.pumping = false;
    this.current = null; // the state on screen
    this.latestSeq = -1;
    this.selection = new Set();
    this.displayTrick = []; // [{seat, card}]
    this.lastTrick = null;
    this.nestCards = null; // {hand, nest, discards} while you are the declarer
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
    }, this.watching ? this.session.invite : null);
    this.connection.open();
  }

  stop() {
    window.removeEventListener("resize", this.onResize);
    this.connection?.close();
    this.connection = null;
    this.queue = [];
    delete document.body.dataset.role;
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
    if (msg.code !== "stale" && msg.code !== "duplicate") this.hooks.toast(t(`error.${msg.code}`, msg.args ?? {}));
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
            <button type="button" id="stop-watching" hidden></button>
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
    $("#stop-watching").addEventListener("click", () => this.hooks.leave());
    $("#stop-watching").hidden = !this.watching;
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
    $("#stop-watching").textContent = t("watch.leave");
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

  render(msg) {
    const { view } = msg;
    document.body.dataset.status = msg.status;
    document.body.dataset.phase = view.phase;
    document.body.dataset.seq = String(msg.seq);
    document.body.dataset.game = view.game;
    document.body.dataset.role = this.watching ? "spectator" : "player";
    this.root.querySelector(".game").classList.remove("acting");
    if (view.seat != null) this.mySeat = view.seat;
    // The declarer's nest and discards, kept for the summary once the next hand is dealt.
    if (view.nest || view.discards) this.nestCards = { hand: view.hand_number, nest: view.nest, discards: view.discards };
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
    hb.hidden = !settings().hints || this.watching;
    hb.disabled = !mine;
    const hint = this.root.querySelector("#hint");
    if (!mine || !settings().hints) {
      this.hint = null;
      hint.hidden = true;
    }
  }

}

mixIn(Game, TableParts, TrickParts, HandParts, PanelParts, DialogParts);

export { currentLanguage };

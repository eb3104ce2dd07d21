// @ts-check
// A table: renders the server's view and offers exactly the legal actions it sent.
// No rules live here. States are queued so animations play in order; actions are
// offered only once the newest state is on screen.
//
// The Game owns the connection, the queue of states and what only the screen needs
// (the trick as drawn, the cards chosen, the hint); the table, its seats and the state
// on screen are in the store (store.js). Each part draws from a TableModel: table.js
// (seats, score bar), trick.js (the trick and its animations), hand.js (your hand),
// panels.js (auction, trump, discard, pass, waiting room, prompt, hint) and dialogs.js
// (last trick, scores, summaries).

import { t } from "./i18n.js";
import { animationMs } from "./settings.js";
import { store } from "./store.js";
import { api, ApiError } from "./api.js";
import { Connection } from "./connection.js";
import { h, mount, find, findAll } from "./dom.js";
import { POSITIONS, seatName, legalPlays, cardChoice, errorWords } from "./model.js";
import { scorebar, drawSeat } from "./table.js";
import { trickCards, playedBy, sourceRect, flyIn, sweep } from "./trick.js";
import { drawHand, layoutHand, handKey, keepSelection } from "./hand.js";
import { actionPanel, promptText, promptLine, waitingPanel, inviteLink, hintText } from "./panels.js";
import { lastTrickContent, scoreSheetContent, summaryContent, gameOverContent } from "./dialogs.js";
import { describeEvent } from "./events.js";
import { reviewPanel, reviewPending, reviewsWanted } from "./review.js";

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").HandEnd} HandEnd */
/** @typedef {import("./types.js").ErrorMessage} ErrorMessage */
/** @typedef {import("./types.js").TableInfo} TableInfo */
/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./trick.js").Played} Played */
/** @typedef {import("./dialogs.js").NestCards} NestCards */
/** @typedef {import("./connection.js").ConnectionStatus} ConnectionStatus */

/**
 * What the Game asks of the app around it.
 * @typedef {object} GameHooks
 * @property {(text: string) => void} toast
 * @property {(text: string) => void} announce
 * @property {() => void} leave stop playing or watching, back to the lobby
 * @property {(code: string) => void} lost the seat or the table is gone
 * @property {(table: TableInfo | null) => void} [rematch]
 * @property {() => void} [toSettings]
 */

/** @param {number} ms */
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Game {
  /**
   * @param {HTMLElement} root the Play tab's panel
   * @param {Session} session
   * @param {GameHooks} hooks
   */
  constructor(root, session, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.watching = Boolean(session.watch); // a spectator: no seat, no hand
    /** @type {StateMessage[]} */
    this.queue = [];
    this.pumping = false;
    /** @type {Set<string>} */
    this.selection = new Set();
    /** @type {Played[]} */
    this.displayTrick = [];
    /** @type {Trick | null} */
    this.lastTrick = null;
    /** @type {NestCards | null} while you are the declarer */
    this.nestCards = null;
    /** @type {number | null} the hand whose summary waits for its review */
    this.reviewHand = null;
    /** @type {{text: string, cards: string[]} | null} */
    this.hint = null;
    /** @type {Connection | null} */
    this.connection = null;
    store.set({ session, table: null, seats: null, current: null });
    this.unsubscribe = store.subscribe((state, previous) => {
      if (state.seats !== previous.seats || state.table !== previous.table) {
        this.renderSeats();
        this.renderWaiting();
      }
      if (state.settings !== previous.settings) this.applySettings();
    });
    this.buildShell();
    this.onResize = () => layoutHand(find(this.root, "#hand"));
    window.addEventListener("resize", this.onResize);
  }

  /** The seat this browser holds (the tests and the app read it). */
  get session() {
    return /** @type {Session} */ (store.get().session);
  }

  /** The state on screen. */
  get current() {
    return store.get().current;
  }

  /** Your seat, or null for a spectator. */
  get mySeat() {
    return this.session.seat;
  }

  /**
   * What the parts draw from now.
   * @returns {TableModel}
   */
  model() {
    const state = store.get();
    return {
      msg: state.current,
      legal: this.queue.length ? [] : (state.current?.legal ?? []),
      me: this.mySeat,
      watching: this.watching,
      seats: state.seats,
      table: state.table,
      settings: state.settings,
    };
  }

  /**
   * A seat's name as the table shows it.
   * @param {number} seat
   */
  name(seat) {
    return seatName(this.model(), seat);
  }

  /** @param {number | null} seat */
  setSeat(seat) {
    if (seat != null && seat !== this.mySeat) store.set({ session: { ...this.session, seat } });
  }

  // ---------- connection ----------

  start() {
    const { tableId, token, invite } = this.session;
    this.connection = new Connection(
      tableId,
      token,
      {
        onWelcome: (msg) => {
          this.setSeat(msg.seat);
          store.set({ table: msg.table, seats: msg.table.seats });
        },
        onState: (msg) => this.enqueue(msg),
        onPresence: (msg) => store.set({ seats: msg.seats }),
        onError: (msg) => this.serverError(msg),
        onConnection: (status) => this.connectionChanged(status),
        onReviewReady: (msg) => this.reviewReady(msg.hand_number),
      },
      this.watching ? invite : null,
    );
    this.connection.open();
  }

  stop() {
    window.removeEventListener("resize", this.onResize);
    this.unsubscribe();
    this.connection?.close();
    this.connection = null;
    this.queue = [];
    delete document.body.dataset.role;
    for (const d of findAll(this.root, "dialog[open]")) /** @type {HTMLDialogElement} */ (d).close();
  }

  /** @param {ConnectionStatus} status */
  connectionChanged(status) {
    const banner = find(this.root, "#connection");
    banner.hidden = status === "open";
    banner.textContent = status === "open" ? "" : t(`connection.${status}`);
    if (status === "replaced") this.hooks.toast(t("connection.replaced"));
  }

  /** @param {ErrorMessage} msg */
  serverError(msg) {
    if (msg.code === "bad_token" || msg.code === "table_not_found") {
      this.hooks.lost(msg.code);
      return;
    }
    const args = /** @type {Record<string, string | number>} */ (msg.args ?? {});
    if (msg.code !== "stale" && msg.code !== "duplicate") this.hooks.toast(errorWords(msg.code, args));
    this.connection?.sync();
  }

  /**
   * Send an action text as the answer to the state on screen.
   * @param {string} action
   */
  send(action) {
    const current = this.current;
    if (!current || this.queue.length) return;
    this.setActing(true);
    this.hint = null;
    if (!this.connection?.act(current.seq, action)) {
      this.setActing(false);
      this.hooks.toast(t("connection.lost"));
    }
  }

  /** @param {boolean} on */
  setActing(on) {
    find(this.root, ".game").classList.toggle("acting", on);
    if (on) {
      for (const b of findAll(this.root, "#hand .card, #action-area button")) {
        b.setAttribute("aria-disabled", "true");
        b.classList.remove("legal");
      }
    }
  }

  // ---------- the page ----------

  buildShell() {
    /** @param {string} id @param {() => void} onclick */
    const tool = (id, onclick) => h("button", { type: "button", id, onclick });
    /** @param {string} id */
    const sheet = (id) => h("dialog", { id, class: "sheet", "aria-labelledby": `${id === "last-trick-view" ? "last-trick" : id}-title` });
    const hand = h("div", { id: "hand", class: "hand", role: "group" });
    hand.addEventListener("click", (e) => this.handClick(e));
    hand.addEventListener("keydown", (e) => handKey(hand, e));
    const actions = h("div", { id: "action-area", class: "action-area" });
    actions.addEventListener("click", (e) => this.actionClick(e));
    const stopWatching = tool("stop-watching", () => this.hooks.leave());
    stopWatching.hidden = !this.watching;
    const lastTrick = tool("last-trick", () => this.showLastTrick());
    lastTrick.disabled = true;
    const hintButton = tool("hint-button", () => this.askHint());
    hintButton.hidden = true;
    mount(
      this.root,
      h(
        "div",
        { class: "game", "data-size": store.get().settings.cardSize },
        h("div", { class: "scorebar", id: "scorebar" }),
        h("div", { id: "connection", class: "connection", role: "status", hidden: true }),
        h(
          "div",
          { class: "felt", id: "felt" },
          POSITIONS.map((pos) => h("div", { class: "seat", "data-pos": pos })),
          h("div", { class: "center" }, h("div", { id: "trick", class: "trick", role: "group" }), actions),
        ),
        h(
          "div",
          { class: "below" },
          h("p", { id: "prompt", class: "prompt" }),
          h(
            "div",
            { class: "tools" },
            lastTrick,
            tool("show-scores", () => this.showScoreSheet()),
            hintButton,
            stopWatching,
          ),
          h("p", { id: "hint", class: "hint", hidden: true }),
          hand,
        ),
      ),
      sheet("hand-summary"),
      sheet("score-sheet"),
      sheet("game-over"),
      sheet("last-trick-view"),
    );
    for (const d of findAll(this.root, "dialog")) {
      d.addEventListener("click", (e) => {
        if (e.target === d && d.id !== "game-over") /** @type {HTMLDialogElement} */ (d).close();
      });
    }
    this.translateStatic();
  }

  translateStatic() {
    /** @param {string} s */
    const $ = (s) => find(this.root, s);
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
    if (this.current) this.render();
    this.renderWaiting();
  }

  applySettings() {
    find(this.root, ".game").dataset.size = store.get().settings.cardSize;
    if (this.current) this.render();
  }

  // ---------- the queue of states ----------

  /** @param {StateMessage} msg */
  enqueue(msg) {
    this.queue.push(msg);
    if (!this.pumping) this.pump();
  }

  async pump() {
    this.pumping = true;
    try {
      while (this.queue.length) {
        const msg = /** @type {StateMessage} */ (this.queue.shift());
        const fast = this.queue.length > 6 || !this.current;
        await this.show(msg, fast);
      }
    } catch (err) {
      console.error(err);
    } finally {
      this.pumping = false;
    }
    if (this.current) this.render();
  }

  /**
   * Play a state's events on screen (cards flying, tricks swept), then draw it.
   * @param {StateMessage} msg
   * @param {boolean} fast no animations
   */
  async show(msg, fast) {
    const ms = fast ? 0 : animationMs(store.get().settings.speed);
    const prev = this.current;
    const root = this.root;
    const sentences = [];
    /** @type {HandEnd | null} */
    let handEnd = null;
    let gameEnd = null;
    for (const ev of msg.events ?? []) {
      const text = describeEvent({ ...this.model(), msg: prev ?? msg }, ev);
      if (text) sentences.push(text);
      if (ev.type === "play" && ev.seat != null && ev.card) {
        this.displayTrick.push({ seat: ev.seat, card: ev.card });
        const source = sourceRect(root, this.model(), ev.seat, ev.card);
        this.renderTrick();
        if (ms) await flyIn(root, ev.card, source, ms);
      } else if (ev.type === "trick") {
        const trick = /** @type {Trick} */ (/** @type {unknown} */ (ev));
        this.lastTrick = trick;
        this.displayTrick = playedBy(trick.cards, trick.leader);
        this.renderTrick();
        if (ms) {
          await wait(ms * 1.8);
          await sweep(root, trick.winner, ms);
        }
        this.displayTrick = [];
        this.renderTrick();
      } else if (ev.type === "hand_end") handEnd = /** @type {HandEnd} */ (/** @type {unknown} */ (ev));
      else if (ev.type === "game_end") gameEnd = ev;
    }
    store.set({ current: msg });
    this.render();
    const acts = this.queue.length === 0 && msg.legal?.length > 0;
    if (acts) sentences.push(promptText(this.model()));
    if (sentences.length) this.hooks.announce(sentences.join(" "));
    if (handEnd) await this.showSummary(handEnd, !gameEnd);
    if (gameEnd || (msg.status === "over" && !prev)) this.showGameOver();
  }

  /** Draw the state on screen: every part, from the model. */
  render() {
    const msg = this.current;
    if (!msg) return;
    const { view } = msg;
    document.body.dataset.status = msg.status;
    document.body.dataset.phase = view.phase;
    document.body.dataset.seq = String(msg.seq);
    document.body.dataset.game = view.game;
    document.body.dataset.role = this.watching ? "spectator" : "player";
    find(this.root, ".game").classList.remove("acting");
    this.setSeat(view.seat);
    // The declarer's nest and discards, kept for the summary once the next hand is dealt.
    if (view.game === "rook" && (view.nest || view.discards)) {
      this.nestCards = { hand: view.hand_number, nest: view.nest, discards: view.discards };
    }
    this.displayTrick = playedBy(view.trick, view.leader);
    if (view.tricks.length) this.lastTrick = view.tricks[view.tricks.length - 1];
    else if (view.phase !== "play") this.lastTrick = null;
    const m = this.model();
    this.selection = keepSelection(this.selection, cardChoice(m.legal));
    mount(find(this.root, "#scorebar"), scorebar(m));
    this.renderSeats();
    this.renderTrick();
    this.renderActions(m);
    drawHand(find(this.root, "#hand"), m, { selection: this.selection, hinted: this.hint?.cards ?? [] });
    const prompt = find(this.root, "#prompt");
    prompt.classList.toggle("your-turn", m.legal.length > 0);
    prompt.textContent = promptLine(m);
    this.renderWaiting();
    find(this.root, "#last-trick").toggleAttribute("disabled", !this.lastTrick);
    const hb = /** @type {HTMLButtonElement} */ (find(this.root, "#hint-button"));
    const mine = m.legal.length > 0;
    hb.hidden = !m.settings.hints || this.watching;
    hb.disabled = !mine;
    if (!mine || !m.settings.hints) {
      this.hint = null;
      find(this.root, "#hint").hidden = true;
    }
  }

  renderSeats() {
    const m = this.model();
    for (const el of findAll(this.root, ".seat")) drawSeat(el, m);
  }

  renderTrick() {
    mount(find(this.root, "#trick"), trickCards(this.model(), this.displayTrick));
  }

  /** @param {TableModel} m */
  renderActions(m) {
    const area = find(this.root, "#action-area");
    const wasFocused = area.contains(document.activeElement);
    const panel = actionPanel(m, this.selection.size);
    mount(area, panel);
    area.hidden = !panel;
    const asks = Boolean(panel && (panel.id === "auction" || panel.id === "trump"));
    if (wasFocused || (panel && !find(this.root, "#hand").contains(document.activeElement))) {
      const first = area.querySelector("button:not([disabled])");
      if (first instanceof HTMLElement && (wasFocused || asks)) first.focus({ preventScroll: true });
    }
  }

  renderWaiting() {
    const state = store.get();
    const waiting = state.current ? state.current.status === "waiting" : state.table?.status === "waiting";
    if (!waiting || !state.seats) return;
    const area = find(this.root, "#action-area");
    const link = this.watching ? "" : inviteLink(this.session);
    area.hidden = false;
    mount(
      area,
      waitingPanel(this.model(), link, {
        copy: async () => {
          try {
            await navigator.clipboard.writeText(link);
            this.hooks.toast(t("waiting.copied"));
          } catch {
            /** @type {HTMLInputElement} */ (find(area, "#invite-link")).select();
          }
        },
        fill: async () => {
          try {
            await api.fill(this.session.tableId, this.session.token);
          } catch (err) {
            this.hooks.toast(t(`error.${err instanceof ApiError ? err.code : "internal_error"}`));
          }
        },
      }),
    );
  }

  // ---------- what you do ----------

  /** @param {MouseEvent} e */
  handClick(e) {
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(".card"));
    if (!btn || !this.current) return;
    for (const b of findAll(this.root, "#hand .card")) b.tabIndex = b === btn ? 0 : -1;
    const code = btn.dataset.card ?? "";
    const m = this.model();
    const choice = cardChoice(m.legal);
    if (btn.getAttribute("aria-disabled") === "true") {
      // A card you may not play now: the server says why (the engine's reason, e.g.
      // "You must follow red"), changing nothing; the client does not guess it.
      if (!choice && legalPlays(m.legal).size) this.send(`play ${code}`);
      return;
    }
    if (choice) {
      if (this.selection.has(code)) this.selection.delete(code);
      else if (this.selection.size < choice.count) this.selection.add(code);
      else return this.hooks.toast(t("cards.too_many", { count: choice.count }));
      btn.setAttribute("aria-pressed", String(this.selection.has(code)));
      btn.classList.toggle("selected", this.selection.has(code));
      const note = this.root.querySelector("#chosen-count");
      if (note) note.textContent = t("cards.chosen", { count: this.selection.size, total: choice.count });
      const confirm = this.root.querySelector("#confirm-cards");
      if (confirm instanceof HTMLButtonElement) confirm.disabled = this.selection.size !== choice.count;
      return;
    }
    if (legalPlays(m.legal).has(code)) this.send(`play ${code}`);
  }

  /** @param {MouseEvent} e */
  actionClick(e) {
    const btn = /** @type {Element} */ (e.target).closest("button");
    const current = this.current;
    if (!btn || !current || btn.disabled) return;
    if (btn.id === "confirm-cards") {
      const choice = cardChoice(this.model().legal);
      if (!choice || this.selection.size !== choice.count) return;
      this.send(`${choice.choose} ${[...this.selection].join(" ")}`);
      return;
    }
    const action = btn.dataset.action;
    if (action && (current.legal ?? []).includes(action)) this.send(action);
  }

  async askHint() {
    if (!this.current) return;
    const box = find(this.root, "#hint");
    try {
      const res = await api.hint(this.session.tableId, this.session.token);
      this.hint = hintText(this.model(), res.action);
      box.textContent = this.hint.text;
      box.hidden = false;
      const cards = this.hint.cards;
      for (const b of findAll(this.root, "#hand .card")) b.classList.toggle("hinted", cards.includes(b.dataset.card ?? ""));
      this.hooks.announce(this.hint.text);
    } catch (err) {
      this.hooks.toast(t(`error.${err instanceof ApiError ? err.code : "internal_error"}`));
    }
  }

  // ---------- dialogs ----------

  /**
   * @param {string} id
   * @returns {HTMLDialogElement}
   */
  dialog(id) {
    return find(this.root, `#${id}`);
  }

  showLastTrick() {
    if (!this.lastTrick) return;
    const d = this.dialog("last-trick-view");
    mount(d, lastTrickContent(this.model(), this.lastTrick));
    d.showModal();
  }

  showScoreSheet() {
    const view = this.current?.view;
    if (!view) return;
    const d = this.dialog("score-sheet");
    mount(d, scoreSheetContent(this.model(), view));
    d.showModal();
  }

  /**
   * The summary of a hand; resolves when it is closed if another hand follows.
   * @param {HandEnd} ev
   * @param {boolean} more
   */
  showSummary(ev, more) {
    const d = this.dialog("hand-summary");
    mount(d, summaryContent(this.model(), ev, this.nestCards, more));
    if (!this.watching && this.session.token && reviewsWanted()) {
      this.reviewHand = ev.hand_number;
      const slot = h("div", { id: "summary-review", "data-hand": String(ev.hand_number) }, reviewPending());
      find(d, ".dialog-actions").before(slot);
      this.loadReview(ev.hand_number);
    }
    const done = new Promise((resolve) => {
      d.addEventListener("close", resolve, { once: true });
    });
    find(d, "#summary-close").addEventListener("click", () => d.close());
    if (!d.open) d.showModal();
    return more ? done : Promise.resolve();
  }

  /**
   * The server has stored this seat's review of a hand: show it if its summary is open.
   * @param {number} hand
   */
  reviewReady(hand) {
    if (hand === this.reviewHand) this.loadReview(hand);
  }

  /**
   * Fetch this seat's review of a hand into the summary's slot (it stays "being
   * reviewed" until the server has it: `review_ready` asks again).
   * @param {number} hand
   */
  async loadReview(hand) {
    const { tableId, token } = this.session;
    let res;
    try {
      res = await api.review(tableId, { token, invite: null, hand });
    } catch {
      return; // the summary says the hand is being reviewed; nothing else to do
    }
    const found = res.reviews.find((r) => r.seat === this.mySeat);
    const slot = this.dialog("hand-summary").querySelector(`#summary-review[data-hand="${hand}"]`);
    if (slot && !found && !res.reviewing) slot.remove(); // this server reviews no hands
    if (!found || !slot) return;
    const bird = this.current?.view.bird ?? null;
    slot.replaceChildren(reviewPanel(found, { hindsight: false, bird }));
  }

  showGameOver() {
    const view = this.current?.view;
    if (!view) return;
    const d = this.dialog("game-over");
    mount(d, gameOverContent(this.model(), view));
    d.querySelector("#game-over-leave")?.addEventListener("click", () => {
      d.close();
      this.hooks.leave();
    });
    d.querySelector("#rematch")?.addEventListener("click", () => {
      d.close();
      this.hooks.rematch?.(store.get().table);
    });
    d.querySelector("#game-over-settings")?.addEventListener("click", () => {
      d.close();
      this.hooks.toSettings?.();
    });
    const open = () => {
      if (!d.open) d.showModal();
    };
    const summary = this.dialog("hand-summary");
    if (summary.open) summary.addEventListener("close", open, { once: true });
    else open();
  }
}

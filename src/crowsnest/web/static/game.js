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
import { store, savedChoice, saveChoice } from "./store.js";
import { api, ApiError } from "./api.js";
import { Connection } from "./connection.js";
import { h, mount, find, findAll } from "./dom.js";
import { POSITIONS, seatName, plateName, legalPlays, cardChoice, errorWords, isRook } from "./model.js";
import { scorebar, drawSeat, countdownText } from "./table.js";
import { trickCards, playedBy, sourceRect, flyIn, sweep } from "./trick.js";
import { drawHand, layoutHand, handKey, keepSelection } from "./hand.js";
import { actionPanel, promptText, promptLine, waitingPanel, inviteLink, hintText } from "./panels.js";
import { lastTrickContent, scoreSheetContent, summaryContent, gameOverContent } from "./dialogs.js";
import { describeEvent, isHeadline, movesOfView } from "./events.js";
import { reviewPanel, reviewPending, reviewSkipped, reviewsWanted } from "./review.js";
import { confirmText, newsText } from "./resign.js";
import { offers } from "./offers.js";

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
 * @property {() => void} [left] you left the table (the seat is no longer yours)
 */

const MUTE_KEY = "crowsnest.mute";
const BUBBLE_MS = 5000;

/** @param {number} ms */
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The card to play when playing it is the only legal action, else null.
 * @param {import("./types.js").LegalAction[]} legal
 */
function onlyPlay(legal) {
  const plays = legalPlays(legal);
  return legal.length === 1 && plays.size === 1 ? [...plays][0] : null;
}

/** How long a finished trick stays on the table when nothing is animated (ms). */
const HOLD_TRICK_MS = 1500;

/** How long a headline's banner stays over the table (ms), at every play speed. */
const BANNER_MS = 3000;

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
    /** @type {{text: string, headline: boolean, chat?: {seat: number, key: string}}[]} the move log: this hand's events told, and the quick chat */
    this.moves = [];
    /** @type {number | null} the hand the move log tells */
    this.movesHand = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.bannerTimer = undefined;
    /** @type {Trick | null} a finished trick kept on the table (no animations) */
    this.heldTrick = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.heldTimer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} a partner's resign offer lapses */
    this.offerTimer = undefined;
    /** @type {(number | null)[]} each seat's turn deadline, performance.now() ms */
    this.deadlines = [null, null, null, null];
    /** @type {Record<number, string>} */
    this.bubbles = {};
    this.muted = localStorage.getItem(MUTE_KEY) === "true";
    this.ticker = setInterval(() => this.tick(), 500);
    store.set({ session, table: null, seats: null, current: null });
    this.unsubscribe = store.subscribe((state, previous) => {
      if (state.seats !== previous.seats || state.table !== previous.table) {
        this.renderSeats();
        this.renderWaiting();
      }
      if (state.settings !== previous.settings) this.applySettings();
      if ((state.settings?.reviews !== false) !== (previous.settings?.reviews !== false)) this.reviewChoice();
    });
    this.buildShell();
    // The hand is laid out again whenever its box changes: a window resize, a phone
    // turned, and the table shown again after a setting changed while it was hidden
    // (laid out then, it would have had no width at all).
    this.onResize = () => layoutHand(find(this.root, "#hand"));
    this.handObserver = new ResizeObserver(this.onResize);
    this.handObserver.observe(find(this.root, "#hand"));
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
      deadlines: this.deadlines,
      bubbles: this.bubbles,
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
          this.reviewWelcome();
        },
        onState: (msg) => {
          const now = performance.now();
          this.deadlines = (msg.time_left ?? [null, null, null, null]).map((s) => (s == null ? null : now + s * 1000));
          this.enqueue(msg);
        },
        onPresence: (msg) => store.set({ seats: msg.seats }),
        onChat: (msg) => this.chatReceived(msg.seat, msg.key),
        onError: (msg) => this.serverError(msg),
        onConnection: (status) => this.connectionChanged(status),
        onReviewReady: (msg) => this.reviewReady(msg.hand_number),
        onResign: (msg) => this.resignNews(msg),
        onReviewSkipped: (msg) => this.reviewSlot(msg.hand_number)?.replaceChildren(reviewSkipped()),
        onBotTrouble: (msg) => this.hooks.toast(t("connection.bot_trouble", { name: plateName(this.model(), msg.seat) })),
      },
      this.watching ? invite : null,
    );
    this.connection.open();
  }

  stop() {
    clearInterval(this.ticker);
    this.handObserver.disconnect();
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

  /**
   * Add a move to the log (a new hand starts a new log); a headline is also shown as a
   * banner over the table, for a few seconds whatever the play speed. A quick chat
   * message goes into the same log, marked with its seat and key.
   * @param {number} hand
   * @param {string} text
   * @param {boolean} headline
   * @param {{seat: number, key: string}} [chat]
   */
  logMove(hand, text, headline, chat) {
    if (hand !== this.movesHand) {
      this.moves = [];
      this.movesHand = hand;
    }
    this.moves.push(chat ? { text, headline, chat } : { text, headline });
    this.renderMoves();
    if (!headline) return;
    const banner = find(this.root, "#banner");
    banner.textContent = text;
    banner.hidden = false;
    clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => {
      banner.hidden = true;
    }, BANNER_MS);
  }

  renderMoves() {
    const list = find(this.root, "#moves-list");
    /** @param {{text: string, headline: boolean, chat?: {seat: number, key: string}}} mv */
    const line = (mv) =>
      mv.chat
        ? h("li", { class: "chat", "data-seat": String(mv.chat.seat), "data-key": mv.chat.key }, mv.text)
        : h("li", { class: mv.headline ? "headline" : null }, mv.text);
    mount(list, this.moves.length ? this.moves.map(line) : h("li", { class: "empty" }, t("moves.empty")));
    list.scrollTop = list.scrollHeight;
  }

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
    const leaveButton = tool("leave-game", () => this.dialog("leave-dialog").showModal());
    leaveButton.hidden = this.watching;
    const resignButton = tool("resign-game", () => this.askResign());
    resignButton.hidden = true;
    const backButton = tool("back-button", () => this.connection?.back());
    backButton.hidden = true;
    backButton.classList.add("primary");
    // Quick chat: a menu that opens over the table (it takes no room of its own).
    const chat = h(
      "details",
      { id: "chat", class: "chat", hidden: this.watching },
      h("summary", { id: "chat-open" }),
      h(
        "div",
        { class: "chat-menu", role: "group", id: "chat-menu" },
        // The quick messages, then the emoji reactions, as the server offers them.
        offers().quick_messages.map((key) => h("button", { type: "button", class: "quick", "data-chat": key })),
        offers().reactions.map((key) => h("button", { type: "button", class: "reaction", "data-chat": key })),
        h("button", { type: "button", id: "mute-chat", "aria-pressed": String(this.muted) }),
      ),
    );
    chat.addEventListener("click", (e) => {
      const btn = /** @type {Element} */ (e.target).closest("button");
      if (!(btn instanceof HTMLElement)) return;
      if (btn.id === "mute-chat") this.setMuted(!this.muted);
      else if (btn.dataset.chat) {
        this.connection?.chat(btn.dataset.chat);
        /** @type {HTMLDetailsElement} */ (chat).open = false;
      }
    });
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
          h(
            "div",
            { class: "center" },
            h("div", { id: "trick", class: "trick", role: "group" }),
            actions,
            // The announcer says it already: the banner is for the eyes only.
            h("p", { id: "banner", class: "banner", "aria-hidden": "true", hidden: true }),
          ),
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
            tool("show-moves", () => this.showMoves()),
            hintButton,
            backButton,
            chat,
            resignButton,
            leaveButton,
            stopWatching,
          ),
          h("p", { id: "away-note", class: "hint", hidden: true }),
          h("p", { id: "hint", class: "hint", hidden: true }),
          hand,
        ),
      ),
      sheet("hand-summary"),
      sheet("score-sheet"),
      sheet("game-over"),
      sheet("last-trick-view"),
      h(
        "dialog",
        { id: "moves", class: "sheet", "aria-labelledby": "moves-title" },
        h("h2", { id: "moves-title" }),
        h("ol", { id: "moves-list", class: "moves-list" }),
        h("form", { method: "dialog" }, h("button", { class: "primary", id: "moves-close" })),
      ),
      h(
        "dialog",
        { id: "leave-dialog", class: "sheet", "aria-labelledby": "leave-title" },
        h("p", { id: "leave-title" }),
        h(
          "div",
          { class: "dialog-actions" },
          h("button", { type: "button", id: "leave-stay", onclick: () => this.dialog("leave-dialog").close() }),
          h("button", { type: "button", id: "leave-confirm", class: "primary", onclick: () => this.leaveTable() }),
        ),
      ),
      h(
        "dialog",
        { id: "resign-dialog", class: "sheet", "aria-labelledby": "resign-title" },
        h("p", { id: "resign-title" }),
        h(
          "div",
          { class: "dialog-actions" },
          h("button", { type: "button", id: "resign-no", onclick: () => this.dialog("resign-dialog").close() }),
          h("button", { type: "button", id: "resign-yes", class: "primary", onclick: () => this.resign() }),
        ),
      ),
      h(
        "dialog",
        { id: "resign-offer", class: "sheet", "aria-labelledby": "resign-offer-title" },
        h("p", { id: "resign-offer-title" }),
        h(
          "div",
          { class: "dialog-actions" },
          h("button", { type: "button", id: "resign-decline", onclick: () => this.answerResign(false) }),
          h("button", { type: "button", id: "resign-accept", class: "primary", onclick: () => this.answerResign(true) }),
        ),
      ),
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
    $("#show-moves").textContent = t("moves.button");
    $("#moves-title").textContent = t("moves.title");
    $("#moves-close").textContent = t("dialog.close");
    $("#hint-button").textContent = t("table.hint");
    $("#stop-watching").textContent = t("watch.leave");
    $("#leave-game").textContent = t("people.leave_short");
    $("#leave-game").setAttribute("aria-label", t("people.leave"));
    $("#back-button").textContent = t("people.back");
    $("#away-note").textContent = t("people.away");
    $("#leave-title").textContent = t("people.leave_confirm");
    $("#leave-stay").textContent = t("people.stay");
    $("#leave-confirm").textContent = t("people.leave");
    $("#resign-game").textContent = t("resign.button");
    $("#resign-no").textContent = t("resign.no");
    $("#resign-accept").textContent = t("resign.accept");
    $("#resign-decline").textContent = t("resign.decline");
    $("#chat-open").textContent = t("people.chat");
    $("#chat-menu").setAttribute("aria-label", t("people.chat"));
    for (const b of findAll(this.root, "#chat [data-chat]")) {
      const key = b.dataset.chat ?? "";
      b.textContent = t(`chat.${key}`);
      b.setAttribute("aria-label", t(`chat.${key}`));
    }
    $("#mute-chat").textContent = this.muted ? t("people.unmute") : t("people.mute");
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
    // Auto-play (a setting, off by default): once every state is drawn, the only card
    // you may play goes by itself (unless you clicked it meanwhile).
    const only = this.current ? this.autoPlayCard(this.current) : null;
    if (only && !find(this.root, ".game").classList.contains("acting")) this.send(`play ${only}`);
  }

  /**
   * The card auto-play would play for this state: the only legal action is playing it,
   * you are seated, and the setting is on; else null.
   * @param {StateMessage} msg
   */
  autoPlayCard(msg) {
    if (this.watching || !store.get().settings.autoPlay) return null;
    return onlyPlay(msg.legal ?? []);
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
    if (!prev) {
      // Opened in the middle of a hand: the log tells the hand so far from the view.
      this.moves = movesOfView({ ...this.model(), msg }, msg.view);
      this.movesHand = msg.view.hand_number;
      this.renderMoves();
    }
    const hand = (prev ?? msg).view.hand_number;
    for (const ev of msg.events ?? []) {
      const text = describeEvent({ ...this.model(), msg: prev ?? msg }, ev);
      if (text) sentences.push(text);
      if (text && prev) this.logMove(hand, text, isHeadline(ev));
      if (ev.type === "play" && ev.seat != null && ev.card) {
        if (this.heldTrick) this.releaseTrick(); // the next card: the finished trick goes
        this.displayTrick.push({ seat: ev.seat, card: ev.card });
        const source = sourceRect(root, this.model(), ev.seat, ev.card);
        this.renderTrick();
        if (ms) await flyIn(root, ev.card, source, ms);
        // Your card leaves your hand once played (the hand is drawn again only after
        // the message: a summary opened before that shows the finished hand).
        if (ev.seat === this.mySeat && !this.watching) this.takeFromHand(ev.card);
      } else if (ev.type === "trick") {
        const trick = /** @type {Trick} */ (/** @type {unknown} */ (ev));
        this.lastTrick = trick;
        this.displayTrick = playedBy(trick.cards, trick.leader);
        this.renderTrick();
        if (ms) {
          await wait(ms * 1.8);
          await sweep(root, trick.winner, ms);
          this.displayTrick = [];
          this.renderTrick();
        } else {
          // No animations: the finished trick stays on the table to be read, until the
          // next card is played or a short pause has passed.
          this.holdTrick(trick);
        }
      } else if (ev.type === "hand_end") handEnd = /** @type {HandEnd} */ (/** @type {unknown} */ (ev));
      else if (ev.type === "game_end") gameEnd = ev;
    }
    // A hand that ends with another dealt: its summary is read over the finished hand
    // (the last trick swept, no new cards behind it); the new deal is drawn once it is
    // closed.
    const before = Boolean(handEnd && !gameEnd && prev);
    if (handEnd && before) {
      if (sentences.length) this.hooks.announce(sentences.splice(0).join(" "));
      await this.showSummary(handEnd, true);
    }
    store.set({ current: msg });
    this.render();
    const acts = this.queue.length === 0 && msg.legal?.length > 0;
    const auto = acts && this.autoPlayCard(msg) !== null;
    if (acts && !auto) sentences.push(promptText(this.model()));
    if (sentences.length) this.hooks.announce(sentences.join(" "));
    if (handEnd && !before) await this.showSummary(handEnd, !gameEnd);
    if (gameEnd || (msg.status === "over" && !prev)) this.showGameOver();
    if (auto && ms) await wait(ms); // the others see the card played, at the table's pace
  }

  /**
   * Take a card you played out of the hand on screen.
   * @param {string} code
   */
  takeFromHand(code) {
    const hand = find(this.root, "#hand");
    for (const el of findAll(hand, ".card")) if (el.dataset.card === code) el.remove();
    layoutHand(hand);
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
    if (this.heldTrick && !this.displayTrick.length) this.displayTrick = playedBy(this.heldTrick.cards, this.heldTrick.leader);
    if (view.tricks.length) this.lastTrick = view.tricks[view.tricks.length - 1];
    else if (view.phase !== "play") this.lastTrick = null;
    const m = this.model();
    const choice = cardChoice(m.legal);
    // The cards chosen so far come back after a reload of the page.
    if (choice && this.selection.size === 0) this.selection = new Set(savedChoice(this.session.tableId, this.choiceKey(choice)));
    this.selection = keepSelection(this.selection, choice);
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
    const mine = this.mySeat != null ? m.seats?.[this.mySeat] : null;
    const away = Boolean(mine?.away) && !this.watching;
    find(this.root, "#back-button").hidden = !away;
    find(this.root, "#away-note").hidden = !away;
    const over = (m.msg?.status ?? m.table?.status) === "over";
    find(this.root, "#leave-game").hidden = this.watching || over;
    const playing = (m.msg?.status ?? m.table?.status) === "playing";
    find(this.root, "#resign-game").hidden = this.watching || !playing || !isRook(m) || Boolean(mine?.left);
  }

  /** The seats' countdowns, from the deadlines the server's `time_left` gave. */
  tick() {
    for (const el of findAll(this.root, ".countdown")) {
      el.textContent = countdownText(Number(el.dataset.deadline));
    }
  }

  // ---------- people: quick chat, leaving ----------

  /**
   * A quick message from a seat: a bubble at the seat and a line in the move log, in
   * your language (the server sends keys), said by the announcer. Muted: only your own
   * are shown.
   * @param {number} seat
   * @param {string} key
   */
  chatReceived(seat, key) {
    if (this.muted && seat !== this.mySeat) return;
    const text = t(`chat.${key}`);
    this.bubbles = { ...this.bubbles, [seat]: text };
    this.renderSeats();
    const line = t("people.says", { name: plateName(this.model(), seat), message: text });
    this.logMove(this.current?.view.hand_number ?? this.movesHand ?? 0, line, false, { seat, key });
    this.hooks.announce(line);
    setTimeout(() => {
      if (this.bubbles[seat] !== text) return;
      const rest = { ...this.bubbles };
      delete rest[seat];
      this.bubbles = rest;
      this.renderSeats();
    }, BUBBLE_MS);
  }

  /** @param {boolean} on */
  setMuted(on) {
    this.muted = on;
    localStorage.setItem(MUTE_KEY, String(on));
    const btn = find(this.root, "#mute-chat");
    btn.setAttribute("aria-pressed", String(on));
    btn.textContent = on ? t("people.unmute") : t("people.mute");
  }

  /** Leave the table: the server gives the seat to its bot for good (or frees it). */
  leaveTable() {
    this.dialog("leave-dialog").close();
    if (!this.connection?.leave()) {
      this.hooks.toast(t("connection.lost"));
      return;
    }
    this.hooks.left?.();
  }

  // ---------- resigning (Rook) ----------

  /** Ask before resigning: alone, or a proposal to a human partner. */
  askResign() {
    const m = this.model();
    const partnerAsked = confirmText(m) !== t("resign.confirm");
    find(this.root, "#resign-title").textContent = confirmText(m);
    find(this.root, "#resign-yes").textContent = partnerAsked ? t("resign.propose") : t("resign.yes");
    this.dialog("resign-dialog").showModal();
  }

  resign() {
    this.dialog("resign-dialog").close();
    if (!this.connection?.resign()) this.hooks.toast(t("connection.lost"));
  }

  /** @param {boolean} accept */
  answerResign(accept) {
    this.dialog("resign-offer").close();
    clearTimeout(this.offerTimer);
    if (!this.connection?.resignAnswer(accept)) this.hooks.toast(t("connection.lost"));
  }

  /**
   * A resign proposal's news: your partner's proposal opens the offer (until it
   * lapses); anything else is said and closes it.
   * @param {import("./types.js").ResignNews} news
   */
  resignNews(news) {
    const m = this.model();
    const text = newsText(m, news);
    const offer = this.dialog("resign-offer");
    clearTimeout(this.offerTimer);
    if (news.status === "proposed" && news.seat !== this.mySeat) {
      find(this.root, "#resign-offer-title").textContent = text;
      if (!offer.open) offer.showModal();
      this.offerTimer = setTimeout(() => offer.close(), (news.seconds ?? 0) * 1000);
      return;
    }
    if (offer.open) offer.close();
    this.hooks.toast(text);
    this.hooks.announce(text);
  }

  /**
   * Keep a finished trick on the table for a while (the play speed "instant").
   * @param {Trick} trick
   */
  holdTrick(trick) {
    this.heldTrick = trick;
    this.displayTrick = playedBy(trick.cards, trick.leader);
    this.renderTrick();
    clearTimeout(this.heldTimer);
    this.heldTimer = setTimeout(() => this.releaseTrick(), HOLD_TRICK_MS);
  }

  /** The finished trick leaves the table. */
  releaseTrick() {
    clearTimeout(this.heldTimer);
    if (!this.heldTrick) return;
    this.heldTrick = null;
    const view = this.current?.view;
    this.displayTrick = view ? playedBy(view.trick, view.leader) : [];
    this.renderTrick();
  }

  renderTrick() {
    const area = find(this.root, "#trick");
    area.toggleAttribute("data-held", this.heldTrick !== null && this.displayTrick.length > 0 && !this.current?.view.trick.length);
    mount(area, trickCards(this.model(), this.displayTrick));
  }

  /** @param {TableModel} m */
  renderActions(m) {
    const area = find(this.root, "#action-area");
    const active = document.activeElement;
    const wasFocused = area.contains(active);
    const before = wasFocused && active instanceof HTMLElement ? (active.dataset.action ?? active.id) : null;
    const panel = actionPanel(m, this.selection.size);
    mount(area, panel);
    area.hidden = !panel;
    if (!panel) return;
    // A bid or a trump asked: the focus goes to the panel itself (its title is read out),
    // not to a button, so a stray Enter sends nothing; Tab reaches the choices. A panel
    // drawn again while it had the focus keeps it on the same control.
    const asks = panel.id === "auction" || panel.id === "trump";
    if (wasFocused) {
      const same = [...area.querySelectorAll("button:not([disabled])")].find(
        (b) => b instanceof HTMLElement && (b.dataset.action ?? b.id) === before,
      );
      const first = area.querySelector("button:not([disabled])");
      const next = same ?? (asks ? panel : first);
      if (next instanceof HTMLElement) next.focus({ preventScroll: true });
    } else if (asks && !find(this.root, "#hand").contains(document.activeElement)) {
      panel.focus({ preventScroll: true });
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
        move: async (seat) => {
          try {
            await api.move(this.session.tableId, this.session.token, seat);
            this.setSeat(seat);
          } catch (err) {
            this.hooks.toast(t(`error.${err instanceof ApiError ? err.code : "internal_error"}`));
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
      saveChoice(this.session.tableId, this.choiceKey(choice), [...this.selection]);
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

  /**
   * What names a choice of cards for keeping it: the hand and what is chosen.
   * @param {import("./types.js").CardChoice} choice
   */
  choiceKey(choice) {
    return `${this.current?.view.hand_number ?? -1}:${choice.choose}`;
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

  /**
   * The tricks of this hand, from the last one back (the view keeps them all).
   * @param {number} [index] which trick to show; the last one if not given
   */
  showLastTrick(index) {
    if (!this.lastTrick) return;
    const tricks = this.current?.view.tricks ?? [];
    const d = this.dialog("last-trick-view");
    if (!tricks.length) {
      mount(d, lastTrickContent(this.model(), this.lastTrick));
    } else {
      const i = Math.max(0, Math.min(tricks.length - 1, index ?? tricks.length - 1));
      mount(d, lastTrickContent(this.model(), tricks[i], i, tricks.length));
      d.querySelector("#trick-prev")?.addEventListener("click", () => this.stepTrick(i - 1, "#trick-prev"));
      d.querySelector("#trick-next")?.addEventListener("click", () => this.stepTrick(i + 1, "#trick-next"));
    }
    if (!d.open) d.showModal();
  }

  /**
   * Show another trick of the hand, keeping the focus on the button pressed (or on
   * its twin when it is disabled at the end).
   * @param {number} index
   * @param {string} button
   */
  stepTrick(index, button) {
    this.showLastTrick(index);
    const d = this.dialog("last-trick-view");
    const same = d.querySelector(`${button}:not([disabled])`) ?? d.querySelector(".trick-steps button:not([disabled])");
    if (same instanceof HTMLElement) same.focus();
  }

  /** The move log: this hand's events, kept up to date while it is open. */
  showMoves() {
    const d = this.dialog("moves");
    this.renderMoves();
    if (!d.open) d.showModal();
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
   * The summary's review slot of a hand, if that summary is open.
   * @param {number} hand
   * @returns {Element | null}
   */
  reviewSlot(hand) {
    return this.dialog("hand-summary").querySelector(`#summary-review[data-hand="${hand}"]`);
  }

  /**
   * (Re)connected as a seat: tell the server when Settings turn reviews off (so it
   * computes none), and ask again for a review the summary still waits for.
   */
  reviewWelcome() {
    if (this.watching || !this.session.token) return;
    if (!reviewsWanted()) this.reviewChoice();
    if (this.reviewHand !== null) this.loadReview(this.reviewHand);
  }

  /** Tell the server whether Settings want this seat's hands reviewed. */
  reviewChoice() {
    const { tableId, token } = this.session;
    if (this.watching || !token) return;
    api.setReview(tableId, token, reviewsWanted()).catch(() => {});
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
    const slot = this.reviewSlot(hand);
    if (slot && !found && !res.reviewing) slot.remove(); // this server reviews no hands
    else if (slot && !found && !(res.pending ?? []).includes(hand)) slot.replaceChildren(reviewSkipped());
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

// @ts-check
// A table's shell: it holds the table's state (table-state.js), hands every input to
// the reducer, and carries out the effects it answers: drawing the page
// (table-page.js, table-draw.js), the sheets (table-sheets.js), the animations
// (trick.js), toasts and announcements, timers, and the messages sent through the
// transport (transport.js). No rules live here, nor any decision: the reducer makes
// them, the shell applies them. What only the screen holds (the trick as drawn, the
// cards chosen, the hint) is kept here, in `screen`.

import { t } from "./i18n.js";
import { store } from "./store.js";
import { api } from "./api.js";
import { find, findAll } from "./dom.js";
import { seatName } from "./model.js";
import { playedBy } from "./trick.js";
import { layoutHand } from "./hand.js";
import { inviteLink } from "./panels.js";
import { reviewSkipped, reviewsWanted } from "./review.js";
import { websocketTransport } from "./connection.js";
import { initialState, tableModel } from "./table-state.js";
import { reduce } from "./table-reduce.js";
import { buildPage, translatePage, showMuted, dialog } from "./table-page.js";
import * as draw from "./table-draw.js";
import * as sheets from "./table-sheets.js";
import { pageActions, waitingActions } from "./table-input.js";
import { signalTurn } from "./attention.js";

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./types.js").TableInfo} TableInfo */
/** @typedef {import("./types.js").Trick} Trick */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./model.js").TableModel} TableModel */
/** @typedef {import("./table-state.js").TableState} TableState */
/** @typedef {import("./table-state.js").Input} Input */
/** @typedef {import("./table-state.js").Effect} Effect */
/** @typedef {import("./table-state.js").Part} Part */
/** @typedef {import("./transport.js").Transport} Transport */
/** @typedef {import("./transport.js").TransportFactory} TransportFactory */

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
 * @property {(table: TableInfo | null) => void} [ended] the game has ended (kept as your last game)
 * @property {() => void} [quiet] an action went: a toast about the choice before it is stale
 * @property {(table: TableInfo | null) => void} [finished] the table opened was over already
 */

const MUTE_KEY = "crowsnest.mute";

/** How long a finished trick stays on the table when nothing is animated (ms). */
const HOLD_TRICK_MS = 1500;

/** How long a headline's banner stays over the table (ms), at every play speed. */
const BANNER_MS = 3000;

/** @param {number} ms */
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Game {
  /**
   * @param {HTMLElement} root the Play tab's panel
   * @param {Session} session
   * @param {GameHooks} hooks
   * @param {TransportFactory} [transport] what carries the table's messages
   */
  constructor(root, session, hooks, transport = websocketTransport) {
    this.root = root;
    this.hooks = hooks;
    this.makeTransport = transport;
    /** @type {Transport | null} */
    this.transport = null;
    /** @type {TableState} */
    this.state = initialState(session, store.get().settings, localStorage.getItem(MUTE_KEY) === "true");
    this.screen = draw.newScreen();
    this.pumping = false;
    this.stopped = false;
    /** Whether the state shown asks you to act: a turn is signalled (a sound, a
     * notification) once, when it begins, however many states come while it lasts
     * (the others' passes in Hearts). */
    this.yourTurn = false;
    /** @type {Map<string, ReturnType<typeof setTimeout>>} */
    this.timers = new Map();
    this.ticker = setInterval(() => draw.tick(this.root), 500);
    store.set({ session, table: null, seats: null, current: null });
    this.unsubscribe = store.subscribe((now, previous) => {
      if (now.settings !== previous.settings) this.dispatch({ type: "settings", settings: now.settings });
    });
    buildPage(root, pageActions(this), {
      watching: this.state.watching,
      muted: this.state.muted,
      cardSize: this.state.settings.cardSize,
    });
    // The hand is laid out again whenever its box changes: a window resize, a phone
    // turned, and the table shown again after a setting changed while it was hidden
    // (laid out then, it would have had no width at all).
    this.onResize = () => layoutHand(find(this.root, "#hand"));
    this.handObserver = new ResizeObserver(this.onResize);
    this.handObserver.observe(find(this.root, "#hand"));
  }

  // ---------- what the app and the tests read ----------

  /** The seat this browser holds. */
  get session() {
    return this.state.session;
  }

  /** The state on screen. */
  get current() {
    return this.state.current;
  }

  /** Your seat, or null for a spectator. */
  get mySeat() {
    return this.state.session.seat;
  }

  /** What the parts draw from now. */
  model() {
    return tableModel(this.state);
  }

  /**
   * A seat's name as the table shows it.
   * @param {number} seat
   */
  name(seat) {
    return seatName(this.model(), seat);
  }

  // ---------- the transport ----------

  start() {
    this.transport = this.makeTransport(this.state.session);
    this.transport.open({
      message: (msg) => this.dispatch(msg),
      status: (status) => this.dispatch({ type: "link", status }),
    });
  }

  stop() {
    this.stopped = true;
    clearInterval(this.ticker);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.handObserver.disconnect();
    this.unsubscribe();
    this.transport?.close();
    this.transport = null;
    this.state = { ...this.state, queue: [] };
    delete document.body.dataset.role;
    for (const d of findAll(this.root, "dialog[open]")) /** @type {HTMLDialogElement} */ (d).close();
  }

  /**
   * Hand an input to the reducer, keep the state it answers, carry out its effects.
   * @param {Input} input
   * @returns {Promise<void>} once every effect is carried out
   */
  dispatch(input) {
    if (this.stopped) return Promise.resolve(); // the table is closed: nothing more to draw
    const { state, effects } = reduce(this.state, input, performance.now());
    const before = this.state;
    this.state = state;
    if (state.session !== before.session || state.table !== before.table || state.seats !== before.seats || state.current !== before.current) {
      store.set({ session: state.session, table: state.table, seats: state.seats, current: state.current });
    }
    return this.run(effects);
  }

  /**
   * Carry out effects in order, waiting for those that take time (the others are
   * carried out at once, in the same turn as the input).
   * @param {Effect[]} effects
   */
  async run(effects) {
    for (const effect of effects) {
      if (this.stopped) return;
      const pending = this.apply(effect);
      if (pending instanceof Promise) await pending;
    }
  }

  /**
   * @param {Effect} e
   * @returns {Promise<unknown> | void}
   */
  apply(e) {
    switch (e.type) {
      case "render":
        return this.render(e.parts);
      case "toast":
        return this.hooks.toast(t(e.words.key, e.words.args));
      case "announce":
        return this.hooks.announce(e.text);
      case "timed_out":
        return draw.drawTimedOut(this.root, e.text);
      case "banner":
        return this.banner(e.text);
      case "send":
        if (this.transport?.send(e.message)) {
          if (e.left) this.hooks.left?.();
        } else if (e.failed) this.dispatch(e.failed);
        return;
      case "timer":
        this.cancel(e.name);
        this.timers.set(
          e.name,
          setTimeout(() => {
            this.timers.delete(e.name);
            this.dispatch(e.then);
          }, e.ms),
        );
        return;
      case "cancel":
        return this.cancel(e.name);
      case "offer":
        return this.offer(e.text);
      case "lost":
        return this.hooks.lost(e.code);
      case "pump":
        return void this.pump();
      case "acting":
        if (e.on) this.screen.hint = null;
        if (e.on) this.hooks.quiet?.();
        return draw.drawActing(this.root, e.on);
      case "mute":
        localStorage.setItem(MUTE_KEY, String(e.on));
        return showMuted(this.root, e.on);
      case "review_choice":
        return this.reviewChoice();
      case "load_review":
        return void sheets.loadReview(this.root, this.session, e.hand, this.current?.view.bird ?? null);
      case "review_skipped":
        return void sheets.reviewSlot(this.root, e.hand)?.replaceChildren(reviewSkipped());
      case "fly":
        return this.fly(e.seat, e.card, e.ms, e.mine);
      case "trick":
        return this.trick(e.trick, e.ms);
      case "summary": {
        const m = this.model();
        const done = sheets.showSummary(this.root, m, e.end, this.state.nestCards, e);
        if (e.review) void sheets.loadReview(this.root, this.session, e.end.hand_number, m.msg?.view.bird ?? null);
        if (e.turn) this.summaryTurn();
        return done;
      }
      case "summary_turn":
        return this.summaryTurn();
      case "finished":
        this.hooks.ended?.(this.state.table);
        return this.hooks.finished?.(this.state.table);
      case "game_over":
        this.hooks.ended?.(this.state.table);
        return sheets.showGameOver(this.root, this.model(), {
          leave: () => this.hooks.leave(),
          rematch: () => this.hooks.rematch?.(this.state.table),
          settings: () => this.hooks.toSettings?.(),
        });
      case "pause":
        return wait(e.ms);
    }
  }

  /** @param {string} name */
  cancel(name) {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  /**
   * Show the queued states in order, each with its animations; then auto-play.
   */
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.state.queue.length) {
        await this.dispatch({ type: "next" });
        await this.dispatch({ type: "shown" });
      }
    } catch (err) {
      console.error(err);
    } finally {
      this.pumping = false;
    }
    await this.dispatch({ type: "idle" });
  }

  // ---------- drawing ----------

  /** @param {Part[]} parts */
  render(parts) {
    const m = this.model();
    for (const part of parts) {
      if (part === "table") {
        find(this.root, ".game").dataset.size = m.settings.cardSize;
        draw.drawTable(this.root, m, this.screen, this.session.tableId);
        draw.drawActing(this.root, this.state.acting);
        this.renderWaiting(m);
        const yours = !m.watching && m.legal.length > 0;
        signalTurn(yours, yours && !this.yourTurn, m.settings);
        this.yourTurn = yours;
      } else if (part === "seats") draw.drawSeats(this.root, m);
      else if (part === "waiting") this.renderWaiting(m);
      else if (part === "moves") draw.drawMoves(this.root, this.state.moves);
      else if (part === "link") draw.drawLink(this.root, this.state.link, Boolean(this.state.session.offline));
      else if (part === "trick") draw.drawTrick(this.root, m, this.screen);
    }
  }

  /**
   * The summary open over the next hand says it is this seat's turn there, and the
   * turn is signalled now (title, sound, notification as Settings say), not again
   * when the summary is closed.
   */
  summaryTurn() {
    if (!sheets.summaryTurn(this.root)) return;
    signalTurn(true, !this.yourTurn, this.model().settings);
    this.yourTurn = true;
  }

  /** @param {TableModel} m */
  renderWaiting(m) {
    const link = m.watching ? "" : inviteLink(this.session);
    draw.drawWaiting(this.root, m, link, waitingActions(this, link));
  }

  /**
   * A headline, over the table for a few seconds whatever the play speed.
   * @param {string} text
   */
  banner(text) {
    const banner = find(this.root, "#banner");
    banner.textContent = text;
    banner.hidden = false;
    this.cancel("banner");
    this.timers.set(
      "banner",
      setTimeout(() => {
        banner.hidden = true;
      }, BANNER_MS),
    );
  }

  /**
   * Your partner's resign proposal, asked until it lapses; null closes it.
   * @param {string | null} text
   */
  offer(text) {
    const d = dialog(this.root, "resign-offer");
    if (text === null) {
      if (d.open) d.close();
      return;
    }
    find(this.root, "#resign-offer-title").textContent = text;
    if (!d.open) d.showModal();
  }

  /** Re-render everything in the current language. */
  relabel() {
    translatePage(this.root, this.state.muted);
    this.render(this.current ? ["table"] : ["waiting"]);
  }

  // ---------- the trick as drawn ----------

  /**
   * A card played flies in (the finished trick kept on the table goes first).
   * @param {number} seat
   * @param {string} card
   * @param {number} ms
   * @param {boolean} mine
   */
  fly(seat, card, ms, mine) {
    if (this.screen.held) this.releaseTrick();
    return draw.playCard(this.root, this.model(), this.screen, { seat, card, ms, mine });
  }

  /**
   * A finished trick: swept to its winner, or (no animations) kept on the table to be
   * read until the next card or a short pause.
   * @param {Trick} trick
   * @param {number} ms
   */
  async trick(trick, ms) {
    await draw.finishTrick(this.root, this.model(), this.screen, trick, ms);
    if (!this.screen.held) return;
    this.cancel("held");
    this.timers.set(
      "held",
      setTimeout(() => this.releaseTrick(), HOLD_TRICK_MS),
    );
  }

  /** The finished trick kept on the table leaves it. */
  releaseTrick() {
    this.cancel("held");
    if (!this.screen.held) return;
    this.screen.held = null;
    const view = this.current?.view;
    this.screen.trick = view ? playedBy(view.trick, view.leader) : [];
    this.render(["trick"]);
  }

  // ---------- what you do ----------

  /**
   * Send an action text as the answer to the state on screen.
   * @param {string} action
   */
  send(action) {
    this.dispatch({ type: "act", action });
  }

  /**
   * Say something to the table (chat, back, leave, resign...).
   * @param {ClientMessage} message
   * @param {boolean} [left] it is leaving: once sent, the seat is no longer yours
   */
  say(message, left = false) {
    this.dispatch(left ? { type: "say", message, left } : { type: "say", message });
  }

  /** Tell the server whether Settings want this seat's hands reviewed. */
  reviewChoice() {
    const { tableId, token } = this.session;
    if (this.state.watching || !token) return;
    api.setReview(tableId, token, reviewsWanted()).catch(() => {});
  }
}

// @ts-check
// One websocket per seat (docs/protocol.md), or a spectator's: says hello, passes each
// message to its handler, pings, and reconnects with back-off after a lost connection
// (not after "replaced", code 4000: the seat connected again elsewhere).

/** @typedef {import("./types.js").StateMessage} StateMessage */
/** @typedef {import("./types.js").WelcomeMessage} WelcomeMessage */
/** @typedef {import("./types.js").PresenceMessage} PresenceMessage */
/** @typedef {import("./types.js").ErrorMessage} ErrorMessage */
/** @typedef {{type: "review_ready", hand_number: number}} ReviewReadyMessage */
/** @typedef {{type: "review_skipped", hand_number: number, reason: string}} ReviewSkippedMessage */
/** @typedef {{type: "bot_trouble", seat: number, seq: number, bot: string, instead: string}} BotTroubleMessage */
/** @typedef {"connecting" | "open" | "lost" | "replaced"} ConnectionStatus */

/**
 * @typedef {object} ConnectionHandlers
 * @property {(msg: WelcomeMessage) => void} onWelcome
 * @property {(msg: StateMessage) => void} onState
 * @property {(msg: PresenceMessage) => void} onPresence
 * @property {(msg: ErrorMessage) => void} onError
 * @property {(status: ConnectionStatus) => void} onConnection
 * @property {(msg: import("./types.js").ChatMessage) => void} [onChat] a quick message
 * @property {(msg: ReviewReadyMessage) => void} [onReviewReady] a hand's review of this seat is stored
 * @property {(msg: import("./types.js").ResignNews) => void} [onResign] a resign proposal's news
 * @property {(msg: ReviewSkippedMessage) => void} [onReviewSkipped] no review of a hand will come
 * @property {(msg: BotTroubleMessage) => void} [onBotTrouble] a bot could not decide: a lesser one did
 */

/** The longest wait before reconnecting, and the first (doubled at each failure). */
const MAX_DELAY_MS = 5000;
const FIRST_DELAY_MS = 300;
const PING_MS = 25000;
const CLOSE_REPLACED = 4000;

/**
 * How long to wait before reconnecting after `retry` failed attempts.
 * @param {number} retry
 */
export function backoff(retry) {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** retry);
}

/**
 * How long to wait before reconnecting: the server's `retry_after` (seconds) when it
 * said the table is unavailable for now (it moves to another server), else `backoff`.
 * @param {number} retry
 * @param {number | null} retryAfter
 */
export function reconnectDelay(retry, retryAfter) {
  if (retryAfter != null && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return Math.min(MAX_DELAY_MS, retryAfter * 1000);
  }
  return backoff(retry);
}

export class Connection {
  /**
   * @param {string} tableId
   * @param {string | null} token a seat's token, or null to watch
   * @param {ConnectionHandlers} handlers
   * @param {string | null} [invite] a private table's invite, to watch it
   */
  constructor(tableId, token, handlers, invite = null) {
    this.tableId = tableId;
    this.token = token;
    this.invite = invite;
    this.handlers = handlers;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    /** @type {number | null} the `retry_after` of the last `table_unavailable` */
    this.retryAfter = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pinger = undefined;
  }

  open() {
    this.closed = false;
    this.handlers.onConnection("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      /** @type {{type: "hello", version: 3, token?: string, invite?: string}} */
      const hello = { type: "hello", version: 3 };
      if (this.token) hello.token = this.token;
      else if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
      this.handlers.onConnection("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg?.type === "welcome") this.handlers.onWelcome(msg);
      else if (msg?.type === "state") this.handlers.onState(msg);
      else if (msg?.type === "presence") this.handlers.onPresence(msg);
      else if (msg?.type === "error") {
        if (msg.code === "table_unavailable") this.retryAfter = Number(msg.args?.retry_after ?? 1);
        this.handlers.onError(msg);
      } else if (msg?.type === "chat") this.handlers.onChat?.(msg);
      else if (msg?.type === "review_ready") this.handlers.onReviewReady?.(msg);
      else if (msg?.type === "resign") this.handlers.onResign?.(msg);
      else if (msg?.type === "review_skipped") this.handlers.onReviewSkipped?.(msg);
      else if (msg?.type === "bot_trouble") this.handlers.onBotTrouble?.(msg);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.closed) return;
      if (event.code === CLOSE_REPLACED) {
        this.handlers.onConnection("replaced");
        return;
      }
      this.handlers.onConnection("lost");
      const delay = reconnectDelay(this.retry, this.retryAfter);
      this.retryAfter = null;
      this.retry += 1;
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  /**
   * Send a message if the connection is open; false if it is not.
   * @param {object} msg
   */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /**
   * Answer the state `seq` with an action text.
   * @param {number} seq
   * @param {string} action
   */
  act(seq, action) {
    return this.send({ type: "action", seq, action });
  }

  /**
   * A quick message or reaction, by its key (docs/protocol.md, "Quick chat").
   * @param {string} key
   */
  chat(key) {
    return this.send({ type: "chat", key });
  }

  /** "I'm back": take the seat back from the bot that kept it. */
  back() {
    return this.send({ type: "back" });
  }

  /** Leave the table (during play: the bot plays the seat for good). */
  leave() {
    return this.send({ type: "leave" });
  }

  /** Rook: propose that your team resigns (alone, with a bot partner: resign). */
  resign() {
    return this.send({ type: "resign" });
  }

  /**
   * Answer your partner's resign proposal (or withdraw your own: `false`).
   * @param {boolean} accept
   */
  resignAnswer(accept) {
    return this.send({ type: "resign_answer", accept });
  }

  /** Ask for the current state again. */
  sync() {
    return this.send({ type: "sync" });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}

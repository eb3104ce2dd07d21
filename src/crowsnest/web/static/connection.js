// @ts-check
// The websocket transport (transport.js): one websocket per seat (docs/protocol.md),
// or a spectator's. It says hello, hands over each message, pings, and reconnects
// with back-off after a lost connection (not after "replaced", code 4000: the seat
// connected again elsewhere).

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./wire.js").HelloMessage} HelloMessage */
/** @typedef {import("./transport.js").Transport} Transport */
/** @typedef {import("./transport.js").TransportHandlers} TransportHandlers */
/** @typedef {import("./transport.js").TransportFactory} TransportFactory */

/** The protocol version this client speaks. */
const VERSION = 3;

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

/** @implements {Transport} */
export class WebSocketTransport {
  /**
   * @param {string} tableId
   * @param {string | null} token a seat's token, or null to watch
   * @param {string | null} [invite] a private table's invite, to watch it
   */
  constructor(tableId, token, invite = null) {
    this.tableId = tableId;
    this.token = token;
    this.invite = invite;
    /** @type {TransportHandlers | null} */
    this.handlers = null;
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

  /** @param {TransportHandlers} handlers */
  open(handlers) {
    this.handlers = handlers;
    this.closed = false;
    this.connect();
  }

  connect() {
    const handlers = /** @type {TransportHandlers} */ (this.handlers);
    handlers.status("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      /** @type {HelloMessage} */
      const hello = { type: "hello", version: VERSION };
      if (this.token) hello.token = this.token;
      else if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
      handlers.status("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      /** @type {ServerMessage} */
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!msg || typeof msg !== "object" || typeof msg.type !== "string") return;
      if (msg.type === "error" && msg.code === "table_unavailable") this.retryAfter = Number(msg.args?.retry_after ?? 1);
      handlers.message(msg);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.closed) return;
      if (event.code === CLOSE_REPLACED) {
        handlers.status("replaced");
        return;
      }
      handlers.status("lost");
      const delay = reconnectDelay(this.retry, this.retryAfter);
      this.retryAfter = null;
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  /**
   * Send a message if the connection is open; false if it is not.
   * @param {ClientMessage} msg
   */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}

/**
 * The websocket of a table: a seat's (its token), or a spectator's (with a private
 * table's invite).
 * @type {TransportFactory}
 */
export const websocketTransport = (session) =>
  new WebSocketTransport(session.tableId, session.token, session.watch ? session.invite : null);

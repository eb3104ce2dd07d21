// The server protocol (docs/protocol.md): the HTTP API and one websocket per seat.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, { body, token, query } = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v != null) url.searchParams.set(k, v);
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* empty body */
  }
  if (!response.ok) {
    const e = data?.error ?? {};
    throw new ApiError(e.code ?? "internal_error", e.message ?? response.statusText, response.status);
  }
  return data;
}

export const api = {
  rules: () => request("GET", "/api/rules"),
  tables: () => request("GET", "/api/tables"),
  createTable: (body) => request("POST", "/api/tables", { body }),
  table: (id, invite) => request("GET", `/api/tables/${encodeURIComponent(id)}`, { query: { invite } }),
  join: (id, name, invite) =>
    request("POST", `/api/tables/${encodeURIComponent(id)}/join`, {
      body: invite ? { name, invite } : { name },
    }),
  fill: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/fill`, { token, body: {} }),
  hint: (id, token) => request("GET", `/api/tables/${encodeURIComponent(id)}/hint`, { token }),
};

/**
 * One seat's websocket, or a spectator's (no token; a private table's invite). Calls handlers.onWelcome(msg), onState(msg), onPresence(msg),
 * onError(msg), onConnection(status) with status "connecting" | "open" | "lost" | "replaced".
 * Reconnects with backoff after a lost connection (not after "replaced").
 */
export class Connection {
  constructor(tableId, token, handlers, invite = null) {
    this.tableId = tableId;
    this.token = token;
    this.invite = invite;
    this.handlers = handlers;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.timer = null;
    this.pinger = null;
  }

  open() {
    this.closed = false;
    this.handlers.onConnection?.("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      const hello = { type: "hello", version: 1 };
      if (this.token) hello.token = this.token;
      else if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
      this.handlers.onConnection?.("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      const fn = {
        welcome: this.handlers.onWelcome,
        state: this.handlers.onState,
        presence: this.handlers.onPresence,
        error: this.handlers.onError,
      }[msg.type];
      fn?.(msg);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      if (this.closed) return;
      if (event.code === 4000) {
        this.handlers.onConnection?.("replaced");
        return;
      }
      this.handlers.onConnection?.("lost");
      const delay = Math.min(5000, 300 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  act(seq, action) {
    return this.send({ type: "action", seq, action });
  }

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

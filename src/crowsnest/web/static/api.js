// @ts-check
// Every HTTP call of the client (docs/protocol.md, docs/web.md): JSON in, JSON out. A
// refusal is thrown as an ApiError with the server's `{error: {code, message, args}}`.
// The websocket is in connection.js.

/** @typedef {import("./types.js").RuleSet} RuleSet */
/** @typedef {import("./types.js").TableInfo} TableInfo */

export class ApiError extends Error {
  /**
   * @param {string} code the server's stable code (`network` when no answer came)
   * @param {string} message for people, in English
   * @param {number} status the HTTP status (0: no answer)
   * @param {Record<string, unknown>} [args] what a translated message needs
   */
  constructor(code, message, status, args = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.args = args;
    /** @type {string | null} the Retry-After header of a refusal, if any */
    this.retryAfter = null;
  }
}

/**
 * The code of an error: the server's for an ApiError, else its text.
 * @param {unknown} err
 */
export function errorCode(err) {
  return err instanceof ApiError ? err.code : String(err);
}

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [body] sent as JSON
 * @property {string | null} [token] a seat token, sent as `Authorization: Bearer`
 * @property {Record<string, string | number | boolean | null | undefined>} [query]
 * @property {RequestCache} [cache]
 */

/** Times a request refused with `table_unavailable` is sent again (after its Retry-After). */
export const UNAVAILABLE_RETRIES = 3;

/**
 * Milliseconds to wait before sending again a request refused with a Retry-After
 * header (seconds), at most 5 s; 1 s when the header is missing or unreadable.
 * @param {string | null} header
 */
export function retryAfterMs(header) {
  const seconds = header == null || header.trim() === "" ? NaN : Number(header);
  return Math.min(5000, Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000);
}

/**
 * A request to the server (see `send`); a table that is moving to another server
 * (503 `table_unavailable`) is asked again after the Retry-After it gave.
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
export async function request(method, path, options = {}) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(method, path, options);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== "table_unavailable" || attempt >= UNAVAILABLE_RETRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(err.retryAfter)));
    }
  }
}

/**
 * One request to the server.
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
async function send(method, path, { body, token, query, cache } = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v != null) url.searchParams.set(k, String(v));
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      cache: cache ?? "default",
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
    const err = new ApiError(e.code ?? "internal_error", e.message ?? response.statusText, response.status, e.args ?? {});
    err.retryAfter = response.headers.get("Retry-After");
    throw err;
  }
  return data;
}

/** @param {string} id */
const tablePath = (id) => `/api/tables/${encodeURIComponent(id)}`;

/**
 * A rule set id in a path: `rook/crowsnest` keeps its slash.
 * @param {string} id
 */
const rulesPath = (id) => `/api/rules/${id.split("/").map(encodeURIComponent).join("/")}`;

export const api = {
  /** @returns {Promise<{languages: string[], rtl: string[]}>} the client's languages, English first */
  languages: () => request("GET", "/i18n/languages.json"),
  /**
   * A language's translation catalog.
   * @param {string} lang
   * @returns {Promise<Record<string, unknown>>}
   */
  catalog: (lang) => request("GET", `/i18n/${encodeURIComponent(lang)}.json`, { cache: "no-cache" }),
  /** @returns {Promise<RuleSet[]>} */
  rules: () => request("GET", "/api/rules"),
  /** @returns {Promise<import("./offers.js").ClientConfig>} the levels, timers and chat keys to offer */
  client: () => request("GET", "/api/client"),
  /**
   * The rules of a rule set as catalog keys and arguments, with these options.
   * @param {string} id
   * @param {Record<string, string | number | boolean>} options
   * @returns {Promise<import("./info.js").Section[]>}
   */
  ruleInfo: (id, options) => request("GET", `${rulesPath(id)}/info`, { query: options }),
  /** @returns {Promise<TableInfo[]>} */
  tables: () => request("GET", "/api/tables"),
  /**
   * @param {object} body the new table: rules, options, level, bot_delay, seats, public
   * @returns {Promise<{table: TableInfo, invite: string | null}>}
   */
  createTable: (body) => request("POST", "/api/tables", { body }),
  /**
   * @param {string} id
   * @param {string | null} [invite]
   * @returns {Promise<TableInfo>}
   */
  table: (id, invite) => request("GET", tablePath(id), { query: { invite } }),
  /**
   * Claim a free seat.
   * @param {string} id
   * @param {string} name
   * @param {string | null} [invite]
   * @param {number | null} [seat] a free seat of your choice (default: the first free one)
   * @returns {Promise<{token: string, seat: number}>}
   */
  join: (id, name, invite, seat) =>
    request("POST", `${tablePath(id)}/join`, { body: { name, ...(invite ? { invite } : {}), ...(seat != null ? { seat } : {}) } }),
  /**
   * Move to a free seat while the table waits (a seat token of the table).
   * @param {string} id
   * @param {string | null} token
   * @param {number} seat
   * @returns {Promise<TableInfo>}
   */
  move: (id, token, seat) => request("POST", `${tablePath(id)}/move`, { token, body: { seat } }),
  /**
   * Hand the free seats to bots (a seat token of the table).
   * @param {string} id
   * @param {string | null} token
   * @returns {Promise<TableInfo>}
   */
  fill: (id, token) => request("POST", `${tablePath(id)}/fill`, { token, body: {} }),
  /**
   * The bot's advice for this seat.
   * @param {string} id
   * @param {string | null} token
   * @returns {Promise<{action: string}>}
   */
  hint: (id, token) => request("GET", `${tablePath(id)}/hint`, { token }),
  /**
   * A finished game replayed, step by step (a private table: its invite or a seat token).
   * @param {string} id
   * @param {{token: string | null, invite: string | null}} access
   * @returns {Promise<import("./replay.js").Replay>}
   */
  replay: (id, { token, invite }) => request("GET", `${tablePath(id)}/replay`, { token, query: { invite } }),
  /**
   * Stored hand reviews (docs/protocol.md, "Hand reviews"): a seat's own with its
   * token while the game runs; every human seat's once it is over.
   * @param {string} id
   * @param {{token: string | null, invite: string | null, hand?: number}} access
   * @returns {Promise<import("./review.js").Reviews>}
   */
  review: (id, { token, invite, hand }) =>
    request("GET", `${tablePath(id)}/review`, { token, query: { invite, hand } }),
  /**
   * Whether the server reviews this seat's hands (Settings, "Review my decisions").
   * @param {string} id
   * @param {string} token
   * @param {boolean} on
   * @returns {Promise<{table_id: string, seat: number, on: boolean}>}
   */
  setReview: (id, token, on) => request("PUT", `${tablePath(id)}/review`, { token, body: { on } }),
  /**
   * A finished game's fair-deal check: the revealed secret against the commitment
   * published before the first card, the deals against those it gives.
   * @param {string} id
   * @param {{token: string | null, invite: string | null}} access
   * @returns {Promise<{verified: boolean, problems: string[], commitment: string | null, seed_chosen: boolean, deals: number}>}
   */
  verify: (id, { token, invite }) => request("GET", `${tablePath(id)}/verify`, { token, query: { invite } }),
  /**
   * A finished game's record (with its revealed deal secret), to check in the browser.
   * @param {string} id
   * @param {{token: string | null, invite: string | null}} access
   * @returns {Promise<Parameters<typeof import("./fairness.js").checkDeals>[0]>}
   */
  record: (id, { token, invite }) => request("GET", `${tablePath(id)}/record`, { token, query: { invite } }),
  // -- players, ratings and accounts --
  /** @returns {Promise<import("./history.js").Me>} your own profile (and your identity's cookie on a first visit) */
  me: () => request("GET", "/api/me", { cache: "no-store" }),
  /**
   * @param {string} id a player's public id
   * @returns {Promise<import("./history.js").Profile>}
   */
  player: (id) => request("GET", `/api/players/${encodeURIComponent(id)}`, { cache: "no-store" }),
  /**
   * @param {string} id
   * @param {number} limit
   * @param {number} offset
   * @returns {Promise<import("./history.js").GamesPage>}
   */
  playerGames: (id, limit, offset) =>
    request("GET", `/api/players/${encodeURIComponent(id)}/games`, { query: { limit, offset }, cache: "no-store" }),
  /**
   * @param {string} id
   * @param {string} family
   * @returns {Promise<import("./history.js").RatingHistory>}
   */
  ratingHistory: (id, family) =>
    request("GET", `/api/players/${encodeURIComponent(id)}/ratings/${encodeURIComponent(family)}`, { cache: "no-store" }),
  /**
   * @param {string} username
   * @param {string} password
   * @returns {Promise<import("./history.js").Me>}
   */
  signUp: (username, password) => request("POST", "/api/account/signup", { body: { username, password } }),
  /**
   * @param {string} username
   * @param {string} password
   * @returns {Promise<import("./history.js").Me>}
   */
  signIn: (username, password) => request("POST", "/api/account/signin", { body: { username, password } }),
  /** @returns {Promise<void>} */
  signOut: () => request("POST", "/api/account/signout"),
  /**
   * A finished offline game sent to your History as a practice game.
   * @param {import("./wire.js").PracticeGame} game
   * @returns {Promise<import("./wire.js").PracticeStored>}
   */
  practice: (game) => request("POST", "/api/practice", { body: game }),
};

// @ts-check
// The client's state in one place: the settings, the seat this browser holds (token
// included), the table and its seats, and the state message on screen. Parts read it
// and subscribe to it; only the owner of a field writes it (app.js the session,
// game.js the table and the state, settings.js the settings).

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./types.js").TableInfo} TableInfo */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").StateMessage} StateMessage */

/**
 * The settings, kept in localStorage (`crowsnest.settings`).
 * @typedef {object} Settings
 * @property {string} name
 * @property {string} rules the rule set of a new game
 * @property {Record<string, Record<string, unknown>>} options chosen options per rule set
 * @property {string} level the bots' level; "" (or one the server no longer offers): its default
 * @property {string} speed slow | normal | fast | instant
 * @property {string} cardSize small | medium | large
 * @property {string} deckStyle classic | four-colour | large-index | colour-blind
 * @property {boolean} hints
 * @property {boolean} autoPlay play the only legal card without asking (on by default for
 *   a new player; a choice kept from an earlier visit stays)
 * @property {boolean} [reviews] review my decisions after each hand (default true)
 * @property {boolean} sound a short sound when it is your turn (off by default)
 * @property {boolean} notify a notification when it is your turn and the page is in the
 *   background (off by default; the browser asks the player's permission)
 * @property {boolean} [offline] play new solo games in this browser, with no server (offline/)
 */

/**
 * @typedef {object} ClientState
 * @property {Settings} settings
 * @property {Session | null} session the seat (or the spectator's place) at the open table
 * @property {TableInfo | null} table the open table, as `welcome` described it
 * @property {SeatInfo[] | null} seats its seats, as the last `presence` said
 * @property {StateMessage | null} current the state message on screen
 */

/** @template S */
export class Store {
  /** @param {S} initial */
  constructor(initial) {
    this.state = initial;
    /** @type {Set<(state: S, previous: S) => void>} */
    this.listeners = new Set();
  }

  /** @returns {S} */
  get() {
    return this.state;
  }

  /**
   * Change some fields, then tell every subscriber (the new state and the previous).
   * @param {Partial<S>} patch
   */
  set(patch) {
    const previous = this.state;
    this.state = { ...previous, ...patch };
    for (const fn of [...this.listeners]) fn(this.state, previous);
  }

  /**
   * Call fn after every change; returns a function that unsubscribes.
   * @param {(state: S, previous: S) => void} fn
   */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }
}

const SETTINGS_KEY = "crowsnest.settings";

/** @type {Settings} */
export const DEFAULT_SETTINGS = {
  name: "",
  rules: "rook/crowsnest",
  options: {},
  level: "",
  speed: "normal",
  cardSize: "medium",
  deckStyle: "classic",
  hints: true,
  autoPlay: true,
  reviews: true,
  sound: false,
  notify: false,
  offline: false,
};

/**
 * The values each setting of the client's own with a fixed set of choices may take
 * (the bots' levels are the server's: offers.js).
 */
export const SETTING_CHOICES = {
  speed: ["slow", "normal", "fast", "instant"],
  cardSize: ["small", "medium", "large"],
  deckStyle: ["classic", "four-colour", "large-index", "colour-blind"],
};

/**
 * Settings as stored (by an older version, or edited by hand) made safe: a value of
 * the wrong type, or not among its choices, is replaced by its default.
 * @param {unknown} saved
 * @returns {Settings}
 */
export function cleanSettings(saved) {
  const stored = saved && typeof saved === "object" ? /** @type {Record<string, unknown>} */ (saved) : {};
  /** @type {Record<string, unknown>} */
  const out = { ...DEFAULT_SETTINGS };
  const choices = /** @type {Record<string, string[] | undefined>} */ (SETTING_CHOICES);
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = stored[key];
    if (key === "options" || typeof value !== typeof fallback) continue;
    if (choices[key] && !choices[key].includes(String(value))) continue;
    out[key] = value;
  }
  const options = stored.options;
  /** @type {Record<string, Record<string, unknown>>} */
  const kept = {};
  if (options && typeof options === "object" && !Array.isArray(options)) {
    for (const [rules, values] of Object.entries(options)) {
      if (values && typeof values === "object" && !Array.isArray(values)) kept[rules] = { ...values };
    }
  }
  out.options = kept;
  return /** @type {Settings} */ (out);
}

/** @returns {Settings} the stored settings over the defaults */
function loadSettings() {
  try {
    return cleanSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}"));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* storage blocked */
  }
}

/** @type {Store<ClientState>} */
export const store = new Store({
  settings: loadSettings(),
  session: /** @type {Session | null} */ (null),
  table: /** @type {TableInfo | null} */ (null),
  seats: /** @type {SeatInfo[] | null} */ (null),
  current: /** @type {StateMessage | null} */ (null),
});

// ---------- the seats this browser holds, per table (localStorage) ----------

const SESSIONS_KEY = "crowsnest.sessions";
const CURRENT_KEY = "crowsnest.current";
/** How many tables' seat tokens are kept (the most recent). */
const KEPT_SESSIONS = 20;

/** @returns {Record<string, Session>} every seat kept, by table id */
export function savedSessions() {
  try {
    return JSON.parse(localStorage.getItem(SESSIONS_KEY) || "{}");
  } catch {
    return {};
  }
}

/**
 * Keep a seat (and make its table the one to resume).
 * @param {Session} session
 */
export function saveSession(session) {
  const all = savedSessions();
  all[session.tableId] = { ...session, at: Date.now() };
  const ids = Object.keys(all).sort((a, b) => (all[b].at ?? 0) - (all[a].at ?? 0));
  for (const id of ids.slice(KEPT_SESSIONS)) delete all[id];
  try {
    localStorage.setItem(SESSIONS_KEY, JSON.stringify(all));
    localStorage.setItem(CURRENT_KEY, session.tableId);
  } catch {
    /* storage blocked */
  }
}

/**
 * Forget the seat at a table (it is gone).
 * @param {string} tableId
 */
export function dropSession(tableId) {
  const all = savedSessions();
  delete all[tableId];
  try {
    localStorage.setItem(SESSIONS_KEY, JSON.stringify(all));
    if (localStorage.getItem(CURRENT_KEY) === tableId) localStorage.removeItem(CURRENT_KEY);
  } catch {
    /* storage blocked */
  }
}

/** @returns {string | null} the table to resume on load */
export function currentTableId() {
  try {
    return localStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
}

/** No table to resume on load. */
export function forgetCurrentTable() {
  try {
    localStorage.removeItem(CURRENT_KEY);
  } catch {
    /* storage blocked */
  }
}

// ---------- your last game, once it is over (localStorage) ----------

const LAST_KEY = "crowsnest.last";

/**
 * The game you played last, once over: the lobby offers its rematch and replay.
 * @returns {{tableId: string, table: TableInfo} | null}
 */
export function lastGame() {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_KEY) || "null");
    return kept && typeof kept.tableId === "string" && kept.table ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Keep the game that ended as your last one (`null`: forget it).
 * @param {{tableId: string, table: TableInfo} | null} game
 */
export function keepLastGame(game) {
  try {
    if (game) localStorage.setItem(LAST_KEY, JSON.stringify(game));
    else localStorage.removeItem(LAST_KEY);
  } catch {
    /* storage blocked */
  }
}

// ---------- cards chosen so far for a pass or discard (sessionStorage) ----------

const CHOICE_KEY = "crowsnest.choice";

/**
 * The cards chosen so far for a choice at a table, as kept for a reload of the page.
 * `choice` names the hand and what is chosen (`3:pass`), so an old choice never returns.
 * @param {string} tableId
 * @param {string} choice
 * @returns {string[]}
 */
export function savedChoice(tableId, choice) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CHOICE_KEY) || "null");
    if (kept && kept.table === tableId && kept.choice === choice && Array.isArray(kept.cards)) {
      return kept.cards.filter((/** @type {unknown} */ c) => typeof c === "string");
    }
  } catch {
    /* storage blocked or spoiled: nothing kept */
  }
  return [];
}

/**
 * Keep the cards chosen so far (only the latest choice of this tab is kept).
 * @param {string} tableId
 * @param {string} choice
 * @param {string[]} cards
 */
export function saveChoice(tableId, choice, cards) {
  try {
    sessionStorage.setItem(CHOICE_KEY, JSON.stringify({ table: tableId, choice, cards }));
  } catch {
    /* storage blocked */
  }
}

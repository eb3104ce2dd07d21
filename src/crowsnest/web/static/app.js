// @ts-check
// The app shell: tabs, settings, starting and resuming games, language.

import {
  setLanguage,
  preferredLanguage,
  onLanguageChange,
  translateDom,
  t,
  currentLanguage,
  loadLanguages,
} from "./i18n.js";
import { settings, onSettingsChange, renderSettings, chosenOptions, playerName, botDelay } from "./settings.js";
import { api, ApiError } from "./api.js";
import { offlineTransport, newOfflineGame, isOfflineTable, loadOfflineGame } from "./offline/transport.js";
import { websocketTransport } from "./connection.js";
import { registerServiceWorker } from "./offline/pwa.js";
import { store, savedSessions, saveSession, dropSession, currentTableId, forgetCurrentTable, lastGame, keepLastGame } from "./store.js";
import { Game } from "./game.js";
import { h, mount, find } from "./dom.js";
import { loadOffers, levelOf } from "./offers.js";
import * as lobby from "./lobby.js";

/** @typedef {import("./types.js").Session} Session */
/** @typedef {import("./types.js").RuleSet} RuleSet */
/** @typedef {import("./types.js").TableInfo} TableInfo */

/** @type {RuleSet[]} */
let ruleSets = [];
/** @type {Game | null} */
let game = null;
let activeTab = "play";

/** @param {string} selector */
const $ = (selector) => find(document, selector);

// ---------- feedback ----------

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/** @param {string} text */
function toast(text) {
  const el = $("#toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 4500);
}

/** @param {string} text */
function announce(text) {
  const el = $("#announcer");
  el.textContent = "";
  // a fresh text node makes screen readers speak even a repeated sentence
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

/** @param {unknown} err */
function errorText(err) {
  return t(`error.${err instanceof ApiError ? err.code : "internal_error"}`);
}

// ---------- tabs ----------

const TABS = ["play", "settings", "info", "history"];

/**
 * @param {string} name
 * @param {boolean} [focus]
 */
function showTab(name, focus = false) {
  activeTab = name;
  for (const tab of TABS) {
    const btn = $(`#tab-${tab}`);
    const on = tab === name;
    btn.setAttribute("aria-selected", String(on));
    btn.tabIndex = on ? 0 : -1;
    $(`#panel-${tab}`).hidden = !on;
  }
  if (focus) $(`#tab-${name}`).focus();
  renderTab(name);
}

/**
 * @param {string} name
 * @param {boolean} [relabelled] drawn again for a new language (Settings keeps what is
 *   being typed)
 */
async function renderTab(name, relabelled = false) {
  if (name === "settings") {
    const actions = {
      newGame: () => newGame(false),
      newPrivateGame: () => newGame(true),
      setLanguage: (/** @type {string} */ lang) => changeLanguage(lang),
    };
    renderSettings($("#panel-settings"), ruleSets, actions, relabelled);
  } else if (name === "info") {
    // At a table (playing or watching), the rules of that table with its options;
    // else those of the game Settings would start.
    const table = store.get().session ? store.get().table : null;
    const rulesId = table?.rules ?? settings().rules;
    const bird = ruleSets.find((r) => r.id === rulesId)?.bird ?? null;
    await renderOptional("info", async (panel) => {
      const info = await import("./info.js");
      await info.renderInfo(panel, rulesId, bird, table ? info.tableOptions(table.options) : null);
    });
  } else if (name === "history") {
    await renderOptional("history", async (panel) => (await import("./history.js")).renderHistory(panel));
  }
}

/**
 * Draw a tab whose module loads on demand; a failure leaves a notice, not a blank.
 * @param {string} tab
 * @param {(panel: HTMLElement) => Promise<void>} draw
 */
async function renderOptional(tab, draw) {
  const panel = $(`#panel-${tab}`);
  try {
    await draw(panel);
  } catch (err) {
    console.warn(`${tab}:`, err);
    mount(panel, h("div", { class: "paper" }, h("p", {}, t("app.unavailable"))));
  }
}

function wireTabs() {
  const list = $(".tabs");
  list.addEventListener("click", (e) => {
    const btn = /** @type {Element} */ (e.target).closest("[role=tab]");
    if (btn) showTab(btn.id.slice(4));
  });
  list.addEventListener("keydown", (e) => {
    const i = TABS.indexOf(activeTab);
    const rtl = document.documentElement.dir === "rtl";
    let next = null;
    if (e.key === "ArrowRight") next = i + (rtl ? -1 : 1);
    else if (e.key === "ArrowLeft") next = i + (rtl ? 1 : -1);
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = TABS.length - 1;
    if (next == null) return;
    e.preventDefault();
    showTab(TABS[(next + TABS.length) % TABS.length], true);
  });
}

// ---------- the play tab ----------

/** @type {import("./lobby.js").LobbyActions} */
const lobbyActions = {
  newGame: (friends, host = null) => newGame(friends, host),
  showTab: (tab) => showTab(tab, true),
  rematch: (table) => rematch(table),
  watch: (tableId, invite) => watchTable(tableId, invite),
  join: (tableId, invite, name, seat) => joinTable(tableId, invite, name, seat),
  refused: (err) => {
    toast(errorText(err));
    history.replaceState(null, "", "/");
    renderLobby();
  },
};

function renderLobby() {
  if (!game) lobby.renderLobby($("#panel-play"), lobbyActions);
}

/**
 * Put the table in the address bar, so a reload comes back to it.
 * @param {string} tableId
 * @param {string | null} invite
 * @param {boolean} watch
 */
function showInUrl(tableId, invite, watch) {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("table", tableId);
  if (invite) url.searchParams.set("invite", invite);
  if (watch) url.searchParams.set("watch", "1");
  history.replaceState(null, "", url);
}

/**
 * Follow a table as a spectator: no seat, no hand, nothing to do but watch.
 * @param {string} tableId
 * @param {string | null} invite
 */
function watchTable(tableId, invite) {
  game?.stop();
  showInUrl(tableId, invite, true);
  game = new Game($("#panel-play"), { tableId, token: null, seat: null, invite: invite ?? null, watch: true }, {
    toast,
    announce,
    leave: () => leaveGame(),
    lost: (code) => {
      toast(t(`error.${code}`));
      leaveGame();
    },
  });
  game.start();
  showTab("play");
}


/** @param {Session} session */
function startGame(session) {
  game?.stop();
  if (lastGame()?.tableId !== session.tableId) keepLastGame(null);
  saveSession(session);
  showInUrl(session.tableId, session.invite, false);
  const transport = session.offline ? offlineTransport : websocketTransport;
  game = new Game($("#panel-play"), session, {
    toast,
    announce,
    leave: () => leaveGame(),
    left: () => {
      toast(t("people.left"));
      dropSession(session.tableId);
      leaveGame();
    },
    rematch: (table) => rematch(table),
    quiet: () => {
      $("#toast").hidden = true;
    },
    ended: (table) => {
      if (table) keepLastGame({ tableId: session.tableId, table });
    },
    // Coming back to a game that was over already: the lobby, which offers it as
    // your last game (no dialog holds you at the table).
    finished: () => leaveGame(),
    toSettings: () => {
      leaveGame();
      showTab("settings", true);
    },
    lost: (code) => {
      toast(t(`error.${code}`));
      dropSession(session.tableId);
      leaveGame();
    },
  }, transport);
  game.start();
  showTab("play");
}

function leaveGame() {
  game?.stop();
  game = null;
  store.set({ session: null, table: null, seats: null, current: null });
  forgetCurrentTable();
  history.replaceState(null, "", "/");
  renderLobby();
}

/**
 * The name to sit under: the one chosen in Settings, else a signed-in player's
 * account name, else the language's "Player".
 * @returns {Promise<string>}
 */
async function seatName() {
  if ((settings().name || "").trim()) return playerName();
  try {
    const me = await api.me();
    if (me.username) return me.username;
  } catch {
    // no identity answer: the default name will do
  }
  return playerName();
}

/**
 * @param {object} body
 * @param {number | null} [seat]
 */
async function createAndJoin(body, seat = null) {
  const created = await api.createTable(body);
  const tableId = created.table.id;
  const joined = await api.join(tableId, await seatName(), created.invite ?? undefined, seat);
  startGame({ tableId, token: joined.token, seat: joined.seat, invite: created.invite ?? null });
}

/**
 * Start a game; a friends table first asks its host for a name, a seat and a timer.
 * @param {boolean} friends
 * @param {{seat: number | null, timer: string} | null} [host] what the host chose
 */
async function newGame(friends, host = null) {
  if (friends && !host) {
    game?.stop();
    game = null;
    showTab("play");
    return lobby.renderHostForm($("#panel-play"), lobbyActions);
  }
  const s = settings();
  const rs = ruleSets.find((r) => r.id === s.rules) ?? ruleSets[0];
  const body = {
    rules: rs.id,
    options: chosenOptions(rs),
    level: levelOf(s.level),
    bot_delay: botDelay(s.speed),
    seats: friends ? ["human", "human", "human", "human"] : ["human", "bot", "bot", "bot"],
    public: !friends,
    ...(host ? { timer: host.timer } : {}),
  };
  if (!friends && s.offline) return startOffline(body);
  try {
    await createAndJoin(body, host?.seat ?? null);
  } catch (err) {
    // A solo game the server cannot be reached for is played in this browser.
    if (!friends && unreachable(err)) {
      toast(t("offline.fallback"));
      return startOffline(body);
    }
    toast(errorText(err));
  }
}

/**
 * The server did not answer at all (no connection, or it is down): not a refusal.
 * @param {unknown} err
 */
function unreachable(err) {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504;
}

/**
 * A solo game in this browser (offline/): the engine and the bots in a Web Worker.
 * @param {{rules: string, options: Record<string, unknown>, level: string, bot_delay: number}} body
 */
function startOffline(body) {
  const level = ["easy", "normal", "hard"].includes(body.level) ? body.level : "normal";
  const config = newOfflineGame({ rules: body.rules, options: body.options, level, name: playerName(), bot_delay: body.bot_delay });
  startGame({ tableId: config.table_id, token: null, seat: 0, invite: null, offline: true });
}

/** @param {TableInfo | null} table */
async function rematch(table) {
  const s = settings();
  const friends = table && table.public === false;
  const body = {
    rules: table?.rules ?? s.rules,
    options: table?.options ?? {},
    level: table?.level ?? levelOf(s.level),
    bot_delay: botDelay(s.speed),
    seats: table?.seats?.map((x) => x.kind) ?? ["human", "bot", "bot", "bot"],
    public: !friends,
    ...(table?.timer ? { timer: table.timer } : {}),
  };
  if (table && isOfflineTable(table.id)) return startOffline(body);
  try {
    await createAndJoin(body);
  } catch (err) {
    toast(errorText(err));
  }
}

/**
 * @param {string} tableId
 * @param {string | null} invite
 * @param {string} name
 * @param {number | null} [seat]
 */
async function joinTable(tableId, invite, name, seat = null) {
  try {
    const joined = await api.join(tableId, name, invite ?? undefined, seat);
    startGame({ tableId, token: joined.token, seat: joined.seat, invite: invite ?? null });
  } catch (err) {
    toast(errorText(err));
    history.replaceState(null, "", "/");
    renderLobby();
  }
}

/** On load: resume the seat of the table in the URL (or the last one), or join it. */
function resume() {
  const params = new URLSearchParams(location.search);
  const tableId = params.get("table");
  const invite = params.get("invite");
  const all = savedSessions();
  if (tableId && params.get("watch")) return watchTable(tableId, invite);
  // A game started offline stays offline to its end (kept in this browser).
  if (tableId && isOfflineTable(tableId) && loadOfflineGame(tableId)) {
    return startGame({ tableId, token: null, seat: 0, invite: null, offline: true });
  }
  if (tableId) {
    if (all[tableId]) return startGame({ ...all[tableId], invite: all[tableId].invite ?? invite });
    return lobby.renderJoinForm($("#panel-play"), tableId, invite, lobbyActions);
  }
  const current = currentTableId();
  if (current && all[current]) return startGame(all[current]);
  renderLobby();
}

/** @param {string} lang */
async function changeLanguage(lang) {
  try {
    await setLanguage(lang);
  } catch (err) {
    toast(String(err));
  }
}

function relabel() {
  translateDom(document);
  document.title = t("app.title");
  if (game) game.relabel();
  else if (!document.querySelector("#join-form, #host-form, #full-table")) renderLobby();
  if (activeTab !== "play") renderTab(activeTab, true);
}

async function main() {
  wireTabs();
  onLanguageChange(relabel);
  onSettingsChange(() => {
    if (!game && document.querySelector("#new-game")) renderLobby();
  });
  try {
    await loadLanguages();
  } catch (err) {
    console.warn("languages:", err);
  }
  await setLanguage(preferredLanguage()).catch(() => setLanguage("en"));
  const [rules, offered] = await Promise.allSettled([api.rules(), loadOffers()]);
  if (rules.status === "fulfilled") ruleSets = rules.value;
  const failed = [rules, offered].find((r) => r.status === "rejected");
  if (failed) toast(errorText(failed.reason));
  document.body.dataset.ready = "true";
  void registerServiceWorker();
  resume();
  /** @type {{__crowsnest?: object}} */ (window).__crowsnest = {
    get game() {
      return game;
    },
    currentLanguage,
  };
}

main();

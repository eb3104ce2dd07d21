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
import { settings, updateSettings, onSettingsChange, renderSettings, chosenOptions, playerName, botDelay } from "./settings.js";
import { api, ApiError } from "./api.js";
import { offlineTransport, newOfflineGame, isOfflineTable, loadOfflineGame } from "./offline/transport.js";
import { websocketTransport } from "./connection.js";
import { registerServiceWorker } from "./offline/pwa.js";
import { store, savedSessions, saveSession, dropSession, currentTableId, forgetCurrentTable, lastGame, keepLastGame } from "./store.js";
import { Game } from "./game.js";
import { h, mount, find } from "./dom.js";
import { seatRelation } from "./model.js";
import { offers, loadOffers, levelOf } from "./offers.js";

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

let lobbyRenders = 0;

function renderLobby() {
  if (game) return;
  const lobbySeq = ++lobbyRenders;
  document.body.dataset.status = "none";
  document.body.dataset.phase = "none";
  const rules = t(`ruleset.${settings().rules}`);
  mount(
    $("#panel-play"),
    h(
      "div",
      { class: "lobby paper" },
      h(
        "div",
        { class: "lobby-welcome" },
        h("img", { src: "/static/icon.svg", alt: "", width: 96, height: 96 }),
        h("h2", {}, t("lobby.title")),
        h("p", {}, t("lobby.text", { rules })),
        h(
          "div",
          { class: "lobby-actions" },
          h("button", { type: "button", id: "new-game", class: "primary", onclick: () => newGame(false) }, t("lobby.start", { rules })),
          h("button", { type: "button", id: "new-private-game", onclick: () => newGame(true) }, t("settings.new_private_game")),
          h("button", { type: "button", id: "open-settings", onclick: () => showTab("settings", true) }, t("lobby.settings")),
        ),
      ),
      // Your last game and the tables in play: beside the welcome on a wide screen,
      // so the lobby stays above the fold (1366 by 768), below it on a narrow one.
      h(
        "div",
        { class: "lobby-side" },
        lastGameCard(),
        h("section", { id: "public-tables", class: "public-tables", "aria-labelledby": "public-tables-title", hidden: true }),
      ),
    ),
  );
  listTables(lobbySeq);
}

/** Your last game, once over: its rematch, its replay, or a new game. */
function lastGameCard() {
  const last = lastGame();
  if (!last) return null;
  const { tableId, table } = last;
  const replay = async () => {
    (await import("./history.js")).replayOnOpen(tableId);
    showTab("history", true);
  };
  return h(
    "section",
    { id: "last-game", class: "last-game", "aria-labelledby": "last-game-title" },
    h("h3", { id: "last-game-title" }, t("lobby.last_game")),
    h("p", {}, t(`ruleset.${table.rules}`)),
    h(
      "div",
      { class: "lobby-actions" },
      h("button", { type: "button", id: "last-rematch", class: "primary", onclick: () => rematch(table) }, t("over.rematch")),
      h("button", { type: "button", id: "last-replay", onclick: replay }, t("history.replay")),
      h("button", { type: "button", id: "last-new", onclick: () => newGame(false) }, t("lobby.new_game")),
    ),
  );
}

/**
 * The public tables in play, each with a button to watch it.
 * @param {number} lobbySeq
 */
async function listTables(lobbySeq) {
  let tables;
  try {
    // the server lists them newest first
    tables = (await api.tables()).filter((table) => table.status === "playing");
  } catch {
    return;
  }
  const box = document.querySelector("#public-tables");
  if (!(box instanceof HTMLElement) || lobbySeq !== lobbyRenders || !tables.length) return;
  /** @param {TableInfo} table */
  const players = (table) =>
    table.seats.map((s) => (s.kind === "human" && s.name ? s.name : t("seat.bot"))).join(", ");
  mount(
    box,
    h("h3", { id: "public-tables-title" }, t("lobby.tables")),
    h(
      "ul",
      {},
      tables.slice(0, 5).map((table) => {
        const rules = t(`ruleset.${table.rules}`);
        return h(
          "li",
          {},
          h("span", {}, `${rules}: ${players(table)}`),
          h(
            "button",
            {
              type: "button",
              class: "watch",
              "data-table": table.id,
              "aria-label": t("lobby.watch_table", { rules, players: players(table) }),
              onclick: () => watchTable(table.id, null),
            },
            t("lobby.watch"),
          ),
        );
      }),
    ),
  );
  box.hidden = false;
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

/**
 * Radio buttons, one per seat that may be taken, each labelled by `label(seat)`.
 * @param {number[]} free
 * @param {(seat: number) => string} label
 */
function seatChoice(free, label) {
  return h(
    "fieldset",
    { class: "field seat-choice", id: "seat-choice" },
    h("legend", {}, t("people.choose_seat")),
    free.map((seat, i) =>
      h(
        "label",
        { class: "seat-option" },
        h("input", { type: "radio", name: "seat", value: String(seat), id: `seat-${seat}`, checked: i === 0 }),
        " ",
        label(seat),
      ),
    ),
  );
}

/**
 * The seat chosen in a form's seat choice.
 * @param {HTMLElement} form
 */
function chosenSeat(form) {
  const checked = form.querySelector("input[name=seat]:checked");
  return checked instanceof HTMLInputElement ? Number(checked.value) : null;
}

/**
 * A newcomer with a friend's invite link: their name and a free seat; a full table
 * offers to watch instead.
 * @param {string} tableId
 * @param {string | null} invite
 */
async function renderJoinForm(tableId, invite) {
  /** @type {TableInfo} */
  let table;
  try {
    table = await api.table(tableId, invite);
  } catch (err) {
    toast(errorText(err));
    history.replaceState(null, "", "/");
    return renderLobby();
  }
  const free = table.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
  if (!free.length || table.status !== "waiting") {
    const full = h(
      "div",
      { class: "lobby paper", id: "full-table" },
      h("h2", {}, t("people.full_title")),
      h("p", {}, t("people.full_text")),
      h("button", { type: "button", id: "watch-full", class: "primary", onclick: () => watchTable(tableId, invite) }, t("people.watch")),
    );
    mount($("#panel-play"), full);
    return;
  }
  const input = h("input", { id: "join-name", maxlength: 40, required: true, autocomplete: "nickname", value: settings().name });
  const form = h(
    "form",
    { class: "lobby paper", id: "join-form" },
    h("h2", {}, t("join.title")),
    h("p", {}, t("join.text")),
    h("div", { class: "field" }, h("label", { for: "join-name" }, t("settings.name")), input),
    // Each free seat says whose partner and whose opponent it makes you (from the
    // seats' teams, the engine's).
    seatChoice(free, (seat) => t("people.seat_option", { n: seat + 1, relation: seatRelation(table.seats, seat) })),
    h("button", { type: "submit", id: "join-table", class: "primary" }, t("join.button")),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return input.focus();
    updateSettings({ name });
    joinTable(tableId, invite, name, chosenSeat(form));
  });
  mount($("#panel-play"), form);
  input.focus();
}

/**
 * The host of a friends table: a name (remembered, as a guest's), a seat and the
 * turn timer; then the table is created and the host sits down.
 */
function renderHostForm() {
  const input = h("input", { id: "host-name", maxlength: 40, required: true, autocomplete: "nickname", value: settings().name });
  const timer = h(
    "select",
    { id: "host-timer" },
    offers().timers.map((name) => h("option", { value: name, selected: name === offers().timer_default }, t(`people.timer_${name}`))),
  );
  const form = h(
    "form",
    { class: "lobby paper", id: "host-form" },
    h("h2", {}, t("people.host_title")),
    h("p", {}, t("people.host_text")),
    h("div", { class: "field" }, h("label", { for: "host-name" }, t("settings.name")), input),
    seatChoice([0, 1, 2, 3], (seat) => t("waiting.seat", { n: seat + 1 })),
    h("div", { class: "field" }, h("label", { for: "host-timer" }, t("people.timer")), timer),
    h("button", { type: "submit", id: "host-table", class: "primary" }, t("people.create")),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return input.focus();
    updateSettings({ name });
    newGame(true, { seat: chosenSeat(form), timer: /** @type {HTMLSelectElement} */ (timer).value });
  });
  mount($("#panel-play"), form);
  input.focus();
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
    return renderHostForm();
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
    return renderJoinForm(tableId, invite);
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

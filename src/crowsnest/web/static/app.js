// The app shell: tabs, settings, starting and resuming games, language.

import { setLanguage, preferredLanguage, onLanguageChange, translateDom, t, currentLanguage } from "./i18n.js";
import { settings, onSettingsChange, renderSettings, chosenOptions, playerName, SPEEDS } from "./settings.js";
import { api } from "./net.js";
import { Game } from "./game.js";
import { esc } from "./markup.js";

const SESSIONS = "crowsnest.sessions";
const CURRENT = "crowsnest.current";

let ruleSets = [];
let game = null;
let activeTab = "play";

const $ = (s) => document.querySelector(s);

// ---------- sessions (the seat tokens, kept in the browser) ----------

function sessions() {
  try {
    return JSON.parse(localStorage.getItem(SESSIONS) || "{}");
  } catch {
    return {};
  }
}

function saveSession(s) {
  const all = sessions();
  all[s.tableId] = { ...s, at: Date.now() };
  const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const id of ids.slice(20)) delete all[id];
  try {
    localStorage.setItem(SESSIONS, JSON.stringify(all));
    localStorage.setItem(CURRENT, s.tableId);
  } catch {
    /* storage blocked */
  }
}

function dropSession(tableId) {
  const all = sessions();
  delete all[tableId];
  try {
    localStorage.setItem(SESSIONS, JSON.stringify(all));
    if (localStorage.getItem(CURRENT) === tableId) localStorage.removeItem(CURRENT);
  } catch {
    /* storage blocked */
  }
}

// ---------- feedback ----------

let toastTimer = null;
function toast(text) {
  const el = $("#toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 4500);
}

function announce(text) {
  const el = $("#announcer");
  el.textContent = "";
  // a fresh text node makes screen readers speak even a repeated sentence
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

function errorText(err) {
  return t(`error.${err.code ?? "internal_error"}`);
}

// ---------- tabs ----------

const TABS = ["play", "settings", "info", "history"];

function showTab(name, focus = false) {
  activeTab = name;
  for (const tab of TABS) {
    const btn = $(`#tab-${tab}`);
    const panel = $(`#panel-${tab}`);
    const on = tab === name;
    btn.setAttribute("aria-selected", String(on));
    btn.tabIndex = on ? 0 : -1;
    panel.hidden = !on;
  }
  if (focus) $(`#tab-${name}`).focus();
  renderTab(name);
}

async function renderTab(name) {
  if (name === "settings") {
    renderSettings($("#panel-settings"), ruleSets, {
      newGame: () => newGame(false),
      newPrivateGame: () => newGame(true),
      setLanguage: (lang) => changeLanguage(lang),
    });
  } else if (name === "info") {
    await renderOptional("info", "./info.js", "renderInfo", settings().rules);
  } else if (name === "history") {
    await renderOptional("history", "./history.js", "renderHistory", playerName());
  }
}

async function renderOptional(tab, path, fn, arg) {
  const panel = $(`#panel-${tab}`);
  try {
    const mod = await import(path);
    await mod[fn](panel, arg);
  } catch (err) {
    console.warn(`${path}:`, err);
    panel.innerHTML = `<div class="paper"><p>${t("app.unavailable")}</p></div>`;
  }
}

function wireTabs() {
  const list = $(".tabs");
  list.addEventListener("click", (e) => {
    const btn = e.target.closest("[role=tab]");
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

function renderLobby(extra = "") {
  if (game) return;
  const lobbySeq = ++lobbyRenders;
  document.body.dataset.status = "none";
  document.body.dataset.phase = "none";
  const rs = settings().rules;
  $("#panel-play").innerHTML = `<div class="lobby paper">
      <img src="/static/icon.svg" alt="" width="96" height="96">
      <h2>${t("lobby.title")}</h2>
      <p>${t("lobby.text", { rules: t(`ruleset.${rs}`) })}</p>
      ${extra}
      <div class="lobby-actions">
        <button type="button" id="new-game" class="primary">${t("lobby.start", { rules: t(`ruleset.${rs}`) })}</button>
        <button type="button" id="new-private-game">${t("settings.new_private_game")}</button>
        <button type="button" id="open-settings">${t("lobby.settings")}</button>
      </div>
      <section id="public-tables" class="public-tables" aria-labelledby="public-tables-title" hidden></section>
    </div>`;
  listTables(lobbySeq);
  $("#new-game").addEventListener("click", () => newGame(false));
  $("#new-private-game").addEventListener("click", () => newGame(true));
  $("#open-settings").addEventListener("click", () => showTab("settings", true));
}

let lobbyRenders = 0;

/** The public tables in play, each with a button to watch it. */
async function listTables(lobbySeq) {
  let tables = [];
  try {
    // the server lists them oldest first: show the newest few
    tables = (await api.tables()).filter((table) => table.status === "playing").reverse();
  } catch {
    return;
  }
  const box = $("#public-tables");
  if (!box || lobbySeq !== lobbyRenders || !tables.length) return;
  const players = (table) =>
    table.seats.map((s) => (s.kind === "human" && s.name ? s.name : t("seat.bot"))).join(", ");
  box.innerHTML = `<h3 id="public-tables-title">${esc(t("lobby.tables"))}</h3>
    <ul>${tables
      .slice(0, 8)
      .map((table) => {
        const rules = t(`ruleset.${table.rules}`);
        return `<li><span>${esc(rules)}: ${esc(players(table))}</span>
          <button type="button" class="watch" data-table="${esc(table.id)}"
            aria-label="${esc(t("lobby.watch_table", { rules, players: players(table) }))}">${esc(t("lobby.watch"))}</button></li>`;
      })
      .join("")}</ul>`;
  box.hidden = false;
  box.addEventListener("click", (e) => {
    const btn = e.target.closest("button.watch");
    if (btn) watchTable(btn.dataset.table, null);
  });
}

/** Follow a table as a spectator: no seat, no hand, nothing to do but watch. */
function watchTable(tableId, invite) {
  game?.stop();
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("table", tableId);
  if (invite) url.searchParams.set("invite", invite);
  url.searchParams.set("watch", "1");
  history.replaceState(null, "", url);
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

function renderJoinForm(tableId, invite) {
  $("#panel-play").innerHTML = `<form class="lobby paper" id="join-form">
      <h2>${t("join.title")}</h2>
      <p>${t("join.text")}</p>
      <div class="field"><label for="join-name">${t("settings.name")}</label>
        <input id="join-name" maxlength="40" required autocomplete="nickname" value=""></div>
      <button type="submit" id="join-table" class="primary">${t("join.button")}</button>
    </form>`;
  $("#join-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = $("#join-name").value.trim();
    if (!name) return $("#join-name").focus();
    const { updateSettings } = await import("./settings.js");
    updateSettings({ name });
    joinTable(tableId, invite, name);
  });
  $("#join-name").focus();
}

function startGame(session) {
  game?.stop();
  saveSession(session);
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("table", session.tableId);
  if (session.invite) url.searchParams.set("invite", session.invite);
  history.replaceState(null, "", url);
  game = new Game($("#panel-play"), session, {
    toast,
    announce,
    rematch: (table) => rematch(table),
    toSettings: () => {
      leaveGame();
      showTab("settings", true);
    },
    lost: (code) => {
      toast(t(`error.${code}`));
      dropSession(session.tableId);
      leaveGame();
    },
  });
  game.start();
  showTab("play");
}

function leaveGame() {
  game?.stop();
  game = null;
  try {
    localStorage.removeItem(CURRENT);
  } catch {
    /* storage blocked */
  }
  history.replaceState(null, "", "/");
  renderLobby();
}

async function createAndJoin(body) {
  const created = await api.createTable(body);
  const tableId = created.table.id;
  const joined = await api.join(tableId, playerName(), created.invite ?? undefined);
  startGame({ tableId, token: joined.token, seat: joined.seat, invite: created.invite ?? null });
}

async function newGame(friends) {
  const s = settings();
  const rs = ruleSets.find((r) => r.id === s.rules) ?? ruleSets[0];
  const body = {
    rules: rs.id,
    options: chosenOptions(rs),
    level: s.level,
    bot_delay: SPEEDS[s.speed] ?? 0.8,
    seats: friends ? ["human", "human", "human", "human"] : ["human", "bot", "bot", "bot"],
    public: !friends,
  };
  try {
    await createAndJoin(body);
  } catch (err) {
    toast(errorText(err));
  }
}

async function rematch(table) {
  const s = settings();
  const friends = table && table.public === false;
  const body = {
    rules: table?.rules ?? s.rules,
    options: table?.options ?? {},
    level: table?.level ?? s.level,
    bot_delay: SPEEDS[s.speed] ?? 0.8,
    seats: table?.seats?.map((x) => x.kind) ?? ["human", "bot", "bot", "bot"],
    public: !friends,
  };
  try {
    await createAndJoin(body);
  } catch (err) {
    toast(errorText(err));
  }
}

async function joinTable(tableId, invite, name) {
  try {
    const joined = await api.join(tableId, name, invite ?? undefined);
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
  const all = sessions();
  if (tableId && params.get("watch")) return watchTable(tableId, invite);
  if (tableId) {
    if (all[tableId]) return startGame({ ...all[tableId], invite: all[tableId].invite ?? invite });
    if (settings().name.trim()) return joinTable(tableId, invite, settings().name.trim());
    return renderJoinForm(tableId, invite);
  }
  let current = null;
  try {
    current = localStorage.getItem(CURRENT);
  } catch {
    /* storage blocked */
  }
  if (current && all[current]) return startGame(all[current]);
  renderLobby();
}

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
  else if (!$("#join-form")) renderLobby();
  if (activeTab !== "play") renderTab(activeTab);
}

async function main() {
  wireTabs();
  onLanguageChange(relabel);
  onSettingsChange(() => {
    if (game) game.applySettings();
    else if ($("#new-game")) renderLobby();
  });
  await setLanguage(preferredLanguage()).catch(() => setLanguage("en"));
  try {
    ruleSets = await api.rules();
  } catch (err) {
    toast(errorText(err));
  }
  document.body.dataset.ready = "true";
  resume();
  window.__crowsnest = { get game() { return game; }, currentLanguage };
}

main();

// @ts-check
// The lobby of the play tab: the welcome with its buttons, your last game, the tables
// in play, and the forms of a friends table (the host's, a newcomer's). What the
// buttons do (start, join, watch a game) is the app's (app.js), given as actions.

import { t, isolate } from "./i18n.js";
import { settings, updateSettings } from "./settings.js";
import { api } from "./api.js";
import { lastGame } from "./store.js";
import { h, mount } from "./dom.js";
import { seatRelation } from "./model.js";
import { offers } from "./offers.js";

/** @typedef {import("./types.js").TableInfo} TableInfo */

/**
 * What the lobby's buttons ask of the app.
 * @typedef {object} LobbyActions
 * @property {(friends: boolean, host?: {seat: number | null, timer: string} | null) => void} newGame
 * @property {(tab: string) => void} showTab open a tab, focused
 * @property {(table: TableInfo) => void} rematch
 * @property {(tableId: string, invite: string | null) => void} watch
 * @property {(tableId: string, invite: string | null, name: string, seat: number | null) => void} join
 * @property {(err: unknown) => void} refused the table of an invite could not be had
 */

let lobbyRenders = 0;

/**
 * The welcome, with your last game and the tables in play beside it.
 * @param {HTMLElement} panel
 * @param {LobbyActions} actions
 */
export function renderLobby(panel, actions) {
  const lobbySeq = ++lobbyRenders;
  document.body.dataset.status = "none";
  document.body.dataset.phase = "none";
  const rules = t(`ruleset.${settings().rules}`);
  mount(
    panel,
    h(
      "div",
      { class: "lobby paper" },
      h(
        "div",
        { class: "lobby-welcome" },
        h("img", { src: "/static/icon.svg", alt: "", width: 96, height: 96, class: "lobby-icon" }),
        h("h2", {}, t("lobby.title")),
        h("p", {}, t("lobby.text", { rules })),
        h(
          "div",
          { class: "lobby-actions" },
          h("button", { type: "button", id: "new-game", class: "primary", onclick: () => actions.newGame(false) }, t("lobby.start", { rules })),
          h("button", { type: "button", id: "new-private-game", onclick: () => actions.newGame(true) }, t("settings.new_private_game")),
          h("button", { type: "button", id: "open-settings", onclick: () => actions.showTab("settings") }, t("lobby.settings")),
        ),
      ),
      // Your last game and the tables in play: beside the welcome on a wide screen,
      // so the lobby stays above the fold (1366 by 768), below it on a narrow one.
      h(
        "div",
        { class: "lobby-side" },
        lastGameCard(actions),
        h("section", { id: "public-tables", class: "public-tables", "aria-labelledby": "public-tables-title", hidden: true }),
      ),
    ),
  );
  listTables(lobbySeq, actions);
}


/**
 * Your last game, once over: its rematch, its replay, or a new game.
 * @param {LobbyActions} actions
 */
function lastGameCard(actions) {
  const last = lastGame();
  if (!last) return null;
  const { tableId, table } = last;
  const replay = async () => {
    (await import("./history.js")).replayOnOpen(tableId);
    actions.showTab("history");
  };
  return h(
    "section",
    { id: "last-game", class: "last-game", "aria-labelledby": "last-game-title" },
    h("h3", { id: "last-game-title" }, t("lobby.last_game")),
    h("p", {}, t(`ruleset.${table.rules}`)),
    h(
      "div",
      { class: "lobby-actions" },
      h("button", { type: "button", id: "last-rematch", class: "primary", onclick: () => actions.rematch(table) }, t("over.rematch")),
      h("button", { type: "button", id: "last-replay", onclick: replay }, t("history.replay")),
      h("button", { type: "button", id: "last-new", onclick: () => actions.newGame(false) }, t("lobby.new_game")),
    ),
  );
}

/**
 * The public tables in play, each with a button to watch it.
 * @param {number} lobbySeq
 * @param {LobbyActions} actions
 */
async function listTables(lobbySeq, actions) {
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
    table.seats.map((s) => (s.kind === "human" && s.name ? isolate(s.name) : t("seat.bot"))).join(", ");
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
          h("span", {}, `${isolate(rules)}: ${players(table)}`),
          h(
            "button",
            {
              type: "button",
              class: "watch",
              "data-table": table.id,
              "aria-label": t("lobby.watch_table", { rules, players: players(table) }),
              onclick: () => actions.watch(table.id, null),
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
 * @param {HTMLElement} panel
 * @param {string} tableId
 * @param {string | null} invite
 * @param {LobbyActions} actions
 */
export async function renderJoinForm(panel, tableId, invite, actions) {
  /** @type {TableInfo} */
  let table;
  try {
    table = await api.table(tableId, invite);
  } catch (err) {
    return actions.refused(err);
  }
  const free = table.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
  if (!free.length || table.status !== "waiting") {
    const full = h(
      "div",
      { class: "lobby paper", id: "full-table" },
      h("h2", {}, t("people.full_title")),
      h("p", {}, t("people.full_text")),
      h("button", { type: "button", id: "watch-full", class: "primary", onclick: () => actions.watch(tableId, invite) }, t("people.watch")),
    );
    mount(panel, full);
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
    actions.join(tableId, invite, name, chosenSeat(form));
  });
  mount(panel, form);
  input.focus();
}

/**
 * The host of a friends table: a name (remembered, as a guest's), a seat and the
 * turn timer; then the table is created and the host sits down.
 * @param {HTMLElement} panel
 * @param {LobbyActions} actions
 */
export function renderHostForm(panel, actions) {
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
    actions.newGame(true, { seat: chosenSeat(form), timer: /** @type {HTMLSelectElement} */ (timer).value });
  });
  mount(panel, form);
  input.focus();
}

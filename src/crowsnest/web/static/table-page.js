// @ts-check
// The table's page: its fixed skeleton (the score bar, the felt with the four seats
// and the middle, the tools, the hand, the dialogs), built once per table, and its
// fixed words. What changes with each state is drawn into it by table-draw.js.

import { t } from "./i18n.js";
import { h, mount, find, findAll } from "./dom.js";
import { POSITIONS } from "./model.js";
import { offers } from "./offers.js";

/**
 * What the page's controls do (the table's shell, game.js).
 * @typedef {object} PageActions
 * @property {(e: MouseEvent) => void} handClick
 * @property {(e: KeyboardEvent) => void} handKey
 * @property {(e: MouseEvent) => void} actionClick
 * @property {() => void} stopWatching
 * @property {() => void} lastTrick
 * @property {() => void} hint
 * @property {() => void} scores
 * @property {() => void} moves
 * @property {() => void} back "I'm back"
 * @property {() => void} leave asked first
 * @property {() => void} leaveConfirmed
 * @property {() => void} resign asked first
 * @property {() => void} resignConfirmed
 * @property {(accept: boolean) => void} answerResign
 * @property {(key: string) => void} chat
 * @property {() => void} mute
 */

/**
 * A dialog of the table.
 * @param {ParentNode} root
 * @param {string} id
 * @returns {HTMLDialogElement}
 */
export function dialog(root, id) {
  return find(root, `#${id}`);
}

/**
 * A dialog that asks a question (its text in `#<title>`): `no` or `yes`.
 * @param {string} id
 * @param {string} title
 * @param {string} no
 * @param {() => void} onNo
 * @param {string} yes
 * @param {() => void} onYes
 */
function question(id, title, no, onNo, yes, onYes) {
  return h(
    "dialog",
    { id, class: "sheet", "aria-labelledby": title },
    h("p", { id: title }),
    h(
      "div",
      { class: "dialog-actions" },
      h("button", { type: "button", id: no, onclick: onNo }),
      h("button", { type: "button", id: yes, class: "primary", onclick: onYes }),
    ),
  );
}

/**
 * Open or close a menu that a button shows (the chat's; the phone's "More").
 * @param {HTMLElement} button
 * @param {HTMLElement} menu
 * @param {boolean} open
 */
function popup(button, menu, open) {
  button.setAttribute("aria-expanded", String(open));
  if (menu.id === "chat-menu") menu.hidden = !open;
  else menu.classList.toggle("open", open);
}

/**
 * Build the table's page into `root`.
 * @param {HTMLElement} root the Play tab's panel
 * @param {PageActions} on
 * @param {{watching: boolean, muted: boolean, cardSize: string}} how
 */
export function buildPage(root, on, { watching, muted, cardSize }) {
  /** @param {string} id @param {() => void} onclick */
  const tool = (id, onclick) => h("button", { type: "button", id, onclick });
  /** @param {string} id */
  const sheet = (id) => h("dialog", { id, class: "sheet", "aria-labelledby": `${id === "last-trick-view" ? "last-trick" : id}-title` });
  const hand = h("div", { id: "hand", class: "hand", role: "group" });
  hand.addEventListener("click", on.handClick);
  hand.addEventListener("keydown", on.handKey);
  const actions = h("div", { id: "action-area", class: "action-area" });
  actions.addEventListener("click", on.actionClick);
  const stopWatching = tool("stop-watching", on.stopWatching);
  stopWatching.hidden = !watching;
  const lastTrick = tool("last-trick", on.lastTrick);
  lastTrick.disabled = true;
  const hintButton = tool("hint-button", on.hint);
  hintButton.hidden = true;
  const leaveButton = tool("leave-game", on.leave);
  leaveButton.hidden = watching;
  const resignButton = tool("resign-game", on.resign);
  resignButton.hidden = true;
  const backButton = tool("back-button", on.back);
  backButton.hidden = true;
  backButton.classList.add("primary");
  // Quick chat (at a table with another person): a button whose menu opens over the
  // table (it takes no room of its own); the quick messages, then the emoji
  // reactions, as the server offers them.
  const chatMenu = h(
    "div",
    { class: "chat-menu", role: "group", id: "chat-menu", hidden: true },
    offers().quick_messages.map((key) => h("button", { type: "button", class: "quick", "data-chat": key })),
    offers().reactions.map((key) => h("button", { type: "button", class: "reaction", "data-chat": key })),
    h("button", { type: "button", id: "mute-chat", "aria-pressed": String(muted) }),
  );
  const chatOpen = h("button", { type: "button", id: "chat-open", "aria-expanded": "false", "aria-controls": "chat-menu" });
  const chat = h("div", { id: "chat", class: "chat", hidden: true }, chatOpen, chatMenu);
  chat.addEventListener("click", (e) => {
    const btn = /** @type {Element} */ (e.target).closest("button");
    if (!(btn instanceof HTMLElement)) return;
    if (btn === chatOpen) popup(chatOpen, chatMenu, chatMenu.hidden);
    else if (btn.id === "mute-chat") on.mute();
    else if (btn.dataset.chat) {
      on.chat(btn.dataset.chat);
      popup(chatOpen, chatMenu, false);
      popup(moreButton, more, false);
    }
  });
  // On a phone the tools that are seldom needed (quick chat, resign, leave) wait in
  // a menu of their own ("More"), so that every tool is in reach without a hidden
  // scroll; on a wider screen they stand in the row (the menu's box is not drawn).
  const moreButton = h("button", { type: "button", id: "more-tools", class: "more-tools", "aria-expanded": "false", "aria-controls": "tools-more" });
  const more = h("div", { id: "tools-more", class: "tools-more", role: "group" }, chat, resignButton, leaveButton);
  moreButton.addEventListener("click", () => popup(moreButton, more, !more.classList.contains("open")));
  for (const b of [resignButton, leaveButton]) b.addEventListener("click", () => popup(moreButton, more, false));
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    popup(chatOpen, chatMenu, false);
    popup(moreButton, more, false);
  });
  mount(
    root,
    h(
      "div",
      { class: "game", "data-size": cardSize },
      h("div", { class: "scorebar", id: "scorebar" }),
      h("div", { id: "connection", class: "connection", role: "status", hidden: true }),
      h(
        "div",
        { class: "felt", id: "felt" },
        POSITIONS.map((pos) => h("div", { class: "seat", "data-pos": pos })),
        h(
          "div",
          { class: "center" },
          h("div", { id: "trick", class: "trick", role: "group" }),
          actions,
          // The announcer says it already: the banner is for the eyes only.
          h("p", { id: "banner", class: "banner", "aria-hidden": "true", hidden: true }),
        ),
      ),
      h(
        "div",
        { class: "below" },
        h("p", { id: "prompt", class: "prompt" }),
        h(
          "div",
          { class: "tools" },
          lastTrick,
          tool("show-scores", on.scores),
          tool("show-moves", on.moves),
          hintButton,
          backButton,
          moreButton,
          more,
          stopWatching,
        ),
        h("p", { id: "away-note", class: "hint", hidden: true }),
        h(
          "section",
          { id: "timeout-note", class: "timeout-note", role: "alert", "aria-labelledby": "timeout-title", hidden: true },
          h("h2", { id: "timeout-title" }),
          h("ul", { id: "timeout-lines" }),
          h("button", { type: "button", id: "timeout-ok", class: "primary", onclick: () => (find(root, "#timeout-note").hidden = true) }),
        ),
        h("p", { id: "hint", class: "hint", hidden: true }),
        hand,
      ),
    ),
    sheet("hand-summary"),
    sheet("score-sheet"),
    sheet("game-over"),
    sheet("last-trick-view"),
    h(
      "dialog",
      { id: "moves", class: "sheet", "aria-labelledby": "moves-title" },
      h("h2", { id: "moves-title" }),
      h(
        "div",
        { id: "moves-scroll", class: "moves-scroll" },
        h("div", { id: "moves-earlier" }),
        h("h3", { id: "moves-current", hidden: true }),
        h("ol", { id: "moves-list", class: "moves-list" }),
      ),
      h("form", { method: "dialog" }, h("button", { class: "primary", id: "moves-close" })),
    ),
    question("leave-dialog", "leave-title", "leave-stay", () => dialog(root, "leave-dialog").close(), "leave-confirm", on.leaveConfirmed),
    question("resign-dialog", "resign-title", "resign-no", () => dialog(root, "resign-dialog").close(), "resign-yes", on.resignConfirmed),
    question("resign-offer", "resign-offer-title", "resign-decline", () => on.answerResign(false), "resign-accept", () => on.answerResign(true)),
  );
  for (const d of findAll(root, "dialog")) {
    d.addEventListener("click", (e) => {
      if (e.target === d && d.id !== "game-over") /** @type {HTMLDialogElement} */ (d).close();
    });
  }
  translatePage(root, muted);
}

/**
 * The page's fixed words, in the current language.
 * @param {ParentNode} root
 * @param {boolean} muted
 */
export function translatePage(root, muted) {
  /** @param {string} s */
  const $ = (s) => find(root, s);
  $("#last-trick").textContent = t("table.last_trick");
  $("#show-scores").textContent = t("table.score_sheet");
  $("#show-moves").textContent = t("moves.button");
  $("#moves-title").textContent = t("moves.title");
  $("#moves-close").textContent = t("dialog.close");
  $("#hint-button").textContent = t("table.hint");
  $("#stop-watching").textContent = t("watch.leave");
  $("#leave-game").textContent = t("people.leave_short");
  $("#leave-game").setAttribute("aria-label", t("people.leave"));
  $("#back-button").textContent = t("people.back");
  $("#away-note").textContent = t("people.away");
  $("#timeout-title").textContent = t("timer.note_title");
  $("#timeout-ok").textContent = t("timer.note_ok");
  $("#leave-title").textContent = t("people.leave_confirm");
  $("#leave-stay").textContent = t("people.stay");
  $("#leave-confirm").textContent = t("people.leave");
  $("#resign-game").textContent = t("resign.button");
  $("#resign-no").textContent = t("resign.no");
  $("#resign-accept").textContent = t("resign.accept");
  $("#resign-decline").textContent = t("resign.decline");
  $("#chat-open").textContent = t("people.chat");
  $("#more-tools").textContent = t("table.more");
  $("#chat-menu").setAttribute("aria-label", t("people.chat"));
  for (const b of findAll(root, "#chat [data-chat]")) {
    const key = b.dataset.chat ?? "";
    b.textContent = t(`chat.${key}`);
    b.setAttribute("aria-label", t(`chat.${key}`));
  }
  showMuted(root, muted);
  $("#trick").setAttribute("aria-label", t("table.trick"));
  $("#hand").setAttribute("aria-label", t("table.your_hand"));
}

/**
 * The mute button says what pressing it does.
 * @param {ParentNode} root
 * @param {boolean} muted
 */
export function showMuted(root, muted) {
  const btn = find(root, "#mute-chat");
  btn.setAttribute("aria-pressed", String(muted));
  btn.textContent = muted ? t("people.unmute") : t("people.mute");
}

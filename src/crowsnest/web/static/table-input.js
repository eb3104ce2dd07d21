// @ts-check
// What you do at a table: the controls of its page (table-page.js) turned into the
// table's inputs (an action, a quick message, a resignation...), the cards chosen
// for a pass or a discard, the hint asked for. The table (game.js) does the rest.

import { t } from "./i18n.js";
import { saveChoice } from "./store.js";
import { api, ApiError } from "./api.js";
import { find, findAll } from "./dom.js";
import { legalPlays, cardChoice } from "./model.js";
import { handKey } from "./hand.js";
import { hintText } from "./panels.js";
import { confirmText } from "./resign.js";
import { dialog } from "./table-page.js";
import { choiceKey, drawMoves } from "./table-draw.js";
import { showTricks, showScoreSheet } from "./table-sheets.js";

/** @typedef {import("./game.js").Game} Game */

/**
 * What the table's controls do.
 * @param {Game} game
 * @returns {import("./table-page.js").PageActions}
 */
export function pageActions(game) {
  return {
    handClick: (e) => handClick(game, e),
    handKey: (e) => handKey(find(game.root, "#hand"), e),
    actionClick: (e) => actionClick(game, e),
    stopWatching: () => game.hooks.leave(),
    lastTrick: () => {
      if (game.screen.lastTrick) showTricks(game.root, game.model(), game.screen.lastTrick);
    },
    hint: () => askHint(game),
    scores: () => showScoreSheet(game.root, game.model()),
    moves: () => {
      drawMoves(game.root, game.state.moves);
      const d = dialog(game.root, "moves");
      if (!d.open) d.showModal();
    },
    back: () => game.say({ type: "back" }),
    leave: () => dialog(game.root, "leave-dialog").showModal(),
    leaveConfirmed: () => {
      dialog(game.root, "leave-dialog").close();
      game.say({ type: "leave" }, true);
    },
    resign: () => {
      const question = confirmText(game.model());
      find(game.root, "#resign-title").textContent = question;
      find(game.root, "#resign-yes").textContent = question !== t("resign.confirm") ? t("resign.propose") : t("resign.yes");
      dialog(game.root, "resign-dialog").showModal();
    },
    resignConfirmed: () => {
      dialog(game.root, "resign-dialog").close();
      game.say({ type: "resign" });
    },
    answerResign: (accept) => {
      dialog(game.root, "resign-offer").close();
      game.say({ type: "resign_answer", accept });
    },
    chat: (key) => game.say({ type: "chat", key: /** @type {import("./types.js").ChatKey} */ (key) }),
    mute: () => game.dispatch({ type: "mute", on: !game.state.muted }),
  };
}

/**
 * A card of your hand: played, or chosen for a pass or a discard.
 * @param {Game} game
 * @param {MouseEvent} e
 */
function handClick(game, e) {
  const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(".card"));
  if (!btn || !game.current) return;
  for (const b of findAll(game.root, "#hand .card")) b.tabIndex = b === btn ? 0 : -1;
  const code = btn.dataset.card ?? "";
  const m = game.model();
  const choice = cardChoice(m.legal);
  const selection = game.screen.selection;
  if (btn.getAttribute("aria-disabled") === "true") {
    // A card you may not play now: the server says why (the engine's reason, e.g.
    // "You must follow red"), changing nothing; the client does not guess it.
    if (!choice && legalPlays(m.legal).size) game.send(`play ${code}`);
    return;
  }
  if (choice) {
    if (selection.has(code)) selection.delete(code);
    else if (selection.size < choice.count) selection.add(code);
    else return game.hooks.toast(t("cards.too_many", { count: choice.count }));
    saveChoice(game.session.tableId, choiceKey(m, choice), [...selection]);
    btn.setAttribute("aria-pressed", String(selection.has(code)));
    btn.classList.toggle("selected", selection.has(code));
    const note = game.root.querySelector("#chosen-count");
    if (note) note.textContent = t("cards.chosen", { count: selection.size, total: choice.count });
    const confirm = game.root.querySelector("#confirm-cards");
    if (confirm instanceof HTMLButtonElement) confirm.disabled = selection.size !== choice.count;
    return;
  }
  if (legalPlays(m.legal).has(code)) game.send(`play ${code}`);
}

/**
 * A button of the action panel: a bid, a trump, the cards chosen.
 * @param {Game} game
 * @param {MouseEvent} e
 */
function actionClick(game, e) {
  const btn = /** @type {Element} */ (e.target).closest("button");
  const current = game.current;
  if (!btn || !current || btn.disabled) return;
  if (btn.id === "confirm-cards") {
    const choice = cardChoice(game.model().legal);
    if (!choice || game.screen.selection.size !== choice.count) return;
    game.send(`${choice.choose} ${[...game.screen.selection].join(" ")}`);
    return;
  }
  const action = btn.dataset.action;
  if (action && (current.legal ?? []).includes(action)) game.send(action);
}

/**
 * The bot's advice for your seat, shown and said (its cards marked in your hand).
 * @param {Game} game
 */
async function askHint(game) {
  if (!game.current) return;
  const box = find(game.root, "#hint");
  try {
    const own = game.transport?.hint;
    const res = own ? await own.call(game.transport) : await api.hint(game.session.tableId, game.session.token);
    const hint = hintText(game.model(), res.action);
    game.screen.hint = hint;
    box.textContent = hint.text;
    box.hidden = false;
    for (const b of findAll(game.root, "#hand .card")) b.classList.toggle("hinted", hint.cards.includes(b.dataset.card ?? ""));
    game.hooks.announce(hint.text);
  } catch (err) {
    game.hooks.toast(t(`error.${err instanceof ApiError ? err.code : "internal_error"}`));
  }
}

/**
 * What the waiting room's buttons do: copy the invite link, move to a free seat,
 * fill the free seats with bots.
 * @param {Game} game
 * @param {string} link
 * @returns {import("./panels.js").WaitingActions}
 */
export function waitingActions(game, link) {
  /** @param {unknown} err */
  const refused = (err) => game.hooks.toast(t(`error.${err instanceof ApiError ? err.code : "internal_error"}`));
  return {
    copy: async () => {
      try {
        await navigator.clipboard.writeText(link);
        game.hooks.toast(t("waiting.copied"));
      } catch {
        /** @type {HTMLInputElement} */ (find(game.root, "#invite-link")).select();
      }
    },
    move: async (seat) => {
      try {
        await api.move(game.session.tableId, game.session.token, seat);
        if (seat !== game.mySeat) game.dispatch({ type: "seat", seat });
      } catch (err) {
        refused(err);
      }
    },
    fill: async () => {
      try {
        await api.fill(game.session.tableId, game.session.token);
      } catch (err) {
        refused(err);
      }
    },
  };
}

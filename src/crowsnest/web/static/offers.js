// @ts-check
// What the client offers that the server declares (GET /api/client): the bots' levels,
// the turn timers and the quick-chat keys. Asked once at start; nothing of it is
// written in the client, so a level or a chat key the server adds is offered as it is
// (its words come from the catalogs: `level.<level>`, `people.timer_<timer>`,
// `chat.<key>`).

import { api } from "./api.js";

/** @typedef {import("./types.js").Level} Level */
/** @typedef {import("./types.js").Timer} Timer */
/** @typedef {import("./types.js").ChatKey} ChatKey */

/**
 * GET /api/client.
 * @typedef {object} ClientConfig
 * @property {Level[]} levels the bots' levels, weakest first
 * @property {Level} level_default a new table's level when none is asked for
 * @property {Timer[]} timers the turn timer's presets, `off` first
 * @property {Timer} timer_default a friends table's timer when none is asked for
 * @property {ChatKey[]} quick_messages
 * @property {ChatKey[]} reactions
 */

/** @type {ClientConfig} nothing offered until the server has said */
const NONE = { levels: [], level_default: "normal", timers: [], timer_default: "normal", quick_messages: [], reactions: [] };

/** @type {ClientConfig} */
let config = NONE;

/** Ask the server what to offer (once, at start). */
export async function loadOffers() {
  config = await api.client();
}

/**
 * Use these offers (the tests give their own).
 * @param {ClientConfig} given
 */
export function useOffers(given) {
  config = given;
}

/** @returns {ClientConfig} what the server said the client offers */
export function offers() {
  return config;
}

/**
 * The level to play at: the one chosen in Settings while the server offers it, else
 * the server's default.
 * @param {string} chosen
 * @returns {Level}
 */
export function levelOf(chosen) {
  return config.levels.find((level) => level === chosen) ?? config.level_default;
}

// @ts-check
// The offline transport (transport.js): a solo game with no server. A Web Worker
// (offline/worker.js) runs the engine and the bots under Pyodide and speaks the
// server's messages, so the table (game.js) draws the game with the same code as an
// online one. The game is kept in localStorage as it goes (its config and actions),
// so a reload goes on with it, offline still, to its end. A finished game is kept
// in IndexedDB with its result (offline/records.js), for the History tab.

import { finishedRecord, keepFinished } from "./records.js";

/** @typedef {import("../types.js").ServerMessage} ServerMessage */
/** @typedef {import("../types.js").ClientMessage} ClientMessage */
/** @typedef {import("../types.js").Session} Session */
/** @typedef {import("../transport.js").Transport} Transport */
/** @typedef {import("../transport.js").TransportHandlers} TransportHandlers */
/** @typedef {import("../transport.js").TransportFactory} TransportFactory */

/**
 * What starts an offline game (the worker's `start`), and its actions so far.
 * @typedef {object} OfflineGame
 * @property {string} table_id
 * @property {string} rules
 * @property {Record<string, unknown>} options
 * @property {string} level
 * @property {number} seed
 * @property {string} name
 * @property {number} bot_delay
 * @property {[number, string][]} [actions]
 * @property {object} [record] the engine's record, once there is one
 * @property {boolean} [over] the game is over
 */

const PREFIX = "crowsnest.offline.";

/** @param {string} tableId */
export function isOfflineTable(tableId) {
  return tableId.startsWith("offline-");
}

/**
 * A new offline game's config.
 * @param {{rules: string, options: Record<string, unknown>, level: string, name: string, bot_delay: number}} chosen
 * @returns {OfflineGame}
 */
export function newOfflineGame(chosen) {
  const seed = Math.floor(Math.random() * 2 ** 52);
  const id = `offline-${seed.toString(36)}`;
  const game = { ...chosen, table_id: id, seed, actions: [] };
  saveOfflineGame(game);
  return game;
}

/** @param {OfflineGame} game */
export function saveOfflineGame(game) {
  try {
    localStorage.setItem(PREFIX + game.table_id, JSON.stringify(game));
  } catch {
    // storage full or off: the game goes on, a reload will not find it
  }
}

/**
 * @param {string} tableId
 * @returns {OfflineGame | null}
 */
export function loadOfflineGame(tableId) {
  try {
    const text = localStorage.getItem(PREFIX + tableId);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** @implements {Transport} */
export class WorkerTransport {
  /** @param {OfflineGame} game */
  constructor(game) {
    this.game = game;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {TransportHandlers | null} */
    this.handlers = null;
    this.ready = false;
    /** @type {"kept" | "fresh" | null} how the worker's runtime started (its snapshot kept from an earlier start, or afresh) */
    this.start = null;
    this.hints = 0;
    /** @type {Map<number, (answer: any) => void>} */
    this.waiting = new Map();
    /** @type {number[]} seconds each bot decision took */
    this.timings = [];
    /** the finished game was handed to the kept records */
    this.kept = false;
  }

  /** @param {TransportHandlers} handlers */
  open(handlers) {
    this.handlers = handlers;
    handlers.status("connecting");
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.addEventListener("message", (event) => this.receive(event.data));
    worker.addEventListener("error", (event) => {
      console.warn("offline worker:", event.message);
      handlers.status("lost");
    });
    worker.postMessage({ kind: "start", config: this.game });
  }

  /** @param {any} data */
  receive(data) {
    const handlers = this.handlers;
    if (!handlers) return;
    if (data.kind === "ready") {
      this.ready = true;
      this.start = data.start;
      handlers.status("open");
    } else if (data.kind === "messages") {
      this.game = { ...this.game, actions: data.actions, ...(data.record ? { record: data.record } : {}) };
      for (const msg of /** @type {ServerMessage[]} */ (data.messages)) {
        if (msg.type === "state" && msg.status === "over") this.game.over = true;
      }
      saveOfflineGame(this.game);
      const finished = finishedRecord(this.game, data.result);
      if (finished && !this.kept) {
        this.kept = true;
        keepFinished(finished);
      }
      for (const msg of data.messages) handlers.message(msg);
    } else if (data.kind === "hint") {
      this.waiting.get(data.id)?.(data.answer);
      this.waiting.delete(data.id);
    } else if (data.kind === "timing") {
      this.timings.push(data.seconds);
    } else if (data.kind === "failed") {
      console.warn("offline game:", data.error);
      handlers.message({ type: "error", code: "offline_failed", message: String(data.error), seq: null, args: {} });
    }
  }

  /** @param {ClientMessage} message */
  send(message) {
    if (!this.worker || !this.ready) return false;
    this.worker.postMessage({ kind: "send", message });
    return true;
  }

  /**
   * The bot's advice for the player, as GET /api/tables/{id}/hint answers.
   * @returns {Promise<{action: string}>}
   */
  hint() {
    const id = ++this.hints;
    return new Promise((resolve, reject) => {
      if (!this.worker) return reject(new Error("closed"));
      this.waiting.set(id, (answer) => (answer.type === "error" ? reject(new Error(answer.code)) : resolve(answer)));
      this.worker.postMessage({ kind: "hint", id });
    });
  }

  close() {
    this.worker?.terminate();
    this.worker = null;
    this.handlers = null;
  }
}

/**
 * The offline transport of a session whose game is kept here (newOfflineGame).
 * @type {TransportFactory}
 */
export const offlineTransport = (session) => {
  const game = loadOfflineGame(session.tableId);
  if (!game) throw new Error(`no offline game ${session.tableId}`);
  return new WorkerTransport(game);
};

// @ts-check
// The games played offline, kept in this browser (IndexedDB): each finished offline
// game with what rebuilds it (rule set, options, seed, level, seat, every action) and
// the player's result, so that the History tab shows the player's own statistics of
// them even with no connection, and, once online, can send them to the server's
// History as unrated practice games (POST /api/practice, docs/protocol.md): the
// server replays each from its seed and refuses one that is not legal. Ratings and
// fair-deal seals stay the server's, for games played online.

/** @typedef {import("../wire.js").PracticeGame} PracticeGame */
/** @typedef {import("../wire.js").PracticeStored} PracticeStored */

/**
 * A finished offline game as this browser keeps it.
 * @typedef {object} OfflineRecord
 * @property {string} id the offline table's id (`offline-...`)
 * @property {string} rules
 * @property {Record<string, boolean | number | string>} options
 * @property {"easy" | "normal" | "hard"} level the bots'
 * @property {number} seed
 * @property {number} seat the player's
 * @property {string} name the player's
 * @property {[number, string][]} actions every action applied, `[seat, text]`
 * @property {string} finished_at ISO 8601
 * @property {number} score the player's final score (Rook: the team's)
 * @property {boolean} won
 * @property {number[]} final_scores
 * @property {"kept" | "sent" | "refused"} status kept here only, in the History, or refused by the server
 * @property {string | null} table_id its id in the History, once sent
 * @property {string | null} problem the server's reason, when refused
 */

/**
 * One rule set's offline games, as this browser counts them.
 * @typedef {{rules: string, games: number, wins: number, points: number}} LocalStats
 */

/**
 * What sending did: how many went to the History, how many the server refused,
 * and the error that stopped it (the connection, a rate limit), if any.
 * @typedef {{sent: number, refused: number, error: string | null}} SendOutcome
 */

export const DB_NAME = "crowsnest";
export const STORE = "offline_games";
const VERSION = 1;

/**
 * The database (made on first use).
 * @param {IDBFactory} [factory]
 * @returns {Promise<IDBDatabase>}
 */
export function openRecords(factory = globalThis.indexedDB) {
  return new Promise((resolve, reject) => {
    if (!factory) return reject(new Error("no IndexedDB"));
    const request = factory.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * @template T
 * @param {IDBDatabase} db
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} act
 * @returns {Promise<T>}
 */
function run(db, mode, act) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * Keep (or update) a game.
 * @param {IDBDatabase} db
 * @param {OfflineRecord} record
 */
export async function putRecord(db, record) {
  await run(db, "readwrite", (store) => store.put(record));
}

/**
 * Every kept game, oldest first.
 * @param {IDBDatabase} db
 * @returns {Promise<OfflineRecord[]>}
 */
export async function allRecords(db) {
  const found = /** @type {OfflineRecord[]} */ (await run(db, "readonly", (store) => store.getAll()));
  return found.sort((a, b) => a.finished_at.localeCompare(b.finished_at) || a.id.localeCompare(b.id));
}

/**
 * The record of a finished offline game, from the offline transport's game and the
 * worker's result; null when it is not a whole finished game.
 * @param {{table_id: string, rules: string, options: Record<string, unknown>, level: string, seed: number, name: string, actions?: [number, string][]}} game
 * @param {{score: number, won: boolean, scores: number[]} | null | undefined} result
 * @param {Date} [now]
 * @returns {OfflineRecord | null}
 */
export function finishedRecord(game, result, now = new Date()) {
  if (!result || !game.actions) return null;
  const level = game.level === "easy" || game.level === "hard" ? game.level : "normal";
  return {
    id: game.table_id,
    rules: game.rules,
    options: /** @type {Record<string, boolean | number | string>} */ (game.options ?? {}),
    level,
    seed: game.seed,
    seat: 0,
    name: game.name,
    actions: game.actions.map(([seat, text]) => /** @type {[number, string]} */ ([seat, text])),
    finished_at: now.toISOString(),
    score: result.score,
    won: result.won,
    final_scores: [...result.scores],
    status: "kept",
    table_id: null,
    problem: null,
  };
}

/**
 * Keep a finished offline game, once (a game already kept is left as it is: it may
 * have been sent). Storage that is off or full loses it, and the game is not harmed.
 * @param {OfflineRecord} record
 * @param {IDBFactory} [factory]
 * @returns {Promise<boolean>} whether it is kept now
 */
export async function keepFinished(record, factory) {
  try {
    const db = await openRecords(factory);
    try {
      const old = await run(db, "readonly", (store) => store.get(record.id));
      if (!old) await putRecord(db, record);
      return true;
    } finally {
      db.close();
    }
  } catch (err) {
    console.warn("offline games: not kept", err);
    return false;
  }
}

/**
 * Each rule set's offline games: how many, how many won, the points scored (the
 * player's final scores added up), in rule set order.
 * @param {OfflineRecord[]} records
 * @returns {LocalStats[]}
 */
export function localStats(records) {
  /** @type {Map<string, LocalStats>} */
  const by = new Map();
  for (const r of records) {
    const s = by.get(r.rules) ?? { rules: r.rules, games: 0, wins: 0, points: 0 };
    s.games += 1;
    s.wins += r.won ? 1 : 0;
    s.points += r.score;
    by.set(r.rules, s);
  }
  return [...by.values()].sort((a, b) => a.rules.localeCompare(b.rules));
}

/**
 * What POST /api/practice takes of a kept game (nothing the server would not believe).
 * @param {OfflineRecord} r
 * @returns {PracticeGame}
 */
export function practiceBody(r) {
  return { rules: r.rules, options: r.options, seed: r.seed, level: r.level, seat: r.seat, name: r.name, actions: r.actions };
}

/** Codes with which the server refuses a game for good (sending it again is no use). */
const REFUSALS = new Set(["bad_record", "not_finished", "bad_request", "bad_name", "too_large"]);

/**
 * Send the games not sent yet, oldest first, each marked as the server answered:
 * `sent` (with its History id; a game the server had already is sent too) or
 * `refused` (with the reason). A failure of another kind (no connection, a rate
 * limit) stops, leaving the rest to send later.
 * @param {IDBDatabase} db
 * @param {(body: PracticeGame) => Promise<PracticeStored>} post
 * @returns {Promise<SendOutcome>}
 */
export async function sendKept(db, post) {
  /** @type {SendOutcome} */
  const outcome = { sent: 0, refused: 0, error: null };
  for (const r of await allRecords(db)) {
    if (r.status !== "kept") continue;
    try {
      const stored = await post(practiceBody(r));
      await putRecord(db, { ...r, status: "sent", table_id: stored.table_id, problem: null });
      outcome.sent += 1;
    } catch (err) {
      const code = /** @type {{code?: unknown}} */ (err)?.code;
      if (typeof code === "string" && REFUSALS.has(code)) {
        const message = err instanceof Error ? err.message : code;
        await putRecord(db, { ...r, status: "refused", problem: `${code}: ${message}` });
        outcome.refused += 1;
      } else {
        outcome.error = typeof code === "string" ? code : String(err);
        break;
      }
    }
  }
  return outcome;
}

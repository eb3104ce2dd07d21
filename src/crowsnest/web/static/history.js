// @ts-check
// The History tab: the player's statistics and their finished games, each with a
// button that opens it in the replay viewer (replay.js).

import { t, formatNumber, formatDate, onLanguageChange } from "./i18n.js";
import { api, errorCode } from "./api.js";
import { h, focusOn } from "./dom.js";
import { openReplay, drawReplay } from "./replay.js";

/**
 * @typedef {object} FamilyStats
 * @property {number} games
 * @property {number} wins
 * @property {number | null} average_score
 * @property {number} [contracts_made]
 * @property {number} [contracts_set]
 */

/** @typedef {{games: number, wins: number, by_game?: Record<string, FamilyStats>}} Stats */

/**
 * @typedef {object} GameRow a finished game of the player
 * @property {string} table_id
 * @property {string} rules
 * @property {string} family
 * @property {string} finished_at ISO 8601
 * @property {number} seat
 * @property {number} score
 * @property {boolean} won
 * @property {number[]} final_scores
 * @property {boolean} public
 */

/** @typedef {{name: string, total: number, limit: number, offset: number, games: GameRow[]}} GamesPage */

/**
 * What the tab shows, redrawn on a language change.
 * @typedef {object} HistoryView
 * @property {HTMLElement} container
 * @property {string} name
 * @property {Stats | null} stats
 * @property {GameRow[]} games
 * @property {number} total
 * @property {import("./replay.js").ReplayState | null} replay
 * @property {string | null} error
 */

const PAGE = 20;

/** @type {HistoryView | null} */
let view = null;

onLanguageChange(() => {
  if (!view || !view.container.isConnected) return;
  drawPage(view);
  if (view.replay) drawReplay(view);
});

/**
 * Show the History tab of playerName: statistics, games, and a replay viewer.
 * @param {HTMLElement} container
 * @param {string} playerName
 */
export async function renderHistory(container, playerName) {
  /** @type {HistoryView} */
  const v = { container, name: playerName, stats: null, games: [], total: 0, replay: null, error: null };
  view = v;
  container.replaceChildren(h("p", { role: "status" }, t("history.loading")));
  try {
    const [stats, page] = await Promise.all([api.playerStats(playerName), api.playerGames(playerName, PAGE, 0)]);
    v.stats = stats;
    v.games = page.games;
    v.total = page.total;
  } catch (err) {
    v.error = errorCode(err);
  }
  drawPage(v);
}

/** @param {HistoryView} v */
async function loadMore(v) {
  const page = await api.playerGames(v.name, PAGE, v.games.length);
  v.games = v.games.concat(page.games);
  v.total = page.total;
  v.replay = null; // the page is drawn again, without the viewer
  drawPage(v);
  focusOn(v.container, `.history-game:nth-child(${v.games.length - page.games.length + 1}) button`);
}

// ---------- the page: statistics and games ----------

/** @param {HistoryView} v */
function drawPage(v) {
  const root = h("div", { class: "history" });
  root.append(h("h2", { id: "history-title" }, t("history.title", { name: v.name })));
  if (v.error) {
    root.append(h("p", { role: "alert" }, t("history.load_failed", { error: v.error })));
    v.container.replaceChildren(root);
    return;
  }
  root.append(statsBlock(v.stats));
  root.append(gamesBlock(v));
  const viewer = h("section", { id: "replay", class: "replay paper", "aria-labelledby": "replay-title" });
  viewer.hidden = true;
  root.append(viewer);
  v.container.replaceChildren(root);
}

/** @param {Stats | null} stats */
function statsBlock(stats) {
  const box = h("section", { id: "history-stats", class: "paper history-stats", "aria-labelledby": "history-stats-title" });
  box.append(h("h3", { id: "history-stats-title" }, t("history.stats")));
  if (!stats || !stats.games) {
    box.append(h("p", {}, t("history.no_games")));
    return box;
  }
  const dl = h("dl");
  /** @param {string} key @param {string} value */
  const row = (key, value) => {
    dl.append(h("dt", {}, t(key)), h("dd", {}, value));
  };
  row("history.games_played", formatNumber(stats.games));
  row("history.wins", formatNumber(stats.wins));
  row("history.win_rate", t("history.percent", { value: Math.round((100 * stats.wins) / stats.games) }));
  for (const [family, g] of Object.entries(stats.by_game ?? {})) {
    const text = t("history.family_line", {
      count: g.games,
      wins: formatNumber(g.wins),
      average: g.average_score == null ? "–" : formatNumber(g.average_score),
    });
    row(`history.family.${family}`, text);
    if (family === "rook") {
      row("history.contracts", t("history.contracts_line", { made: formatNumber(g.contracts_made ?? 0), set: formatNumber(g.contracts_set ?? 0) }));
    }
  }
  box.append(dl);
  return box;
}

/** @param {HistoryView} v */
function gamesBlock(v) {
  const box = h("section", { id: "history-games", class: "paper", "aria-labelledby": "history-games-title" });
  box.append(h("h3", { id: "history-games-title" }, t("history.games", { count: v.total })));
  if (!v.games.length) {
    box.append(h("p", {}, t("history.no_games")));
    return box;
  }
  const list = h("ol", { class: "history-list" });
  for (const g of v.games) {
    const item = h("li", { class: "history-game", "data-table": g.table_id });
    const result = g.won ? t("history.won") : t("history.lost");
    const scores = g.final_scores.map((s) => formatNumber(s)).join(" : ");
    item.append(
      h("span", { class: "history-date" }, formatDate(g.finished_at)),
      h("span", { class: "history-rules" }, t(`rules.name.${g.rules}`)),
      h("span", { class: `history-result ${g.won ? "won" : "lost"}` }, result),
      h("span", { class: "history-scores", dir: "ltr" }, scores),
    );
    if (!g.public) item.append(h("span", { class: "history-private" }, t("history.private")));
    const open = h("button", { type: "button", class: "replay-open" }, t("history.replay"));
    open.setAttribute("aria-label", t("history.replay_of", { rules: t(`rules.name.${g.rules}`), date: formatDate(g.finished_at) }));
    open.addEventListener("click", () => openReplay(v, g));
    item.append(open);
    list.append(item);
  }
  box.append(list);
  if (v.games.length < v.total) {
    const more = h("button", { type: "button", id: "history-more" }, t("history.more"));
    more.addEventListener("click", () => loadMore(v));
    box.append(more);
  }
  return box;
}

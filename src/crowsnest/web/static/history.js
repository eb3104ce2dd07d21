// @ts-check
// The History tab: the player's statistics and their finished games, each with a
// button that opens it in the replay viewer (replay.js).

import { t, formatNumber, formatDate, onLanguageChange } from "./i18n.js";
import { api, errorCode } from "./api.js";
import { h, focusOn } from "./dom.js";
import { openReplay, drawReplay } from "./replay.js";
import { offlineBlock } from "./history-offline.js";

/**
 * @typedef {object} RulesStats a player's finished games of one rule set (docs/protocol.md)
 * @property {string} rules
 * @property {string} family
 * @property {number} games
 * @property {number} wins
 * @property {number} losses
 * @property {number} left
 * @property {number} hands
 * @property {number | null} average_per_hand
 * @property {number | null} average_per_game
 * @property {number} contracts_bid
 * @property {number} contracts_made
 * @property {number} contracts_set
 * @property {number} moons_shot
 * @property {number} moons_suffered
 */

/** @typedef {{family: string, mu: number, sigma: number, games: number, low: number, high: number, evidence: number, provisional: boolean, plays_like: string | null}} FamilyRating */
/** @typedef {{id: string, name: string | null, signed_up: boolean, ratings: FamilyRating[], stats: RulesStats[]}} Profile */
/** @typedef {Profile & {username: string | null}} Me */
/** @typedef {{table_id: string | null, at: string, mu: number, sigma: number}} RatingPoint */
/** @typedef {{player: string, family: string, points: RatingPoint[], bots: {level: string, mu: number, sigma: number}[]}} RatingHistory */
/** @typedef {{seat: number, kind: string, name: string | null, player: string | null}} SeatPlayer */

/**
 * @typedef {object} GameRow a finished game of the player
 * @property {string} table_id
 * @property {string} rules
 * @property {string} family
 * @property {string} finished_at ISO 8601
 * @property {number} seat
 * @property {number} score
 * @property {boolean} won
 * @property {boolean} left
 * @property {number[]} final_scores
 * @property {boolean} public
 * @property {SeatPlayer[]} seats
 * @property {boolean} [practice] played offline and sent afterwards: unrated
 */

/** @typedef {{player: string, total: number, limit: number, offset: number, games: GameRow[]}} GamesPage */

/**
 * What the tab shows, redrawn on a language change.
 * @typedef {object} HistoryView
 * @property {HTMLElement} container
 * @property {string} name
 * @property {string} player the public id shown
 * @property {boolean} own
 * @property {Me | null} me
 * @property {Profile | null} profile
 * @property {Record<string, RatingHistory>} ratings
 * @property {GameRow[]} games
 * @property {number} total
 * @property {import("./replay.js").ReplayState | null} replay
 * @property {string | null} error
 * @property {string | null} accountError
 */

const PAGE = 20;

/** @type {HistoryView | null} */
let view = null;

onLanguageChange(() => {
  if (!view || !view.container.isConnected) return;
  drawPage(view);
  if (view.replay) drawReplay(view);
});

/** The table whose replay opens with the History tab next (the lobby's last game). */
let replayWanted = /** @type {string | null} */ (null);

/**
 * Open the replay of a table's game when the History tab is drawn next.
 * @param {string} tableId
 */
export function replayOnOpen(tableId) {
  replayWanted = tableId;
}

/**
 * Show the History tab: yours (playerId omitted) or another player's, by id:
 * ratings with their chart, statistics, games, and a replay viewer.
 * @param {HTMLElement} container
 * @param {string | null} [playerId]
 */
export async function renderHistory(container, playerId = null) {
  /** @type {HistoryView} */
  const v = {
    container, name: "", player: playerId ?? "", own: playerId == null, me: null, profile: null,
    ratings: {}, games: [], total: 0, replay: null, error: null, accountError: null,
  };
  view = v;
  container.replaceChildren(h("p", { role: "status" }, t("history.loading")));
  await load(v);
  drawPage(v);
  const wanted = replayWanted;
  replayWanted = null;
  const game = wanted ? v.games.find((g) => g.table_id === wanted) : undefined;
  if (game && view === v) await openReplay(v, game);
}

/** @param {HistoryView} v */
async function load(v) {
  try {
    v.me = await api.me();
    v.own = v.own || v.player === v.me.id;
    if (v.own) v.player = v.me.id;
    const [profile, page] = await Promise.all([v.own ? v.me : api.player(v.player), api.playerGames(v.player, PAGE, 0)]);
    v.profile = profile;
    // Signed in: the account's name (the identity's may still be an old one, "Player").
    v.name = (v.own ? v.me.username : null) ?? profile.name ?? "";
    v.games = page.games;
    v.total = page.total;
    const histories = await Promise.all(profile.ratings.map((r) => api.ratingHistory(v.player, r.family)));
    v.ratings = Object.fromEntries(histories.map((r) => [r.family, r]));
    v.error = null;
  } catch (err) {
    v.error = errorCode(err);
  }
}

/** @param {HistoryView} v */
async function loadMore(v) {
  const page = await api.playerGames(v.player, PAGE, v.games.length);
  v.games = v.games.concat(page.games);
  v.total = page.total;
  v.replay = null; // the page is drawn again, without the viewer
  drawPage(v);
  focusOn(v.container, `.history-game:nth-child(${v.games.length - page.games.length + 1}) button`);
}

// ---------- the page: account, ratings, statistics and games ----------

/** @param {HistoryView} v */
function drawPage(v) {
  const root = h("div", { class: "history" });
  const title = v.name ? t("history.title", { name: v.name }) : t("history.title_anonymous");
  root.append(h("h2", { id: "history-title" }, title));
  // The games played offline are this browser's: shown with no connection too.
  const offline = v.own ? offlineBlock(() => renderHistory(v.container)) : null;
  if (v.error) {
    root.append(h("p", { role: "alert" }, t("history.load_failed", { error: v.error })));
    if (offline) root.append(offline);
    v.container.replaceChildren(root);
    return;
  }
  if (!v.own) {
    const back = h("button", { type: "button", id: "history-mine" }, t("history.back_to_mine"));
    back.addEventListener("click", () => renderHistory(v.container));
    root.append(back);
  } else {
    root.append(accountBlock(v));
  }
  root.append(ratingsBlock(v));
  root.append(statsBlock(v.profile?.stats ?? [], v.games.some((g) => g.practice)));
  if (offline) root.append(offline);
  root.append(gamesBlock(v));
  const viewer = h("section", { id: "replay", class: "replay paper", "aria-labelledby": "replay-title" });
  viewer.hidden = true;
  root.append(viewer);
  v.container.replaceChildren(root);
}

/** @param {HistoryView} v */
function accountBlock(v) {
  const box = h("section", { id: "history-account", class: "paper", "aria-labelledby": "history-account-title" });
  box.append(h("h3", { id: "history-account-title" }, t("account.title")));
  const me = v.me;
  if (me?.username) {
    box.append(h("p", { id: "account-status" }, t("account.signed_in_as", { username: me.username })));
    const out = h("button", { type: "button", id: "account-signout" }, t("account.sign_out"));
    out.addEventListener("click", async () => {
      await api.signOut().catch(() => undefined);
      await renderHistory(v.container);
    });
    box.append(out);
    return box;
  }
  box.append(h("p", {}, t("account.why")));
  const user = h("input", { id: "account-username", name: "username", autocomplete: "username", maxlength: "40", required: "" });
  const pass = h("input", { id: "account-password", name: "password", type: "password", autocomplete: "current-password", minlength: "8", maxlength: "256", required: "" });
  const form = h(
    "form",
    { id: "account-form", class: "account-form" },
    h("div", { class: "field" }, h("label", { for: "account-username" }, t("account.username")), user),
    h("div", { class: "field" }, h("label", { for: "account-password" }, t("account.password")), pass),
  );
  /** @param {"up" | "in"} how */
  const submit = async (how) => {
    const username = /** @type {HTMLInputElement} */ (user).value;
    const password = /** @type {HTMLInputElement} */ (pass).value;
    try {
      await (how === "up" ? api.signUp(username, password) : api.signIn(username, password));
      v.accountError = null;
      await renderHistory(v.container);
      focusOn(v.container, "#account-status");
    } catch (err) {
      v.accountError = errorCode(err);
      const alert = box.querySelector("#account-error");
      if (alert) alert.textContent = t(`error.${v.accountError}`);
    }
  };
  const up = h("button", { type: "button", id: "account-signup" }, t("account.sign_up"));
  const signIn = h("button", { type: "submit", id: "account-signin" }, t("account.sign_in"));
  up.addEventListener("click", () => submit("up"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submit("in");
  });
  form.append(h("div", { class: "account-buttons" }, signIn, up));
  box.append(form, h("p", { id: "account-error", role: "alert" }, v.accountError ? t(`error.${v.accountError}`) : ""));
  return box;
}

/** @param {HistoryView} v */
function ratingsBlock(v) {
  const box = h("section", { id: "history-ratings", class: "paper", "aria-labelledby": "history-ratings-title" });
  box.append(h("h3", { id: "history-ratings-title" }, t("rating.title")));
  const ratings = v.profile?.ratings ?? [];
  if (!ratings.length) {
    box.append(h("p", {}, t("rating.none")));
    return box;
  }
  for (const r of ratings) {
    const family = h("div", { class: "rating", "data-family": r.family });
    family.append(
      h("h4", {}, t(`history.family.${r.family}`)),
      h(
        "p",
        { class: "rating-value" },
        t("rating.value", { mu: formatNumber(r.mu), sigma: formatNumber(r.sigma), count: r.games }),
      ),
      h("p", { class: "rating-range" }, t("rating.range", { low: formatNumber(r.low), high: formatNumber(r.high) })),
      r.plays_like
        ? h("p", { class: "rating-like" }, t("rating.plays_like", { level: t(`level.${r.plays_like}`) }))
        : h("p", { class: "rating-provisional" }, t("rating.provisional")),
    );
    const history = v.ratings[r.family];
    if (history && history.points.length) family.append(ratingChart(history));
    box.append(family);
  }
  return box;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element (the DOM helper makes HTML ones).
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * The rating after each rated game as a line, its uncertainty (± one sigma) as a
 * band, and the bots' fixed ratings as dashed levels.
 * @param {RatingHistory} history
 */
function ratingChart(history) {
  const W = 320, H = 120, PAD = 6;
  const pts = history.points;
  const lows = pts.map((p) => p.mu - p.sigma).concat(history.bots.map((b) => b.mu));
  const highs = pts.map((p) => p.mu + p.sigma).concat(history.bots.map((b) => b.mu));
  const lo = Math.min(...lows), hi = Math.max(...highs);
  const span = hi - lo || 1;
  /** @param {number} i */
  const x = (i) => PAD + (pts.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (pts.length - 1));
  /** @param {number} value */
  const y = (value) => H - PAD - ((value - lo) * (H - 2 * PAD)) / span;
  const last = pts[pts.length - 1];
  const label = t("rating.chart", { count: pts.length, mu: formatNumber(last.mu), sigma: formatNumber(last.sigma) });
  const chart = svg("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  const band = pts.map((p, i) => `${x(i)},${y(p.mu + p.sigma)}`).concat(pts.map((p, i) => `${x(i)},${y(p.mu - p.sigma)}`).reverse());
  chart.append(svg("polygon", { class: "rating-band", points: band.join(" ") }));
  for (const b of history.bots) {
    const line = svg("line", { class: "rating-bot", x1: PAD, x2: W - PAD, y1: y(b.mu), y2: y(b.mu) });
    const title = svg("title", {});
    title.textContent = t(`level.${b.level}`);
    line.append(title);
    chart.append(line);
  }
  chart.append(svg("polyline", { class: "rating-line", points: pts.map((p, i) => `${x(i)},${y(p.mu)}`).join(" ") }));
  for (const [i, p] of pts.entries()) chart.append(svg("circle", { class: "rating-point", cx: x(i), cy: y(p.mu), r: 2.5 }));
  return chart;
}

/**
 * @param {RulesStats[]} stats
 * @param {boolean} practice practice games are listed (they count in none of these)
 */
function statsBlock(stats, practice) {
  const box = h("section", { id: "history-stats", class: "paper history-stats", "aria-labelledby": "history-stats-title" });
  box.append(h("h3", { id: "history-stats-title" }, t("history.stats")));
  if (!stats.length) {
    box.append(h("p", {}, t(practice ? "practice.no_stats" : "history.no_games")));
    return box;
  }
  for (const s of stats) {
    const dl = h("dl", { class: "rules-stats", "data-rules": s.rules });
    /** @param {string} key @param {string} value */
    const row = (key, value) => {
      dl.append(h("dt", {}, t(key)), h("dd", {}, value));
    };
    row("history.games_played", formatNumber(s.games));
    row("stats.results", t("stats.results_line", { wins: formatNumber(s.wins), losses: formatNumber(s.losses), left: formatNumber(s.left) }));
    const played = s.wins + s.losses; // a game left is one of the losses
    if (played) row("history.win_rate", t("history.percent", { value: Math.round((100 * s.wins) / played) }));
    row("stats.hands", formatNumber(s.hands));
    row("stats.per_hand", s.average_per_hand == null ? "–" : formatNumber(s.average_per_hand));
    row("stats.per_game", s.average_per_game == null ? "–" : formatNumber(s.average_per_game));
    if (s.family === "rook") {
      row("history.contracts", t("stats.contracts_line", { bid: formatNumber(s.contracts_bid), made: formatNumber(s.contracts_made), set: formatNumber(s.contracts_set) }));
    } else {
      row("stats.moons", t("stats.moons_line", { shot: formatNumber(s.moons_shot), suffered: formatNumber(s.moons_suffered) }));
    }
    box.append(h("h4", {}, t(`rules.name.${s.rules}`)), dl);
  }
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
    const result = g.left ? t("history.left") : g.won ? t("history.won") : t("history.lost");
    const scores = g.final_scores.map((s) => formatNumber(s)).join(" : ");
    item.append(
      h("span", { class: "history-date" }, formatDate(g.finished_at)),
      h("span", { class: "history-rules" }, t(`rules.name.${g.rules}`)),
      h("span", { class: `history-result ${g.left ? "left" : g.won ? "won" : "lost"}` }, result),
      h("span", { class: "history-scores", dir: "ltr" }, scores),
    );
    if (g.practice) item.append(h("span", { class: "history-practice" }, t("practice.badge")));
    else if (!g.public) item.append(h("span", { class: "history-private" }, t("history.private")));
    const others = g.seats.filter((p) => p.player && p.player !== v.player);
    if (others.length) {
      const people = h("span", { class: "history-people" }, t("history.with"));
      for (const p of others) {
        const person = h("button", { type: "button", class: "history-person link", "data-player": p.player ?? "" }, p.name ?? "?");
        person.addEventListener("click", () => renderHistory(v.container, p.player));
        people.append(" ", person);
      }
      item.append(people);
    }
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

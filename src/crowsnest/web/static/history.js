// The History tab: the player's statistics, their finished games, and a replay viewer
// that steps through a game (every hand face up: the game is over). The server replays
// the record through the engine (GET /api/tables/{id}/replay); nothing is computed here
// but the layout.

import { t, cardName, formatNumber, currentLanguage, onLanguageChange } from "./i18n.js";
import { cardSvg } from "./cards.js";
import { settings } from "./settings.js";

const PAGE = 20;
const SESSIONS = "crowsnest.sessions";

let view = null; // what is on screen, redrawn on a language change

onLanguageChange(() => {
  if (!view || !view.container.isConnected) return;
  drawPage(view);
  if (view.replay) drawReplay(view);
});

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v != null) node.setAttribute(k, v);
  }
  if (text != null) node.textContent = text;
  return node;
}

async function getJson(path, headers = {}) {
  const response = await fetch(path, { headers });
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* no body */
  }
  if (!response.ok) {
    const error = new Error(data?.error?.message ?? response.statusText);
    error.code = data?.error?.code ?? String(response.status);
    throw error;
  }
  return data;
}

/** Show the History tab of playerName: statistics, games, and a replay viewer. */
export async function renderHistory(container, playerName) {
  ensureStyle();
  view = { container, name: playerName, stats: null, games: [], total: 0, replay: null, error: null };
  container.replaceChildren(el("p", { role: "status" }, t("history.loading")));
  const name = encodeURIComponent(playerName);
  try {
    const [stats, page] = await Promise.all([
      getJson(`/api/players/${name}/stats`),
      getJson(`/api/players/${name}/games?limit=${PAGE}&offset=0`),
    ]);
    view.stats = stats;
    view.games = page.games;
    view.total = page.total;
  } catch (err) {
    view.error = err.code ?? String(err);
  }
  drawPage(view);
}

async function loadMore(v) {
  const name = encodeURIComponent(v.name);
  const page = await getJson(`/api/players/${name}/games?limit=${PAGE}&offset=${v.games.length}`);
  v.games = v.games.concat(page.games);
  v.total = page.total;
  drawPage(v);
  v.container.querySelector(`.history-game:nth-child(${v.games.length - page.games.length + 1}) button`)?.focus();
}

// ---------- the page: statistics and games ----------

function rulesName(id) {
  return t(`rules.name.${id}`);
}

function dateText(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

function drawPage(v) {
  const root = el("div", { class: "history" });
  root.append(el("h2", { id: "history-title" }, t("history.title", { name: v.name })));
  if (v.error) {
    root.append(el("p", { role: "alert" }, t("history.load_failed", { error: v.error })));
    v.container.replaceChildren(root);
    return;
  }
  root.append(statsBlock(v.stats));
  root.append(gamesBlock(v));
  const viewer = el("section", { id: "replay", class: "replay paper", "aria-labelledby": "replay-title" });
  viewer.hidden = true;
  root.append(viewer);
  v.container.replaceChildren(root);
}

function statsBlock(stats) {
  const box = el("section", { id: "history-stats", class: "paper history-stats", "aria-labelledby": "history-stats-title" });
  box.append(el("h3", { id: "history-stats-title" }, t("history.stats")));
  if (!stats || !stats.games) {
    box.append(el("p", {}, t("history.no_games")));
    return box;
  }
  const dl = el("dl");
  const row = (key, value) => {
    dl.append(el("dt", {}, t(key)), el("dd", {}, value));
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
      row("history.contracts", t("history.contracts_line", { made: formatNumber(g.contracts_made), set: formatNumber(g.contracts_set) }));
    }
  }
  box.append(dl);
  return box;
}

function gamesBlock(v) {
  const box = el("section", { id: "history-games", class: "paper", "aria-labelledby": "history-games-title" });
  box.append(el("h3", { id: "history-games-title" }, t("history.games", { count: v.total })));
  if (!v.games.length) {
    box.append(el("p", {}, t("history.no_games")));
    return box;
  }
  const list = el("ol", { class: "history-list" });
  for (const g of v.games) {
    const item = el("li", { class: "history-game", "data-table": g.table_id });
    const result = g.won ? t("history.won") : t("history.lost");
    const scores = g.final_scores.map((s) => formatNumber(s)).join(" : ");
    item.append(
      el("span", { class: "history-date" }, dateText(g.finished_at)),
      el("span", { class: "history-rules" }, rulesName(g.rules)),
      el("span", { class: `history-result ${g.won ? "won" : "lost"}` }, result),
      el("span", { class: "history-scores", dir: "ltr" }, scores),
    );
    if (!g.public) item.append(el("span", { class: "history-private" }, t("history.private")));
    const open = el("button", { type: "button", class: "replay-open" }, t("history.replay"));
    open.setAttribute("aria-label", t("history.replay_of", { rules: rulesName(g.rules), date: dateText(g.finished_at) }));
    open.addEventListener("click", () => openReplay(v, g));
    item.append(open);
    list.append(item);
  }
  box.append(list);
  if (v.games.length < v.total) {
    const more = el("button", { type: "button", id: "history-more" }, t("history.more"));
    more.addEventListener("click", () => loadMore(v));
    box.append(more);
  }
  return box;
}

// ---------- the replay viewer ----------

function access(tableId) {
  try {
    const s = JSON.parse(localStorage.getItem(SESSIONS) || "{}")[tableId];
    return { token: s?.token ?? null, invite: s?.invite ?? null };
  } catch {
    return { token: null, invite: null };
  }
}

async function openReplay(v, game) {
  const viewer = v.container.querySelector("#replay");
  viewer.hidden = false;
  viewer.replaceChildren(el("p", { role: "status" }, t("history.loading")));
  const { token, invite } = access(game.table_id);
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const data = await getJson(`/api/tables/${encodeURIComponent(game.table_id)}/replay${query}`, headers);
    v.replay = { data, game, index: 0, seat: game.seat };
  } catch (err) {
    v.replay = null;
    const key = err.code === "bad_invite" ? "history.private_refused" : "history.load_failed";
    viewer.replaceChildren(el("p", { role: "alert" }, t(key, { error: err.code ?? String(err) })));
    return;
  }
  drawReplay(v);
  viewer.scrollIntoView({ block: "start" });
  viewer.querySelector(".replay-board")?.focus();
}

function seatName(data, seat) {
  const s = data.seats[seat];
  if (s?.kind === "human" && s.name) return s.name;
  return t("history.bot", { number: seat + 1 });
}

/** Indices where a trick is completed, and where a hand starts (dealt). */
function marks(steps) {
  const tricks = [];
  const hands = [0];
  steps.forEach((s, i) => {
    if (s.trick_done) tricks.push(i);
    if (s.dealt) hands.push(i);
  });
  return { tricks, hands };
}

function go(v, index) {
  const steps = v.replay.data.steps;
  v.replay.index = Math.max(0, Math.min(steps.length - 1, index));
  drawReplay(v, true);
}

function nextOf(list, i) {
  return list.find((x) => x > i);
}

function prevOf(list, i) {
  const before = list.filter((x) => x < i);
  return before.length ? before[before.length - 1] : undefined;
}

function move(v, what) {
  const r = v.replay;
  const { tricks, hands } = marks(r.data.steps);
  const i = r.index;
  const last = r.data.steps.length - 1;
  const target = {
    prev: i - 1,
    next: i + 1,
    "prev-trick": prevOf(tricks, i) ?? 0,
    "next-trick": nextOf(tricks, i) ?? last,
    "prev-hand": prevOf(hands, i) ?? 0,
    "next-hand": nextOf(hands, i) ?? last,
    first: 0,
    last,
  }[what];
  if (target !== undefined) go(v, target);
}

function actionText(data, step) {
  if (!step.action) {
    if (step.dealt) return t("history.action.dealt", { number: step.hand_number + 1 });
    return t("history.action.start");
  }
  const who = seatName(data, step.action.seat);
  const [verb, ...rest] = step.action.text.split(" ");
  const bird = data.rules === "rook/crowsnest" ? "crow" : "rook";
  if (verb === "play") return t("history.action.play", { name: who, card: cardName(rest[0], { bird }) });
  if (verb === "bid" && rest[0] === "pass") return t("history.action.bid_pass", { name: who });
  if (verb === "bid") return t("history.action.bid", { name: who, bid: Number(rest[0]) });
  if (verb === "trump") return t("history.action.trump", { name: who, colour: t(`history.colour.${rest[0]}`) });
  if (verb === "discard") return t("history.action.discard", { name: who, count: rest.length });
  if (verb === "pass") {
    return t("history.action.pass_cards", { name: who, cards: rest.map((c) => cardName(c)).join(", ") });
  }
  return `${who}: ${step.action.text}`;
}

function cardsRow(codes, { label, highlight = null } = {}) {
  const row = el("ul", { class: "replay-cards", "aria-label": label });
  const style = settings().deckStyle ?? "classic";
  for (const code of codes ?? []) {
    const li = el("li", { class: "card", "data-card": code });
    if (highlight && highlight(code)) li.classList.add("replay-highlight");
    li.setAttribute("role", "img");
    li.setAttribute("aria-label", cardName(code));
    li.innerHTML = cardSvg(code, style);
    row.append(li);
  }
  return row;
}

function handBox(data, step, seat, place) {
  const box = el("div", { class: `replay-hand replay-${place}`, "data-seat": String(seat) });
  const tags = [];
  if (step.dealer === seat) tags.push(t("history.dealer"));
  if (step.declarer === seat) tags.push(t("history.declarer"));
  if (step.actors?.includes(seat)) tags.push(t("history.to_act"));
  const name = el("h4", { class: "replay-name" }, seatName(data, seat));
  if (tags.length) name.append(el("span", { class: "replay-tags" }, ` · ${tags.join(" · ")}`));
  box.append(name);
  const last = step.action?.seat === seat ? step.action.text.split(" ").slice(1) : [];
  box.append(
    cardsRow(step.hands[seat], {
      label: t("history.hand_of", { name: seatName(data, seat) }),
      highlight: (c) => step.action?.text.startsWith("pass") && last.includes(c),
    }),
  );
  return box;
}

function trickBox(data, step) {
  const box = el("div", { class: "replay-trick" });
  const done = step.trick_done;
  const cards = done ? done.cards : step.trick;
  const leader = done ? done.leader : step.leader;
  box.append(el("h4", {}, done ? t("history.trick_won", { name: seatName(data, done.winner), count: done.points }) : t("history.trick")));
  const list = el("ol", { class: "replay-cards" });
  const style = settings().deckStyle ?? "classic";
  cards.forEach((code, k) => {
    const seat = (leader + k) % 4;
    const li = el("li", { class: "replay-played", "data-seat": String(seat) });
    const face = el("div", { class: "card", "data-card": code, role: "img" });
    face.setAttribute("aria-label", t("history.played_by", { name: seatName(data, seat), card: cardName(code) }));
    if (done && seat === done.winner) face.classList.add("replay-highlight");
    face.innerHTML = cardSvg(code, style);
    li.append(face, el("span", { class: "replay-by", "aria-hidden": "true" }, seatName(data, seat)));
    list.append(li);
  });
  box.append(list);
  return box;
}

function factsBox(data, step) {
  const dl = el("dl", { class: "replay-facts" });
  const row = (key, value) => dl.append(el("dt", {}, t(key)), el("dd", {}, value));
  row("history.hand_number", formatNumber(step.hand_number + 1));
  row("history.phase", t(`history.phase.${step.phase}`));
  if (data.family === "rook") {
    const team = (k) => t("history.team", { a: seatName(data, k), b: seatName(data, k + 2) });
    if (step.declarer != null) {
      row("history.contract", t("history.contract_line", { name: seatName(data, step.declarer), bid: step.bid }));
    }
    if (step.trump) row("history.trump", t(`history.colour.${step.trump}`));
    row("history.tricks_won", `${team(0)}: ${formatNumber(step.tricks_won[0])} · ${team(1)}: ${formatNumber(step.tricks_won[1])}`);
    row("history.points_taken", `${team(0)}: ${formatNumber(step.captured[0])} · ${team(1)}: ${formatNumber(step.captured[1])}`);
    row("history.totals", `${team(0)}: ${formatNumber(step.totals[0])} · ${team(1)}: ${formatNumber(step.totals[1])}`);
    if (step.discards) row("history.discards", step.discards.map((c) => cardName(c)).join(", "));
  } else {
    row("history.pass_direction", t(`history.direction.${step.pass_direction}`));
    const per = (list) => list.map((p, s) => `${seatName(data, s)}: ${formatNumber(p)}`).join(" · ");
    row("history.points_taken", per(step.points_taken));
    row("history.totals", per(step.totals));
  }
  return dl;
}

function resultBox(data, step) {
  const r = step.hand_end;
  if (!r) return null;
  const box = el("div", { class: "replay-result", role: "note" });
  box.append(el("h4", {}, t("history.hand_over", { number: r.hand_number + 1 })));
  if (data.family === "rook") {
    const key = r.made ? "history.made" : "history.set";
    box.append(el("p", {}, t(key, { name: seatName(data, r.declarer), bid: r.bid })));
    const team = (k) => t("history.team", { a: seatName(data, k), b: seatName(data, k + 2) });
    const score = { team1: team(0), score1: formatNumber(r.score[0]), team2: team(1), score2: formatNumber(r.score[1]) };
    box.append(el("p", {}, t("history.hand_score", score)));
  } else {
    const list = r.points.map((p, s) => `${seatName(data, s)}: ${formatNumber(p)}`).join(" · ");
    box.append(el("p", {}, t("history.hand_points", { list })));
    if (r.moon != null) box.append(el("p", {}, t("history.moon", { name: seatName(data, r.moon) })));
  }
  if (step.phase === "over") {
    const winner = data.family === "rook"
      ? t("history.team", { a: seatName(data, data.winner), b: seatName(data, data.winner + 2) })
      : seatName(data, data.winner);
    box.append(el("p", { class: "replay-winner" }, t("history.winner", { name: winner })));
  }
  return box;
}

const CONTROLS = [
  ["first", "history.first", "|◀"],
  ["prev-hand", "history.prev_hand", "◀◀◀"],
  ["prev-trick", "history.prev_trick", "◀◀"],
  ["prev", "history.prev", "◀"],
  ["next", "history.next", "▶"],
  ["next-trick", "history.next_trick", "▶▶"],
  ["next-hand", "history.next_hand", "▶▶▶"],
  ["last", "history.last", "▶|"],
];

function drawReplay(v, keepFocus = false) {
  const r = v.replay;
  const viewer = v.container.querySelector("#replay");
  if (!r || !viewer) return;
  const focusedId = keepFocus ? document.activeElement?.id : null;
  const { data, index } = r;
  const steps = data.steps;
  const step = steps[index];
  viewer.hidden = false;
  const head = el("div", { class: "replay-head" });
  head.append(el("h3", { id: "replay-title" }, t("history.replay_title", { rules: rulesName(data.rules), date: dateText(r.game.finished_at) })));
  const close = el("button", { type: "button", id: "replay-close" }, t("history.close"));
  close.addEventListener("click", () => {
    v.replay = null;
    viewer.hidden = true;
    viewer.replaceChildren();
    v.container.querySelector(`.history-game[data-table="${r.game.table_id}"] button`)?.focus();
  });
  head.append(close);

  const controls = el("div", { class: "replay-controls", role: "toolbar", "aria-label": t("history.controls") });
  for (const [what, key, symbol] of CONTROLS) {
    const b = el("button", { type: "button", id: `replay-${what}`, "aria-label": t(key), title: t(key) }, symbol);
    const atStart = index === 0 && (what.startsWith("prev") || what === "first");
    const atEnd = index === steps.length - 1 && (what.startsWith("next") || what === "last");
    if (atStart || atEnd) b.disabled = true;
    b.addEventListener("click", () => move(v, what));
    controls.append(b);
  }
  const slider = el("input", {
    type: "range",
    id: "replay-slider",
    min: "0",
    max: String(steps.length - 1),
    value: String(index),
    "aria-label": t("history.slider"),
    "aria-valuetext": t("history.position", { step: index + 1, total: steps.length }),
  });
  slider.addEventListener("input", () => go(v, Number(slider.value)));
  const position = el("p", { id: "replay-position", "aria-live": "polite" });
  position.dataset.index = String(index);
  position.append(
    el("span", { class: "replay-count" }, t("history.position", { step: index + 1, total: steps.length })),
    " — ",
    el("span", { class: "replay-action" }, actionText(data, step)),
  );

  const board = el("div", { class: "replay-board", tabindex: "0", "aria-label": t("history.board_help") });
  const me = r.seat ?? 0;
  const places = ["bottom", "left", "top", "right"];
  for (let k = 0; k < 4; k += 1) board.append(handBox(data, step, (me + k) % 4, places[k]));
  board.append(trickBox(data, step));
  board.addEventListener("keydown", (e) => onKey(v, e));

  const side = el("div", { class: "replay-side" });
  side.append(factsBox(data, step));
  const result = resultBox(data, step);
  if (result) side.append(result);

  viewer.replaceChildren(head, controls, slider, position, board, side, el("p", { class: "replay-help" }, t("history.keys")));
  if (focusedId) document.getElementById(focusedId)?.focus();
  else if (keepFocus) viewer.querySelector(".replay-board").focus();
}

function onKey(v, e) {
  const rtl = document.documentElement.dir === "rtl";
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  const action = {
    [forward]: "next",
    [back]: "prev",
    ArrowDown: "next-trick",
    ArrowUp: "prev-trick",
    PageDown: "next-hand",
    PageUp: "prev-hand",
    Home: "first",
    End: "last",
  }[e.key];
  if (!action) return;
  e.preventDefault();
  move(v, action);
  v.container.querySelector(".replay-board")?.focus();
}

function ensureStyle() {
  if (document.getElementById("history-style")) return;
  const style = el("style", { id: "history-style" });
  style.textContent = `
.history { max-inline-size: 1100px; margin-inline: auto; display: grid; gap: 1rem; }
.history h2 { margin: 0; }
.history-stats dl, .replay-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; }
.history-stats dt, .replay-facts dt { font-weight: 600; }
.history-stats dd, .replay-facts dd { margin: 0; }
.history-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.3rem; }
.history-game { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; padding: 0.3rem 0; border-block-end: 1px solid rgba(0,0,0,0.12); }
.history-result.won { color: #1f7a36; font-weight: 700; }
.history-result.lost { color: #a1262d; font-weight: 700; }
.history-private { font-style: italic; }
.history-game .replay-open { margin-inline-start: auto; }
.replay-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.replay-controls { display: flex; flex-wrap: wrap; gap: 0.3rem; margin-block: 0.5rem; }
.replay-controls button { min-inline-size: 2.6rem; letter-spacing: -0.15em; }
[dir=rtl] .replay-controls button { transform: scaleX(-1); }
#replay-slider { inline-size: 100%; }
.replay-board { --card-w: 42px; display: grid; gap: 0.5rem; grid-template-areas: ". top ." "left trick right" ". bottom ."; grid-template-columns: 1fr 1.3fr 1fr; align-items: center; padding: 0.5rem; border-radius: 10px; background: #1f5a3a; color: #fff; }
[dir=rtl] .replay-board { direction: ltr; }
[dir=rtl] .replay-board h4 { direction: rtl; }
.replay-board:focus-visible { outline: 3px solid #d9b55b; outline-offset: 2px; }
.replay-top { grid-area: top; } .replay-left { grid-area: left; } .replay-right { grid-area: right; } .replay-bottom { grid-area: bottom; }
.replay-trick { grid-area: trick; text-align: center; }
.replay-hand h4, .replay-trick h4 { margin: 0 0 0.25rem; font-size: 0.95rem; }
.replay-tags { font-weight: 400; opacity: 0.85; }
.replay-cards { list-style: none; display: flex; flex-wrap: wrap; gap: 2px; padding: 0; margin: 0; justify-content: center; min-block-size: calc(var(--card-w) * 1.4); }
.replay-cards .card { inline-size: var(--card-w); }
.replay-played { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.replay-by { font-size: 0.75rem; max-inline-size: 5rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.replay-highlight { outline: 3px solid #ffd34d; outline-offset: 1px; border-radius: 4px; }
.replay-side { display: grid; gap: 0.6rem; margin-block-start: 0.6rem; }
.replay-result { border-inline-start: 4px solid #d9b55b; padding-inline-start: 0.6rem; }
.replay-result h4 { margin: 0; }
.replay-help { font-size: 0.85rem; opacity: 0.85; }
@media (max-width: 640px) { .replay-board { --card-w: 30px; grid-template-columns: 1fr 1fr; grid-template-areas: "top top" "left right" "trick trick" "bottom bottom"; } }`;
  document.head.append(style);
}

// @ts-check
// table-state.js: a table's state changes as a pure reducer, fed the server's messages
// as they come and what happens at the table; its effects are data.
import "./env.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogOf } from "./env.js";
import { rookView, heartsView, SEATS } from "./fixtures.js";
import { welcome, state as stateMsg } from "./messages.js";
import { useCatalog } from "../../src/crowsnest/web/static/i18n.js";
import { DEFAULT_SETTINGS } from "../../src/crowsnest/web/static/store.js";
import { promptText } from "../../src/crowsnest/web/static/panels.js";
import { plateName } from "../../src/crowsnest/web/static/model.js";
import { initialState, tableModel, logMove, BUBBLE_MS } from "../../src/crowsnest/web/static/table-state.js";
import { reduce } from "../../src/crowsnest/web/static/table-reduce.js";

/** @typedef {import("../../src/crowsnest/web/static/table-state.js").TableState} TableState */
/** @typedef {import("../../src/crowsnest/web/static/table-state.js").Input} Input */
/** @typedef {import("../../src/crowsnest/web/static/table-state.js").Effect} Effect */

const en = catalogOf("en");
useCatalog("en", en);

const SESSION = { tableId: "t1", token: "tok", seat: 0, invite: null };

/**
 * A table's state after these inputs, and every effect they asked for.
 * @param {Input[]} inputs
 * @param {{settings?: Partial<import("../../src/crowsnest/web/static/store.js").Settings>, muted?: boolean, session?: import("../../src/crowsnest/web/static/types.js").Session}} [how]
 */
function run(inputs, how = {}) {
  let s = initialState(how.session ?? SESSION, { ...DEFAULT_SETTINGS, ...how.settings }, how.muted ?? false);
  /** @type {Effect[]} */
  const effects = [];
  for (const input of inputs) {
    const out = reduce(s, input, 1000);
    s = out.state;
    effects.push(...out.effects);
  }
  return { state: s, effects };
}

/**
 * The effects of one more input.
 * @param {TableState} s
 * @param {Input} input
 */
function step(s, input) {
  return reduce(s, input, 1000);
}

/**
 * The effects of a kind.
 * @template {Effect["type"]} K
 * @param {Effect[]} effects
 * @param {K} type
 * @returns {Extract<Effect, {type: K}>[]}
 */
function ofType(effects, type) {
  return /** @type {Extract<Effect, {type: K}>[]} */ (effects.filter((e) => e.type === type));
}

test("welcome: your seat, the table and its seats; the seats and the waiting room drawn", () => {
  const { state, effects } = run([welcome(2)], { session: { ...SESSION, seat: null } });
  assert.equal(state.session.seat, 2);
  assert.equal(state.table?.id, "t1");
  assert.deepEqual(state.seats, SEATS);
  assert.deepEqual(effects, [{ type: "render", parts: ["seats", "waiting"] }]);
});

test("welcome with reviews off in Settings tells the server, and asks again for an awaited review", () => {
  const start = run([], { settings: { reviews: false } }).state;
  const { effects } = step({ ...start, reviewHand: 3 }, welcome(0));
  assert.deepEqual(effects.slice(1), [{ type: "review_choice" }, { type: "load_review", hand: 3 }]);
  const watcher = run([welcome(null)], { settings: { reviews: false }, session: { ...SESSION, token: null, seat: null, watch: true } });
  assert.deepEqual(ofType(watcher.effects, "review_choice"), []);
});

test("a state is queued with each seat's deadline, then shown: the auction's bid told, your bid asked", () => {
  const bid = stateMsg(1, rookView({ actors: [0], auction: [[3, 70]], high_bid: 70, high_bidder: 3 }), ["bid pass", "bid 75"], [{ type: "bid", seat: 3, bid: 70 }], [null, null, null, 12.5]);
  const first = stateMsg(0, rookView({ actors: [3] }), []);
  const { state, effects } = run([welcome(0), first, { type: "next" }, { type: "shown" }, bid]);
  assert.equal(state.queue.length, 1);
  assert.deepEqual(state.deadlines, [null, null, null, 1000 + 12500]);
  assert.deepEqual(ofType(effects, "pump").length, 2);
  assert.deepEqual(tableModel(state).legal, [], "nothing is offered while a newer state waits");
  const next = step(state, { type: "next" });
  assert.equal(next.state.showing?.msg, bid);
  assert.deepEqual(next.state.moves.map((m) => m.text), ["East bids 70."]);
  const shown = step(next.state, { type: "shown" });
  assert.equal(shown.state.current, bid);
  assert.equal(shown.state.showing, null);
  assert.deepEqual(tableModel(shown.state).legal, ["bid pass", "bid 75"]);
  assert.deepEqual(shown.effects, [
    { type: "render", parts: ["table"] },
    { type: "announce", text: `East bids 70. ${en["prompt.bid"]}` },
  ]);
});

test("cards played fly in from their seats, yours out of your hand; the finished trick is swept", () => {
  const view = rookView({ phase: "play", actors: [1], trick: ["R5"], leader: 0, tricks: [] });
  const before = stateMsg(5, view, []);
  const trick = { type: /** @type {const} */ ("trick"), leader: 0, cards: ["R5", "R9", "R14", "R2"], winner: 2, points: 10 };
  const after = stateMsg(8, rookView({ phase: "play", actors: [2], trick: [], leader: 2, tricks: [trick] }), [], [
    { type: "play", seat: 1, card: "R9" },
    { type: "play", seat: 2, card: "R14" },
    { type: "play", seat: 3, card: "R2" },
    trick,
  ]);
  const { state } = run([welcome(0), before, { type: "next" }, { type: "shown" }, after]);
  const { effects } = step(state, { type: "next" });
  assert.deepEqual(
    effects.filter((e) => e.type === "fly" || e.type === "trick"),
    [
      { type: "fly", seat: 1, card: "R9", ms: 420, mine: false },
      { type: "fly", seat: 2, card: "R14", ms: 420, mine: false },
      { type: "fly", seat: 3, card: "R2", ms: 420, mine: false },
      { type: "trick", trick, ms: 420 },
    ],
  );
  const instant = run([welcome(0), before, { type: "next" }, { type: "shown" }, after, { type: "next" }], { settings: { speed: "instant" } });
  assert.ok(ofType(instant.effects, "fly").every((e) => e.ms === 0));
});

test("the first state drawn plays no animation and tells the hand so far in the log", () => {
  const trick = { leader: 1, cards: ["R1", "R2", "R3", "R4"], winner: 2, points: 15 };
  const msg = stateMsg(20, rookView({ phase: "play", declarer: 2, bid: 80, trump: "red", tricks: [trick] }), ["play R1"], [{ type: "play", seat: 3, card: "G5" }]);
  const { state, effects } = run([welcome(0), msg, { type: "next" }]);
  assert.deepEqual(ofType(effects, "fly"), [{ type: "fly", seat: 3, card: "G5", ms: 0, mine: false }]);
  assert.deepEqual(state.moves.map((m) => m.text), ["<b>Bo</b> wins the bid at 80.", "<b>Bo</b> names red trump.", "<b>Bo</b> takes the trick (15 points)."]);
});

test("the Hearts pass: the choice is offered once drawn, and said", () => {
  const choice = { choose: /** @type {const} */ ("pass"), count: 3, from: ["6C", "TC", "AC", "5D", "QH"], required: [] };
  const msg = stateMsg(0, heartsView(), [choice]);
  const { state, effects } = run([welcome(0), msg, { type: "next" }, { type: "shown" }]);
  assert.deepEqual(tableModel(state).legal, [choice]);
  const asked = promptText(tableModel(state));
  assert.match(asked, /3/);
  assert.deepEqual(ofType(effects, "announce"), [{ type: "announce", text: asked }]);
});

test("a hand that ends with another dealt: its summary is read before the deal is drawn, with your review", () => {
  const before = stateMsg(40, rookView({ phase: "play", actors: [0] }), ["play R1"]);
  /** @type {import("../../src/crowsnest/web/static/types.js").HandEnd} */
  const end = { type: "hand_end", hand_number: 0, declarer: 0, bid: 80, trump: "red", counted: [90, 30], nest_points: 20, last_trick_team: 0, tricks_won: [6, 3], made: true, score: [90, 30], totals: [90, 30] };
  const after = stateMsg(41, rookView({ hand_number: 1, actors: [1] }), [], [end, { type: "deal", hand_number: 1, dealer: 0 }]);
  const { state } = run([welcome(0), before, { type: "next" }, { type: "shown" }, after]);
  const next = step(state, { type: "next" });
  assert.deepEqual(ofType(next.effects, "summary"), [{ type: "summary", end, more: true, review: true, turn: false }]);
  assert.equal(next.state.reviewHand, 0);
  assert.deepEqual(ofType(step(next.state, { type: "shown" }).effects, "summary"), []);
  const watcher = run([welcome(null), before, { type: "next" }, { type: "shown" }, after, { type: "next" }], { session: { ...SESSION, token: null, seat: null, watch: true } });
  assert.deepEqual(ofType(watcher.effects, "summary"), [{ type: "summary", end, more: true, review: false, turn: false }]);
});

test("a summary read over the next deal says when that deal asks you already", () => {
  const before = stateMsg(40, rookView({ phase: "play", actors: [0] }), ["play R1"]);
  /** @type {import("../../src/crowsnest/web/static/types.js").HandEnd} */
  const end = { type: "hand_end", hand_number: 0, declarer: 0, bid: 80, trump: "red", counted: [90, 30], nest_points: 20, last_trick_team: 0, tricks_won: [6, 3], made: true, score: [90, 30], totals: [90, 30] };
  /** @type {import("../../src/crowsnest/web/static/types.js").GameEvent[]} */
  const deal = [end, { type: "deal", hand_number: 1, dealer: 3 }];
  // The deal asks you at once: the summary says so as it opens.
  const yours = stateMsg(41, rookView({ hand_number: 1, phase: "auction", actors: [0] }), ["bid 70", "bid pass"], deal);
  const { state } = run([welcome(0), before, { type: "next" }, { type: "shown" }, yours]);
  const opened = step(state, { type: "next" });
  assert.equal(ofType(opened.effects, "summary")[0].turn, true);
  // The deal asks another seat first; your turn comes while the summary is still open.
  const theirs = stateMsg(41, rookView({ hand_number: 1, phase: "auction", actors: [1] }), [], deal);
  const read = step(run([welcome(0), before, { type: "next" }, { type: "shown" }, theirs]).state, { type: "next" });
  assert.equal(ofType(read.effects, "summary")[0].turn, false);
  const asked = step(read.state, stateMsg(42, rookView({ hand_number: 1, phase: "auction", actors: [0] }), ["bid 75", "bid pass"], [{ type: "bid", seat: 1, bid: 70 }]));
  assert.deepEqual(ofType(asked.effects, "summary_turn"), [{ type: "summary_turn" }]);
  // Not once the summary is closed and the deal drawn, nor for a watcher.
  const drawn = step(read.state, { type: "shown" });
  assert.deepEqual(ofType(step(drawn.state, stateMsg(42, rookView({ hand_number: 1, actors: [0] }), ["bid 75"])).effects, "summary_turn"), []);
});

test("presence: the seats as they are now, drawn again", () => {
  const seats = SEATS.map((s) => (s.seat === 2 ? { ...s, connected: false, bot: true } : s));
  const { state, effects } = run([welcome(0), { type: "presence", seats, spectators: 1 }]);
  assert.equal(state.seats, seats);
  assert.deepEqual(effects.at(-1), { type: "render", parts: ["seats", "waiting"] });
});

test("errors: a refusal is told in words and the state asked again; a lost seat leaves; a late action is not told", () => {
  const refused = run([{ type: "error", code: "must_follow_suit", message: "follow clubs", seq: 4, args: { suit: "clubs" } }]);
  assert.deepEqual(refused.effects, [
    { type: "toast", words: { key: "error.must_follow_suit", args: { suit: { key: "suit.clubs" } } } },
    { type: "send", message: { type: "sync" } },
  ]);
  const stale = run([{ type: "error", code: "stale", message: "late", seq: 4, args: {} }]);
  assert.deepEqual(stale.effects, [{ type: "send", message: { type: "sync" } }]);
  const lost = run([{ type: "error", code: "bad_token", message: "who?", seq: null, args: {} }]);
  assert.deepEqual(lost.effects, [{ type: "lost", code: "bad_token" }]);
});

test("chat: a bubble at the seat and a line in the log, said; it goes after a while; muted, only yours", () => {
  const { state, effects } = run([welcome(0), { type: "chat", seat: 2, key: "gg" }]);
  assert.deepEqual(state.bubbles, { 2: "gg" });
  assert.deepEqual(tableModel(state).bubbles, { 2: en["chat.gg"] });
  const line = String(en["people.says"]).replace("{name}", "<b>Bo</b>").replace("{message}", String(en["chat.gg"]));
  assert.deepEqual(state.moves, [{ text: line, headline: false, chat: { seat: 2, key: "gg" }, hand: 0 }]);
  assert.deepEqual(ofType(effects, "announce"), [{ type: "announce", text: line }]);
  assert.deepEqual(ofType(effects, "timer"), [{ type: "timer", name: "bubble-2", ms: BUBBLE_MS, then: { type: "bubble_over", seat: 2, key: "gg" } }]);
  assert.deepEqual(step(state, { type: "bubble_over", seat: 2, key: "gg" }).state.bubbles, {});
  const muted = run([welcome(0), { type: "chat", seat: 2, key: "gg" }, { type: "chat", seat: 0, key: "wp" }], { muted: true });
  assert.deepEqual(muted.state.bubbles, { 0: "wp" });
});

test("resign news: your partner's proposal is asked until it lapses; the other news told", () => {
  const seated = run([welcome(0), stateMsg(3, rookView({ phase: "play" }), []), { type: "next" }, { type: "shown" }]).state;
  const proposed = step(seated, { type: "resign", seat: 2, status: "proposed", seconds: 30 });
  assert.deepEqual(proposed.effects, [
    { type: "cancel", name: "offer" },
    { type: "offer", text: String(en["resign.offer"]).replace("{name}", "<b>Bo</b>") },
    { type: "timer", name: "offer", ms: 30000, then: { type: "offer_over" } },
  ]);
  const declined = step(seated, { type: "resign", seat: 0, status: "declined", seconds: null });
  assert.deepEqual(declined.effects.slice(0, 3), [
    { type: "cancel", name: "offer" },
    { type: "offer", text: null },
    { type: "toast", words: { key: "resign.declined", args: { name: "<b>Bo</b>" } } },
  ]);
});

test("reviews: ready for the hand awaited loads it; skipped is said in the summary", () => {
  const s = { ...run([welcome(0)]).state, reviewHand: 2 };
  assert.deepEqual(step(s, { type: "review_ready", hand_number: 2 }).effects, [{ type: "load_review", hand: 2 }]);
  assert.deepEqual(step(s, { type: "review_ready", hand_number: 1 }).effects, []);
  assert.deepEqual(step(s, { type: "review_skipped", hand_number: 2, reason: "busy" }).effects, [{ type: "review_skipped", hand: 2 }]);
});

test("bot trouble: a toast that names the seat whose bot could not decide", () => {
  const named = SEATS.map((s) => (s.seat === 1 ? { ...s, name: "Ada", level: /** @type {const} */ ("hard") } : s));
  const { effects } = run([{ ...welcome(0), table: { ...welcome(0).table, seats: named } }, { type: "bot_trouble", seat: 1, seq: 14, bot: "hard", instead: "normal" }]);
  assert.deepEqual(effects.at(-1), { type: "toast", words: { key: "connection.bot_trouble", args: { name: "Ada" } } });
});

test("the link: its banner drawn at each change; replaced elsewhere is told", () => {
  const { state, effects } = run([{ type: "link", status: "open" }, { type: "link", status: "replaced" }]);
  assert.equal(state.link, "replaced");
  assert.deepEqual(effects, [
    { type: "render", parts: ["link"] },
    { type: "render", parts: ["link"] },
    { type: "toast", words: { key: "connection.replaced", args: {} } },
  ]);
});

test("an action answers the state on screen, only once every state is shown", () => {
  const msg = stateMsg(7, rookView(), ["bid pass", "bid 70"]);
  const waiting = run([welcome(0), msg]).state;
  assert.deepEqual(step(waiting, { type: "act", action: "bid 70" }).effects, [], "not while a state waits");
  const shown = run([welcome(0), msg, { type: "next" }, { type: "shown" }]).state;
  const acted = step(shown, { type: "act", action: "bid 70" });
  assert.equal(acted.state.acting, true);
  assert.deepEqual(acted.effects, [
    { type: "acting", on: true },
    { type: "send", message: { type: "action", seq: 7, action: "bid 70" }, failed: { type: "act_failed" } },
  ]);
  assert.deepEqual(step(acted.state, { type: "act_failed" }).effects, [
    { type: "acting", on: false },
    { type: "toast", words: { key: "connection.lost", args: {} } },
  ]);
});

test("auto-play: once every state is drawn, the only card you may play goes by itself", () => {
  const msg = stateMsg(9, rookView({ phase: "play" }), ["play R1"]);
  const drawn = run([welcome(0), msg, { type: "next" }, { type: "shown" }], { settings: { autoPlay: true } }).state;
  const idle = step(drawn, { type: "idle" });
  assert.deepEqual(ofType(idle.effects, "send"), [{ type: "send", message: { type: "action", seq: 9, action: "play R1" }, failed: { type: "act_failed" } }]);
  const off = run([welcome(0), msg, { type: "next" }, { type: "shown" }, { type: "idle" }], { settings: { autoPlay: false } });
  assert.deepEqual(ofType(off.effects, "send"), []);
  // On by default: a new player's forced card goes by itself.
  const fresh = run([welcome(0), msg, { type: "next" }, { type: "shown" }, { type: "idle" }]);
  assert.equal(ofType(fresh.effects, "send").length, 1);
});

test("the timer decided: the log says so just before the action's line, in words; your own is a note that stays", () => {
  const first = stateMsg(0, rookView({ actors: [3] }), []);
  const passed = stateMsg(1, rookView({ actors: [0], auction: [[3, null]] }), ["bid pass", "bid 70"], [{ type: "bid", seat: 3, bid: null }]);
  const { state, effects } = run([welcome(0), first, { type: "next" }, { type: "shown" }, { type: "timed_out", seat: 3, seq: 1, did: "pass" }, passed]);
  const name = plateName(tableModel(state), 3);
  const said = String(en["timer.ran_out.pass"]).replace("{name}", name);
  assert.deepEqual(effects.slice(-3, -1), [{ type: "announce", text: said }, { type: "toast", words: { key: "timer.ran_out.pass", args: { name } } }]);
  assert.deepEqual(state.moves, [], "told with the state that shows the pass, not before");
  const next = step(state, { type: "next" });
  assert.deepEqual(next.state.moves.map((m) => m.text), [said, String(en["say.passed_bid"]).replace("{name}", name)]);
  assert.equal(next.state.timedOut.length, 0);
  // Yours: a note that stays (drawn by the shell), and the log line at once when the
  // state is already on screen (told again after a reconnect).
  const mine = step(next.state, { type: "timed_out", seat: 0, seq: 1, did: "play" });
  assert.deepEqual(ofType(mine.effects, "timed_out"), [{ type: "timed_out", text: en["timer.you.play"] }]);
  assert.deepEqual(ofType(mine.effects, "toast"), []);
  assert.equal(mine.state.moves.at(-1)?.text, en["timer.you.play"]);
});

test("the move log keeps every hand of the game, each line under its hand", () => {
  let s = run([welcome(0)]).state;
  s = logMove(s, 0, { text: "first", headline: false });
  s = logMove(s, 1, { text: "second", headline: true });
  assert.deepEqual(s.moves, [{ text: "first", headline: false, hand: 0 }, { text: "second", headline: true, hand: 1 }]);
  assert.equal(s.movesHand, 1);
});

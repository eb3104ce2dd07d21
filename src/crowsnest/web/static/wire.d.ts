// Generated from docs/schemas/{server,client}-message.json by `make types`
// (node tools/wire-types.js, json-schema-to-typescript): do not edit by hand.
// A test (tests/js/wire-types.test.js) fails when this file is not what it makes.

/**
 * Any message of the websocket, either way.
 */
export type WireMessage = ServerMessage | ClientMessage;
/**
 * server websocket: a server's message
 */
export type ServerMessage =
  | WelcomeMessage
  | StateMessage
  | PresenceMessage
  | ErrorMessage
  | PongMessage
  | ChatMessage
  | ResignNews
  | ReviewReadyMessage
  | ReviewSkippedMessage
  | BotTroubleMessage;
/**
 * server websocket: a client's message
 */
export type ClientMessage =
  | HelloMessage
  | ActionMessage
  | SyncMessage
  | PingMessage
  | ChatSend
  | BackMessage
  | LeaveMessage
  | ResignSend
  | ResignAnswer;

/**
 * After `hello`.
 */
export interface WelcomeMessage {
  type: "welcome";
  /**
   * The protocol version the connection speaks (what its `hello` said).
   */
  version: number;
  table: TableInfo;
  /**
   * The connection's seat, `null` for a spectator.
   */
  seat: number | null;
  role: "player" | "spectator";
}
/**
 * The table: rules, options, level, seats, status, seq, spectators, and the fair
 * deal's `commitment` and `seed_chosen`.
 */
export interface TableInfo {
  id: string;
  rules: string;
  options: {
    [k: string]: unknown;
  };
  level: "easy" | "normal" | "hard";
  public: boolean;
  grace: number;
  bot_delay: number;
  status: "waiting" | "playing" | "over";
  seq: number;
  seats: SeatInfo[];
  /**
   * Spectators connected now (`max_spectators` at most).
   */
  spectators: number;
  /**
   * SHA-256 (hex) of the server's deal secret, published before the first card; the
   * finished game's record reveals the secret (`docs/formats.md`, "Fair deals").
   * `null` when the creator chose the seed, and at tables older than the scheme.
   */
  commitment: string | null;
  /**
   * The table's creator chose the deal seed (allowed only at a table with at most
   * one human seat): its deals are known to the creator.
   */
  seed_chosen: boolean;
  /**
   * The turn timer: `off`, `relaxed`, `normal` or `fast`.
   */
  timer: "off" | "relaxed" | "normal" | "fast";
  /**
   * Seconds a player has for each decision (`null`: no timer); when they run out
   * the seat's bot plays that decision.
   */
  turn_seconds: number | null;
}
export interface SeatInfo {
  seat: number;
  /**
   * `human` or `bot`.
   */
  kind: "human" | "bot";
  /**
   * The seat's one name, the same on every screen: the player's once the seat is
   * claimed; a bot's (a name of its own, `level` says how it plays).
   */
  name: string | null;
  claimed: boolean;
  connected: boolean;
  /**
   * A bot plays this seat now (a bot seat, or a human seat whose player has been
   * gone longer than the grace period, timed out twice in a row, or left).
   */
  bot: boolean;
  /**
   * A bot seat's level (`easy`, `normal`, `hard`); `null` for a human seat.
   */
  level: ("easy" | "normal" | "hard") | null;
  /**
   * The seat's team (the engine's `rules.teams`): in Rook seats 0 and 2 are
   * partners, 1 and 3; in Hearts every seat is a team of its own.
   */
  team: number;
  /**
   * The bot keeps this human seat after two timeouts in a row, until its player
   * says `back` (or acts).
   */
  away: boolean;
  /**
   * Its player left the game: the bot plays the seat for good.
   */
  left: boolean;
}
/**
 * After `hello`, after every accepted action, when the game starts, on `sync`: the
 * recipient's own view, its legal actions and the events it may see since the last
 * state.
 */
export interface StateMessage {
  type: "state";
  /**
   * The number of actions the table has applied.
   */
  seq: number;
  status: "waiting" | "playing" | "over";
  /**
   * This seat's view (`docs/formats.md`).
   */
  view: HeartsViewJSON | RookViewJSON;
  /**
   * This seat's legal actions.
   */
  legal: (string | ChooseJSON)[];
  /**
   * What happened since the previous state, as this seat may see it.
   */
  events: (
    | (
        | HeartsDeal
        | Passed
        | Exchanged
        | Received
        | HeartsTurn
        | HeartsPlay
        | HeartsBroken
        | HeartsTrick
        | HeartsHandEnd
        | HeartsGameEnd
      )
    | (
        | RookDeal
        | RookTurn
        | Bid
        | Redeal
        | Contract
        | Nest
        | Discarded
        | Discards
        | Trump
        | RookPlay
        | RookTrick
        | RookHandEnd
        | Resign
        | RookGameEnd
      )
  )[];
  /**
   * For each seat, the seconds its turn timer had left when the message was sent
   * (`null`: no timer runs for it). The server's deadline decides; a client counts
   * down from the message's arrival.
   */
  time_left: (number | null)[];
}
/**
 * What one seat of a Hearts game may know.
 */
export interface HeartsViewJSON {
  /**
   * the family: which of the two view shapes
   */
  game: "hearts";
  /**
   * the rule set key
   */
  rules: "hearts@1";
  /**
   * the seat this view is for, `null` for a spectator
   */
  seat: number | null;
  /**
   * `hand_over` only in single-hand positions
   */
  phase: "pass" | "play" | "hand_over" | "over";
  /**
   * the seats that may act now, ascending
   */
  actors: number[];
  /**
   * the round, from 0
   */
  hand_number: number;
  /**
   * this round's pass
   */
  pass_direction: "left" | "right" | "across" | "none";
  /**
   * the seat's own hand in display order (clubs, diamonds, spades, hearts; each from the ace down), `null` for a spectator
   */
  hand: string[] | null;
  /**
   * how many cards each seat holds
   *
   * @minItems 4
   * @maxItems 4
   */
  hand_sizes: [number, number, number, number, ...number[]];
  /**
   * the cards this seat passed, once chosen
   */
  passed: string[] | null;
  /**
   * the cards this seat received, once the exchange is done
   */
  received: string[] | null;
  /**
   * the trick in progress, in play order from `leader`
   *
   * @maxItems 3
   */
  trick: string[];
  /**
   * who led the trick in progress (`play` phase), else `null`
   */
  leader: number | null;
  /**
   * this round's completed tricks
   */
  tricks: HeartsTrickJSON[];
  /**
   * a heart has been played this round
   */
  hearts_broken: boolean;
  /**
   * points each seat has taken this round
   *
   * @minItems 4
   * @maxItems 4
   */
  points_taken: [number, number, number, number, ...number[]];
  /**
   * the game totals
   *
   * @minItems 4
   * @maxItems 4
   */
  totals: [number, number, number, number, ...number[]];
  /**
   * every scored round
   */
  results: HeartsResultJSON[];
  /**
   * the winning seat once the game is over
   */
  winner: number | null;
  /**
   * the game ends when a total reaches this (Hearts: the loser's)
   */
  target: number;
  /**
   * `[[0], [1], [2], [3]]`: every player for themselves
   *
   * @minItems 4
   * @maxItems 4
   */
  teams: [
    [number, ...number[]],
    [number, ...number[]],
    [number, ...number[]],
    [number, ...number[]],
    ...[number, ...number[]][]
  ];
  /**
   * the index in `teams` of the viewing seat's team, `null` for a spectator
   */
  team: number | null;
  /**
   * `null`: Hearts has no bird card
   */
  bird: null;
}
/**
 * A completed trick.
 */
export interface HeartsTrickJSON {
  /**
   * the seat that led
   */
  leader: number;
  /**
   * in play order from `leader`
   *
   * @maxItems 4
   */
  cards: string[];
  /**
   * the seat that took the trick
   */
  winner: number;
  /**
   * the points in the trick
   */
  points: number;
}
/**
 * A scored Hearts round.
 */
export interface HeartsResultJSON {
  /**
   * what each seat scored this round (after the moon)
   *
   * @minItems 4
   * @maxItems 4
   */
  points: [number, number, number, number, ...number[]];
  /**
   * the seat that shot the moon, or `null`
   */
  moon: number | null;
  /**
   * the game totals after this round
   *
   * @minItems 4
   * @maxItems 4
   */
  totals: [number, number, number, number, ...number[]];
}
/**
 * What one seat of a Rook game may know; pairs are per team, We (seats 0 and 2)
 * then They.
 */
export interface RookViewJSON {
  /**
   * the family: which of the two view shapes
   */
  game: "rook";
  /**
   * the rule set key
   */
  rules:
    | "rook/crowsnest@1"
    | "rook/tournament@1"
    | "rook/partnership@1"
    | "rook/one-high@1"
    | "rook/red-one@1"
    | "rook/buckeye@1"
    | "rook/dixie@1";
  /**
   * the seat this view is for, `null` for a spectator
   */
  seat: number | null;
  /**
   * `hand_over` only in single-hand positions
   */
  phase: "auction" | "discard" | "trump" | "play" | "hand_over" | "over";
  /**
   * the seats that may act now, ascending
   */
  actors: number[];
  /**
   * the hand, from 0
   */
  hand_number: number;
  /**
   * this hand's dealer
   */
  dealer: number;
  /**
   * the seat's own hand in display order: by colour, trump first once named, each colour from its highest card down by this rule set's ranks (the bird where it ranks), `null` for a spectator
   */
  hand: string[] | null;
  /**
   * how many cards each seat holds
   *
   * @minItems 4
   * @maxItems 4
   */
  hand_sizes: [number, number, number, number, ...number[]];
  /**
   * this hand's bids and passes, in order
   */
  auction: [number | null, number | null, ...(number | null)[]][];
  /**
   * the highest bid so far
   */
  high_bid: number | null;
  /**
   * who made it
   */
  high_bidder: number | null;
  /**
   * who won the auction, once it is over
   */
  declarer: number | null;
  /**
   * the contract, once the auction is over
   */
  bid: number | null;
  /**
   * the trump colour, once named
   */
  trump: ("red" | "yellow" | "green" | "black") | null;
  /**
   * cards in the nest
   */
  nest_size: number;
  /**
   * the nest as dealt: the declarer only, once taken up
   */
  nest: string[] | null;
  /**
   * the cards laid back: the declarer only
   */
  discards: string[] | null;
  /**
   * the trick in progress, in play order from `leader`
   *
   * @maxItems 3
   */
  trick: string[];
  /**
   * who led the trick in progress (`play` phase), else `null`
   */
  leader: number | null;
  /**
   * this hand's completed tricks
   */
  tricks: RookTrickJSON[];
  /**
   * counter points each team (We, They) has taken this hand
   *
   * @minItems 2
   * @maxItems 2
   */
  captured: [number, number, ...number[]];
  /**
   * tricks each team has taken this hand
   *
   * @minItems 2
   * @maxItems 2
   */
  tricks_won: [number, number, ...number[]];
  /**
   * the game totals
   *
   * @minItems 2
   * @maxItems 2
   */
  totals: [number, number, ...number[]];
  /**
   * every scored hand: the fields of the `hand_end` event but `hand_number`
   */
  results: RookResultJSON[];
  /**
   * the winning team once the game is over
   */
  winner: number | null;
  /**
   * the game ends when a team's total reaches this, with the options
   */
  target: number;
  /**
   * the team that resigned (the other one won); `null` unless a team resigned
   */
  resigned: number | null;
  /**
   * the partners: `[[0, 2], [1, 3]]`, We then They
   *
   * @minItems 2
   * @maxItems 2
   */
  teams: [[number, number, ...number[]], [number, number, ...number[]], ...[number, number, ...number[]][]];
  /**
   * the index in `teams` of the viewing seat's team, `null` for a spectator
   */
  team: number | null;
  /**
   * the bird card's name key (`crow` in CrowsNest), `null` without the bird
   */
  bird: ("crow" | "rook") | null;
}
/**
 * A completed trick.
 */
export interface RookTrickJSON {
  /**
   * the seat that led
   */
  leader: number;
  /**
   * in play order from `leader`
   *
   * @maxItems 4
   */
  cards: string[];
  /**
   * the seat that took the trick
   */
  winner: number;
  /**
   * the counter points in the trick
   */
  points: number;
}
/**
 * A scored Rook hand; pairs are per team, We then They.
 */
export interface RookResultJSON {
  /**
   * the seat that won the auction
   */
  declarer: number;
  /**
   * the contract
   */
  bid: number;
  /**
   * the trump colour
   */
  trump: "red" | "yellow" | "green" | "black";
  /**
   * points made: counters, the nest, the trick bonus
   *
   * @minItems 2
   * @maxItems 2
   */
  counted: [number, number, ...number[]];
  /**
   * the counters in the nest
   */
  nest_points: number;
  /**
   * the team that took the last trick (and the nest)
   */
  last_trick_team: number;
  /**
   * tricks each team took
   *
   * @minItems 2
   * @maxItems 2
   */
  tricks_won: [number, number, ...number[]];
  /**
   * the declarer's team made the bid
   */
  made: boolean;
  /**
   * what each team scores (a set team: minus the bid)
   *
   * @minItems 2
   * @maxItems 2
   */
  score: [number, number, ...number[]];
  /**
   * the game totals after this hand
   *
   * @minItems 2
   * @maxItems 2
   */
  totals: [number, number, ...number[]];
}
export interface ChooseJSON {
  /**
   * the verb of the answer: `pass` or `discard`
   */
  choose: "pass" | "discard";
  /**
   * how many cards to choose
   */
  count: number;
  /**
   * the cards to choose from
   */
  from: string[];
  /**
   * cards that must be among them (default none)
   */
  required: string[];
}
/**
 * a round is dealt (not the first: `new_game` returns no events)
 */
export interface HeartsDeal {
  type: "deal";
  hand_number: number;
  pass_direction: "left" | "right" | "across" | "none";
}
/**
 * a seat has chosen its pass (not which cards)
 */
export interface Passed {
  type: "passed";
  seat: number;
}
/**
 * all four have passed; the cards change hands
 */
export interface Exchanged {
  type: "exchanged";
  pass_direction: "left" | "right" | "across" | "none";
}
/**
 * the cards a seat receives, one event per seat
 */
export interface Received {
  type: "received";
  /**
   * who passed them
   */
  from: number;
  cards: string[];
  /**
   * the receiver
   */
  to: number;
}
/**
 * who plays next: after each card, and who leads each trick
 */
export interface HeartsTurn {
  type: "turn";
  seat: number;
}
/**
 * a card is played
 */
export interface HeartsPlay {
  type: "play";
  seat: number;
  card: string;
}
/**
 * the first heart of the round is played
 */
export interface HeartsBroken {
  type: "hearts_broken";
}
/**
 * a trick is complete (`cards` in play order from `leader`)
 */
export interface HeartsTrick {
  type: "trick";
  /**
   * the seat that led
   */
  leader: number;
  /**
   * in play order from `leader`
   *
   * @maxItems 4
   */
  cards: string[];
  /**
   * the seat that took the trick
   */
  winner: number;
  /**
   * the points in the trick
   */
  points: number;
}
/**
 * a round is scored (`moon`: the seat that shot the moon, or `null`)
 */
export interface HeartsHandEnd {
  type: "hand_end";
  hand_number: number;
  /**
   * what each seat scored this round (after the moon)
   *
   * @minItems 4
   * @maxItems 4
   */
  points: [number, number, number, number, ...number[]];
  /**
   * the seat that shot the moon, or `null`
   */
  moon: number | null;
  /**
   * the game totals after this round
   *
   * @minItems 4
   * @maxItems 4
   */
  totals: [number, number, number, number, ...number[]];
}
/**
 * the game is over
 */
export interface HeartsGameEnd {
  type: "game_end";
  winner: number;
  /**
   * @minItems 4
   * @maxItems 4
   */
  totals: [number, number, number, number, ...number[]];
}
/**
 * a hand is dealt (again after a redeal; not the first)
 */
export interface RookDeal {
  type: "deal";
  hand_number: number;
  dealer: number;
}
/**
 * who acts next: the next bidder, the first player after trump, after each card, who leads a trick
 */
export interface RookTurn {
  type: "turn";
  seat: number;
}
/**
 * a bid, or a pass (`bid` is `null`)
 */
export interface Bid {
  type: "bid";
  seat: number;
  bid: number | null;
}
/**
 * all four passed: the same dealer deals again (a `deal` follows)
 */
export interface Redeal {
  type: "redeal";
  dealer: number;
}
/**
 * the auction is won
 */
export interface Contract {
  type: "contract";
  declarer: number;
  bid: number;
}
/**
 * the nest the declarer takes into hand
 */
export interface Nest {
  type: "nest";
  cards: string[];
  /**
   * the declarer
   */
  to: number;
}
/**
 * the declarer has laid cards back (not which)
 */
export interface Discarded {
  type: "discarded";
  seat: number;
}
/**
 * the cards laid back
 */
export interface Discards {
  type: "discards";
  cards: string[];
  /**
   * the declarer
   */
  to: number;
}
/**
 * trump is named
 */
export interface Trump {
  type: "trump";
  seat: number;
  colour: "red" | "yellow" | "green" | "black";
}
/**
 * a card is played
 */
export interface RookPlay {
  type: "play";
  seat: number;
  card: string;
}
/**
 * a trick is complete
 */
export interface RookTrick {
  type: "trick";
  /**
   * the seat that led
   */
  leader: number;
  /**
   * in play order from `leader`
   *
   * @maxItems 4
   */
  cards: string[];
  /**
   * the seat that took the trick
   */
  winner: number;
  /**
   * the counter points in the trick
   */
  points: number;
}
/**
 * a hand is scored
 */
export interface RookHandEnd {
  type: "hand_end";
  hand_number: number;
  /**
   * the seat that won the auction
   */
  declarer: number;
  /**
   * the contract
   */
  bid: number;
  /**
   * the trump colour
   */
  trump: "red" | "yellow" | "green" | "black";
  /**
   * points made: counters, the nest, the trick bonus
   *
   * @minItems 2
   * @maxItems 2
   */
  counted: [number, number, ...number[]];
  /**
   * the counters in the nest
   */
  nest_points: number;
  /**
   * the team that took the last trick (and the nest)
   */
  last_trick_team: number;
  /**
   * tricks each team took
   *
   * @minItems 2
   * @maxItems 2
   */
  tricks_won: [number, number, ...number[]];
  /**
   * the declarer's team made the bid
   */
  made: boolean;
  /**
   * what each team scores (a set team: minus the bid)
   *
   * @minItems 2
   * @maxItems 2
   */
  score: [number, number, ...number[]];
  /**
   * the game totals after this hand
   *
   * @minItems 2
   * @maxItems 2
   */
  totals: [number, number, ...number[]];
}
/**
 * a team resigns (`seat` sent it; the hand in progress counts nothing); `game_end` follows
 */
export interface Resign {
  type: "resign";
  seat: number;
  /**
   * 0 (seats 0 and 2) or 1 (seats 1 and 3)
   */
  team: number;
}
/**
 * the game is over (`winner` is a team)
 */
export interface RookGameEnd {
  type: "game_end";
  /**
   * 0 (seats 0 and 2) or 1 (seats 1 and 3)
   */
  winner: number;
  /**
   * @minItems 2
   * @maxItems 2
   */
  totals: [number, number, ...number[]];
}
/**
 * A seat is claimed, a player connects or leaves, a bot sits in for a gone player.
 */
export interface PresenceMessage {
  type: "presence";
  /**
   * For each seat: `kind`, `name`, `claimed`, `connected`, `bot` (a bot plays it now).
   */
  seats: SeatInfo[];
  /**
   * How many spectators are connected (a spectator's coming and going sends no
   * message of its own: the count is brought up to date by the next presence).
   */
  spectators: number;
}
/**
 * A refused message.
 */
export interface ErrorMessage {
  type: "error";
  /**
   * Stable (the error codes below).
   */
  code: string;
  /**
   * For people, in English.
   */
  message: string;
  /**
   * The table's current seq, or `null` before `hello`.
   */
  seq: number | null;
  /**
   * What a translated message needs: `{"minimum": 75}` for `bid_too_low`,
   * `{"maximum": ...}` for `bid_too_high`, `{"step": 5}` for `bid_not_multiple`,
   * `{"count": 3}` for `wrong_card_count`; `{"retry_after": 2}` (whole seconds
   * to wait before trying again) for `table_unavailable`, `chat_too_fast` and
   * `resign_too_fast`; otherwise `{}`. The client shows `error.<code>` with these
   * arguments.
   */
  args: {
    [k: string]: number | string;
  };
}
/**
 * After `ping`.
 */
export interface PongMessage {
  type: "pong";
}
/**
 * A seated player's quick message or reaction, to every version 2 connection of
 * the table (spectators too). Never stored: not in the action log, the record or
 * the replays.
 */
export interface ChatMessage {
  type: "chat";
  /**
   * Who sent it.
   */
  seat: number;
  /**
   * Which message (`chat.<key>` in the reader's language).
   */
  key:
    | "hello"
    | "gg"
    | "wp"
    | "oops"
    | "thanks"
    | "hurry"
    | "sorry"
    | "gtg"
    | "smile"
    | "laugh"
    | "wow"
    | "sad"
    | "clap"
    | "heart";
}
/**
 * To the two partners only (version 3): what became of a resign proposal. The
 * opponents learn of a resignation only when it ends the game (the `resign` event,
 * the view's `resigned`).
 */
export interface ResignNews {
  type: "resign";
  /**
   * Who proposed it.
   */
  seat: number;
  /**
   * `proposed` (the partner may answer), `declined` (by the partner), `withdrawn`
   * (by the proposer), `lapsed` (an action was played first; a proposal also lapses
   * `seconds` after it was made, silently).
   */
  status: "proposed" | "declined" | "withdrawn" | "lapsed";
  /**
   * `proposed`: seconds the partner has to answer; else `null`.
   */
  seconds: number | null;
}
/**
 * To a seat: the review of its decisions in a hand is stored (read it with
 * `GET /api/tables/{id}/review?hand=N`).
 */
export interface ReviewReadyMessage {
  type: "review_ready";
  /**
   * The hand reviewed (0 for the first).
   */
  hand_number: number;
}
/**
 * To a seat (version 3): no review of its decisions in a hand will come (the hand
 * summary stops saying it is being reviewed).
 */
export interface ReviewSkippedMessage {
  type: "review_skipped";
  /**
   * The hand not reviewed (0 for the first).
   */
  hand_number: number;
  /**
   * `off`: the seat's player turned reviews off (`PUT /api/tables/{id}/review`);
   * `busy`: too many reviews were waiting; `failed`: the review failed (logged);
   * `own_none`: a bot took every decision of the seat in that hand.
   */
  reason: "off" | "busy" | "failed" | "own_none";
}
/**
 * To every connection of the table (version 3): a bot could not decide (its
 * worker process failed twice, or it raised), and a lesser bot took this one
 * decision in its place. The server logs it (`bot_failed`) and `/healthz` counts it;
 * the client says the computer is having trouble.
 */
export interface BotTroubleMessage {
  type: "bot_trouble";
  /**
   * The seat whose decision it was.
   */
  seat: number;
  /**
   * The table's seq when the decision was due: the action is the one numbered
   * `seq + 1`.
   */
  seq: number;
  /**
   * The bot that could not decide (`hard`).
   */
  bot: string;
  /**
   * The bot that decided instead (`normal`).
   */
  instead: string;
}
/**
 * First message on a connection: a seat's token, or none to watch. Answered by
 * `welcome`, `state`, and a `presence` to everyone.
 */
export interface HelloMessage {
  type: "hello";
  /**
   * The protocol version: 3 (1 and 2 are still served: 1 without `chat`, 1 and 2
   * without `resign` messages).
   */
  version: number;
  /**
   * A seat's token; none to watch.
   */
  token?: string | null;
  /**
   * A private table's invite code, to watch it.
   */
  invite?: string | null;
}
/**
 * An action for the client's seat, answering the state numbered `seq`. Answered by
 * a `state` to every connection, or an `error` to the sender.
 */
export interface ActionMessage {
  type: "action";
  /**
   * The `seq` of the state it answers.
   */
  seq: number;
  /**
   * The action's text, at most 200 characters.
   */
  action: string;
}
/**
 * Ask for the current state again: answered by the current `state` (no events).
 */
export interface SyncMessage {
  type: "sync";
}
/**
 * Answered by `pong`.
 */
export interface PingMessage {
  type: "ping";
}
/**
 * A quick message or reaction from a seated player (version 2). Answered by a
 * `chat` to every version 2 connection of the table, or `chat_too_fast`.
 */
export interface ChatSend {
  type: "chat";
  /**
   * Which message: one of the keys, never free text.
   */
  key:
    | "hello"
    | "gg"
    | "wp"
    | "oops"
    | "thanks"
    | "hurry"
    | "sorry"
    | "gtg"
    | "smile"
    | "laugh"
    | "wow"
    | "sad"
    | "clap"
    | "heart";
}
/**
 * "I'm back" (version 2): take the seat back from the bot that kept it after two
 * timeouts in a row. Answered by a `presence` and a `state` to everyone, or
 * `timer_not_running` when no bot keeps the seat, or `benched` when the bot keeps
 * it for the rest of the hand (three timeouts in a row).
 */
export interface BackMessage {
  type: "back";
}
/**
 * Leave the table (version 2). Waiting: the seat is free again and the token
 * holds nothing. Playing: the seat's bot plays it for good (`left` in `presence`);
 * the game stays in the player's history as left.
 */
export interface LeaveMessage {
  type: "leave";
}
/**
 * Rook (version 3): propose that the sender's team resigns. Where the partner is
 * a human whom no bot stands in for, they are asked (`resign` news with `proposed`
 * to both partners) and the game goes on until they accept; a player whose partner
 * is a bot (a bot seat, or a human seat a bot plays now) resigns at once. Refused
 * with `no_resign` (Hearts), `resign_pending`, `resign_too_fast`, `not_started`,
 * `game_over`, `seat_left`.
 */
export interface ResignSend {
  type: "resign";
}
/**
 * Rook (version 3): the partner's answer to a resign proposal (`accept`: the
 * game ends at once, the other team the winner; else it goes on, `declined`). The
 * proposer may withdraw with `accept: false`. Refused with `nothing_to_accept` (no
 * proposal, or it lapsed) or `not_your_team` (the other team's proposal).
 */
export interface ResignAnswer {
  type: "resign_answer";
  /**
   * Agree to resign (`true`) or not.
   */
  accept: boolean;
}

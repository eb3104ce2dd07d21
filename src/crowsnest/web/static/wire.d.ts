// Generated from docs/schemas/{server,client}-message.json, replay.json, review.json and practice{,-stored}.json by `make types`
// (node tools/wire-types.js, json-schema-to-typescript): do not edit by hand.
// A test (tests/js/wire-types.test.js) fails when this file is not what it makes.

/**
 * Any published format the client reads or sends.
 */
export type WireMessage = ServerMessage | ClientMessage | ReplayAnswer | Reviews | PracticeGame | PracticeStored;
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
  | BotTroubleMessage
  | TimedOutMessage;
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
 * a finished game replayed, one step per action
 */
export type ReplayAnswer = HeartsReplayAnswer | RookReplayAnswer;

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
 * To every connection of the table (version 3), before the `state` that shows
 * the action: a seat's turn timer ran out and the computer decided for it — a pass
 * in the auction, else the Normal bot's choice (*The turn timer* above). Sent
 * again, to the seat alone, when its player connects before acting again.
 */
export interface TimedOutMessage {
  type: "timed_out";
  /**
   * The seat whose time ran out.
   */
  seat: number;
  /**
   * The `seq` of the `state` that shows the action (the action is number `seq`).
   */
  seq: number;
  /**
   * What the computer did (never which cards: a discard or a pass is private).
   */
  did: "pass" | "bid" | "discard" | "trump" | "pass_cards" | "play";
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
/**
 * ``GET /api/tables/{id}/replay`` of a Hearts game: the replay and its seats.
 */
export interface HeartsReplayAnswer {
  /**
   * the rule set id
   */
  rules:
    | "hearts"
    | "rook/crowsnest"
    | "rook/tournament"
    | "rook/partnership"
    | "rook/one-high"
    | "rook/red-one"
    | "rook/buckeye"
    | "rook/dixie";
  family: "hearts";
  /**
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
  bird: null;
  /**
   * the value of every option of the rule set, defaults included
   */
  options: {
    [k: string]: boolean | number | string;
  };
  /**
   * the game totals at the end
   *
   * @minItems 4
   * @maxItems 4
   */
  final_scores: [number, number, number, number, ...number[]];
  /**
   * the winning seat
   */
  winner: number | null;
  steps: HeartsReplayStep[];
  table_id: string;
  /**
   * @minItems 4
   * @maxItems 4
   */
  seats: [ReplaySeat, ReplaySeat, ReplaySeat, ReplaySeat, ...ReplaySeat[]];
}
/**
 * A moment of a Hearts game: the state after its action.
 */
export interface HeartsReplayStep {
  /**
   * the action this step follows; `null` for the first deal and a new deal
   */
  action: ReplayAction | null;
  /**
   * `true` on the step of a new deal (a hand ended at the step before)
   */
  dealt?: boolean;
  phase: "pass" | "play" | "hand_over" | "over";
  /**
   * the round, from 0
   */
  hand_number: number;
  /**
   * the seats that may act now
   */
  actors: number[];
  /**
   * every seat's hand, face up, in set order
   *
   * @minItems 4
   * @maxItems 4
   */
  hands: [string[], string[], string[], string[], ...string[][]];
  /**
   * the trick in progress, in play order from `leader`
   *
   * @maxItems 3
   */
  trick: string[];
  /**
   * who led the trick in progress
   */
  leader: number | null;
  /**
   * the round's completed tricks
   */
  tricks_played: number;
  /**
   * the trick this step completed
   */
  trick_done: HeartsTrickJSON | null;
  /**
   * the round this step scored
   */
  hand_end: HeartsHandEndJSON | null;
  /**
   * the game totals
   *
   * @minItems 4
   * @maxItems 4
   */
  totals: [number, number, number, number, ...number[]];
  /**
   * the winning seat once the game is over
   */
  winner: number | null;
  view: HeartsViewJSON1;
  pass_direction: "left" | "right" | "across" | "none";
  /**
   * what each seat passed, once chosen
   *
   * @minItems 4
   * @maxItems 4
   */
  passed: [string[] | null, string[] | null, string[] | null, string[] | null, ...(string[] | null)[]];
  /**
   * what each seat received, once exchanged
   *
   * @minItems 4
   * @maxItems 4
   */
  received: [string[] | null, string[] | null, string[] | null, string[] | null, ...(string[] | null)[]];
  hearts_broken: boolean;
  /**
   * points each seat has taken this round
   *
   * @minItems 4
   * @maxItems 4
   */
  points_taken: [number, number, number, number, ...number[]];
}
/**
 * The action a step follows: who took it and its text.
 */
export interface ReplayAction {
  seat: number;
  /**
   * the action's normal text (`play QS`, `bid 120`)
   */
  text: string;
}
/**
 * The round a step scored (the `hand_end` event's fields).
 */
export interface HeartsHandEndJSON {
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
  /**
   * the round, from 0
   */
  hand_number: number;
}
/**
 * What one seat of a Hearts game may know.
 */
export interface HeartsViewJSON1 {
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
 * A seat of a replay: its one name, and when its player left the game.
 */
export interface ReplaySeat {
  seat: number;
  kind: "human" | "bot";
  /**
   * the player's or its bot's name
   */
  name: string | null;
  /**
   * the seq at which its player left the game for good, else `null`
   */
  left: number | null;
}
/**
 * ``GET /api/tables/{id}/replay`` of a Rook game: the replay and its seats.
 */
export interface RookReplayAnswer {
  /**
   * the rule set id
   */
  rules:
    | "hearts"
    | "rook/crowsnest"
    | "rook/tournament"
    | "rook/partnership"
    | "rook/one-high"
    | "rook/red-one"
    | "rook/buckeye"
    | "rook/dixie";
  family: "rook";
  /**
   * @minItems 2
   * @maxItems 2
   */
  teams: [[number, number, ...number[]], [number, number, ...number[]], ...[number, number, ...number[]][]];
  bird: ("crow" | "rook") | null;
  /**
   * the value of every option of the rule set, defaults included
   */
  options: {
    [k: string]: boolean | number | string;
  };
  /**
   * the game totals at the end
   *
   * @minItems 2
   * @maxItems 2
   */
  final_scores: [number, number, ...number[]];
  /**
   * the winning team
   */
  winner: number | null;
  steps: RookReplayStep[];
  table_id: string;
  /**
   * @minItems 4
   * @maxItems 4
   */
  seats: [ReplaySeat, ReplaySeat, ReplaySeat, ReplaySeat, ...ReplaySeat[]];
}
/**
 * A moment of a Rook game: the state after its action; pairs are per team.
 */
export interface RookReplayStep {
  /**
   * the action this step follows; `null` for the first deal and a new deal
   */
  action: ReplayAction | null;
  /**
   * `true` on the step of a new deal (a hand ended at the step before)
   */
  dealt?: boolean;
  phase: "auction" | "discard" | "trump" | "play" | "hand_over" | "over";
  /**
   * the hand, from 0
   */
  hand_number: number;
  /**
   * the seats that may act now
   */
  actors: number[];
  /**
   * every seat's hand, face up, in set order
   *
   * @minItems 4
   * @maxItems 4
   */
  hands: [string[], string[], string[], string[], ...string[][]];
  /**
   * the trick in progress, in play order from `leader`
   *
   * @maxItems 3
   */
  trick: string[];
  /**
   * who led the trick in progress
   */
  leader: number | null;
  /**
   * the hand's completed tricks
   */
  tricks_played: number;
  /**
   * the trick this step completed
   */
  trick_done: RookTrickJSON | null;
  /**
   * the hand this step scored
   */
  hand_end: RookHandEndJSON | null;
  /**
   * the game totals
   *
   * @minItems 2
   * @maxItems 2
   */
  totals: [number, number, ...number[]];
  /**
   * the winning team once the game is over
   */
  winner: number | null;
  view: RookViewJSON1;
  dealer: number;
  /**
   * this hand's bids and passes, in order
   */
  auction: [number | null, number | null, ...(number | null)[]][];
  high_bid: number | null;
  declarer: number | null;
  bid: number | null;
  trump: ("red" | "yellow" | "green" | "black") | null;
  /**
   * the nest the declarer took up, as dealt
   */
  nest: string[] | null;
  /**
   * what the declarer laid back
   */
  discards: string[] | null;
  /**
   * counter points each team has taken (at a hand's end: counted)
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
}
/**
 * The hand a step scored (the `hand_end` event's fields).
 */
export interface RookHandEndJSON {
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
  /**
   * the hand, from 0
   */
  hand_number: number;
}
/**
 * What one seat of a Rook game may know; pairs are per team, We (seats 0 and 2)
 * then They.
 */
export interface RookViewJSON1 {
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
 * server REST: a table's hand reviews (GET /api/tables/{id}/review)
 */
export interface Reviews {
  table_id: string;
  /**
   * The table's: `waiting`, `playing`, `over` (or `expired`).
   */
  status: string;
  /**
   * Whether hindsight is shown (the game is over).
   */
  hindsight: boolean;
  /**
   * Whether this server reviews hands (`review_worlds` > 0): if not, no more will come.
   */
  reviewing: boolean;
  /**
   * Hands of the seats read whose review is queued or being computed: a hand neither
   * here nor in `reviews` gets none (skipped, turned off, or a bot played it).
   */
  pending: number[];
  reviews: HandReview[];
}
export interface HandReview {
  hand_number: number;
  seat: number;
  review: ReviewBody;
}
export interface ReviewBody {
  family: string;
  rules: string;
  seat: number;
  /**
   * Worlds sampled per decision.
   */
  worlds: number;
  /**
   * `100 * exp(-mean cost / mistake threshold)` over the decisions with a choice.
   */
  accuracy: number | null;
  /**
   * The least cost of each band, in the review's points (`docs/ai.md`, "When a
   * decision is a mistake"); a cost is flagged only past 2 standard errors as well.
   */
  bands: {
    [k: string]: number;
  } | null;
  decisions: ReviewDecision[];
}
/**
 * One decision of the reviewed seat (`docs/ai.md`, "Hand review").
 */
export interface ReviewDecision {
  /**
   * Index of the action in the game's record.
   */
  step: number;
  /**
   * The hand (0 for the first).
   */
  hand_number: number;
  /**
   * The engine's phase: `pass`, `play`, `auction`, `discard` or `trump`.
   */
  phase: string;
  /**
   * The seat's hand at that moment.
   */
  hand: string[];
  /**
   * The trick so far, in play order.
   */
  trick: string[];
  /**
   * The action taken (`play QS`, `bid 120`, ...).
   */
  taken: string;
  /**
   * How many actions were legal (1: forced, never searched).
   */
  legal: number;
  /**
   * The action the Hard search finds best (`null` when forced).
   */
  best: string | null;
  /**
   * The mean result of the action taken (the units of `cost`).
   */
  taken_value: number | null;
  /**
   * The mean result of the best action.
   */
  best_value: number | null;
  /**
   * Expected points the action taken gave away against the best (Hearts: points
   * relative to the others; Rook: the team's hand score minus the other team's).
   */
  cost: number;
  /**
   * Standard error of the cost.
   */
  se: number;
  /**
   * Only when the cost reaches the band's threshold (its minimum) and exceeds 2
   * standard errors (clear of the search's noise).
   */
  band: ("inaccuracy" | "mistake" | "blunder") | null;
  /**
   * Shown only once the game is over (`null` before).
   */
  hindsight: ReviewHindsight | null;
  /**
   * The seat that led the trick so far (card play).
   */
  leader: number | null;
  /**
   * The actions compared, the best first (none for a forced one).
   */
  options: ReviewOption[];
  /**
   * Why the best action is best (none for a forced one).
   */
  reason: ReviewReason | null;
}
/**
 * The decision with every card face up (the real deal played out): hindsight.
 * Hearts card play: an exact (paranoid double-dummy) search within a node budget;
 * when the budget cut it short, `cut_short` and no figures (`null`).
 */
export interface ReviewHindsight {
  best: string | null;
  best_value: number | null;
  taken_value: number | null;
  cost: number | null;
  /**
   * The perfect-information search ran out of its node budget: no hindsight is given.
   */
  cut_short: boolean;
}
/**
 * One action the search compared, with what its playouts showed, counted over
 * the review's worlds (`null`: the search does not tell; `docs/ai.md`, "Why").
 */
export interface ReviewOption {
  action: string;
  /**
   * Mean result (Hearts: relative points, lower is better; Rook: the team's hand
   * score minus the other team's).
   */
  mean: number;
  se: number;
  /**
   * Worlds in which the trick the card went to was played out.
   */
  tricks: number;
  /**
   * Of those, the worlds in which the seat's side won that trick.
   */
  won: number | null;
  /**
   * Mean points of that trick.
   */
  trick_points: number | null;
  /**
   * Mean points the seat (Hearts) or its team (Rook) took in the hand.
   */
  points: number | null;
  /**
   * Hearts: worlds in which the seat shot the moon.
   */
  moon_mine: number | null;
  /**
   * Hearts: worlds in which another seat shot the moon.
   */
  moon_other: number | null;
  /**
   * Rook: worlds in which the contract was made.
   */
  made: number | null;
  /**
   * Rook: worlds in which the seat's team held the contract.
   */
  ours: number | null;
}
/**
 * Why `action` beats `other`, as the search measured it: a code the client words
 * (`docs/ai.md`, "Why"), each action's figure (`a`, `b`: worlds out of `worlds`, or
 * mean points) and the points at stake.
 */
export interface ReviewReason {
  /**
   * What tells the two actions apart (`docs/ai.md`, "Why").
   */
  code:
    | "moon_stopped"
    | "moon_shot"
    | "contract"
    | "set"
    | "overbid"
    | "underbid"
    | "ruff"
    | "trick_won"
    | "trick_lost"
    | "trick_points"
    | "points"
    | "later";
  /**
   * The action the reason speaks for: the suggested one, or the one taken when it
   * was the best.
   */
  action: string;
  /**
   * The action it is compared with: the one taken, or the runner-up.
   */
  other: string;
  /**
   * The worlds the counts are out of.
   */
  worlds: number;
  /**
   * The figure of `action`: worlds (a moon, a trick won, a contract made) or mean
   * points, by the code.
   */
  a: number;
  /**
   * The same figure of `other`.
   */
  b: number;
  /**
   * The points at stake (a trick's, a moon's 26, the points counted), by the code.
   */
  points: number | null;
}
/**
 * server REST: an offline game sent (POST /api/practice)
 */
export interface PracticeGame {
  /**
   * a rule set id (see /api/rules)
   */
  rules: string;
  /**
   * the rule options the game was played with
   */
  options?: {
    [k: string]: boolean | number | string;
  };
  /**
   * the deal seed the game was dealt from
   */
  seed: number;
  /**
   * The bots' level.
   */
  level: "easy" | "normal" | "hard";
  /**
   * the player's seat (the others are bots)
   */
  seat?: number;
  /**
   * the name the player played under
   */
  name: string;
  /**
   * every action applied, in order, as `[seat, action text]` (the record's)
   *
   * @maxItems 5000
   */
  actions: [number | string, number | string, ...(number | string)[]][];
}
/**
 * server REST: an offline game stored as practice (POST /api/practice)
 */
export interface PracticeStored {
  table_id: string;
  new: boolean;
  rules: string;
  seat: number;
  score: number;
  won: boolean;
  final_scores: number[];
}

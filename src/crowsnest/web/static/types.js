// @ts-check
// The shapes the client receives, as JSDoc types for `tsc --noEmit` (this module holds
// no code). They follow docs/protocol.md (messages) and docs/formats.md (views, events).

/** @typedef {"red" | "yellow" | "green" | "black"} Colour */
/** @typedef {"left" | "right" | "across" | "none"} PassDirection */

/**
 * A finished trick: its cards in play order from `leader`.
 * @typedef {{leader: number, cards: string[], winner: number, points: number}} Trick
 */

/**
 * What every view holds, either family.
 * @typedef {object} ViewBase
 * @property {string} rules the rule set key with its version, `rook/crowsnest@1`
 * @property {number | null} seat null for a spectator
 * @property {string} phase
 * @property {number[]} actors the seats that may act
 * @property {number} hand_number
 * @property {string[] | null} hand null for a spectator; in the engine's display order
 * @property {number[]} hand_sizes
 * @property {string[]} trick the trick in progress, in play order from `leader`
 * @property {number | null} leader
 * @property {Trick[]} tricks
 * @property {number[]} totals per seat (Hearts) or per team (Rook)
 * @property {number | null} winner a seat (Hearts) or a team (Rook)
 * @property {number | null} [resigned] Rook: the team that resigned, null unless one did
 * @property {number} target the game ends when a total reaches it (the table's options applied)
 * @property {number[][]} teams the seats of each team (Rook: partners; Hearts: one each)
 * @property {number | null} team the index in `teams` of the viewer's team; null for a spectator
 * @property {"crow" | "rook" | null} bird the bird card's name key; null without one
 */

/**
 * A Hearts hand result.
 * @typedef {{points: number[], moon: number | null, totals: number[]}} HeartsResult
 */

/**
 * @typedef {object} HeartsFields
 * @property {"hearts"} game
 * @property {PassDirection} pass_direction
 * @property {string[] | null} passed
 * @property {string[] | null} received
 * @property {boolean} hearts_broken
 * @property {number[]} points_taken
 * @property {HeartsResult[]} results
 */

/** @typedef {ViewBase & HeartsFields} HeartsView */

/**
 * A Rook hand result: the fields of the `hand_end` event but `hand_number`.
 * @typedef {object} RookResult
 * @property {number} declarer
 * @property {number} bid
 * @property {Colour | null} trump
 * @property {number[]} counted
 * @property {number} nest_points
 * @property {number} last_trick_team
 * @property {number[]} tricks_won
 * @property {boolean} made
 * @property {number[]} score
 * @property {number[]} totals
 */

/**
 * @typedef {object} RookFields
 * @property {"rook"} game
 * @property {number} dealer
 * @property {[number, number | null][]} auction `[seat, bid]`, bid null for a pass
 * @property {number | null} high_bid
 * @property {number | null} high_bidder
 * @property {number | null} declarer
 * @property {number | null} bid
 * @property {Colour | null} trump
 * @property {number} nest_size
 * @property {string[] | null} nest the declarer only, once taken up
 * @property {string[] | null} discards the declarer only, once laid
 * @property {number[]} captured `[We, They]`
 * @property {number[]} tricks_won `[We, They]`
 * @property {RookResult[]} results
 */

/** @typedef {ViewBase & RookFields} RookView */

/** @typedef {HeartsView | RookView} View */

/**
 * A legal choice of a set of cards: `count` cards of `from`, every one of `required`.
 * @typedef {{choose: "pass" | "discard", count: number, from: string[], required: string[]}} CardChoice
 */

/** @typedef {string | CardChoice} LegalAction */

/**
 * An engine event as a seat may see it (docs/formats.md, "Events"): `type` says which
 * of the other fields it has.
 * @typedef {object} GameEvent
 * @property {string} type
 * @property {number} [seat]
 * @property {string} [card]
 * @property {string[]} [cards]
 * @property {number | null} [bid]
 * @property {number} [declarer]
 * @property {number} [leader]
 * @property {number} [winner]
 * @property {number} [points]
 * @property {Colour} [colour]
 * @property {number} [team] `resign`: the team that resigned
 */

/**
 * `hand_end` of either family (the Rook fields, or Hearts' `points` and `moon`).
 * @typedef {object} HandEnd
 * @property {"hand_end"} type
 * @property {number} hand_number
 * @property {number[]} totals
 * @property {number[]} points Hearts
 * @property {number | null} moon Hearts
 * @property {number} declarer Rook
 * @property {number} bid Rook
 * @property {Colour | null} trump Rook
 * @property {number[]} counted Rook
 * @property {number} nest_points Rook
 * @property {number} last_trick_team Rook
 * @property {number[]} tricks_won Rook
 * @property {boolean} made Rook
 * @property {number[]} score Rook
 */

/**
 * The `state` message: the seat's view, its legal actions, what happened.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} seq
 * @property {"waiting" | "playing" | "over"} status
 * @property {View} view
 * @property {LegalAction[]} legal
 * @property {GameEvent[]} events
 * @property {(number | null)[]} [time_left] each seat's turn timer, seconds left when sent
 */

/**
 * A seat of a table, as `presence` and `welcome` describe it.
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"human" | "bot"} kind
 * @property {string | null} name
 * @property {boolean} claimed
 * @property {boolean} connected
 * @property {boolean} bot a bot plays the seat now
 * @property {string | null} [level] a bot seat's level
 * @property {number} [team] the seat's team (the engine's)
 * @property {boolean} [away] the bot keeps the seat after two timeouts, until "I'm back"
 * @property {boolean} [left] the player left the game: the bot plays it for good
 */

/**
 * A table (`welcome.table`, `GET /api/tables/{id}`).
 * @typedef {object} TableInfo
 * @property {string} id
 * @property {string} rules
 * @property {Record<string, unknown>} options
 * @property {string} level
 * @property {SeatInfo[]} seats
 * @property {"waiting" | "playing" | "over"} status
 * @property {number} seq
 * @property {boolean} public
 * @property {string} [commitment] SHA-256 of the deal secret, published before the first card
 * @property {boolean} [seed_chosen] the deal was chosen by the creator (a practice table)
 * @property {string} [timer] the turn timer: off, relaxed, normal, fast
 * @property {number | null} [turn_seconds]
 */

/** @typedef {{type: "welcome", table: TableInfo, seat: number | null, role: string}} WelcomeMessage */
/** @typedef {{type: "presence", seats: SeatInfo[]}} PresenceMessage */
/** @typedef {{type: "chat", seat: number, key: string}} ChatMessage */

/**
 * What became of a resign proposal, to the two partners (docs/protocol.md, "Resign").
 * @typedef {{type: "resign", seat: number, status: "proposed" | "declined" | "withdrawn" | "lapsed", seconds: number | null}} ResignNews
 */

/**
 * An error, on the websocket or in an HTTP answer's `error`.
 * @typedef {{code: string, message: string, args?: Record<string, unknown>}} ErrorBody
 */
/** @typedef {{type: "error", seq: number | null} & ErrorBody} ErrorMessage */

/**
 * The seat this browser holds at a table (kept in localStorage), or a spectator's
 * place (`watch`, no token).
 * @typedef {object} Session
 * @property {string} tableId
 * @property {string | null} token
 * @property {number | null} seat
 * @property {string | null} invite
 * @property {boolean} [watch]
 * @property {number} [at] when it was saved (ms)
 */

/**
 * A rule-set option as `GET /api/rules` describes it.
 * @typedef {object} RuleOption
 * @property {string} name
 * @property {"bool" | "choice" | "int"} kind
 * @property {unknown} default
 * @property {string[]} [choices]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {number} [step]
 */

/** @typedef {{id: string, family: string, bird: "crow" | "rook" | null, options: RuleOption[]}} RuleSet */

export {};

// @ts-check
// The shapes the client works with, as JSDoc types for `tsc --noEmit` (this module
// holds no code). What travels on the websocket is generated: `wire.d.ts`, made by
// `make types` from the server's JSON Schemas (docs/schemas), and only named here;
// what is the client's own (its session, the rule sets of GET /api/rules) is written
// here.

/** @typedef {import("./wire.js").ServerMessage} ServerMessage */
/** @typedef {import("./wire.js").ClientMessage} ClientMessage */
/** @typedef {import("./wire.js").StateMessage} StateMessage */
/** @typedef {import("./wire.js").WelcomeMessage} WelcomeMessage */
/** @typedef {import("./wire.js").PresenceMessage} PresenceMessage */
/** @typedef {import("./wire.js").ChatMessage} ChatMessage */
/** @typedef {import("./wire.js").ResignNews} ResignNews */
/** @typedef {import("./wire.js").ErrorMessage} ErrorMessage */
/** @typedef {import("./wire.js").ReviewReadyMessage} ReviewReadyMessage */
/** @typedef {import("./wire.js").ReviewSkippedMessage} ReviewSkippedMessage */
/** @typedef {import("./wire.js").BotTroubleMessage} BotTroubleMessage */
/** @typedef {import("./wire.js").TimedOutMessage} TimedOutMessage */
/** @typedef {import("./wire.js").TableInfo} TableInfo */
/** @typedef {import("./wire.js").SeatInfo} SeatInfo */

/** @typedef {import("./wire.js").RookViewJSON} RookView */
/** @typedef {import("./wire.js").HeartsViewJSON} HeartsView */
/** @typedef {HeartsView | RookView} View */
/** @typedef {import("./wire.js").RookTrickJSON | import("./wire.js").HeartsTrickJSON} Trick a finished trick */
/** @typedef {NonNullable<RookView["trump"]>} Colour */
/** @typedef {HeartsView["pass_direction"]} PassDirection */
/** @typedef {import("./wire.js").ChooseJSON} CardChoice a choice of `count` cards of `from`, `required` among them */
/** @typedef {StateMessage["legal"][number]} LegalAction */
/** @typedef {StateMessage["events"][number]} GameEvent an engine event as a seat may see it */
/** @typedef {import("./wire.js").RookHandEnd | import("./wire.js").HeartsHandEnd} HandEnd */
/** @typedef {import("./wire.js").RookHandEndJSON | import("./wire.js").HeartsHandEndJSON} HandResult a replay step's `hand_end`: the event's fields */
/** @typedef {TableInfo["level"]} Level a bot level */
/** @typedef {TableInfo["timer"]} Timer a turn timer preset */
/** @typedef {ChatMessage["key"]} ChatKey a quick message or reaction */

/**
 * An error in an HTTP answer's `error` (the websocket's is an ErrorMessage).
 * @typedef {{code: string, message: string, args?: Record<string, unknown>}} ErrorBody
 */

/**
 * The seat this browser holds at a table (kept in localStorage), or a spectator's
 * place (`watch`, no token).
 * @typedef {object} Session
 * @property {string} tableId
 * @property {string | null} token
 * @property {number | null} seat
 * @property {string | null} invite
 * @property {boolean} [watch]
 * @property {boolean} [offline] a solo game played in this browser with no server (offline/)
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

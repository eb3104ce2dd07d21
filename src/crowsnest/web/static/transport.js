// @ts-check
// What carries a table's messages: the seam between a table (game.js) and the
// server. A transport is opened once with two handlers, hands over every message of
// the server's as it came (`docs/protocol.md`: welcome, state, presence, error, chat,
// ...), sends the client's, and says how the link is. The table depends on this
// interface only: the websocket (connection.js) is one transport; another, a Web
// Worker running the engine and the bots in the page for a game with no connection,
// speaks the same messages and stands in for it.

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").Session} Session */

/**
 * How the link is: `connecting` (at first and after a loss), `open`, `lost` (it
 * reconnects by itself), `replaced` (the seat was taken up elsewhere: it does not).
 * @typedef {"connecting" | "open" | "lost" | "replaced"} TransportStatus
 */

/**
 * @typedef {object} TransportHandlers
 * @property {(message: ServerMessage) => void} message every message of the server's, in order
 * @property {(status: TransportStatus) => void} status each change of the link
 */

/**
 * @typedef {object} Transport
 * @property {(handlers: TransportHandlers) => void} open start: connect and say `hello`
 *   (the seat's token, or a spectator's invite) — again after each reconnection —, then
 *   hand every message to `handlers.message`
 * @property {(message: ClientMessage) => boolean} send send now; false when it cannot
 *   (not open): nothing is kept to send later
 * @property {() => void} close for good: no reconnection, no more messages
 * @property {() => Promise<{action: string}>} [hint] the bot's advice for the seat, where
 *   the transport gives it itself (offline; online it is `GET /api/tables/{id}/hint`)
 */

/**
 * Makes the transport of a table for a session: a seat (its token) or a spectator
 * (`watch`, with a private table's invite).
 * @typedef {(session: Session) => Transport} TransportFactory
 */

export {};

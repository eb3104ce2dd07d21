"""A solo table with no server: one player and three bots, speaking the server's
websocket messages (``docs/protocol.md``: ``welcome``, ``state``, ``presence``,
``error``, ``pong``, ``chat``), so that the browser's table draws an offline game
with the code that draws an online one.

The browser's Web Worker (``web/static/offline/worker.js``) runs it under Pyodide:
it hands each client message to :meth:`SoloTable.handle` and sends back what it
returns; when :meth:`SoloTable.bot_due` names a seat, it waits the table's bot
delay and calls :meth:`SoloTable.bot_act`. Each bot decides from its own seat's
view and legal actions, with the server's random source for that decision (so a
solo game's bots decide as the server's would at the same deal, where their search
is not cut short by its time limit). Hard keeps its time limit per decision
(:data:`crowsnest.ai.hearts.hard.DEFAULT_TIME_LIMIT`, Rook's likewise).

Everything here is plain JSON-ready dicts; the server's pydantic models declare the
shapes and ``tests/offline/test_solo.py`` validates every message against them.

>>> table = SoloTable("hearts", {}, "easy", seed=3, name="Ann")
>>> [m["type"] for m in table.hello()]
['welcome', 'state']
>>> table.bot_due()
1
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from crowsnest.ai.registry import bot_for, bot_rng, make_bot
from crowsnest.engine import (
    AnyGame,
    Event,
    LegalAction,
    Resign,
    RulesError,
    action_text,
    new_game,
    parse_action,
)
from crowsnest.offline.messages import Status, state_message
from crowsnest.server.people.presets import bot_name

Level = Literal["easy", "normal", "hard"]
LEVELS: Final = ("easy", "normal", "hard")
PROTOCOL_VERSION: Final = 3
MAX_ACTION_TEXT: Final = 200
HINT_SALT: Final = 0x5EED
"""Mixed into the seed for a hint's random source (as the server's hints)."""
CHAT_KEYS: Final = frozenset(
    ("hello", "gg", "wp", "oops", "thanks", "hurry", "sorry", "gtg",
     "smile", "laugh", "wow", "sad", "clap", "heart")
)  # fmt: skip

Message = dict[str, Any]


class SoloTable:
    """A game of ``rules`` for the player ``name`` at ``seat`` and three bots of
    ``level``; ``actions`` (seat, text) rebuild a game started earlier."""

    def __init__(
        self,
        rules: str,
        options: Mapping[str, object],
        level: str,
        *,
        seed: int,
        name: str,
        seat: int = 0,
        table_id: str = "offline",
        bot_delay: float = 0.8,
        actions: Sequence[Sequence[object]] = (),
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        if seat not in range(4):
            raise ValueError(f"seat {seat!r} is not 0 to 3")
        self.game: AnyGame = new_game(rules, options=options, seed=seed)
        self.rules, self.options, self.level = rules, dict(options), level
        self.seed, self.name, self.seat, self.id = seed, name, seat, table_id
        self.bot_delay = bot_delay
        self.family = self.game.rules.family
        self.bot = bot_for(self.family, level)
        self.bots = {s: make_bot(self.family, self.bot) for s in range(4) if s != seat}
        self.seq = 0
        self.legal: list[list[LegalAction]] = [self.game.legal_actions(s) for s in range(4)]
        self.since = [0, 0, 0, 0]
        self.last: tuple[int, str] | None = None
        self.left = False
        self.timings: list[float] = []
        """Seconds each bot decision took, in order."""
        for item in actions:
            who, text = item
            if not isinstance(who, int) or not isinstance(text, str):
                raise ValueError(f"an action is [seat, text], not {item!r}")
            self._advance(who, text)

    # -- the messages ------------------------------------------------------------------

    @property
    def status(self) -> Status:
        return "over" if self.game.is_over else "playing"

    def seat_info(self) -> list[Message]:
        return [
            {
                "seat": i,
                "kind": "human" if i == self.seat else "bot",
                "name": self.name if i == self.seat else bot_name(self.seed, i),
                "claimed": True,
                "connected": i == self.seat and not self.left,
                "bot": i != self.seat or self.left,
                "level": None if i == self.seat else self.level,
                "team": self.game.rules.team_of(i),
                "away": False,
                "left": i == self.seat and self.left,
            }
            for i in range(4)
        ]

    def welcome(self) -> Message:
        table = {
            "id": self.id,
            "rules": self.rules,
            "options": dict(self.options),
            "level": self.level,
            "public": False,
            "grace": 0.0,
            "bot_delay": self.bot_delay,
            "status": self.status,
            "seq": self.seq,
            "seats": self.seat_info(),
            "spectators": 0,
            "commitment": None,
            "seed_chosen": False,
            "timer": "off",
            "turn_seconds": None,
        }
        return {
            "type": "welcome", "version": PROTOCOL_VERSION, "table": table,
            "seat": self.seat, "role": "player",
        }  # fmt: skip

    def state(self, events: Sequence[Event] = ()) -> Message:
        return state_message(
            self.game, self.seat, self.legal[self.seat], events, seq=self.seq, status=self.status
        )

    def error(
        self, code: str, message: str, args: Mapping[str, int | str] | None = None
    ) -> Message:
        return {
            "type": "error", "code": code, "message": message, "seq": self.seq,
            "args": dict(args or {}),
        }  # fmt: skip

    def presence(self) -> Message:
        return {"type": "presence", "seats": self.seat_info(), "spectators": 0}

    def hello(self) -> list[Message]:
        """What a connection's ``hello`` gets: ``welcome``, then the state."""
        return [self.welcome(), self.state()]

    # -- the player's messages -----------------------------------------------------------

    def handle(self, message: object) -> list[Message]:
        """One client message (a decoded JSON object); the messages it answers with."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return [self.error("bad_message", "a message is a JSON object with a 'type'")]
        kind = message["type"]
        if kind == "hello":
            return self.hello()
        if kind == "ping":
            return [{"type": "pong"}]
        if kind == "sync":
            return [self.state()]
        if kind == "chat":
            key = message.get("key")
            if key not in CHAT_KEYS:
                return [self.error("bad_message", "chat: key: not one of the quick messages")]
            return [{"type": "chat", "seat": self.seat, "key": key}]
        if kind == "back":
            return [self.error("timer_not_running", "no bot keeps your seat: nothing to return to")]
        if self.left:
            return [self.error("seat_left", "you have left this game")]
        if kind == "leave":
            if self.game.is_over:
                return [self.error("game_over", "the game is over")]
            self.left = True
            return [self.presence()]
        if kind == "resign":
            return self._resign()
        if kind == "resign_answer":
            return [self.error("nothing_to_accept", "no resign proposal waits for you")]
        if kind == "action":
            return self._action(message.get("seq"), message.get("action"))
        return [self.error("unknown_type", f"unknown message type {kind[:40]!r}")]

    def _resign(self) -> list[Message]:
        """The partner is a bot: the team resigns at once (as on the server)."""
        try:
            self.game.check(self.seat, Resign())
        except RulesError as err:
            return [self.error(err.code, err.message, err.params)]
        events = self._advance(self.seat, Resign())
        return [self.state(events)]

    def _action(self, seq: object, text: object) -> list[Message]:
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            return [self.error("bad_message", "action: seq: not a whole number")]
        if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_TEXT:
            return [self.error("bad_message", "action: action: 1 to 200 characters of text")]
        try:
            parsed = parse_action(text, self.family)
        except RulesError as err:
            return [self.error(err.code, err.message, err.params)]
        if isinstance(parsed, Resign):
            return [self.error("resign_by_message", "to resign send {'type': 'resign'}")]
        canonical = action_text(parsed, self.family)
        if self.last is not None and self.last[1] == canonical and self.last[0] > seq:
            return [
                self.error(
                    "duplicate", f"{canonical!r} was already applied (at seq {self.last[0]})"
                )
            ]
        if not self.since[self.seat] <= seq <= self.seq:
            return [
                self.error("stale", f"seq {seq} is not the current state of this seat ({self.seq})")
            ]
        try:
            events = self._advance(self.seat, parsed)
        except RulesError as err:
            return [self.error(err.code, err.message, err.params)]
        self.last = (self.seq, canonical)
        return [self.state(events)]

    # -- the bots ------------------------------------------------------------------------

    def bot_due(self) -> int | None:
        """The bot seat to act next (the lowest), or ``None`` (the player's turn alone,
        or the game is over); after the player left, the player's seat too."""
        if self.game.is_over:
            return None
        seats = sorted(s for s in self.game.actors if s != self.seat or self.left)
        return seats[0] if seats else None

    def bot_act(self) -> list[Message]:
        """The due bot decides from its seat's view and legal actions and acts; the
        player's new state (empty when no bot is due)."""
        seat = self.bot_due()
        if seat is None:
            return []
        bot = self.bots.get(seat) or make_bot(self.family, self.bot)
        started = time.perf_counter()
        action = bot.choose(
            self.game.view(seat), self.legal[seat], bot_rng(self.seed, self.seq, seat)
        )
        self.timings.append(time.perf_counter() - started)
        events = self._advance(seat, action)
        return [self.state(events)]

    def hint(self) -> Message:
        """The bot's advice for the player (Normal's, Hard's at a Hard table), as the
        server's ``GET /api/tables/{id}/hint`` answers; an ``error`` when it is not the
        player's turn."""
        legal = self.legal[self.seat]
        if not legal or self.status != "playing" or self.left:
            return self.error("not_your_turn", f"seat {self.seat} may not act now")
        bot = bot_for(self.family, "hard" if self.level == "hard" else "normal")
        rng = bot_rng(self.seed ^ HINT_SALT, self.seq, self.seat)
        action = make_bot(self.family, bot).choose(self.game.view(self.seat), legal, rng)
        return {"seq": self.seq, "action": action_text(action, self.family), "bot": bot}

    # -- applying ------------------------------------------------------------------------

    def _advance(self, seat: int, action: Any) -> list[Event]:
        events = self.game.apply(seat, action)
        self.seq += 1
        for i in range(4):
            legal = self.game.legal_actions(i)
            if legal != self.legal[i]:
                self.legal[i] = legal
                self.since[i] = self.seq
        return events

    def record(self) -> dict[str, Any]:
        """The engine's record of the game so far (``docs/formats.md``)."""
        return self.game.record()

    def actions(self) -> list[list[object]]:
        """Every action applied, as ``[seat, text]`` (what rebuilds the table)."""
        return [[seat, text] for seat, text in self.game.log]

"""One table, sans I/O: every input is a method call that returns the messages to send.

The table owns the game, the seats and the sequence number; it knows nothing of
sockets, databases or clocks (the time is an argument, ``now``, in seconds). The
caller applies one call at a time per table, persists :attr:`Outcome.accepted`
before it sends anything, and then delivers :attr:`Outcome.out`.

Sequence numbers: ``seq`` is the number of actions applied. Every state message
carries it, and an action names the ``seq`` of the state it answers. Each seat also
has ``since``: the ``seq`` at which its legal actions last changed. An action is
*stale* unless ``since <= seq_named <= seq``, so a Hearts pass chosen while another
player passed still counts, while a card chosen before the trick moved does not. It
is a *duplicate* when it repeats the seat's last accepted action and names a state
from before that action was applied: the same action sent twice is applied once.

>>> t = Table("t1", TableConfig("hearts", {}, seed=1, seats=("human", "bot", "bot", "bot")),
...           now=0.0)
>>> t.status
'waiting'
>>> _ = t.claim(0, "Ann", "hash", now=0.0)
>>> t.status, t.bot_plan(now=0.0)
('playing', BotTurn(seat=1, seq=0, due=0.8, bot='normal'))
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import (
    Action,
    AnyGame,
    Event,
    LegalAction,
    PlayerView,
    RulesError,
    new_game,
    parse_action,
)
from crowsnest.fairness import SCHEME, commitment
from crowsnest.server.bots import bot_for
from crowsnest.server.schemas import (
    ActionMessage,
    ErrorMessage,
    HelloMessage,
    Level,
    PingMessage,
    PongMessage,
    PresenceMessage,
    SeatInfo,
    SeatKind,
    ServerMessage,
    StateMessage,
    Status,
    SyncMessage,
    TableInfo,
    WelcomeMessage,
)

Target = int | Literal["reply", "spectators", "all"]
"""A seat, the connection that sent the input, every spectator, or everyone."""


class TableError(Exception):
    """A request the table refuses (claiming a taken seat, ...): ``code`` is stable."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (a retryable refusal)."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    rules: str
    options: Mapping[str, object]
    seed: int
    level: Level = "normal"
    seats: tuple[SeatKind, ...] = ("human", "bot", "bot", "bot")
    public: bool = True
    grace: float = 60.0
    bot_delay: float = 0.8
    secret: str | None = None
    """The deal secret ``seed`` was derived from (:mod:`crowsnest.fairness`): only its
    commitment is shown until the game is over. ``None``: no secret (a chosen seed, or
    a table older than the scheme)."""
    seed_chosen: bool = False
    """The creator chose ``seed``."""


@dataclass(slots=True)
class Seat:
    kind: SeatKind
    name: str | None = None
    token_hash: str | None = None
    """SHA-256 of the seat's token, once claimed (the token itself is never kept)."""
    connections: int = 0
    gone_since: float = 0.0
    since: int = 0
    """The seq at which this seat's legal actions last changed."""
    last: tuple[int, str] | None = None
    """(seq after it was applied, text) of this seat's last accepted action."""
    takeover: bool = False
    """A bot has played for this (human) seat since its player left."""


@dataclass(frozen=True, slots=True)
class Accepted:
    """An action the table applied: persist it (keyed by table and seq) before sending."""

    seq: int
    seat: int
    action: str
    by: SeatKind


@dataclass(slots=True)
class Outcome:
    out: list[tuple[Target, ServerMessage]] = field(default_factory=list)
    accepted: Accepted | None = None
    finished: bool = False
    """This input ended the game."""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot should act for ``seat`` at time ``due``, on the state numbered ``seq``."""

    seat: int
    seq: int
    due: float
    bot: str


class Table:
    """A game with four seats, its players' presence and its sequence number.

    ``actions`` (seat, text) rebuilds a table from its log after a restart.
    """

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        now: float,
        seats: Sequence[Seat] | None = None,
        actions: Sequence[tuple[int, str]] = (),
    ) -> None:
        if len(config.seats) != 4:
            raise ValueError("a table has four seats")
        self.id = table_id
        self.config = config
        self.game: AnyGame = new_game(config.rules, options=config.options, seed=config.seed)
        self.family = self.game.rules.family
        self.bot = bot_for(self.family, config.level)
        self.seats = list(seats) if seats is not None else [Seat(k) for k in config.seats]
        for seat, kind in zip(self.seats, config.seats, strict=True):
            seat.kind = kind
            if kind == "bot":
                seat.name = seat.name or self.bot
            seat.gone_since = now
        self.seq = 0
        self.legal: list[list[LegalAction]] = [self.game.legal_actions(s) for s in range(4)]
        self.spectators = 0
        self.last_change = now
        for seat_no, text in actions:
            self._advance(seat_no, text, now)

    # -- state ---------------------------------------------------------------------

    @property
    def status(self) -> Status:
        if self.game.is_over:
            return "over"
        if any(s.kind == "human" and s.token_hash is None for s in self.seats):
            return "waiting"
        return "playing"

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.token_hash is None]

    def _bot_plays(self, seat: int, now: float) -> bool:
        s = self.seats[seat]
        if s.kind == "bot":
            return True
        return s.connections == 0 and now >= s.gone_since + self.config.grace

    def seat_info(self) -> list[SeatInfo]:
        return [
            SeatInfo(
                seat=i,
                kind=s.kind,
                name=s.name,
                claimed=s.kind == "bot" or s.token_hash is not None,
                connected=s.connections > 0,
                bot=s.kind == "bot" or s.takeover,
            )
            for i, s in enumerate(self.seats)
        ]

    def info(self) -> TableInfo:
        c = self.config
        return TableInfo(
            id=self.id,
            rules=c.rules,
            options=dict(c.options),
            level=c.level,
            public=c.public,
            grace=c.grace,
            bot_delay=c.bot_delay,
            status=self.status,
            seq=self.seq,
            seats=self.seat_info(),
            spectators=self.spectators,
            commitment=None if c.secret is None else commitment(c.secret),
            seed_chosen=c.seed_chosen,
        )

    def state(self, seat: int | None, events: Sequence[Event] = ()) -> StateMessage:
        """``seat``'s state message (``None``: a spectator's) with the events it may see."""
        return StateMessage(
            seq=self.seq,
            status=self.status,
            view=self.game.view(seat).to_json(),
            legal=legal_to_json(self.legal[seat]) if seat is not None else [],
            events=[e.to_json() for e in events if e.visible_to(seat)],
        )

    def view(self, seat: int | None) -> PlayerView:
        view: PlayerView = self.game.view(seat)
        return view

    def error(
        self, code: str, message: str, args: Mapping[str, int | str] | None = None
    ) -> ErrorMessage:
        return ErrorMessage(code=code, message=message, seq=self.seq, args=dict(args or {}))

    # -- seats and connections -------------------------------------------------------

    def claim(self, seat: int | None, name: str, token_hash: str, now: float) -> Outcome:
        """Give a free human seat (``None``: the first free one) to ``name``;
        raise :class:`TableError` ``seat_taken`` / ``no_free_seat``."""
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise TableError("no_free_seat", "every human seat is taken")
            seat = free[0]
        if seat not in free:
            raise TableError("seat_taken", f"seat {seat} is not a free human seat")
        s = self.seats[seat]
        was = self.status
        s.name, s.token_hash, s.gone_since = name, token_hash, now
        out = Outcome([("all", self.presence())])
        if was == "waiting" and self.status == "playing":
            self.last_change = now
            out.out.extend(self._states(()))
        return out

    def fill(self, now: float) -> Outcome:
        """Hand every unclaimed human seat to the table's bot, so that a game waiting
        for friends who did not come can start; raise ``game_over`` after the end and
        ``not_waiting`` when no seat is free."""
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        free = self.free_seats()
        if not free:
            raise TableError("not_waiting", "every seat is taken already")
        for seat in free:
            s = self.seats[seat]
            s.kind, s.name, s.gone_since = "bot", self.bot, now
        self.last_change = now
        out = Outcome([("all", self.presence())])
        out.out.extend(self._states(()))
        return out

    def seat_of_token(self, token_hash: str) -> int | None:
        """The seat whose token has this hash (every seat compared, in constant time)."""
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                found = i
        return found

    def connect(self, seat: int | None, now: float) -> Outcome:
        """A connection for ``seat`` (``None``: a spectator) has said hello."""
        if seat is None:
            self.spectators += 1
        else:
            s = self.seats[seat]
            s.connections += 1
            s.takeover = False
        welcome = WelcomeMessage(
            table=self.info(), seat=seat, role="spectator" if seat is None else "player"
        )
        out = Outcome([("reply", welcome), ("reply", self.state(seat))])
        if seat is not None:
            # A spectator coming or going tells nobody: the count rides on the next
            # presence (so a crowd of spectators costs each one message, not n).
            out.out.append(("all", self.presence()))
        return out

    def presence(self) -> PresenceMessage:
        return PresenceMessage(seats=self.seat_info(), spectators=self.spectators)

    def disconnect(self, seat: int | None, now: float) -> Outcome:
        if seat is None:
            self.spectators = max(0, self.spectators - 1)
            return Outcome()
        s = self.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0:
            s.gone_since = now
        return Outcome([("all", self.presence())])

    # -- messages ----------------------------------------------------------------------

    def handle(
        self,
        seat: int | None,
        message: HelloMessage | ActionMessage | SyncMessage | PingMessage,
        now: float,
    ) -> Outcome:
        """One client message from ``seat``'s connection (``None``: a spectator)."""
        if isinstance(message, PingMessage):
            return Outcome([("reply", PongMessage())])
        if isinstance(message, SyncMessage):
            return Outcome([("reply", self.state(seat))])
        if isinstance(message, HelloMessage):
            return self._refuse("already_joined", "this connection has already said hello")
        return self._human_action(seat, message, now)

    def _refuse(
        self, code: str, message: str, args: Mapping[str, int | str] | None = None
    ) -> Outcome:
        return Outcome([("reply", self.error(code, message, args))])

    def _human_action(self, seat: int | None, message: ActionMessage, now: float) -> Outcome:
        if seat is None:
            return self._refuse("not_seated", "spectators cannot act")
        status = self.status
        if status == "waiting":
            return self._refuse("not_started", "the game starts when every seat is taken")
        try:
            parsed = parse_action(message.action)
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        text = str(parsed)
        s = self.seats[seat]
        if s.last is not None and s.last[1] == text and s.last[0] > message.seq:
            return self._refuse("duplicate", f"{text!r} was already applied (at seq {s.last[0]})")
        if not s.since <= message.seq <= self.seq:
            return self._refuse(
                "stale", f"seq {message.seq} is not the current state of this seat ({self.seq})"
            )
        try:
            events = self._advance(seat, parsed, now)
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        return self._broadcast(events, Accepted(self.seq, seat, text, "human"))

    # -- bots ----------------------------------------------------------------------------

    def bot_plan(self, now: float) -> BotTurn | None:
        """The next bot decision due (the earliest), or None when no bot is to act."""
        if self.status != "playing":
            return None
        best: BotTurn | None = None
        for seat in sorted(self.game.actors):
            s = self.seats[seat]
            due = self.last_change + self.config.bot_delay
            if s.kind == "human":
                if s.connections > 0:
                    continue
                due = max(due, s.gone_since + self.config.grace)
            if best is None or due < best.due:
                best = BotTurn(seat, self.seq, due, self.bot)
        return best

    def bot_act(self, seat: int, seq: int, action: str, now: float) -> Outcome:
        """A bot's decision for ``seat`` made on state ``seq``; ignored (an empty
        outcome) if the seat's situation has changed since or its player is back."""
        s = self.seats[seat]
        if self.status != "playing" or not self._bot_plays(seat, now):
            return Outcome()
        if not s.since <= seq <= self.seq:
            return Outcome()
        events = self._advance(seat, action, now)
        out = self._broadcast(events, Accepted(self.seq, seat, self.game.log[-1][1], "bot"))
        if s.kind == "human" and not s.takeover:
            s.takeover = True
            out.out.append(("all", self.presence()))
        return out

    # -- applying ------------------------------------------------------------------------

    def _advance(self, seat: int, action: Action | str, now: float) -> list[Event]:
        events = self.game.apply(seat, action)
        self.seq += 1
        self.last_change = now
        for i in range(4):
            legal = self.game.legal_actions(i)
            if legal != self.legal[i]:
                self.legal[i] = legal
                self.seats[i].since = self.seq
        self.seats[seat].last = (self.seq, self.game.log[-1][1])
        return events

    def _states(self, events: Sequence[Event]) -> list[tuple[Target, ServerMessage]]:
        """A state message for every connected seat, and one for the spectators."""
        out: list[tuple[Target, ServerMessage]] = [
            (i, self.state(i, events)) for i, s in enumerate(self.seats) if s.connections > 0
        ]
        if self.spectators:
            out.append(("spectators", self.state(None, events)))
        return out

    def _broadcast(self, events: Sequence[Event], accepted: Accepted) -> Outcome:
        return Outcome(self._states(events), accepted=accepted, finished=self.game.is_over)

    def record(self) -> dict[str, Any]:
        """The engine's record, and (once the game is over) its ``fairness`` block:
        the scheme, the commitment, the secret revealed, whether the seed was chosen."""
        record = self.game.record()
        c = self.config
        if self.game.is_over and (c.secret is not None or c.seed_chosen):
            record["fairness"] = {
                "scheme": SCHEME,
                "commitment": None if c.secret is None else commitment(c.secret),
                "secret": c.secret,
                "seed_chosen": c.seed_chosen,
            }
        return record

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
('playing', BotTurn(seat=1, seq=0, due=0.8, bot='normal', action=None))
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import (
    Action,
    AnyGame,
    Bid,
    Event,
    LegalAction,
    PlayerView,
    Resign,
    RulesError,
    action_text,
    new_game,
    parse_action,
)
from crowsnest.engine.wire import LEFT
from crowsnest.fairness import SCHEME, commitment, end_of
from crowsnest.server.bots import FALLBACK, bot_for
from crowsnest.server.limits import KeyedLimit, retry_seconds
from crowsnest.server.people import (
    AWAY_TIMEOUTS,
    BENCH_TIMEOUTS,
    CHAT_BURST,
    CHAT_RATE,
    RESIGN_BURST,
    RESIGN_RATE,
    RESIGN_SECONDS,
    Timer,
    bot_name,
)
from crowsnest.server.schemas import (
    ActionMessage,
    AnyClientMessage,
    BackMessage,
    ChatMessage,
    ChatSend,
    ErrorMessage,
    HelloMessage,
    LeaveMessage,
    Level,
    PingMessage,
    PongMessage,
    PresenceMessage,
    ResignAnswer,
    ResignNews,
    ResignSend,
    ResignStatus,
    SeatInfo,
    SeatKind,
    ServerMessage,
    StateMessage,
    Status,
    SyncMessage,
    TableInfo,
    TimedOutDid,
    TimedOutMessage,
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
    timer: Timer = "off"
    turn_seconds: float | None = None
    """Seconds a human has for each decision (``None``: no turn timer)."""


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
    """A bot has played for this (human) seat since its player went away."""
    deadline: float | None = None
    """When the seat's turn timer runs out (table time); ``None``: no timer runs."""
    timeouts: int = 0
    """The seat's decisions its bot made for it when its timer ran out, since its
    player last acted (stored: ``seats.timeouts``; ``back`` does not reset it)."""
    away: bool = False
    """The bot keeps the seat (:data:`~crowsnest.server.people.AWAY_TIMEOUTS` time-outs
    in a row, and no ``back`` since; stored: ``seats.away``)."""
    left_seq: int | None = None
    """The seq at which its player left the game for good (the bot plays it)."""
    seen: bool = False
    """Its player has had the game on screen: a connection of the seat was there
    when the game started, or came since. Turn timers wait for every human seat's."""
    missed: list[TimedOutMessage] = field(default_factory=list)
    """What the computer did when this seat's timer ran out since its player last
    acted (kept in memory: told again when the player connects)."""


class Absence(NamedTuple):
    """A seat's time-outs in a row and whether its bot keeps it, stored together."""

    timeouts: int
    away: bool


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
    deadlines: dict[int, float | None] = field(default_factory=dict)
    """Seats whose turn deadline this input set or cleared: store them (with the
    action, if any), so that a restarted server keeps them."""
    timeouts: dict[int, Absence] = field(default_factory=dict)
    """Seats whose time-outs in a row or away this input changed: store them (with
    the action, if any), so that a restarted server knows exactly who is away."""
    left: int | None = None
    """The seat whose player left the game (store its ``left_seq``)."""
    freed: int | None = None
    """The seat given up before the game started (store it unclaimed)."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """A resign proposal waiting for the proposer's partner (kept in memory only: a
    restart lapses it)."""

    seat: int
    expires: float


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot should act for ``seat`` at time ``due``, on the state numbered ``seq``."""

    seat: int
    seq: int
    due: float
    bot: str
    action: str | None = None
    """The action to take without asking the bot (a timer's pass in the auction)."""


TIMED_OUT_DID: Mapping[str, TimedOutDid] = {
    "bid": "bid",
    "discard": "discard",
    "trump": "trump",
    "pass": "pass_cards",
    "play": "play",
}
"""What an action's verb says the computer did for a seat whose time ran out."""


def timed_out_did(action: str) -> TimedOutDid:
    """What the computer did, told without its cards: ``bid pass`` is a ``pass``."""
    return "pass" if action == str(Bid(None)) else TIMED_OUT_DID[action.split()[0]]


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
        for i, (seat, kind) in enumerate(zip(self.seats, config.seats, strict=True)):
            seat.kind = kind
            if kind == "bot":
                seat.name = seat.name or bot_name(config.seed, i)
            seat.gone_since = now
        self.seq = 0
        self.legal: list[list[LegalAction]] = [self.game.legal_actions(s) for s in range(4)]
        self.spectators = 0
        self.last_change = now
        self.chats = KeyedLimit(CHAT_RATE, CHAT_BURST, max_keys=4)
        self.resigns = KeyedLimit(RESIGN_RATE, RESIGN_BURST, max_keys=4)
        self.proposals: dict[int, Proposal] = {}
        """Each team's pending resign proposal."""
        self._lapsed: list[tuple[Target, ServerMessage]] = []
        self._deadlines: dict[int, float | None] = {}
        self._timeouts: dict[int, Absence] = {}
        self.clocks_on = bool(actions)
        """The turn timers run: every human seat's player has seen the game (a
        table rebuilt in the middle of its game has them on at once)."""
        for seat_no, text in actions:
            self._advance(seat_no, text, now)
        if self.status == "playing":
            self._start_clocks(now)
        self._deadlines = {}

    # -- state ---------------------------------------------------------------------

    @property
    def status(self) -> Status:
        if self.game.is_over:
            return "over"
        if any(s.kind == "human" and s.token_hash is None for s in self.seats):
            return "waiting"
        return "playing"

    def abandoned(self) -> bool:
        """Every human seat's player has left the game."""
        humans = [s for s in self.seats if s.kind == "human"]
        return bool(humans) and all(s.left_seq is not None for s in humans)

    def in_the_lobby(self) -> bool:
        """Listed in the lobby's tables in play (when public): a table of people, not
        one person's game with bots, that waits for its players or whose game a
        player is still at (connected, and not left)."""
        humans = [s for s in self.seats if s.kind == "human"]
        if len(humans) < 2 or self.status == "over":
            return False
        if self.status == "waiting":
            return True
        return any(s.connections > 0 and s.left_seq is None for s in humans)

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.token_hash is None]

    def _bot_plays(self, seat: int, now: float) -> bool:
        """The seat's bot may decide for it now: a bot seat; a player who left, is
        away (two timeouts in a row), gone past the grace period, or whose turn
        timer ran out. One rule, :meth:`_human_due` says when."""
        due = self._human_due(seat)
        return due is not None and now >= due

    def _human_due(self, seat: int) -> float | None:
        """When the seat's bot takes this decision, at the earliest (``None``: never,
        a player who is here and has no timer). Grace and the turn timer are one
        mechanism: whichever runs out first."""
        s = self.seats[seat]
        if s.kind == "bot" or s.left_seq is not None or s.away:
            return -float("inf")
        due = [s.deadline] if s.deadline is not None else []
        if s.connections == 0:
            due.append(s.gone_since + self.config.grace)
        return min(due) if due else None

    def bot_sits(self, seat: int) -> bool:
        """A bot plays the seat now: a bot seat, or a human seat whose player has been
        gone past the grace period, is away, or left."""
        s = self.seats[seat]
        return s.kind == "bot" or s.takeover or s.away or s.left_seq is not None

    def seat_info(self) -> list[SeatInfo]:
        team_of = self.game.rules.team_of
        return [
            SeatInfo(
                seat=i,
                kind=s.kind,
                name=s.name,
                claimed=s.kind == "bot" or s.token_hash is not None,
                connected=s.connections > 0,
                bot=self.bot_sits(i),
                level=self.config.level if s.kind == "bot" else None,
                team=team_of(i),
                away=s.away,
                left=s.left_seq is not None,
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
            timer=c.timer,
            turn_seconds=c.turn_seconds,
        )

    def state(
        self, seat: int | None, events: Sequence[Event] = (), now: float | None = None
    ) -> StateMessage:
        """``seat``'s state message (``None``: a spectator's) with the events it may
        see, and every seat's time left at ``now``."""
        at = self.last_change if now is None else now
        return StateMessage(
            seq=self.seq,
            status=self.status,
            view=self.game.view(seat).to_json(),
            legal=legal_to_json(self.legal[seat], self.family) if seat is not None else [],
            events=[e.to_json() for e in events if e.visible_to(seat)],
            time_left=self.time_left(at),
        )

    def time_left(self, now: float) -> list[float | None]:
        """Seconds left on each seat's turn timer (``None``: none runs for it)."""
        out: list[float | None] = []
        for s in self.seats:
            if s.deadline is None or self.status != "playing":
                out.append(None)
            else:
                out.append(round(max(0.0, s.deadline - now), 2))
        return out

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
            self._game_seen(now)
            out.out.extend(self._states((), now))
        out.deadlines = self._take_deadlines()
        return out

    def move(self, seat: int, to: int, now: float) -> Outcome:
        """Move the player of ``seat`` to the free human seat ``to`` while the table
        waits; raise ``not_waiting`` once the game has started, ``seat_taken``."""
        if self.status != "waiting":
            raise TableError("not_waiting", "seats may be changed only before the game starts")
        if to not in self.free_seats():
            raise TableError("seat_taken", f"seat {to} is not a free human seat")
        old, new = self.seats[seat], self.seats[to]
        new.name, new.token_hash, new.connections, new.gone_since = (
            old.name, old.token_hash, old.connections, old.gone_since
        )  # fmt: skip
        self.seats[seat] = Seat(old.kind, gone_since=now)
        welcome = WelcomeMessage(table=self.info(), seat=to, role="player")
        return Outcome([("all", self.presence()), (to, welcome), (to, self.state(to, now=now))])

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
            s.kind, s.name, s.gone_since = "bot", bot_name(self.config.seed, seat), now
        self.last_change = now
        self._game_seen(now)
        out = Outcome([("all", self.presence())])
        out.out.extend(self._states((), now))
        out.deadlines = self._take_deadlines()
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
        out = Outcome([("reply", welcome)])
        if seat is not None and self.status == "playing":
            self._game_seen(now)
        out.out.append(("reply", self.state(seat, now=now)))
        if seat is not None:
            # What the computer did while this player's time ran out, told again.
            out.out.extend(("reply", m) for m in self.seats[seat].missed)
            # A spectator coming or going tells nobody: the count rides on the next
            # presence (so a crowd of spectators costs each one message, not n).
            out.out.append(("all", self.presence()))
        out.deadlines = self._take_deadlines()
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

    def handle(self, seat: int | None, message: AnyClientMessage, now: float) -> Outcome:
        """One client message from ``seat``'s connection (``None``: a spectator)."""
        if isinstance(message, PingMessage):
            return Outcome([("reply", PongMessage())])
        if isinstance(message, SyncMessage):
            return Outcome([("reply", self.state(seat, now=now))])
        if isinstance(message, HelloMessage):
            return self._refuse("already_joined", "this connection has already said hello")
        if seat is None:
            return self._refuse("not_seated", "spectators cannot act")
        if isinstance(message, ChatSend):
            return self._chat(seat, message, now)
        if isinstance(message, BackMessage):
            return self._back(seat, now)
        if isinstance(message, LeaveMessage):
            return self._leave(seat, now)
        if isinstance(message, ResignSend):
            return self._resign(seat, now)
        if isinstance(message, ResignAnswer):
            return self._resign_answer(seat, message.accept, now)
        return self._human_action(seat, message, now)

    # -- people: chat, back, leave ------------------------------------------------------

    def _chat(self, seat: int, message: ChatSend, now: float) -> Outcome:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if not self.chats.take(seat, now):
            wait = self.chats.retry_after(seat, now)
            return self._refuse(
                "chat_too_fast",
                f"at most {CHAT_BURST} quick messages at once; wait {wait:.1f} s",
                {"retry_after": retry_seconds(wait)},
            )
        return Outcome([("all", ChatMessage(seat=seat, key=message.key))])

    def _back(self, seat: int, now: float) -> Outcome:
        """The player takes the seat back from its bot, unless it is
        :meth:`benched`; the time-outs in a row stay counted until the player acts."""
        s = self.seats[seat]
        if not s.away:
            return self._refuse("timer_not_running", "no bot keeps your seat: nothing to return to")
        if self.benched(seat):
            return self._benched()
        s.takeover = False
        self._set_timeouts(seat, s.timeouts, away=False)
        if self.legal[seat] and self.status == "playing":
            self._set_deadline(seat, self._new_deadline(seat, now))
        out = Outcome([("all", self.presence()), *self._states((), now)])
        out.deadlines = self._take_deadlines()
        out.timeouts = self._take_timeouts()
        return out

    def _leave(self, seat: int, now: float) -> Outcome:
        """Leave: before the game the seat is free again; during it, the bot plays
        it for good."""
        s = self.seats[seat]
        status = self.status
        if status == "over":
            return self._refuse("game_over", "the game is over")
        if s.left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if status == "waiting":
            self.seats[seat] = Seat(s.kind, gone_since=now)
            return Outcome([("all", self.presence())], freed=seat)
        s.left_seq = self.seq
        self._set_deadline(seat, None)
        out = Outcome([("all", self.presence())], left=seat)
        out.deadlines = self._take_deadlines()
        return out

    # -- resigning (Rook) ----------------------------------------------------------------

    def _partner(self, seat: int) -> int | None:
        """The other seat of ``seat``'s team (``None``: a team of one)."""
        team = self.game.rules.teams[self.game.rules.team_of(seat)]
        others = [p for p in team if p != seat]
        return others[0] if others else None

    def _proposal(self, team: int, now: float) -> Proposal | None:
        """``team``'s pending proposal, unless it has lapsed (timed out)."""
        p = self.proposals.get(team)
        if p is not None and now >= p.expires:
            del self.proposals[team]
            return None
        return p

    def _resign_refusal(self, seat: int) -> Outcome | None:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if self.status == "waiting":
            return self._refuse("not_started", "the game starts when every seat is taken")
        try:
            self.game.check(seat, Resign())
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        return None

    def _news(self, proposer: int, status: ResignStatus) -> list[tuple[Target, ServerMessage]]:
        """``resign`` news to both partners of ``proposer``'s team."""
        news = ResignNews(
            seat=proposer,
            status=status,
            seconds=RESIGN_SECONDS if status == "proposed" else None,
        )
        partner = self._partner(proposer)
        return [(p, news) for p in (proposer, partner) if p is not None]

    def _resign(self, seat: int, now: float) -> Outcome:
        """Propose that ``seat``'s team resigns; where no human partner is to be asked
        (a bot plays the partner's seat now), resign at once."""
        refusal = self._resign_refusal(seat)
        if refusal is not None:
            return refusal
        team = self.game.rules.team_of(seat)
        if self._proposal(team, now) is not None:
            return self._refuse("resign_pending", "your team's resign is proposed already")
        partner = self._partner(seat)
        if partner is None or self.bot_sits(partner):
            return self._resigned(seat, now)
        if not self.resigns.take(seat, now):
            wait = self.resigns.retry_after(seat, now)
            return self._refuse(
                "resign_too_fast",
                f"at most {RESIGN_BURST} resign proposals at once; wait {wait:.0f} s",
                {"retry_after": retry_seconds(wait)},
            )
        self.proposals[team] = Proposal(seat, now + RESIGN_SECONDS)
        return Outcome(self._news(seat, "proposed"))

    def _resign_answer(self, seat: int, accept: bool, now: float) -> Outcome:
        refusal = self._resign_refusal(seat)
        if refusal is not None:
            return refusal
        team = self.game.rules.team_of(seat)
        p = self._proposal(team, now)
        if p is None:
            if self._proposal(1 - team, now) is not None:
                return self._refuse("not_your_team", "that proposal is the other team's")
            return self._refuse("nothing_to_accept", "no resign proposal waits for you")
        if p.seat == seat and accept:
            return self._refuse("nothing_to_accept", "your own proposal waits for your partner")
        del self.proposals[team]
        if not accept:
            return Outcome(self._news(p.seat, "withdrawn" if p.seat == seat else "declined"))
        return self._resigned(p.seat, now)

    def _resigned(self, seat: int, now: float) -> Outcome:
        """``seat``'s team resigns: the engine's ``resign``, stored and replayed as
        any action (recorded for the seat that proposed it)."""
        events = self._advance(seat, Resign(), now)
        return self._broadcast(events, Accepted(self.seq, seat, "resign", "human"), now)

    def _refuse(
        self, code: str, message: str, args: Mapping[str, int | str] | None = None
    ) -> Outcome:
        return Outcome([("reply", self.error(code, message, args))])

    def _human_action(self, seat: int, message: ActionMessage, now: float) -> Outcome:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game: its bot plays your seat")
        if self.benched(seat):
            return self._benched()
        status = self.status
        if status == "waiting":
            return self._refuse("not_started", "the game starts when every seat is taken")
        try:
            parsed = parse_action(message.action, self.family)
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        if isinstance(parsed, Resign):
            return self._refuse(
                "resign_by_message",
                "to resign send {'type': 'resign'}: your partner may have to agree",
            )
        text = action_text(parsed, self.family)
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
        out = self._broadcast(events, Accepted(self.seq, seat, text, "human"), now)
        was_away = s.away or s.takeover
        s.missed.clear()
        self._set_timeouts(seat, 0, away=False)
        out.timeouts.update(self._take_timeouts())
        if was_away:
            s.takeover = False
            out.out.append(("all", self.presence()))
        return out

    # -- bots ----------------------------------------------------------------------------

    def bot_plan(self, now: float) -> BotTurn | None:
        """The next bot decision due (the earliest), or None when no bot is to act."""
        if self.status != "playing":
            return None
        best: BotTurn | None = None
        # Nobody human is left: the bots finish the game at once, in the background.
        delay = 0.0 if self.abandoned() else self.config.bot_delay
        for seat in sorted(self.game.actors):
            due = self.last_change + delay
            human_due = self._human_due(seat)
            if human_due is None:
                continue
            due = max(due, human_due)
            if best is None or due < best.due:
                best = self._stand_in(seat, due)
        return best

    def _stand_in(self, seat: int, due: float) -> BotTurn:
        """Who decides for ``seat``: the table's bot for a bot seat, a player who left
        and a seat away; for a player still in the game (their timer ran out, or
        they are gone past grace) the decision that commits them least — a pass in
        the auction, else the Normal bot's choice."""
        s = self.seats[seat]
        if s.kind == "bot" or s.left_seq is not None or s.away:
            return BotTurn(seat, self.seq, due, self.bot)
        passing = Bid(None) in self.legal[seat]
        return BotTurn(seat, self.seq, due, FALLBACK, str(Bid(None)) if passing else None)

    def bot_act(self, seat: int, seq: int, action: str, now: float) -> Outcome:
        """A bot's decision for ``seat`` made on state ``seq``; ignored (an empty
        outcome) if the seat's situation has changed since or its player is back."""
        s = self.seats[seat]
        if self.status != "playing" or not self._bot_plays(seat, now):
            return Outcome()
        if not s.since <= seq <= self.seq:
            return Outcome()
        gone = s.connections == 0 and now >= s.gone_since + self.config.grace
        timed_out = s.kind == "human" and s.left_seq is None and not s.away and not gone
        if timed_out:  # counted first: a time-out that ends a hand is that hand's
            count = s.timeouts + 1
            self._set_timeouts(seat, count, away=count >= AWAY_TIMEOUTS)
        events = self._advance(seat, action, now)
        text = self.game.log[-1][1]
        told = TimedOutMessage(seat=seat, seq=self.seq, did=timed_out_did(text))
        if timed_out:
            s.missed.append(told)
            self._lapsed.append(("all", told))
        out = self._broadcast(events, Accepted(self.seq, seat, text, "bot"), now)
        if s.kind == "human":
            if timed_out:
                if s.away:
                    self._set_deadline(seat, None)
                    out.deadlines.update(self._take_deadlines())
                    out.out.append(("all", self.presence()))
            elif not s.takeover:
                s.takeover = True
                out.out.append(("all", self.presence()))
        return out

    # -- the turn timer ------------------------------------------------------------------

    def _new_deadline(self, seat: int, now: float) -> float | None:
        s, seconds = self.seats[seat], self.config.turn_seconds
        if s.kind != "human" or seconds is None or s.away or s.left_seq is not None:
            return None
        if not self.clocks_on:
            return None
        return now + seconds if self.legal[seat] else None

    def _set_deadline(self, seat: int, deadline: float | None) -> None:
        if self.seats[seat].deadline != deadline:
            self.seats[seat].deadline = deadline
            self._deadlines[seat] = deadline

    def _start_clocks(self, now: float) -> None:
        """The game starts (or is rebuilt): each human to act gets a full timer."""
        for seat in range(4):
            self._set_deadline(seat, self._new_deadline(seat, now))

    def _game_seen(self, now: float) -> None:
        """The game is on the screens of the seats connected now: once every human
        seat's player has seen it, the timers start (not while a host is still
        inviting, nor before a friend who joined has opened the table)."""
        for s in self.seats:
            if s.connections > 0:
                s.seen = True
        if self.clocks_on:
            return
        if all(s.seen for s in self.seats if s.kind == "human" and s.left_seq is None):
            self.clocks_on = True
            self._start_clocks(now)

    def _take_deadlines(self) -> dict[int, float | None]:
        taken, self._deadlines = self._deadlines, {}
        return taken

    # -- presence: timeouts in a row, away --------------------------------------------

    def _set_timeouts(self, seat: int, count: int, away: bool) -> None:
        """The one place a seat's time-outs in a row and ``away`` change; the change is
        kept for the store (:attr:`Outcome.timeouts`)."""
        s = self.seats[seat]
        if (s.timeouts, s.away) != (count, away):
            s.timeouts, s.away = count, away
            self._timeouts[seat] = Absence(count, away)

    def _take_timeouts(self) -> dict[int, Absence]:
        taken, self._timeouts = self._timeouts, {}
        return taken

    def benched(self, seat: int) -> bool:
        """The seat's bot keeps it for the rest of the hand: away, after
        :data:`~crowsnest.server.people.BENCH_TIMEOUTS` time-outs in a row (one
        after a ``back`` that the player did not follow with an action)."""
        s = self.seats[seat]
        return s.away and s.timeouts >= BENCH_TIMEOUTS

    def _benched(self) -> Outcome:
        return self._refuse(
            "benched",
            f"{BENCH_TIMEOUTS} time-outs in a row: the bot plays your seat until this hand "
            "ends; say back then",
        )

    def _end_benches(self) -> None:
        """A hand has ended: a benched seat may be taken back again (it stays away
        until its player says ``back``, one time-out from the bench)."""
        for seat in range(4):
            if self.benched(seat):
                self._set_timeouts(seat, BENCH_TIMEOUTS - 1, away=True)

    def restore_timeouts(self, seat: int, count: int, away: bool) -> None:
        """A restarted server's: the time-outs in a row and whether the seat is away,
        as stored for ``seat``; an away seat's bot keeps it, with no timer."""
        self._set_timeouts(seat, count, away)
        self._timeouts.pop(seat, None)
        if away:
            self.seats[seat].deadline = None

    # -- applying ------------------------------------------------------------------------

    def _advance(self, seat: int, action: Action | str, now: float) -> list[Event]:
        hands = len(self.game.results)
        events = self.game.apply(seat, action)
        if len(self.game.results) != hands:
            self._end_benches()
        self.seq += 1
        self.last_change = now
        for proposal in self.proposals.values():
            self._lapsed.extend(self._news(proposal.seat, "lapsed"))
        self.proposals.clear()
        for i in range(4):
            legal = self.game.legal_actions(i)
            if legal != self.legal[i]:
                self.legal[i] = legal
                self.seats[i].since = self.seq
                self._set_deadline(i, self._new_deadline(i, now))
        self.seats[seat].last = (self.seq, self.game.log[-1][1])
        return events

    def _states(
        self, events: Sequence[Event], now: float | None = None
    ) -> list[tuple[Target, ServerMessage]]:
        """A state message for every connected seat, and one for the spectators."""
        out: list[tuple[Target, ServerMessage]] = [
            (i, self.state(i, events, now)) for i, s in enumerate(self.seats) if s.connections > 0
        ]
        if self.spectators:
            out.append(("spectators", self.state(None, events, now)))
        return out

    def _broadcast(self, events: Sequence[Event], accepted: Accepted, now: float) -> Outcome:
        lapsed, self._lapsed = self._lapsed, []
        return Outcome(
            [*lapsed, *self._states(events, now)],
            accepted=accepted,
            finished=self.game.is_over,
            deadlines=self._take_deadlines(),
            timeouts=self._take_timeouts(),
        )

    def record(self) -> dict[str, Any]:
        """The engine's record; its ``left`` block (who left the game for good, and
        at which seq: ``engine.wire.LeftJSON``); and once the game is over its
        ``end`` (:func:`~crowsnest.fairness.end_of`: how many actions, the final
        scores, the winner) and its ``fairness`` block: the scheme, the commitment,
        the secret revealed, whether the seed was chosen."""
        record = self.game.record()
        left = sorted((s.left_seq, i) for i, s in enumerate(self.seats) if s.left_seq is not None)
        if left:
            record["left"] = LEFT.validate_python([{"seat": i, "seq": q} for q, i in left])
        if self.game.is_over:
            record["end"] = end_of(self.game)
        c = self.config
        if self.game.is_over and (c.secret is not None or c.seed_chosen):
            record["fairness"] = {
                "scheme": SCHEME,
                "commitment": None if c.secret is None else commitment(c.secret),
                "secret": c.secret,
                "seed_chosen": c.seed_chosen,
            }
        return record

"""A table's state and what is read from it: its status, who may act and when, the
seats' and the table's info, a seat's state message, the presence, the messages every
connected seat is sent, an error; :class:`~crowsnest.server.table.table.Table`
adds the parts that change it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crowsnest.engine import AnyGame, Event, LegalAction, PlayerView, new_game
from crowsnest.fairness import commitment
from crowsnest.offline.messages import state_message
from crowsnest.server.models.common import Status
from crowsnest.server.models.server_messages import (
    ErrorMessage,
    PresenceMessage,
    ResignNews,
    ResignStatus,
    SeatInfo,
    ServerMessage,
    StateMessage,
    TableInfo,
)
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.people.presets import (
    CHAT_BURST,
    CHAT_RATE,
    RESIGN_BURST,
    RESIGN_RATE,
    RESIGN_SECONDS,
    bot_name,
)
from crowsnest.server.table.bots import bot_for
from crowsnest.server.table.log import Fact
from crowsnest.server.table.parts import Outcome, Proposal, Seat, TableConfig, Target


class TableState:
    """A game with four seats, its players' presence and its sequence number: the
    state the table's parts share and read."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        now: float,
        seats: Sequence[Seat] | None = None,
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
        self._facts: list[Fact] = []
        """The seat facts of the input being handled, for its :attr:`Outcome.events`."""
        self.clocks_on = False
        """The turn timers run: every human seat's player has seen the game (a
        table rebuilt in the middle of its game has them on at once)."""

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
        legal = self.legal[seat] if seat is not None else []
        return StateMessage(
            **state_message(
                self.game,
                seat,
                legal,
                events,
                seq=self.seq,
                status=self.status,
                time_left=self.time_left(at),
            )
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

    def presence(self) -> PresenceMessage:
        return PresenceMessage(seats=self.seat_info(), spectators=self.spectators)

    def _refuse(
        self, code: str, message: str, args: Mapping[str, int | str] | None = None
    ) -> Outcome:
        return Outcome([("reply", self.error(code, message, args))])

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

    def _partner(self, seat: int) -> int | None:
        """The other seat of ``seat``'s team (``None``: a team of one)."""
        team = self.game.rules.teams[self.game.rules.team_of(seat)]
        others = [p for p in team if p != seat]
        return others[0] if others else None

    def _news(self, proposer: int, status: ResignStatus) -> list[tuple[Target, ServerMessage]]:
        """``resign`` news to both partners of ``proposer``'s team."""
        news = ResignNews(
            seat=proposer,
            status=status,
            seconds=RESIGN_SECONDS if status == "proposed" else None,
        )
        partner = self._partner(proposer)
        return [(p, news) for p in (proposer, partner) if p is not None]

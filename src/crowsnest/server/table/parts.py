"""What a table is made of and what its calls return: its configuration, a seat, the
outcome of an input (the messages to send, and the events it appends to the table's
log: :mod:`.log`), a resign proposal, a bot's turn, and :class:`TableError`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from crowsnest.server.models.common import Level, SeatKind
from crowsnest.server.models.server_messages import ServerMessage, TimedOutMessage
from crowsnest.server.people.presets import Timer
from crowsnest.server.table.log import Accepted, Event, Fact, Freed, Left

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
    player: str | None = None
    """The id of the seat's player (``None``: a bot's seat, or no identity)."""
    takeover: bool = False
    """A bot has played for this (human) seat since its player went away."""
    deadline: float | None = None
    """When the seat's turn timer runs out (table time); ``None``: no timer runs."""
    timeouts: int = 0
    """The seat's decisions its bot made for it when its timer ran out, since its
    player last acted (a :class:`~crowsnest.server.table.log.Timeouts` fact; ``back``
    does not reset it)."""
    away: bool = False
    """The bot keeps the seat (:data:`~crowsnest.server.people.presets.AWAY_TIMEOUTS` time-outs
    in a row, and no ``back`` since; stored with the time-outs)."""
    left_seq: int | None = None
    """The seq at which its player left the game for good (the bot plays it)."""
    seen: bool = False
    """Its player has had the game on screen: a connection of the seat was there
    when the game started, or came since. Turn timers wait for every human seat's."""
    missed: list[TimedOutMessage] = field(default_factory=list)
    """What the computer did when this seat's timer ran out since its player last
    acted: told again when the player connects (rebuilt from the log's time-outs
    after a restart)."""


@dataclass(slots=True)
class Outcome:
    """What one input did: the messages to send, and the events to append to the
    table's log, at its seq, before any is sent."""

    messages: list[tuple[Target, ServerMessage]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """In log order: the action the input applied (first, if any), then what it
    changed of the seats (a claim, a turn deadline, time-outs in a row, a player who
    left, ...), so that a restarted server replays them."""
    finished: bool = False
    """This input ended the game."""

    @property
    def accepted(self) -> Accepted | None:
        """The action this input applied, if any."""
        return next((e for e in self.events if isinstance(e, Accepted)), None)

    @property
    def facts(self) -> list[Fact]:
        """What this input changed of the seats, in order."""
        return [e for e in self.events if not isinstance(e, Accepted)]

    @property
    def left(self) -> int | None:
        """The seat whose player left the game with this input, if any."""
        return next((f.seat for f in self.events if isinstance(f, Left)), None)

    @property
    def freed(self) -> int | None:
        """The seat given up before the game started with this input, if any."""
        return next((f.seat for f in self.events if isinstance(f, Freed)), None)


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

"""What a table is made of and what its calls return: its configuration, a seat, an
action it accepted, the outcome of an input (the messages to send and what to store),
a resign proposal, a bot's turn, and :class:`TableError`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from crowsnest.server.models.common import Level, SeatKind
from crowsnest.server.models.server_messages import ServerMessage
from crowsnest.server.people.presets import Timer

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
    """The bot keeps the seat (:data:`~crowsnest.server.people.presets.AWAY_TIMEOUTS` time-outs
    in a row, and no ``back`` since; stored: ``seats.away``)."""
    left_seq: int | None = None
    """The seq at which its player left the game for good (the bot plays it)."""


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

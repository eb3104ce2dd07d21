"""What the store reads and writes, as plain rows: a table, a seat, a result, a table
with its seats and its action log (the table's :class:`~crowsnest.server.table.parts.Accepted`,
column for column), and :class:`StaleOwner`, the refusal of a stale node's append."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from crowsnest.server.table.parts import Accepted


class StaleOwner(RuntimeError):
    """An append by a node whose lease on the table has been taken over since."""

    def __init__(self, table_id: str, fence: int) -> None:
        super().__init__(f"table {table_id}: fence {fence} is not the owner's")
        self.table_id = table_id
        self.fence = fence


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    rules: str
    options: dict[str, Any]
    seed: int
    level: str
    public: bool
    invite_hash: str | None
    grace: float
    bot_delay: float
    status: str
    secret: str | None = None
    """The deal secret (``crowsnest.fairness``); no message carries it before the end."""
    seed_chosen: bool = False
    timer: str = "off"
    turn_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    deadline: datetime | None = None
    """When the seat's turn timer runs out (UTC), while it runs."""
    left_seq: int | None = None
    """The seq of the action log at which the player left for good."""
    timeouts: int = 0
    """The seat's decisions its bot made when its turn timer ran out, since its
    player last acted."""
    reviews: bool = True
    """Whether the seat's player wants its hands reviewed."""
    away: bool = False
    """The seat's bot keeps it until its player says ``back`` (v0011)."""


@dataclass(frozen=True, slots=True)
class ResultRow:
    seat: int
    name: str
    family: str
    rules: str
    score: int
    won: bool
    contracts_made: int
    contracts_set: int
    hands: int = 0
    hand_points: int = 0
    """What the seat (Rook: its team) scored over its hands."""
    moons_shot: int = 0
    moons_suffered: int = 0


@dataclass(frozen=True, slots=True)
class StoredTable:
    table: TableRow
    seats: list[SeatRow]
    actions: list[Accepted]


def table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        rules=r.rules,
        options=dict(r.options),
        seed=int(r.seed),
        level=r.level,
        public=bool(r.public),
        invite_hash=r.invite_hash,
        grace=float(r.grace),
        bot_delay=float(r.bot_delay),
        status=r.status,
        secret=r.secret,
        seed_chosen=bool(r.seed_chosen),
        timer=r.timer,
        turn_seconds=None if r.turn_seconds is None else float(r.turn_seconds),
    )


def seat_row(s: Any) -> SeatRow:
    deadline = s.deadline
    if deadline is not None and deadline.tzinfo is None:  # SQLite keeps no time zone
        deadline = deadline.replace(tzinfo=UTC)
    return SeatRow(
        s.seat,
        s.kind,
        s.name,
        s.token_hash,
        deadline,
        s.left_seq,
        s.timeouts,
        s.reviews,
        bool(s.away),
    )


def accepted_row(r: Any) -> Accepted:
    return Accepted(r.seq, r.seat, r.action, "human" if r.by == "human" else "bot")

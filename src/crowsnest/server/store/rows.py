"""What the store reads and writes, as plain rows: a table, a seat, a result, a table
with its seats and its log (its actions, the table's
:class:`~crowsnest.server.table.log.Accepted` column for column, and its seat facts,
:mod:`crowsnest.server.table.log`), and :class:`StaleOwner`, the refusal of a stale
node's append."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from crowsnest.server.table.log import Accepted, Fact, fact_of


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
    facts: list[tuple[int, Fact]]
    """(seq, fact) of the seat log, in order (a deadline on the wall clock)."""


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
    return SeatRow(s.seat, s.kind, s.name, s.token_hash)


def fact_row_of(r: Any) -> tuple[int, Fact]:
    """(seq, fact) of a ``seat_log`` row (:class:`~crowsnest.server.table.log.BadFact`
    if it is not one)."""
    return r.seq, fact_of(r.seq, r.seat, r.kind, r.payload)


def accepted_row(r: Any) -> Accepted:
    return Accepted(r.seq, r.seat, r.action, "human" if r.by == "human" else "bot")

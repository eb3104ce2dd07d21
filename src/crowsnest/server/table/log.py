"""What a table keeps of its seats beside its actions: typed seat facts, each stored
as one row of the table's log (``seat_log``, keyed by the table, the action ``seq``
at which the fact happened and its order ``n`` within that seq), and their fold into
what a restarted server knows of each seat.

A fact is stored as (seat, kind, payload): :func:`fact_row` makes that row and
:func:`fact_of` reads it back, refusing an unknown kind or a payload that is not
the kind's with :class:`BadFact`. A new fact about a seat is a dataclass here, its
kind in :data:`FIELDS`, its lines in the functions below, and what the table does with it on replay
(:meth:`~crowsnest.server.table.table.Table.__init__`).

>>> fact_row(Timeouts(1, 2, True))
(1, 'timeouts', {'count': 2, 'away': True})
>>> fact_of(3, 1, "timeouts", {"count": 2, "away": True})
Timeouts(seat=1, count=2, away=True)
>>> fold([(0, Timeouts(1, 2, True)), (4, Left(1, 4)), (4, ReviewChoice(0, False))])[1]
SeatFacts(deadline=None, left_seq=4, timeouts=2, away=True, reviews=True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any


class BadFact(ValueError):
    """A stored seat fact that cannot be read (unknown kind, or a bad payload)."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """The seat's turn timer runs out at ``at`` (``None``: no timer runs). In the
    table, table time; in the store, the wall clock (seconds since the epoch)."""

    seat: int
    at: float | None


@dataclass(frozen=True, slots=True)
class Timeouts:
    """The seat's time-outs in a row, and whether its bot keeps it (away)."""

    seat: int
    count: int
    away: bool


@dataclass(frozen=True, slots=True)
class Left:
    """The seat's player left the game for good at ``seq`` (the row's seq)."""

    seat: int
    seq: int


@dataclass(frozen=True, slots=True)
class ReviewChoice:
    """Whether the seat's player wants its hands reviewed."""

    seat: int
    on: bool


Fact = Deadline | Timeouts | Left | ReviewChoice


def fact_row(fact: Fact) -> tuple[int, str, dict[str, Any]]:
    """(seat, kind, payload) of ``fact`` as the log stores it (its seq is the row's)."""
    if isinstance(fact, Deadline):
        return fact.seat, "deadline", {"at": fact.at}
    if isinstance(fact, Timeouts):
        return fact.seat, "timeouts", {"count": fact.count, "away": fact.away}
    if isinstance(fact, Left):
        return fact.seat, "left", {}
    return fact.seat, "review", {"on": fact.on}


def _field(payload: Mapping[str, Any], name: str, kind: type[Any], none: bool = False) -> Any:
    if name not in payload:
        raise BadFact(f"no {name!r} in {dict(payload)!r}")
    value = payload[name]
    if value is None and none:
        return None
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if type(value) is not kind:
        raise BadFact(f"{name!r} is {value!r}, not a {kind.__name__}")
    return value


FIELDS: Mapping[str, frozenset[str]] = {
    "deadline": frozenset({"at"}),
    "timeouts": frozenset({"count", "away"}),
    "left": frozenset(),
    "review": frozenset({"on"}),
}
"""Each kind's payload fields, all required, no other."""


def fact_of(seq: int, seat: int, kind: str, payload: object) -> Fact:
    """The fact a stored row says; :class:`BadFact` if its kind is unknown, its seat
    is not 0-3, or its payload is not that kind's."""
    if kind not in FIELDS:
        raise BadFact(f"unknown seat fact kind {kind!r}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise BadFact(f"seat {seat!r} is not a seat of a table (0-3)")
    if not isinstance(payload, Mapping):
        raise BadFact(f"a {kind!r} fact's payload {payload!r} is not an object")
    extra = set(payload) - FIELDS[kind]
    if extra:
        raise BadFact(f"a {kind!r} fact has no {sorted(extra)!r}")
    if kind == "deadline":
        return Deadline(seat, _field(payload, "at", float, none=True))
    if kind == "timeouts":
        count = _field(payload, "count", int)
        if count < 0:
            raise BadFact(f"'count' is {count}, below 0")
        return Timeouts(seat, count, _field(payload, "away", bool))
    if kind == "left":
        return Left(seat, seq)
    return ReviewChoice(seat, _field(payload, "on", bool))


def timed(fact: Fact, clock: Callable[[float], float]) -> Fact:
    """``fact`` with its time (a :class:`Deadline`'s) read by ``clock``: table time to
    the wall clock's before it is stored, and back when it is restored."""
    if isinstance(fact, Deadline) and fact.at is not None:
        return replace(fact, at=clock(fact.at))
    return fact


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What a seat's facts say, folded: the last of each kind."""

    deadline: float | None = None
    left_seq: int | None = None
    timeouts: int = 0
    away: bool = False
    reviews: bool = True


def fold(facts: Iterable[tuple[int, Fact]]) -> list[SeatFacts]:
    """Each of the four seats' :class:`SeatFacts` from (seq, fact) in log order."""
    seats = [SeatFacts() for _ in range(4)]
    for _seq, fact in facts:
        s = seats[fact.seat]
        if isinstance(fact, Deadline):
            s = replace(s, deadline=fact.at)
        elif isinstance(fact, Timeouts):
            s = replace(s, timeouts=fact.count, away=fact.away)
        elif isinstance(fact, Left):
            s = replace(s, left_seq=fact.seq)
        else:
            s = replace(s, reviews=fact.on)
        seats[fact.seat] = s
    return seats

"""A table's log: every input that changed the table, in order, keyed by the table and
the action ``seq`` at which it happened. An action the table applied is an
:class:`Accepted` (the ``actions`` table); every other change is a seat fact (the
``seat_log`` table, ordered by ``n`` within a seq): a seat claimed, moved, filled by a
bot or freed before the game, its turn deadline, its time-outs in a row, its player
leaving, its review choice. A restarted server rebuilds a table by replaying its log
(:class:`~crowsnest.server.table.table.Table`); quick chat is not kept.

A fact is declared once, as a dataclass below with its kind in :data:`KINDS`; that
declaration is its stored form (:func:`fact_row`: the fields but ``seat``, which has
its column, and :class:`Left`'s ``seq``, the row's) and, through pydantic, its
validation when read back (:func:`fact_of` refuses an unknown kind or a payload that
is not the kind's with :class:`BadFact`, naming the field).

>>> fact_row(Timeouts(1, 2, True))
(1, 'timeouts', {'count': 2, 'away': True})
>>> fact_of(3, 1, "timeouts", {"count": 2, "away": True})
Timeouts(seat=1, count=2, away=True)
>>> fold([(0, Timeouts(1, 2, True)), (4, Left(1, 4)), (4, ReviewChoice(0, False))])[1]
SeatFacts(deadline=None, left_seq=4, timeouts=2, away=True, reviews=True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Annotated, Any, ClassVar, Final, Literal

from pydantic import ConfigDict, Field, Strict, TypeAdapter, ValidationError

from crowsnest.server.models.common import SeatKind


class BadFact(ValueError):
    """A stored seat fact that cannot be read (unknown kind, or a bad payload)."""


SeatNo = Annotated[int, Strict(), Field(ge=0, le=3)]
Count = Annotated[int, Strict(), Field(ge=0)]
Flag = Annotated[bool, Strict()]
Time = Annotated[float, Strict()]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=64)]
_STRICT: Final = ConfigDict(extra="forbid")


@dataclass(frozen=True, slots=True)
class Accepted:
    """An action the table applied: persist it (keyed by table and seq) before sending."""

    seq: int
    seat: int
    action: str
    by: SeatKind


@dataclass(frozen=True, slots=True)
class Claimed:
    """A player took the free seat: the name shown, the SHA-256 of the seat's token
    (the token itself is never kept) and the player's id (``None``: no identity)."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    name: Text
    token_hash: Text
    player: Text | None = None


@dataclass(frozen=True, slots=True)
class Moved:
    """The seat's player moved to the free seat ``to`` before the game started."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    to: SeatNo


@dataclass(frozen=True, slots=True)
class Filled:
    """The unclaimed human seat was handed to the table's bot, named ``name``."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    name: Text


@dataclass(frozen=True, slots=True)
class Freed:
    """The seat's player gave it up before the game started: it is free again."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class Deadline:
    """The seat's turn timer runs out at ``at`` (``None``: no timer runs). In the
    table, table time; in the store, the wall clock (seconds since the epoch)."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    at: Time | None


@dataclass(frozen=True, slots=True)
class Timeouts:
    """The seat's time-outs in a row, and whether its bot keeps it (away)."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    count: Count
    away: Flag


@dataclass(frozen=True, slots=True)
class Left:
    """The seat's player left the game for good at ``seq`` (the row's seq)."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    seq: Count


@dataclass(frozen=True, slots=True)
class ReviewChoice:
    """Whether the seat's player wants its hands reviewed."""

    __pydantic_config__: ClassVar = _STRICT
    seat: SeatNo
    on: Flag


Holding = Claimed | Moved | Filled | Freed
"""A fact of who holds a seat (the ``seats`` rows follow these)."""
Fact = Holding | Deadline | Timeouts | Left | ReviewChoice
"""What an input changed of a seat."""
Event = Accepted | Fact
"""An entry of a table's log."""
Kind = Literal["claim", "move", "fill", "free", "deadline", "timeouts", "left", "review"]

KINDS: Final[Mapping[Kind, type[Fact]]] = {
    "claim": Claimed,
    "move": Moved,
    "fill": Filled,
    "free": Freed,
    "deadline": Deadline,
    "timeouts": Timeouts,
    "left": Left,
    "review": ReviewChoice,
}
"""Each stored kind's fact."""
_KIND_OF: Final = {cls: kind for kind, cls in KINDS.items()}
_FROM_ROW: Final = frozenset({"seat", "seq"})
"""Fields a row gives in its own columns: the seat always, the seq for :class:`Left`."""


def _payload_fields(cls: type[Fact]) -> frozenset[str]:
    taken = _FROM_ROW if cls is Left else frozenset({"seat"})
    return frozenset(f.name for f in fields(cls)) - taken


PAYLOAD_FIELDS: Final[Mapping[str, frozenset[str]]] = {
    kind: _payload_fields(cls) for kind, cls in KINDS.items()
}
"""Each kind's payload fields, as stored."""
_ADAPTERS: Final[Mapping[str, TypeAdapter[Any]]] = {
    kind: TypeAdapter(cls) for kind, cls in KINDS.items()
}


def fact_row(fact: Fact) -> tuple[int, Kind, dict[str, Any]]:
    """(seat, kind, payload) of ``fact`` as the log stores it (its seq is the row's)."""
    kind = _KIND_OF[type(fact)]
    names = PAYLOAD_FIELDS[kind]
    return fact.seat, kind, {k: v for k, v in asdict(fact).items() if k in names}


def fact_of(seq: int, seat: int, kind: str, payload: object) -> Fact:
    """The fact a stored row says; :class:`BadFact`, naming the field, if its kind is
    unknown, its seat is not 0-3, or its payload is not that kind's."""
    if kind not in KINDS:
        raise BadFact(f"unknown seat fact kind {kind!r}")
    if not isinstance(payload, Mapping):
        raise BadFact(f"a {kind!r} fact's payload {payload!r} is not an object")
    extra = set(payload) - PAYLOAD_FIELDS[kind]
    if extra:
        raise BadFact(f"a {kind!r} fact has no {sorted(extra)!r}")
    row = {**payload, "seat": seat}
    if kind == "left":
        row["seq"] = seq
    try:
        fact: Fact = _ADAPTERS[kind].validate_python(row)
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        if first["type"] == "missing":
            raise BadFact(f"a {kind!r} fact has no {where!r}") from None
        raise BadFact(
            f"a {kind!r} fact's {where!r} is {first['input']!r}: {first['msg']}"
        ) from None
    return fact


def timed(fact: Fact, clock: Callable[[float], float]) -> Fact:
    """``fact`` with its time (a :class:`Deadline`'s) read by ``clock``: table time to
    the wall clock's before it is stored, and back when it is restored."""
    if isinstance(fact, Deadline) and fact.at is not None:
        return replace(fact, at=clock(fact.at))
    return fact


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What a seat's facts say of its player's time at the table, folded: the last of
    each kind (who holds the seat is the ``seats`` rows')."""

    deadline: float | None = None
    left_seq: int | None = None
    timeouts: int = 0
    away: bool = False
    reviews: bool = True


def fold(facts: Iterable[tuple[int, Fact]]) -> list[SeatFacts]:
    """Each of the four seats' :class:`SeatFacts` from (seq, fact) in log order (a
    move takes the player's to the new seat; a seat given up starts afresh)."""
    seats = [SeatFacts() for _ in range(4)]
    for _seq, fact in facts:
        s = seats[fact.seat]
        if isinstance(fact, Deadline):
            s = replace(s, deadline=fact.at)
        elif isinstance(fact, Timeouts):
            s = replace(s, timeouts=fact.count, away=fact.away)
        elif isinstance(fact, Left):
            s = replace(s, left_seq=fact.seq)
        elif isinstance(fact, ReviewChoice):
            s = replace(s, reviews=fact.on)
        elif isinstance(fact, Moved):
            seats[fact.to], s = s, SeatFacts()
        elif isinstance(fact, Freed):
            s = SeatFacts()
        seats[fact.seat] = s
    return seats

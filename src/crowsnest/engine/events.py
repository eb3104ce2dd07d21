"""Events: what an applied action caused, for logs, animation and the server."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from crowsnest.engine.cards import CARD_NAMES, Family

_NO_DATA: Final[Mapping[str, Any]] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened. ``to`` is None for a public event, else the only
    seat allowed to see it (the cards a Hearts player receives, the nest the
    declarer picks up). ``data`` holds JSON values only (cards as text).

    Immutable, and a named tuple (not a dataclass): ``apply`` makes two or three
    events per card, and the commonest — a card played, the next seat's turn — are
    built once (:func:`play_event`, :func:`turn_event`) and shared by every game;
    their ``data`` is read-only."""

    type: str
    data: Mapping[str, Any] = _NO_DATA
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        """The event as JSON (one of ``engine.wire.HEARTS_EVENTS`` or ``ROOK_EVENTS``)."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out


def _shared(kind: str, **data: Any) -> Event:
    return Event(kind, MappingProxyType(data))


_PLAYS: Final = {
    family: tuple(
        tuple(_shared("play", seat=seat, card=text) for text in names) for seat in range(4)
    )
    for family, names in CARD_NAMES.items()
}
_TURNS: Final = tuple(_shared("turn", seat=seat) for seat in range(4))


def play_event(seat: int, card: int, family: Family) -> Event:
    """``seat`` played ``card`` of ``family``'s deck (the one shared event)."""
    return _PLAYS[family][seat][card]


def turn_event(seat: int) -> Event:
    """``seat`` is to act (the one shared event)."""
    return _TURNS[seat]

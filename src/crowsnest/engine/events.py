"""Events: what an applied action caused, for logs, animation and the server."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crowsnest.engine.wire import EVENT, checked


@dataclass(slots=True)
class Event:
    """One thing that happened. ``to`` is None for a public event, else the only
    seat allowed to see it (the cards a Hearts player receives, the nest the
    declarer picks up). ``data`` holds JSON values only (cards as text).

    Not frozen: ``apply`` makes two or three events per card, and a frozen
    dataclass costs about 2.4 times as much to build (its ``data`` dict was never frozen
    anyway); nothing changes an event once it is made."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        """The event as JSON (one of ``engine.wire.HEARTS_EVENTS`` or ``ROOK_EVENTS``)."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return checked(EVENT, out)

"""What every trick-taking game shares: the completed trick, public to the table.

Each game resolves its own tricks on its fast path (Hearts: the highest card of the
led suit; Rook: the highest trump, else the highest card of the led suit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crowsnest.engine.cards import card_text


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: public to everyone at the table."""

    leader: int
    cards: tuple[int, ...]
    """In play order, starting with the leader's."""
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """Who played each card of ``cards``."""
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [card_text(c) for c in self.cards],
            "winner": self.winner,
            "points": self.points,
        }

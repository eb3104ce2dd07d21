"""What a Hearts player knows at a decision, in a compact form the policies share.

Built from a :class:`~crowsnest.engine.HeartsView` for a bot, or from a game for the
rollouts of the Hard bot's search (where every hand is a sampled, known world).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.engine import HeartsGame, HeartsView
from crowsnest.engine.cards import popcount
from crowsnest.engine.hearts import POINT_CARDS
from crowsnest.engine.tricks import Trick

DECK: Final = (1 << 52) - 1


class Situation:
    """A plain class, not a dataclass: compiled (:mod:`crowsnest.native`), a
    dataclass keeps the ``__init__`` the dataclasses module writes, run by the
    interpreter, and a rollout makes one of these at every card."""

    def __init__(
        self,
        seat: int,
        hand: int,
        legal: int,
        trick: list[int],
        leader: int,
        played: int,
        broken: bool,
        first: bool,
        taken: list[int],
        totals: list[int],
        voids: list[int],
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.legal = legal
        """Cards this seat may play now (a mask)."""
        self.trick = trick
        self.leader = leader
        self.played = played
        """Cards played to tricks so far, the current trick included."""
        self.broken = broken
        self.first = first
        """This is the first trick of the round."""
        self.taken = taken
        """Points each seat has taken in this round."""
        self.totals = totals
        self.voids = voids
        """Per seat, a 4-bit mask of the suits it has shown void in."""

    @property
    def unseen(self) -> int:
        """Cards neither in this hand nor played: in the other hands."""
        return DECK & ~self.hand & ~self.played

    @property
    def position(self) -> int:
        """0 when leading, 3 when playing last."""
        return len(self.trick)

    @property
    def points_out(self) -> int:
        """Point cards not yet played (in any hand, this one included)."""
        return popcount(POINT_CARDS & ~self.played)


def voids_from(tricks: Sequence[Trick], trick: Sequence[int], leader: int) -> list[int]:
    """Suits each seat has shown void in: it did not follow the led suit."""
    voids = [0, 0, 0, 0]
    plays = [(t.leader, t.cards) for t in tricks]
    plays.append((leader, tuple(trick)))
    for start, cards in plays:
        if not cards:
            continue
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                voids[(start + i) % 4] |= 1 << led
    return voids


def played_in(view: HeartsView) -> int:
    """Cards played to this round's tricks, the current one included."""
    played = 0
    for t in view.tricks:
        for c in t.cards:
            played |= 1 << c
    for c in view.trick:
        played |= 1 << c
    return played


def from_view(view: HeartsView, legal: int) -> Situation:
    assert view.seat is not None and view.hand is not None
    played = played_in(view)
    leader = view.leader if view.leader is not None else view.seat
    return Situation(
        seat=view.seat,
        hand=view.hand,
        legal=legal,
        trick=list(view.trick),
        leader=leader,
        played=played,
        broken=view.hearts_broken,
        first=not view.tricks,
        taken=list(view.points_taken),
        totals=list(view.totals),
        voids=voids_from(view.tricks, view.trick, leader),
    )


def from_game(game: HeartsGame, played: int, voids: list[int]) -> Situation:
    """The seat on turn's situation in a known world (search rollouts); ``played`` and
    ``voids`` are kept up to date by the caller."""
    return Situation(
        seat=game.turn,
        hand=game.hands[game.turn],
        legal=game.legal_mask(),
        trick=game.trick,
        leader=game.leader,
        played=played,
        broken=game.broken,
        first=not game.tricks,
        taken=game.taken,
        totals=game.totals,
        voids=voids,
    )

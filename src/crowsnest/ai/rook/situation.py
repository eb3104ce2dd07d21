"""What a Rook player knows at a card decision, in a compact form the policies share.

Built from a :class:`~crowsnest.engine.RookView` for a bot, or from a game for the
rollouts of the Hard bot's search (where every hand is a sampled, known world and
each seat still decides only on what it could see).
"""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.ai.rook.common import Deck, deck_for
from crowsnest.engine import RookGame, RookView
from crowsnest.engine.cards import popcount
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import Trick, led_suit


class Situation:
    """A plain class, not a dataclass: compiled (:mod:`crowsnest.native`), a
    dataclass keeps the ``__init__`` the dataclasses module writes, run by the
    interpreter, and a rollout makes one of these at every card."""

    def __init__(
        self,
        deck: Deck,
        seat: int,
        hand: int,
        legal: int,
        trump: int,
        trick: list[int],
        leader: int,
        played: int,
        voids: list[int],
        declarer: int,
        bid: int,
        captured: list[int],
        tricks_done: int,
        discards: int,
        hand_sizes: list[int],
    ) -> None:
        self.deck = deck
        self.seat = seat
        self.hand = hand
        self.legal = legal
        """Cards this seat may play now (a mask)."""
        self.trump = trump
        self.trick = trick
        self.leader = leader
        self.played = played
        """Cards played to tricks so far, the current trick included."""
        self.voids = voids
        """Per seat, the cards it cannot hold: the suits it has shown void in."""
        self.declarer = declarer
        self.bid = bid
        self.captured = captured
        """Counter points each team has taken in this hand's tricks."""
        self.tricks_done = tricks_done
        self.discards = discards
        """The nest as laid back, when this seat is the declarer (else 0)."""
        self.hand_sizes = hand_sizes
        self.trump_mask = deck.trump_mask(trump)
        """Every trump."""
        self.unseen = deck.deck & ~hand & ~played & ~discards
        """Cards in the other hands (or, unless this seat declared, in the nest)."""

    @property
    def power(self) -> tuple[int, ...]:
        return self.deck.power[self.trump]

    @property
    def position(self) -> int:
        """0 when leading, 3 when playing last."""
        return len(self.trick)

    @property
    def declaring(self) -> bool:
        return team_of(self.seat) == team_of(self.declarer)


def suit_mask(deck: Deck, trump_mask: int, card: int) -> int:
    """The effective suit of ``card``: all trumps, or its colour."""
    return led_suit(card, trump_mask, deck.colours)


def add_voids(
    deck: Deck, trump_mask: int, voids: list[int], leader: int, cards: Sequence[int]
) -> None:
    """Mark the suits shown void in one trick (complete or not): a player who did
    not follow the led suit holds none of it (the bird card may be played any time,
    so playing it shows nothing)."""
    if not cards:
        return
    led = suit_mask(deck, trump_mask, cards[0])
    for i in range(1, len(cards)):
        c = cards[i]
        if not led >> c & 1 and not deck.bird >> c & 1:
            voids[(leader + i) % 4] |= led


def voids_from(
    deck: Deck, trump_mask: int, tricks: Sequence[Trick], trick: Sequence[int], leader: int
) -> list[int]:
    voids = [0, 0, 0, 0]
    for t in tricks:
        add_voids(deck, trump_mask, voids, t.leader, t.cards)
    add_voids(deck, trump_mask, voids, leader, trick)
    return voids


def played_from(tricks: Sequence[Trick], trick: Sequence[int]) -> int:
    played = 0
    for t in tricks:
        for c in t.cards:
            played |= 1 << c
    for c in trick:
        played |= 1 << c
    return played


def from_view(view: RookView, legal: int) -> Situation:
    assert view.seat is not None and view.hand is not None
    assert view.trump is not None and view.declarer is not None and view.bid is not None
    deck = deck_for(view)
    trump_mask = deck.trump_mask(view.trump)
    leader = view.leader if view.leader is not None else view.seat
    return Situation(
        deck=deck,
        seat=view.seat,
        hand=view.hand,
        legal=legal,
        trump=view.trump,
        trick=list(view.trick),
        leader=leader,
        played=played_from(view.tricks, view.trick),
        voids=voids_from(deck, trump_mask, view.tricks, view.trick, leader),
        declarer=view.declarer,
        bid=view.bid,
        captured=list(view.captured),
        tricks_done=len(view.tricks),
        discards=view.discards or 0,
        hand_sizes=list(view.hand_sizes),
    )


def from_game(game: RookGame, deck: Deck, played: int, voids: list[int]) -> Situation:
    """The seat on turn's situation in a known world (search rollouts); ``played`` and
    ``voids`` are kept up to date by the caller."""
    seat = game.turn
    assert game.trump is not None and game.declarer is not None
    return Situation(
        deck=deck,
        seat=seat,
        hand=game.hands[seat],
        legal=game.legal_mask(),
        trump=game.trump,
        trick=game.trick,
        leader=game.leader,
        played=played,
        voids=voids,
        declarer=game.declarer,
        bid=game.bid,
        captured=game.captured,
        tricks_done=len(game.tricks),
        discards=game.discards if seat == game.declarer else 0,
        hand_sizes=[popcount(h) for h in game.hands],
    )

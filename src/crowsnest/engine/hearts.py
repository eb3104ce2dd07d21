"""Hearts: deal -> pass -> play -> hand over -> ... -> game over.

The rules are ``../shared/rules/hearts.md``. Phases: ``pass`` (simultaneous: every
seat that has not passed yet may act), ``play`` and ``over``. A round with no pass
goes straight to ``play``; a finished round is scored and the next one dealt at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.engine.actions import PLAY_TEXT, PLAYS, Action, Choose, LegalAction, PassCards, Play
from crowsnest.engine.base import Game
from crowsnest.engine.cards import (
    HEARTS,
    card_list_text,
    hearts_card,
    suit_mask,
)
from crowsnest.engine.checks import check_hearts_play, check_pass, hearts_wrong_action
from crowsnest.engine.events import Event, play_event, turn_event
from crowsnest.engine.rules.hearts import PASS_OFFSET, HeartsRules
from crowsnest.engine.scoring import HandResult, Standing, hearts_standings, score_round
from crowsnest.engine.tricks import (
    HEARTS_POWER,
    HEARTS_SUITS,
    Trick,
    follow_mask,
    hearts_points,
    led_suit,
    trick_points,
    winning_index,
)
from crowsnest.engine.views import HeartsView, hearts_view

DECK: Final = (1 << 52) - 1
_PLAY_TEXT: Final = PLAY_TEXT[HEARTS]
TWO_CLUBS: Final = hearts_card(0, 2)
QUEEN_SPADES: Final = hearts_card(3, 12)
HEARTS_MASK: Final = suit_mask(2)
SUIT_MASKS: Final = HEARTS_SUITS
POINT_CARDS: Final = HEARTS_MASK | 1 << QUEEN_SPADES
_ON_TURN: Final = tuple(frozenset((s,)) for s in range(4))


def legal_cards(hand: int, led: int, first_trick: bool, broken: bool) -> int:
    """The cards of ``hand`` its player may play: ``led`` the mask of the suit led to
    the trick in progress (0 when leading it), ``first_trick`` whether no trick has
    been completed yet, ``broken`` whether hearts are. The game and the bots'
    perfect-information search (:mod:`crowsnest.ai.hearts.solver`) both ask this.

    >>> from crowsnest.engine.cards import parse_card, card_list_text
    >>> hand = sum(1 << parse_card(c, "hearts") for c in "2C 5H QS".split())
    >>> card_list_text(legal_cards(hand, SUIT_MASKS[1], True, False), "hearts")  # void: no points
    ['2C']
    >>> card_list_text(legal_cards(hand, 0, False, False), "hearts")  # hearts not broken
    ['2C', 'QS']
    """
    if led:
        follow = follow_mask(hand, led)
        if follow:
            return follow
        if first_trick:
            safe = hand & ~POINT_CARDS
            if safe:
                return safe
        return hand
    if first_trick:
        return hand & 1 << TWO_CLUBS
    if not broken:
        other = hand & ~HEARTS_MASK
        if other:
            return other
    return hand


class HeartsGame(Game[HeartsRules]):
    def __init__(
        self,
        rules: HeartsRules,
        seed: int,
        deals: Sequence[object] = (),
        start_hand: object = 0,
        *,
        dealt: bool = True,
    ) -> None:
        """A new game; ``dealt=False`` deals no hand (:meth:`_blank`)."""
        super().__init__(rules, seed, deals, start_hand)
        self.totals = [0, 0, 0, 0]
        self.results: list[HandResult] = []
        self.hand_number = self.start_hand
        self.winner: int | None = None
        self.single_hand = False
        self._points = hearts_points(rules)
        if dealt:
            self._start_hand(None)

    @classmethod
    def _blank(cls, rules: HeartsRules) -> HeartsGame:
        return cls(rules, 0, dealt=False)

    def _deal_shape(self) -> tuple[int, int, int]:
        return DECK, 13, 0

    @classmethod
    def from_position(
        cls,
        rules: HeartsRules,
        hands: Sequence[int],
        *,
        trick: Sequence[int],
        leader: int,
        tricks: Sequence[Trick],
        broken: bool,
        taken: Sequence[int],
        totals: Sequence[int],
    ) -> HeartsGame:
        """A game in the play phase at a given position, for search over a sampled
        world. It stops in phase ``hand_over`` once the hand is scored (``results``)."""
        game = cls._blank(rules)
        game.hands = list(hands)
        game.trick = list(trick)
        game._led = led_suit(trick[0], 0, SUIT_MASKS) if trick else 0
        game.leader = leader
        game.turn = (leader + len(trick)) % 4
        game.tricks = list(tricks)
        game.broken = broken
        game.taken = list(taken)
        game.totals = list(totals)
        game.phase = "play"
        game.single_hand = True
        game.direction = "none"
        game.passes = [None, None, None, None]
        game.received = [0, 0, 0, 0]
        return game

    # -- state transitions ------------------------------------------------------------

    def _start_hand(self, events: list[Event] | None) -> None:
        deal = self._next_deal()
        self.hands = list(deal.hands)
        cycle = self.rules.pass_cycle
        self.direction = cycle[self.hand_number % len(cycle)]
        self.passes: list[int | None] = [None, None, None, None]
        self.received = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]
        self.trick: list[int] = []
        self._led = 0
        """The led suit of the trick in progress (a mask)."""
        self.tricks: list[Trick] = []
        self.broken = False
        self.phase = "pass"
        if events is not None:
            events.append(
                Event("deal", {"hand_number": self.hand_number, "pass_direction": self.direction})
            )
        if self.direction == "none":
            self._start_play(events)

    def _start_play(self, events: list[Event] | None) -> None:
        self.phase = "play"
        self.leader = self.turn = next(s for s in range(4) if self.hands[s] >> TWO_CLUBS & 1)
        if events is not None:
            events.append(turn_event(self.turn))

    def _exchange(self, events: list[Event] | None) -> None:
        offset = PASS_OFFSET[self.direction]
        passes = [p or 0 for p in self.passes]
        for s in range(4):
            self.hands[s] &= ~passes[s]
        for s in range(4):
            to = (s + offset) % 4
            self.hands[to] |= passes[s]
            self.received[to] = passes[s]
        if events is not None:
            events.append(Event("exchanged", {"pass_direction": self.direction}))
            for s in range(4):
                source = (s - offset) % 4
                events.append(
                    Event(
                        "received",
                        {"from": source, "cards": card_list_text(self.received[s], HEARTS)},
                        to=s,
                    )
                )
        self._start_play(events)

    def play_fast(self, card: int, events: list[Event] | None = None) -> None:
        """Play ``card`` for the seat on turn, unchecked (search and benchmarks)."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        if events is not None:
            events.append(play_event(seat, card, HEARTS))
        if not self.broken and 1 << card & HEARTS_MASK:
            self.broken = True
            if events is not None:
                events.append(Event("hearts_broken", {}))
        if len(trick) < 4:
            if len(trick) == 1:
                self._led = led_suit(card, 0, SUIT_MASKS)
            self.turn = (seat + 1) % 4
            if events is not None:
                events.append(turn_event(self.turn))
            return
        winner = (self.leader + winning_index(trick, self._led, 0, HEARTS_POWER)) % 4
        points = trick_points(trick, self._points)
        self.taken[winner] += points
        done = Trick(self.leader, tuple(trick), winner, points)
        self.tricks.append(done)
        self.trick = []
        self.leader = self.turn = winner
        if events is not None:
            events.append(Event("trick", done.to_json(HEARTS)))
        if len(self.tricks) == 13:
            self._end_hand(events)
        elif events is not None:
            events.append(turn_event(winner))

    def _end_hand(self, events: list[Event] | None) -> None:
        points, moon = score_round(self.rules, self.taken)
        for s in range(4):
            self.totals[s] += points[s]
        result = HandResult(
            (points[0], points[1], points[2], points[3]),
            moon,
            (self.totals[0], self.totals[1], self.totals[2], self.totals[3]),
        )
        self.results.append(result)
        if events is not None:
            events.append(Event("hand_end", {"hand_number": self.hand_number, **result.to_json()}))
        self.phase = "hand_over"
        if self.single_hand:
            return
        if self.on_hand_over is not None:
            self.on_hand_over()
        low = min(self.totals)
        if max(self.totals) >= self.rules.target and self.totals.count(low) == 1:
            self.phase = "over"
            self.winner = self.totals.index(low)
            if events is not None:
                events.append(Event("game_end", {"winner": self.winner, "totals": self.totals[:]}))
            return
        self.hand_number += 1
        self._start_hand(events)

    # -- the three calls ----------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.phase == "play":
            return _ON_TURN[self.turn]
        if self.phase == "pass":
            return frozenset(s for s in range(4) if self.passes[s] is None)
        return frozenset()

    def legal_mask(self) -> int:
        """Cards the seat on turn may play (phase ``play``)."""
        led = self._led if self.trick else 0
        return legal_cards(self.hands[self.turn], led, not self.tricks, self.broken)

    def legal_actions(self, seat: object) -> list[LegalAction]:
        if self.phase == "play":
            if seat != self.turn:
                return []
            out: list[LegalAction] = []
            mask = self.legal_mask()
            while mask:
                low = mask & -mask
                out.append(PLAYS[low.bit_length() - 1])
                mask ^= low
            return out
        if not isinstance(seat, int) or seat not in self.actors:
            return []
        return [Choose("pass", self.rules.pass_count, self.hands[seat])]

    def _legal_play(self, seat: object, action: Action | str) -> int | None:
        """The card of ``action`` when it is a :class:`Play` object that ``seat``
        may play now (what :meth:`check` would accept), else None: then the full
        check runs, and says what is wrong if anything is."""
        if (
            type(action) is Play
            and type(seat) is int
            and self.phase == "play"
            and seat == self.turn
            and type(card := action.card) is int
            and card >= 0
            and self.legal_mask() >> card & 1
        ):
            return card
        return None

    def apply(self, seat: object, action: Action | str) -> list[Event]:
        card = self._legal_play(seat, action)
        if card is None:
            return super().apply(seat, action)
        events: list[Event] = []
        self.log.append((self.turn, _PLAY_TEXT[card]))
        self.play_fast(card, events)
        return events

    def step(self, seat: object, action: Action | str) -> None:
        card = self._legal_play(seat, action)
        if card is None:
            super().step(seat, action)
            return
        self.log.append((self.turn, _PLAY_TEXT[card]))
        self.play_fast(card)

    def _check(self, seat: int, action: Action, text: str) -> None:
        hand = self.hands[seat]
        if self.phase == "pass":
            if not isinstance(action, PassCards):
                raise hearts_wrong_action("pass", self.rules.pass_count, self.direction, text)
            check_pass(action.cards, hand, self.rules.pass_count, text)
            return
        if not isinstance(action, Play):
            raise hearts_wrong_action("play", self.rules.pass_count, self.direction, text)
        legal = self.legal_mask()
        check_hearts_play(action.card, hand, legal, self.trick, not self.tricks, text)

    def pass_fast(self, seat: int, cards: int, events: list[Event] | None = None) -> None:
        """Record ``seat``'s pass, unchecked; the fourth pass makes the exchange."""
        self.passes[seat] = cards
        if events is not None:
            events.append(Event("passed", {"seat": seat}))
        if all(p is not None for p in self.passes):
            self._exchange(events)

    def _apply(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if isinstance(action, PassCards):
            self.pass_fast(seat, action.cards, events)
        elif isinstance(action, Play):
            self.play_fast(action.card, events)

    def standings(self) -> tuple[Standing, ...]:
        return hearts_standings(self.rules, self.results, self.totals, self.winner)

    # -- what players see ---------------------------------------------------------------

    def view(self, seat: object) -> HeartsView:
        return hearts_view(self, self._view_seat(seat))

"""The Rook family: deal -> auction -> nest -> trump -> play -> hand over -> ...

The rules are ``../shared/rules/rook.md``; what differs between the seven rule sets
is data (:class:`~crowsnest.engine.rules.rook.RookRules`). Phases: ``auction``,
``discard`` (the declarer holds the nest and lays the same number back), ``trump``,
``play`` and ``over``. Seats 0 and 2 are team 0 ("We"), seats 1 and 3 team 1 ("They").

A team may resign (``resign``, by either of its seats, at any moment before the game is
over): the game is over at once and the other team wins it. The hand in progress is
not scored (it counts nothing for either team): the totals stay those of the hands
played to the end, whoever leads them.
"""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.engine.actions import (
    PLAYS,
    Action,
    Bid,
    Choose,
    Discard,
    LegalAction,
    NameTrump,
    Play,
    Resign,
)
from crowsnest.engine.base import Game
from crowsnest.engine.cards import COLOUR_NAMES, CROW, ROOK, bits, card_list_text, colour_of
from crowsnest.engine.checks import check_bid, check_discard, check_rook_play, rook_wrong_action
from crowsnest.engine.errors import IllegalAction
from crowsnest.engine.events import Event, play_event, turn_event
from crowsnest.engine.rules.rook import RookRules, RookTables, tables
from crowsnest.engine.scoring import RookHandResult, Standing, rook_standings, score_hand
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import Trick, follow_mask, led_suit, trick_points, winning_index
from crowsnest.engine.views import RookView, rook_view

_LAST_TABLES: list[tuple[RookRules, RookTables] | None] = [None]
"""The rule set last asked of :func:`_tables` and its tables (one entry, read and
replaced whole, so threads sharing it never see one's rules with another's tables)."""


def _tables(rules: RookRules) -> RookTables:
    """``tables(rules)``, kept for the rule set last asked by identity: a search makes
    a game at every playout, and the cache of :func:`tables` hashes every field of the
    rule set (an interpreted ``__hash__``) at every call."""
    last = _LAST_TABLES[0]
    if last is not None and last[0] is rules:
        return last[1]
    t = tables(rules)
    _LAST_TABLES[0] = (rules, t)
    return t


class RookGame(Game[RookRules]):
    def __init__(
        self,
        rules: RookRules,
        seed: int,
        deals: Sequence[object] = (),
        start_hand: object = 0,
        *,
        dealt: bool = True,
    ) -> None:
        """A new game; ``dealt=False`` deals no hand (:meth:`_blank`)."""
        self._set_tables(rules)
        super().__init__(rules, seed, deals, start_hand)
        self.totals = [0, 0]
        self.results: list[RookHandResult] = []
        self.hand_number = self.start_hand
        self.dealer = (rules.first_dealer + self.start_hand) % 4
        self.winner: int | None = None
        self.resigned: int | None = None
        """The team that resigned the game, if one did."""
        self.single_hand = False
        if dealt:
            self._start_hand(None)

    @classmethod
    def _blank(cls, rules: RookRules) -> RookGame:
        return cls(rules, 0, dealt=False)

    def _set_tables(self, rules: RookRules) -> None:
        t = _tables(rules)
        self._points = t.points
        self._rank = t.rank
        self._powers = t.power
        self._power = t.power[0]
        self._counters = t.counters
        self._colour_masks = t.colour_masks
        self._specials = t.specials
        self._deck = t.deck
        self._bird = (1 << CROW) & t.deck
        self._max_bid = rules.max_bid

    @classmethod
    def from_position(
        cls,
        rules: RookRules,
        hands: Sequence[int],
        *,
        dealer: int,
        declarer: int,
        bid: int,
        trump: int,
        discards: int,
        trick: Sequence[int] = (),
        leader: int | None = None,
        tricks: Sequence[Trick] = (),
        captured: Sequence[int] = (0, 0),
        tricks_won: Sequence[int] = (0, 0),
        totals: Sequence[int] = (0, 0),
    ) -> RookGame:
        """A game in the play phase at a given position, for search over a sampled
        world: ``hands`` as held now, the declarer's ``discards`` (the nest laid back),
        the trick in progress led by ``leader`` (default: left of the dealer, for the
        first lead) and the tricks done. It stops in phase ``hand_over`` once the hand
        is scored (``results``)."""
        game = cls._blank(rules)
        game.totals = list(totals)
        game.dealer = dealer
        game.single_hand = True
        game.hands = list(hands)
        game.nest = 0
        game.auction = []
        game.passed = [False, False, False, False]
        game.high_bid, game.high_bidder = bid, declarer
        game.declarer, game.bid, game.discards = declarer, bid, discards
        game.trump = trump
        game.trump_mask = game._colour_masks[trump] | game._specials
        game._power = game._powers[trump]
        game.leader = (dealer + 1) % 4 if leader is None else leader
        game.trick = list(trick)
        game.turn = (game.leader + len(game.trick)) % 4
        game._led = game.led_mask(game.trick[0]) if game.trick else 0
        game.tricks = list(tricks)
        game.captured = list(captured)
        game.tricks_won = list(tricks_won)
        game.phase = "play"
        return game

    def _deal_shape(self) -> tuple[int, int, int]:
        return self._deck, self.rules.hand_size, self.rules.nest_size

    # -- state transitions ----------------------------------------------------------------

    def _start_hand(self, events: list[Event] | None) -> None:
        deal = self._next_deal((self.dealer + 1) % 4)
        self.hands = list(deal.hands)
        self.nest = deal.nest
        self.auction: list[tuple[int, int | None]] = []
        self.passed = [False, False, False, False]
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.turn = (self.dealer + 1) % 4
        self.declarer: int | None = None
        self.bid = 0
        self.trump: int | None = None
        self.discards = 0
        self.trump_mask = 0
        self._led = 0
        self.leader = self.turn
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.captured = [0, 0]
        self.tricks_won = [0, 0]
        self.phase = "auction"
        if events is not None:
            events.append(Event("deal", {"hand_number": self.hand_number, "dealer": self.dealer}))
            events.append(turn_event(self.turn))

    def _forced(self, seat: int) -> bool:
        """Dealer-forced: the three others passed without a bid, the dealer must bid."""
        return (
            self.rules.all_pass == "dealer_forced"
            and seat == self.dealer
            and self.high_bidder is None
            and sum(self.passed) == 3
        )

    def bid_fast(self, seat: int, amount: int | None, events: list[Event] | None = None) -> None:
        self.auction.append((seat, amount))
        if events is not None:
            events.append(Event("bid", {"seat": seat, "bid": amount}))
        if amount is None:
            self.passed[seat] = True
        else:
            self.high_bid, self.high_bidder = amount, seat
        passes = sum(self.passed)
        if amount is not None and (amount >= self._max_bid or passes == 3):
            self._win_auction(seat, events)
        elif passes == 4:
            if events is not None:
                events.append(Event("redeal", {"dealer": self.dealer}))
            self._start_hand(events)
        elif passes == 3 and self.high_bidder is not None:
            self._win_auction(self.high_bidder, events)
        else:
            nxt = (seat + 1) % 4
            while self.passed[nxt]:
                nxt = (nxt + 1) % 4
            self.turn = nxt
            if events is not None:
                events.append(turn_event(nxt))

    def _win_auction(self, seat: int, events: list[Event] | None) -> None:
        self.declarer = self.turn = seat
        self.bid = self.high_bid
        if events is not None:
            events.append(Event("contract", {"declarer": seat, "bid": self.bid}))
        if self.rules.nest_size:
            self.hands[seat] |= self.nest
            self.phase = "discard"
            if events is not None:
                events.append(Event("nest", {"cards": card_list_text(self.nest, ROOK)}, to=seat))
        else:
            self.phase = "trump"

    def discard_fast(self, cards: int, events: list[Event] | None = None) -> None:
        assert self.declarer is not None
        self.hands[self.declarer] &= ~cards
        self.discards = cards
        self.phase = "trump"
        if events is not None:
            events.append(Event("discarded", {"seat": self.declarer}))
            events.append(
                Event("discards", {"cards": card_list_text(cards, ROOK)}, to=self.declarer)
            )

    def trump_fast(self, colour: int, events: list[Event] | None = None) -> None:
        self.trump = colour
        self.trump_mask = self._colour_masks[colour] | self._specials
        self._power = self._powers[colour]
        self.phase = "play"
        self.leader = self.turn = (self.dealer + 1) % 4
        if events is not None:
            events.append(Event("trump", {"seat": self.declarer, "colour": COLOUR_NAMES[colour]}))
            events.append(turn_event(self.turn))

    def led_mask(self, card: int) -> int:
        """The effective suit of ``card`` once trump is named: trump, or its colour."""
        return led_suit(card, self.trump_mask, self._colour_masks)

    def play_fast(self, card: int, events: list[Event] | None = None) -> None:
        """Play ``card`` for the seat on turn, unchecked (search and benchmarks)."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        if events is not None:
            events.append(play_event(seat, card, ROOK))
        if len(trick) < 4:
            if len(trick) == 1:
                self._led = self.led_mask(card)
            self.turn = (seat + 1) % 4
            if events is not None:
                events.append(turn_event(self.turn))
            return
        winner = (self.leader + winning_index(trick, self._led, self.trump_mask, self._power)) % 4
        points = trick_points(trick, self._points)
        team = team_of(winner)
        self.captured[team] += points
        self.tricks_won[team] += 1
        done = Trick(self.leader, tuple(trick), winner, points)
        self.tricks.append(done)
        self.trick = []
        self.leader = self.turn = winner
        if events is not None:
            events.append(Event("trick", done.to_json(ROOK)))
        if len(self.tricks) == self.rules.hand_size:
            self._end_hand(events)
        elif events is not None:
            events.append(turn_event(winner))

    def _end_hand(self, events: list[Event] | None) -> None:
        rules = self.rules
        assert self.declarer is not None and self.trump is not None
        last = team_of(self.tricks[-1].winner)
        nest_points = trick_points(list(bits(self.discards)), self._points)
        hand = score_hand(
            rules, self.declarer, self.bid, self.captured, self.tricks_won, nest_points, last
        )
        self.totals[0] += hand.score[0]
        self.totals[1] += hand.score[1]
        result = RookHandResult(
            self.declarer,
            self.bid,
            self.trump,
            hand.counted,
            nest_points,
            last,
            (self.tricks_won[0], self.tricks_won[1]),
            hand.made,
            hand.score,
            (self.totals[0], self.totals[1]),
        )
        self.results.append(result)
        if events is not None:
            events.append(Event("hand_end", {"hand_number": self.hand_number, **result.to_json()}))
        self.phase = "hand_over"
        if self.single_hand:
            return
        if self.on_hand_over is not None:
            self.on_hand_over()
        if max(self.totals) >= rules.target and self.totals[0] != self.totals[1]:
            self.phase = "over"
            self.winner = 0 if self.totals[0] > self.totals[1] else 1
            if events is not None:
                events.append(Event("game_end", {"winner": self.winner, "totals": self.totals[:]}))
            return
        self.dealer = (self.dealer + 1) % 4
        self.hand_number += 1
        self._start_hand(events)

    def resign(self, seat: int, events: list[Event] | None = None) -> None:
        """``seat``'s team resigns: the other team wins; the hand in progress counts
        nothing."""
        team = team_of(seat)
        self.resigned = team
        self.winner = 1 - team
        self.phase = "over"
        if events is not None:
            events.append(Event("resign", {"seat": seat, "team": team}))
            events.append(Event("game_end", {"winner": self.winner, "totals": self.totals[:]}))

    # -- the three calls --------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.phase in ("over", "hand_over"):
            return frozenset()
        return frozenset((self.turn,))

    def bid_range(self) -> range:
        """Amounts the seat on turn may bid."""
        rules = self.rules
        low = rules.min_bid if self.high_bidder is None else self.high_bid + rules.bid_step
        return range(max(low, rules.min_bid), self._max_bid + 1, rules.bid_step)

    def discard_choice(self) -> Choose:
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        n = self.rules.nest_size
        if self.rules.discard_counters:
            return Choose("discard", n, hand)
        others = hand & ~self._counters
        if others.bit_count() >= n:
            return Choose("discard", n, others)
        return Choose("discard", n, hand, others)

    def legal_mask(self) -> int:
        """Cards the seat on turn may play (phase ``play``)."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        return follow_mask(hand, self._led, self._bird) or hand

    def legal_actions(self, seat: object) -> list[LegalAction]:
        if not isinstance(seat, int) or seat not in self.actors:
            return []
        if self.phase == "auction":
            bids: list[LegalAction] = [] if self._forced(seat) else [Bid(None)]
            bids.extend(Bid(a) for a in self.bid_range())
            return bids
        if self.phase == "discard":
            return [self.discard_choice()]
        if self.phase == "trump":
            return [NameTrump(c) for c in range(4)]
        return [PLAYS[c] for c in bits(self.legal_mask())]

    def _check_resign(self, seat: int, text: str) -> None:
        """Either seat of a team may resign for it, on its turn or not, in any phase
        before the game is over (:meth:`Game.check` has refused a game over)."""
        if self.single_hand:
            raise IllegalAction("no_resign", f"{text!r}: a single-hand position has no resign")

    def _check(self, seat: int, action: Action, text: str) -> None:
        phase = self.phase
        hand = self.hands[seat]
        if phase == "auction" and isinstance(action, Bid):
            high = None if self.high_bidder is None else self.high_bid
            check_bid(self.rules, action.amount, self._forced(seat), high, text)
        elif phase == "discard" and isinstance(action, Discard):
            check_discard(action.cards, hand, self.discard_choice(), text)
        elif phase == "play" and isinstance(action, Play):
            check_rook_play(action.card, hand, self.legal_mask(), self.led_name(), text)
        elif not (phase == "trump" and isinstance(action, NameTrump)):
            raise rook_wrong_action(phase, self.rules.nest_size, text)

    def led_name(self) -> str:
        if not self.trick:
            return ""
        if self._led == self.trump_mask:
            return "trump"
        return COLOUR_NAMES[colour_of(self.trick[0])]

    def _apply(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if isinstance(action, Bid):
            self.bid_fast(seat, action.amount, events)
        elif isinstance(action, Discard):
            self.discard_fast(action.cards, events)
        elif isinstance(action, NameTrump):
            self.trump_fast(action.colour, events)
        elif isinstance(action, Play):
            self.play_fast(action.card, events)
        elif isinstance(action, Resign):
            self.resign(seat, events)

    def standings(self) -> tuple[Standing, ...]:
        return rook_standings(self.results, self.totals, self.winner)

    # -- what players see -------------------------------------------------------------------

    def view(self, seat: object) -> RookView:
        return rook_view(self, self._view_seat(seat))

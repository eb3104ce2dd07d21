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
from dataclasses import dataclass
from typing import Any

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
from crowsnest.engine.base import Game, Standing
from crowsnest.engine.cards import (
    COLOUR_NAMES,
    CROW,
    ROOK,
    bits,
    card_list_text,
    cards_text,
    colour_of,
)
from crowsnest.engine.errors import IllegalAction
from crowsnest.engine.events import Event, play_event, turn_event
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.rules.rook import RookRules, RookTables, tables
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


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a Rook hand scores, from what each team took."""

    counted: tuple[int, int]
    """Each team's points: counters captured, the nest (to the last trick's team), the
    trick bonus (to the team taking more tricks)."""
    made: bool
    """The declaring team counted at least the bid."""
    score: tuple[int, int]
    """What each team scores: a set declarer loses the bid; a made contract scores the
    bid or what was counted (``made_scores``); the defence scores what it counted."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


def declarer_score(rules: RookRules, bid: int, counted: int) -> int:
    """What the declaring team scores for a contract of ``bid`` when it counted
    ``counted``: set (under the bid), it loses the bid; made, it scores the bid or what
    it counted, as the rule set says (``made_scores``)."""
    if counted < bid:
        return -bid
    return bid if rules.made_scores == "bid" else counted


def score_hand(
    rules: RookRules,
    declarer: int,
    bid: int,
    captured: Sequence[int],
    tricks_won: Sequence[int],
    nest_points: int,
    last_trick_team: int,
) -> HandScore:
    """Score one Rook hand: the one statement of the scoring rules."""
    counted = [captured[0], captured[1]]
    counted[last_trick_team] += nest_points
    if tricks_won[0] != tricks_won[1]:
        counted[0 if tricks_won[0] > tricks_won[1] else 1] += rules.trick_bonus
    side = team_of(declarer)
    made = counted[side] >= bid
    score = counted[:]
    score[side] = declarer_score(rules, bid, counted[side])
    return HandScore((counted[0], counted[1]), made, (score[0], score[1]))


@dataclass(frozen=True, slots=True)
class RookHandResult:
    declarer: int
    bid: int
    trump: int
    counted: tuple[int, int]
    """Each team's points: counters captured, the nest, the trick bonus."""
    nest_points: int
    last_trick_team: int
    tricks_won: tuple[int, int]
    made: bool
    score: tuple[int, int]
    """What each team scores for the hand (a set declarer loses the bid)."""
    totals: tuple[int, int]

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    @property
    def declarer_team(self) -> int:
        """The team that declared (the index in ``rules.teams``)."""
        return team_of(self.declarer)

    def to_json(self) -> dict[str, Any]:
        return {
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": COLOUR_NAMES[self.trump],
            "counted": list(self.counted),
            "nest_points": self.nest_points,
            "last_trick_team": self.last_trick_team,
            "tricks_won": list(self.tricks_won),
            "made": self.made,
            "score": list(self.score),
            "totals": list(self.totals),
        }


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

    def _wrong(self, text: str) -> IllegalAction:
        expected = {
            "auction": "a bid ('bid 75' or 'bid pass')",
            "discard": f"a discard of {self.rules.nest_size} cards ('discard <card> ...')",
            "trump": "naming trump ('trump red')",
            "play": "playing a card ('play <card>')",
        }[self.phase]
        return IllegalAction("wrong_action", f"{text!r}: now is {expected}")

    def _check_resign(self, seat: int, text: str) -> None:
        """Either seat of a team may resign for it, on its turn or not, in any phase
        before the game is over (:meth:`Game.check` has refused a game over)."""
        if self.single_hand:
            raise IllegalAction("no_resign", f"{text!r}: a single-hand position has no resign")

    def _check(self, seat: int, action: Action, text: str) -> None:
        phase = self.phase
        if phase == "auction":
            if not isinstance(action, Bid):
                raise self._wrong(text)
            self._check_bid(seat, action.amount, text)
        elif phase == "discard":
            if not isinstance(action, Discard):
                raise self._wrong(text)
            self._check_discard(seat, action.cards, text)
        elif phase == "trump":
            if not isinstance(action, NameTrump):
                raise self._wrong(text)
        else:
            if not isinstance(action, Play):
                raise self._wrong(text)
            self._check_play(seat, action.card, text)

    def _check_bid(self, seat: int, amount: int | None, text: str) -> None:
        rules = self.rules
        if amount is None:
            if self._forced(seat):
                raise IllegalAction(
                    "dealer_must_bid",
                    f"{text!r}: the others passed; the dealer must bid at least {rules.min_bid}",
                )
            return
        if amount % rules.bid_step:
            raise IllegalAction(
                "bid_not_multiple",
                f"{text!r}: bids are multiples of {rules.bid_step}",
                {"step": rules.bid_step},
            )
        if amount > rules.max_bid:
            raise IllegalAction(
                "bid_too_high", f"{text!r}: the most is {rules.max_bid}", {"maximum": rules.max_bid}
            )
        if amount < rules.min_bid:
            raise IllegalAction(
                "bid_too_low",
                f"{text!r}: the minimum bid is {rules.min_bid}",
                {"minimum": rules.min_bid},
            )
        if self.high_bidder is not None and amount <= self.high_bid:
            raise IllegalAction(
                "bid_too_low",
                f"{text!r}: the bid must be higher than {self.high_bid}",
                {"minimum": self.high_bid + rules.bid_step},
            )

    def _check_discard(self, seat: int, cards: int, text: str) -> None:
        n = self.rules.nest_size
        hand = self.hands[seat]
        if cards.bit_count() != n:
            raise IllegalAction(
                "wrong_card_count",
                f"{text!r}: discard {n} cards, not {cards.bit_count()}",
                {"count": n},
            )
        if cards & ~hand:
            raise IllegalAction(
                "card_not_in_hand", f"{text!r}: you do not hold {cards_text(cards & ~hand, ROOK)}"
            )
        choice = self.discard_choice()
        if not choice.admits(cards):
            because = (
                f"discard every card that is not a counter ({cards_text(choice.required, ROOK)}) "
                "before any counter"
                if choice.required
                else "counters may not be discarded while you hold other cards"
            )
            raise IllegalAction("counter_discard", f"{text!r}: {because}")

    def _check_play(self, seat: int, card: int, text: str) -> None:
        bit = 1 << card
        if not bit & self.hands[seat]:
            raise IllegalAction("card_not_in_hand", f"{text!r}: you do not hold that card")
        if not bit & self.legal_mask():
            led = self.led_name()
            raise IllegalAction(
                "must_follow_suit", f"{text!r}: you must follow the led suit ({led})", {"suit": led}
            )

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
        out = []
        for seat in range(4):
            team = team_of(seat)
            made = sum(1 for r in self.results if r.declarer == seat and r.made)
            went_set = sum(1 for r in self.results if r.declarer == seat and not r.made)
            won = self.winner == team
            place = 1 if won or self.winner is None else 2
            points = sum(r.score[team] for r in self.results)
            out.append(
                Standing(
                    seat,
                    team,
                    self.totals[team],
                    won,
                    made,
                    went_set,
                    place,
                    hands=len(self.results),
                    hand_points=points,
                )
            )
        return tuple(out)

    # -- what players see -------------------------------------------------------------------

    def view(self, seat: object) -> RookView:
        return rook_view(self, self._view_seat(seat))

"""Playing a sampled world out: the pieces of the Hard bot's search.

A rollout plays a hand to its end with the Normal policy in every seat, each seat
deciding only on what it could see and by its side's weights (a
:class:`~crowsnest.ai.rook.odds.Style` a seat: :func:`styles_for`); a simulated
auction lets the other seats bid the Normal way. Both return what the hand scores,
seen from one team.
"""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.ai.budget import TALLY
from crowsnest.ai.rook.common import Deck, cards
from crowsnest.ai.rook.hand import best_trump, discard_order, normal_bid
from crowsnest.ai.rook.odds import NORMAL, Style
from crowsnest.ai.rook.play import normal_play
from crowsnest.ai.rook.situation import add_voids, from_game, played_from
from crowsnest.engine import RookGame
from crowsnest.engine.cards import colour_of, popcount
from crowsnest.engine.scoring import RookHandResult
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import led_suit


def styles_for(seat: int, style: Style, other: Style = NORMAL) -> list[Style]:
    """The weights of each seat's play in a rollout searched for ``seat``: ``style``
    for its side, ``other`` for the other (by default the Normal bot's: the opponents
    are modelled as Normal players)."""
    return [style if team_of(p) == team_of(seat) else other for p in range(4)]


def rollout(game: RookGame, deck: Deck, styles: Sequence[Style]) -> RookHandResult:
    """Play ``game`` (a single-hand game in the play phase) to its end, each seat by
    ``styles[seat]``."""
    assert game.trump is not None
    TALLY.playouts += 1
    tm = deck.trump_mask(game.trump)
    played = played_from(game.tricks, game.trick)
    voids = [0, 0, 0, 0]
    for t in game.tricks:
        add_voids(deck, tm, voids, t.leader, t.cards)
    add_voids(deck, tm, voids, game.leader, game.trick)
    while game.phase == "play":
        seat = game.turn
        legal = game.legal_mask()
        if legal & (legal - 1) == 0:  # forced: no Situation to build
            card = legal.bit_length() - 1
        else:
            card = normal_play(from_game(game, deck, played, voids), styles[seat])
        trick = game.trick
        if trick:
            first = trick[0]
            led = led_suit(first, tm, deck.colours)
            if not led >> card & 1 and not deck.bird >> card & 1:
                voids[seat] |= led
        played |= 1 << card
        game.play_fast(card)
    return game.results[-1]


def distinct_cards(deck: Deck, trump: int, legal: int, others: int) -> list[int]:
    """One card of each set of equivalent legal cards: cards of the same effective
    suit and points with none of ``others`` (the cards still to be played by other
    seats, and those on the trick) between them win and lose the same tricks."""
    power = deck.power[trump]
    tm = deck.trump_mask(trump)
    pts = deck.points

    def suit(c: int) -> int:
        return 4 if tm >> c & 1 else colour_of(c)

    out: list[int] = []
    prev = -1
    for c in sorted(cards(legal), key=lambda c: (suit(c), power[c])):
        if (
            prev >= 0
            and suit(c) == suit(prev)
            and pts[c] == pts[prev]
            and not deck.specials >> c & 1
            and not deck.specials >> prev & 1
            and not deck.beaters[trump][prev] & ~deck.beaters[trump][c] & ~(1 << c) & others
        ):
            continue
        out.append(c)
        prev = c
    return out


def team_score(result: RookHandResult, seat: int) -> int:
    """The hand score of ``seat``'s team minus the other team's."""
    team = team_of(seat)
    return result.score[team] - result.score[1 - team]


def declare(
    deck: Deck, hand: int, nest: int, allowed: int = -1, bury: float = 0.85
) -> tuple[int, int]:
    """(discards, trump): how a Normal declarer holding ``hand`` takes ``nest``."""
    full = hand | nest
    n = deck.nest_size
    discards = 0
    if n:
        for c in discard_order(deck, full, best_trump(deck, full), bury, allowed):
            discards |= 1 << c
            if popcount(discards) == n:
                break
        if popcount(discards) < n:  # too few allowed: the rest must go too
            for c in discard_order(deck, full & ~discards, best_trump(deck, full), bury):
                if popcount(discards) == n:
                    break
                discards |= 1 << c
    return discards, best_trump(deck, full & ~discards)


def play_contract(
    deck: Deck,
    world: Sequence[int],
    dealer: int,
    declarer: int,
    bid: int,
    styles: Sequence[Style],
    discards: int | None = None,
    trump: int | None = None,
) -> RookHandResult:
    """Deal ``world`` (four hands and the nest), let ``declarer`` take the nest at
    ``bid`` (the Normal way unless ``discards`` and ``trump`` are given), play it out
    (:func:`rollout`)."""
    hands = list(world[:4])
    if discards is None or trump is None:
        discards, trump = declare(deck, hands[declarer], world[4])
    hands[declarer] = (hands[declarer] | world[4]) & ~discards
    game = RookGame.from_position(
        deck.rules, hands, dealer=dealer, declarer=declarer, bid=bid, trump=trump, discards=discards
    )
    return rollout(game, deck, styles)


def finish_auction(
    deck: Deck,
    world: Sequence[int],
    auction: Sequence[tuple[int, int | None]],
    dealer: int,
    shades: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
) -> tuple[int, int] | None:
    """Continue an auction with the Normal bids of every seat still in it, each
    seat's hand estimated ``shades[seat]`` points lower: (declarer, bid), or None when
    all four pass."""
    passed = [False] * 4
    high, high_bidder = 0, None
    for seat, amount in auction:
        if amount is None:
            passed[seat] = True
        else:
            high, high_bidder = amount, seat
    seat = (auction[-1][0] + 1) % 4 if auction else (dealer + 1) % 4
    for _ in range(200):
        if sum(passed) == 4:
            return None
        if high_bidder is not None and (sum(passed) == 3 or high >= deck.max_bid):
            return high_bidder, high
        while passed[seat]:
            seat = (seat + 1) % 4
        low = deck.min_bid if high_bidder is None else high + deck.bid_step
        amounts = range(max(low, deck.min_bid), deck.max_bid + 1, deck.bid_step)
        amount = normal_bid(deck, world[seat], amounts, True, high_bidder, seat, high, shades[seat])
        if amount is None:
            passed[seat] = True
        else:
            high, high_bidder = amount, seat
        seat = (seat + 1) % 4
    return None  # pragma: no cover

"""Perft counts: the exact number of legal action sequences to a given depth, from
fixed deals (fixed seeds), as python-chess counts chess positions.

The numbers are regression values, computed with this walk when the test was
written, not derived by hand: any change to what is legal (a bid, a pass, a discard,
following suit, who acts next, a redeal) changes a count. A change of a count is a
change of the rules, to be explained in the commit that makes it.

The walk uses only the engine's public calls: ``actors``, ``legal_actions``,
``clone`` and ``apply`` (checked). A :class:`Choose` template (the Hearts pass, the
Rook discard) stands for every set of cards it admits; each is a sequence of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from math import comb

import pytest

from crowsnest.engine import (
    Action,
    AnyGame,
    Choose,
    Discard,
    PassCards,
    RookGame,
    card_text,
    new_game,
)
from crowsnest.engine.cards import bits


def choices(choose: Choose) -> Iterator[Action]:
    """Every concrete action a template admits."""
    kind = PassCards if choose.kind == "pass" else Discard
    free = list(bits(choose.allowed & ~choose.required))
    for cards in combinations(free, choose.count - choose.required.bit_count()):
        yield kind(choose.required | sum(1 << c for c in cards))


def count(choose: Choose) -> int:
    free = (choose.allowed & ~choose.required).bit_count()
    return comb(free, choose.count - choose.required.bit_count())


def moves(game: AnyGame) -> Iterator[tuple[int, Action]]:
    """Every (seat, action) that may be taken now."""
    for seat in sorted(game.actors):
        for legal in game.legal_actions(seat):
            if isinstance(legal, Choose):
                for action in choices(legal):
                    yield seat, action
            else:
                yield seat, legal


def perft(game: AnyGame, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``game``."""
    if depth == 1:  # the leaves are counted, not played
        return sum(
            count(legal) if isinstance(legal, Choose) else 1
            for seat in game.actors
            for legal in game.legal_actions(seat)
        )
    total = 0
    for seat, action in moves(game):
        child = game.clone()
        child.apply(seat, action)
        total += perft(child, depth - 1)
    return total


def counts(game: AnyGame, depth: int) -> list[int]:
    """Perft at depths 1..``depth``."""
    return [perft(game, d) for d in range(1, depth + 1)]


def first_choice(game: AnyGame) -> None:
    """The one seat that may act (or, in the pass, each seat) takes its first legal
    action; a template takes its lowest cards."""
    for seat in sorted(game.actors):
        legal = game.legal_actions(seat)[0]
        game.apply(seat, next(choices(legal)) if isinstance(legal, Choose) else legal)


def rook_after_auction(rules_id: str, options: Mapping[str, object], seed: int) -> RookGame:
    """Seat 0 bids the minimum, the others pass, seat 0 lays back its lowest cards
    (as the discard template allows) and names red: seat 0 leads the first trick."""
    game = new_game(rules_id, options=options, seed=seed)
    assert isinstance(game, RookGame)
    game.apply(0, f"bid {game.rules.min_bid}")
    for seat in (1, 2, 3):
        game.apply(seat, "bid pass")
    if game.phase == "discard":
        first_choice(game)
    game.apply(0, "trump red")
    assert game.phase == "play" and game.actors == {0}
    return game


# -- Hearts ----------------------------------------------------------------------------


def test_hearts_from_the_pass() -> None:
    # Four seats pass at once, each any 3 of its 13 cards: 4 x 286, then 3 x 286 each.
    game = new_game("hearts", seed=1)
    assert game.phase == "pass"
    assert counts(game, 2) == [1144, 981552]


def test_hearts_from_the_first_trick() -> None:
    game = new_game("hearts", seed=1)
    first_choice(game)  # each seat passes its three lowest cards to the left
    assert game.phase == "play" and card_text(min(bits(game.hands[game.turn])), "hearts") == "2C"
    assert counts(game, 8) == [1, 3, 12, 36, 324, 882, 2421, 7992]


def test_hearts_without_a_pass() -> None:
    # The fourth hand of the cycle is played as dealt.
    game = new_game("hearts", seed=2, start_hand=3)
    assert game.phase == "play"
    assert counts(game, 7) == [1, 2, 6, 24, 256, 1828, 7340]


# -- Rook ------------------------------------------------------------------------------

AUCTION: dict[str, list[int]] = {
    "rook/crowsnest": [12, 2079, 30382],
    "rook/tournament": [12, 2079, 30382],
    "rook/partnership": [12, 81, 452],
    "rook/one-high": [18, 8738, 181050],
    "rook/red-one": [14, 5109, 85631],
    "rook/buckeye": [18, 3173, 64185],
    "rook/dixie": [12, 2457, 36052],
}
PLAY: dict[str, list[int]] = {
    # The Crow is the lowest trump in CrowsNest, the highest in Tournament Rook:
    # here a trick of the first one and a half is won by another seat.
    "rook/crowsnest": [9, 24, 59, 124, 992, 2390],
    "rook/tournament": [9, 24, 59, 124, 992, 2386],
    "rook/partnership": [14, 38, 128, 416, 5408, 17764],
    "rook/one-high": [13, 81, 296, 1460, 17520, 61514],
    "rook/red-one": [9, 16, 44, 140, 1120, 3025],
    "rook/buckeye": [10, 26, 64, 152, 1368, 3130],
    "rook/dixie": [13, 23, 74, 240, 2880, 10602],
}

ROOK_IDS = [
    "rook/crowsnest",
    "rook/tournament",
    "rook/partnership",
    "rook/one-high",
    "rook/red-one",
    "rook/buckeye",
    "rook/dixie",
]


@pytest.mark.parametrize("rules_id", ROOK_IDS)
def test_rook_auction(rules_id: str) -> None:
    # Depth 2 already holds a declarer's discards: a bid of the maximum ends the auction.
    game = new_game(rules_id, seed=3)
    assert game.phase == "auction"
    assert counts(game, 3) == AUCTION[rules_id]


@pytest.mark.parametrize("rules_id", ROOK_IDS)
def test_rook_play_after_the_auction(rules_id: str) -> None:
    game = rook_after_auction(rules_id, {}, seed=2)
    assert counts(game, 6) == PLAY[rules_id]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # pass (a redeal: 12 calls open the new auction) or 11 bids x C(14, 5) discards
        ({}, [12, 22034]),
        ({"all_pass": "dealer_forced"}, [11, 22022]),
        # 11 bids x C(9, 5): the five counters stay in hand
        ({"discard_counters": False}, [12, 1398]),
        # 40 cards: bids 70..100, a nest of 4: 7 x C(13, 4), and 8 after a redeal
        ({"bird": False}, [8, 5013]),
    ],
)
def test_rook_dealer_after_three_passes(options: dict[str, object], expected: list[int]) -> None:
    """The dealer bids (and discards), or passes too: a redeal, and the auction
    starts again; with ``dealer_forced`` the dealer may not pass."""
    game = new_game("rook/crowsnest", options=options, seed=5)
    for seat in (0, 1, 2):
        game.apply(seat, "bid pass")
    assert game.actors == {3}
    assert counts(game, 2) == expected

"""The pieces that make the searches think for less: dropping clearly worse
candidates, and the Hearts search's equivalent cards (the exact Rook endgame is
tested beside the Rook positions)."""

from __future__ import annotations

import math
import random

import pytest

from crowsnest.ai.budget import EARLY_EVERY, EARLY_MIN, TALLY, race
from crowsnest.ai.draw import shuffle
from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.hearts.normal import Normal as HeartsNormal
from crowsnest.ai.hearts.search import distinct_cards
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.engine import new_game
from crowsnest.engine.cards import parse_card, parse_cards


def noisy(mean: float, n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [mean + rng.gauss(0.0, 5.0) for _ in range(n)]


def test_race_drops_only_candidates_clearly_behind_the_leader() -> None:
    """Candidate 0 is 10 points under 1 in every world: dropped when higher is
    better. Candidate 2 is 1 plus noise of its own: within the noise, kept."""
    base = noisy(0.0, EARLY_MIN, 1)
    lead = [x + 10.0 for x in base]
    close = [x + e for x, e in zip(lead, noisy(0.0, EARLY_MIN, 2), strict=True)]
    results = [base, lead, close]
    assert race(results, [0, 1, 2], higher=True) == [1, 2]
    assert race(results, [0, 1, 2], higher=False) == [0]


def test_race_waits_for_enough_worlds_and_looks_only_every_few() -> None:
    base = noisy(0.0, EARLY_MIN - 1, 3)
    results = [base, [x + 10.0 for x in base]]
    assert race(results, [0, 1], higher=True) == [0, 1]
    more = noisy(0.0, EARLY_MIN + 1, 3)
    assert (EARLY_MIN + 1) % EARLY_EVERY
    assert race([more, [x + 10.0 for x in more]], [0, 1], higher=True) == [0, 1]


def test_race_keeps_candidates_within_the_noise() -> None:
    a, b = noisy(0.0, 64, 4), noisy(0.0, 64, 5)
    assert race([a, b], [0, 1], higher=True) == [0, 1]


def test_hearts_equivalent_cards_are_searched_once() -> None:
    """2S 3S 5S in hand, 4S played: one spade stands for all three; the 9S, with
    live spades below it, is its own; the 2H and 3H are one, the QS its own."""
    hand = parse_cards("2S 3S 5S 9S 2H 3H QS")
    done = parse_cards("4S")
    cards = [parse_card(c) for c in ("2S", "3S", "5S", "9S")]
    assert distinct_cards(cards, hand, done, prior=parse_card("3S")) == [
        parse_card("3S"), parse_card("9S"),
    ]  # fmt: skip
    hearts = [parse_card("2H"), parse_card("3H")]
    assert distinct_cards(hearts, hand, 0, prior=-1) == [parse_card("2H")]
    assert len(distinct_cards([parse_card("9S"), parse_card("QS")], hand, 0, prior=-1)) == 2


def test_the_searches_count_the_hands_they_play_out() -> None:
    """``TALLY.playouts`` (what ``bench.search`` reports) grows by the hands a Hard
    decision plays out: in Hearts one rollout per candidate, line and world (two lines,
    the Normal one and the moon, while nobody else has a point); a Rook
    auction plays contracts out."""
    hearts = new_game("hearts", seed=3, start_hand=3)  # no pass: the first lead
    before = TALLY.playouts
    seat = min(hearts.actors)
    HeartsHard(worlds=10, time_limit=math.inf).choose(
        hearts.view(seat), hearts.legal_actions(seat), random.Random(0)
    )
    # The two of clubs is the only legal lead: a forced card plays nothing out.
    assert TALLY.playouts == before
    normal = HeartsNormal()
    rng = random.Random(1)
    for _ in range(4):
        seat = min(hearts.actors)
        hearts.apply(seat, normal.choose(hearts.view(seat), hearts.legal_actions(seat), rng))
    seat = min(hearts.actors)
    legal = hearts.legal_actions(seat)
    HeartsHard(worlds=10, time_limit=math.inf).choose(hearts.view(seat), legal, rng)
    assert 2 * 10 <= TALLY.playouts - before <= 2 * 10 * len(legal)
    rook = new_game("rook/tournament", seed=0)
    before = TALLY.playouts
    seat = min(rook.actors)
    RookHard(playouts=20, time_limit=math.inf).choose(
        rook.view(seat), rook.legal_actions(seat), random.Random(0)
    )
    assert TALLY.playouts - before >= 20


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 39, 52])
def test_the_searches_shuffle_is_the_stdlibs_draw_for_draw(size: int) -> None:
    """``crowsnest.ai.draw.shuffle`` leaves the cards and the generator as
    ``random.Random.shuffle`` does (so the sampled worlds are unchanged)."""
    for seed in range(50):
        mine, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(mine, a)
        b.shuffle(theirs)
        assert mine == theirs
        assert a.getstate() == b.getstate()

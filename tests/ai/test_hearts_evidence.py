"""Who holds what (Hard's ``evidence`` option): the worlds that explain the others'
play as the Normal policy would have played it weigh more, and Hard without the
option decides exactly as before."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.hearts.evidence import gather, surprises, weight
from crowsnest.ai.hearts.hard import Hard
from crowsnest.ai.hearts.normal import Normal
from crowsnest.ai.hearts.worlds import Worlds
from crowsnest.engine import HeartsGame, new_game
from crowsnest.engine.cards import parse_card, parse_cards
from crowsnest.engine.rules.hearts import HEARTS
from crowsnest.engine.tricks import Trick


def normal_hand(seed: int, hand_number: int, cards: int) -> HeartsGame:
    """A hand (``hand_number`` 2: an across pass) played by four Normal bots until
    seat 0 is on turn with at most ``cards`` cards."""
    game = new_game("hearts", seed=seed, start_hand=hand_number)
    assert isinstance(game, HeartsGame)
    bot = Normal()
    rng = random.Random(seed)
    while True:
        seat = min(game.actors)
        if seat == 0 and game.phase == "play" and bin(game.hands[0]).count("1") <= cards:
            return game
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))


@pytest.mark.parametrize("seed", range(3))
def test_the_true_deal_of_normal_players_has_no_surprise(seed: int) -> None:
    """Three Normal players did exactly what the Normal policy does with their true
    cards, the across pass included; random worlds consistent with the view mostly
    contradict some of it, and weigh less."""
    game = normal_hand(seed, 2, cards=7)
    view = game.view(0)
    evidence = gather(view)
    assert any(piece.card == -1 for piece in evidence)  # the pass from across
    assert surprises(evidence, game.hands) == 0
    assert weight(evidence, game.hands, 0.5) == 1.0
    known = Worlds(view)
    rng = random.Random(seed)
    found = [surprises(evidence, known.sample(rng)) for _ in range(40)]
    assert sum(found) > 20 and max(found) >= 2
    world = known.sample(rng)
    assert weight(evidence, world, 0.5) == 0.5 ** surprises(evidence, world)


def test_a_low_follow_under_the_winner_tells_the_cards_it_lacks() -> None:
    """Seat 2 led the 9D and seat 3 followed with the 3D: the Normal policy follows
    with the highest diamond that still loses, so a seat 3 holding the 6D is a
    surprise and one holding only the KD (which it would not have played) is not."""
    nine, three = parse_card("9D"), parse_card("3D")
    clubs = tuple(parse_card(c) for c in ("2C", "3C", "AC", "4C"))
    game = HeartsGame.from_position(
        HEARTS,
        [
            parse_cards("AS 2H 9S"),
            parse_cards("JS 3H 8S"),
            parse_cards("TS 4H"),
            parse_cards("KD 5H"),
        ],
        trick=(nine, three),
        leader=2,
        tricks=(Trick(0, clubs, 2, 0),),
        broken=False,
        taken=(0, 0, 0, 0),
        totals=(0, 0, 0, 0),
    )
    view = game.view(0)
    evidence = gather(view)
    assert (3, three) in [(piece.seat, piece.card) for piece in evidence]
    lacking = list(game.hands)
    holding = list(game.hands)
    holding[3] = parse_cards("6D 5H")  # 6D, 3D: the 6D was the Normal card
    assert surprises(evidence, lacking) == 0
    assert surprises(evidence, holding) == 1
    assert weight(evidence, holding, 0.25) == 0.25 < weight(evidence, lacking, 0.25)


def test_hard_without_evidence_is_hard_as_before() -> None:
    """The option at 1 (every world alike) takes no evidence and decides as Hard
    does; with weights the same seed still gives the same decision."""
    game = normal_hand(4, 2, cards=9)
    view, legal = game.view(0), game.legal_actions(0)
    plain = Hard(worlds=12, time_limit=60.0, tree=2)
    alike = Hard(worlds=12, time_limit=60.0, tree=2, evidence=1.0)
    assert repr(plain.choose(view, legal, random.Random(5))) == repr(
        alike.choose(view, legal, random.Random(5))
    )
    weighed = Hard(worlds=12, time_limit=60.0, tree=2, evidence=0.5)
    decisions = {repr(weighed.choose(view, legal, random.Random(5))) for _ in range(2)}
    assert len(decisions) == 1

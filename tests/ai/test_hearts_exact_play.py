"""Hard valuing its cards in each world by the exact search of the rest of the hand
(``exact_cards``): when it does, what it returns, the fall-back past the solver's node
budget, and Hard deciding with it."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.hearts.hard import Hard
from crowsnest.ai.hearts.search import play_value, rollout
from crowsnest.ai.hearts.solver import Position, Solver
from crowsnest.ai.hearts.tree import tree_values
from crowsnest.ai.hearts.worlds import Worlds
from crowsnest.engine import HeartsGame
from crowsnest.engine.cards import bits, parse_card, parse_cards
from crowsnest.engine.rules.hearts import HEARTS
from crowsnest.engine.scoring import score_round
from crowsnest.engine.tricks import Trick


def dealt(seed: int, tricks_left: int) -> HeartsGame:
    """A deal played at random to the start of the trick ``tricks_left`` from the end."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]
    leader = next(s for s in range(4) if hands[s] & 1)
    game = HeartsGame.from_position(
        HEARTS, hands, trick=(), leader=leader, tricks=(), broken=False,
        taken=(0, 0, 0, 0), totals=(0, 0, 0, 0),
    )  # fmt: skip
    for _ in range(4 * (13 - tricks_left)):
        game.play_fast(rng.choice(list(bits(game.legal_mask()))))
    return game


def relative(game: HeartsGame, me: int) -> float:
    points, _moon = score_round(HEARTS, game.taken)
    return points[me] - (sum(points) - points[me]) / 3


def test_past_the_node_budget_a_card_is_played_out_by_the_policies() -> None:
    game = dealt(2, tricks_left=7)
    me = game.turn
    view = game.view(me)
    known = Worlds(view)
    world = known.sample(random.Random(2))
    card = min(bits(game.legal_mask()))
    starved = Solver(HEARTS, me, nodes=1, exact=7)
    assert play_value(view, world, card, None, known, starved) == play_value(
        view, world, card, None, known
    )


@pytest.mark.parametrize("seed", range(4))
def test_a_card_with_few_left_is_valued_exactly_in_each_world(seed: int) -> None:
    game = dealt(seed, tricks_left=3)
    me = game.turn
    view = game.view(me)
    known = Worlds(view)
    world = known.sample(random.Random(seed))
    position = Position(
        (world[0], world[1], world[2], world[3]), (), game.leader, False, game.broken,
        (game.taken[0], game.taken[1], game.taken[2], game.taken[3]),
    )  # fmt: skip
    for card in bits(game.legal_mask()):
        solver = Solver(HEARTS, me, exact=3)
        exact = play_value(view, world, card, None, known, solver)
        assert exact == pytest.approx(Solver(HEARTS, me).value(position, card))
        # Without the solver the card is played out by the policies to the end.
        g = HeartsGame.from_position(
            HEARTS, list(world), trick=(), leader=game.leader, tricks=view.tricks,
            broken=game.broken, taken=game.taken, totals=game.totals,
        )  # fmt: skip
        g.play_fast(card)
        rollout(g, known.played | 1 << card, known.voids[:], me)
        assert play_value(view, world, card, None, known) == pytest.approx(relative(g, me))
    # With more cards than it solves, the card is played out.
    solver = Solver(HEARTS, me, exact=2)
    for card in bits(game.legal_mask()):
        assert play_value(view, world, card, None, known, solver) == play_value(
            view, world, card, None, known
        )


def test_hard_with_exact_endgames_decides_the_same_for_the_same_seed() -> None:
    game = dealt(5, tricks_left=5)
    seat = game.turn
    bot = Hard(worlds=12, time_limit=60.0, exact_cards=4)
    decisions = {
        repr(bot.choose(game.view(seat), game.legal_actions(seat), random.Random(3)))
        for _ in range(3)
    }
    assert len(decisions) == 1


# -- a UCT tree in each world (``tree``) ------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_one_run_a_candidate_is_one_policy_playout_each(seed: int) -> None:
    game = dealt(seed, tricks_left=8)
    me = game.turn
    view = game.view(me)
    known = Worlds(view)
    world = known.sample(random.Random(seed))
    cards = list(bits(game.legal_mask()))
    assert tree_values(view, world, cards, known, 1) == pytest.approx(
        [play_value(view, world, card, None, known) for card in cards]
    )


def test_the_tree_sees_the_others_answer_a_lead() -> None:
    """Seat 0 leads with every hand face up: its KS lets seat 1 drop the queen on
    it whatever the policies guess, the 2D loses to seat 3's diamond. The tree
    finds the lead the others cannot punish."""
    hands = [parse_cards(h) for h in ("KS 2D", "QS 3D", "4D 8C", "5D 6D")]
    rest = [c for c in range(52) if not any(h >> c & 1 for h in hands)]
    # The other cards, earlier tricks led and won by seat 0 (one suit each where it
    # can be: nobody shows a void the hands above would contradict).
    rest.sort()
    tricks = [Trick(0, tuple(rest[i : i + 4]), 0, 0) for i in range(0, len(rest), 4)]
    game = HeartsGame.from_position(
        HEARTS, hands, trick=(), leader=0, tricks=tricks, broken=True,
        taken=(0, 0, 0, 0), totals=(0, 0, 0, 0),
    )  # fmt: skip
    view = game.view(0)
    known = Worlds(view)
    ks, d2 = parse_card("KS"), parse_card("2D")
    values = tree_values(view, hands, [ks, d2], known, 40)
    assert values[0] > values[1]


def test_hard_with_a_tree_decides_the_same_for_the_same_seed() -> None:
    game = dealt(6, tricks_left=9)
    seat = game.turn
    bot = Hard(worlds=6, time_limit=60.0, tree=5)
    decisions = {
        repr(bot.choose(game.view(seat), game.legal_actions(seat), random.Random(3)))
        for _ in range(3)
    }
    assert len(decisions) == 1

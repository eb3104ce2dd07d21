"""RandomBot: only legal actions, reproducible, Choose templates made concrete."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai import RandomBot, concrete, random_cards
from crowsnest.engine import (
    RULESETS,
    AnyGame,
    Bid,
    CardSet,
    Choose,
    Discard,
    PassCards,
    card_text,
    get_rules,
    new_game,
    parse_cards,
)


def play_hands(game: AnyGame, hands: int, rng: random.Random) -> int:
    """Let RandomBots play ``hands`` hands; every decision must pass the engine's check."""
    bot = RandomBot()
    decisions = 0
    while not game.is_over and game.view(None).hand_number < hands:
        seat = min(game.actors)
        legal = game.legal_actions(seat)
        action = bot.choose(game.view(seat), legal, rng)
        assert not isinstance(action, Choose)
        game.check(seat, action)
        game.apply(seat, action)
        decisions += 1
    return decisions


@pytest.mark.parametrize("rules_id", list(RULESETS))
@pytest.mark.parametrize("seed", range(4))
def test_bot_only_returns_legal_actions(rules_id: str, seed: int) -> None:
    game = new_game(rules_id, seed=seed)
    assert play_hands(game, 3, random.Random(seed)) > 0


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest", "rook/dixie"])
def test_bot_finishes_whole_games(rules_id: str) -> None:
    game = new_game(rules_id, seed=11)
    play_hands(game, 10_000, random.Random(11))
    assert game.is_over


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_same_seed_same_decision(rules_id: str) -> None:
    game = new_game(rules_id, seed=5)
    walk = random.Random(5)
    bot = RandomBot()
    for _ in range(60):
        if game.is_over:
            break
        seat = min(game.actors)
        legal = game.legal_actions(seat)
        view = game.view(seat)
        first = bot.choose(view, legal, random.Random(99))
        assert bot.choose(view, legal, random.Random(99)) == first
        game.apply(seat, bot.choose(view, legal, walk))


def test_bot_needs_a_legal_action() -> None:
    view = new_game("hearts", seed=1).view(0)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot().choose(view, [], random.Random(1))


def test_auction_passes_or_bids_the_lowest_amount() -> None:
    game = new_game("rook/crowsnest", seed=3)
    legal = game.legal_actions(0)
    view = game.view(0)
    choices = {RandomBot().choose(view, legal, random.Random(s)) for s in range(200)}
    assert choices == {Bid(None), Bid(70)}
    assert RandomBot(pass_rate=1.0).choose(view, legal, random.Random(1)) == Bid(None)


def test_forced_dealer_bids() -> None:
    view = new_game("rook/crowsnest", seed=3).view(0)
    legal = [Bid(80), Bid(85)]
    assert RandomBot(pass_rate=1.0).choose(view, legal, random.Random(1)) == Bid(80)


def test_random_cards_include_the_required_ones() -> None:
    allowed = parse_cards("R5 R6 R7 Y5 Y6 Y7 G9")
    required = parse_cards("R6 G9")
    choice = Choose("discard", 4, allowed, required)
    seen: set[int] = set()
    for seed in range(50):
        cards = random_cards(choice, random.Random(seed))
        assert choice.admits(cards)
        seen.add(cards)
    assert len(seen) > 1


def test_concrete_builds_the_named_action() -> None:
    cards = parse_cards("2C 3C 4C")
    assert concrete(Choose("pass", 3, cards), cards) == PassCards(cards)
    assert concrete(Choose("discard", 3, cards), cards) == Discard(cards)


def crowsnest_deck() -> list[str]:
    rules = get_rules("rook/crowsnest")
    assert rules.family == "rook"
    return ["CROW", *(f"{c}{n}" for c in "RYGB" for n in rules.numbers)]


def test_discard_with_required_cards_through_the_engine() -> None:
    """Counters may not be discarded and the declarer holds one other card: it must go."""
    hand0 = "R5 R10 R14 Y5 Y10 Y14 G5 G10 G14"
    nest = "B5 B10 B14 CROW R6"
    rest = [c for c in crowsnest_deck() if c not in f"{hand0} {nest}".split()]
    hands = [hand0.split(), rest[0:9], rest[9:18], rest[18:27]]
    game = new_game(
        "rook/crowsnest",
        seed=1,
        options={"discard_counters": False},
        deals=[{"hands": hands, "nest": nest.split()}],
    )
    for seat, text in [(0, "bid 70"), (1, "bid pass"), (2, "bid pass"), (3, "bid pass")]:
        game.apply(seat, text)
    (choice,) = game.legal_actions(0)
    assert isinstance(choice, Choose)
    assert CardSet(choice.required, "rook") == CardSet(parse_cards("R6"), "rook")
    for seed in range(20):
        action = RandomBot().choose(game.view(0), [choice], random.Random(seed))
        assert isinstance(action, Discard)
        assert "R6" in [card_text(c, "rook") for c in CardSet(action.cards, "rook")]
        game.check(0, action)

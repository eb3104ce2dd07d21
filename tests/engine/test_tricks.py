"""engine/tricks.py: the one statement of trick resolution, and the team rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crowsnest.ai import RandomBot
from crowsnest.engine import RULESETS, HeartsGame, RookGame, new_game, parse_card
from crowsnest.engine.cards import CROW, bits, popcount, suit_mask
from crowsnest.engine.rules import RookRules, get_rules, tables
from crowsnest.engine.rules.rook import CROWSNEST, RED_ONE, TOURNAMENT
from crowsnest.engine.scoring import score_hand
from crowsnest.engine.tricks import (
    card_points,
    follow_mask,
    led_suit,
    trick_points,
    trick_tables,
    winning_index,
)

ROOK_IDS = [k for k, r in RULESETS.items() if r.family == "rook"]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_hearts_trick_is_won_by_the_highest_card_of_the_led_suit() -> None:
    t = trick_tables(get_rules("hearts"))
    assert t.winner(cards("5D AS KD 2D")) == 2
    assert t.winner(cards("QS AH KH 2S")) == 0
    assert t.points_of(cards("QS AH KH 2S")) == 15
    assert t.trump == 0 and t.free == 0


def test_hearts_follow_mask_is_the_led_suit_or_nothing_when_void() -> None:
    t = trick_tables(get_rules("hearts"))
    hand = sum(1 << c for c in cards("2C 9C AH"))
    led = t.led(parse_card("KC"))
    assert follow_mask(hand, led) == sum(1 << c for c in cards("2C 9C"))
    assert follow_mask(hand, t.led(parse_card("KS"))) == 0


@pytest.mark.parametrize("place", ["lowest", "highest"])
def test_the_bird_card_is_a_trump_at_its_place(place: str) -> None:
    rules = CROWSNEST if place == "lowest" else TOURNAMENT
    t = trick_tables(rules, 2)  # green is trump
    trick = cards("G5 CROW")
    assert t.winner(trick) == (1 if place == "highest" else 0)
    # Led by the bird, the trick is a trump trick; a side card cannot win it.
    assert t.winner(cards("CROW R14 Y14 B14")) == 0
    # The bird beats every side colour card.
    assert t.winner(cards("R14 CROW")) == 1


def test_the_red_one_is_the_highest_trump_and_the_bird_next() -> None:
    rules = get_rules("rook/red-one")
    for trump in range(4):
        t = trick_tables(rules, trump)
        assert t.trump >> RED_ONE & 1 and t.trump >> CROW & 1
        assert t.winner([CROW, RED_ONE]) == 1
        high = max(bits(t.suits[trump]), key=lambda c: t.power[c])
        assert t.winner([high, CROW]) == 1


def test_one_high_ranks_the_1_above_the_14() -> None:
    t = trick_tables(get_rules("rook/one-high"), 0)
    assert t.winner(cards("Y14 Y1")) == 1
    t = trick_tables(get_rules("rook/tournament"), 0)
    assert t.led(parse_card("R5")) == t.trump


def test_the_bird_card_may_be_played_whatever_was_led() -> None:
    t = trick_tables(CROWSNEST, 0)
    hand = sum(1 << c for c in cards("Y5 G7 CROW"))
    assert follow_mask(hand, t.led(parse_card("Y14")), t.free) == sum(
        1 << c for c in cards("Y5 CROW")
    )
    assert follow_mask(hand, t.led(parse_card("B14")), t.free) == 0


def test_the_led_suit_is_the_trumps_the_printed_suit_or_none() -> None:
    t = tables(CROWSNEST)
    trumps = t.colour_masks[2] | t.specials
    assert led_suit(parse_card("G5"), trumps, t.colour_masks) == trumps
    assert led_suit(CROW, trumps, t.colour_masks) == trumps
    assert led_suit(parse_card("R14"), trumps, t.colour_masks) == t.colour_masks[0]
    assert led_suit(CROW, 0, t.colour_masks) == 0  # no trump named: the bird card leads none
    hearts = tuple(suit_mask(s) for s in range(4))
    assert led_suit(parse_card("QS"), 0, hearts) == suit_mask(3)


def test_a_rook_trick_table_needs_trump() -> None:
    with pytest.raises(ValueError, match="trump"):
        trick_tables(CROWSNEST)


@pytest.mark.parametrize("rules_id", [*ROOK_IDS, "hearts"])
def test_the_engine_resolves_tricks_as_tricks_py_does(rules_id: str) -> None:
    """Random games: every completed trick's winner and points are what tricks.py says."""
    bot, rng = RandomBot(), random.Random(rules_id)
    checked = 0
    for seed in range(3):
        game = new_game(rules_id, seed=seed)
        while not game.is_over and game.hand_number < 2:
            seat = min(game.actors)
            before = len(game.tricks)
            game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
            if len(game.tricks) <= before:
                continue
            done = game.tricks[-1]
            trump = game.trump if isinstance(game, RookGame) else None
            t = trick_tables(game.rules, trump)
            assert (done.leader + t.winner(done.cards)) % 4 == done.winner
            assert t.points_of(done.cards) == done.points
            led = led_suit(done.cards[0], t.trump, t.suits)
            assert winning_index(done.cards, led, t.trump, t.power) == t.winner(done.cards)
            assert trick_points(done.cards, t.points) == done.points
            checked += 1
    assert checked > 20


def test_teams_come_from_the_rules() -> None:
    assert CROWSNEST.teams == ((0, 2), (1, 3))
    assert [CROWSNEST.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    hearts = get_rules("hearts")
    assert hearts.teams == ((0,), (1,), (2,), (3,))
    assert [hearts.team_of(s) for s in range(4)] == [0, 1, 2, 3]


def test_bird_keys_come_from_the_rules() -> None:
    keys = {k: r.bird_key for k, r in RULESETS.items()}
    assert keys == {
        "hearts": None,
        "rook/crowsnest": "crow",
        "rook/tournament": "rook",
        "rook/partnership": None,
        "rook/one-high": "rook",
        "rook/red-one": "rook",
        "rook/buckeye": "rook",
        "rook/dixie": None,
    }
    assert get_rules("rook/crowsnest", {"bird": False}).bird_key is None


def test_score_hand_states_the_scoring_once() -> None:
    # CrowsNest: a made contract scores the bid; the nest goes to the last trick.
    made = score_hand(CROWSNEST, 1, 80, (40, 60), (4, 5), 20, 1)
    assert made.counted == (40, 80) and made.made and made.score == (40, 80)
    assert score_hand(CROWSNEST, 1, 75, (40, 60), (4, 5), 20, 1).score == (40, 75)
    # Set: the declarer loses the bid.
    assert score_hand(CROWSNEST, 0, 100, (90, 10), (5, 4), 20, 1).score == (-100, 30)
    # Tournament: a made contract scores what was captured; the trick bonus of
    # Partnership goes to the team with more tricks, none on a tie.
    assert score_hand(TOURNAMENT, 0, 70, (90, 30), (5, 4), 0, 0).score == (90, 30)
    partnership = RULESETS["rook/partnership"]
    assert isinstance(partnership, RookRules)
    assert score_hand(partnership, 0, 70, (60, 60), (8, 6), 0, 0).counted == (80, 60)
    assert score_hand(partnership, 0, 70, (60, 60), (7, 7), 0, 0).counted == (60, 60)


def _play_out(game: HeartsGame | RookGame, seed: int) -> None:
    bot, rng = RandomBot(), random.Random(seed)
    while not game.is_over:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))


@pytest.mark.parametrize("rules_id", ["rook/crowsnest", "rook/partnership"])
def test_rook_standings_are_the_team_totals_and_contracts(rules_id: str) -> None:
    game = new_game(rules_id, seed=3, options={"target": 200})
    assert isinstance(game, RookGame)
    _play_out(game, 3)
    standings = game.standings()
    assert [s.seat for s in standings] == [0, 1, 2, 3]
    assert game.winner is not None
    for s in standings:
        assert s.team == s.seat % 2
        assert s.score == game.totals[s.seat % 2]
        assert s.won == (game.winner == s.seat % 2)
        mine = [r for r in game.results if r.declarer == s.seat]
        assert s.made == sum(r.made for r in mine) and s.went_set == len(mine) - s.made
    assert sum(s.made + s.went_set for s in standings) == len(game.results)
    assert sum(s.won for s in standings) == 2
    assert all(r.declarer_team == r.declarer % 2 for r in game.results)


def test_hearts_standings_are_the_seat_totals() -> None:
    game = new_game("hearts", seed=5)
    assert isinstance(game, HeartsGame)
    _play_out(game, 5)
    standings = game.standings()
    assert [(s.seat, s.team, s.score) for s in standings] == [
        (seat, seat, game.totals[seat]) for seat in range(4)
    ]
    assert [s.won for s in standings] == [seat == game.winner for seat in range(4)]
    assert all(s.made == s.went_set == 0 for s in standings)


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_card_points_are_the_hand_points_card_by_card(rules_id: str) -> None:
    """Every card's points add up to what the rule set deals out in a hand's tricks:
    Hearts 13 hearts and the queen; Rook the counters (the trick bonus aside)."""
    rules = get_rules(rules_id)
    points = card_points(rules)
    if isinstance(rules, RookRules):
        assert sum(points) == rules.counter_points == rules.points_per_hand - rules.trick_bonus
    else:
        assert sum(points) == 13 * rules.heart_points + rules.queen_points
        assert points[parse_card("QS")] == rules.queen_points


def test_trick_tables_follow_as_the_follow_mask_does() -> None:
    t = trick_tables(get_rules("hearts"))
    hand = sum(1 << c for c in cards("2C KC 5D AS"))
    assert t.follow(hand, t.led(parse_card("QC"))) == sum(1 << c for c in cards("2C KC"))
    assert t.follow(hand, t.led(parse_card("4H"))) == 0  # void: the game's rule decides
    rook = trick_tables(get_rules("rook/crowsnest"), trump=0)  # red trump: the Crow follows it
    held = sum(1 << c for c in cards("R5 CROW G8"))
    assert rook.follow(held, rook.led(parse_card("R9"))) == sum(1 << c for c in cards("R5 CROW"))


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_popcount_is_the_number_of_bits(mask: int) -> None:
    """Every deck's masks (below 2^64) by the table, anything else by ``bit_count``."""
    assert popcount(mask) == mask.bit_count()


@pytest.mark.parametrize("mask", [0, 1, 2**16 - 1, 2**16, 2**52 - 1, 2**57 - 1, 2**64 - 1, 2**64])
def test_popcount_at_the_tables_edges(mask: int) -> None:
    assert popcount(mask) == mask.bit_count()

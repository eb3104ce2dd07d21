"""The Rook family table of ``/work/shared/rules/rook.md``: one test per row, run for
every rule set, plus the options (bird card removed, target, ...) and their errors.

Play, auction and scoring rules are in ``test_rook_auction.py``, ``test_rook_play.py``
and ``test_rook_scoring.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from conftest import (
    act,
    colour_layout,
    legal_texts,
    new_rook,
    refused,
    rook_deal,
    rook_rules,
)

from crowsnest.engine import (
    DEFAULT_RULES,
    RULESETS,
    OptionError,
    RookGame,
    RulesError,
    get_rules,
    new_game,
    option_specs,
)
from crowsnest.engine.cards import CROW, bits, card_list_text, card_text
from crowsnest.engine.rules import tables


@dataclass(frozen=True)
class Row:
    """One column of the rules page's table."""

    numbers: tuple[int, ...]
    bird: bool
    cards: int
    hand: int
    nest: int
    counters: dict[int, int]
    bird_points: int
    points: int
    min_bid: int
    bonus: int
    made_scores: str


FIVE_TO_14 = tuple(range(5, 15))
ONE_TO_14 = tuple(range(1, 15))
CLASSIC = {5: 5, 10: 10, 14: 10}
ONES = {1: 15, 5: 5, 10: 10, 14: 10}

TABLE = {
    "rook/crowsnest": Row(FIVE_TO_14, True, 41, 9, 5, CLASSIC, 20, 120, 70, 0, "bid"),
    "rook/tournament": Row(FIVE_TO_14, True, 41, 9, 5, CLASSIC, 20, 120, 70, 0, "captured"),
    "rook/partnership": Row(ONE_TO_14, False, 56, 14, 0, CLASSIC, 0, 120, 70, 20, "captured"),
    "rook/one-high": Row(ONE_TO_14, True, 57, 13, 5, ONES, 20, 180, 100, 0, "captured"),
    "rook/red-one": Row(FIVE_TO_14, True, 42, 9, 6, CLASSIC, 20, 150, 90, 0, "captured"),
    "rook/buckeye": Row((1, *FIVE_TO_14), True, 45, 10, 5, ONES, 20, 180, 100, 0, "captured"),
    "rook/dixie": Row(
        ONE_TO_14, False, 56, 13, 4, {5: 5, 10: 10, 13: 10}, 0, 120, 70, 20, "captured"
    ),
}
IDS = list(TABLE)
WITH_BIRD = [r for r in IDS if TABLE[r].bird]


def dealt_cards(game: RookGame) -> list[str]:
    return [c for h in game.hands for c in card_list_text(h, "rook")] + card_list_text(
        game.nest, "rook"
    )


def test_the_seven_rule_sets_and_the_default() -> None:
    assert sorted(r for r in RULESETS if r.startswith("rook/")) == sorted(IDS)
    assert DEFAULT_RULES == "rook/crowsnest"
    assert new_game(seed=1).rules.id == "rook/crowsnest"


@pytest.mark.parametrize("rules_id", IDS)
def test_deck_size(rules_id: str) -> None:
    game = new_game(rules_id, seed=2)
    assert isinstance(game, RookGame)
    cards = dealt_cards(game)
    assert len(cards) == len(set(cards)) == TABLE[rules_id].cards
    assert game.rules.deck_size == TABLE[rules_id].cards


@pytest.mark.parametrize("rules_id", IDS)
def test_numbers_in_each_colour(rules_id: str) -> None:
    game = new_game(rules_id, seed=3)
    assert isinstance(game, RookGame)
    cards = dealt_cards(game)
    for letter in "RYGB":
        numbers = sorted(int(c[1:]) for c in cards if c[0] == letter and c != "CROW")
        expected = list(TABLE[rules_id].numbers)
        if rules_id == "rook/red-one" and letter == "R":
            expected = [1, *expected]  # "5-14, plus the red 1"
        assert numbers == expected, letter


@pytest.mark.parametrize("rules_id", IDS)
def test_bird_card_is_in_the_deck_or_not(rules_id: str) -> None:
    game = new_game(rules_id, seed=4)
    assert isinstance(game, RookGame)
    assert ("CROW" in dealt_cards(game)) == TABLE[rules_id].bird


def test_bird_card_is_called_crow_in_crowsnest_and_rook_elsewhere() -> None:
    assert rook_rules("rook/crowsnest").bird_name == "Crow"
    for rules_id in ("rook/tournament", "rook/one-high", "rook/red-one", "rook/buckeye"):
        assert rook_rules(rules_id).bird_name == "Rook"
    assert card_text(CROW, "rook") == "CROW"


@pytest.mark.parametrize("rules_id", IDS)
def test_hand_and_nest_sizes(rules_id: str) -> None:
    row = TABLE[rules_id]
    game = new_game(rules_id, seed=5)
    assert isinstance(game, RookGame)
    view = game.view(0)
    assert view.hand_sizes == (row.hand,) * 4
    assert view.nest_size == row.nest
    assert game.nest.bit_count() == row.nest


@pytest.mark.parametrize("rules_id", IDS)
def test_counters(rules_id: str) -> None:
    row = TABLE[rules_id]
    rules = rook_rules(rules_id)
    points = tables(rules).points
    for card in bits(tables(rules).deck):
        text = card_text(card, "rook")
        if text == "CROW":
            expected = row.bird_points
        elif text == "R1" and rules_id == "rook/red-one":
            expected = 30
        else:
            expected = row.counters.get(int(text[1:]), 0)
        assert points[card] == expected, text


def test_dixie_thirteens_count_ten_and_fourteens_nothing() -> None:
    game = new_rook("rook/dixie", *colour_layout("rook/dixie"))
    points = tables(game.rules).points
    assert [points[c] for c in bits(game.hands[0])][-1] == 10  # R13
    assert all(points[c] == 0 for c in bits(game.nest))  # the four 14s


@pytest.mark.parametrize("rules_id", IDS)
def test_points_in_a_hand(rules_id: str) -> None:
    row = TABLE[rules_id]
    rules = rook_rules(rules_id)
    counted = sum(tables(rules).points[c] for c in bits(tables(rules).deck))
    assert counted + row.bonus == row.points
    assert rules.points_per_hand == row.points
    assert rules.trick_bonus == row.bonus


@pytest.mark.parametrize("rules_id", IDS)
def test_minimum_bid(rules_id: str) -> None:
    row = TABLE[rules_id]
    game = new_game(rules_id, seed=6)
    assert isinstance(game, RookGame)
    assert legal_texts(game, 0)[:2] == ["bid pass", f"bid {row.min_bid}"]
    refused(game, 0, f"bid {row.min_bid - 5}", "bid_too_low")
    act(game, f"bid {row.min_bid}")
    assert game.high_bid == row.min_bid


@pytest.mark.parametrize("rules_id", IDS)
def test_maximum_bid_is_the_points_in_a_hand(rules_id: str) -> None:
    row = TABLE[rules_id]
    game = new_game(rules_id, seed=7)
    assert isinstance(game, RookGame)
    assert legal_texts(game, 0)[-1] == f"bid {row.points}"
    refused(game, 0, f"bid {row.points + 5}", "bid_too_high")


@pytest.mark.parametrize("rules_id", IDS)
def test_made_contract_scores(rules_id: str) -> None:
    assert rook_rules(rules_id).made_scores == TABLE[rules_id].made_scores


# -- the bird card removed ---------------------------------------------------------------------


@pytest.mark.parametrize(("rules_id", "min_bid"), [("rook/crowsnest", 70), ("rook/tournament", 50)])
def test_without_the_bird_card(rules_id: str, min_bid: int) -> None:
    game = new_game(rules_id, options={"bird": False}, seed=8)
    assert isinstance(game, RookGame)
    cards = dealt_cards(game)
    assert len(cards) == 40 and "CROW" not in cards
    assert game.view(0).hand_sizes == (9, 9, 9, 9)
    assert game.nest.bit_count() == 4
    assert game.rules.points_per_hand == 100
    assert legal_texts(game, 0)[1] == f"bid {min_bid}"
    assert legal_texts(game, 0)[-1] == "bid 100"
    refused(game, 0, "bid 105", "bid_too_high")


@pytest.mark.parametrize("rules_id", WITH_BIRD)
def test_only_crowsnest_and_tournament_may_remove_the_bird(rules_id: str) -> None:
    names = {s.name for s in option_specs(rules_id)}
    assert ("bird" in names) == (rules_id in ("rook/crowsnest", "rook/tournament"))
    if "bird" not in names:
        with pytest.raises(OptionError) as info:
            get_rules(rules_id, {"bird": False})
        assert info.value.code == "unknown_option"
        assert "'bird'" in info.value.message


def test_the_bird_option_does_not_exist_without_a_bird() -> None:
    for rules_id in ("rook/partnership", "rook/dixie"):
        with pytest.raises(OptionError) as info:
            new_game(rules_id, options={"bird": True})
        assert info.value.code == "unknown_option"


# -- the other options ---------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", IDS)
def test_option_defaults(rules_id: str) -> None:
    options = rook_rules(rules_id).options()
    assert options["target"] == 300
    assert options["all_pass"] == "redeal"
    assert options["discard_counters"] is True
    assert options["min_bid"] == TABLE[rules_id].min_bid


def test_options_are_kept_in_the_record() -> None:
    options = {"target": 500, "all_pass": "dealer_forced", "discard_counters": False}
    game = new_game("rook/tournament", options=options, seed=9)
    assert game.record()["options"] == {**options, "min_bid": 70, "bird": True}


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(OptionError) as info:
        new_game("rook/euchre")
    assert info.value.code == "unknown_rules"
    assert "'rook/euchre'" in info.value.message


def test_unknown_option_is_refused() -> None:
    with pytest.raises(OptionError) as info:
        new_game("rook/crowsnest", options={"moon": True})
    assert info.value.code == "unknown_option"
    assert "'moon'" in info.value.message


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("target", 7),
        ("target", "300"),
        ("target", True),
        ("all_pass", "shuffle"),
        ("discard_counters", "no"),
        ("bird", 0),
        ("min_bid", 72),
        ("min_bid", 125),
    ],
)
def test_bad_option_value_is_refused(name: str, value: object) -> None:
    with pytest.raises(OptionError) as info:
        new_game("rook/crowsnest", options={name: value})
    assert info.value.code == "bad_option_value"
    assert repr(value) in info.value.message
    assert repr(name) in info.value.message


# -- errors of new_game and of the rules data -------------------------------------------------


def test_bad_seed_is_refused() -> None:
    with pytest.raises(OptionError) as info:
        new_game("rook/crowsnest", seed="7")  # type: ignore[arg-type]
    assert info.value.code == "bad_seed"
    assert "'7'" in info.value.message


def test_bad_start_hand_is_refused() -> None:
    with pytest.raises(OptionError) as info:
        new_game("rook/crowsnest", seed=1, start_hand=-1)
    assert info.value.code == "bad_start_hand"
    assert "-1" in info.value.message


@pytest.mark.parametrize(
    ("deal", "quote"),
    [
        ({"hands": [["R5"]] * 4}, "1 cards"),  # too few cards
        ({"hands": [], "nest": []}, "'hands'"),
        ({"hands": [["2C"] * 9] * 4}, "hand 0: '2C' is not a card of the Rook deck"),
        ({"hands": [["R5"] * 9] * 4}, "hand 0: 'R5' is named twice"),
        ({"hands": [["ZZ"] * 9] * 4}, "hand 0: 'ZZ' is not a card"),
        ({**rook_deal("rook/crowsnest", [None] * 4), "extra": 1}, "'extra'"),
    ],
)
def test_bad_deal_is_refused(deal: dict[str, object], quote: str) -> None:
    with pytest.raises(RulesError) as info:
        new_game("rook/crowsnest", seed=1, deals=[deal])
    assert info.value.code == "bad_deal"
    assert quote in info.value.message


def test_a_card_dealt_twice_is_a_bad_deal() -> None:
    deal = rook_deal("rook/crowsnest", [None] * 4)
    hands = deal["hands"]
    hands[1] = [hands[0][0], *hands[1][1:]]  # seat 0's first card again
    with pytest.raises(RulesError) as info:
        new_game("rook/crowsnest", seed=1, deals=[deal])
    assert info.value.code == "bad_deal"
    assert "dealt twice" in info.value.message


def test_a_card_outside_the_deck_is_a_bad_deal() -> None:
    deal = rook_deal("rook/crowsnest", [None] * 4)
    deal["hands"][0] = ["R1", *deal["hands"][0][1:]]  # no 1s in CrowsNest
    with pytest.raises(RulesError) as info:
        new_game("rook/crowsnest", seed=1, deals=[deal])
    assert info.value.code == "bad_deal"
    assert "R1" in info.value.message


def test_inconsistent_rules_data_is_refused() -> None:
    with pytest.raises(OptionError) as info:
        replace(rook_rules("rook/crowsnest"), nest_size=4)  # 4 x 9 + 4 != 41
    assert info.value.code == "bad_rules"

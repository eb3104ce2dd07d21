"""Rook family: the deal, the auction, the nest, the discard and naming trump
(``/work/shared/rules/rook.md``, "Common skeleton")."""

from __future__ import annotations

import pytest
from conftest import (
    act,
    colour_layout,
    legal_texts,
    new_rook,
    refused,
    rook_deal,
    rook_in_play,
    swap,
)

from crowsnest.engine import Choose, RookGame, new_game
from crowsnest.engine.cards import card_list_text

CN = "rook/crowsnest"
IDS = [
    "rook/crowsnest",
    "rook/tournament",
    "rook/partnership",
    "rook/one-high",
    "rook/red-one",
    "rook/buckeye",
    "rook/dixie",
]
MAX_BID = {
    "rook/crowsnest": 120,
    "rook/tournament": 120,
    "rook/partnership": 120,
    "rook/one-high": 180,
    "rook/red-one": 150,
    "rook/buckeye": 180,
    "rook/dixie": 120,
}
WITH_NEST = [r for r in IDS if r != "rook/partnership"]


def crowsnest() -> RookGame:
    return new_rook(CN, *colour_layout(CN))


def auction(game: RookGame) -> list[list[int | None]]:
    return game.view(None).to_json()["auction"]  # type: ignore[no-any-return]


# -- the deal and the first bidder ---------------------------------------------------------


@pytest.mark.parametrize("rules_id", IDS)
def test_first_dealer_is_seat_3_so_seat_0_bids_first(rules_id: str) -> None:
    game = new_game(rules_id, seed=1)
    assert isinstance(game, RookGame)
    assert game.view(0).dealer == 3
    assert game.phase == "auction"
    assert game.actors == {0}


def test_seeded_deal_gives_the_nest_its_cards_face_down() -> None:
    game = new_game(CN, seed=12)
    assert isinstance(game, RookGame)
    assert game.nest.bit_count() == 5
    for seat in (0, 1, 2, 3, None):
        assert game.view(seat).nest is None
    assert game.record()["deals"][0]["nest"] == card_list_text(game.nest, "rook")


# -- bids ----------------------------------------------------------------------------------


def test_auction_goes_clockwise_from_left_of_the_dealer() -> None:
    game = crowsnest()
    order = []
    for bid in ("bid 70", "bid 75", "bid 80", "bid 85", "bid 90"):
        (seat,) = game.actors
        order.append(seat)
        game.apply(seat, bid)
    assert order == [0, 1, 2, 3, 0]


def test_bid_must_be_a_multiple_of_5() -> None:
    game = crowsnest()
    assert refused(game, 0, "bid 72", "bid_not_multiple").params == {"step": 5}
    assert all(int(t.split()[1]) % 5 == 0 for t in legal_texts(game, 0)[1:])


def test_bid_must_be_at_least_the_minimum() -> None:
    game = crowsnest()
    assert refused(game, 0, "bid 65", "bid_too_low").params == {"minimum": 70}
    refused(game, 0, "bid 0", "bid_too_low")


def test_bid_must_be_higher_than_the_high_bid() -> None:
    game = crowsnest()
    act(game, "bid 80")
    assert refused(game, 1, "bid 80", "bid_too_low").params == {"minimum": 85}
    refused(game, 1, "bid 75", "bid_too_low")
    assert legal_texts(game, 1)[:2] == ["bid pass", "bid 85"]


def test_jump_bids_are_allowed() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid 105")
    assert game.view(2).high_bid == 105 and game.view(2).high_bidder == 1


@pytest.mark.parametrize("rules_id", IDS)
def test_bid_must_be_at_most_the_points_in_a_hand(rules_id: str) -> None:
    game = new_game(rules_id, seed=1)
    assert isinstance(game, RookGame)
    too_high = refused(game, 0, f"bid {MAX_BID[rules_id] + 5}", "bid_too_high")
    assert too_high.params == {"maximum": MAX_BID[rules_id]}


def test_pass_is_final_and_passed_players_are_skipped() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid 75", "bid 80")
    assert game.actors == {0}
    act(game, "bid 85")
    assert game.actors == {2}  # seat 1 passed: skipped
    assert game.legal_actions(1) == []
    refused(game, 1, "bid 90", "not_your_turn")
    act(game, "bid pass", "bid 90")
    assert game.actors == {0}


def test_auction_ends_when_all_but_one_have_passed_with_a_bid() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass")
    assert game.phase == "auction"
    act(game, "bid pass")
    assert game.phase == "discard"
    assert game.view(0).declarer == 0 and game.view(0).bid == 70
    assert game.actors == {0}


def test_the_last_bidder_is_the_declarer() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid 75", "bid pass", "bid pass", "bid 80", "bid 85", "bid pass")
    assert game.view(1).declarer == 1 and game.view(1).bid == 85
    assert auction(game) == [[0, 70], [1, 75], [2, None], [3, None], [0, 80], [1, 85], [0, None]]


def test_a_bid_after_three_passes_ends_the_auction_at_once() -> None:
    game = crowsnest()
    act(game, "bid pass", "bid pass", "bid pass", "bid 70")
    assert game.phase == "discard"
    assert game.view(3).declarer == 3 and game.view(3).bid == 70


@pytest.mark.parametrize("rules_id", IDS)
def test_a_bid_of_the_maximum_ends_the_auction_at_once(rules_id: str) -> None:
    game = new_game(rules_id, seed=1)
    assert isinstance(game, RookGame)
    act(game, "bid pass", f"bid {MAX_BID[rules_id]}")
    assert game.phase == ("trump" if rules_id == "rook/partnership" else "discard")
    assert game.view(1).declarer == 1 and game.view(1).bid == MAX_BID[rules_id]


def test_all_four_passing_redeals_by_the_same_dealer() -> None:
    first = colour_layout(CN)
    second = swap(first, ("R5", "Y5"))
    game = new_rook(CN, *first, more=[rook_deal(CN, *second)])
    act(game, "bid pass", "bid pass", "bid pass", "bid pass")
    assert game.phase == "auction"
    assert game.view(0).dealer == 3 and game.actors == {0}
    assert auction(game) == []
    assert "Y5" in card_list_text(game.hands[0], "rook")  # the second deal
    assert len(game.record()["deals"]) == 2
    assert game.results == []


def test_dealer_forced_dealer_may_not_pass_after_three_passes() -> None:
    game = new_rook(CN, *colour_layout(CN), options={"all_pass": "dealer_forced"})
    act(game, "bid pass", "bid pass", "bid pass")
    assert game.actors == {3}
    assert "bid pass" not in legal_texts(game, 3)
    assert legal_texts(game, 3)[0] == "bid 70"
    refused(game, 3, "bid pass", "dealer_must_bid")
    refused(game, 3, "bid 65", "bid_too_low")
    act(game, "bid 70")
    assert game.view(3).declarer == 3 and game.phase == "discard"


def test_dealer_forced_dealer_may_pass_when_someone_bid() -> None:
    game = new_rook(CN, *colour_layout(CN), options={"all_pass": "dealer_forced"})
    act(game, "bid 70", "bid pass", "bid pass")
    assert "bid pass" in legal_texts(game, 3)
    act(game, "bid pass")
    assert game.view(0).declarer == 0


def test_dealer_forced_others_may_still_pass() -> None:
    game = new_rook(CN, *colour_layout(CN), options={"all_pass": "dealer_forced"})
    act(game, "bid pass", "bid pass")
    assert "bid pass" in legal_texts(game, 2)


# -- the nest and the discard --------------------------------------------------------------


@pytest.mark.parametrize("rules_id", WITH_NEST)
def test_declarer_takes_the_nest_into_hand(rules_id: str) -> None:
    hands, nest = colour_layout(rules_id)
    game = new_rook(rules_id, hands, nest)
    bid = game.rules.min_bid
    act(game, "bid pass", f"bid {bid}", "bid pass")
    events = act(game, "bid pass")
    size = game.rules.hand_size + game.rules.nest_size
    assert game.view(1).hand_sizes[1] == size
    assert set(nest.split()) <= set(card_list_text(game.hands[1], "rook"))
    assert game.view(1).to_json()["nest"] == card_list_text(game.nest, "rook")
    (nest_event,) = [e for e in events if e.type == "nest"]
    assert nest_event.to == 1


def test_only_the_declarer_sees_the_nest() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    assert game.view(0).to_json()["nest"] == ["CROW", "R14", "Y14", "G14", "B14"]
    for seat in (1, 2, 3, None):
        assert game.view(seat).nest is None
        assert "R14" not in str(game.view(seat).to_json())


def test_declarer_discards_as_many_cards_as_the_nest_holds() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    (choose,) = game.legal_actions(0)
    assert str(choose).startswith("discard 5 of ")
    assert refused(game, 0, "discard R5 R6 R7 R8", "wrong_card_count").params == {"count": 5}
    refused(game, 0, "discard R5 R6 R7 R8 R9 R11", "wrong_card_count")
    act(game, "discard R5 R6 R7 R8 R9")
    assert game.view(0).hand_sizes == (9, 9, 9, 9)
    assert game.phase == "trump"


def test_discard_only_cards_you_hold() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "discard R5 R6 R7 R8 Y5", "card_not_in_hand")


def test_discard_may_hold_counters_and_the_bird() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    act(game, "discard R5 R10 R14 Y14 CROW")
    assert game.view(0).to_json()["discards"] == ["CROW", "R5", "R10", "R14", "Y14"]
    assert "CROW" not in card_list_text(game.hands[0], "rook")


def test_discards_are_seen_only_by_the_declarer() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    events = act(game, "discard R5 R6 R7 R8 R9")
    for seat in (1, 2, 3, None):
        assert game.view(seat).discards is None
    assert game.view(0).to_json()["discards"] == ["R5", "R6", "R7", "R8", "R9"]
    for event in events:
        assert event.to == 0 or "R5" not in str(event.to_json())
    assert any(e.to == 0 and "R5" in str(e.to_json()) for e in events)
    act(game, "trump red")
    assert game.view(1).discards is None


@pytest.mark.parametrize("counter", ["R5", "R10", "R14", "CROW"])
def test_discard_counters_false_refuses_a_counter(counter: str) -> None:
    game = new_rook(CN, *colour_layout(CN), options={"discard_counters": False})
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    others = [c for c in ("R6", "R7", "R8", "R9", "R11") if c != counter][:4]
    refused(game, 0, f"discard {' '.join([*others, counter])}", "counter_discard")
    (choose,) = game.legal_actions(0)
    assert str(choose) == "discard 5 of R6 R7 R8 R9 R11 R12 R13"
    act(game, "discard R6 R7 R8 R9 R11")


def test_discard_counters_false_refuses_the_red_one() -> None:
    hands, nest = colour_layout("rook/red-one")  # seat 0: R1 R5..R12
    game = new_rook("rook/red-one", hands, nest, options={"discard_counters": False})
    act(game, "bid 90", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "discard R1 R6 R7 R8 R9 R11", "counter_discard")
    act(game, "discard R6 R7 R8 R9 R11 R12")


def test_discard_counters_false_allows_counters_when_too_few_other_cards() -> None:
    # 14 cards after the nest: 13 counters and R6. R6 must go, with 4 counters.
    hands = ["R5 R10 R14 Y5 Y10 Y14 G5 G10 G14", None, None, None]
    game = new_rook(CN, hands, "B5 B10 B14 CROW R6", options={"discard_counters": False})
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    (choose,) = game.legal_actions(0)
    assert str(choose).endswith(" including R6")
    refused(game, 0, "discard B5 B10 B14 CROW R5", "counter_discard")
    act(game, "discard R6 B5 B10 B14 CROW")
    assert game.phase == "trump"


def test_default_allows_any_discard() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    (choose,) = game.legal_actions(0)
    assert choose == Choose("discard", 5, game.hands[0])


# -- naming trump --------------------------------------------------------------------------


def test_trump_is_named_after_the_discard() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "trump red", "wrong_action")
    act(game, "discard R5 R6 R7 R8 R9")
    assert game.phase == "trump" and game.actors == {0}
    assert legal_texts(game, 0) == ["trump red", "trump yellow", "trump green", "trump black"]
    refused(game, 0, "play R10", "wrong_action")
    act(game, "trump green")
    assert game.view(2).to_json()["trump"] == "green"
    assert game.phase == "play"


def test_only_the_declarer_names_trump() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass", "discard R5 R6 R7 R8 R9")
    refused(game, 1, "trump red", "not_your_turn")


def test_without_a_nest_trump_is_named_right_after_the_auction() -> None:
    game = new_rook("rook/partnership", *colour_layout("rook/partnership"))
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    assert game.phase == "trump" and game.actors == {0}
    assert game.view(0).hand_sizes == (14, 14, 14, 14)
    refused(game, 0, "discard R1", "wrong_action")
    act(game, "trump black")
    assert game.phase == "play"


@pytest.mark.parametrize("declarer", [0, 1, 2, 3])
def test_left_of_the_dealer_leads_the_first_trick_not_the_declarer(declarer: int) -> None:
    game = crowsnest()
    bids = ["bid pass"] * declarer + ["bid 70"] + ["bid pass"] * (3 - declarer)
    act(game, *bids)
    assert game.view(0).declarer == declarer
    act(game, "discard " + " ".join(card_list_text(game.nest, "rook")), "trump red")
    assert game.actors == {0}  # dealer 3: seat 0 leads
    assert game.view(0).leader == 0


# -- phase errors --------------------------------------------------------------------------


def test_wrong_action_in_each_phase() -> None:
    game = crowsnest()
    refused(game, 0, "play R5", "wrong_action")
    refused(game, 0, "discard R5 R6 R7 R8 R9", "wrong_action")
    refused(game, 0, "trump red", "wrong_action")
    refused(game, 0, "pass R5 R6 R7", "wrong_action")
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "bid 75", "wrong_action")
    refused(game, 0, "play R5", "wrong_action")
    game = rook_in_play(CN, *colour_layout(CN))
    refused(game, 0, "bid 75", "wrong_action")
    refused(game, 0, "trump red", "wrong_action")


def test_not_your_turn_in_the_auction() -> None:
    game = crowsnest()
    refused(game, 1, "bid 70", "not_your_turn")
    refused(game, 3, "bid pass", "not_your_turn")


@pytest.mark.parametrize(
    ("text", "quote"),
    [("bid", ""), ("bid seventy", "'bid seventy'"), ("bid -5", "'bid -5'"), ("bid 70 75", "")],
)
def test_malformed_bid(text: str, quote: str) -> None:
    game = crowsnest()
    refused(game, 0, text, "malformed_action", quote=quote)


def test_unknown_trump_colour_is_malformed() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass", "discard R5 R6 R7 R8 R9")
    refused(game, 0, "trump purple", "malformed_action")


def test_unknown_card_in_a_discard() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "discard R5 R6 R7 R8 R15", "unknown_card", quote="'R15'")
    refused(game, 0, "discard R5 R6 R7 R8 2C", "unknown_card", quote="2C")


def test_duplicate_card_in_a_discard() -> None:
    game = crowsnest()
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "discard R5 R6 R7 R8 R8", "duplicate_card", quote="'R8'")


def test_a_card_outside_this_deck_is_unknown() -> None:
    game = new_rook(CN, *colour_layout(CN))
    act(game, "bid 70", "bid pass", "bid pass", "bid pass")
    refused(game, 0, "discard R1 R6 R7 R8 R9", "unknown_card", quote="R1")

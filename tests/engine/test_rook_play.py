"""Rook family: leading, following and winning tricks; the bird card, the red 1 and
the rank of the 1 in each rule set (``/work/shared/rules/rook.md``).

Every test starts from ``colour_layout``: seat 0 holds the low reds, seat 1 the low
yellows, seat 2 the low greens, seat 3 the low blacks, the nest the high cards and
the bird card (CrowsNest: R5..R13 / Y5..Y13 / G5..G13 / B5..B13, nest R14 Y14 G14
B14 CROW), with a few cards swapped. Seat 0 declares, lays the nest back untouched,
names trump, and leads (the dealer is seat 3).
"""

from __future__ import annotations

import pytest
from conftest import Layout, act, colour_layout, legal_texts, refused, rook_in_play, swap

from crowsnest.engine import RookGame, parse_card
from crowsnest.engine.tricks import Trick

CN = "rook/crowsnest"
WITH_BIRD = ["rook/crowsnest", "rook/tournament", "rook/one-high", "rook/red-one", "rook/buckeye"]


def lay(rules_id: str, *pairs: tuple[str, str]) -> Layout:
    return swap(colour_layout(rules_id), *pairs)


def in_play(rules_id: str, layout: Layout, trump: str) -> RookGame:
    return rook_in_play(rules_id, *layout, trump=trump)


def last_trick(game: RookGame) -> Trick:
    return game.tricks[-1]


def cards(*texts: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in texts)


def plays(*texts: str) -> list[str]:
    return [f"play {t}" for t in texts]


# -- leading and following -----------------------------------------------------------------


def test_leader_may_lead_any_card() -> None:
    game = in_play(CN, lay(CN), "yellow")
    assert legal_texts(game, 0) == plays("R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13")


def test_must_follow_the_led_colour() -> None:
    game = in_play(CN, lay(CN, ("Y13", "R14")), "yellow")  # seat 1: R14 and yellows
    act(game, "play R5")
    assert legal_texts(game, 1) == ["play R14"]
    err = refused(game, 1, "play Y5", "must_follow_suit")
    assert "red" in err.message
    assert err.params == {"suit": "red"}  # the client words the reason from this


def test_void_player_may_play_any_card() -> None:
    game = in_play(CN, lay(CN, ("Y13", "R14")), "yellow")
    act(game, "play R5", "play R14")
    assert len(legal_texts(game, 2)) == 9


def test_highest_card_of_the_led_colour_wins_without_trump() -> None:
    game = in_play(CN, lay(CN, ("Y13", "R14")), "yellow")
    act(game, "play R5", "play R14", "play G13", "play B13")
    assert last_trick(game).winner == 1


def test_winner_leads_the_next_trick() -> None:
    game = in_play(CN, lay(CN, ("Y13", "R14")), "yellow")
    act(game, "play R5", "play R14", "play G13", "play B13")
    assert game.actors == {1}
    assert game.view(0).leader == 1


def test_a_trump_beats_the_led_colour() -> None:
    game = in_play(CN, lay(CN), "yellow")
    act(game, "play R13", "play Y5", "play G13", "play B13")
    assert last_trick(game).winner == 1


def test_the_highest_trump_wins() -> None:
    game = in_play(CN, lay(CN, ("B13", "Y13")), "yellow")  # seat 3 holds Y13
    act(game, "play R5", "play Y5", "play G5", "play Y13")
    assert last_trick(game).winner == 3


def test_trump_lead_asks_for_trump() -> None:
    # seat 1 holds G5 and yellows; seat 0 leads G14, trump green
    game = in_play(CN, lay(CN, ("Y5", "G5"), ("R13", "G14")), "green")
    act(game, "play G14")
    assert legal_texts(game, 1) == ["play G5"]
    refused(game, 1, "play Y6", "must_follow_suit")


def test_discarded_cards_are_out_of_play() -> None:
    game = in_play(CN, lay(CN), "red")
    refused(game, 0, "play R14", "card_not_in_hand")  # laid back into the nest
    refused(game, 0, "play CROW", "card_not_in_hand")


def test_not_your_turn_in_play() -> None:
    game = in_play(CN, lay(CN), "red")
    refused(game, 1, "play Y5", "not_your_turn")


def test_unknown_card_in_play() -> None:
    game = in_play(CN, lay(CN), "red")
    refused(game, 0, "play R15", "unknown_card", quote="'R15'")
    refused(game, 0, "play BIRD", "unknown_card", quote="'BIRD'")


# -- the bird card -------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", WITH_BIRD)
def test_bird_as_only_trump_must_be_played_on_a_trump_lead(rules_id: str) -> None:
    game = in_play(rules_id, lay(rules_id, ("CROW", "Y13")), "red")
    act(game, "play R5")  # a red: trump
    assert legal_texts(game, 1) == ["play CROW"]
    err = refused(game, 1, "play Y5", "must_follow_suit")
    assert "trump" in err.message


@pytest.mark.parametrize("rules_id", WITH_BIRD)
def test_bird_may_be_played_even_when_able_to_follow(rules_id: str) -> None:
    hands, nest = colour_layout(rules_id)
    highest_red = hands[0].split()[-1]
    game = in_play(rules_id, swap((hands, nest), ("CROW", "Y13"), (highest_red, "Y14")), "black")
    act(game, "play Y14")
    assert "play CROW" in legal_texts(game, 1)
    assert "play Y5" in legal_texts(game, 1)
    act(game, "play CROW", "play G5", "play B5")  # B5: seat 3 trumps in
    # Against the trump B5 the bird card wins unless it is the lowest trump (CrowsNest).
    assert last_trick(game).winner == (3 if rules_id == CN else 1)


@pytest.mark.parametrize("rules_id", WITH_BIRD)
def test_bird_card_led_is_a_trump_lead(rules_id: str) -> None:
    hands, nest = colour_layout(rules_id)
    highest_red = hands[0].split()[-1]
    layout = swap((hands, nest), ("CROW", highest_red), ("Y13", "G13"))  # seat 1: G13
    game = in_play(rules_id, layout, "green")
    act(game, "play CROW")
    assert legal_texts(game, 1) == ["play G13"]
    act(game, "play G13")
    assert "play Y13" not in legal_texts(game, 2)
    act(game, "play G5")
    assert len(legal_texts(game, 3)) == len(hands[3].split())  # void in trump


def test_crowsnest_crow_is_below_the_trump_five() -> None:
    game = in_play(CN, lay(CN, ("CROW", "Y13")), "red")
    act(game, "play R5", "play CROW", "play G5", "play B5")
    assert last_trick(game).cards == cards("R5", "CROW", "G5", "B5")
    assert last_trick(game).winner == 0


def test_crowsnest_crow_beats_every_non_trump() -> None:
    game = in_play(CN, lay(CN, ("CROW", "Y13")), "yellow")
    act(game, "play R13", "play CROW", "play G13", "play B13")
    assert last_trick(game).winner == 1


def test_crowsnest_crow_led_loses_to_any_trump() -> None:
    game = in_play(CN, lay(CN, ("CROW", "R13")), "yellow")
    act(game, "play CROW", "play Y5", "play G13", "play B13")
    assert last_trick(game).winner == 1


def test_crowsnest_crow_led_wins_when_nobody_else_has_trump() -> None:
    # Seat 0 leads the Crow, trump red; nobody else has a trump: the Crow wins.
    game = in_play(CN, lay(CN, ("CROW", "R13")), "red")
    act(game, "play CROW", "play Y13", "play G13", "play B13")
    assert last_trick(game).winner == 0


@pytest.mark.parametrize(
    ("rules_id", "top"),
    [("rook/tournament", "R14"), ("rook/one-high", "R1"), ("rook/buckeye", "R1")],
)
def test_rook_is_the_highest_trump(rules_id: str, top: str) -> None:
    layout = lay(rules_id, ("CROW", "Y13"))
    if top not in layout[0][0].split():
        layout = swap(layout, (layout[0][0].split()[-1], top))
    game = in_play(rules_id, layout, "red")
    act(game, f"play {top}", "play CROW")
    act(game, legal_texts(game, 2)[0])
    act(game, legal_texts(game, 3)[0])
    assert last_trick(game).winner == 1


# -- the red 1 -----------------------------------------------------------------------------

RED = "rook/red-one"  # seat 0: R1 R5..R12; nest R13 R14 Y14 G14 B14 CROW


def test_red_one_is_above_the_rook() -> None:
    game = in_play(RED, lay(RED, ("CROW", "Y13")), "yellow")
    act(game, "play R1")
    assert "play CROW" in legal_texts(game, 1)
    act(game, "play CROW", "play G5", "play B5")
    assert last_trick(game).winner == 0


def test_red_one_rook_is_second_trump_above_the_trump_14() -> None:
    game = in_play(RED, lay(RED, ("CROW", "Y13"), ("R12", "Y14")), "yellow")
    act(game, "play Y14", "play CROW", "play G5", "play B5")
    assert last_trick(game).winner == 1


def test_red_one_led_is_a_trump_lead_whatever_the_trump() -> None:
    game = in_play(RED, lay(RED), "green")
    act(game, "play R1")
    assert len(legal_texts(game, 1)) == 9  # seat 1 has no green: void in trump
    act(game, "play Y5")
    assert legal_texts(game, 2) == plays("G5", "G6", "G7", "G8", "G9", "G10", "G11", "G12", "G13")
    act(game, "play G13", "play B13")
    assert last_trick(game).winner == 0


def test_red_one_as_only_trump_must_be_played_on_a_trump_lead() -> None:
    game = in_play(RED, lay(RED, ("R1", "Y13"), ("R12", "G14")), "green")
    act(game, "play G14")
    assert legal_texts(game, 1) == ["play R1"]
    act(game, "play R1", "play G5", "play B5")
    assert last_trick(game).winner == 1


def test_red_one_does_not_follow_red_when_red_is_not_trump() -> None:
    game = in_play(RED, lay(RED, ("R1", "Y13"), ("R12", "Y12")), "yellow")  # seat 1: R1 R12
    act(game, "play R5")
    assert legal_texts(game, 1) == ["play R12"]
    refused(game, 1, "play R1", "must_follow_suit")


def test_red_one_holder_without_red_is_void_in_red() -> None:
    game = in_play(RED, lay(RED, ("R1", "Y13")), "green")  # seat 1: R1 and yellows
    act(game, "play R5")
    assert "play R1" in legal_texts(game, 1) and len(legal_texts(game, 1)) == 9
    act(game, "play R1", "play G13", "play B13")
    assert last_trick(game).winner == 1  # the red 1 is trump and beats G13


def test_red_one_may_not_be_played_at_any_time() -> None:
    game = in_play(RED, lay(RED, ("R1", "Y13")), "green")
    act(game, "play Y13")  # seat 1 holds yellows and the red 1
    assert "play R1" not in legal_texts(game, 1)
    refused(game, 1, "play R1", "must_follow_suit")


def test_red_one_follows_red_when_red_is_trump() -> None:
    game = in_play(RED, lay(RED, ("R1", "Y13"), ("R12", "Y12")), "red")  # seat 1: R1 R12
    act(game, "play R5")
    assert legal_texts(game, 1) == ["play R1", "play R12"]


# -- the 1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_id", ["rook/one-high", "rook/buckeye"])
def test_one_ranks_above_the_fourteen(rules_id: str) -> None:
    layout = lay(rules_id, ("R1", "Y13"), ("R13", "R14"))  # seat 1: R1; seat 0: R14
    game = in_play(rules_id, layout, "yellow")
    act(game, "play R14")
    assert legal_texts(game, 1) == ["play R1"]
    act(game, "play R1", "play G5", "play B5")
    assert last_trick(game).winner == 1


@pytest.mark.parametrize("rules_id", ["rook/partnership", "rook/dixie"])
def test_one_is_the_lowest_card(rules_id: str) -> None:
    game = in_play(rules_id, lay(rules_id, ("R2", "Y1")), "yellow")  # seat 1: R2
    act(game, "play R1", "play R2", "play G13", "play B13")
    assert last_trick(game).winner == 1


@pytest.mark.parametrize("rules_id", ["rook/partnership", "rook/dixie"])
def test_fourteen_is_the_highest_card(rules_id: str) -> None:
    hands, nest = colour_layout(rules_id)
    layout = swap((hands, nest), ("R13", "Y13")) if "R14" in hands[0].split() else (hands, nest)
    layout = swap(layout, ("R14", "Y2"))  # seat 1: R14 (or R13 and R14)
    game = in_play(rules_id, layout, "yellow")
    act(game, "play R1")
    act(game, legal_texts(game, 1)[-1])
    act(game, "play G1", "play B13")
    assert last_trick(game).cards[1] == parse_card("R14")
    assert last_trick(game).winner == 1

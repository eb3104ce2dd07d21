"""Rook family: scoring a hand, the nest, trick bonuses, the end of the game and the
dealer's rotation (``/work/shared/rules/rook.md``).

Hands are played out with ``autoplay`` (every seat plays its lowest legal card)
from ``colour_layout`` deals (seat 0 the low reds, seat 1 the low yellows, seat 2
the low greens, seat 3 the low blacks, the nest the rest), or from a written
script; every expected score is worked out in the comments.
"""

from __future__ import annotations

import pytest
from conftest import (
    DealJson,
    act,
    autoplay,
    colour_layout,
    new_rook,
    refused,
    rook_deal,
    rook_in_play,
    swap,
)

from crowsnest.engine import RookGame
from crowsnest.engine.scoring import RookHandResult

CN = "rook/crowsnest"
TR = "rook/tournament"
POINTS = {
    "rook/crowsnest": 120,
    "rook/tournament": 120,
    "rook/partnership": 120,
    "rook/one-high": 180,
    "rook/red-one": 150,
    "rook/buckeye": 180,
    "rook/dixie": 120,
}
MIN_BID = {
    "rook/crowsnest": 70,
    "rook/tournament": 70,
    "rook/partnership": 70,
    "rook/one-high": 100,
    "rook/red-one": 90,
    "rook/buckeye": 100,
    "rook/dixie": 70,
}
TRICKS = {
    "rook/crowsnest": 9,
    "rook/tournament": 9,
    "rook/partnership": 14,
    "rook/one-high": 13,
    "rook/red-one": 9,
    "rook/buckeye": 10,
    "rook/dixie": 13,
}


def played(
    rules_id: str, trump: str, *pairs: tuple[str, str], options: dict[str, object] | None = None
) -> tuple[RookGame, RookHandResult]:
    """Seat 0 declares the minimum on ``colour_layout`` (with ``pairs`` swapped), lays
    the nest back as dealt, names ``trump``; the hand is played lowest card first."""
    layout = swap(colour_layout(rules_id, options), *pairs)
    game = rook_in_play(rules_id, *layout, trump=trump, options=options)
    autoplay(game)
    return game, game.results[0]


def script(leader_cards: list[list[str]]) -> list[str]:
    return [f"play {c}" for trick in leader_cards for c in trick]


# -- made and set ----------------------------------------------------------------------------


def test_crowsnest_made_contract_scores_the_bid() -> None:
    # Trump red: seat 0 holds every red, nobody else any trump; seat 0 leads R5..R13
    # and wins all 9 tricks: counters 120 (nest 60 included). Made 70: scores 70.
    game, result = played(CN, "red")
    assert result.tricks_won == (9, 0)
    assert result.counted == (120, 0)
    assert result.made
    assert result.score == (70, 0)
    assert game.scores == (70, 0)


@pytest.mark.parametrize("rules_id", [r for r in POINTS if r != CN])
def test_made_contract_scores_the_points_captured(rules_id: str) -> None:
    # The same sweep in every other rule set: all the points, bonus included.
    _game, result = played(rules_id, "red")
    assert result.tricks_won == (TRICKS[rules_id], 0)
    assert result.counted == (POINTS[rules_id], 0)
    assert result.made
    assert result.score == (POINTS[rules_id], 0)


# Trump yellow (seat 1's colour): seat 1 trumps seat 0's first lead and wins every
# trick after it. The Red 1: seat 0 leads the red 1 (trump) first and wins that
# trick: R1 30 + Y5 G5 B5 = 45, the defenders the other 105.
SET_CASES = {
    "rook/crowsnest": ((0, 120), (0, 9)),
    "rook/tournament": ((0, 120), (0, 9)),
    "rook/partnership": ((0, 120), (0, 14)),
    "rook/one-high": ((0, 180), (0, 13)),
    "rook/red-one": ((45, 105), (1, 8)),
    "rook/buckeye": ((0, 180), (0, 10)),
    "rook/dixie": ((0, 120), (0, 13)),
}


@pytest.mark.parametrize("rules_id", list(SET_CASES))
def test_set_contract_loses_the_bid_and_defenders_score_what_they_took(rules_id: str) -> None:
    counted, tricks = SET_CASES[rules_id]
    game, result = played(rules_id, "yellow")
    assert result.tricks_won == tricks
    assert result.counted == counted
    assert not result.made
    assert result.score == (-MIN_BID[rules_id], counted[1])
    assert game.scores == (-MIN_BID[rules_id], counted[1])  # totals go negative


def test_set_declarer_scores_minus_the_bid_not_what_it_took() -> None:
    # R5 <-> Y5: seat 0 holds R6..R13 Y5, seat 1 R5 Y6..Y13. Trump red.
    # T1 R6 R5 G5 B5 -> seat 0 (15); T2..T8 R7..R13 against Y6.., G6.., B6..:
    # seat 0 takes G10 B10 Y10 (T6, 30) and R10 (T5, 10); T9 Y5 Y13 G13 B13 -> seat 1
    # (Y5: 5) and the nest (60) with the last trick. We 15+10+30 = 55, They 65.
    _game, result = played(CN, "red", ("R5", "Y5"))
    assert result.counted == (55, 65)
    assert not result.made
    assert result.score == (-70, 65)


def test_defenders_score_what_they_took_when_the_contract_is_made() -> None:
    # R13 <-> Y5: seat 1 holds R13 Y6..Y13. Trump red.
    # T1 R5 R13 G5 B5 -> seat 1 (15); T2 Y6 G6 B6 Y5 -> seat 1 (5);
    # T3 Y7 G7 B7 R6 -> seat 0 trumps; T4..T9 seat 0 leads R7..R12: T6 R9 Y10 G10 B10
    # (30), T7 R10 (10); last trick and nest (60) to seat 0. We 100, They 20.
    _, result = played(CN, "red", ("R13", "Y5"))
    assert result.tricks_won == (7, 2)
    assert result.counted == (100, 20)
    assert result.made
    assert result.score == (70, 20)  # CrowsNest: the bid
    _, result = played(TR, "red", ("R13", "Y5"))
    assert result.score == (100, 20)  # Tournament: the points


# -- the nest --------------------------------------------------------------------------------


def test_nest_counters_go_to_the_team_taking_the_last_trick() -> None:
    # As in test_set_declarer_scores_minus_the_bid_not_what_it_took: seat 1 takes
    # only the last trick, and with it the nest R14 Y14 G14 B14 CROW = 60.
    _, result = played(CN, "red", ("R5", "Y5"))
    assert result.last_trick_team == 1
    assert result.nest_points == 60
    assert result.counted[1] == 5 + 60


def test_nest_counters_go_to_the_declarer_taking_the_last_trick() -> None:
    _, result = played(CN, "red")
    assert result.last_trick_team == 0
    assert result.nest_points == 60


def test_nest_holds_the_declarers_discards_not_the_dealt_nest() -> None:
    # Seat 0 picks up R14 Y14 G14 B14 CROW and lays back R5..R9 (R5: 5 points);
    # it keeps the 14s and the Crow and wins every trick: 120 in all.
    game = new_rook(CN, *colour_layout(CN))
    act(game, "bid 70", "bid pass", "bid pass", "bid pass", "discard R5 R6 R7 R8 R9")
    act(game, "trump red")
    autoplay(game)
    (result,) = game.results
    assert result.nest_points == 5
    assert result.counted == (120, 0)


def test_discards_are_not_a_trick() -> None:
    _game, result = played(CN, "red", ("R5", "Y5"))
    assert result.tricks_won == (8, 1)
    assert sum(result.tricks_won) == 9


# -- trick bonuses ---------------------------------------------------------------------------

# Partnership, trump red. Seat 0 leads its 8 (or 7) reds from the top: seat 3
# follows with its low reds, then discards low blacks; seats 1 and 2 discard. Then
# seat 0 leads Y1 and seat 1 runs its yellows: We win the first tricks, They the rest.
PARTNERSHIP_8_6 = [
    "R7 R8 R9 R10 R11 R12 R13 R14 Y1 Y2 Y3 Y4 Y5 Y6",
    "Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14 G1 G2 G3 G4 G5 G6",
    "G7 G8 G9 G10 G11 G12 G13 G14 B1 B2 B3 B4 B5 B6",
    "B7 B8 B9 B10 B11 B12 B13 B14 R1 R2 R3 R4 R5 R6",
]
PARTNERSHIP_8_6_PLAY = [
    ["R14", "G1", "B1", "R1"],
    ["R13", "G2", "B2", "R2"],
    ["R12", "G3", "B3", "R3"],
    ["R11", "G4", "B4", "R4"],
    ["R10", "G5", "B5", "R5"],
    ["R9", "G6", "B6", "R6"],
    ["R8", "Y7", "G7", "B7"],
    ["R7", "Y8", "G8", "B8"],  # We: 8 tricks, R14 R10 G5 B5 R5 = 35
    ["Y1", "Y9", "G9", "B9"],  # seat 1 wins and leads on
    ["Y10", "G10", "B10", "Y2"],
    ["Y11", "G11", "B11", "Y3"],
    ["Y12", "G12", "B12", "Y4"],
    ["Y13", "G13", "B13", "Y5"],
    ["Y14", "G14", "B14", "Y6"],  # They: 6 tricks, Y10 Y14 G10 G14 B10 B14 Y5 = 65
]
PARTNERSHIP_7_7 = [
    "R8 R9 R10 R11 R12 R13 R14 Y1 Y2 Y3 Y4 Y5 Y6 Y7",
    "Y8 Y9 Y10 Y11 Y12 Y13 Y14 G1 G2 G3 G4 G5 G6 G7",
    "G8 G9 G10 G11 G12 G13 G14 B1 B2 B3 B4 B5 B6 B7",
    "B8 B9 B10 B11 B12 B13 B14 R1 R2 R3 R4 R5 R6 R7",
]
PARTNERSHIP_7_7_PLAY = [
    ["R14", "G1", "B1", "R1"],
    ["R13", "G2", "B2", "R2"],
    ["R12", "G3", "B3", "R3"],
    ["R11", "G4", "B4", "R4"],
    ["R10", "G5", "B5", "R5"],
    ["R9", "G6", "B6", "R6"],
    ["R8", "G7", "B7", "R7"],  # We: 7 tricks, R14 R10 G5 B5 R5 = 35
    ["Y1", "Y8", "G8", "B8"],
    ["Y9", "G9", "B9", "Y2"],
    ["Y10", "G10", "B10", "Y3"],
    ["Y11", "G11", "B11", "Y4"],
    ["Y12", "G12", "B12", "Y5"],
    ["Y13", "G13", "B13", "Y6"],
    ["Y14", "G14", "B14", "Y7"],  # They: 7 tricks, Y5 Y10 Y14 G10 G14 B10 B14 = 65
]


def partnership(hands: list[str], play: list[list[str]]) -> RookHandResult:
    game = new_rook("rook/partnership", hands)
    act(game, "bid 70", "bid pass", "bid pass", "bid pass", "trump red", *script(play))
    (result,) = game.results
    return result


def test_partnership_bonus_20_to_the_team_taking_most_tricks() -> None:
    result = partnership(PARTNERSHIP_8_6, PARTNERSHIP_8_6_PLAY)
    assert result.tricks_won == (8, 6)
    assert result.counted == (35 + 20, 65)
    assert result.score == (-70, 65)  # 55 < 70: set


def test_partnership_no_bonus_on_a_7_7_split() -> None:
    result = partnership(PARTNERSHIP_7_7, PARTNERSHIP_7_7_PLAY)
    assert result.tricks_won == (7, 7)
    assert result.counted == (35, 65)
    assert sum(result.counted) == 100


def test_dixie_bonus_20_to_the_team_taking_more_tricks() -> None:
    # Nest R4 R5 R6 R7 (R5: 5) laid back. Trump red. Seat 0 runs R14..R8 (7 tricks:
    # R13 10 + R10 10 + G5 5 + B5 5 = 30, the 14s score nothing in Dixie), then leads
    # Y1 and seat 1 runs its yellows (6 tricks: Y5 Y10 Y13 G10 G13 B10 B13 = 65,
    # plus the nest with the last trick, 5). We 30 + 20 bonus = 50, They 70.
    hands = [
        "R8 R9 R10 R11 R12 R13 R14 Y1 Y2 Y3 Y4 Y5 Y6",
        "Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14 G1 G2 G3 G4 G5",
        "G6 G7 G8 G9 G10 G11 G12 G13 G14 B1 B2 B3 B4",
        "B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 R1 R2 R3",
    ]
    play = [
        ["R14", "G1", "B1", "R1"],
        ["R13", "G2", "B2", "R2"],
        ["R12", "G3", "B3", "R3"],
        ["R11", "G4", "B4", "B5"],
        ["R10", "G5", "G6", "B6"],
        ["R9", "Y7", "G7", "B7"],
        ["R8", "Y8", "G8", "B8"],
        ["Y1", "Y9", "G9", "B9"],
        ["Y10", "G10", "B10", "Y2"],
        ["Y11", "G11", "B11", "Y3"],
        ["Y12", "G12", "B12", "Y4"],
        ["Y13", "G13", "B13", "Y5"],
        ["Y14", "G14", "B14", "Y6"],
    ]
    game = new_rook("rook/dixie", hands, "R4 R5 R6 R7")
    act(game, "bid 70", "bid pass", "bid pass", "bid pass", "discard R4 R5 R6 R7", "trump red")
    act(game, *script(play))
    (result,) = game.results
    assert result.tricks_won == (7, 6)
    assert result.nest_points == 5 and result.last_trick_team == 1
    assert result.counted == (50, 70)
    assert result.score == (-70, 70)


@pytest.mark.parametrize("rules_id", ["rook/crowsnest", "rook/tournament", "rook/one-high"])
def test_no_trick_bonus_where_the_table_has_none(rules_id: str) -> None:
    _, result = played(rules_id, "red")
    assert result.counted == (POINTS[rules_id], 0)  # every counter, nothing more


# -- end of the game and the dealer ----------------------------------------------------------


def sweep_deals(rules_id: str, count: int, first: int = 0) -> list[DealJson]:
    """Deals where the first bidder of hand k (seat first + k) holds the low reds:
    ``autoplay`` bids the minimum for it, lays back CROW R5 R6 R7 R8 (25), names
    red and wins every trick: all 120 points for its team."""
    return [
        rook_deal(rules_id, *colour_layout(rules_id, first=(first + k) % 4)) for k in range(count)
    ]


def test_dealer_rotates_to_the_left_and_the_next_seat_bids_and_leads() -> None:
    deals = sweep_deals(TR, 4)
    game = new_rook(TR, *colour_layout(TR), more=deals[1:])
    dealers = []
    for hand in range(4):
        dealers.append(game.view(0).dealer)
        assert game.actors == {(dealers[-1] + 1) % 4}  # first to bid
        act(game, f"bid {MIN_BID[TR]}", "bid pass", "bid pass", "bid pass")
        act(game, "discard CROW R5 R6 R7 R8", "trump red")
        assert game.actors == {(dealers[-1] + 1) % 4}  # first to lead
        autoplay(game)
        assert len(game.results) == hand + 1
    assert dealers == [3, 0, 1, 2]


def test_game_ends_when_a_team_reaches_300() -> None:
    # Tournament: each hand the first bidder's team takes all 120.
    # Totals: 120-0, 120-120, 240-120, 240-240, 360-240: over after hand 5.
    game = new_rook(TR, *colour_layout(TR), more=sweep_deals(TR, 5)[1:])
    for totals in [(120, 0), (120, 120), (240, 120), (240, 240)]:
        autoplay(game)
        assert game.scores == totals
        assert not game.is_over
    autoplay(game)
    assert game.scores == (360, 240)
    assert game.is_over and game.winner == 0
    assert game.view(1).winner == 0
    assert game.actors == frozenset()


def test_target_option() -> None:
    game = new_rook(TR, *colour_layout(TR), options={"target": 100})
    autoplay(game)
    assert game.scores == (120, 0)
    assert game.is_over and game.winner == 0


def test_crowsnest_game_to_300_takes_the_bids() -> None:
    # CrowsNest scores the bid: 70 a hand. We make hands 1, 3, 5, 7, 9: 350.
    game = new_rook(CN, *colour_layout(CN), more=sweep_deals(CN, 9)[1:])
    autoplay(game, hands=8)
    assert game.scores == (280, 280) and not game.is_over
    autoplay(game)
    assert game.scores == (350, 280)
    assert game.is_over and game.winner == 0


def test_both_teams_over_the_target_the_higher_total_wins() -> None:
    # R5 <-> Y5, minimum bid 50, target 50: seat 0 bids 50 and makes it with 55
    # (CrowsNest scores 50); They take 65 (nest included). Both >= 50: They win.
    options: dict[str, object] = {"min_bid": 50, "target": 50}
    game, result = played(CN, "red", ("R5", "Y5"), options=options)
    assert result.made and result.score == (50, 65)
    assert game.is_over
    assert game.winner == 1


def test_equal_totals_over_the_target_play_another_hand() -> None:
    # Tournament, R5 <-> Y6, minimum bid 50, target 50. Trump red.
    # T1 R6 R5 G5 B5 -> We 15; T2 R7 Y5 G6 B6 -> We 5; T5 R10 (10); T6 R11 Y10 G10 B10
    # (30); T9 Y6 Y13 G13 B13 -> They, 0, and the nest 60. 60-60, made: both 60.
    options: dict[str, object] = {"min_bid": 50, "target": 50}
    layout = swap(colour_layout(TR), ("R5", "Y6"))
    sweep_for_they = rook_deal(TR, *colour_layout(TR, first=1))
    game = new_rook(TR, *layout, options=options, more=[sweep_for_they])
    act(game, "bid 50", "bid pass", "bid pass", "bid pass")
    act(game, "discard " + " ".join(layout[1].split()), "trump red")
    autoplay(game)
    assert game.results[0].counted == (60, 60)
    assert game.scores == (60, 60)
    assert not game.is_over  # sudden death
    assert game.view(0).dealer == 0 and game.phase == "auction"
    autoplay(game)  # seat 1 bids, sweeps: They +120
    assert game.scores == (60, 180)
    assert game.is_over and game.winner == 1


def test_game_over_refuses_every_action() -> None:
    game = new_rook(TR, *colour_layout(TR), options={"target": 100})
    autoplay(game)
    assert game.is_over
    refused(game, 0, "bid 70", "game_over")
    refused(game, 1, "play Y5", "game_over")


def test_hand_result_is_public() -> None:
    game, _result = played(CN, "red", ("R5", "Y5"))
    for seat in (0, 1, 2, 3, None):
        (shown,) = game.view(seat).to_json()["results"]
        assert shown["score"] == [-70, 65]
        assert shown["nest_points"] == 60

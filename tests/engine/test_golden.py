"""Golden games: one complete hand of every rule set, dealt by hand, played from a
script, scored by hand in the comments and asserted exactly.

Rook: seats 0 and 2 are We, 1 and 3 They; the first dealer is seat 3, so seat 0
bids first and leads the first trick. Tricks are written leader first, with the
seat that wins and the points in it. Each game is then replayed from its record
(through JSON) and must give the same views.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import act, legal_texts, snapshot

from crowsnest.engine import HeartsGame, RecordError, RookGame, new_game, replay
from crowsnest.engine.tricks import Trick

TrickScript = list[tuple[str, int, int]]
"""(cards in play order from the leader, winning seat, points in the trick)."""


def play_tricks(game: HeartsGame | RookGame, script: TrickScript) -> list[Trick]:
    """Play the script; check every trick's winner and points; return the tricks."""
    tricks = game.tricks  # this hand's list (a new hand starts a new one)
    start = len(tricks)
    for number, (cards, winner, points) in enumerate(script, start=start + 1):
        act(game, *(f"play {c}" for c in cards.split()))
        done = tricks[number - 1]
        assert (number, done.winner, done.points) == (number, winner, points)
    assert len(tricks) == start + len(script)
    return tricks


def replays_identically(game: HeartsGame | RookGame) -> None:
    record = json.loads(json.dumps(game.record()))
    again = replay(record)
    assert snapshot(again) == snapshot(game)


def rook(rules_id: str, hands: list[str], nest: str = "") -> RookGame:
    deal: dict[str, list[str] | list[list[str]]] = {"hands": [h.split() for h in hands]}
    if nest:
        deal["nest"] = nest.split()
    game = new_game(rules_id, seed=2024, deals=[deal])
    assert isinstance(game, RookGame)
    return game


# -- Hearts ------------------------------------------------------------------------------------


def test_golden_hearts() -> None:
    # Dealt one suit each: seat 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    # Round 1 passes left: each passes its Q K A to the next seat, so
    #   seat 0: 2C..JC + QS KS AS    seat 1: 2D..JD + QC KC AC
    #   seat 2: 2H..JH + QD KD AD    seat 3: 2S..JS + QH KH AH
    suits = ["C", "D", "H", "S"]
    hands = [[r + s for r in "23456789TJQKA"] for s in suits]
    game = new_game("hearts", seed=2024, deals=[{"hands": hands}])
    assert isinstance(game, HeartsGame)
    for seat, s in enumerate(suits):
        game.apply(seat, f"pass Q{s} K{s} A{s}")
    assert game.actors == {0}  # seat 0 kept the 2C
    script: TrickScript = [
        # T1: seat 1 takes it with AC; the voids may not shed points on trick 1.
        ("2C AC AD JS", 1, 0),
        # T2, T3: seat 1 leads its clubs; seats 2 and 3, void, shed hearts (broken).
        ("KC JH AH 3C", 1, 2),  # JH AH
        ("QC TH KH 4C", 1, 2),  # TH KH
        # T4: seat 2 wins the diamond lead with KD; seat 3 sheds QH, seat 0 the QS.
        ("2D KD QH QS", 2, 14),  # QH 1 + QS 13
        ("QD TS KS JD", 2, 0),
        # T6..T13: seat 2 runs 2H..9H; nobody else has a heart.
        ("2H 9S AS 3D", 2, 1),
        ("3H 8S JC 4D", 2, 1),
        ("4H 7S TC 5D", 2, 1),
        ("5H 6S 9C 6D", 2, 1),
        ("6H 5S 8C 7D", 2, 1),
        ("7H 4S 7C 8D", 2, 1),
        ("8H 3S 6C 9D", 2, 1),
        ("9H 2S 5C TD", 2, 1),
    ]
    play_tricks(game, script)
    # Seat 1: 2 + 2 = 4. Seat 2: 14 + 8 hearts = 22. Seats 0 and 3: 0. 4 + 22 = 26.
    (result,) = game.results
    assert result.points == (0, 4, 22, 0)
    assert result.moon is None
    assert game.scores == (0, 4, 22, 0)
    assert game.hand_number == 1 and game.view(0).pass_direction == "right"
    replays_identically(game)


# -- CrowsNest and Tournament Rook (the same deal) -------------------------------------------------

TOURNAMENT_DEAL = [
    "R9 R10 R11 R12 R13 R14 Y14 G5 B6",
    "Y5 Y6 Y7 Y8 Y9 Y10 Y11 CROW R5",
    "G6 G7 G8 G9 G10 G11 G12 G13 G14",
    "B5 B7 B8 B9 B10 B11 B12 B13 B14",
]
TOURNAMENT_NEST = "R6 R7 R8 Y12 Y13"
# Seat 0 wins the auction at 80, picks up R6 R7 R8 Y12 Y13 and lays back
# R6 R7 Y12 Y13 G5 (G5: 5 points in the nest), keeping R8..R14 Y14 B6. Trump red.
TOURNAMENT_SETUP = [
    "bid 70",
    "bid 75",
    "bid pass",
    "bid pass",
    "bid 80",
    "bid pass",
    "discard R6 R7 Y12 Y13 G5",
    "trump red",
]


def test_golden_crowsnest() -> None:
    game = rook("rook/crowsnest", TOURNAMENT_DEAL, TOURNAMENT_NEST)
    act(game, *TOURNAMENT_SETUP)
    assert game.view(0).declarer == 0 and game.view(0).bid == 80
    script: TrickScript = [
        ("R14 R5 G6 B5", 0, 20),  # R14 10 + R5 5 + B5 5
        ("R13 CROW G7 B7", 0, 20),  # the Crow, seat 1's only trump, is forced and
        #                             loses: it is the lowest trump. CROW 20
        ("Y14 Y6 G8 B8", 0, 10),  # Y14
        ("B6 Y5 G9 B14", 3, 15),  # seat 3 wins with B14; seat 1 feeds Y5: 10 + 5
        ("B13 R8 Y7 G10", 0, 10),  # seat 0 trumps; seat 2 feeds G10
        ("R9 Y8 G11 B9", 0, 0),
        ("R10 Y9 G12 B10", 0, 20),  # R10 + B10
        ("R11 Y10 G13 B11", 0, 10),  # Y10
        ("R12 Y11 G14 B12", 0, 10),  # G14; last trick: the nest's G5 to We
    ]
    play_tricks(game, script)
    # We: 20 + 20 + 10 + 10 + 0 + 20 + 10 + 10 = 100 in tricks + nest 5 = 105.
    # They: 15. 105 + 15 = 120. Made 80 (105 >= 80): CrowsNest scores the bid, 80.
    (result,) = game.results
    assert result.tricks_won == (8, 1)
    assert result.nest_points == 5 and result.last_trick_team == 0
    assert result.counted == (105, 15)
    assert result.made
    assert result.score == (80, 15)
    assert game.scores == (80, 15)
    assert game.view(0).dealer == 0 and game.actors == {1}  # next hand
    replays_identically(game)


def test_golden_tournament() -> None:
    game = rook("rook/tournament", TOURNAMENT_DEAL, TOURNAMENT_NEST)
    act(game, *TOURNAMENT_SETUP)
    script: TrickScript = [
        ("R14 R5 G6 B5", 0, 20),  # R14 10 + R5 5 + B5 5
        ("R13 CROW G7 B7", 1, 20),  # the Rook is the highest trump: seat 1, 20
        ("Y11 G8 B8 Y14", 0, 10),  # seat 1 leads Y11; seat 0 follows with Y14
        ("B6 Y5 G9 B14", 3, 15),  # B14 10 + Y5 5
        ("B13 R8 Y6 G10", 0, 10),  # seat 0 trumps; G10
        ("R9 Y7 G11 B9", 0, 0),
        ("R10 Y8 G12 B10", 0, 20),  # R10 + B10
        ("R11 Y9 G13 B11", 0, 0),
        ("R12 Y10 G14 B12", 0, 20),  # Y10 + G14; last trick: the nest's G5 to We
    ]
    play_tricks(game, script)
    # We: 20 + 10 + 10 + 0 + 20 + 0 + 20 = 80 in tricks + nest 5 = 85. They: 20 + 15
    # = 35. 85 + 35 = 120. Made 80 (85 >= 80): Tournament scores the points, 85.
    (result,) = game.results
    assert result.tricks_won == (7, 2)
    assert result.counted == (85, 35)
    assert result.made
    assert result.score == (85, 35)
    assert game.scores == (85, 35)
    replays_identically(game)


# -- Partnership Rook ----------------------------------------------------------------------------


def test_golden_partnership() -> None:
    hands = [
        "R7 R8 R9 R10 R11 R12 R13 R14 Y1 Y2 Y3 Y4 Y5 Y6",
        "Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14 G1 G2 G3 G4 G5 G6",
        "G7 G8 G9 G10 G11 G12 G13 G14 B1 B2 B3 B4 B5 B6",
        "B7 B8 B9 B10 B11 B12 B13 B14 R1 R2 R3 R4 R5 R6",
    ]
    game = rook("rook/partnership", hands)
    # No nest: seat 0 jumps to 75, the others pass, and seat 0 names red at once.
    act(game, "bid 75", "bid pass", "bid pass", "bid pass")
    assert game.phase == "trump"
    act(game, "trump red")
    script: TrickScript = [
        # Seat 0 runs its eight trumps; seat 3 follows with R1..R6, then sheds.
        ("R14 G1 B1 R1", 0, 10),  # R14
        ("R13 G2 B2 R2", 0, 0),
        ("R12 G3 B3 R3", 0, 0),
        ("R11 G4 B4 R4", 0, 0),
        ("R10 G5 B5 R5", 0, 25),  # R10 10 + G5 5 + B5 5 + R5 5
        ("R9 G6 B6 R6", 0, 0),
        ("R8 Y7 G10 B7", 0, 10),  # seat 2 feeds G10
        ("R7 Y8 G14 B8", 0, 10),  # and G14
        # Seat 0 leads its yellows: seat 1 wins them all.
        ("Y1 Y9 G7 B9", 1, 0),
        ("Y10 G8 B10 Y2", 1, 20),  # Y10 + B10
        ("Y11 G9 B11 Y3", 1, 0),
        ("Y12 G11 B12 Y4", 1, 0),
        ("Y13 G12 B13 Y5", 1, 5),  # Y5
        ("Y14 G13 B14 Y6", 1, 20),  # Y14 + B14
    ]
    play_tricks(game, script)
    # We: 10 + 25 + 10 + 10 = 55 in 8 tricks; most tricks (8-6): +20 = 75.
    # They: 20 + 5 + 20 = 45. 75 + 45 = 120. Made 75 exactly (75 >= 75), thanks to
    # the bonus: We score the points, 75.
    (result,) = game.results
    assert result.tricks_won == (8, 6)
    assert result.nest_points == 0
    assert result.counted == (75, 45)
    assert result.made
    assert result.score == (75, 45)
    replays_identically(game)


# -- 1-High Partnership --------------------------------------------------------------------------


def test_golden_one_high() -> None:
    hands = [
        "R1 R9 R10 R11 R12 R13 R14 Y1 Y2 G1 G2 B1 B2",
        "R2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14",
        "R3 G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13 G14",
        "R4 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14",
    ]
    game = rook("rook/one-high", hands, "R5 R6 R7 R8 CROW")
    act(game, "bid 100", "bid 105", "bid pass", "bid 110", "bid 120", "bid pass", "bid pass")
    assert game.view(0).declarer == 0 and game.view(0).bid == 120
    # Seat 0 takes R5 R6 R7 R8 CROW, lays back G2 B2 R6 R7 R8 (no points), keeps
    # CROW R1 R5 R9..R14 Y1 Y2 G1 B1, and names red.
    act(game, "discard G2 B2 R6 R7 R8", "trump red")
    script: TrickScript = [
        ("CROW R2 R3 R4", 0, 20),  # the Rook led draws every other trump
        ("R1 Y3 G14 B3", 0, 25),  # R1 15 (the 1 is the highest red) + G14 10
        ("Y1 Y4 G13 B4", 0, 15),  # Y1 15 beats Y4
        ("G1 Y6 G10 B6", 0, 25),  # G1 15 + G10 10
        ("B1 Y7 G5 B7", 0, 20),  # B1 15 + G5 5
        ("Y2 Y14 G3 B14", 1, 20),  # seat 0's loser: Y14 10 + B14 10 to They
        ("Y13 G4 B13 R5", 0, 5),  # seat 0, void in yellow, trumps with R5
        ("R14 Y8 G6 B9", 0, 10),  # R14
        ("R13 Y9 G7 B10", 0, 10),  # B10
        ("R12 Y10 G8 B11", 0, 10),  # Y10
        ("R11 Y11 G9 B12", 0, 0),
        ("R10 Y12 G11 B8", 0, 10),  # R10
        ("R9 Y5 G12 B5", 0, 10),  # Y5 + B5; last trick: the nest (no points) to We
    ]
    play_tricks(game, script)
    # We: 20 + 25 + 15 + 25 + 20 + 5 + 10 + 10 + 10 + 0 + 10 + 10 = 160, nest 0.
    # They: 20. 160 + 20 = 180. Made 120: We score the points, 160.
    (result,) = game.results
    assert result.tricks_won == (12, 1)
    assert result.nest_points == 0
    assert result.counted == (160, 20)
    assert result.made
    assert result.score == (160, 20)
    replays_identically(game)


# -- The Red 1 -----------------------------------------------------------------------------------


def test_golden_red_one() -> None:
    hands = [
        "R10 R11 R12 R13 R14 Y14 G14 B5 B6",
        "Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13",
        "G5 G6 G7 G8 G9 G10 G11 G12 G13",
        "R1 B7 B8 B9 B10 B11 B12 B13 B14",
    ]
    game = rook("rook/red-one", hands, "R5 R6 R7 R8 R9 CROW")
    act(game, "bid 90", "bid pass", "bid pass", "bid 95", "bid 100", "bid pass")
    assert game.view(0).declarer == 0 and game.view(0).bid == 100
    # Seat 0 takes R5..R9 CROW (6 cards), lays back R6 R7 R8 R9 B5 B6 (B5: 5 points),
    # keeps R5 R10..R14 Y14 G14 CROW and names red.
    act(game, "discard R6 R7 R8 R9 B5 B6", "trump red")
    act(game, "play R14", "play Y6", "play G6")
    assert legal_texts(game, 3) == ["play R1"]  # its only trump
    act(game, "play R1")
    script: TrickScript = [
        ("B14 R5 Y7 G7", 0, 15),  # seat 0, void in black, trumps: B14 10 + R5 5
        ("CROW Y8 G10 B7", 0, 30),  # CROW 20 + G10 10
        ("R13 Y9 G8 B8", 0, 0),
        ("R12 Y10 G9 B9", 0, 10),  # Y10
        ("R11 Y11 G11 B10", 0, 10),  # B10
        ("R10 Y12 G12 B11", 0, 10),  # R10
        ("Y14 Y13 G13 B12", 0, 10),  # Y14
        ("G14 Y5 G5 B13", 0, 20),  # G14 10 + Y5 5 + G5 5; last trick: nest B5 to We
    ]
    first = game.tricks[0]
    # T1 R14 Y6 G6 R1: the red 1 is the highest trump; R14 10 + R1 30 = 40 to They.
    assert (first.winner, first.points) == (3, 40)
    assert game.actors == {3}
    assert len(play_tricks(game, script)) == 9
    # We: 15 + 30 + 0 + 10 + 10 + 10 + 10 + 20 = 105 + nest 5 = 110. They: 40.
    # 110 + 40 = 150. Made 100: We score the points, 110.
    (result,) = game.results
    assert result.tricks_won == (8, 1)
    assert result.nest_points == 5
    assert result.counted == (110, 40)
    assert result.made
    assert result.score == (110, 40)
    replays_identically(game)


# -- Buckeye -------------------------------------------------------------------------------------


def test_golden_buckeye() -> None:
    hands = [
        "R1 R10 R11 R12 R13 R14 Y1 G1 B5 B6",
        "Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14",
        "G5 G6 G7 G8 G9 G10 G11 G12 G13 G14",
        "R5 B1 B7 B8 B9 B10 B11 B12 B13 B14",
    ]
    game = rook("rook/buckeye", hands, "R6 R7 R8 R9 CROW")
    act(game, "bid 100", "bid 105", "bid pass", "bid pass", "bid 125", "bid pass")
    assert game.view(0).declarer == 0 and game.view(0).bid == 125
    # Seat 0 takes R6..R9 CROW, lays back R6 R7 R8 R9 B6 (no points), keeps
    # CROW R1 R10..R14 Y1 G1 B5 and names red.
    act(game, "discard R6 R7 R8 R9 B6", "trump red")
    script: TrickScript = [
        ("CROW Y6 G6 R5", 0, 25),  # seat 3's only trump R5 must go: CROW 20 + R5 5
        ("R1 Y7 G14 B7", 0, 25),  # R1 15 + G14 10
        ("Y1 Y8 G7 B8", 0, 15),  # Y1 15, the highest yellow
        ("G1 Y9 G10 B9", 0, 25),  # G1 15 + G10 10
        ("B5 Y14 G8 B1", 3, 30),  # B1 beats B5: B5 5 + Y14 10 + B1 15 to They
        ("B14 R10 Y11 G9", 0, 20),  # seat 0 trumps: B14 10 + R10 10
        ("R14 Y12 G11 B11", 0, 10),  # R14
        ("R13 Y13 G12 B12", 0, 0),
        ("R12 Y10 G13 B13", 0, 10),  # Y10
        ("R11 Y5 G5 B10", 0, 20),  # Y5 + G5 + B10; last trick: the nest (0) to We
    ]
    play_tricks(game, script)
    # We: 25 + 25 + 15 + 25 + 20 + 10 + 0 + 10 + 20 = 150. They: 30. 150 + 30 = 180.
    # Made 125: We score the points, 150.
    (result,) = game.results
    assert result.tricks_won == (9, 1)
    assert result.counted == (150, 30)
    assert result.made
    assert result.score == (150, 30)
    replays_identically(game)


# -- Dixie Rook ----------------------------------------------------------------------------------


def test_golden_dixie() -> None:
    hands = [
        "R8 R9 R10 R11 R12 R13 R14 Y13 Y14 G1 G2 B1 B2",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 B3",
        "G3 G4 G5 G6 G7 G8 G9 G10 G11 G12 G13 G14 B4",
        "R1 R2 R3 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14",
    ]
    game = rook("rook/dixie", hands, "R4 R5 R6 R7")
    act(game, "bid 70", "bid pass", "bid pass", "bid 75", "bid 80", "bid pass")
    assert game.view(0).declarer == 0 and game.view(0).bid == 80
    # Seat 0 takes R4..R7, lays back G1 G2 R4 R6 (no points), keeps R5 R7..R14
    # Y13 Y14 B1 B2 and names red. Counters: 5s 5, 10s 10, 13s 10; the 14s nothing.
    act(game, "discard G1 G2 R4 R6", "trump red")
    script: TrickScript = [
        ("R14 Y1 G3 R1", 0, 0),  # R14 scores nothing in Dixie
        ("R13 Y2 G5 R2", 0, 15),  # R13 10 + G5 5
        ("R12 Y3 G4 R3", 0, 0),
        ("Y13 Y4 G10 B6", 0, 20),  # Y13 10 + G10 10
        ("Y14 Y6 G6 B7", 0, 0),
        ("B1 B3 B4 B13", 3, 10),  # seats 1 and 2 must follow black; B13 wins: 10
        ("B14 B2 Y5 G7", 3, 5),  # seat 1 feeds Y5
        ("B12 R5 Y7 G8", 0, 5),  # seat 0, void in black, trumps with R5
        ("R7 Y8 G13 B8", 0, 10),  # G13
        ("R8 Y9 G9 B9", 0, 0),
        ("R9 Y10 G11 B10", 0, 20),  # Y10 + B10
        ("R10 Y11 G12 B11", 0, 10),  # R10
        ("R11 Y12 G14 B5", 0, 5),  # B5; last trick: the nest (0) to We
    ]
    play_tricks(game, script)
    # We: 15 + 20 + 5 + 10 + 20 + 10 + 5 = 85 in 11 tricks, They 10 + 5 = 15 in 2.
    # More tricks (11-2): We +20 = 105. 105 + 15 = 120. Made 80: We score 105.
    (result,) = game.results
    assert result.tricks_won == (11, 2)
    assert result.nest_points == 0
    assert result.counted == (105, 15)
    assert result.made
    assert result.score == (105, 15)
    replays_identically(game)


# -- records -------------------------------------------------------------------------------------


def golden_crowsnest_record() -> dict[str, Any]:
    game = rook("rook/crowsnest", TOURNAMENT_DEAL, TOURNAMENT_NEST)
    act(game, *TOURNAMENT_SETUP, "play R14", "play R5")
    return json.loads(json.dumps(game.record()))  # type: ignore[no-any-return]


def test_a_record_with_an_illegal_step_is_refused_naming_the_step() -> None:
    record = golden_crowsnest_record()
    step = len(record["actions"]) - 1
    assert record["actions"][step] == [1, "play R5"]
    record["actions"][step] = [1, "play Y5"]  # seat 1 holds trump: must follow
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.code == "must_follow_suit"
    assert info.value.step == step
    assert f"step {step}" in info.value.message and "'play Y5'" in info.value.message


def test_a_record_action_that_is_not_a_pair_is_refused() -> None:
    record = golden_crowsnest_record()
    record["actions"][2] = "bid pass"
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.code == "bad_record_action"
    assert info.value.step == 2


@pytest.mark.parametrize(
    ("field", "value"),
    [("format", "pgn"), ("rules", "rook/euchre"), ("rules_version", 99), ("seed", "x")],
)
def test_a_record_with_a_bad_header_is_refused(field: str, value: object) -> None:
    record = golden_crowsnest_record()
    record[field] = value
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.code == "bad_record"

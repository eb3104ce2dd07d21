"""Why a decision is costly, in the search's own counts (``crowsnest.ai.reasons``):
fixed positions where the reason is known (a trick won for its points, a ruff, a
moon stopped, a trick let go, points added to the side's trick, a contract; an
overbid, the nest's discard and the trump named), the
reason carried in the review's JSON, and every reason code worded in each language."""

from __future__ import annotations

from typing import get_args

import pytest
from test_review import QUEEN, overbid_position, two_tricks_left

from crowsnest.ai.review import judge_position
from crowsnest.ai.verdicts import ReasonCode, Review
from crowsnest.arena.scenarios import game_at
from crowsnest.engine import RULESETS, Bid, HeartsGame, RookGame, parse_cards
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules.hearts import HEARTS
from crowsnest.engine.rules.rook import RookRules, tables
from crowsnest.engine.tricks import Trick
from crowsnest.web import catalog

WORLDS = 40
NEST = "R11 R12 Y12 B12 CROW"


def green_lead(seat0: str, seat1: str, seat2: str, seat3: str, plays: str) -> RookGame:
    """Seat 1 declares red (seats 1 and 3 against 0 and 2) and leads green."""
    return game_at(
        "rook/crowsnest", [seat0, seat1, seat2, seat3], NEST, dealer=0, declarer=1, plays=plays
    )


def test_a_card_that_wins_the_trick_for_its_points() -> None:
    """Seat 1 leads the G10 (10 points), the G5 and G6 follow: seat 0's G14 takes the
    trick and its 25 points; its G7 gives them away."""
    game = green_lead(
        "G14 G7 R5 R6 Y5 Y6 Y7 B5 B6",
        "G10 G13 R14 R13 Y14 Y13 B14 B13 G12",
        "G5 G8 G9 R7 R8 Y8 Y9 B9 B10",
        "G6 G11 R9 R10 Y10 Y11 B11 B7 B8",
        plays="G10 G5 G6",
    )
    d = judge_position(game, 0, "play G7", worlds=WORLDS)
    assert d.best == "play G14" and d.band is not None
    assert d.reason is not None
    assert d.reason.code == "trick_won"
    assert (d.reason.action, d.reason.other) == ("play G14", "play G7")
    assert (d.reason.a, d.reason.b, d.reason.worlds) == (WORLDS, 0, WORLDS)
    assert d.reason.points == 25  # G10 + G5 + G14


def test_a_trump_on_another_colours_lead_is_a_ruff() -> None:
    """Seat 0 has no green: its R5 trumps the G14 lead (20 points), a blue card lets
    the declarer's side keep them."""
    game = green_lead(
        "R5 R6 Y5 Y6 Y7 B5 B6 B7 B8",
        "G14 G13 R14 R13 Y14 Y13 B14 B13 G12",
        "G5 G7 G8 R7 R8 Y8 Y9 B9 B10",
        "G6 G9 G10 G11 R9 R10 Y10 Y11 B11",
        plays="G14 G5 G6",
    )
    d = judge_position(game, 0, "play B6", worlds=WORLDS)
    assert d.reason is not None and d.reason.code == "ruff"
    assert d.reason.action in ("play R5", "play R6")
    assert d.reason.a == WORLDS and d.reason.b == 0
    taken = next(o for o in d.options if o.action == "play B6")
    assert taken.won == 0 and taken.tricks == WORLDS


def moon_position() -> HeartsGame:
    """Seat 1 has taken all 24 points so far and leads the 7C with two tricks left;
    the 2C and 3C follow. Seat 0, out of clubs, holds the AH and the 2S: its AH thrown
    now lets seat 1 take the last heart too (the moon); kept, it beats the 2H."""
    masks = [parse_cards(h) for h in ("AH 2S", "7C 2H", "2C 3S", "3C 4S")]
    held = masks[0] | masks[1] | masks[2] | masks[3]
    rest = [c for c in range(52) if not held >> c & 1]
    done = [Trick(0, tuple(rest[i : i + 4]), 0, 0) for i in range(0, 44, 4)]
    game = HeartsGame.from_position(
        HEARTS,
        masks,
        trick=(),
        leader=1,
        tricks=done,
        broken=True,
        taken=(0, 24, 0, 0),
        totals=(0, 0, 0, 0),
    )
    for card in ("7C", "2C", "3C"):
        game.apply(game.turn, f"play {card}")
    return game


def test_keeping_the_ace_of_hearts_stops_a_moon() -> None:
    d = judge_position(moon_position(), 0, "play AH", worlds=WORLDS)
    assert d.best == "play 2S" and d.band == "blunder"
    assert d.reason is not None and d.reason.code == "moon_stopped"
    assert (d.reason.action, d.reason.other) == ("play 2S", "play AH")
    assert d.reason.a == 0 and d.reason.b > WORLDS // 2  # the moon, after the AH thrown
    kept = next(o for o in d.options if o.action == "play 2S")
    assert kept.moon_other == 0 and kept.moon_mine == 0


def test_letting_the_queen_go_elsewhere_is_a_trick_lost_on_purpose() -> None:
    d = judge_position(two_tricks_left(QUEEN, leader=0), 0, "play KS", worlds=WORLDS)
    assert d.reason is not None and d.reason.code == "trick_lost"
    assert (d.reason.a, d.reason.b) == (0, WORLDS)  # the KS always takes the queen
    assert d.reason.points == 13


def test_points_added_to_the_sides_own_trick() -> None:
    """Seat 3 plays third on its partner's R14 (the top trump): the R10 adds 10 points
    to a trick its side wins every time; the R6 keeps them back."""
    from test_rook_bots import FEED

    game = game_at(
        "rook/crowsnest", FEED, "R11 R12 R13 B14 CROW", dealer=0, declarer=1, plays="R14 R7"
    )
    d = judge_position(game, 3, "play R6", worlds=WORLDS)
    assert d.reason is not None and d.reason.code == "trick_points"
    assert d.reason.points == WORLDS  # won every time
    assert d.reason.a >= d.reason.b + 10 - 1e-9


def test_an_overbid_names_the_contract() -> None:
    """Seat 2's counters without trumps: at 120 its side makes the contract in a
    few deals of the forty; the pass gives away less."""
    d = judge_position(overbid_position(), 2, Bid(120), worlds=WORLDS)
    assert d.reason is not None and d.reason.code == "overbid"
    assert (d.reason.action, d.reason.other) == ("bid pass", "bid 120")
    assert d.reason.a <= WORLDS // 4


def rook_nest(mine: str, nest: str) -> RookGame:
    """Seat 1 wins the auction at 70 (the others pass) and takes the nest."""
    rules = RULESETS["rook/crowsnest"]
    assert isinstance(rules, RookRules)
    deck = card_list_text(tables(rules).deck, "rook")
    rest = [c for c in deck if c not in mine.split() + nest.split()]
    hands = [" ".join(rest[0:9]), mine, " ".join(rest[9:18]), " ".join(rest[18:27])]
    game = game_at("rook/crowsnest", hands, nest, dealer=0, declarer=None)
    while game.phase == "auction":
        game.apply(game.turn, "bid 70" if game.turn == 1 else "bid pass")
    assert game.phase == "discard" and game.turn == 1
    return game


RED_HAND = "R14 R13 R12 R10 R9 R8 Y14 G14 B5"
RED_NEST = "R11 CROW R7 Y5 G5"


def test_burying_the_top_trumps_in_the_nest_is_reviewed_with_its_reason() -> None:
    """The declarer lays its five top reds back: the search keeps them and buries
    the short colours' cards, and says by how many points it comes out ahead."""
    d = judge_position(
        rook_nest(RED_HAND, RED_NEST), 1, "discard R14 R13 R12 R11 R10", worlds=WORLDS
    )
    assert d.phase == "discard" and d.band is not None
    assert d.best is not None and not {"R14", "R13", "R12", "R11", "R10"} & set(d.best.split())
    assert d.reason is not None and d.reason.code == "points"
    assert d.reason.other == "discard R10 R11 R12 R13 R14"
    assert d.reason.a > d.reason.b


def test_naming_a_colour_the_hand_lacks_as_trump_is_reviewed_with_its_reason() -> None:
    """Nine reds and no black: black as trump loses the contract that red makes."""
    game = rook_nest(RED_HAND, RED_NEST)
    game.apply(1, "discard Y5 G5 B5 R7 Y14")
    d = judge_position(game, 1, "trump black", worlds=WORLDS)
    assert d.phase == "trump" and d.best == "trump red" and d.band == "blunder"
    assert d.reason is not None and d.reason.code == "contract"
    assert (d.reason.action, d.reason.other) == ("trump red", "trump black")
    assert d.reason.a > d.reason.b


def test_the_best_action_is_given_its_reason_against_the_runner_up() -> None:
    d = judge_position(moon_position(), 0, "play 2S", worlds=WORLDS)
    assert d.band is None and d.cost == 0.0
    assert d.reason is not None and d.reason.code == "moon_stopped"
    assert (d.reason.action, d.reason.other) == ("play 2S", "play AH")


def test_the_reason_and_the_evidence_are_in_the_reviews_json() -> None:
    d = judge_position(moon_position(), 0, "play AH", worlds=WORLDS)
    out = Review("hearts", "hearts", 0, WORLDS, (d,)).to_json()
    (shown,) = out["decisions"]
    assert shown["reason"]["code"] == "moon_stopped"
    assert shown["leader"] == 1 and shown["trick"] == ["7C", "2C", "3C"]
    assert {o["action"] for o in shown["options"]} == {"play AH", "play 2S"}
    assert all(o["moon_other"] is not None for o in shown["options"])


def test_a_forced_card_has_no_reason() -> None:
    """After the KS lead, seat 1's only spade is the queen."""
    game = two_tricks_left(QUEEN, leader=0)
    game.apply(0, "play KS")
    d = judge_position(game, 1, "play QS", worlds=WORLDS)
    assert d.forced and d.reason is None and d.options == ()


@pytest.mark.parametrize("lang", ["en", "el", "he", "pl"])
def test_every_reason_is_worded_in_every_language(lang: str) -> None:
    words = catalog(lang)
    for code in get_args(ReasonCode):
        assert f"review.why.{code}" in words, f"{lang}: review.why.{code}"
    for key in ("review.explain_accuracy", "review.explain_cost", "review.explain_noise"):
        assert key in words, f"{lang}: {key}"

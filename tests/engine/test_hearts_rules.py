"""Hearts: one test per rule of ``/work/shared/rules/hearts.md``.

Most tests start from fixed hands. ``hearts_in_play`` gives a game in the first trick
of round 1 where every seat holds exactly the hands written; ``new_hearts`` deals the
hands (``None``: filled lowest card first, so an unfilled deal gives seat 0 the clubs,
seat 1 the diamonds, seat 2 the hearts and seat 3 the spades).
"""

from __future__ import annotations

import pytest
from conftest import (
    DealJson,
    act,
    autoplay,
    hearts_deal,
    hearts_in_play,
    legal_texts,
    new_hearts,
    refused,
)

from crowsnest.engine import (
    HeartsGame,
    InvalidAction,
    OptionError,
    PassCards,
    Play,
    RulesError,
    get_rules,
    new_game,
    parse_card,
    parse_cards,
)
from crowsnest.engine.cards import card_list_text

SUITED: list[str | None] = [None, None, None, None]
"""Filled in order: seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades."""

# A deal for the trick rules (hands after the round-1 pass).
MIXED = [
    "2C 3C 4C 5C QD 3D 4D 2S 3S 4S 2H 3H 4H",
    "6C 7C 8C 5D 6D 7D 8D 5S 6S 7S 5H 6H 7H",
    "9C TC JC QC 9D TD JD 8S 9S TS 8H 9H TH",
    "KC AC 2D KD AD JS QS KS AS JH QH KH AH",
]
# Played in turn from the first lead of MIXED:
MIXED_TRICKS = [
    ["play 2C", "play 6C", "play 9C", "play KC"],  # seat 3 wins with KC
    ["play AC", "play 3C", "play 7C", "play TC"],  # seat 3 wins with AC
    ["play 2D", "play QD", "play 5D", "play 9D"],  # seat 0 wins with QD
    ["play 4C", "play 8C", "play JC", "play QS"],  # seat 2 wins with JC, takes QS: 13
    ["play QC", "play AH", "play 5C", "play 5H"],  # seat 2 wins with QC: AH 5H = 2
]


def mixed_after(tricks: int) -> HeartsGame:
    game = hearts_in_play(MIXED)
    for trick in MIXED_TRICKS[:tricks]:
        act(game, *trick)
    return game


def cards(text: str) -> list[str]:
    return card_list_text(parse_cards(text), "hearts")


def pass_lowest(game: HeartsGame) -> list[str]:
    """Every seat passes its three lowest cards; returns what each seat passed."""
    passed = []
    for seat in range(4):
        three = card_list_text(game.hands[seat], "hearts")[:3]
        game.apply(seat, "pass " + " ".join(three))
        passed.append(" ".join(three))
    return passed


def moon_deal(shooter: int, source: int | None) -> DealJson:
    """``shooter`` holds all 13 clubs; ``source`` (the seat passing to the shooter
    this round) holds QS KS AS and passes them. Passing 2C 3C 4C away, the shooter
    still wins every trick: 10 clubs above 4C, then QS, KS, AS over the lower
    spades everybody else holds."""
    hands: list[str | None] = [None, None, None, None]
    hands[shooter] = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    if source is not None:
        hands[source] = "QS KS AS"
    return hearts_deal(hands)


def play_moon_round(game: HeartsGame, shooter: int) -> None:
    """Pass (shooter: 2C 3C 4C; the seat passing to it: QS KS AS; others their three
    lowest) and play the round out with the lowest legal cards."""
    if game.phase == "pass":
        for seat in range(4):
            if seat == shooter:
                game.apply(seat, "pass 2C 3C 4C")
            elif game.hands[seat] & parse_cards("QS KS AS") == parse_cards("QS KS AS"):
                game.apply(seat, "pass QS KS AS")
            else:
                game.apply(seat, "pass " + " ".join(card_list_text(game.hands[seat], "hearts")[:3]))
    autoplay(game)


# -- the table -----------------------------------------------------------------------------


def test_four_players_are_dealt_13_cards_each_from_52() -> None:
    game = new_game("hearts", seed=11)
    assert isinstance(game, HeartsGame)
    assert [h.bit_count() for h in game.hands] == [13, 13, 13, 13]
    assert sum(game.hands) == (1 << 52) - 1  # disjoint and complete


def test_card_notation_rank_then_suit_letter_with_t_for_ten() -> None:
    game = new_hearts(SUITED)
    # A view lists the hand as it is shown: highest first (crowsnest.engine.display).
    assert game.view(0).to_json()["hand"] == [
        "AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"
    ]  # fmt: skip
    assert game.view(3).to_json()["hand"][:3] == ["AS", "KS", "QS"]


def test_play_moves_clockwise() -> None:
    game = hearts_in_play(MIXED)
    order = []
    for action in MIXED_TRICKS[0]:
        (seat,) = game.actors
        order.append(seat)
        game.apply(seat, action)
    assert order == [0, 1, 2, 3]


def test_ace_is_the_highest_rank() -> None:
    game = hearts_in_play(MIXED)
    act(game, *MIXED_TRICKS[0], *MIXED_TRICKS[1])
    assert game.tricks[1].cards == tuple(parse_card(c) for c in ("AC", "3C", "7C", "TC"))
    assert game.tricks[1].winner == 3


# -- the pass ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_index", "direction", "offset"),
    [(0, "left", 1), (1, "right", 3), (2, "across", 2), (4, "left", 1), (5, "right", 3)],
)
def test_pass_direction_cycles_by_round(round_index: int, direction: str, offset: int) -> None:
    game = new_hearts(SUITED, more=[hearts_deal(SUITED)] * 6)
    autoplay(game, hands=round_index)
    assert game.hand_number == round_index and not game.is_over
    assert game.view(0).pass_direction == direction
    before = list(game.hands)
    passed = pass_lowest(game)
    for seat in range(4):
        to = (seat + offset) % 4
        assert game.view(to).to_json()["received"] == passed[seat].split()
        assert game.hands[to] == before[to] & ~parse_cards(passed[to]) | parse_cards(passed[seat])


def test_fourth_round_has_no_pass() -> None:
    game = new_hearts(SUITED, more=[hearts_deal(SUITED)] * 4)
    autoplay(game, hands=3)
    assert game.hand_number == 3
    assert game.view(0).pass_direction == "none"
    assert game.phase == "play"
    assert game.actors == {0}  # seat 0 was dealt the 2C and kept it
    assert legal_texts(game, 0) == ["play 2C"]
    assert game.view(0).received is None


def test_pass_is_to_the_next_seat_left_in_round_one() -> None:
    game = new_hearts(SUITED)
    act_all = ["pass 2C 3C 4C", "pass 2D 3D 4D", "pass 2H 3H 4H", "pass 2S 3S 4S"]
    for seat, action in enumerate(act_all):
        game.apply(seat, action)
    assert card_list_text(game.hands[1], "hearts")[:3] == ["2C", "3C", "4C"]
    assert "2S" in card_list_text(game.hands[0], "hearts")


def test_all_four_seats_may_pass_at_once_in_any_order() -> None:
    game = new_hearts(SUITED)
    assert game.actors == {0, 1, 2, 3}
    game.apply(2, "pass 2H 3H 4H")
    assert game.actors == {0, 1, 3}
    game.apply(3, "pass 2S 3S 4S")
    game.apply(0, "pass 2C 3C 4C")
    assert game.actors == {1}
    game.apply(1, "pass 2D 3D 4D")
    assert game.phase == "play"


def test_cards_are_exchanged_only_after_the_fourth_pass() -> None:
    game = new_hearts(SUITED)
    dealt = list(game.hands)
    for seat, action in [(0, "pass 2C 3C 4C"), (1, "pass 2D 3D 4D"), (2, "pass 2H 3H 4H")]:
        game.apply(seat, action)
    assert game.hands == dealt
    assert [game.view(s).received for s in range(4)] == [None] * 4
    assert game.view(0).passed == parse_cards("2C 3C 4C")
    events = game.apply(3, "pass 2S 3S 4S")
    assert game.hands != dealt
    assert [e.type for e in events[:2]] == ["passed", "exchanged"]


def test_a_seat_that_passed_may_not_pass_again() -> None:
    game = new_hearts(SUITED)
    game.apply(0, "pass 2C 3C 4C")
    refused(game, 0, "pass 5C 6C 7C", "not_your_turn")


def test_passed_cards_are_seen_only_by_the_passer_until_the_exchange() -> None:
    game = new_hearts(SUITED)
    game.apply(0, "pass 2C 3C 4C")
    assert game.view(0).passed == parse_cards("2C 3C 4C")
    assert [game.view(s).passed for s in (1, 2, 3)] == [None, None, None]
    assert game.view(None).passed is None
    assert "2C" not in str(game.view(1).to_json())


def test_received_cards_are_visible_only_to_the_receiver() -> None:
    game = new_hearts(SUITED)
    events = []
    for seat, action in enumerate(
        ["pass 2C 3C 4C", "pass 2D 3D 4D", "pass 2H 3H 4H", "pass 2S 3S 4S"]
    ):
        events += game.apply(seat, action)
    got = {e.to: e.data["cards"] for e in events if e.type == "received"}
    assert got == {
        1: cards("2C 3C 4C"),
        2: cards("2D 3D 4D"),
        3: cards("2H 3H 4H"),
        0: cards("2S 3S 4S"),
    }
    assert all(e.to is not None for e in events if e.type == "received")
    for seat, source in [(0, "2S 3S 4S"), (1, "2C 3C 4C"), (2, "2D 3D 4D"), (3, "2H 3H 4H")]:
        assert game.view(seat).to_json()["received"] == cards(source)
    spectator = game.view(None).to_json()
    assert spectator["received"] is None and spectator["passed"] is None
    assert spectator["hand"] is None
    # seat 2 sees neither what seat 0 passed nor what seat 0 received
    seen_by_2 = str(game.view(2).to_json())
    assert "'2C'" not in seen_by_2 and "'2S'" not in seen_by_2


def test_pass_must_be_exactly_three_cards() -> None:
    game = new_hearts(SUITED)
    assert refused(game, 0, "pass 2C 3C", "wrong_card_count").params == {"count": 3}
    refused(game, 0, "pass 2C 3C 4C 5C", "wrong_card_count")


def test_pass_only_cards_you_hold() -> None:
    game = new_hearts(SUITED)
    refused(game, 0, "pass 2C 3C 2D", "card_not_in_hand")


def test_play_during_the_pass_is_the_wrong_action() -> None:
    game = new_hearts(SUITED)
    refused(game, 0, "play 2C", "wrong_action")


def test_pass_during_play_is_the_wrong_action() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 0, "pass 2C 3C 4C", "wrong_action")


# -- the first lead ------------------------------------------------------------------------


def test_holder_of_two_of_clubs_after_the_pass_leads() -> None:
    game = new_hearts(SUITED)
    pass_lowest(game)  # seat 0 passes 2C to seat 1
    assert game.actors == {1}
    assert game.view(0).leader == 1


def test_first_lead_is_forced_two_of_clubs() -> None:
    game = hearts_in_play(MIXED)
    assert legal_texts(game, 0) == ["play 2C"]
    refused(game, 0, "play 3C", "must_lead_two_of_clubs")
    refused(game, 0, "play QD", "must_lead_two_of_clubs")


# -- following -----------------------------------------------------------------------------


def test_must_follow_the_led_suit() -> None:
    game = mixed_after(0)
    act(game, "play 2C")
    assert legal_texts(game, 1) == ["play 6C", "play 7C", "play 8C"]
    assert refused(game, 1, "play 5D", "must_follow_suit").params == {"suit": "clubs"}


def test_void_player_may_play_any_card_after_the_first_trick() -> None:
    game = mixed_after(3)
    act(game, "play 4C", "play 8C", "play JC")
    assert set(legal_texts(game, 3)) == {
        f"play {c}" for c in card_list_text(game.hands[3], "hearts")
    }
    assert "play AH" in legal_texts(game, 3)


def test_first_trick_void_player_may_not_play_a_heart() -> None:
    game = hearts_in_play(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
            "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C")
    assert "play 2H" not in legal_texts(game, 1)
    assert len(legal_texts(game, 1)) == 12
    refused(game, 1, "play 2H", "no_points_on_first_trick")


def test_first_trick_void_player_may_not_play_the_queen_of_spades() -> None:
    game = hearts_in_play(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD QS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C")
    assert "play QS" not in legal_texts(game, 1)
    refused(game, 1, "play QS", "no_points_on_first_trick")


def test_first_trick_void_player_holding_only_hearts_and_queen_may_play_any() -> None:
    game = hearts_in_play(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
            "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C", "play 2D")
    assert set(legal_texts(game, 2)) == {
        f"play {c}" for c in card_list_text(game.hands[2], "hearts")
    }
    act(game, "play QS")
    assert game.trick == [parse_card(c) for c in ("2C", "2D", "QS")]


def test_first_trick_void_player_holding_only_hearts_may_play_a_heart() -> None:
    game = hearts_in_play(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD QS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C", "play 2D")
    assert len(legal_texts(game, 2)) == 13
    act(game, "play AH")
    assert game.view(0).hearts_broken


def test_first_trick_following_player_with_clubs_must_still_follow() -> None:
    game = mixed_after(0)
    act(game, "play 2C", "play 6C")
    assert legal_texts(game, 2) == ["play 9C", "play TC", "play JC", "play QC"]


# -- winning a trick -----------------------------------------------------------------------


def test_highest_card_of_the_led_suit_wins() -> None:
    game = mixed_after(3)  # trick 3: 2D led, QD highest diamond
    assert game.tricks[2].winner == 0


def test_a_higher_card_of_another_suit_does_not_win() -> None:
    game = mixed_after(4)  # trick 4: 4C 8C JC and the QS discarded
    assert game.tricks[3].winner == 2


def test_winner_leads_the_next_trick() -> None:
    game = mixed_after(1)
    assert game.tricks[0].winner == 3
    assert game.actors == {3}
    game = mixed_after(3)
    assert game.actors == {0}


# -- hearts broken -------------------------------------------------------------------------


def test_heart_may_not_be_led_before_hearts_are_broken() -> None:
    game = mixed_after(2)  # seat 3 leads, holding hearts and other suits
    assert not game.view(3).hearts_broken
    assert not any(t.endswith("H") for t in legal_texts(game, 3))
    refused(game, 3, "play AH", "hearts_not_broken")


def test_queen_of_spades_does_not_break_hearts() -> None:
    game = mixed_after(4)  # the QS fell on trick 4
    assert not game.view(2).hearts_broken
    assert "play 8H" not in legal_texts(game, 2)
    refused(game, 2, "play 8H", "hearts_not_broken")


def test_a_heart_played_to_a_trick_breaks_hearts() -> None:
    game = mixed_after(4)
    act(game, "play QC", "play AH")
    assert game.view(0).hearts_broken
    act(game, "play 5C", "play 5H")
    assert game.actors == {2}
    assert "play 8H" in legal_texts(game, 2)
    act(game, "play 8H")


def test_heart_may_be_led_unbroken_when_leader_holds_only_hearts() -> None:
    game = hearts_in_play(
        [
            "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    act(game, "play 2C", "play 3D", "play 2S", "play AC")
    assert game.actors == {0} and not game.view(0).hearts_broken
    assert len(legal_texts(game, 0)) == 12
    act(game, "play 2H")


def test_leader_holding_hearts_and_the_queen_must_lead_the_queen() -> None:
    game = hearts_in_play(
        [
            "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD KH",
            "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C", "play 3D", "play 2S", "play AC")
    assert legal_texts(game, 0) == ["play QS"]
    refused(game, 0, "play 2H", "hearts_not_broken")


# -- scoring -------------------------------------------------------------------------------


def test_queen_of_spades_scores_thirteen() -> None:
    game = mixed_after(4)
    assert game.tricks[3].points == 13
    assert game.view(0).points_taken == (0, 0, 13, 0)


def test_each_heart_scores_one() -> None:
    game = mixed_after(5)  # trick 5 holds 5H and AH
    assert game.tricks[4].points == 2
    assert game.view(0).points_taken == (0, 0, 15, 0)


def test_jack_of_diamonds_scores_nothing() -> None:
    # The jack-of-diamonds variant is not part of these rules.
    game = hearts_in_play(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS",
            "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
    )
    act(game, "play 2C", "play JD", "play QS", "play AD")
    assert game.tricks[0].points == 13  # the QS alone
    assert game.view(0).points_taken == (13, 0, 0, 0)


def test_a_round_scores_26_points_taken_trick_by_trick() -> None:
    game = mixed_after(5)
    tricks = game.tricks  # the list object of this round, still growing
    autoplay(game)
    (result,) = game.results
    assert len(tricks) == 13
    assert result.moon is None
    assert sum(result.points) == 26
    for seat in range(4):
        taken = [c for t in tricks if t.winner == seat for c in t.cards]
        hearts = sum(1 for c in taken if card_list_text(1 << c, "hearts")[0].endswith("H"))
        queen = 13 if parse_card("QS") in taken else 0
        assert result.points[seat] == hearts + queen
    assert result.totals == result.points


def test_round_ends_after_13_tricks() -> None:
    game = mixed_after(5)
    while len(game.tricks) < 12 or len(game.trick) < 3:
        (seat,) = game.actors
        game.apply(seat, legal_texts(game, seat)[0])
    assert game.results == [] and game.hand_number == 0
    assert [h.bit_count() for h in game.hands].count(1) == 1  # one card left to play
    (seat,) = game.actors
    game.apply(seat, legal_texts(game, seat)[0])
    assert len(game.results) == 1
    assert game.hand_number == 1 and game.phase == "pass"
    assert [h.bit_count() for h in game.hands] == [13] * 4


def test_shooting_the_moon_scores_zero_and_26_to_each_other_player() -> None:
    game = new_game("hearts", seed=3, deals=[moon_deal(shooter=2, source=1)])
    assert isinstance(game, HeartsGame)
    tricks = game.tricks  # this round's list of tricks
    play_moon_round(game, shooter=2)
    assert len(tricks) == 13 and all(t.winner == 2 for t in tricks)
    (result,) = game.results
    assert result.moon == 2
    assert result.points == (26, 26, 0, 26)
    assert result.totals == (26, 26, 0, 26)


def test_taking_25_points_is_not_a_moon() -> None:
    # Seat 0 wins 12 club tricks, then leads its 2S and loses the last trick to
    # seat 3 (AS), which holds seat 2's last heart (KH): 25 and 1, no moon.
    game = hearts_in_play(
        [
            "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2S",
            "2C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            "AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    tricks = game.tricks
    autoplay(game)
    assert [t.winner for t in tricks] == [0] * 12 + [3]
    assert tricks[-1].cards == tuple(parse_card(c) for c in ("2S", "KD", "KH", "AS"))
    (result,) = game.results
    assert result.moon is None
    assert result.points == (25, 0, 0, 1)


# -- end of game ---------------------------------------------------------------------------


def test_game_ends_after_a_round_reaching_100_and_lowest_wins() -> None:
    # Seat 0 shoots the moon four times: 0, 104, 104, 104.
    deals = [moon_deal(0, 3), moon_deal(0, 1), moon_deal(0, 2), moon_deal(0, None)]
    game = new_game("hearts", seed=5, deals=deals)
    assert isinstance(game, HeartsGame)
    for round_index in range(4):
        assert not game.is_over
        play_moon_round(game, shooter=0)
        assert game.results[-1].moon == 0, round_index
    assert game.scores == (0, 104, 104, 104)
    assert game.is_over and game.phase == "over"
    assert game.winner == 0 and game.view(1).winner == 0
    assert game.actors == frozenset()


def test_game_goes_on_below_100() -> None:
    deals = [moon_deal(0, 3), moon_deal(0, 1), moon_deal(0, 2)]
    game = new_game("hearts", seed=5, deals=deals)
    assert isinstance(game, HeartsGame)
    for _ in range(3):
        play_moon_round(game, shooter=0)
    assert game.scores == (0, 78, 78, 78)
    assert not game.is_over and game.winner is None
    assert game.phase == "play" and game.hand_number == 3  # round 4: no pass


def test_tie_for_lowest_plays_another_round_until_unique() -> None:
    # Moons by seats 0, 1, 0, 1: totals 52, 52, 104, 104 -> tie for lowest, go on;
    # seat 0 shoots again in round 5: 52, 78, 130, 130 -> seat 0 wins.
    deals = [moon_deal(0, 3), moon_deal(1, 2), moon_deal(0, 2), moon_deal(1, None), moon_deal(0, 3)]
    game = new_game("hearts", seed=5, deals=deals)
    assert isinstance(game, HeartsGame)
    for shooter in (0, 1, 0, 1):
        play_moon_round(game, shooter)
    assert game.scores == (52, 52, 104, 104)
    assert not game.is_over
    assert game.hand_number == 4 and game.view(0).pass_direction == "left"
    play_moon_round(game, 0)
    assert game.scores == (52, 78, 130, 130)
    assert game.is_over and game.winner == 0


# -- errors --------------------------------------------------------------------------------


def test_not_your_turn_in_play() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 1, "play 6C", "not_your_turn")


def test_card_not_in_hand_in_play() -> None:
    game = mixed_after(0)
    act(game, "play 2C")
    refused(game, 1, "play 9C", "card_not_in_hand")


def test_game_over_refuses_every_action() -> None:
    deals = [moon_deal(0, 3), moon_deal(0, 1), moon_deal(0, 2), moon_deal(0, None)]
    game = new_game("hearts", seed=5, deals=deals)
    assert isinstance(game, HeartsGame)
    for _ in range(4):
        play_moon_round(game, shooter=0)
    assert game.is_over
    refused(game, 0, "play 2C", "game_over")
    refused(game, 2, "pass 2C 3C 4C", "game_over")


def test_unknown_card_is_refused() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 0, "play 1C", "unknown_card", quote="'1C'")
    refused(game, 0, "play R5", "unknown_card", quote="'play R5'")  # a Rook card


def test_duplicate_card_in_a_pass_is_refused() -> None:
    game = new_hearts(SUITED)
    refused(game, 0, "pass 2C 2C 3C", "duplicate_card", quote="'2C'")


@pytest.mark.parametrize("text", ["", "dance", "play", "play 2C 3C", "pass", "bid"])
def test_malformed_action_is_refused(text: str) -> None:
    game = hearts_in_play(MIXED)
    err = refused(game, 0, text, "malformed_action", quote="")
    assert isinstance(err, InvalidAction)


def test_rook_actions_are_the_wrong_action_in_hearts() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 0, "bid 70", "wrong_action")
    refused(game, 0, "trump red", "wrong_action")
    refused(game, 0, "discard 2C 3C", "wrong_action")


def test_seat_out_of_range_is_refused() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 4, "play 2C", "bad_seat", quote="4")


def test_action_objects_are_checked_like_text() -> None:
    game = hearts_in_play(MIXED)
    refused(game, 0, "play 3C", "must_lead_two_of_clubs")
    game.apply(0, Play(parse_card("2C")))
    with pytest.raises(RulesError) as info:
        game.apply(1, PassCards(parse_cards("6C 7C 8C")))
    assert info.value.code == "wrong_action"
    assert "'pass 6C 7C 8C'" in info.value.message


def test_hearts_has_no_options() -> None:
    with pytest.raises(OptionError) as info:
        new_game("hearts", options={"target": 50})
    assert info.value.code == "unknown_option"
    assert "'target'" in info.value.message
    with pytest.raises(OptionError):
        get_rules("hearts", {"moon": "subtract"})

"""What the rules tests leave out and the engine's coverage gate asks for: malformed
deals, records and actions refused with their codes, rule sets that contradict
themselves, and the small card helpers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from crowsnest.engine import (
    CardSet,
    HeartsRules,
    InvalidAction,
    OptionError,
    Play,
    RecordError,
    RookGame,
    action_text,
    get_rules,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    replay,
)
from crowsnest.engine.cards import (
    CROW,
    Family,
    card_text,
    cards_of,
    colour_of,
    is_card,
    mask_of,
    number_of,
    rank_of,
    suit_of,
)
from crowsnest.engine.rules import RookRules
from crowsnest.engine.seats import team_of

HANDS = [["2C", "3C"], [], [], []]


@pytest.mark.parametrize(
    "deals",
    [
        "2C 3C",  # not a list of deals
        [5],  # a deal that is not an object
        [{"hands": ["2C", [], [], []]}],  # a hand that is a text, not a list
        [{"hands": [[0, 1], [], [], []]}],  # cards that are not texts
    ],
)
def test_malformed_deals_are_refused(deals: Any) -> None:
    with pytest.raises(InvalidAction) as info:
        new_game("hearts", seed=1, deals=deals)
    assert info.value.code == "bad_deal"


def record(**changes: object) -> dict[str, Any]:
    data = new_game("hearts", seed=1).record()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (["not", "an", "object"], "a record is a JSON object"),
        (record(options=["target", 100]), "'options' must be an object"),
        (record(actions="play 2C"), "'actions' must be a list"),
    ],
)
def test_malformed_records_are_refused(bad: Any, reason: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(bad)
    assert info.value.step is None and info.value.reason == reason


@pytest.mark.parametrize("text", [7, "play " + "2C " * 100])
def test_action_text_must_be_short_text(text: Any) -> None:
    with pytest.raises(InvalidAction) as info:
        parse_action(text, "hearts")
    assert info.value.code == "malformed_action"


@pytest.mark.parametrize(
    "changes",
    [{"pass_cycle": ()}, {"pass_cycle": ("left", "up")}, {"hand_size": 12}],
)
def test_hearts_rules_that_contradict_themselves(changes: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as info:
        HeartsRules(**changes)
    assert info.value.code == "bad_rules"


def rook(rules_id: str) -> RookRules:
    rules = get_rules(rules_id)
    assert isinstance(rules, RookRules)
    return rules


@pytest.mark.parametrize(
    ("rules_id", "changes", "why"),
    [
        ("rook/partnership", {"numbers": (0, *range(2, 15))}, "numbers"),
        ("rook/partnership", {"numbers": (1, 1, *range(3, 15))}, "numbers"),
        ("rook/red-one", {"numbers": tuple(range(1, 11)), "hand_size": 10}, "the red 1"),
        ("rook/one-high", {"numbers": tuple(range(2, 15)), "hand_size": 12}, "1-high"),
        ("rook/dixie", {"counters": ((15, 10),)}, "counter"),
        ("rook/crowsnest", {"nest_size": 4}, "4 hands of 9"),
        ("rook/crowsnest", {"bird_place": "below_red_one"}, "red 1"),
        ("rook/crowsnest", {"min_bid": 72}, "multiple of 5"),
        ("rook/crowsnest", {"min_bid": 125}, "outside"),
        ("rook/crowsnest", {"target": 0}, "target"),
        ("rook/crowsnest", {"first_dealer": 4}, "first dealer"),
    ],
)
def test_rook_rules_that_contradict_themselves(
    rules_id: str, changes: dict[str, Any], why: str
) -> None:
    with pytest.raises(OptionError) as info:
        replace(rook(rules_id), **changes)
    assert info.value.code == "bad_rules" and why in info.value.message


def test_a_play_is_written_with_its_family_only() -> None:
    play = Play(parse_card("QS"))
    assert action_text(play, "hearts") == "play QS" and action_text(play, "rook") == "play B7"
    with pytest.raises(TypeError, match=r"needs its family: action_text\(action, family\)"):
        str(play)


def test_card_helpers() -> None:
    qs, r14 = parse_card("QS", "hearts"), parse_card("R14", "rook")
    assert (suit_of(qs), rank_of(qs)) == (3, 12)
    assert (colour_of(r14), number_of(r14)) == (0, 14)
    assert (colour_of(CROW), number_of(CROW)) == (-1, 0)
    assert [card_text(c, "rook") for c in (CROW, 1, 14, 15, 56)] == [
        "CROW",
        "R1",
        "R14",
        "Y1",
        "B14",
    ]
    assert is_card(qs, "hearts") and is_card(56, "rook") and is_card(CROW, "rook")
    assert not any(is_card(c, "hearts") for c in (52, -1, True, "QS"))
    assert not is_card(57, "rook")
    mask = parse_cards("2C QS TH")
    assert mask == parse_cards("2C QS TH", "hearts")
    assert mask_of(cards_of(mask)) == mask and cards_of(mask) == sorted(cards_of(mask))
    hand = CardSet(mask, "hearts")
    assert qs in hand and "QS" not in hand and -1 not in hand and len(hand) == 3
    assert hand == CardSet(mask, "hearts") and hash(hand) == hash(CardSet(mask, "hearts"))
    assert hand != mask and hand != CardSet(mask, "rook")
    assert str(hand) == "2C TH QS" and repr(CardSet(mask, "rook")) == "CardSet('CROW G6 B7')"


@pytest.mark.parametrize(
    ("text", "family", "message"),
    [
        ("R14", "hearts", "'R14' is not a card of the Hearts deck"),
        ("QS", "rook", "'QS' is not a card of the Rook deck"),
        ("ZZ", None, "'ZZ' is not a card"),
    ],
)
def test_a_card_of_another_deck_is_refused(text: str, family: Family | None, message: str) -> None:
    with pytest.raises(InvalidAction) as info:
        parse_card(text, family)
    assert info.value.code == "unknown_card" and info.value.message == message


def test_cards_named_without_a_family_are_of_one_deck() -> None:
    with pytest.raises(InvalidAction, match="'R14' is not a card of the Hearts deck"):
        parse_cards("QS R14")
    game = new_game("hearts", seed=1)
    with pytest.raises(InvalidAction, match="'R14' is not a card of the Hearts deck"):
        game.check(0, "pass R14 2C 3C")


def test_teams_and_the_led_suit_of_no_trick() -> None:
    assert [team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    game = new_game("rook/crowsnest", seed=1)
    assert isinstance(game, RookGame) and game.led_name() == ""

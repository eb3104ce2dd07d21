"""The bot protocol's data: views and legal actions survive JSON exactly; bad input
is refused with a stable code."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from crowsnest.ai import RandomBot
from crowsnest.ai.protocol import (
    BOT_MESSAGE,
    HOST_MESSAGE,
    ProtocolError,
    act_message,
    action_from_text,
    action_message,
    error_message,
    hello_message,
    is_allowed,
    legal_from_json,
    legal_to_json,
    read_act,
    view_from_json,
)
from crowsnest.engine import (
    RULESETS,
    AnyGame,
    Bid,
    Choose,
    Discard,
    LegalAction,
    NameTrump,
    PassCards,
    Play,
    PlayerView,
    new_game,
    parse_cards,
)

SETUPS: list[tuple[str, dict[str, object]]] = [
    *((rules_id, {}) for rules_id in RULESETS),
    ("rook/crowsnest", {"bird": False, "discard_counters": False, "target": 50}),
    ("rook/tournament", {"all_pass": "dealer_forced", "discard_counters": False, "target": 50}),
]


def positions(rules_id: str, options: dict[str, object], seed: int) -> Iterator[AnyGame]:
    """Every position of a random game (the first few hands, then to its end quickly)."""
    game = new_game(rules_id, options=options, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    yield game
    while not game.is_over:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        yield game


def wire(data: Any) -> Any:
    """As the other side reads it: through JSON text."""
    return json.loads(json.dumps(data))


def views(game: AnyGame) -> list[PlayerView]:
    return [game.view(seat) for seat in (0, 1, 2, 3, None)]


@pytest.mark.parametrize(("rules_id", "options"), SETUPS, ids=lambda s: str(s))
def test_views_and_legal_actions_round_trip(rules_id: str, options: dict[str, object]) -> None:
    phases: set[str] = set()
    checked = 0
    scored = False
    for step, game in enumerate(positions(rules_id, options, seed=len(rules_id))):
        phases.add(game.phase)
        if step % 3 and not game.is_over and game.phase in ("play",):
            continue  # every third card is enough; other phases every time
        for view in views(game):
            assert view_from_json(wire(view.to_json())) == view
            checked += 1
            scored = scored or bool(view.results)
        for seat in game.actors:
            legal = game.legal_actions(seat)
            assert (
                legal_from_json(wire(legal_to_json(legal, game.rules.family)), game.rules.family)
                == legal
            )
        if checked > 3000:
            break
    assert "play" in phases and scored


def test_a_finished_game_round_trips() -> None:
    *_, game = positions("hearts", {}, seed=11)
    assert game.is_over
    for view in views(game):
        assert view.results and view.winner is not None
        assert view_from_json(wire(view.to_json())) == view


def test_act_message_is_json_with_the_view_and_legal_text() -> None:
    game = new_game("hearts", seed=4)
    message = wire(act_message(7, game.view(2), game.legal_actions(2), seed=99))
    assert message["type"] == "act" and message["seq"] == 7 and message["seed"] == 99
    (choose,) = message["legal"]
    assert choose["choose"] == "pass" and choose["count"] == 3 and choose["required"] == []
    assert len(choose["from"]) == 13


def test_legal_text_is_the_action_notation() -> None:
    legal: list[LegalAction] = [
        Bid(None),
        Bid(75),
        NameTrump(1),
        Play(parse_cards("QS").bit_length() - 1),
    ]
    assert legal_to_json(legal, "hearts") == ["bid pass", "bid 75", "trump yellow", "play QS"]
    required = Choose("discard", 5, parse_cards("R5 R10 R14 Y5 Y10 CROW"), parse_cards("R5"))
    (data,) = legal_to_json([required], "rook")
    assert data == {
        "choose": "discard",
        "count": 5,
        "from": ["CROW", "R5", "R10", "R14", "Y5", "Y10"],
        "required": ["R5"],
    }
    assert legal_from_json([data], "rook") == [required]


def test_is_allowed_judges_templates_and_plain_actions() -> None:
    choose = Choose("pass", 3, parse_cards("2C 3C 4C 5C"))
    assert is_allowed(PassCards(parse_cards("2C 3C 4C")), [choose])
    assert not is_allowed(PassCards(parse_cards("2C 3C")), [choose])
    assert not is_allowed(Discard(parse_cards("2C 3C 4C")), [choose])
    assert is_allowed(Bid(None), [Bid(None), Bid(70)])
    assert not is_allowed(Bid(65), [Bid(None), Bid(70)])


def _hearts_view_json() -> dict[str, Any]:
    game = new_game("hearts", seed=5)
    for seat in range(4):
        game.apply(
            seat, RandomBot().choose(game.view(seat), game.legal_actions(seat), random.Random(seat))
        )
    for _ in range(6):
        seat = min(game.actors)
        first = game.legal_actions(seat)[0]
        assert isinstance(first, Play)
        game.apply(seat, first)
    data: dict[str, Any] = wire(game.view(1).to_json())
    assert data["tricks"] and data["received"]
    return data


BAD_VIEWS = [
    ("not an object", lambda d: ["a list"]),
    ("unknown game", lambda d: {**d, "game": "bridge"}),
    ("unknown rules", lambda d: {**d, "rules": "hearts@9"}),
    ("missing field", lambda d: {k: v for k, v in d.items() if k != "hand"}),
    ("bad seat", lambda d: {**d, "seat": 4}),
    ("bool seat", lambda d: {**d, "seat": True}),
    ("rook card in hearts", lambda d: {**d, "hand": ["R5"]}),
    ("not a card", lambda d: {**d, "trick": ["ZZ"]}),
    ("duplicate card", lambda d: {**d, "hand": ["2C", "2C"]}),
    ("three hand sizes", lambda d: {**d, "hand_sizes": [13, 13, 13]}),
    ("bad direction", lambda d: {**d, "pass_direction": "up"}),
    ("broken not a bool", lambda d: {**d, "hearts_broken": 1}),
    ("bad trick", lambda d: {**d, "tricks": [{"leader": 0}]}),
    ("bad result", lambda d: {**d, "results": [{"points": [0, 0, 0], "moon": None}]}),
]


@pytest.mark.parametrize(("name", "change"), BAD_VIEWS, ids=[n for n, _ in BAD_VIEWS])
def test_malformed_views_are_refused(name: str, change: Any) -> None:
    data = change(copy.deepcopy(_hearts_view_json()))
    with pytest.raises(ProtocolError) as err:
        view_from_json(data)
    assert err.value.code == "bad_view"


def test_unknown_view_fields_are_ignored() -> None:
    data = _hearts_view_json()
    view = view_from_json(data)
    assert view_from_json({**data, "added_in_a_later_version": 1}) == view


def test_malformed_rook_views_are_refused() -> None:
    data = wire(new_game("rook/crowsnest", seed=1).view(0).to_json())
    for change in ({"trump": "purple"}, {"auction": [[0]]}, {"totals": [0]}, {"hand": ["QS"]}):
        with pytest.raises(ProtocolError) as err:
            view_from_json({**data, **change})
        assert err.value.code == "bad_view"


@pytest.mark.parametrize(
    "legal",
    [
        "play QS",
        ["fly away"],
        [7],
        [{"choose": "swap", "count": 1, "from": ["2C"]}],
        [{"choose": "pass", "count": 4, "from": ["2C", "3C", "4C"]}],
        [{"choose": "pass", "count": True, "from": ["2C"]}],
        [{"choose": "pass", "count": 1, "from": ["2C"], "required": ["3C"]}],
        [{"choose": "pass", "count": 1, "from": ["R5"]}],
    ],
)
def test_malformed_legal_actions_are_refused(legal: object) -> None:
    with pytest.raises(ProtocolError) as err:
        legal_from_json(legal, "hearts")
    assert err.value.code == "bad_legal"


def test_action_text_errors_name_the_code() -> None:
    assert action_from_text("play qs", "hearts") == Play(parse_cards("QS").bit_length() - 1)
    for text in ("", "play", 5, "jump"):
        with pytest.raises(ProtocolError) as err:
            action_from_text(text, "hearts")
        assert err.value.code == "bad_action"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"hand_sizes": [13, 13, 13]}, "hand_sizes"),
        ({"seat": True}, "seat"),
        ({"tricks": [{"leader": 0}]}, "tricks.0.cards"),
        ({"rules": "rook/crowsnest@1"}, "rules"),
        ({"game": "bridge"}, "view"),
    ],
)
def test_a_bad_view_is_named_by_its_field(change: dict[str, object], where: str) -> None:
    with pytest.raises(ProtocolError) as err:
        view_from_json({**_hearts_view_json(), **change})
    assert err.value.message.startswith(f"{where}: ")


@pytest.mark.parametrize(
    ("change", "code", "where"),
    [
        ({"seq": "1", "view": {}}, "bad_message", "seq"),
        ({"view": None}, "bad_view", "view"),
        ({"legal": [7]}, "bad_legal", "legal.0"),
        ({"seed": 1.5, "legal": [7]}, "bad_message", "seed"),
    ],
)
def test_the_first_problem_of_an_act_names_the_code(
    change: dict[str, object], code: str, where: str
) -> None:
    game = new_game("hearts", seed=4)
    message = {**act_message(1, game.view(0), game.legal_actions(0)), **change}
    with pytest.raises(ProtocolError) as err:
        read_act(message)
    assert err.value.code == code and err.value.message.startswith(f"{where}")


def test_every_message_fits_its_declaration() -> None:
    game = new_game("rook/crowsnest", seed=4)
    seat = min(game.actors)
    host = [
        hello_message("rook"),
        act_message(1, game.view(seat), game.legal_actions(seat), seed=5),
        {"type": "bye"},
    ]
    for message in host:
        assert HOST_MESSAGE.validate_python(wire(message)) == message
    bot = [
        hello_message("rook", name="x"),
        action_message(1, Bid(None), "rook"),
        error_message("bad_json", "the line is not JSON"),
        error_message("bad_view", "seat: ...", seq=3),
        {"seq": 1, "action": "bid pass"},
    ]
    for message in bot:
        assert BOT_MESSAGE.validate_python(wire(message)) == message
    with pytest.raises(ValueError, match="extra"):
        hello_message("rook", name="x", extra="no")

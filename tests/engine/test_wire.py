"""The wire formats (engine/wire/) are what the engine writes: every view, event,
deal and record of random games fits its declaration, and nothing undeclared gets out."""

from __future__ import annotations

import random
import typing
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from crowsnest.ai import RandomBot
from crowsnest.engine import RULESETS, AnyGame, new_game, replay, wire
from crowsnest.engine.cards import COLOUR_NAMES
from crowsnest.engine.replay_steps import replay_steps
from crowsnest.engine.rules.hearts import PASS_OFFSET


def fits(adapter: TypeAdapter[Any], data: dict[str, Any]) -> None:
    """``data`` is what its format declares: every key declared, in the declared
    order, every value of its declared type (the engine writes it so: it validates
    nothing at play time; the server and the bot protocol validate at the wire)."""
    out = wire.checked(adapter, data)
    assert out == data and list(out) == list(data)


def play(rules_id: str, seed: int, actions: int = 10_000) -> tuple[AnyGame, list[dict[str, Any]]]:
    """A random game and the JSON of every event it caused; every view checked."""
    game = new_game(rules_id, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    events: list[dict[str, Any]] = []
    adapter = wire.HEARTS_EVENT if game.rules.family == "hearts" else wire.ROOK_EVENT
    for _ in range(actions):
        if game.is_over:
            break
        for seat in (0, 1, 2, 3, None):
            data = game.view(seat).to_json()
            fits(wire.HEARTS_VIEW if game.rules.family == "hearts" else wire.ROOK_VIEW, data)
        seat = min(game.actors)
        for event in game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng)):
            data = event.to_json()
            fits(adapter, data)
            events.append(data)
    return game, events


def declared_types(shapes: tuple[Any, ...]) -> set[str]:
    return {typing.get_args(shape.__annotations__["type"])[0] for shape in shapes}


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_views_and_events_of_a_game_fit_their_formats(rules_id: str) -> None:
    game, events = play(rules_id, seed=3, actions=400)
    seen = {e["type"] for e in events}
    family = wire.HEARTS_EVENTS if game.rules.family == "hearts" else wire.ROOK_EVENTS
    assert seen <= declared_types(family)
    assert {"play", "trick", "turn"} <= seen


def test_every_declared_event_type_happens() -> None:
    seen: dict[str, set[str]] = {"hearts": set(), "rook": set()}
    for seed in range(3):
        for rules_id in ("hearts", "rook/crowsnest", "rook/tournament"):
            game, events = play(rules_id, seed)
            seen[game.rules.family] |= {e["type"] for e in events}
    resigning, _ = play("rook/crowsnest", 0, actions=20)
    for event in resigning.apply(1, "resign"):
        fits(wire.ROOK_EVENT, event.to_json())
        seen["rook"].add(event.type)
    assert seen["hearts"] == declared_types(wire.HEARTS_EVENTS)
    assert seen["rook"] == declared_types(wire.ROOK_EVENTS)


def test_records_and_deals_fit_their_formats() -> None:
    for rules_id in RULESETS:
        game, _ = play(rules_id, seed=5, actions=200)
        record = game.record()
        fits(wire.RECORD, record)
        assert replay(record).record() == record
        for deal in game.deals:
            data = deal.to_json(game.rules.family)
            fits(wire.DEAL, data)
            assert ("nest" in data) == bool(deal.nest)


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_a_replay_fits_its_format(rules_id: str) -> None:
    """Every step of a finished game's replay, hand ends and new deals included, is
    what the replay format declares (a key anywhere it does not declare is lost in
    validation, so the comparison fails)."""
    game, _ = play(rules_id, seed=7, actions=2_000)
    steps = replay_steps(game.record())
    fits(wire.REPLAY, steps)
    assert any(step.get("dealt") for step in steps["steps"]) or game.hand_number == 0
    assert any(step["hand_end"] for step in steps["steps"])


def test_an_undeclared_key_is_refused_by_name() -> None:
    view = new_game("hearts", seed=1).view(0).to_json()
    with pytest.raises(ValueError, match=r"\['partners'\]"):
        wire.checked(wire.HEARTS_VIEW, {**view, "partners": [[0, 2], [1, 3]]})
    assert wire.HEARTS_VIEW.validate_python({**view, "later": 1}) == view  # reading ignores it


def test_a_view_key_out_of_its_declaration_is_an_error() -> None:
    view = new_game("rook/crowsnest", seed=1).view(0).to_json()
    for change in ({"seat": 4}, {"hand": ["QS"]}, {"trump": "purple"}, {"auction": [[5, 70]]}):
        with pytest.raises(ValidationError):
            wire.ROOK_VIEW.validate_python({**view, **change})


def test_the_declared_names_are_the_engines() -> None:
    assert typing.get_args(wire.PassDirection) == tuple(PASS_OFFSET)
    assert typing.get_args(wire.Colour) == COLOUR_NAMES
    keys = TypeAdapter(wire.RulesId).json_schema()["enum"]
    assert keys == list(RULESETS)


@pytest.mark.parametrize(
    "legal",
    [
        [{"choose": "pass", "count": 4, "from": ["2C", "3C", "4C"]}],
        [{"choose": "pass", "count": 1, "from": ["2C"], "required": ["3C"]}],
        [{"choose": "pass", "count": 1, "from": ["R5"]}],
        [{"choose": "discard", "count": 1, "from": ["QS"]}],
        [{"choose": "pass", "count": 1, "from": ["2C", "2C"]}],
        ["play"],
        ["fold 3"],
    ],
)
def test_malformed_legal_actions_do_not_validate(legal: object) -> None:
    with pytest.raises(ValidationError):
        wire.LEGAL.validate_python(legal)

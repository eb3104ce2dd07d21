"""The checked API's shortcuts agree with the full check.

``HeartsGame.apply`` / ``step`` take a legal ``Play`` object without the general
``Game`` path, and ``legal_actions`` hands out shared ``Play`` objects; ``step`` is
``apply`` without the events. Every case here runs both ways on copies of one
position and requires the same error (code and message) or the same events and
the same game afterwards.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_invariants import random_action

from crowsnest.engine import HeartsGame, Play, RookGame, RulesError, action_text, new_game
from crowsnest.engine.actions import PLAY_TEXT, PLAYS, Bid, PassCards
from crowsnest.engine.base import Game, state_names
from crowsnest.engine.cards import CARD_NAMES, bits, card_text
from crowsnest.engine.events import play_event, turn_event


def state(game: Any) -> dict[str, Any]:
    """Everything a game holds (its random state as a state, not an object)."""
    out = {k: getattr(game, k) for k in state_names(game) if k != "_rng"}
    out["_rng"] = game._rng.getstate()
    return out


def outcome(call: Any, *args: Any) -> tuple[str, Any]:
    try:
        result = call(*args)
    except RulesError as err:
        return "error", (type(err), err.code, err.message)
    if result is None:
        return "done", None
    return "events", [e.to_json() for e in result]


def hearts_positions(seed: int, steps: int) -> HeartsGame:
    game = new_game("hearts", seed=seed)
    assert isinstance(game, HeartsGame)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = min(game.actors)
        game.apply(seat, random_action(game, seat, rng))
    return game


def candidates(game: HeartsGame) -> list[tuple[Any, Any]]:
    """Plays of every card by every seat, and malformed seats and actions."""
    out: list[tuple[Any, Any]] = [(s, Play(c)) for s in range(4) for c in range(52)]
    turn = game.turn if game.phase == "play" else 0
    out += [
        (turn, Play(-1)),
        (turn, Play(52)),
        (turn, Play(True)),
        (True, Play(0)),
        (turn, "play 2c"),
        (turn, PassCards(7)),
        (turn, Bid(75)),
        (4, Play(0)),
        (turn, object()),
    ]
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_hearts_shortcut_agrees_with_the_full_check(seed: int, steps: int) -> None:
    game = hearts_positions(seed, steps)
    for seat, action in candidates(game):
        short, full = game.clone(), game.clone()
        assert outcome(short.apply, seat, action) == outcome(Game.apply, full, seat, action)
        assert state(short) == state(full)
        quiet, quiet_full = game.clone(), game.clone()
        got = outcome(quiet.step, seat, action)
        assert got == outcome(Game.step, quiet_full, seat, action)
        assert state(quiet) == state(quiet_full)
        if got[0] == "done":  # step = apply without the events
            assert state(quiet) == state(short)
        else:
            assert state(quiet) == state(game)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_hearts_legal_actions_are_the_shared_plays_of_the_legal_mask(seed: int, steps: int) -> None:
    game = hearts_positions(seed, steps)
    for seat in range(4):
        legal = game.legal_actions(seat)
        if game.phase != "play":
            assert all(a not in PLAYS for a in legal)
            continue
        if seat != game.turn:
            assert legal == []
            continue
        assert legal == [Play(c) for c in bits(game.legal_mask())]
        assert all(a is PLAYS[a.card] for a in legal if isinstance(a, Play))


def test_play_text_is_the_text_of_every_play() -> None:
    for family, names in CARD_NAMES.items():
        assert [action_text(PLAYS[c], family) for c in range(len(names))] == list(PLAY_TEXT[family])
    assert all(PLAYS[c] == Play(c) for c in range(len(PLAYS)))


def test_a_play_given_as_text_is_logged_in_canonical_form() -> None:
    game = hearts_positions(3, 4)  # the four passes: the 2C leads
    seat = game.turn
    game.apply(seat, "  play 2c ")
    assert game.log[-1] == (seat, "play 2C")


@pytest.mark.parametrize("rules", ["rook/crowsnest", "rook/tournament"])
def test_rook_step_is_apply_without_the_events(rules: str) -> None:
    loud, quiet = new_game(rules, seed=11), new_game(rules, seed=11)
    assert isinstance(loud, RookGame) and isinstance(quiet, RookGame)
    rng = random.Random(11)
    while not loud.results:
        seat = min(loud.actors)
        action = random_action(loud, seat, rng)
        assert loud.apply(seat, action)
        assert quiet.step(seat, action) is None  # type: ignore[func-returns-value]
        assert state(quiet) == state(loud)
    with pytest.raises(RulesError) as err:
        quiet.step(4, Play(0))
    assert err.value.code == "bad_seat"


def test_the_shared_events_are_the_events_a_play_makes_and_cannot_be_changed() -> None:
    """A played card and the next turn are one shared event each (``play_event``,
    ``turn_event``): every game hands out the same object, so none may be changed."""
    games = [new_game("hearts", seed=3), new_game("rook/tournament", seed=3)]
    rng = random.Random(1)
    for game in games:
        while game.phase != "play":
            seat = min(game.actors)
            game.apply(seat, random_action(game, seat, rng))
        seat = game.turn
        (card, *_) = [a for a in game.legal_actions(seat) if isinstance(a, Play)]
        events = game.apply(seat, card)
        assert events[0] is play_event(seat, card.card, game.rules.family)
        assert events[0].to_json() == {
            "type": "play",
            "seat": seat,
            "card": card_text(card.card, game.rules.family),
        }
        assert events[-1] is turn_event(game.turn)
        assert events[-1].to_json() == {"type": "turn", "seat": game.turn}
        with pytest.raises(TypeError):
            events[0].data["seat"] = 3  # type: ignore[index]
        with pytest.raises(AttributeError):
            events[0].to = 1  # type: ignore[misc]

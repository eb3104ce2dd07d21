"""engine/replay_steps.py: a finished game as the replay viewer's steps."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.simple import RandomBot
from crowsnest.engine import AnyGame, RookGame, new_game
from crowsnest.engine.replay_steps import replay_steps
from crowsnest.engine.wire import VIEW


def finished(rules_id: str, seed: int, options: dict[str, object]) -> AnyGame:
    game = new_game(rules_id, seed=seed, options=options)
    bot, rng = RandomBot(), random.Random(seed)
    while not game.is_over:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    return game


@pytest.mark.parametrize("rules_id", ["hearts", "rook/dixie", "rook/red-one"])
def test_replay_steps_of_other_games(rules_id: str) -> None:
    options: dict[str, object] = {} if rules_id == "hearts" else {"target": 100}
    game = finished(rules_id, 5, options)
    out = replay_steps(game.record())
    steps = out["steps"]
    assert out["final_scores"] == list(game.scores) and steps[-1]["totals"] == list(game.scores)
    assert len(steps) == 1 + len(game.log) + len(game.results) - 1
    ends = [s for s in steps if s["hand_end"]]
    assert [s["hand_end"]["totals"] for s in ends] == [list(r.totals) for r in game.results]
    for step in ends:
        assert step["hands"] == [[], [], [], []]
        if rules_id == "hearts" and step["hand_end"]["moon"] is None:
            # Points taken in the hand's tricks are what the hand scored.
            assert step["points_taken"] == step["hand_end"]["points"]
    if rules_id == "hearts":
        passes = [s for s in steps if s["action"] and s["action"]["text"].startswith("pass")]
        assert passes and all(s["passed"][s["action"]["seat"]] for s in passes)


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
def test_the_hand_over_step_is_the_game_at_its_hand_over_hook(rules_id: str) -> None:
    options: dict[str, object] = {} if rules_id == "hearts" else {"target": 150}
    game = finished(rules_id, 8, options)
    steps = replay_steps(game.record())["steps"]
    over = [s for s in steps if s["phase"] == "hand_over"]
    assert len(over) == len(game.results) - 1 >= 1
    totals = [list(r.totals) for r in game.results]
    for step, total in zip(over, totals, strict=False):
        assert step["actors"] == [] and step["leader"] is None and step["trick"] == []
        assert step["tricks_played"] == game.rules.hand_size
        assert step["totals"] == total == step["hand_end"]["totals"]
        assert step["action"] is not None and step["action"]["text"].startswith("play")
        if isinstance(game, RookGame):
            assert step["captured"] == step["hand_end"]["counted"]
            assert step["tricks_won"] == step["hand_end"]["tricks_won"]
        else:
            assert all(step["received"]) == (step["pass_direction"] != "none")


def test_on_hand_over_is_called_once_a_hand_before_the_next_deal() -> None:
    game = new_game("hearts", seed=2)
    seen: list[tuple[str, int, int]] = []
    game.on_hand_over = lambda: seen.append((game.phase, len(game.tricks), len(game.results)))
    bot, rng = RandomBot(), random.Random(2)
    while game.hand_number < 3:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    assert seen == [("hand_over", 13, 1), ("hand_over", 13, 2), ("hand_over", 13, 3)]


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
def test_each_step_carries_the_spectators_view_of_its_moment(rules_id: str) -> None:
    options: dict[str, object] = {} if rules_id == "hearts" else {"target": 150}
    game = finished(rules_id, 4, options)
    steps = replay_steps(game.record())["steps"]
    for step in steps:
        view = VIEW.validate_python(step["view"])
        assert view["seat"] is None and view["hand"] is None
        assert (view["phase"], view["hand_number"], view["totals"]) == (
            step["phase"],
            step["hand_number"],
            step["totals"],
        )
        assert view["hand_sizes"] == [len(hand) for hand in step["hands"]]
    assert steps[-1]["view"] == game.view(None).to_json()

"""The engine's frozen dataclasses go through pickle (to a bot's worker process) and
come back equal, by their constructor (crowsnest.engine.frozen): here from the source;
tests/test_native.py does the same under the compiled build."""

from __future__ import annotations

import pickle

import pytest

from crowsnest.engine import new_game
from crowsnest.engine.deals import Deal
from crowsnest.engine.rules import get_rules
from crowsnest.engine.scoring import HandResult, HandScore, RookHandResult, Standing
from crowsnest.engine.tricks import trick_tables

OBJECTS = [
    Deal((1, 2, 4, 8), 16),
    Standing(seat=2, team=0, score=120, won=True, made=1, went_set=2, place=1),
    HandResult((0, 26, 0, 0), None, (3, 40, 9, 12)),
    HandScore((80, 40), True, (80, 40)),
    RookHandResult(0, 80, 1, (95, 25), 10, 0, (7, 6), True, (95, 25), (95, 25)),
    trick_tables(get_rules("rook/crowsnest"), trump=2),
    trick_tables(get_rules("hearts")),
]


@pytest.mark.parametrize("obj", OBJECTS, ids=lambda o: type(o).__name__)
def test_a_frozen_result_round_trips(obj: object) -> None:
    back = pickle.loads(pickle.dumps(obj))
    assert back == obj and type(back) is type(obj)


def test_a_finished_games_standings_round_trip() -> None:
    game = new_game("hearts", seed=1)
    assert pickle.loads(pickle.dumps(game.standings())) == game.standings()

"""Real game records as test data (``tests/records/*.json``), as pokerkit keeps hand
histories: whole games the bots played, and the edge cases (a Hearts moon, a Rook
contract set, a redeal after four passes, games with options).

Each replays to the very record it came from, every hand scores as stored, the game
ends with the stored scores and winner, and every view on the way (each seat's and
a spectator's) is JSON. The files are written by ``tests/records/make_records.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crowsnest.engine import HeartsGame, RookGame, new_game, replay

FOLDER = Path(__file__).resolve().parents[1] / "records"
FILES = sorted(FOLDER.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_records_of_every_rule_set_and_edge_case() -> None:
    records = [load(path)["record"] for path in FILES]
    rules = {r["rules"] for r in records}
    assert len(rules) == 8 and all(
        sum(r["rules"] == rules_id for r in records) >= 2 for rules_id in rules
    )
    names = {path.stem for path in FILES}
    assert {"hearts-moon", "crowsnest-set", "crowsnest-redeal", "crowsnest-no-bird"} <= names


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_record_replays_to_itself_and_its_scores(path: Path) -> None:
    data = load(path)
    record = data["record"]
    game = replay(record)
    assert game.record() == record
    assert game.is_over and game.phase == "over"
    assert [r.to_json() for r in game.results] == data["hands"]
    assert list(game.scores) == data["scores"]
    assert game.winner == data["winner"]


@pytest.mark.slow  # about 5,000 steps of five views each
@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_every_view_of_a_record_is_json(path: Path) -> None:
    record = load(path)["record"]
    game = new_game(
        record["rules"],
        options=record["options"],
        seed=record["seed"],
        deals=record["deals"],
        start_hand=record["start_hand"],
    )

    def views_are_json() -> None:
        for viewer in (0, 1, 2, 3, None):
            view = game.view(viewer).to_json()
            assert json.loads(json.dumps(view, allow_nan=False)) == view

    for seat, action in record["actions"]:
        views_are_json()
        game.apply(seat, action)
    views_are_json()
    assert game.is_over


def test_the_edge_cases_show_what_they_are_kept_for() -> None:
    moon = replay(load(FOLDER / "hearts-moon.json")["record"])
    assert isinstance(moon, HeartsGame) and any(r.moon is not None for r in moon.results)
    contract_set = replay(load(FOLDER / "crowsnest-set.json")["record"])
    assert isinstance(contract_set, RookGame)
    assert any(not r.made and r.score[r.declarer % 2] == -r.bid for r in contract_set.results)
    redeal = replay(load(FOLDER / "crowsnest-redeal.json")["record"])
    assert isinstance(redeal, RookGame) and len(redeal.deals) > len(redeal.results)
    no_bird = replay(load(FOLDER / "crowsnest-no-bird.json")["record"])
    assert isinstance(no_bird, RookGame) and not no_bird.rules.bird
    assert all("CROW" not in str(action) for _, action in no_bird.log)

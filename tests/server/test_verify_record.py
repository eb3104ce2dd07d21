"""``crowsnest verify`` checks the whole record of a game played on a real server:
its deals, every action, and the end it states; a record cut short or altered is
NOT VERIFIED, with the reason."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest

from crowsnest.ai.protocol import legal_to_json
from crowsnest.cli import main
from crowsnest.engine import new_game
from crowsnest.server.store.rows import SeatRow, TableRow
from crowsnest.server.store.store import Store

from .helpers import ServerProcess, create_table, http, scripted_action


def _finished(server: ServerProcess) -> dict[str, Any]:
    created = create_table(
        server.base, rules="rook/crowsnest", options={"target": 50}, seats=["bot"] * 4
    )
    path = f"/api/tables/{created['table']['id']}/record"
    deadline = time.monotonic() + 60
    while (answer := http(server.base, "GET", path))[0] != 200:
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)
    record: dict[str, Any] = answer[1]
    return record


def _verify(
    record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code = main(["verify", str(path)])
    return code, capsys.readouterr().out


def test_verify_checks_the_play_and_the_end(
    server: ServerProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _finished(server)
    cut = dict(record, actions=record["actions"][:-3])
    code, out = _verify(cut, tmp_path, capsys)
    assert code == 1, out
    assert f"NOT VERIFIED: the game is not over after the record's {len(cut['actions'])}" in out
    assert "its last actions are missing" in out

    end = record["end"]
    assert end["actions"] == len(record["actions"]) and len(end["scores"]) == 2
    code, out = _verify(record, tmp_path, capsys)
    assert code == 0, out
    assert f"{len(record['actions'])} actions to the end" in out.splitlines()[-1]

    scores = copy.deepcopy(record)
    scores["end"]["scores"] = [s + 10 for s in end["scores"]]
    code, out = _verify(scores, tmp_path, capsys)
    assert code == 1 and "NOT VERIFIED: the record states scores" in out

    winner = copy.deepcopy(record)
    winner["end"]["winner"] = 1 - end["winner"]
    code, out = _verify(winner, tmp_path, capsys)
    assert code == 1 and "NOT VERIFIED: the record states winner" in out

    endless = {k: v for k, v in record.items() if k != "end"}
    code, out = _verify(endless, tmp_path, capsys)
    assert code == 1 and "NOT VERIFIED: the record states no end" in out

    changed = copy.deepcopy(record)
    changed["actions"][-1] = [changed["actions"][-1][0], "bid pass"]
    code, out = _verify(changed, tmp_path, capsys)
    assert code == 1 and "NOT VERIFIED: the record does not replay" in out


def test_the_servers_check_agrees(server: ServerProcess) -> None:
    created = create_table(server.base, rules="hearts", seats=["bot"] * 4)
    path = f"/api/tables/{created['table']['id']}/verify"
    deadline = time.monotonic() + 60
    while (answer := http(server.base, "GET", path))[0] != 200:
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)
    assert answer[1]["verified"] is True and answer[1]["problems"] == []


def test_a_record_from_before_ends_states_its_stored_scores(tmp_path: Path) -> None:
    """Served, a record written before records stated their end states the final
    scores stored with it, which verify checks the replay against."""
    game = new_game("hearts", seed=3)
    while not game.is_over:
        seat = min(game.actors)
        legal = legal_to_json(game.legal_actions(seat), game.rules.family)
        game.apply(seat, scripted_action(seat, len(game.log), legal))
    record = game.record()
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    store.migrate()
    with store.begin() as conn:
        Store.create_table(
            conn,
            TableRow("old", "hearts", {}, 3, "normal", True, None, 60.0, 0.0, "playing"),
            [SeatRow(i, "bot", "Ada", None) for i in range(4)],
        )
        Store.finish(conn, "old", record, [], list(game.scores))
    served = store.record("old")
    store.close()
    assert served is not None and served["end"] == {"scores": list(game.scores)}

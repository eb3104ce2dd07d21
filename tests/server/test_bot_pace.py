"""A bot thinks while the table's pace runs: its search starts as soon as its turn
comes, and its move is made when the pace is up (or when it has decided, if later),
so a player waits for the pace they chose, not for the pace and the search."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings

from . import unreliable
from .test_server_protocol import receive, send, take_seat

PACE = 3.0


def test_a_bot_decides_during_the_pace_and_moves_when_it_is_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = tmp_path / "started"
    monkeypatch.setenv(unreliable.STARTED, str(started))
    with TestClient(create_app(Settings(data_dir=tmp_path))) as client:
        client.app.state.hub.bots.decide = unreliable.slow  # type: ignore[attr-defined]
        body = {"rules": "rook/crowsnest", "level": "hard", "timer": "off", "seed": 5}
        body |= {"seats": ["bot", "human", "bot", "bot"], "bot_delay": PACE}
        table_id = client.post("/api/tables", json=body).json()["table"]["id"]
        token = take_seat(client, table_id, 1)
        arrived: dict[int, float] = {}
        acted_at = 0.0
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            send(ws, type="hello", version=3, token=token)
            mine = 0
            while len(arrived) < 2:
                message: dict[str, Any] = receive(ws)
                if message["type"] != "state":
                    continue
                if mine and message["seq"] > mine:
                    arrived.setdefault(message["seq"], time.time())
                if message["legal"] and not mine:  # seat 1's bid, after seat 0's
                    acted_at = time.time()
                    send(ws, type="action", seq=message["seq"], action="bid pass")
                    mine = message["seq"] + 1
            # The next bot is thinking now: let it finish before the server stops, so
            # that no search is cut off in a worker process.
            until = time.monotonic() + 10
            while len(started.read_text().splitlines()) < 3 and time.monotonic() < until:
                time.sleep(0.1)
            time.sleep(1.5)
    starts = dict(line.split() for line in started.read_text().splitlines())
    # Seat 2's search (on the state seat 1's pass made) began at once, not after the pace,
    first = float(starts[str(mine)])
    assert first - acted_at < PACE / 2
    # and its bid came when the pace was up: the second of thinking hid in it.
    assert arrived[mine + 1] - acted_at >= PACE - 0.2

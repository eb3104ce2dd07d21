"""Spectators: one's coming or going sends nobody a message (the count rides on the
table info and the next presence), and a table takes ``max_spectators`` at most."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient, WebSocketTestSession

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings

from .test_server_protocol import ALL_HUMANS, new_table, receive, send, take_seat


def hello(ws: WebSocketTestSession, token: str | None = None) -> None:
    send(ws, type="hello", version=1, token=token)


def test_a_spectator_sends_no_message_to_the_others(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=ALL_HUMANS)
    tokens = [take_seat(client, table_id, seat) for seat in range(4)]
    with client.websocket_connect(f"/ws/{table_id}") as player:
        hello(player, tokens[0])
        assert [receive(player)["type"] for _ in range(3)] == ["welcome", "state", "presence"]
        for _ in range(3):
            with client.websocket_connect(f"/ws/{table_id}") as watcher:
                hello(watcher)
                welcome = receive(watcher)
                assert welcome["role"] == "spectator" and welcome["table"]["spectators"] == 1
                assert receive(watcher)["type"] == "state"
        with client.websocket_connect(f"/ws/{table_id}") as watcher:
            hello(watcher)
            assert [receive(watcher)["type"] for _ in range(2)] == ["welcome", "state"]
            send(player, type="ping")
            assert receive(player) == {"type": "pong"}  # no presence came before it
            with client.websocket_connect(f"/ws/{table_id}") as other:
                hello(other, tokens[1])
                presence = receive(player)
            assert presence["type"] == "presence" and presence["spectators"] == 1
        assert client.get(f"/api/tables/{table_id}").json()["spectators"] == 0


def test_spectators_are_capped(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, bot_delay=0, max_spectators=2)
    with TestClient(create_app(settings)) as client:
        table_id = new_table(client, rules="hearts", seats=ALL_HUMANS)
        with (
            client.websocket_connect(f"/ws/{table_id}") as first,
            client.websocket_connect(f"/ws/{table_id}") as second,
            client.websocket_connect(f"/ws/{table_id}") as third,
        ):
            for ws in (first, second):
                hello(ws)
                assert receive(ws)["type"] == "welcome"
            hello(third)
            refused = receive(third)
            assert refused["type"] == "error" and refused["code"] == "spectators_full"
            token = take_seat(client, table_id, 0)
            with client.websocket_connect(f"/ws/{table_id}") as player:
                hello(player, token)
                assert receive(player)["type"] == "welcome"  # players are not spectators

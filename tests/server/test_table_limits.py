"""Table creation is rate limited per client address, tables that wait too long for
their players expire, and the lobby is paged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings

from .test_server_protocol import ALL_HUMANS, take_seat


def app_client(tmp_path: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(data_dir=tmp_path, bot_delay=0, **settings)))


def test_creation_is_limited_per_client(tmp_path: Path) -> None:
    with app_client(tmp_path, create_burst=3, create_rate=0.01) as client:
        answers = [client.post("/api/tables", json={}) for _ in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        assert answers[3].json()["error"]["code"] == "rate_limited"
        assert int(answers[3].headers["Retry-After"]) >= 1


def test_waiting_tables_expire(tmp_path: Path) -> None:
    with app_client(tmp_path, waiting_expiry=1) as client:
        waiting = client.post("/api/tables", json={"seats": ALL_HUMANS}).json()["table"]["id"]
        playing = client.post("/api/tables", json={"grace": 600}).json()["table"]["id"]
        take_seat(client, playing, 0)
        with client.websocket_connect(f"/ws/{waiting}") as watcher:
            watcher.send_json({"type": "hello", "version": 1})
            assert watcher.receive_json()["type"] == "welcome"
            assert watcher.receive_json()["type"] == "state"
            closing = watcher.receive_json()  # within about 1.25 s
        assert closing["type"] == "error" and closing["code"] == "table_expired"
        gone = client.get(f"/api/tables/{waiting}")
        assert gone.status_code == 404 and gone.json()["error"]["code"] == "table_not_found"
        assert [t["id"] for t in client.get("/api/tables").json()] == [playing]
        assert client.get(f"/api/tables/{playing}").json()["status"] == "playing"
    with app_client(tmp_path) as client:  # an expired table is not rebuilt at start
        assert client.get(f"/api/tables/{waiting}").status_code == 404


def test_the_lobby_is_paged_in_its_order(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        ids = [
            client.post("/api/tables", json={"seats": ALL_HUMANS}).json()["table"]["id"]
            for _ in range(5)
        ][::-1]  # newest first
        client.post("/api/tables", json={"seats": ALL_HUMANS, "public": False})
        whole = client.get("/api/tables")
        assert [t["id"] for t in whole.json()] == ids and whole.headers["X-Total-Count"] == "5"
        pages = [client.get("/api/tables", params={"limit": 2, "offset": o}) for o in (0, 2, 4)]
        assert [t["id"] for p in pages for t in p.json()] == ids
        assert [len(p.json()) for p in pages] == [2, 2, 1]
        assert client.get("/api/tables", params={"limit": 0}).status_code == 400
        assert client.get("/api/tables", params={"limit": 201}).status_code == 400

"""``CROWSNEST_ALLOWED_HOSTS``: with a list, any other Host header is refused (DNS
rebinding gets nothing), over HTTP and on the websocket."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings


def test_only_the_allowed_hosts_are_answered(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, allowed_hosts="cards.example, *.cards.example")
    with TestClient(create_app(settings), base_url="http://cards.example") as client:
        assert client.get("/healthz").status_code == 200
        assert client.get("/healthz", headers={"Host": "eu.cards.example"}).status_code == 200
        refused = client.get("/api/tables", headers={"Host": "rebound.attacker.example"})
        assert refused.status_code == 400
        table_id = client.post("/api/tables", json={}).json()["table"]["id"]
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(f"/ws/{table_id}", headers={"Host": "127.0.0.1:8000"}),
        ):
            pass


def test_any_host_without_a_list(client: TestClient) -> None:
    assert client.get("/healthz", headers={"Host": "whatever.example"}).status_code == 200

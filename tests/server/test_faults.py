"""Faults: a failed write backs off and restores only its table, which meanwhile
answers the retryable ``table_unavailable``; the failure is logged once a minute per
table; readers never see an action before it is committed; JSON nested too deep to
read is ``bad_json``."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Connection
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.store import Store
from crowsnest.server.table.log import Accepted, Fact

from .test_server_protocol import ALL_HUMANS, a_pass, receive, receive_until, send, take_seat

REAL_APPEND = Store.append


class Disk:
    """Store.append, failing (or first waiting for ``gate``) for the table ``bad``."""

    def __init__(self) -> None:
        self.bad: str | None = None
        self.gate: threading.Event | None = None
        self.failed = 0

    def append(
        self,
        conn: Connection,
        entries: Sequence[tuple[str, Accepted]],
        fences: Mapping[str, int] | None = None,
        facts: Sequence[tuple[str, int, Sequence[Fact]]] = (),
    ) -> None:
        if any(table_id == self.bad for table_id, _ in entries):
            if self.gate is not None:
                self.gate.wait(10)
            self.failed += 1
            raise OSError(28, "No space left on device")
        REAL_APPEND(conn, entries, fences, facts)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    disk = Disk()
    monkeypatch.setattr(Store, "append", staticmethod(disk.append))
    return disk


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(data_dir=tmp_path, bot_delay=0, grace=600))) as client:
        yield client


def hearts(client: TestClient) -> tuple[str, list[str]]:
    table_id = client.post("/api/tables", json={"rules": "hearts", "seats": ALL_HUMANS})
    tid = table_id.json()["table"]["id"]
    return tid, [take_seat(client, tid, seat) for seat in range(4)]


def hello(ws: WebSocketTestSession, token: str) -> dict[str, Any]:
    send(ws, type="hello", version=1, token=token)
    assert receive(ws)["type"] == "welcome"
    return receive_until(ws, "state")


def fail_one_action(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """Act at the table; the write fails: the error the connection is closed with."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, token)
        send(ws, type="action", seq=state["seq"], action=a_pass(state))
        return receive_until(ws, "error")


def test_a_failed_write_makes_only_its_table_unavailable_for_a_while(
    app_client: TestClient, disk: Disk, caplog: pytest.LogCaptureFixture
) -> None:
    client = app_client
    table_id, tokens = hearts(client)
    other_id, _ = hearts(client)
    disk.bad = table_id
    caplog.set_level(logging.ERROR, logger="crowsnest.table")
    error = fail_one_action(client, table_id, tokens[0])
    assert error["code"] == "table_unavailable" and error["args"]["retry_after"] >= 1
    info = client.get(f"/api/tables/{table_id}")
    assert info.status_code == 503 and info.json()["error"]["code"] == "table_unavailable"
    assert int(info.headers["Retry-After"]) >= 1
    join = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert join.json()["error"]["code"] == "table_unavailable"
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=1, token=tokens[1])
        refused = receive(ws)
        assert refused["code"] == "table_unavailable" and refused["args"]["retry_after"] >= 1
        with pytest.raises(WebSocketDisconnect) as closed:  # try again later: the client does
            ws.receive_text()
        assert closed.value.code == 1013
    assert client.get(f"/api/tables/{other_id}").status_code == 200  # only that table
    deadline = time.monotonic() + 5
    while (back := client.get(f"/api/tables/{table_id}")).status_code == 503:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert back.json()["seq"] == 0  # the failed action is not there
    start = time.monotonic()
    fail_one_action(client, table_id, tokens[0])  # the second failure in a row waits longer
    while client.get(f"/api/tables/{table_id}").status_code == 503:
        time.sleep(0.05)
    assert time.monotonic() - start >= 0.9
    assert disk.failed >= 2
    failed = [r for r in caplog.records if r.getMessage() == "store_failed"]
    assert len(failed) == 1  # once per table per minute


def test_a_claim_that_cannot_be_stored_is_refused_and_the_seat_stays_free(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat is taken only once the log holds its claim: a failed write answers the
    retryable ``table_unavailable``, and the table, rebuilt from what was committed,
    has the seat free for the next player (and no token of the refused one works)."""
    client = app_client
    created = client.post("/api/tables", json={"rules": "hearts", "seats": ALL_HUMANS})
    table_id = created.json()["table"]["id"]
    first = take_seat(client, table_id, 1)
    real = Store.append_facts

    def full(
        conn: Connection, tid: str, seq: int, facts: Sequence[Fact], first: int | None = None
    ) -> None:
        if tid == table_id:
            raise OSError(28, "No space left on device")
        real(conn, tid, seq, facts, first)

    monkeypatch.setattr(Store, "append_facts", staticmethod(full))
    refused = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann", "seat": 0})
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "table_unavailable"
    assert int(refused.headers["Retry-After"]) >= 1
    monkeypatch.setattr(Store, "append_facts", staticmethod(real))
    deadline = time.monotonic() + 5
    while (back := client.get(f"/api/tables/{table_id}")).status_code == 503:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    seats = back.json()["seats"]
    assert not seats[0]["claimed"] and seats[1]["claimed"] and seats[1]["name"] is not None
    again = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 0})
    assert again.status_code == 200 and again.json()["seat"] == 0
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # the first claim still holds
        assert hello(ws, first)["seq"] == 0


def test_readers_see_only_committed_actions(app_client: TestClient, disk: Disk) -> None:
    client = app_client
    table_id, tokens = hearts(client)
    disk.bad, disk.gate = table_id, threading.Event()
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, tokens[0])
        send(ws, type="action", seq=state["seq"], action=a_pass(state))
        time.sleep(0.3)  # the write is under way (held at the gate)
        threading.Timer(0.5, disk.gate.set).start()
        watch = client.get(f"/api/tables/{table_id}/watch")
        info = client.get(f"/api/tables/{table_id}")
    for answer in (watch, info):
        body = answer.json()
        assert answer.status_code == 503 or body["seq"] == 0, body


def test_json_nested_too_deep_is_bad_json(app_client: TestClient) -> None:
    client = app_client
    table_id, tokens = hearts(client)
    deep = "[" * 2000 + "]" * 2000
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, tokens[0])
        ws.send_text('{"type": "action", "seq": 0, "action": ' + deep + "}")
        error = receive_until(ws, "error")
    assert error["code"] == "bad_json"
    answer = client.post("/api/tables", content=deep, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"

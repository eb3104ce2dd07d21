"""Fuzzing against a real server process: schemathesis over every operation of the
OpenAPI document (no answer is a 5xx), and hypothesis-generated websocket messages
(no ``internal_error``, and the game does not change). Bounded: about a minute."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.core.result import Ok
from websockets.sync.client import ClientConnection, connect

from crowsnest.server.models.client_messages import CLIENT_TYPES

from .helpers import ServerProcess, create_table, http, join, ws_url

EXAMPLES = 12
"""Examples per HTTP operation."""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # The fuzzer is one address making thousands of requests, each a new player (no
    # cookie): the per-address limits are lifted so the later fixtures can still join.
    env = {
        "CROWSNEST_RATE_BURST": "100000",
        "CROWSNEST_IDENTITY_BURST": "100000",
        "CROWSNEST_GRACE": "600",
    }
    server = ServerProcess(tmp_path_factory.mktemp("fuzz"), env).start()
    yield server
    server.stop()


def test_no_http_answer_is_a_server_error(fuzzed: ServerProcess) -> None:
    api = schemathesis.openapi.from_url(f"{fuzzed.base}/openapi.json")
    operations = []
    for result in api.get_all_operations():
        assert isinstance(result, Ok), result  # every operation of the document is valid
        operations.append(result.ok())
    assert len(operations) >= 12
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def check(case: Any) -> None:
            response = case.call(timeout=30)
            assert response.status_code < 500 or response.json()["error"]["code"] == "hints_busy", (
                case.method,
                case.formatted_path,
                response.status_code,
                response.text[:300],
            )

        check()


# -- websocket messages -------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.sampled_from(["type", "seq", "action", "version", "token", "invite", "x"])
MESSAGE = st.one_of(
    st.fixed_dictionaries(
        # `leave` is left out: leaving is meant to change the seat (test_people_*).
        {"type": st.sampled_from([*(t for t in CLIENT_TYPES if t != "leave"), "dance", ""])},
        optional={
            "seq": st.integers(-5, 10**12) | JSON,
            "action": st.text(max_size=60) | JSON,
            "version": st.integers(-1, 3) | JSON,
            "token": st.text(max_size=40) | JSON,
        },
    ).map(json.dumps),
    st.dictionaries(FIELDS, JSON, max_size=5).map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=200),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.binary(max_size=64),
)


@pytest.fixture(scope="module")
def seated(fuzzed: ServerProcess) -> Iterator[tuple[str, ClientConnection]]:
    """A Rook table of four humans, seat 2 connected: it is not its turn, so nothing
    it sends may change the game."""
    table_id = create_table(fuzzed.base, rules="rook/crowsnest", seats=["human"] * 4)["table"]["id"]
    tokens = [join(fuzzed.base, table_id, seat=seat)["token"] for seat in range(4)]
    with connect(ws_url(fuzzed.base, table_id), max_size=1 << 22) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "token": tokens[2]}))
        assert json.loads(ws.recv(10))["type"] == "welcome"
        assert json.loads(ws.recv(10))["type"] == "state"
        assert json.loads(ws.recv(10))["type"] == "presence"
        yield table_id, ws


@given(message=MESSAGE)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_websocket_message_is_an_internal_error(
    seated: tuple[str, ClientConnection], message: str | bytes
) -> None:
    _, ws = seated
    ws.send(message)
    answer = json.loads(ws.recv(10))
    assert answer.get("code") != "internal_error", (message, answer)
    assert answer["type"] in ("error", "state", "pong"), answer


def test_the_fuzzed_game_is_unchanged(
    fuzzed: ServerProcess, seated: tuple[str, ClientConnection]
) -> None:
    table_id, ws = seated
    status, info = http(fuzzed.base, "GET", f"/api/tables/{table_id}")
    assert status == 200 and info["seq"] == 0 and info["status"] == "playing"
    ws.send(json.dumps({"type": "ping"}))
    assert json.loads(ws.recv(10)) == {"type": "pong"}  # the connection still serves
    assert not [line for line in fuzzed.log_lines() if line.get("event") == "internal_error"]

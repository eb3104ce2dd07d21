"""The websocket protocol in process (Starlette's TestClient): every message type and
every error code, and that an error changes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from crowsnest.server.faces import ws as ws_module
from crowsnest.server.live.hub import Hub
from crowsnest.server.models.server_messages import server_message_adapter

ALL_HUMANS = ["human", "human", "human", "human"]


def new_table(client: TestClient, **body: Any) -> str:
    # No turn timer unless asked: a state's `time_left` would count down between reads.
    response = client.post("/api/tables", json={"timer": "off", **body})
    assert response.status_code == 201, response.json()
    table_id: str = response.json()["table"]["id"]
    return table_id


def take_seat(client: TestClient, table_id: str, seat: int | None = None, **body: Any) -> str:
    response = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Ann", "seat": seat, **body}
    )
    assert response.status_code == 200, response.json()
    token: str = response.json()["token"]
    return token


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    server_message_adapter.validate_python(message)  # every message fits its schema
    return message


def receive_until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    while True:
        message = receive(ws)
        if message["type"] == kind:
            return message


def send(ws: WebSocketTestSession, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def error_code(ws: WebSocketTestSession, **message: Any) -> str:
    send(ws, **message)
    error = receive_until(ws, "error")
    assert "Traceback" not in error["message"]
    code: str = error["code"]
    return code


@contextmanager
def seated(
    client: TestClient, table_id: str, token: str | None = None, **hello: Any
) -> Iterator[tuple[WebSocketTestSession, dict[str, Any]]]:
    """A connection that has said hello; yields it and its first state."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=1, token=token, **hello)
        welcome = receive(ws)
        assert welcome["type"] == "welcome", welcome
        state = receive(ws)
        assert state["type"] == "state"
        yield ws, state


@pytest.fixture
def hearts_table(client: TestClient) -> tuple[str, list[str]]:
    """A Hearts table of four human seats, all claimed, nobody connected."""
    table_id = new_table(client, rules="hearts", seats=ALL_HUMANS)
    return table_id, [take_seat(client, table_id, seat) for seat in range(4)]


def a_pass(state: dict[str, Any]) -> str:
    (choose,) = state["legal"]
    return "pass " + " ".join(choose["from"][:3])


# -- message types -----------------------------------------------------------------------


def test_hello_as_a_player_gets_welcome_state_and_presence(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=1, token=tokens[2])
        welcome, state, presence = receive(ws), receive(ws), receive(ws)
    assert welcome["type"] == "welcome" and welcome["seat"] == 2 and welcome["role"] == "player"
    assert welcome["version"] == 1 and welcome["table"]["id"] == table_id
    assert state["seq"] == 0 and state["status"] == "playing"
    assert len(state["view"]["hand"]) == 13 and state["legal"][0]["choose"] == "pass"
    assert presence["type"] == "presence" and presence["seats"][2]["connected"]


def test_hello_without_token_watches_and_sees_no_hand(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, _ = hearts_table
    with seated(client, table_id) as (_, state):
        assert state["view"]["hand"] is None and state["legal"] == []
        assert state["view"]["seat"] is None


def test_an_action_reaches_every_seat_and_spectator_with_its_own_events(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with (
        seated(client, table_id, tokens[0]) as (ws0, state0),
        seated(client, table_id, tokens[1]) as (ws1, _),
        seated(client, table_id) as (watcher, _),
    ):
        send(ws0, type="action", seq=state0["seq"], action=a_pass(state0))
        for ws in (ws0, ws1, watcher):
            state = receive_until(ws, "state")
            assert state["seq"] == 1
            assert state["events"] == [{"type": "passed", "seat": 0}]
        assert state["view"]["hand"] is None


def test_sync_resends_the_current_state(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, first):
        send(ws, type="sync")
        again = receive_until(ws, "state")
    assert again == first


def test_ping_gets_pong(client: TestClient, hearts_table: tuple[str, list[str]]) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, _):
        send(ws, type="ping")
        assert receive_until(ws, "pong") == {"type": "pong"}


def test_presence_follows_other_seats(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws0, _):
        receive_until(ws0, "presence")
        with seated(client, table_id, tokens[3]):
            assert receive_until(ws0, "presence")["seats"][3]["connected"]
        assert not receive_until(ws0, "presence")["seats"][3]["connected"]


def test_the_same_action_sent_twice_is_applied_once(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, state):
        message = {"type": "action", "seq": 0, "action": a_pass(state)}
        send(ws, **message)
        assert receive_until(ws, "state")["seq"] == 1
        assert error_code(ws, **message) == "duplicate"
        send(ws, type="sync")
        assert receive_until(ws, "state")["seq"] == 1


def test_a_pass_chosen_before_another_players_pass_still_counts(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with (
        seated(client, table_id, tokens[0]) as (ws0, state0),
        seated(client, table_id, tokens[1]) as (ws1, state1),
    ):
        send(ws0, type="action", seq=0, action=a_pass(state0))
        receive_until(ws1, "state")
        send(ws1, type="action", seq=0, action=a_pass(state1))  # answers seq 0, now 1
        assert receive_until(ws1, "state")["seq"] == 2


def test_bots_play_for_a_player_gone_past_the_grace_period(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", grace=0, bot_delay=0, seed=1)
    token = take_seat(client, table_id, 0)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{table_id}/record").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    with seated(client, table_id, token) as (ws, state):
        assert state["status"] == "over"
        assert error_code(ws, type="action", seq=state["seq"], action="play 2C") == "game_over"


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"seq": 1}', "bad_message"),
        ('{"type": 7}', "bad_message"),
        ('{"type": "action", "seq": "0", "action": "play 2C"}', "bad_message"),
        ('{"type": "action", "seq": 0}', "bad_message"),
        ('{"type": "action", "seq": -1, "action": "play 2C"}', "bad_message"),
        ('{"type": "action", "seq": 0, "action": "play 2C", "extra": 1}', "bad_message"),
        ('{"type": "ping", "seq": true}', "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "action", "seq": 0, "action": "dance"}', "malformed_action"),
        ('{"type": "action", "seq": 0, "action": "play R14"}', "unknown_card"),
        ('{"type": "action", "seq": 0, "action": "pass 2C 2C 3C"}', "duplicate_card"),
        ('{"type": "action", "seq": 0, "action": "play 2C"}', "wrong_action"),
        ('{"type": "action", "seq": 0, "action": "pass 2C 3C"}', "wrong_card_count"),
        ('{"type": "action", "seq": 5, "action": "pass 2C 3C 4C"}', "stale"),
        ('{"type": "hello", "version": 1}', "already_joined"),
    ],
)
def test_bad_messages_get_their_code_and_change_nothing(
    client: TestClient, hearts_table: tuple[str, list[str]], raw: str, code: str
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, before):
        ws.send_text(raw)
        error = receive_until(ws, "error")
        assert error["code"] == code and error["seq"] == 0
        assert error["args"] == ({"count": 3} if code == "wrong_card_count" else {})
        send(ws, type="sync")
        assert receive_until(ws, "state") == before


def test_not_your_turn_and_illegal_plays(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with (
        seated(client, table_id, tokens[0]) as (ws0, state0),
        seated(client, table_id, tokens[1]) as (ws1, state1),
        seated(client, table_id, tokens[2]) as (ws2, state2),
        seated(client, table_id, tokens[3]) as (ws3, state3),
    ):
        sockets, states = [ws0, ws1, ws2, ws3], [state0, state1, state2, state3]
        for ws, state in zip(sockets, states, strict=True):
            send(ws, type="action", seq=0, action=a_pass(state))
        for seat, ws in enumerate(sockets):
            states[seat] = receive_until(ws, "state")
            while states[seat]["seq"] < 4:
                states[seat] = receive_until(ws, "state")
        leader = states[0]["view"]["leader"]
        other = (leader + 1) % 4
        code = error_code(sockets[other], type="action", seq=4, action="play 2C")
        assert code == "not_your_turn"
        hand = states[leader]["view"]["hand"]
        missing = next(c for c in ("AS", "KS", "QS", "JS", "TS") if c not in hand)
        code = error_code(sockets[leader], type="action", seq=4, action=f"play {missing}")
        assert code == "card_not_in_hand"
        held = next(c for c in hand if c != "2C")
        code = error_code(sockets[leader], type="action", seq=4, action=f"play {held}")
        assert code == "must_lead_two_of_clubs"
        send(sockets[leader], type="action", seq=4, action="play 2C")
        assert receive_until(sockets[leader], "state")["seq"] == 5


def test_spectators_cannot_act(client: TestClient, hearts_table: tuple[str, list[str]]) -> None:
    table_id, _ = hearts_table
    with seated(client, table_id) as (ws, _):
        assert error_code(ws, type="action", seq=0, action="play 2C") == "not_seated"


def test_actions_wait_until_every_seat_is_taken(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=["human", "human", "bot", "bot"])
    token = take_seat(client, table_id, 0)
    with seated(client, table_id, token) as (ws, state):
        assert state["status"] == "waiting"
        assert error_code(ws, type="action", seq=0, action="pass 2C 3C 4C") == "not_started"


def test_hello_errors(client: TestClient, hearts_table: tuple[str, list[str]]) -> None:
    table_id, tokens = hearts_table
    other_table = new_table(client, rules="hearts", seats=ALL_HUMANS)
    other_token = take_seat(client, other_table, 0)
    private = new_table(client, rules="hearts", public=False)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        assert error_code(ws, type="ping") == "hello_first"
        assert error_code(ws, type="hello", version=4, token=tokens[0]) == "bad_version"
        assert error_code(ws, type="hello", version=1, token="x" * 43) == "bad_token"
        assert error_code(ws, type="hello", version=1, token=other_token) == "bad_token"
        # still able to say hello properly afterwards
        send(ws, type="hello", version=1, token=tokens[0])
        assert receive(ws)["type"] == "welcome"
    with client.websocket_connect("/ws/nope") as ws:
        assert error_code(ws, type="hello", version=1) == "table_not_found"
    with client.websocket_connect(f"/ws/{private}") as ws:
        assert error_code(ws, type="hello", version=1) == "bad_invite"
        assert error_code(ws, type="hello", version=1, invite="guess") == "bad_invite"


def test_private_table_invite_admits_a_spectator(client: TestClient) -> None:
    created = client.post("/api/tables", json={"rules": "hearts", "public": False}).json()
    with seated(client, created["table"]["id"], invite=created["invite"]) as (_, state):
        assert state["view"]["hand"] is None


def test_a_second_connection_replaces_the_first(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with (
        seated(client, table_id, tokens[0]) as (first, _),
        seated(client, table_id, tokens[0]) as (second, _),
    ):
        assert receive_until(first, "error")["code"] == "replaced"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(first, "never")
        assert closed.value.code == 4000
        send(second, type="ping")
        assert receive_until(second, "pong")["type"] == "pong"


def test_too_large_and_binary_frames(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, before):
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 5000}))
        assert receive_until(ws, "error")["code"] == "too_large"
        ws.send_bytes(b'{"type": "ping"}')
        assert receive_until(ws, "error")["code"] == "bad_message"
        send(ws, type="sync")
        assert receive_until(ws, "state") == before


def test_floods_are_rate_limited(client: TestClient, hearts_table: tuple[str, list[str]]) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, _):
        for _ in range(60):
            send(ws, type="ping")
        codes = []
        for _ in range(60):
            message = receive(ws)
            while message["type"] == "presence":
                message = receive(ws)
            codes.append(message.get("code", message["type"]))
        assert codes.count("rate_limited") >= 5 and codes.count("pong") >= 35
        assert codes.count("rate_limited") + codes.count("pong") == 60


def test_endless_floods_close_the_connection(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, _), pytest.raises(WebSocketDisconnect) as err:
        for _ in range(1000):
            send(ws, type="ping")
        while True:
            receive(ws)
    assert err.value.code == 1008


def test_silent_connections_are_closed(
    client: TestClient, hearts_table: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ws_module, "HELLO_TIMEOUT", 0.1)
    table_id, _ = hearts_table
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        assert receive(ws)["code"] == "hello_timeout"
        with pytest.raises(WebSocketDisconnect):
            receive(ws)


def test_a_failure_is_an_internal_error_without_details(
    client: TestClient, hearts_table: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_args: object) -> None:
        raise RuntimeError("secret detail AS KS")

    table_id, tokens = hearts_table
    with seated(client, table_id, tokens[0]) as (ws, _):
        monkeypatch.setattr(Hub, "message", broken)
        send(ws, type="ping")
        error = receive_until(ws, "error")
        assert error["code"] == "internal_error" and "secret" not in error["message"]


def test_foreign_origins_are_refused(
    client: TestClient, hearts_table: tuple[str, list[str]]
) -> None:
    table_id, _ = hearts_table
    with (
        pytest.raises(WebSocketDisconnect) as err,
        client.websocket_connect(f"/ws/{table_id}", headers={"Origin": "https://evil.example"}),
    ):
        pass
    assert err.value.code == 1008
    same = {"Origin": "http://testserver"}
    with client.websocket_connect(f"/ws/{table_id}", headers=same) as ws:
        send(ws, type="hello", version=1)
        assert receive(ws)["type"] == "welcome"

"""Playing with people through the HTTP API and the websocket: seats
chosen and moved, the timer's default and setting, quick chat to version 2 clients
only, leaving, and the lobby's list."""

from __future__ import annotations

from starlette.testclient import TestClient

from .test_server_protocol import ALL_HUMANS, new_table, receive, receive_until, send, take_seat


def test_the_host_and_a_guest_choose_partner_seats(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest", seats=ALL_HUMANS, public=False)
    invite = client.get("/api/tables").json()  # private: not listed
    assert all(t["id"] != table_id for t in invite)
    created = client.post("/api/tables", json={"seats": ALL_HUMANS, "public": False}).json()
    table_id, code = created["table"]["id"], created["invite"]
    assert created["table"]["timer"] == "normal" and created["table"]["turn_seconds"] == 30
    take_seat(client, table_id, 1, invite=code)
    info = client.get(f"/api/tables/{table_id}", params={"invite": code}).json()
    assert [s["team"] for s in info["seats"]] == [0, 1, 0, 1]
    take_seat(client, table_id, 3, invite=code)  # the partner of seat 1
    taken = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 3, "invite": code}
    )
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"


def test_a_solo_table_has_no_timer_by_default_and_a_chosen_one_otherwise(
    client: TestClient,
) -> None:
    solo = client.post("/api/tables", json={}).json()["table"]
    assert solo["timer"] == "off" and solo["turn_seconds"] is None
    fast = client.post("/api/tables", json={"timer": "fast"}).json()["table"]
    assert fast["timer"] == "fast" and fast["turn_seconds"] == 15
    bad = client.post("/api/tables", json={"timer": "slow"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"


def test_moving_to_a_free_seat_while_waiting(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest", seats=ALL_HUMANS)
    ann = take_seat(client, table_id, 0)
    take_seat(client, table_id, 1)
    auth = {"Authorization": f"Bearer {ann}"}
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=2, token=ann)
        assert receive(ws)["seat"] == 0
        moved = client.post(f"/api/tables/{table_id}/move", json={"seat": 2}, headers=auth)
        assert moved.status_code == 200, moved.json()
        assert moved.json()["seats"][2]["name"] == "Ann" and not moved.json()["seats"][0]["claimed"]
        welcome = receive_until(ws, "welcome")
        assert welcome["seat"] == 2
    taken = client.post(f"/api/tables/{table_id}/move", json={"seat": 1}, headers=auth)
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    other = new_table(client, rules="rook/crowsnest", seats=ALL_HUMANS)
    stranger = client.post(f"/api/tables/{other}/move", json={"seat": 1}, headers=auth)
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "bad_token"
    for seat in (0, 3):
        take_seat(client, table_id, seat)
    started = client.post(f"/api/tables/{table_id}/move", json={"seat": 0}, headers=auth)
    assert started.status_code == 409 and started.json()["error"]["code"] == "not_waiting"


def test_quick_chat_reaches_version_2_connections_only(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=ALL_HUMANS)
    tokens = [take_seat(client, table_id, seat) for seat in range(4)]
    with (
        client.websocket_connect(f"/ws/{table_id}") as new,
        client.websocket_connect(f"/ws/{table_id}") as old,
    ):
        send(new, type="hello", version=2, token=tokens[0])
        assert receive(new)["version"] == 2
        send(old, type="hello", version=1, token=tokens[1])
        assert receive(old)["version"] == 1
        send(old, type="chat", key="thanks")
        assert receive_until(new, "chat") == {"type": "chat", "seat": 1, "key": "thanks"}
        send(old, type="ping")
        assert receive_until(old, "pong") == {"type": "pong"}  # no chat before it
        send(new, type="chat", key="free text")
        assert receive_until(new, "error")["code"] == "bad_message"
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 0


def test_a_left_or_closed_game_leaves_the_lobby_and_the_lobby_is_newest_first(
    client: TestClient,
) -> None:
    people = ["human", "human", "bot", "bot"]
    first = new_table(client, rules="hearts", seats=people)
    second = new_table(client, rules="hearts", seats=people)
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert listed.index(second) < listed.index(first)
    token = take_seat(client, first, 0)
    take_seat(client, first, 1)  # the game starts: listed while a player is at it
    with client.websocket_connect(f"/ws/{first}") as ws:
        send(ws, type="hello", version=2, token=token)
        receive_until(ws, "presence")
        assert first in [t["id"] for t in client.get("/api/tables").json()]  # in play
        send(ws, type="leave")
        gone = receive_until(ws, "presence")
        assert gone["seats"][0]["left"] and gone["seats"][0]["bot"]
    assert first not in [t["id"] for t in client.get("/api/tables").json()]
    # A game whose players closed it (nobody connected) is not in play either.
    for seat, tok in ((0, take_seat(client, second, 0)), (1, take_seat(client, second, 1))):
        with client.websocket_connect(f"/ws/{second}") as ws:
            send(ws, type="hello", version=2, token=tok)
            receive_until(ws, "presence")
            assert second in [t["id"] for t in client.get("/api/tables").json()], seat
    assert second not in [t["id"] for t in client.get("/api/tables").json()]

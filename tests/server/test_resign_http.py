"""Resign in Rook through the websocket: partners agree, the news goes to
the two partners on version 3 connections only, the game ends at once, its record
says so, and the resigning player's statistics and rating count a loss."""

from __future__ import annotations

from starlette.testclient import TestClient

from crowsnest.engine import replay

from .test_server_protocol import new_table, receive, receive_until, send, take_seat

PARTNERS = ["human", "human", "human", "bot"]


def test_partners_resign_together_and_the_record_says_so(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest", seats=PARTNERS)
    tokens = [take_seat(client, table_id, seat) for seat in (0, 1, 2)]
    with (
        client.websocket_connect(f"/ws/{table_id}") as ann,
        client.websocket_connect(f"/ws/{table_id}") as bo,
        client.websocket_connect(f"/ws/{table_id}") as cy,
    ):
        for ws, token, version in ((ann, tokens[0], 3), (bo, tokens[1], 3), (cy, tokens[2], 3)):
            send(ws, type="hello", version=version, token=token)
            assert receive(ws)["version"] == version
        send(ann, type="resign")
        proposed = receive_until(cy, "resign")
        assert proposed == {"type": "resign", "seat": 0, "status": "proposed", "seconds": 30.0}
        assert receive_until(ann, "resign")["status"] == "proposed"
        send(bo, type="resign_answer", accept=True)
        assert receive_until(bo, "error")["code"] == "not_your_team"
        send(cy, type="resign_answer", accept=True)
        for ws in (ann, bo, cy):
            state = receive_until(ws, "state")
            while state["status"] != "over":
                state = receive_until(ws, "state")
            assert state["view"]["resigned"] == 0 and state["view"]["winner"] == 1
            assert {"type": "resign", "seat": 0, "team": 0} in state["events"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["actions"][-1] == [0, "resign"]
    again = replay(record)
    assert (again.phase, again.winner) == ("over", 1)
    steps = client.get(f"/api/tables/{table_id}/replay").json()
    assert steps["winner"] == 1 and steps["steps"][-1]["action"] == {"seat": 0, "text": "resign"}


def test_an_older_partner_is_never_sent_the_news(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest", seats=PARTNERS)
    tokens = [take_seat(client, table_id, seat) for seat in (0, 1, 2)]
    with (
        client.websocket_connect(f"/ws/{table_id}") as new,
        client.websocket_connect(f"/ws/{table_id}") as old,
    ):
        send(new, type="hello", version=3, token=tokens[0])
        receive(new)
        send(old, type="hello", version=2, token=tokens[2])
        receive(old)
        send(new, type="resign")
        assert receive_until(new, "resign")["status"] == "proposed"
        send(old, type="ping")
        assert receive_until(old, "pong") == {"type": "pong"}  # no resign news before it
        for kind, extra in (("resign", {}), ("resign_answer", {"accept": True})):
            send(old, type=kind, **extra)
            refused = receive_until(old, "error")
            assert refused["code"] == "bad_message" and "version 3" in refused["message"]


def test_a_lone_human_resigns_and_it_counts_as_a_loss(client: TestClient) -> None:
    me = client.get("/api/me").json()
    table_id = new_table(client, rules="rook/crowsnest")
    token = take_seat(client, table_id, 0)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=3, token=token)
        receive(ws)
        send(ws, type="resign")
        state = receive_until(ws, "state")
        while state["status"] != "over":
            state = receive_until(ws, "state")
        assert state["view"]["resigned"] == 0
    [stats] = client.get(f"/api/players/{me['id']}").json()["stats"]
    assert (stats["games"], stats["wins"], stats["losses"], stats["left"]) == (1, 0, 1, 0)
    [rating] = client.get("/api/me").json()["ratings"]
    assert rating["games"] == 1


def test_a_private_game_moves_no_rating(client: TestClient) -> None:
    me = client.get("/api/me").json()
    created = client.post("/api/tables", json={"rules": "rook/crowsnest", "public": False})
    table_id, invite = created.json()["table"]["id"], created.json()["invite"]
    token = take_seat(client, table_id, 0, invite=invite)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        send(ws, type="hello", version=3, token=token)
        receive(ws)
        send(ws, type="resign")
        state = receive_until(ws, "state")
        while state["status"] != "over":
            state = receive_until(ws, "state")
    [stats] = client.get(f"/api/players/{me['id']}").json()["stats"]
    assert (stats["games"], stats["losses"]) == (1, 1)  # in the player's own statistics
    assert client.get("/api/me").json()["ratings"] == []

"""Who left a game, and when, is in its record (``left``, ``engine.wire.LeftJSON``) and
in the replay's seats."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from crowsnest.engine import replay
from crowsnest.engine.wire import RECORD
from crowsnest.server.models.client_messages import LeaveMessage

from .test_people_table import human_turn, rook
from .test_server_protocol import new_table, receive_until, send, take_seat
from .test_server_table import act

LEAVE = LeaveMessage(type="leave")


def test_the_record_says_who_left_and_at_which_seq() -> None:
    table = rook(("human", "human", "human", "bot"))
    assert "left" not in table.record()
    seat = human_turn(table, now=0.0)
    act(table, seat, table.seq, str(table.legal[seat][-1]))
    table.handle(2, LEAVE, now=2.0)
    table.handle(1, LEAVE, now=2.0)
    record = table.record()
    assert record["left"] == [{"seat": 1, "seq": 1}, {"seat": 2, "seq": 1}]
    assert RECORD.validate_python(record)["left"] == record["left"]
    assert replay(record).record() == {k: v for k, v in record.items() if k != "left"}


def test_the_finished_record_and_the_replay_show_who_left(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=["human", "human", "bot", "bot"])
    tokens = [take_seat(client, table_id, seat) for seat in (0, 1)]
    for token in tokens:
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            send(ws, type="hello", version=2, token=token)
            receive_until(ws, "presence")
            send(ws, type="leave")
            receive_until(ws, "presence")
    # Nobody human is left: the bots play the game out at once, in the background.
    end = time.monotonic() + 120
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.05)
    record = client.get(f"/api/tables/{table_id}/record").json()
    first, second = record["left"]
    # The bots may have played between the hello and the leave, and for seat 0 after it.
    assert (first["seat"], second["seat"]) == (0, 1) and 0 <= first["seq"] <= second["seq"]
    steps = client.get(f"/api/tables/{table_id}/replay").json()
    assert [s["left"] for s in steps["seats"]] == [first["seq"], second["seq"], None, None]

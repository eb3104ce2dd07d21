"""Finished games are cheap to serve, on a real server: a replay, a record's check and
a spectator's view of a finished game are computed once and then served as kept,
and the computations one client address causes are limited (another address is not
held up by it)."""

from __future__ import annotations

import time
from collections.abc import Callable

from .addresses import ANN, BO, Browser
from .helpers import ServerProcess, create_table, http


def _finished_games(server: ServerProcess, count: int, **body: object) -> list[str]:
    ids = [
        create_table(server.base, rules="hearts", seats=["bot"] * 4, **body)["table"]["id"]
        for _ in range(count)
    ]
    deadline = time.monotonic() + 90
    for table_id in ids:
        while http(server.base, "GET", f"/api/tables/{table_id}/record")[0] != 200:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    return ids


def test_finished_games_are_computed_once_and_limited_per_address(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(CROWSNEST_FINISHED_BURST="3", CROWSNEST_FINISHED_RATE="0.001")
    first, second, third = _finished_games(server, 3)
    ann, bo = Browser(server.base, ANN), Browser(server.base, BO)
    replays = [ann.get(f"/api/tables/{first}/replay") for _ in range(5)]
    assert {r.status for r in replays} == {200}  # computed once: one of three
    assert all(r.body == replays[0].body for r in replays)
    assert replays[0].body["table_id"] == first and replays[0].body["steps"]
    checks = [ann.get(f"/api/tables/{first}/verify") for _ in range(3)]  # two of three
    assert [c.status for c in checks] == [200] * 3 and checks[0].body["verified"]
    views = [ann.get(f"/api/tables/{first}/watch") for _ in range(3)]  # three of three
    assert [v.status for v in views] == [200] * 3
    assert views[0].body["status"] == "over" and views[0].body["view"]["phase"] == "over"
    assert views[0].body["seq"] == len(
        http(server.base, "GET", f"/api/tables/{first}/record")[1]["actions"]
    )
    limited = ann.get(f"/api/tables/{second}/replay")
    assert limited.status == 429 and limited.code == "rate_limited"
    assert int(limited.headers["Retry-After"]) >= 1
    assert ann.get(f"/api/tables/{first}/replay").status == 200  # kept: free
    assert bo.get(f"/api/tables/{second}/replay").status == 200  # another address
    assert bo.get(f"/api/tables/{third}/watch").status == 200
    assert bo.get(f"/api/tables/{third}/verify").body["verified"]


def test_a_finished_private_games_view_needs_its_invite(server: ServerProcess) -> None:
    created = create_table(server.base, rules="hearts", seats=["bot"] * 4, public=False)
    table_id, invite = created["table"]["id"], created["invite"]
    deadline = time.monotonic() + 90
    path = f"/api/tables/{table_id}/record?invite={invite}"
    while http(server.base, "GET", path)[0] != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    status, refused = http(server.base, "GET", f"/api/tables/{table_id}/watch")
    assert status == 403 and refused["error"]["code"] == "bad_invite"
    status, seen = http(server.base, "GET", f"/api/tables/{table_id}/watch?invite={invite}")
    assert status == 200 and seen["status"] == "over"
    status, missing = http(server.base, "GET", "/api/tables/nosuchtable/watch")
    assert status == 404 and missing["error"]["code"] == "table_not_found"

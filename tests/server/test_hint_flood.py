"""Hints under a flood, on a real server process: limited per seat and per client
address (429 ``rate_limited``), computed apart from (and after) the bots' moves, and
refused with the retryable ``hints_busy`` (503) when they cannot be served soon."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from .helpers import ServerProcess, create_table, http, join


def hint(base: str, table_id: str, token: str) -> tuple[int, str, str | None]:
    """(status, error code or "", Retry-After) of one hint request."""
    request = urllib.request.Request(f"{base}/api/tables/{table_id}/hint")
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, "", None
    except urllib.error.HTTPError as err:
        body: dict[str, Any] = json.loads(err.read())
        return err.code, body["error"]["code"], err.headers.get("Retry-After")


def seated(base: str, rules: str = "hearts", level: str = "hard") -> tuple[str, str]:
    table_id = create_table(base, rules=rules, level=level, grace=600)["table"]["id"]
    return table_id, join(base, table_id, seat=0)["token"]


def test_hints_are_limited_per_seat(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(CROWSNEST_HINT_BURST="2", CROWSNEST_HINT_RATE="0.1")
    table_id, token = seated(server.base, level="normal")
    answers = [hint(server.base, table_id, token) for _ in range(4)]
    assert [a[0] for a in answers[:2]] == [200, 200]
    assert answers[2][:2] == (429, "rate_limited") and int(answers[2][2] or 0) >= 1
    other_id, other = seated(server.base, level="normal")
    assert hint(server.base, other_id, other)[0] == 200  # another seat is not limited


def test_hints_are_limited_per_client(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(CROWSNEST_CLIENT_HINT_BURST="3", CROWSNEST_CLIENT_HINT_RATE="0.1")
    seats = [seated(server.base, level="normal") for _ in range(4)]
    codes = [hint(server.base, table_id, token)[:2] for table_id, token in seats]
    assert codes == [(200, "")] * 3 + [(429, "rate_limited")]


def test_a_hint_that_cannot_be_served_soon_says_so(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(CROWSNEST_HINT_TIMEOUT="0.05", CROWSNEST_HINT_QUEUE="1")
    table_id, token = seated(server.base)
    status, code, retry = hint(server.base, table_id, token)
    assert (status, code) == (503, "hints_busy") and retry is not None
    other_id, other = seated(server.base)
    assert hint(server.base, other_id, other)[:2] == (503, "hints_busy")  # the queue is full


def test_bots_keep_playing_through_a_hint_flood(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(  # the default limits
        CROWSNEST_HINT_RATE="0.5",
        CROWSNEST_HINT_BURST="3",
        CROWSNEST_CLIENT_HINT_RATE="2",
        CROWSNEST_CLIENT_HINT_BURST="10",
    )
    base = server.base
    bots = create_table(base, rules="hearts", level="hard", seats=["bot"] * 4)["table"]["id"]
    targets = [seated(base) for _ in range(8)]
    statuses: list[int] = []
    stop = 0.0

    def flood(table_id: str, token: str) -> None:
        while time.monotonic() < stop:
            status, _, _ = hint(base, table_id, token)
            statuses.append(status)

    deadline = time.monotonic() + 90
    while (before := http(base, "GET", f"/api/tables/{bots}")[1]["seq"]) < 6:
        assert time.monotonic() < deadline
        time.sleep(0.2)  # the pass is over: the bots' moves are timed searches now
    stop = time.monotonic() + 6
    threads = [threading.Thread(target=flood, args=t) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after = http(base, "GET", f"/api/tables/{bots}")[1]["seq"]
    assert set(statuses) <= {200, 429, 503} and 429 in statuses
    assert after - before >= 3, (before, after)  # about 2.5 a second unflooded

"""A hand review queued or running when the server stops is queued again when it
starts (``pending_reviews``): a real server is killed while a slow review
runs, and the next one on the same data reviews the hand."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from server.helpers import ServerProcess, create_table, join, ws_url
from server.test_review_server import FAST, play_until_reviewed, review

SLOW = {"CROWSNEST_REVIEW_WORLDS": "300"}
"""A review that takes seconds of CPU: still running when the server is killed."""


STARTUP = 120
"""Seconds a server may take to start on a loaded machine."""


def test_a_review_lost_in_a_restart_is_queued_again(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path, SLOW)
    try:
        first.start(timeout=STARTUP)
        table_id, ann = play_a_hand_and_kill(first)
    finally:
        first.stop()
    second = ServerProcess(tmp_path, FAST)
    try:
        second.start(timeout=STARTUP)
        deadline = time.monotonic() + 120
        while not (body := review(second.base, table_id, ann, hand=0)[1])["reviews"]:
            assert body["pending"] == [0], body  # on its way the whole time
            assert time.monotonic() < deadline, "the hand was not reviewed after the restart"
            time.sleep(0.1)
        (found,) = body["reviews"]
        assert (found["hand_number"], found["seat"]) == (0, 0)
        assert found["review"]["decisions"]
        assert body["pending"] == []
        events = [line.get("event") for line in second.log_lines()]
        assert "reviews_recovered" in events and "review_stored" in events
    finally:
        second.stop()


def play_a_hand_and_kill(server: ServerProcess) -> tuple[str, str]:
    """A Hearts table whose player plays the first hand; once its review is queued
    (and still running), the server is killed. (table id, the seat's token)."""
    created = create_table(server.base, rules="hearts", seed=3, grace=3600)
    table_id = created["table"]["id"]
    token = join(server.base, table_id, seat=0)["token"]
    asyncio.run(play_until_reviewed(ws_url(server.base, table_id), token, hand_end=True))
    deadline = time.monotonic() + 60
    while not any(line.get("event") == "review_queued" for line in server.log_lines()):
        assert time.monotonic() < deadline, "the review was never queued"
        time.sleep(0.05)
    status, body = review(server.base, table_id, token, hand=0)
    assert status == 200 and body["reviews"] == [] and body["pending"] == [0]
    server.kill9()
    return str(table_id), str(token)

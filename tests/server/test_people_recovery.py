"""The turn deadline is stored, not a sleeping task: a server killed with ``kill -9``
while a player's timer runs comes back with the same deadline, and a
player who left stays left."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import ClientConnection, connect

from .helpers import ServerProcess, create_table, join, ws_url

FAST = 10.0
"""Seconds of the `fast` timer in this test (the server's `turn_timers`)."""


def next_state(ws: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(ws.recv(max(0.1, end - time.monotonic())))
        if message["type"] == "state":
            return message


def timed_state(ws: ClientConnection) -> tuple[dict[str, Any], int]:
    """The first state in which a human seat's timer runs, and that seat."""
    while True:
        state = next_state(ws)
        running = [s for s in (0, 1) if state["time_left"][s] is not None]
        if running and state["status"] == "playing":
            return state, running[0]


def seen(base: str, table_id: str, token: str) -> None:
    """The player of ``token`` opens the table once (the turn timers wait until every
    player has seen the game), then goes."""
    with connect(ws_url(base, table_id)) as ws:
        ws.send(json.dumps({"type": "hello", "version": 2, "token": token}))
        next_state(ws)


@contextmanager
def watch(base: str, table_id: str) -> Iterator[ClientConnection]:
    with connect(ws_url(base, table_id)) as ws:
        ws.send(json.dumps({"type": "hello", "version": 2}))
        yield ws


def test_a_killed_server_keeps_the_running_turn_deadline(
    server_factory: Callable[..., ServerProcess],
) -> None:
    env = {"CROWSNEST_TURN_TIMERS": f"60,30,{FAST:g}", "CROWSNEST_GRACE": "3600"}
    first = server_factory(**env)
    table = create_table(
        first.base, rules="rook/crowsnest", seats=["human", "human", "bot", "bot"], timer="fast"
    )["table"]
    table_id = table["id"]
    for token in [join(first.base, table_id, seat=seat)["token"] for seat in (0, 1)]:
        seen(first.base, table_id, token)
    with watch(first.base, table_id) as ws:
        state, seat = timed_state(ws)
    deadline = time.monotonic() + state["time_left"][seat]
    seq = state["seq"]
    first.kill9()

    second = server_factory(first.data_dir, **env)
    with watch(second.base, table_id) as ws:
        resumed = next_state(ws)
        now = time.monotonic()
        if now < deadline - 1.0:  # the restart was quicker than the timer
            assert resumed["seq"] == seq
            left = resumed["time_left"][seat]
            assert left is not None and left <= deadline - now + 0.5, (left, deadline - now)
            while resumed["seq"] == seq:
                resumed = next_state(ws, timeout=FAST + 30)
            assert time.monotonic() >= deadline - 0.5  # not before the stored deadline
        else:  # past the deadline already: the seat's bot decides at once
            while resumed["seq"] == seq:
                resumed = next_state(ws, timeout=10)
    assert any(line["event"] == "recovered" for line in second.log_lines())


def test_a_player_who_left_is_still_gone_after_a_restart(
    server_factory: Callable[..., ServerProcess],
) -> None:
    first = server_factory(CROWSNEST_BOT_DELAY="5")
    table_id = create_table(
        first.base, rules="rook/crowsnest", seats=["human", "human", "bot", "bot"]
    )["table"]["id"]
    token = join(first.base, table_id, seat=0)["token"]
    join(first.base, table_id, seat=1)
    with connect(ws_url(first.base, table_id)) as ws:
        ws.send(json.dumps({"type": "hello", "version": 2, "token": token}))
        ws.send(json.dumps({"type": "leave"}))
        while True:
            message = json.loads(ws.recv(30))
            if message["type"] == "presence" and message["seats"][0]["left"]:
                break
    first.kill9()
    second = server_factory(first.data_dir)
    with watch(second.base, table_id) as ws:
        welcome = json.loads(ws.recv(30))
    assert welcome["table"]["seats"][0]["left"] and welcome["table"]["seats"][0]["bot"]


def presence_until(ws: ClientConnection, test: Callable[[list[dict[str, Any]]], bool]) -> None:
    """Read until a `presence` whose seats pass ``test`` (an observed condition)."""
    while True:
        message = json.loads(ws.recv(120))
        if message["type"] == "presence" and test(message["seats"]):
            return


def test_away_is_restored_exactly_after_a_restart(
    server_factory: Callable[..., ServerProcess],
) -> None:
    """Away is stored, not guessed from the log: seat 0 (two timeouts in a row, never
    back) is away after ``kill -9`` and a restart; seat 1, away too but back (no
    action since), is not, though the bot made its last two decisions."""
    env = {"CROWSNEST_TURN_TIMERS": "60,30,6", "CROWSNEST_GRACE": "3600"}
    first = server_factory(**env)
    table_id = create_table(
        first.base, rules="rook/crowsnest", seats=["human", "human", "bot", "bot"], timer="fast"
    )["table"]["id"]
    idle = join(first.base, table_id, seat=0)["token"]
    token = join(first.base, table_id, seat=1)["token"]
    seen(first.base, table_id, idle)
    with connect(ws_url(first.base, table_id)) as ws:
        ws.send(json.dumps({"type": "hello", "version": 2, "token": token}))
        presence_until(ws, lambda seats: seats[0]["away"] and seats[1]["away"])
        ws.send(json.dumps({"type": "back"}))
        presence_until(ws, lambda seats: seats[0]["away"] and not seats[1]["away"])
        first.kill9()
    second = server_factory(first.data_dir, **env)
    with watch(second.base, table_id) as ws:
        welcome = json.loads(ws.recv(30))
    seats = welcome["table"]["seats"]
    assert seats[0]["away"] and seats[0]["bot"]
    assert not seats[1]["away"]

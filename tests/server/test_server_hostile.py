"""A hostile client against a real server process: malformed JSON, wrong types, huge
frames, floods, other seats' tokens, actions out of turn. Every one is answered with its
error code, the server stays healthy and the game is unchanged."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .helpers import ServerProcess, create_table, http, join, ws_url

ROOK = "rook/crowsnest"


async def hello(ws: ClientConnection, token: str | None) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    state: dict[str, Any] = json.loads(await ws.recv())
    return state


async def answer(ws: ClientConnection, frame: str | bytes) -> dict[str, Any]:
    """Send ``frame``; the first error or pong that answers it."""
    await ws.send(frame)
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] in ("error", "pong"):
            return message


async def current(ws: ClientConnection) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "sync"}))
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == "state":
            return message


@pytest.fixture
def hostile_server(server_factory: Callable[..., ServerProcess]) -> ServerProcess:
    return server_factory(CROWSNEST_RATE_LIMIT="20", CROWSNEST_RATE_BURST="40")


def test_hostile_client(hostile_server: ServerProcess) -> None:
    base = hostile_server.base
    # Two human seats facing each other over two slow bots: the game waits for us.
    table = create_table(base, rules=ROOK, seats=["human", "human", "bot", "bot"], bot_delay=10)
    table_id = table["table"]["id"]
    tokens = [join(base, table_id, seat=0)["token"], join(base, table_id, seat=1)["token"]]
    other_table = create_table(base, rules=ROOK)["table"]["id"]
    other_token = join(base, other_table)["token"]

    async def main() -> None:
        url = ws_url(base, table_id)
        async with connect(url) as ws0, connect(url) as ws1:
            states = [await hello(ws0, tokens[0]), await hello(ws1, tokens[1])]
            before = [await current(ws0), await current(ws1)]
            assert before[0]["seq"] == before[1]["seq"] == states[0]["seq"]
            seq = before[0]["seq"]
            actor = before[0]["view"]["actors"][0]
            idle = ws1 if actor == 0 else ws0
            idle_legal_empty = (before[1] if actor == 0 else before[0])["legal"] == []

            cases: list[tuple[str | bytes, str]] = [
                ("{not json", "bad_json"),
                ("\x00\x01", "bad_json"),
                ("[]", "bad_message"),
                ("null", "bad_message"),
                ('{"type": ["action"]}', "bad_message"),
                ('{"type": "action", "seq": "1", "action": "bid 70"}', "bad_message"),
                ('{"type": "action", "seq": 1.5, "action": "bid 70"}', "bad_message"),
                ('{"type": "action", "seq": 0, "action": 70}', "bad_message"),
                (json.dumps({"type": "action", "seq": 0, "action": "x" * 300}), "bad_message"),
                ('{"type": "hack"}', "unknown_type"),
                (b"\xff\xfe binary", "bad_message"),
                (json.dumps({"type": "ping", "pad": "x" * 100_000}), "too_large"),
                (
                    json.dumps({"type": "hello", "version": 1, "token": other_token}),
                    "already_joined",
                ),
                (json.dumps({"type": "action", "seq": seq + 5, "action": "bid 70"}), "stale"),
                (json.dumps({"type": "action", "seq": seq, "action": "bid 7"}), "not_your_turn"),
                (
                    json.dumps({"type": "action", "seq": seq, "action": "play R5 R6"}),
                    "malformed_action",
                ),
            ]
            for frame, code in cases:
                if code == "not_your_turn" and not idle_legal_empty:
                    continue
                got = await answer(idle, frame)
                assert got["type"] == "error" and got["code"] == code, (frame[:60], got)
                assert "Traceback" not in got["message"] and 'File "' not in got["message"]
            mover = ws0 if actor == 0 else ws1
            for frame, code in [
                (json.dumps({"type": "action", "seq": seq, "action": "play R5"}), "wrong_action"),
                (json.dumps({"type": "action", "seq": seq, "action": "bid 3"}), "bid_not_multiple"),
                (json.dumps({"type": "action", "seq": seq, "action": "bid 9000"}), "bid_too_high"),
            ]:
                got = await answer(mover, frame)
                assert got["code"] == code, got
            # A flood: the excess is refused, the connection stays usable afterwards.
            for _ in range(100):
                await idle.send('{"type": "ping"}')
            replies = [json.loads(await asyncio.wait_for(idle.recv(), 10)) for _ in range(100)]
            codes = [r.get("code", r["type"]) for r in replies]
            assert "rate_limited" in codes and "pong" in codes
            await asyncio.sleep(3)  # the bucket refills
            after = [await current(ws0), await current(ws1)]
            assert after == before  # nothing changed the game

        # Other seats' tokens and made-up ones hold no seat here.
        async with connect(url) as ws:
            for token in (other_token, "A" * 43, tokens[0][:-1] + "x"):
                got = await answer(ws, json.dumps({"type": "hello", "version": 1, "token": token}))
                assert got["code"] == "bad_token"
        # A frame over the transport's limit closes that connection only.
        async with connect(url, max_size=None) as ws:
            with pytest.raises(ConnectionClosed) as closed:
                await ws.send("x" * (2 << 20))
                await asyncio.wait_for(ws.recv(), 10)
            received = closed.value.rcvd  # None if the server dropped the rest unread
            assert received is None or received.code == 1009
        # A foreign Origin is refused at the handshake.
        with pytest.raises(InvalidStatus) as refused:
            async with connect(url, origin="https://evil.example"):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403

        async with connect(url) as ws0:
            assert (await hello(ws0, tokens[0]))["seq"] == seq

    asyncio.run(main())
    status, health = http(base, "GET", "/healthz")
    assert status == 200 and health["status"] == "ok"
    assert hostile_server.proc is not None and hostile_server.proc.poll() is None
    assert all(line["level"] != "error" for line in hostile_server.log_lines())

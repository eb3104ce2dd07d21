"""A hostile client against a real server process: malformed JSON, wrong types, huge
frames, floods, other seats' tokens, actions out of turn. Every one is answered with its
error code, the server stays healthy and the game is unchanged."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
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


def assert_refused(got: dict[str, Any], code: str) -> None:
    assert got["type"] == "error" and got["code"] == code, got
    assert "Traceback" not in got["message"] and 'File "' not in got["message"]


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module (each test has its own table): the rate limit of
    people, not of the other server tests."""
    folder = tmp_path_factory.mktemp("hostile")
    env = {"CROWSNEST_RATE_LIMIT": "20", "CROWSNEST_RATE_BURST": "40"}
    server = ServerProcess(folder, env).start()
    yield server
    server.stop()


@pytest.fixture
def base(hostile_server: ServerProcess) -> Iterator[str]:
    """The server's URL; after the test, the server is still healthy and logged no
    error."""
    yield hostile_server.base
    status, health = http(hostile_server.base, "GET", "/healthz")
    assert status == 200 and health["status"] == "ok"
    assert hostile_server.proc is not None and hostile_server.proc.poll() is None
    assert all(line["level"] != "error" for line in hostile_server.log_lines())


@dataclass
class Pair:
    """Two human seats facing each other over two slow bots: the game waits for them."""

    table_id: str
    tokens: list[str]
    ws: list[ClientConnection]
    before: list[dict[str, Any]]

    @property
    def seq(self) -> int:
        seq: int = self.before[0]["seq"]
        return seq

    @property
    def actor(self) -> int:
        actor: int = self.before[0]["view"]["actors"][0]
        return actor

    @property
    def mover(self) -> ClientConnection:
        return self.ws[self.actor]

    @property
    def idle(self) -> ClientConnection:
        return self.ws[1 - self.actor]

    @property
    def idle_state(self) -> dict[str, Any]:
        return self.before[1 - self.actor]

    async def unchanged(self) -> bool:
        return [await current(self.ws[0]), await current(self.ws[1])] == self.before


def new_table(base: str) -> tuple[str, list[str]]:
    # No turn timer: a state's `time_left` would count down between two reads.
    table = create_table(
        base, rules=ROOK, seats=["human", "human", "bot", "bot"], bot_delay=10, timer="off"
    )
    table_id = table["table"]["id"]
    return table_id, [join(base, table_id, seat=0)["token"], join(base, table_id, seat=1)["token"]]


@asynccontextmanager
async def seated_pair(base: str) -> AsyncIterator[Pair]:
    table_id, tokens = new_table(base)
    url = ws_url(base, table_id)
    async with connect(url) as ws0, connect(url) as ws1:
        states = [await hello(ws0, tokens[0]), await hello(ws1, tokens[1])]
        before = [await current(ws0), await current(ws1)]
        assert before[0]["seq"] == before[1]["seq"] == states[0]["seq"]
        yield Pair(table_id, tokens, [ws0, ws1], before)


def other_token(base: str) -> str:
    """A seat token of another table."""
    other_table = create_table(base, rules=ROOK)["table"]["id"]
    token: str = join(base, other_table)["token"]
    return token


BAD_FRAMES: list[tuple[str | bytes, str]] = [
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
]


@pytest.mark.parametrize(("frame", "code"), BAD_FRAMES, ids=[str(f)[:30] for f, _ in BAD_FRAMES])
def test_a_frame_that_is_no_valid_message_is_refused(
    base: str, frame: str | bytes, code: str
) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            assert_refused(await answer(pair.idle, frame), code)
            assert await pair.unchanged()

    asyncio.run(main())


def test_a_second_hello_is_refused(base: str) -> None:
    token = other_token(base)

    async def main() -> None:
        async with seated_pair(base) as pair:
            frame = json.dumps({"type": "hello", "version": 1, "token": token})
            assert_refused(await answer(pair.idle, frame), "already_joined")
            assert await pair.unchanged()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("ahead", "action", "code"),
    [(5, "bid 70", "stale"), (0, "bid 7", "not_your_turn"), (0, "play R5 R6", "malformed_action")],
)
def test_an_action_of_the_waiting_seat_is_refused(
    base: str, ahead: int, action: str, code: str
) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            assert pair.idle_state["legal"] == []  # the auction: one seat acts at a time
            frame = json.dumps({"type": "action", "seq": pair.seq + ahead, "action": action})
            assert_refused(await answer(pair.idle, frame), code)
            assert await pair.unchanged()

    asyncio.run(main())


@pytest.mark.parametrize(
    ("action", "code"),
    [("play R5", "wrong_action"), ("bid 3", "bid_not_multiple"), ("bid 9000", "bid_too_high")],
)
def test_an_action_the_rules_refuse_is_refused(base: str, action: str, code: str) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            frame = json.dumps({"type": "action", "seq": pair.seq, "action": action})
            got = await answer(pair.mover, frame)
            assert got["code"] == code, got
            assert await pair.unchanged()

    asyncio.run(main())


def test_a_flood_is_rate_limited_and_the_connection_stays_usable(base: str) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            for _ in range(100):
                await pair.idle.send('{"type": "ping"}')
            replies = [json.loads(await asyncio.wait_for(pair.idle.recv(), 10)) for _ in range(100)]
            codes = [r.get("code", r["type"]) for r in replies]
            assert "rate_limited" in codes and "pong" in codes
            await asyncio.sleep(3)  # the bucket refills
            assert await pair.unchanged()

    asyncio.run(main())


def test_other_and_made_up_tokens_hold_no_seat(base: str) -> None:
    table_id, tokens = new_table(base)
    url = ws_url(base, table_id)

    async def main() -> None:
        async with connect(url) as ws:
            for token in (other_token(base), "A" * 43, tokens[0][:-1] + "x"):
                got = await answer(ws, json.dumps({"type": "hello", "version": 1, "token": token}))
                assert got["code"] == "bad_token"

    asyncio.run(main())


def test_a_frame_over_the_transport_limit_closes_that_connection_only(base: str) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            url = ws_url(base, pair.table_id)
            async with connect(url, max_size=None) as ws:
                with pytest.raises(ConnectionClosed) as closed:
                    await ws.send("x" * (2 << 20))
                    await asyncio.wait_for(ws.recv(), 10)
                received = closed.value.rcvd  # None if the server dropped the rest unread
                assert received is None or received.code == 1009
            assert await pair.unchanged()

    asyncio.run(main())


def test_a_foreign_origin_is_refused_at_the_handshake(base: str) -> None:
    table_id, _ = new_table(base)

    async def main() -> None:
        with pytest.raises(InvalidStatus) as refused:
            async with connect(ws_url(base, table_id), origin="https://evil.example"):  # type: ignore[arg-type]
                pass
        assert refused.value.response.status_code == 403

    asyncio.run(main())


def test_a_seat_reconnects_to_an_unchanged_game_after_the_abuse(base: str) -> None:
    async def main() -> None:
        async with seated_pair(base) as pair:
            for frame, _ in BAD_FRAMES:
                await answer(pair.idle, frame)
            seq, url = pair.seq, ws_url(base, pair.table_id)
        async with connect(url) as ws0:
            assert (await hello(ws0, pair.tokens[0]))["seq"] == seq

    asyncio.run(main())

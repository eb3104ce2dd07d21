"""Ratings nobody can farm, on a real server: a second identity at another address
that resigns or leaves at once gives its opponent nothing and takes a loss itself;
the profile says how sure a rating is and calls a young one provisional."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from .addresses import ANN, BO, Browser
from .helpers import Player, ServerProcess, ws_url

ROOK = {"rules": "rook/crowsnest", "options": {"target": 50}, "bot_delay": 0, "timer": "off"}
"""Seats 0 and 1 are on different sides."""


def _table(ann: Browser, **body: Any) -> str:
    created = ann.post("/api/tables", {**ROOK, "seats": ["human", "human", "bot", "bot"], **body})
    assert created.status == 201, created.body
    table_id: str = created.body["table"]["id"]
    return table_id


def _join(browser: Browser, table_id: str, seat: int, name: str) -> str:
    joined = browser.post(f"/api/tables/{table_id}/join", {"name": name, "seat": seat})
    assert joined.status == 200, joined.body
    token: str = joined.body["token"]
    return token


async def _quit_at_once(base: str, table_id: str, token: str, how: str) -> dict[str, Any]:
    """Connect from :data:`BO` and, at the game's first state, resign or leave; the
    first state message after it."""
    async with asyncio.timeout(60), connect(ws_url(base, table_id), local_addr=(BO, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
        sent = False
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                raise AssertionError(message)
            if message["type"] == "presence" and sent and how == "leave":
                return dict(message)
            if message["type"] != "state":
                continue
            if sent:
                return dict(message)
            if message["status"] != "playing":
                continue
            assert message["seq"] == 0
            await ws.send(json.dumps({"type": how}))
            sent = True
    raise AssertionError("the connection closed")


def _rating(browser: Browser, family: str = "rook") -> dict[str, Any] | None:
    ratings = browser.get("/api/me").body["ratings"]
    found = [r for r in ratings if r["family"] == family]
    return found[0] if found else None


def _over(browser: Browser, table_id: str) -> bool:
    return bool(browser.get(f"/api/tables/{table_id}").body["status"] == "over")


def test_resigning_at_once_farms_nothing(server: ServerProcess) -> None:
    """Identity B resigns at seq 0, four times: A's rating never moves, B's only falls."""
    ann, bo = Browser(server.base, ANN), Browser(server.base, BO)
    falling = []
    for _ in range(4):
        table_id = _table(ann)
        _join(ann, table_id, 0, "Ann")
        token = _join(bo, table_id, 1, "Bo")
        last = asyncio.run(_quit_at_once(server.base, table_id, token, "resign"))
        assert last["status"] == "over" and last["view"]["resigned"] == 1
        assert _rating(ann) is None  # neither up nor down: not rated
        mine = _rating(bo)
        assert mine is not None
        falling.append(mine["mu"])
    assert falling == sorted(falling, reverse=True) and falling[0] < 25.0
    assert len(set(falling)) == 4
    mine = _rating(bo)
    assert mine is not None and mine["games"] == 4 and mine["evidence"] == 0
    assert mine["provisional"] and mine["plays_like"] is None  # no verdict on four quits
    assert mine["low"] < mine["mu"] < mine["high"]  # the range the skill most likely lies in
    [stats] = bo.get("/api/me").body["stats"]
    assert (stats["games"], stats["wins"], stats["losses"]) == (4, 0, 4)


def test_leaving_at_once_is_a_loss(server: ServerProcess) -> None:
    """B leaves at seq 0 and the bots finish the game (A plays it to the end): B's
    statistics and rating take a loss; A, whose opponent never played, is not rated."""
    ann, bo = Browser(server.base, ANN), Browser(server.base, BO)
    table_id = _table(ann)
    token = _join(bo, table_id, 1, "Bo")
    leaving = asyncio.run(_leave_while_ann_plays(server.base, table_id, ann, token))
    assert leaving["seats"][1]["left"]
    assert _over(ann, table_id)
    [stats] = bo.get("/api/me").body["stats"]
    assert (stats["games"], stats["left"], stats["wins"], stats["losses"]) == (1, 1, 0, 1)
    mine = _rating(bo)
    assert mine is not None and mine["mu"] < 25.0 and mine["games"] == 1
    assert _rating(ann) is None
    games = bo.get(f"/api/players/{bo.get('/api/me').body['id']}/games").body["games"]
    assert [g["left"] for g in games] == [True]


async def _leave_while_ann_plays(
    base: str, table_id: str, ann: Browser, token: str
) -> dict[str, Any]:
    """B waits at the table; A joins from :data:`ANN` and plays the game out while
    B leaves at its first state. B's presence message saying it left."""
    async with asyncio.timeout(150), connect(ws_url(base, table_id), local_addr=(BO, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        ann_token = await asyncio.to_thread(_join, ann, table_id, 0, "Ann")
        player = Player(ws_url(base, table_id), ann_token, address=ANN)
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "state" and message["status"] == "playing":
                await ws.send(json.dumps({"type": "leave"}))
            if message["type"] == "presence" and message["seats"][1]["left"]:
                await player.run()
                return dict(message)
    raise AssertionError("the connection closed")

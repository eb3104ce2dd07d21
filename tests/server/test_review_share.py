"""Hand reviews shared fairly, on a real server: eight fast tables from one address
(127.0.0.2) keep the review line full, and a player at another address (127.0.0.3)
still gets the review of their hand; the flood's own reviews are the ones skipped."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from .addresses import ANN, BO, Browser
from .helpers import Player, ServerProcess, scripted_action, ws_url

HEARTS = {"rules": "hearts"}
LONG_ROOK = {"rules": "rook/crowsnest", "options": {"target": 1000}}
"""The flood's games: long ones, whose hands keep ending while the other plays."""


def _seat(browser: Browser, game: dict[str, Any]) -> tuple[str, str]:
    """A new table with one human seat, taken by ``browser``: (table id, seat token)."""
    seats = ["human", "bot", "bot", "bot"]
    created = browser.post("/api/tables", {**game, "seats": seats, "bot_delay": 0, "timer": "off"})
    assert created.status == 201, created.body
    table_id = created.body["table"]["id"]
    joined = browser.post(f"/api/tables/{table_id}/join", {"name": "Player"})
    assert joined.status == 200, joined.body
    return table_id, joined.body["token"]


async def _first_hands_review(base: str, table_id: str, token: str) -> dict[str, Any]:
    """Play the first hand from :data:`BO`, then wait for what the server says of
    its review (``review_ready`` or ``review_skipped``)."""
    async with connect(ws_url(base, table_id), local_addr=(BO, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
        seat, sent = None, -1
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "welcome":
                seat = message["seat"]
            if kind in ("review_ready", "review_skipped") and message["hand_number"] == 0:
                return dict(message)
            if kind != "state" or not message["legal"] or message["view"]["hand_number"] != 0:
                continue
            if seat is not None and message["seq"] > sent:
                action = scripted_action(seat, message["seq"], message["legal"])
                await ws.send(
                    json.dumps({"type": "action", "seq": message["seq"], "action": action})
                )
                sent = message["seq"]
    raise AssertionError("the connection closed")


async def _flood_then_play(
    base: str, flood: list[tuple[str, str]], mine: tuple[str, str]
) -> dict[str, Any]:
    players = [Player(ws_url(base, t), token, address=ANN) for t, token in flood]
    tasks = [asyncio.create_task(p.run(timeout=300)) for p in players]
    try:
        await asyncio.sleep(1.5)  # the flood's hands end and fill the line
        async with asyncio.timeout(150):
            return await _first_hands_review(base, *mine)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


def test_a_flood_from_one_address_skips_only_its_own_reviews(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(CROWSNEST_REVIEW_WORLDS="8", CROWSNEST_REVIEW_QUEUE="4")
    ann, bo = Browser(server.base, ANN), Browser(server.base, BO)
    flood = [_seat(ann, LONG_ROOK) for _ in range(8)]
    mine = _seat(bo, HEARTS)
    answer = asyncio.run(_flood_then_play(server.base, flood, mine))
    assert answer["type"] == "review_ready", answer
    flooded = {t for t, _ in flood}
    skipped = [e for e in server.log_lines() if e.get("event") == "review_skipped"]
    assert skipped and {e.get("table") for e in skipped} <= flooded

"""Tables nobody can hold hostage, on a real server: a player who never plays and
says ``back`` whenever the bot takes the seat holds the table one turn timer a hand,
not one a turn. ``back`` keeps the count of time-outs in a row; the next time-out
hands the seat to its bot for the rest of the hand (``benched``)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import connect

from .addresses import ANN, Browser
from .helpers import ServerProcess, ws_url


@dataclass
class Griefer:
    """What the griefer saw, by hand: the decisions of its seat on which its turn
    timer ran (each one a time-out: it never plays), and the hands in which ``back``
    was refused ``benched``."""

    timed: dict[int, set[int]] = field(default_factory=dict)
    benched: set[int] = field(default_factory=set)


async def _grief(base: str, table_id: str, token: str, hands: int) -> Griefer:
    seen = Griefer()
    away, asked, hand = False, False, 0
    async with asyncio.timeout(120), connect(ws_url(base, table_id), local_addr=(ANN, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
        seat = json.loads(await ws.recv())["seat"]
        async for raw in ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "presence":
                away, asked = message["seats"][seat]["away"], False
            elif kind == "error":
                # timer_not_running: a back sent on a presence older than the last back
                assert message["code"] in ("benched", "timer_not_running"), message
                if message["code"] == "benched":
                    seen.benched.add(hand)
                asked = False
            elif kind == "state":
                hand = message["view"]["hand_number"]
                if hand >= hands or message["status"] == "over":
                    return seen
                if message["legal"] and message["time_left"][seat] is not None:
                    seen.timed.setdefault(hand, set()).add(message["seq"])
            if away and not asked and hand not in seen.benched:
                await ws.send(json.dumps({"type": "back"}))
                asked = True
    raise AssertionError("the connection closed")


def test_back_does_not_let_a_griefer_hold_every_turn(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(CROWSNEST_TURN_TIMERS="60,30,1")
    ann = Browser(server.base, ANN)
    created = ann.post(
        "/api/tables",
        {
            "rules": "rook/crowsnest",
            "timer": "fast",
            "bot_delay": 0,
            "seats": ["human"] + ["bot"] * 3,
        },
    )
    assert created.status == 201, created.body
    table_id = created.body["table"]["id"]
    joined = ann.post(f"/api/tables/{table_id}/join", {"name": "Griefer"})
    seen = asyncio.run(_grief(server.base, table_id, joined.body["token"], hands=2))
    # hand 0: two time-outs (away), back, one more (benched); hand 1: back, one more.
    assert {h: len(seqs) for h, seqs in seen.timed.items()} == {0: 3, 1: 1}
    assert seen.benched == {0, 1}

"""Hand reviews at a real ``crowsnest serve`` process: a human plays a
hand, its review is stored and announced (``review_ready``) and read with the seat's
token; another seat's token cannot read it; bot seats are never reviewed; a finished
public game's reviews are anyone's, with hindsight."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect

from crowsnest.engine import replay
from crowsnest.server.models.common import PROTOCOL_VERSION

from .helpers import Player, ServerProcess, create_table, http, join, scripted_action, ws_url

FAST = {"CROWSNEST_REVIEW_WORLDS": "4", "CROWSNEST_REVIEW_NODES": "3000"}


async def play_until_reviewed(
    url: str, token: str, timeout: float = 120, hand_end: bool = False
) -> list[dict[str, Any]]:
    """Play a seat (scripted) through the first hand, then wait for its
    ``review_ready`` or ``review_skipped`` (``hand_end``: stop at the hand's end);
    every message."""
    messages: list[dict[str, Any]] = []
    hand_over = False

    async def run() -> None:
        nonlocal hand_over
        async with connect(url) as ws:
            # The current version: `review_skipped` is not sent to a version 1 or 2 client.
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "token": token}
            await ws.send(json.dumps(hello))
            seat: int | None = None
            async for raw in ws:
                message = json.loads(raw)
                messages.append(message)
                kind = message["type"]
                if kind in ("review_ready", "review_skipped"):
                    return
                if kind == "welcome":
                    seat = message["seat"]
                elif kind == "error":
                    assert message["code"] in ("stale", "duplicate"), message
                    await ws.send(json.dumps({"type": "sync"}))
                elif kind == "state":
                    hand_over = hand_over or any(e["type"] == "hand_end" for e in message["events"])
                    if hand_over and hand_end:
                        return
                if kind == "state" and message["legal"] and seat is not None and not hand_over:
                    action = scripted_action(seat, message["seq"], message["legal"])
                    answer = {"type": "action", "seq": message["seq"], "action": action}
                    await ws.send(json.dumps(answer))

    await asyncio.wait_for(run(), timeout)
    return messages


def review(
    base: str, table_id: str, token: str | None = None, **query: int
) -> tuple[int, dict[str, Any]]:
    params = "&".join(f"{k}={v}" for k, v in query.items())
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    status, body = http(base, "GET", f"/api/tables/{table_id}/review?{params}", headers=headers)
    return status, dict(body)


def code(body: dict[str, Any]) -> str:
    return str(body["error"]["code"])


def test_a_players_hand_is_reviewed_for_them_only(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(**FAST)
    created = create_table(
        server.base, rules="hearts", seats=["human", "human", "bot", "bot"], grace=3600
    )
    table_id = created["table"]["id"]
    ann = join(server.base, table_id, seat=0)["token"]
    bob = join(server.base, table_id, seat=1, name="Bob")["token"]
    url = ws_url(server.base, table_id)

    async def both() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        return await asyncio.gather(play_until_reviewed(url, ann), play_until_reviewed(url, bob))

    for messages in asyncio.run(both()):
        assert messages[-1] == {"type": "review_ready", "hand_number": 0}

    status, body = review(server.base, table_id, ann, hand=0)
    assert status == 200, body
    assert body["hindsight"] is False and body["status"] == "playing"
    assert body["reviewing"] is True
    (mine,) = body["reviews"]
    assert (mine["hand_number"], mine["seat"]) == (0, 0)
    decisions = mine["review"]["decisions"]
    # Hearts, the first hand: the pass and thirteen cards, all of them seat 0's own.
    assert [d["phase"] for d in decisions] == ["pass"] + ["play"] * 13
    assert all(d["hand_number"] == 0 and d["hindsight"] is None for d in decisions)
    assert all(d["best"] is None and d["band"] is None for d in decisions if d["legal"] == 1)
    assert len({d["step"] for d in decisions}) == 14

    # Bob's token reads Bob's review, not Ann's.
    status, body = review(server.base, table_id, bob, hand=0, seat=0)
    assert (status, code(body)) == (403, "not_your_review")
    status, body = review(server.base, table_id, bob, hand=0)
    assert status == 200 and [r["seat"] for r in body["reviews"]] == [1]
    assert review(server.base, table_id, None, hand=0)[0] == 401
    status, body = review(server.base, table_id, "not-a-token", hand=0)
    assert (status, code(body)) == (403, "bad_token")
    status, body = review(server.base, "no-such-table", ann)
    assert (status, code(body)) == (404, "table_not_found")
    assert review(server.base, table_id, ann, hand=-1)[0] == 400

    # The bots' seats were not reviewed: only the two players' reviews were stored.
    stored = {
        (line["hand"], line["seat"])
        for line in server.log_lines()
        if line.get("event") == "review_stored"
    }
    assert (0, 0) in stored and (0, 1) in stored
    assert {seat for _, seat in stored} <= {0, 1}


def test_a_finished_public_games_reviews_are_anyones_with_hindsight(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(**FAST)
    created = create_table(server.base, rules="hearts", seed=11)
    table_id = created["table"]["id"]
    token = join(server.base, table_id)["token"]
    asyncio.run(Player(ws_url(server.base, table_id), token).run())
    status, record = http(server.base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200, record
    hands = len(replay(record).results)

    deadline = time.monotonic() + 120
    body: dict[str, Any] = {}
    while time.monotonic() < deadline:  # the last hand's review comes after the end
        status, body = review(server.base, table_id)
        assert status == 200, body
        if len(body["reviews"]) == hands:
            break
        time.sleep(0.1)
    assert [(r["hand_number"], r["seat"]) for r in body["reviews"]] == [
        (h, 0) for h in range(hands)
    ]
    assert body["hindsight"] is True and body["status"] == "over"
    decisions = [d for r in body["reviews"] for d in r["review"]["decisions"]]
    actions = record["actions"]
    assert all(actions[d["step"]][0] == 0 for d in decisions)
    assert all(actions[d["step"]][1] == d["taken"] for d in decisions)
    assert len(decisions) == sum(1 for seat, _ in actions if seat == 0)
    assert any(d["hindsight"] is not None for d in decisions if d["legal"] > 1)
    assert all(d["hindsight"] is None for d in decisions if d["legal"] == 1)
    status, body = review(server.base, table_id, seat=2)
    assert status == 200 and body["reviews"] == []  # a bot seat: never reviewed


def choose(base: str, table_id: str, token: str | None, body: Any) -> tuple[int, dict[str, Any]]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    status, answer = http(base, "PUT", f"/api/tables/{table_id}/review", body, headers=headers)
    return status, dict(answer)


def test_a_seat_that_turned_reviews_off_gets_none_and_is_told(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(**FAST)
    created = create_table(
        server.base, rules="hearts", seats=["human", "human", "bot", "bot"], grace=3600
    )
    table_id = created["table"]["id"]
    ann = join(server.base, table_id, seat=0)["token"]
    bob = join(server.base, table_id, seat=1, name="Bob")["token"]
    assert choose(server.base, table_id, ann, {"on": False}) == (
        200,
        {"table_id": table_id, "seat": 0, "on": False},
    )
    # Bad input: named, and nothing changes.
    assert choose(server.base, table_id, None, {"on": True})[0] == 401
    status, body = choose(server.base, table_id, "not-a-token", {"on": True})
    assert (status, code(body)) == (403, "bad_token")
    status, body = choose(server.base, "no-such-table", ann, {"on": True})
    assert (status, code(body)) == (404, "table_not_found")
    assert choose(server.base, table_id, ann, {"on": "yes"})[0] == 400
    assert choose(server.base, table_id, ann, {})[0] == 400

    url = ws_url(server.base, table_id)

    async def both() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        return await asyncio.gather(play_until_reviewed(url, ann), play_until_reviewed(url, bob))

    ann_messages, bob_messages = asyncio.run(both())
    assert ann_messages[-1] == {"type": "review_skipped", "hand_number": 0, "reason": "off"}
    assert bob_messages[-1] == {"type": "review_ready", "hand_number": 0}
    status, body = review(server.base, table_id, ann, hand=0)
    assert status == 200 and body["reviews"] == [] and body["pending"] == []
    status, body = review(server.base, table_id, bob, hand=0)
    assert [r["seat"] for r in body["reviews"]] == [1] and body["pending"] == []
    events = [(line.get("event"), line.get("seat")) for line in server.log_lines()]
    assert ("review_off", 0) in events and ("review_stored", 0) not in events

    # Back on; a seat that sends choices in a loop is held back.
    assert choose(server.base, table_id, ann, {"on": True})[1]["on"] is True
    answers = [choose(server.base, table_id, ann, {"on": True})[0] for _ in range(8)]
    assert answers[0] == 200 and 429 in answers

"""Hard bots on a server run as people run it (``tests/asrun/conftest.py``): whole
games of every rule set at the Hard level, a player against three hard bots with
hints and the hand's review, and a bot worker killed mid-game. Every bot decision is
made by the level asked for: the health check counts the hard decisions and the
failures, and the log has no ``bot_failed``."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from typing import Any

from websockets.asyncio.client import connect

from crowsnest.engine import RULESETS
from server.helpers import ServerProcess, create_table, http, join, scripted_action, ws_url
from test_workers import children

ROOK_TARGET = {"target": 50}
"""A Rook game to 50 points is one hand (every contract is at least 70)."""


def bots_table(server: ServerProcess, rules: str, seed: int) -> str:
    options = {} if rules == "hearts" else ROOK_TARGET
    body = {"rules": rules, "options": options, "seats": ["bot"] * 4, "level": "hard"}
    created = create_table(server.base, **body, bot_delay=0, seed=seed)
    return str(created["table"]["id"])


def wait_over(server: ServerProcess, tables: list[str], timeout: float) -> dict[str, int]:
    """Wait until every table's game is over; each table's number of actions."""
    deadline = time.monotonic() + timeout
    done: dict[str, int] = {}
    while len(done) < len(tables):
        assert time.monotonic() < deadline, f"games not over in {timeout} s: {done}"
        for table_id in tables:
            status, info = http(server.base, "GET", f"/api/tables/{table_id}")
            assert status == 200, info
            if info["status"] == "over":
                done[table_id] = int(info["seq"])
        time.sleep(0.5)
    return done


def health(server: ServerProcess) -> dict[str, Any]:
    status, body = http(server.base, "GET", "/healthz")
    assert status == 200
    return dict(body)


def failures_logged(server: ServerProcess) -> list[dict[str, Any]]:
    wrong = {"bot_failed", "pool_replaced", "review_failed"}
    return [line for line in server.log_lines() if line.get("event") in wrong]


def test_hard_bots_play_every_rule_set_to_the_end(as_run: ServerProcess) -> None:
    """All-bot Hard tables of Hearts and of the seven Rook rule sets, played to the
    end at once (they share the pool of two workers), then one more Hard table: every
    action is a Hard decision made in a worker; none failed."""
    before = health(as_run)["bot_decisions"].get("hard", 0)
    tables = [bots_table(as_run, rules, seed) for seed, rules in enumerate(RULESETS)]
    actions = wait_over(as_run, tables, timeout=600)
    later = bots_table(as_run, "hearts", 99)
    actions |= wait_over(as_run, [later], timeout=300)
    after = health(as_run)
    assert failures_logged(as_run) == []
    assert after["status"] == "ok" and after["bot_failures"] == 0
    assert after["pools_replaced"] == {}
    assert after["bot_decisions"]["hard"] - before == sum(actions.values())


async def play_against_hard(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    """Play seat 0 to the game's end over the websocket, asking a hint at the first
    three turns; then wait for the hand's review. What was seen."""
    seen: dict[str, Any] = {"hints": [], "actions": 0, "review": None, "trouble": []}
    async with connect(ws_url(server.base, table_id)) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "bot_trouble":
                seen["trouble"].append(message)
            elif message["type"] == "review_ready":
                seen["review"] = message
                return seen
            elif message["type"] == "review_skipped":
                raise AssertionError(f"the review was skipped: {message}")
            elif message["type"] == "state" and message["legal"]:
                if len(seen["hints"]) < 3:
                    status, hint = await asyncio.to_thread(
                        http,
                        server.base,
                        "GET",
                        f"/api/tables/{table_id}/hint",
                        None,
                        {"Authorization": f"Bearer {token}"},
                    )
                    assert status == 200, hint
                    seen["hints"].append((hint, message["legal"]))
                action = scripted_action(0, message["seq"], message["legal"])
                seen["actions"] += 1
                out = {"type": "action", "seq": message["seq"], "action": action}
                await ws.send(json.dumps(out))
            elif message["type"] == "error":
                raise AssertionError(f"refused: {message}")
    raise AssertionError("the connection closed before the review came")


def test_a_player_against_three_hard_bots(as_run: ServerProcess) -> None:
    """One human seat over the websocket against three Hard bots at CrowsNest: the
    bots decide in their workers, the hints come from the Hard bot in the hint
    workers, and the hand's review from the review worker."""
    before = health(as_run)["bot_decisions"].get("hard", 0)
    body = {"rules": "rook/crowsnest", "options": ROOK_TARGET, "level": "hard"}
    created = create_table(as_run.base, **body, seats=["human", "bot", "bot", "bot"], seed=4)
    table_id = created["table"]["id"]
    token = join(as_run.base, table_id, seat=0)["token"]
    seen = asyncio.run(asyncio.wait_for(play_against_hard(as_run, table_id, token), 600))
    assert seen["trouble"] == []
    assert len(seen["hints"]) == 3
    for hint, legal in seen["hints"]:
        assert hint["bot"] == "hard" and offered(hint["action"], legal), (hint, legal)
    assert seen["review"] == {"type": "review_ready", "hand_number": 0}
    status, reviews = http(as_run.base, "GET", f"/api/tables/{table_id}/review?hand=0")
    assert status == 200 and reviews, reviews
    status, info = http(as_run.base, "GET", f"/api/tables/{table_id}")
    bot_actions = int(info["seq"]) - seen["actions"]
    after = health(as_run)
    assert after["bot_decisions"]["hard"] - before == bot_actions
    assert after["bot_failures"] == 0 and failures_logged(as_run) == []


def test_a_killed_bot_worker_is_replaced(as_run: ServerProcess) -> None:
    """kill -9 of the bots' worker processes in the middle of a Hard game: the pool is
    replaced, the decision made again by a Hard bot, the game goes on to its end; no
    decision fell to a lesser bot."""
    assert as_run.proc is not None
    before = health(as_run)
    table_id = bots_table(as_run, "hearts", 7)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while not workers:  # the pool's processes (forkserver/resource tracker excluded)
        assert time.monotonic() < deadline, "no bot worker started"
        workers = [p for p in children(as_run.proc.pid) if _is_pool_worker(p)]
        time.sleep(0.05)
    time.sleep(0.5)  # mid-game
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    wait_over(as_run, [table_id], timeout=300)
    after = health(as_run)
    assert after["pools_replaced"].get("bots", 0) >= 1
    assert after["bot_failures"] == before["bot_failures"] == 0
    replaced = [line for line in as_run.log_lines() if line.get("event") == "pool_replaced"]
    assert replaced and replaced[0]["pool"] == "bots"


def offered(action: str, legal: list[Any]) -> bool:
    """Whether ``action`` is one of the legal actions a state offered (an action
    text, or a choice of cards from a template)."""
    if action in legal:
        return True
    verb, *cards = action.split()
    return any(
        isinstance(option, dict)
        and option["choose"] == verb
        and len(cards) == option["count"]
        and set(option["required"]) <= set(cards) <= set(option["from"])
        for option in legal
    )


def _is_pool_worker(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            command = f.read().replace(b"\0", b" ")
    except OSError:
        return False
    return b"multiprocessing.spawn" in command and b"resource_tracker" not in command

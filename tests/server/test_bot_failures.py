"""A bot that cannot decide is never a silent random card: a worker process that
dies is replaced and the decision tried again; a decision that still fails is made by
the Normal bot, logged (``bot_failed``), counted in ``/healthz`` (``degraded``) and
told to the table's players (``bot_trouble``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from crowsnest.engine import new_game, parse_action
from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings
from crowsnest.server.table.bots import BotFailed, BotRunner, HintsBusy, choose_text

from . import unreliable
from .test_server_protocol import receive, send, take_seat


def decide_once(runner: BotRunner) -> str:
    """A hard Hearts pass for seat 0 of a new game, decided by ``runner``."""
    game = new_game("hearts", seed=3)
    view, legal = game.view(0), game.legal_actions(0)

    async def main() -> str:
        return await runner.choose("hearts", "hard", view, legal, 3, 0)

    action = asyncio.run(main())
    game.check(0, parse_action(action, "hearts"))
    return action


@pytest.fixture
def runner_of() -> Iterator[Callable[..., BotRunner]]:
    runners: list[BotRunner] = []

    def make(decide: Callable[..., str]) -> BotRunner:
        runners.append(BotRunner(workers=1, decide=decide))
        return runners[-1]

    yield make
    for runner in runners:
        runner.close()


def test_a_dead_worker_is_replaced_and_the_decision_made_again(
    runner_of: Callable[..., BotRunner], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(unreliable.MARKER, str(tmp_path / "died"))
    runner = runner_of(unreliable.dies_once)
    decide_once(runner)  # the first worker died on it; the second pool decided
    assert (tmp_path / "died").exists()
    assert runner.health.replaced == {"bots": 1}
    assert runner.health.failures == 0 and runner.health.decisions == {"hard": 1}
    decide_once(runner)  # and the new pool goes on
    assert runner.health.replaced == {"bots": 1} and runner.health.decisions == {"hard": 2}


def test_a_worker_that_dies_again_is_a_bot_failure(
    runner_of: Callable[..., BotRunner],
) -> None:
    runner = runner_of(unreliable.always_dies)
    with pytest.raises(BotFailed, match="worker process died twice"):
        decide_once(runner)
    assert runner.health.replaced == {"bots": 2} and runner.health.failures == 1
    runner.decide = choose_text
    decide_once(runner)  # never left broken: a new pool decides
    assert runner.health.decisions == {"hard": 1}


def test_a_bot_that_raises_is_a_bot_failure(runner_of: Callable[..., BotRunner]) -> None:
    runner = runner_of(unreliable.raises)
    with pytest.raises(BotFailed, match="RuntimeError: the search ran out of worlds"):
        decide_once(runner)
    assert runner.health.failures == 1 and not runner.health.replaced


def test_a_table_whose_hard_bot_fails_plays_on_with_normal_and_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One human seat against three hard bots that cannot decide: each of their
    decisions is the Normal bot's (the game goes on to the player's turn, every
    action legal), each is logged with the table and seat, the player is told
    (``bot_trouble``), and the health check says ``degraded`` with the count."""
    caplog.set_level(logging.ERROR, logger="crowsnest.table")
    # A table with a pace (the bot decides ahead and moves when it is up): the player
    # is connected before the first bot's move, which the trouble message comes with.
    # Three seconds, not the default 0.8, so that a loaded machine still connects the
    # player in time.
    settings = Settings(data_dir=tmp_path)
    with TestClient(create_app(settings)) as client:
        client.app.state.hub.bots.decide = unreliable.raises  # type: ignore[attr-defined]
        body = {"rules": "rook/crowsnest", "level": "hard", "timer": "off", "seed": 11}
        body["bot_delay"] = 3.0
        body["seats"] = ["bot", "human", "bot", "bot"]
        created = client.post("/api/tables", json=body)
        table_id = created.json()["table"]["id"]
        token = take_seat(client, table_id, 1)
        troubles: list[dict[str, Any]] = []
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            send(ws, type="hello", version=3, token=token)
            while True:  # seat 0 bids first: seat 1's turn comes after a bot's bid
                message = receive(ws)
                if message["type"] == "bot_trouble":
                    troubles.append(message)
                if message["type"] == "state" and message["legal"]:
                    break
        health = client.get("/healthz").json()
    assert troubles and troubles[0] == {
        "type": "bot_trouble",
        "seat": 0,
        "seq": 0,
        "bot": "hard",
        "instead": "normal",
    }
    assert health["status"] == "degraded"
    assert health["bot_failures"] == len(troubles) and health["bot_decisions"] == {}
    failed = [r for r in caplog.records if r.getMessage() == "bot_failed"]
    fields = [getattr(r, "fields", {}) for r in failed]
    assert fields and fields[0]["table"] == table_id and fields[0]["seat"] == 0
    assert fields[0]["instead"] == "normal" and "RuntimeError" in fields[0]["reason"]


def test_a_hint_that_cannot_be_computed_is_busy_not_an_error(
    runner_of: Callable[..., BotRunner], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="crowsnest.server")
    runner = runner_of(unreliable.always_dies)
    game = new_game("hearts", seed=3)

    async def main() -> str:
        return await runner.hint("hearts", "hard", game.view(0), game.legal_actions(0), 3, 0)

    with pytest.raises(HintsBusy, match="could not be computed"):
        asyncio.run(main())
    assert runner.health.replaced == {"hints": 2} and runner.hints_running == 0
    assert [r.getMessage() for r in caplog.records] == ["pool_replaced"] * 2 + ["hint_failed"]

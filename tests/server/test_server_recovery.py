"""Crash recovery: kill -9 the server mid-game, start it again on the same data, and
every unfinished table goes on exactly where it was, tokens still valid."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import new_game, replay
from crowsnest.server.bots import bot_for, choose_text, family_of

from .helpers import (
    Player,
    ServerProcess,
    check_transcript,
    create_table,
    http,
    join,
    scripted_action,
    ws_url,
)


def uninterrupted(rules: str, seed: int, humans: set[int]) -> dict[str, Any]:
    """The same game played straight through, in process: the scripted player in the
    ``humans`` seats, the table's bots (normal level) in the others."""
    game = new_game(rules, seed=seed)
    family = family_of(rules)
    bot = bot_for(family, "normal")
    seq = 0
    while not game.is_over:
        (seat,) = game.actors  # Rook: one seat acts at a time
        legal = game.legal_actions(seat)
        if seat in humans:
            action = scripted_action(seat, seq, legal_to_json(legal))
        else:
            action = choose_text(family, bot, game.view(seat), legal, seed, seq)
        game.apply(seat, action)
        seq += 1
    return game.record()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_kill_9_mid_hand_and_resume(
    server_factory: Callable[..., ServerProcess], request: pytest.FixtureRequest, database: str
) -> None:
    env = {}
    if database == "postgresql":
        env["CROWSNEST_DATABASE_URL"] = request.getfixturevalue("pg_url")
    first = server_factory(**env)
    rules, seed = "rook/crowsnest", 4242
    table_id = create_table(first.base, rules=rules, seed=seed, grace=120)["table"]["id"]
    token = join(first.base, table_id)["token"]
    url = ws_url(first.base, table_id)
    before = Player(url, token, stop_after=25)
    asyncio.run(before.run())
    seen = before.states()[-1]["seq"]
    assert seen > 25
    first.kill9()

    second = server_factory(first.data_dir, **env)  # same data, new port
    url = ws_url(second.base, table_id)
    after = Player(url, token)  # the same token still holds the seat
    asyncio.run(after.run())
    resumed = after.states()[0]
    assert resumed["seq"] >= seen
    assert after.messages[0]["type"] == "welcome" and after.messages[0]["seat"] == 0

    status, record = http(second.base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200
    # The final record equals the game played straight through, and replays.
    assert record == uninterrupted(rules, seed, {0})
    assert replay(record).record() == record
    check_transcript(record, 0, before.messages)
    check_transcript(record, 0, after.messages)
    assert any(line["event"] == "recovered" for line in second.log_lines())


def test_kill_9_at_random_moments_of_bot_games(
    server_factory: Callable[..., ServerProcess],
) -> None:
    """Tables of bots only play on their own; kill the server at random moments, three
    times, and each game ends exactly as if nothing had happened."""
    server = server_factory()
    bots = ["bot"] * 4
    games = {
        create_table(server.base, rules=rules, seed=seed, seats=bots)["table"]["id"]: (rules, seed)
        for rules, seed in [("rook/tournament", 1), ("rook/dixie", 2), ("hearts", 3)]
    }
    rng = random.Random(5)
    recovered: list[int] = []
    for _ in range(3):
        time.sleep(rng.uniform(0.05, 0.3))
        server.kill9()
        server = server_factory(server.data_dir)
        recovered += [line["seq"] for line in server.log_lines() if line["event"] == "recovered"]
    assert any(seq > 0 for seq in recovered), recovered  # killed in the middle of games
    deadline = time.monotonic() + 120
    records: dict[str, Any] = {}
    while len(records) < len(games) and time.monotonic() < deadline:
        for table_id in games:
            status, data = http(server.base, "GET", f"/api/tables/{table_id}/record")
            if status == 200:
                records[table_id] = data
        time.sleep(0.1)
    assert len(records) == len(games)
    for table_id, (rules, seed) in games.items():
        record = records[table_id]
        assert replay(record).record() == record
        if rules != "hearts":  # the Hearts pass is simultaneous: its order may vary
            assert record == uninterrupted(rules, seed, set())


def test_hearts_resumes_after_kill_9(server_factory: Callable[..., ServerProcess]) -> None:
    first = server_factory()
    table_id = create_table(first.base, rules="hearts", seed=9, grace=120)["table"]["id"]
    token = join(first.base, table_id)["token"]
    spectator = Player(ws_url(first.base, table_id))
    before = Player(ws_url(first.base, table_id), token, stop_after=6)

    async def play_and_watch() -> None:
        watching = asyncio.create_task(spectator.run())
        await before.run()
        await asyncio.sleep(0.05)
        watching.cancel()

    asyncio.run(play_and_watch())
    first.kill9()
    second = server_factory(first.data_dir)
    after = Player(ws_url(second.base, table_id), token)
    asyncio.run(after.run())
    status, record = http(second.base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200
    game = replay(record)
    assert game.is_over and after.states()[-1]["view"] == game.view(0).to_json()
    for player in (before, after):
        check_transcript(record, 0, player.messages)

"""Crash recovery: kill -9 the server mid-game, start it again on the same data, and
every unfinished table goes on exactly where it was, tokens still valid."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import new_game, replay
from crowsnest.fairness import end_of
from crowsnest.server.table.bots import bot_for, choose_text, family_of

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
            action = scripted_action(seat, seq, legal_to_json(legal, family))
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
    assert record.pop("fairness")["seed_chosen"] is True  # the server's part of the record
    assert record.pop("end") == end_of(replay(record))
    # The final record equals the game played straight through, and replays.
    assert record == uninterrupted(rules, seed, {0})
    assert replay(record).record() == record
    check_transcript(record, 0, before.messages)
    check_transcript(record, 0, after.messages)
    assert any(line["event"] == "recovered" for line in second.log_lines())


def _observed(base: str, table_ids: Iterable[str]) -> dict[str, tuple[str, int]]:
    """Each table's (status, seq) as the server reports it now."""
    out = {}
    for table_id in table_ids:
        status, info = http(base, "GET", f"/api/tables/{table_id}")
        assert status == 200, info
        out[table_id] = (info["status"], info["seq"])
    return out


def _wait_until_past(base: str, table_ids: Iterable[str], seq: int) -> dict[str, tuple[str, int]]:
    """Poll until every table still playing is past ``seq`` (or over); what was seen."""
    deadline = time.monotonic() + 60
    while True:
        seen = _observed(base, table_ids)
        if all(status == "over" or at > seq for status, at in seen.values()):
            return seen
        assert time.monotonic() < deadline, (seq, seen)
        time.sleep(0.01)


def _recovered(server: ServerProcess, count: int) -> dict[str, int]:
    """The tables the server says it recovered at its start (table -> seq); waits until
    ``count`` of them are logged (the log is written by the server, so read it until
    it says so rather than once)."""
    deadline = time.monotonic() + 30
    while True:
        lines = [line for line in server.log_lines() if line["event"] == "recovered"]
        if len(lines) >= count:
            return {line["table"]: line["seq"] for line in lines}
        assert time.monotonic() < deadline, lines
        time.sleep(0.02)


def test_kill_9_at_chosen_moments_of_bot_games(
    server_factory: Callable[..., ServerProcess],
) -> None:
    """Tables of bots only play on their own; kill the server three times, each time
    once the server has been seen past a different point of the games, and each game
    ends exactly as if nothing had happened.

    The moments are chosen by what the server reports (its tables' seq), not by the
    clock: a kill lands mid-game on a fast machine and on a slow one alike. The bots
    wait 20 ms a move, so a game lasts seconds, and a kill seen mid-game stays so."""
    server = server_factory()
    bots = ["bot"] * 4
    games = {
        create_table(server.base, rules=rules, seed=seed, seats=bots, bot_delay=0.02)["table"][
            "id"
        ]: (rules, seed)
        for rules, seed in [("rook/tournament", 1), ("rook/dixie", 2), ("hearts", 3)]
    }
    rng = random.Random(5)
    threshold = 0
    for kill in range(3):
        threshold += rng.randint(5, 30)  # a different moment of the games each time
        seen = _wait_until_past(server.base, games, threshold)
        playing = {t: at for t, (status, at) in seen.items() if status == "playing"}
        assert playing, (kill, seen)  # the games last far longer than three kills
        server.kill9()
        log_lines_before = len(
            [line for line in server.log_lines() if line["event"] == "recovered"]
        )
        server = server_factory(server.data_dir)
        recovered = _recovered(server, log_lines_before + len(playing))
        for table_id, at in playing.items():
            # Killed in the middle of the game: it comes back at least where it was
            # seen, still playing, and the server reports it from there on.
            assert recovered[table_id] >= at > threshold, (kill, table_id, recovered)
            state, now = _observed(server.base, [table_id])[table_id]
            assert state == "over" or now >= recovered[table_id]
    records: dict[str, Any] = {}
    deadline = time.monotonic() + 120
    while len(records) < len(games):
        for table_id in games:
            status, data = http(server.base, "GET", f"/api/tables/{table_id}/record")
            if status == 200:
                records[table_id] = data
        assert time.monotonic() < deadline, sorted(records)
        time.sleep(0.1)
    for table_id, (rules, seed) in games.items():
        record = records[table_id]
        assert record.pop("fairness")["seed_chosen"] is True
        assert record.pop("end") == end_of(replay(record))
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

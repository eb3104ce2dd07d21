"""Whole games over real websockets against a real ``crowsnest serve`` process: Hearts
and every Rook rule set, one scripted player and a spectator, bots in the other seats."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from crowsnest.engine import RULESETS, RookGame, replay

from .helpers import (
    Player,
    ServerProcess,
    check_transcript,
    create_table,
    http,
    join,
    ws_url,
)


async def _one_game(base: str, rules: str, seed: int) -> tuple[dict[str, Any], Player, Player]:
    created = create_table(base, rules=rules, seed=seed, level="normal")
    table_id = created["table"]["id"]
    joined = join(base, table_id)
    url = ws_url(base, table_id)
    player = Player(url, joined["token"])
    spectator = Player(url)
    await asyncio.gather(player.run(), spectator.run())
    status, record = http(base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200, record
    return record, player, spectator


def test_whole_games_for_every_rule_set(server: ServerProcess) -> None:
    async def main() -> list[tuple[dict[str, Any], Player, Player]]:
        return await asyncio.gather(
            *(_one_game(server.base, rules, 100 + i) for i, rules in enumerate(RULESETS))
        )

    for (record, player, spectator), rules in zip(asyncio.run(main()), RULESETS, strict=True):
        game = replay(record)
        assert game.is_over and record["rules"] == rules
        assert record.pop("fairness")["seed_chosen"] is True  # the server's part
        assert game.record() == record
        last = player.states()[-1]
        assert last["status"] == "over" and last["seq"] == len(record["actions"])
        assert last["view"] == game.view(0).to_json()
        assert spectator.states()[-1]["view"] == game.view(None).to_json()
        assert player.sent > 10
        # Every message matches the engine's own view of that seat: nothing leaked.
        assert check_transcript(record, 0, player.messages) > 10
        assert check_transcript(record, None, spectator.messages) > 10


@pytest.mark.parametrize("rules", ["hearts", "rook/crowsnest"])
def test_stats_after_a_finished_game(server: ServerProcess, rules: str) -> None:
    record, _, _ = asyncio.run(_one_game(server.base, rules, 7))
    status, stats = http(server.base, "GET", "/api/players/Ann/stats")
    assert status == 200
    family = "hearts" if rules == "hearts" else "rook"
    assert stats["games"] == 1 and stats["by_game"][family]["games"] == 1
    game = replay(record)
    score = game.scores[0]
    assert stats["average_score"] == score
    if isinstance(game, RookGame):
        contracts = stats["contracts_made"] + stats["contracts_set"]
        assert contracts == sum(1 for r in game.results if r.declarer == 0)

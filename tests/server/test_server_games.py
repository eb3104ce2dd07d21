"""Whole games over real websockets against a real ``crowsnest serve`` process: Hearts
and every Rook rule set, one scripted player and a spectator, bots in the other seats."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from crowsnest.engine import RULESETS, RookGame, replay
from crowsnest.fairness import end_of
from crowsnest.server.people.ratings import DEFAULT_MU

from .helpers import Player, ServerProcess, check_transcript, create_table, http, join, ws_url


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
        assert record.pop("end") == end_of(game)
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
    """A game played to the end by a person (a scripted websocket player): its
    statistics and its rating, under the player's id, from the engine's results."""
    created = create_table(server.base, rules=rules, seed=7, level="normal")
    table_id = created["table"]["id"]
    joined = join(server.base, table_id)
    asyncio.run(Player(ws_url(server.base, table_id), joined["token"]).run())
    status, record = http(server.base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200, record
    status, profile = http(server.base, "GET", f"/api/players/{joined['player']}")
    assert status == 200
    [stats] = profile["stats"]
    game = replay(record)
    standing = game.standings()[0]
    assert stats["rules"] == rules and stats["games"] == 1 and stats["left"] == 0
    assert (stats["wins"], stats["losses"]) == ((1, 0) if standing.won else (0, 1))
    assert stats["hands"] == len(game.results)
    assert stats["average_per_game"] == game.scores[0]
    if isinstance(game, RookGame):
        contracts = stats["contracts_made"] + stats["contracts_set"]
        assert contracts == stats["contracts_bid"]
        assert contracts == sum(1 for r in game.results if r.declarer == 0)
        points = sum(r.score[standing.team] for r in game.results)
    else:
        points = sum(r.points[0] for r in game.results)
        assert stats["moons_shot"] == sum(1 for r in game.results if r.moon == 0)
    assert stats["average_per_hand"] == round(points / len(game.results), 1)
    [rating] = profile["ratings"]
    assert rating["games"] == 1 and rating["family"] == game.rules.family
    if standing.place == 1:  # first (Rook: the winning side): up; last: down
        assert rating["mu"] > round(DEFAULT_MU, 1)
    elif standing.place == max(s.place for s in game.standings()):
        assert rating["mu"] < round(DEFAULT_MU, 1)

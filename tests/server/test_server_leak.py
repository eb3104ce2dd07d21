"""The leak test: over complete games with every seat played through the server, no
message to a seat or a spectator ever names a card that seat may not know. The oracle
is the engine: each state must equal the engine's view of that seat, its legal actions
and the events it may see, and any card anywhere in any message must be one in the
seat's views just before and after, or in those events."""

from __future__ import annotations

import asyncio

import pytest

from crowsnest.engine import replay

from .helpers import Player, ServerProcess, check_transcript, create_table, http, join, ws_url


@pytest.mark.parametrize(
    ("rules", "seed"), [("hearts", 21), ("rook/crowsnest", 22), ("rook/red-one", 23)]
)
def test_no_message_leaks_a_card(server: ServerProcess, rules: str, seed: int) -> None:
    base = server.base
    table_id = create_table(base, rules=rules, seed=seed, seats=["human"] * 4)["table"]["id"]
    tokens = [join(base, table_id, seat=seat)["token"] for seat in range(4)]
    url = ws_url(base, table_id)
    players = [Player(url, token) for token in tokens]
    spectators = [Player(url), Player(url)]

    async def main() -> None:
        await asyncio.gather(*(p.run() for p in players + spectators))

    asyncio.run(main())
    status, record = http(base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200 and replay(record).is_over
    for seat, player in enumerate(players):
        assert check_transcript(record, seat, player.messages) >= len(record["actions"]) // 2
    for spectator in spectators:
        assert check_transcript(record, None, spectator.messages) >= len(record["actions"]) // 2

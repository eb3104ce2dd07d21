"""The leak test: over complete games with every seat played through the server, no
message to a seat or a spectator ever names a card that seat may not know. The oracle
is the engine: each state must equal the engine's view of that seat, its legal actions
and the events it may see, and any card anywhere in any message must be one in the
seat's views just before and after, or in those events. Nor does any message or HTTP
answer before the game is over carry the table's deal secret or the seed it gives."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from crowsnest.engine import replay
from crowsnest.fairness import seed_of

from .helpers import Player, ServerProcess, check_transcript, create_table, http, join, ws_url


def secret_of(server: ServerProcess, table_id: str) -> str:
    with sqlite3.connect(server.data_dir / "crowsnest.db") as db:
        (secret,) = db.execute("SELECT secret FROM tables WHERE id = ?", (table_id,)).fetchone()
    assert isinstance(secret, str)
    return secret


def assert_secret_kept(answers: list[object], secret: str) -> None:
    for answer in answers:
        text = json.dumps(answer)
        assert secret not in text and str(seed_of(secret)) not in text, text[:200]


@pytest.mark.parametrize("rules", ["hearts", "rook/crowsnest", "rook/red-one"])
def test_no_message_leaks_a_card(server: ServerProcess, rules: str) -> None:
    base = server.base
    created = create_table(base, rules=rules, seats=["human"] * 4)
    table_id = created["table"]["id"]
    tokens = [join(base, table_id, seat=seat)["token"] for seat in range(4)]
    url = ws_url(base, table_id)
    players = [Player(url, token) for token in tokens]
    spectators = [Player(url), Player(url)]
    answers: list[object] = [created]

    async def look() -> None:
        for path in ("", f"/{table_id}", f"/{table_id}/watch", f"/{table_id}/record"):
            answers.append(await asyncio.to_thread(http, base, "GET", f"/api/tables{path}"))
        bearer = {"Authorization": f"Bearer {tokens[0]}"}
        hint = f"/api/tables/{table_id}/hint"
        answers.append(await asyncio.to_thread(http, base, "GET", hint, None, bearer))

    async def main() -> None:
        await look()
        await asyncio.gather(*(p.run() for p in players + spectators), look())

    asyncio.run(main())
    status, record = http(base, "GET", f"/api/tables/{table_id}/record")
    assert status == 200 and replay(record).is_over
    secret = secret_of(server, table_id)
    assert record["fairness"]["secret"] == secret and record["seed"] == seed_of(secret)
    assert_secret_kept([*answers, *(m for p in players + spectators for m in p.messages)], secret)
    for seat, player in enumerate(players):
        assert check_transcript(record, seat, player.messages) >= len(record["actions"]) // 2
    for spectator in spectators:
        assert check_transcript(record, None, spectator.messages) >= len(record["actions"]) // 2

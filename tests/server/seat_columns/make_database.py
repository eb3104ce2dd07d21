# mypy: ignore-errors
# (run with an older commit's modules, not this one's: README.md)
"""Makes ``old.db`` and ``expected.json`` beside this file with the server as it was
just before the one log per table (main at ``9440dfa``, migration 0011): seat columns
(deadline, left_seq, timeouts, away, reviews) beside an action log. Run with the code
of that commit (README.md beside this file gives the command);
``tests/server/test_old_database.py`` upgrades a copy of ``old.db`` and checks that the
server restores what ``expected.json`` says that server restored. (The same tables as
``../old_log/make_old_database.py``, by the same steps, with that commit's modules.)

The tables, each through the HTTP API and websockets of a real app:

* ``timeouts``: Hearts, two players who never act, a 1-second turn timer: their bots
  decide when the timers run out until both are away; then one says ``back`` (and
  may time out again), the other leaves, and the first turns its reviews off;
* ``deadline``: Rook, two players, a 30-second timer running for the seat to act;
* ``waiting``: Rook, four human seats, one player moved to another seat, one seat
  still free.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.live.tables import Registry
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.store import Store

CLOCK = 1000.0
"""The table time the snapshot is taken at; a stored time ``at`` is
``CLOCK + at - WALL`` (``WALL`` written in ``expected.json``)."""


def create(client: TestClient, **body: object) -> str:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.json()
    return str(response.json()["table"]["id"])


def join(client: TestClient, table_id: str, seat: int, name: str) -> str:
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert response.status_code == 200, response.json()
    return str(response.json()["token"])


def say(client: TestClient, table_id: str, token: str, *messages: dict[str, object]) -> None:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "version": 3, "token": token}))
        while ws.receive_json()["type"] != "state":
            pass
        for message in messages:
            ws.send_text(json.dumps(message))
            ws.send_text(json.dumps({"type": "ping"}))
            while ws.receive_json()["type"] != "pong":
                pass


def play(data: Path) -> dict[str, str]:
    settings = Settings(data_dir=data, bot_delay=0, grace=3600, turn_timers="60,30,1")
    ids = {}
    with TestClient(create_app(settings)) as client:
        ids["timeouts"] = table_id = create(
            client,
            rules="hearts",
            seats=["human", "human", "bot", "bot"],
            timer="fast",
            bot_delay=0.3,
        )
        ann = join(client, table_id, 0, "Ann")
        bob = join(client, table_id, 1, "Bob")
        say(client, table_id, ann)  # the timers start once each player has seen the game
        say(client, table_id, bob)
        while not all(s["away"] for s in client.get(f"/api/tables/{table_id}").json()["seats"][:2]):
            time.sleep(0.1)  # both time out until they are away
        say(client, table_id, bob, {"type": "back"})
        say(client, table_id, ann, {"type": "leave"})
        auth = {"Authorization": f"Bearer {bob}"}
        off = client.put(f"/api/tables/{table_id}/review", json={"on": False}, headers=auth)
        assert off.status_code == 200, off.json()

        ids["deadline"] = table_id = create(
            client, rules="rook/crowsnest", seats=["human", "human", "bot", "bot"], timer="normal"
        )
        cy = join(client, table_id, 0, "Cy")
        di = join(client, table_id, 1, "Di")
        say(client, table_id, cy)
        say(client, table_id, di)

        ids["waiting"] = table_id = create(
            client, rules="rook/crowsnest", seats=["human"] * 4, timer="off"
        )
        eve = join(client, table_id, 0, "Eve")
        join(client, table_id, 1, "Fay")
        auth = {"Authorization": f"Bearer {eve}"}
        moved = client.post(f"/api/tables/{table_id}/move", json={"seat": 2}, headers=auth)
        assert moved.status_code == 200, moved.json()
    return ids


def snapshot(url: str, wall: float) -> dict[str, object]:
    """What the old server restores of every unfinished table."""
    store = Store(url)
    found: dict[str, object] = {}

    async def restore() -> None:
        async def run(_live: object) -> None:
            return None

        registry = Registry(store, lambda: CLOCK, run, lambda at: CLOCK + at.timestamp() - wall)
        for stored in store.load_unfinished():
            live = registry.restore(stored)
            assert live is not None
            table = live.table
            if hasattr(store, "seat_facts"):  # the seat log's server (../seat_claims)
                reviews = [facts.reviews for facts in store.seat_facts(table.id)]
            else:
                reviews = [row.reviews for row in store.seat_rows(table.id)]
            found[table.id] = {
                "status": table.status,
                "seq": table.seq,
                "seats": [
                    {
                        "kind": s.kind,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "left_seq": s.left_seq,
                        "timeouts": s.timeouts,
                        "away": s.away,
                        "benched": table.benched(i),
                        "deadline": None
                        if s.deadline is None
                        else round(s.deadline - CLOCK + wall, 3),
                        "reviews": reviews[i],
                        "legal": len(table.legal[i]),
                    }
                    for i, s in enumerate(table.seats)
                ],
                "record": table.record(),
                "bot_plan": None if (plan := table.bot_plan(CLOCK)) is None else plan.seat,
            }
        await registry.close()

    asyncio.run(restore())
    store.close()
    return found


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        ids = play(data)
        wall = time.time()
        shutil.copy(data / "crowsnest.db", out / "old.db")
    restored = snapshot(f"sqlite:///{out / 'old.db'}", wall)
    expected = {"wall": wall, "tables": ids, "restored": restored}
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)

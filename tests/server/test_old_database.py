"""A database written by an older server (``old_log/README.md``: before the server was
laid out by job; ``seat_columns/README.md``: just before the one log per table;
``seat_claims/README.md``: just before the seats were claimed in the log) is migrated
and restored with everything that server restored from it: every unfinished table, its
seats, turn timers, departures, time-outs in a row, away and bench, the reviews
choices, the record and the next bot turn (``old_log/expected.json``)."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from crowsnest.server.live.tables import LiveTable, Registry
from crowsnest.server.store.store import Store

HERE = Path(__file__).parent
OLD = [HERE / "old_log", HERE / "seat_columns", HERE / "seat_claims"]
"""The folders of the databases, each with the ``expected.json`` of its server."""
CLOCK = 1000.0
"""The table time of the restore (as in ``make_old_database.py``)."""


def restored(url: str, wall: float) -> dict[str, Any]:
    """What today's server restores of every unfinished table, in the form of
    ``expected.json``'s ``restored``."""
    store = Store(url)
    store.migrate()
    found: dict[str, Any] = {}

    async def restore() -> None:
        async def run(_live: LiveTable) -> None:
            return None

        registry = Registry(store, lambda: CLOCK, run, lambda at: CLOCK + at.timestamp() - wall)
        for stored in store.load_unfinished():
            live = registry.restore(stored)
            assert live is not None, stored.table.id
            table = live.table
            reviews = [facts.reviews for facts in store.seat_facts(table.id)]
            plan = table.bot_plan(CLOCK)
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
                "bot_plan": None if plan is None else plan.seat,
            }
        await registry.close()

    asyncio.run(restore())
    store.close()
    return found


@pytest.mark.parametrize("folder", OLD, ids=lambda p: p.name)
def test_an_old_database_is_restored_as_the_old_server_restored_it(
    folder: Path, tmp_path: Path
) -> None:
    expected = json.loads((folder / "expected.json").read_text())
    shutil.copy(folder / "old.db", tmp_path / "old.db")
    found = restored(f"sqlite:///{tmp_path / 'old.db'}", expected["wall"])
    assert set(found) == set(expected["tables"].values())
    for name, table_id in expected["tables"].items():
        assert found[table_id] == expected["restored"][table_id], name


@pytest.mark.parametrize("folder", OLD, ids=lambda p: p.name)
def test_the_old_database_holds_what_the_test_is_for(folder: Path) -> None:
    """The fixture has a seat that left, one with time-outs in a row, one whose
    reviews are off, a running turn timer, a moved seat and a free one."""
    expected = json.loads((folder / "expected.json").read_text())
    tables = expected["restored"]
    seats = [s for t in tables.values() for s in t["seats"]]
    assert any(s["left_seq"] is not None for s in seats)
    assert any(s["timeouts"] > 0 for s in seats)
    assert any(not s["reviews"] for s in seats)
    assert any(s["deadline"] is not None for s in seats)
    waiting = tables[expected["tables"]["waiting"]]
    assert waiting["status"] == "waiting" and waiting["seats"][2]["name"] == "Eve"
    assert waiting["seats"][0]["token_hash"] is None

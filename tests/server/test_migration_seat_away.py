"""Migration 0011: a seat from before ``seats.away`` is away as it was then, two
time-outs in a row or more, so a restarted server keeps exactly the seats away."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from crowsnest.server.store.store import Store
from server.helpers import alembic, old_table


def test_seats_with_two_time_outs_are_away(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    alembic(store, "upgrade", "0010")
    with store.engine.begin() as conn:
        old_table(conn, "t1", "rook/crowsnest", "playing")
        for seat, timeouts in enumerate((0, 1, 2, 3)):
            conn.execute(
                sa.text(
                    "INSERT INTO seats (table_id, seat, kind, name, timeouts)"
                    " VALUES ('t1', :seat, 'human', 'Ann', :timeouts)"
                ),
                {"seat": seat, "timeouts": timeouts},
            )
    store.migrate()
    assert [(s.timeouts, s.away) for s in store.seat_facts("t1")] == [
        (0, False), (1, False), (2, True), (3, True)
    ]  # fmt: skip
    store.close()

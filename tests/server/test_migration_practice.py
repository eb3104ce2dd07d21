"""Migration 0012: every result from before ``results.practice`` is a game played on
the server, so it stays in the statistics; downgrading drops the column again."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from crowsnest.server.store.players import PlayerStore
from crowsnest.server.store.store import Store
from server.helpers import alembic, old_table


def test_results_from_before_are_not_practice_and_still_counted(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    alembic(store, "upgrade", "0011")
    with store.engine.begin() as conn:
        old_table(conn, "t1", "hearts", "over")
        conn.execute(sa.text("INSERT INTO players (id, created_at) VALUES ('p1', '2026-01-01')"))
        conn.execute(
            sa.text(
                "INSERT INTO results (table_id, seat, name, family, rules, score, won,"
                " contracts_made, contracts_set, finished_at, player_id, public)"
                " VALUES ('t1', 0, 'Ann', 'hearts', 'hearts', 40, 1, 0, 0, '2026-01-01', 'p1', 1)"
            )
        )
    store.migrate()
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT practice FROM results")).scalar_one() in (0, False)
    [stats] = PlayerStore(store.engine).stats("p1", private_too=True)
    assert (stats.rules, stats.games, stats.wins) == ("hearts", 1, 1)
    alembic(store, "downgrade", "0011")
    with store.engine.connect() as conn:
        columns = [c["name"] for c in sa.inspect(conn).get_columns("results")]
    assert "practice" not in columns
    store.close()

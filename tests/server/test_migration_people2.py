"""Migration 0008: bots of tables from before bot names, stored under their
bot's id or no name, get the name a new table gives them; named bots keep theirs."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from crowsnest.server.people.presets import BOT_NAMES, bot_name
from crowsnest.server.store.store import Store
from server.helpers import alembic, old_table

SEED = 12345


def test_old_bots_get_the_names_new_tables_give(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    alembic(store, "upgrade", "0007")
    named = next(n for n in BOT_NAMES if n != bot_name(SEED, 3))
    with store.engine.begin() as conn:
        old_table(conn, "t1", "rook/crowsnest", "playing", seed=SEED)
        for seat, kind, name in (
            (0, "human", "Ann"),
            (1, "bot", "normal"),
            (2, "bot", None),
            (3, "bot", named),
        ):
            conn.execute(
                sa.text(
                    "INSERT INTO seats (table_id, seat, kind, name)"
                    " VALUES ('t1', :seat, :kind, :name)"
                ),
                {"seat": seat, "kind": kind, "name": name},
            )
    store.migrate()
    names = [s.name for s in store.seat_rows("t1")]
    assert names == ["Ann", bot_name(SEED, 1), bot_name(SEED, 2), named]
    store.migrate()  # once only: nothing changes the second time
    assert [s.name for s in store.seat_rows("t1")] == names
    store.close()

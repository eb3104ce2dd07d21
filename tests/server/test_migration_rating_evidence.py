"""Migration 0010: a rating from before the rating rules counts its rated games as
evidence (they were all counted in full then), so a settled player stays settled."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from crowsnest.server.store.players import PlayerStore
from crowsnest.server.store.store import Store
from server.helpers import alembic


def test_old_ratings_count_their_games_as_evidence(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    alembic(store, "upgrade", "0009")
    with store.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO players (id, created_at) VALUES ('p1', '2026-12-01')"))
        conn.execute(
            sa.text(
                "INSERT INTO ratings (player_id, family, mu, sigma, games)"
                " VALUES ('p1', 'rook', 27.5, 4.0, 12)"
            )
        )
    store.migrate()
    [rating] = PlayerStore(store.engine).ratings("p1")
    assert (rating.games, rating.evidence, rating.rating.mu) == (12, 12.0, 27.5)
    store.close()

"""One log per table, the seats too: who took each seat is a ``claim`` fact of the
table's log (:mod:`crowsnest.server.table.log`), as are a seat moved, filled and given
up from now on; a table is rebuilt from its log, and the ``seats`` rows are what the
queries read of who held each seat.

Each claimed seat (one with a token hash) becomes a ``claim`` fact at seq 0, before
the facts stored there (those move up by the claims' count): its name, token hash and
player. A seat filled by a bot is kept as a bot's seat, as the server restored it. The
downgrade deletes the facts of who holds a seat; the ``seats`` rows still say it.

Revision ID: 0014
Revises: 0013
Create Date: 2027-01-27
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

HOLDERS = ("claim", "move", "fill", "free")
"""The kinds of fact that say who holds a seat."""

seat_log = sa.table(
    "seat_log",
    sa.column("table_id", sa.String),
    sa.column("seq", sa.Integer),
    sa.column("n", sa.SmallInteger),
    sa.column("seat", sa.SmallInteger),
    sa.column("kind", sa.String),
    sa.column("payload", sa.JSON),
)


def claims_of(seats: list[Any]) -> dict[str, list[dict[str, Any]]]:
    """By table, the ``claim`` rows (at seq 0, numbered from 0) of its claimed seats."""
    out: dict[str, list[dict[str, Any]]] = {}
    for s in sorted(seats, key=lambda s: (s.table_id, s.seat)):
        rows = out.setdefault(s.table_id, [])
        payload = {"name": s.name, "token_hash": s.token_hash, "player": s.player_id}
        rows.append(
            {"table_id": s.table_id, "seq": 0, "n": len(rows), "seat": int(s.seat)}
            | {"kind": "claim", "payload": payload}
        )
    return out


def upgrade() -> None:
    conn = op.get_bind()
    seats = conn.execute(
        sa.text(
            "SELECT table_id, seat, name, token_hash, player_id FROM seats"
            " WHERE token_hash IS NOT NULL"
        )
    ).all()
    for table_id, claims in claims_of(list(seats)).items():
        where = sa.and_(seat_log.c.table_id == table_id, seat_log.c.seq == 0)
        before = conn.execute(
            sa.select(seat_log.c.n, seat_log.c.seat, seat_log.c.kind, seat_log.c.payload)
            .where(where)
            .order_by(seat_log.c.n)
        ).all()
        conn.execute(seat_log.delete().where(where))
        moved = [
            {"table_id": table_id, "seq": 0, "n": len(claims) + i, "seat": r.seat}
            | {"kind": r.kind, "payload": r.payload}
            for i, r in enumerate(before)
        ]
        op.bulk_insert(seat_log, claims + moved)


def downgrade() -> None:
    op.get_bind().execute(seat_log.delete().where(seat_log.c.kind.in_(HOLDERS)))

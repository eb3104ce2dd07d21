"""Identity: players, their sessions and accounts, ratings and their
history; each seat's and each result's player; what the statistics add up per
result (hands, points, moons, left). ``seats.left_seq`` comes from 0004.

Results from before identities keep ``player_id`` NULL: they stay readable by the
name they were played under, as "unclaimed" history (``/api/unclaimed/{name}``).
Their hands, points and moons are filled in by replaying their records once, here;
their publicity from their table. Nothing is dropped.

Revision ID: 0005
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("username", sa.String(40), nullable=True),
        sa.Column("username_key", sa.String(160), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_player", "sessions", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_at", "rating_history", ["player_id", "at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(24), nullable=True))
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("player_id", sa.String(24), nullable=True))
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()))
        for name in ("hands", "hand_points", "moons_shot", "moons_suffered"):
            batch.add_column(sa.Column(name, sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_results_player", "results", ["player_id", "rules"])
    _fill_unclaimed()


def _fill_unclaimed() -> None:
    """The results stored before: publicity from their table, hands, points and
    moons from their record (one replay each, once)."""
    from crowsnest.engine import RecordError, replay

    results = sa.table(
        "results", sa.column("table_id", sa.String), sa.column("seat", sa.SmallInteger),
        sa.column("public", sa.Boolean), sa.column("hands", sa.Integer),
        sa.column("hand_points", sa.Integer), sa.column("moons_shot", sa.Integer),
        sa.column("moons_suffered", sa.Integer),
    )  # fmt: skip
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("public", sa.Boolean))
    records = sa.table("records", sa.column("table_id", sa.String), sa.column("record", sa.JSON))
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(results.c.table_id, results.c.seat, tables.c.public, records.c.record)
        .join(tables, tables.c.id == results.c.table_id)
        .join(records, records.c.table_id == results.c.table_id)
    ).all()
    for table_id, seat, public, record in rows:
        values: dict[str, object] = {"public": bool(public)}
        try:
            summary = replay(record).standings()[seat]
            values.update(
                hands=summary.hands,
                hand_points=summary.hand_points,
                moons_shot=summary.moons_shot,
                moons_suffered=summary.moons_suffered,
            )
        except (RecordError, TypeError, ValueError, IndexError):
            pass  # a record this engine no longer replays: its result keeps its totals
        conn.execute(
            results.update()
            .where(results.c.table_id == table_id, results.c.seat == seat)
            .values(**values)
        )


def downgrade() -> None:
    op.drop_index("ix_results_player", "results")
    with op.batch_alter_table("results") as batch:
        for name in ("moons_suffered", "moons_shot", "hand_points", "hands", "left", "public",
                     "player_id"):  # fmt: skip
            batch.drop_column(name)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player_id")
    for table in ("rating_history", "ratings", "sessions", "players"):
        op.drop_table(table)

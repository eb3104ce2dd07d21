"""History: each finished game's final totals, stored when it finishes, so that a
player's games page reads them instead of replaying every game. Games finished
before are replayed once, here.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("records") as batch:
        batch.add_column(sa.Column("scores", sa.JSON, nullable=True))
    from crowsnest.engine import RecordError, replay

    records = sa.table(
        "records", sa.column("table_id", sa.String), sa.column("record", sa.JSON),
        sa.column("scores", sa.JSON),
    )  # fmt: skip
    conn = op.get_bind()
    for table_id, record in conn.execute(sa.select(records.c.table_id, records.c.record)).all():
        try:
            scores = list(replay(record).scores)
        except (RecordError, TypeError, ValueError):
            scores = []  # a record this engine no longer replays: the list still shows it
        conn.execute(records.update().where(records.c.table_id == table_id).values(scores=scores))


def downgrade() -> None:
    with op.batch_alter_table("records") as batch:
        batch.drop_column("scores")

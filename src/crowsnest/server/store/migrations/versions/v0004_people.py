"""Playing with people: each table's turn timer; each seat's turn
deadline (stored, so a restarted server keeps it) and the seq at which its player
left the game for good.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("timer", sa.String(8), nullable=False, server_default="off"))
        batch.add_column(sa.Column("turn_seconds", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("left_seq", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("left_seq")
        batch.drop_column("deadline")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("turn_seconds")
        batch.drop_column("timer")

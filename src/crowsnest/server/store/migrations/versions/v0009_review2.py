"""Hand reviews: each seat's choice whether its hands are reviewed
(``seats.reviews``), and the reviews queued or running (``pending_reviews``), so
that a review a stopped server did not finish is queued again when it starts.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("reviews", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "pending_reviews",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pending_reviews")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("reviews")

"""Hand reviews: what the Hard search thinks of each decision of a human
seat, one row per (table, hand, seat), the JSON of ``crowsnest.ai.review.Review``.

Revision ID: 0006
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")

"""Fair deals: each table's deal secret (never sent before the game is over) and
whether its creator chose the seed.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seed_chosen")
        batch.drop_column("secret")

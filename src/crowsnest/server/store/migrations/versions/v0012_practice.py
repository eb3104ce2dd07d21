"""Practice games: a game played offline in the browser and sent to the player's
History afterwards (``POST /api/practice``) is stored as a finished, private table
whose result is marked ``practice``: it shows in the player's games and counts in
no statistics and no rating. Every result from before is not practice.

Revision ID: 0012
Revises: 0011
Create Date: 2027-01-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.add_column(
            sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("practice")

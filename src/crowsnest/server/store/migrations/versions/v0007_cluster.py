"""Several nodes: the fencing number of each table's owner. A node that takes a
table's lease writes the lease's number here; an append whose writer holds a lower
one is refused (docs/architecture.md, "Several nodes").

Revision ID: 0007
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_owners",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("fence", sa.BigInteger, nullable=False),
        sa.Column("node", sa.String(64), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_owners")

"""Tables nobody can hold hostage: whether a seat's bot keeps it (``seats.away``) is
stored apart from its time-outs in a row, since ``back`` now ends away without
resetting the count (only the player's own action does;
:data:`~crowsnest.server.people.presets.BENCH_TIMEOUTS`). A seat from before is away as
it was: two time-outs in a row or more.

Revision ID: 0011
Revises: 0010
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute(sa.text("UPDATE seats SET away = (timeouts >= 2)"))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")

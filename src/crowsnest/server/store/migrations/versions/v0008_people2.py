"""Playing with people, the rest: each seat's timeouts in a row are stored
(``seats.timeouts``: two or more is away), so a restarted server knows exactly who is
away; and bots of tables from before bot names get the names new tables give them.

Before bot names, a bot seat was stored under its bot's id (`normal`, `rook-hard`,
...) or no name, so screens showed a level where a name belongs. Each such seat is
given :func:`crowsnest.server.people.presets.bot_name` of its table's seed and its seat: the
name the table would get today, the same on every screen. (Downgrading keeps the
names: nothing reads the old ones.) Seats of tables running during the upgrade start
with no timeouts: who was away then plays on with a fresh timer.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from crowsnest.server.people.presets import BOT_NAMES, bot_name

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
    conn = op.get_bind()
    rows = conn.execute(
        sa.text(
            "SELECT seats.table_id, seats.seat, seats.name, tables.seed FROM seats "
            "JOIN tables ON tables.id = seats.table_id WHERE seats.kind = 'bot'"
        )
    ).all()
    rename = sa.text("UPDATE seats SET name = :name WHERE table_id = :table_id AND seat = :seat")
    for table_id, seat, name, seed in rows:
        if name not in BOT_NAMES:
            conn.execute(rename, {"name": bot_name(seed, seat), "table_id": table_id, "seat": seat})


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeouts")

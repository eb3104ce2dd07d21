"""Initial schema: tables, seats, the action log, records and results.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

NOW = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("grace", sa.Float, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", NOW, nullable=False),
        sa.Column("finished_at", NOW, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("joined_at", NOW, nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.SmallInteger, nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", NOW, nullable=False),
    )
    op.create_table(
        "records",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("finished_at", NOW, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("contracts_made", sa.Integer, nullable=False),
        sa.Column("contracts_set", sa.Integer, nullable=False),
        sa.Column("finished_at", NOW, nullable=False),
    )
    op.create_index("ix_results_name", "results", ["name"])


def downgrade() -> None:
    op.drop_index("ix_results_name", "results")
    op.drop_table("results")
    op.drop_table("records")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")

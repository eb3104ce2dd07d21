"""Ratings that mean something: the games' worth of evidence behind each rating
(``ratings.evidence``, :mod:`crowsnest.server.people.ratings`): a new identity moves its
opponents little or not at all until it has some. A rating from before counts its
rated games as evidence, as they were all counted in full then.

Revision ID: 0010
Revises: 0009
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ratings") as batch:
        batch.add_column(sa.Column("evidence", sa.Float, nullable=False, server_default="0"))
    op.execute("UPDATE ratings SET evidence = games")


def downgrade() -> None:
    with op.batch_alter_table("ratings") as batch:
        batch.drop_column("evidence")

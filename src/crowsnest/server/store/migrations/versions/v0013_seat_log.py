"""One log per table: what the seat columns kept (``seats.deadline``, ``left_seq``,
``timeouts``, ``away``, ``reviews``) becomes seat facts in ``seat_log``, keyed by the
table, the action seq at which a fact happened and its order ``n`` within it
(:mod:`crowsnest.server.table.log`), and the columns go.

Each seat's columns become the facts that restore it as the server restored it from
them: a ``left`` fact at its ``left_seq`` (its time-outs, away and deadline were not
restored then); else, at the table's last seq, its time-outs in a row and away (when
not 0 and not away) and its turn deadline (when one runs, on the wall clock); and its
reviews choice (when off). The downgrade folds the facts back into the columns.

Revision ID: 0013
Revises: 0012
Create Date: 2027-01-20
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

seat_log = sa.table(
    "seat_log",
    sa.column("table_id", sa.String),
    sa.column("seq", sa.Integer),
    sa.column("n", sa.SmallInteger),
    sa.column("seat", sa.SmallInteger),
    sa.column("kind", sa.String),
    sa.column("payload", sa.JSON),
)


def _epoch(at: Any) -> float | None:
    """A stored deadline as seconds since the epoch (SQLite's has no time zone: UTC)."""
    if at is None:
        return None
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return float(at.timestamp())


def facts_of_seats(seats: list[Any], last: dict[str, int]) -> list[dict[str, Any]]:
    """The ``seat_log`` rows that say what the seat rows ``seats`` said (``last``: each
    table's last action seq)."""
    rows: list[dict[str, Any]] = []
    count: dict[tuple[str, int], int] = {}

    def add(table_id: str, seq: int, seat: int, kind: str, payload: dict[str, Any]) -> None:
        n = count.get((table_id, seq), 0)
        count[(table_id, seq)] = n + 1
        rows.append(
            {"table_id": table_id, "seq": seq, "n": n, "seat": seat, "kind": kind}
            | {"payload": payload}
        )

    for s in sorted(seats, key=lambda s: (s.table_id, s.seat)):
        table_id, seat, seq = s.table_id, int(s.seat), last.get(s.table_id, 0)
        if s.left_seq is not None:
            add(table_id, int(s.left_seq), seat, "left", {})
        elif int(s.timeouts or 0) != 0 or bool(s.away):
            add(table_id, seq, seat, "timeouts", {"count": int(s.timeouts), "away": bool(s.away)})
        if s.deadline is not None and s.left_seq is None:
            add(table_id, seq, seat, "deadline", {"at": _epoch(s.deadline)})
        if not bool(s.reviews):
            add(table_id, seq, seat, "review", {"on": False})
    return rows


def upgrade() -> None:
    op.create_table(
        "seat_log",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("n", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.SmallInteger, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
    )
    conn = op.get_bind()
    last = {
        t: int(q)
        for t, q in conn.execute(
            sa.text("SELECT table_id, MAX(seq) FROM actions GROUP BY table_id")
        ).all()
    }
    seats = conn.execute(
        sa.text(
            "SELECT table_id, seat, deadline, left_seq, timeouts, away, reviews FROM seats"
            " WHERE left_seq IS NOT NULL OR timeouts <> 0 OR away OR deadline IS NOT NULL"
            " OR NOT reviews"
        )
    ).all()
    rows = facts_of_seats(list(seats), last)
    if rows:
        op.bulk_insert(seat_log, rows)
    with op.batch_alter_table("seats") as batch:
        for column in ("deadline", "left_seq", "timeouts", "away", "reviews"):
            batch.drop_column(column)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("left_seq", sa.Integer, nullable=True))
        batch.add_column(sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("reviews", sa.Boolean, nullable=False, server_default=sa.true()))
    conn = op.get_bind()
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.SmallInteger),
        sa.column("deadline", sa.DateTime(timezone=True)),
        sa.column("left_seq", sa.Integer),
        sa.column("timeouts", sa.Integer),
        sa.column("away", sa.Boolean),
        sa.column("reviews", sa.Boolean),
    )
    found = conn.execute(
        sa.select(seat_log).order_by(seat_log.c.table_id, seat_log.c.seq, seat_log.c.n)
    ).all()
    columns: dict[tuple[str, int], dict[str, Any]] = {}
    for r in found:
        values = columns.setdefault((r.table_id, int(r.seat)), {})
        payload = r.payload
        if r.kind == "left":
            values["left_seq"] = int(r.seq)
        elif r.kind == "timeouts":
            values["timeouts"], values["away"] = int(payload["count"]), bool(payload["away"])
        elif r.kind == "deadline":
            at = payload["at"]
            values["deadline"] = None if at is None else datetime.fromtimestamp(at, UTC)
        elif r.kind == "review":
            values["reviews"] = bool(payload["on"])
    for (table_id, seat), values in columns.items():
        conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(**values)
        )
    op.drop_table("seat_log")

"""The database's tables, as SQLAlchemy declares them: tables, seats (their kinds, and
who holds each as the log's facts say, for the queries),
the append-only log of each table keyed by (table_id, seq) — its actions, and its
seat facts (``seat_log``, ordered by ``n`` within a seq) — finished records,
per-player results, hand reviews and the owners' fences. The Alembic migrations
(``migrations/``) create and change them; these declarations are what the queries
are written against."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
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
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("secret", sa.String(64), nullable=True),
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("timer", sa.String(8), nullable=False, server_default="off"),
    sa.Column("turn_seconds", sa.Float, nullable=True),
)
sa.Index("ix_tables_status", tables.c.status)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    # identity: who holds the seat (from migration 0004)
    sa.Column("player_id", sa.String(24), nullable=True),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("by", sa.String(8), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

seat_log = sa.Table(
    "seat_log",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("n", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("payload", sa.JSON, nullable=False),
)
"""The seat facts of each table (:mod:`crowsnest.server.table.log`: who took, moved,
filled or gave up a seat, turn deadlines, time-outs, departures, review choices):
``seq`` the action seq at which the fact happened, ``n`` its order within that seq."""

records = sa.Table(
    "records",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("scores", sa.JSON, nullable=True),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("family", sa.String(16), nullable=False),
    sa.Column("rules", sa.String(64), nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("contracts_made", sa.Integer, nullable=False),
    sa.Column("contracts_set", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    # identity: whose result it is (NULL: a game from before identities,
    # "unclaimed", readable by name only) and what the statistics add up.
    sa.Column("player_id", sa.String(24), nullable=True),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("hands", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hand_points", sa.Integer, nullable=False, server_default="0"),
    sa.Column("moons_shot", sa.Integer, nullable=False, server_default="0"),
    sa.Column("moons_suffered", sa.Integer, nullable=False, server_default="0"),
    # practice (v0012): a game played offline and sent afterwards; in no statistics
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
)
sa.Index("ix_results_name", results.c.name)
sa.Index("ix_results_player", results.c.player_id, results.c.rules)

# -- identity ------------------------------------------------------------------

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    # id: the public id (in URLs and profiles), never a secret; the cookie is a session.
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("username", sa.String(40), nullable=True),
    sa.Column("username_key", sa.String(160), nullable=True, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("secret_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_sessions_player", sessions.c.player_id)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    # the games' worth of evidence behind the rating (v0010, crowsnest.server.people.ratings)
    sa.Column("evidence", sa.Float, nullable=False, server_default="0"),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_rating_history_at", rating_history.c.player_id, rating_history.c.at)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("review", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Hand reviews (``crowsnest.server.live.review``): one per human seat and hand."""

pending_reviews = sa.Table(
    "pending_reviews",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
)
"""Hand reviews queued or running (v0009): queued again when the server starts."""

table_owners = sa.Table(
    "table_owners",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("fence", sa.BigInteger, nullable=False),
    sa.Column("node", sa.String(64), nullable=False),
    sa.Column("since", sa.DateTime(timezone=True), nullable=False),
)
"""Several nodes: the fencing number of the lease of each table's owner (v0007)."""

"""Alembic environment: migrates the connection handed over in
``config.attributes["connection"]`` (see :func:`crowsnest.server.store.store.migrate`), or
else the URL in the ``sqlalchemy.url`` option (``alembic -x`` use from a shell)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from crowsnest.server.store.schema import metadata


def run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is None:
        engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as conn:
            _migrate(conn)
        engine.dispose()
    else:
        _migrate(connection)


def _migrate(connection: sa.Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic sets ``context.config`` before it runs this file; a plain import (pytest's
# doctest collection) finds none and does nothing.
if hasattr(context, "config"):
    run()

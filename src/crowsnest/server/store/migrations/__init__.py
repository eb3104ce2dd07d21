"""Alembic migrations of the server's database (run by
:func:`crowsnest.server.store.store.migrate`)."""

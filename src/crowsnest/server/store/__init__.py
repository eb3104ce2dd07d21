"""Persistence: the schema, one repository per aggregate, the writer thread, the
journal (the event loop's side) and the Alembic migrations."""

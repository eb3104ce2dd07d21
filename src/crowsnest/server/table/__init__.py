"""One table, sans I/O: ``Table.handle(seat, message, now)`` answers an ``Outcome``;
the table is made of parts (state, seats, timers, play, resign, chat) and its bots'
levels and runner (``docs/architecture.md``, "The server")."""

"""The server as people run it: ``crowsnest serve`` as ``make play`` starts it (the
installed command, every setting at its default, the compiled core, its worker
processes for the bots, the hints and the reviews), on a fresh SQLite database.

What these tests choose is what a player's table may choose: a table's bot delay
(0: the bots play as fast as they think), a Rook table's target (50: one hand is a
game), a seed. Nothing else of the server differs from what ``make play`` runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.helpers import ServerProcess, http


@pytest.fixture(scope="module")
def as_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A ``crowsnest serve`` with the defaults, running the compiled core."""
    server = ServerProcess(tmp_path_factory.mktemp("as-run"), fast=False).start()
    try:
        status, health = http(server.base, "GET", "/healthz")
        assert status == 200
        assert health["engine"].startswith("compiled ("), (
            f"the server runs {health['engine']}: `make native` builds the compiled core"
        )
        yield server
    finally:
        server.stop()

"""Fixtures: an in-process app (Starlette's TestClient) and real server processes.
The PostgreSQL ones (``pg_cluster``, ``pg_url``) are in ``tests/pgcluster.py``, shared
with the cluster tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings

from .helpers import ServerProcess

collect_ignore = ["old_log/make_old_database.py", "seat_columns/make_database.py"]
"""Run with the code of an older commit (each folder's ``README.md``), not this one's."""


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, bot_delay=0, grace=60)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start ``crowsnest serve`` processes (each its own data folder unless given)."""
    started: list[ServerProcess] = []

    def start(data_dir: Path | None = None, **env: str) -> ServerProcess:
        folder = data_dir or tmp_path / f"server{len(started)}"
        folder.mkdir(exist_ok=True)
        server = ServerProcess(folder, env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def server(server_factory: Callable[..., ServerProcess]) -> ServerProcess:
    return server_factory()

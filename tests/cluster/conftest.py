"""Fixtures: a real local cluster for the module: one PostgreSQL database (in the
session's throwaway PostgreSQL cluster, ``tests/pgcluster.py``), a Redis server and
``crowsnest serve`` nodes on them, each a process the tests may kill, stop or end."""

from __future__ import annotations

import gc
import shutil
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pgcluster import database, unavailable
from server.helpers import ServerProcess, free_port

LEASE = 2.0
"""The nodes' lease in these tests (seconds)."""


HERE = Path(__file__).parent


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """These tests kill, stop and partition nodes on purpose, and a client of a node
    killed mid-call (a socket, a database connection in a cancelled thread) can be
    left for the garbage collector. It is collected right after each of these tests,
    with ``ResourceWarning`` ignored: left to a later collection, its warning failed an
    unrelated test (tests/engine) in a clean run. Here, not in a fixture: a test's
    fixture values are let go only after its last fixture's teardown."""
    yield
    if HERE in Path(str(item.path)).parents:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()


def need(program: str) -> str:
    found = shutil.which(program) or shutil.which(program, path="/usr/sbin:/usr/bin")
    if found is None:
        unavailable(f"{program} not found (`make cluster` installs it)")
    return found


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A Redis server of this module's own, on a unix socket, keeping nothing on disk."""
    binary = need("redis-server")
    base = Path(tempfile.mkdtemp(prefix="cn-redis-"))
    sock = base / "redis.sock"
    proc = subprocess.Popen(
        [binary, "--port", "0", "--unixsocket", str(sock), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=base,
    )
    deadline = time.monotonic() + 20
    while not sock.exists():
        assert proc.poll() is None, "redis-server exited"
        assert time.monotonic() < deadline, "redis-server did not start"
        time.sleep(0.02)
    try:
        yield f"unix://{sock}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster_db(pg_cluster: str) -> Iterator[str]:
    """An empty database of the module's own."""
    with database(pg_cluster, "c") as url:
        yield url


NodeFactory = Callable[..., ServerProcess]


@pytest.fixture(scope="module")
def nodes(
    cluster_db: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[NodeFactory]:
    """Start a node on the module's database and Redis (name ``n<i>`` by default)."""
    started: list[ServerProcess] = []
    base = tmp_path_factory.mktemp("nodes")

    def start(name: str | None = None, **env: str) -> ServerProcess:
        name = name or f"n{len(started)}"
        folder = base / name
        folder.mkdir(exist_ok=True)
        settings = {
            "CROWSNEST_DATABASE_URL": cluster_db,
            "CROWSNEST_REDIS_URL": redis_url,
            "CROWSNEST_NODE_ID": name,
            "CROWSNEST_LEASE": str(LEASE),
            "CROWSNEST_BOT_WORKERS": "1",
            "CROWSNEST_HINT_WORKERS": "1",
        }
        node = ServerProcess(folder, {**settings, **env}).start()
        started.append(node)
        return node

    yield start
    for node in started:
        if node.proc is not None and node.proc.poll() is None:
            node.proc.kill()
            node.proc.wait()


__all__ = ["LEASE", "NodeFactory", "free_port", "need"]

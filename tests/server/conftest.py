"""Fixtures: an in-process app (Starlette's TestClient), real server processes, and a
throwaway PostgreSQL cluster (Debian's binaries; skipped locally when missing, a
failure on CI where ``.ci/run`` installs them)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.settings import Settings

from .helpers import ServerProcess


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


# -- PostgreSQL ---------------------------------------------------------------------------


def _pg_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL: {reason} (.ci/run installs Debian's postgresql)")
    pytest.skip(f"PostgreSQL: {reason}")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A PostgreSQL cluster for this test session, on a unix socket only; its URL
    (database ``postgres``). As root it runs as the ``postgres`` user."""
    bindir = _pg_bindir()
    if bindir is None:
        _unavailable("initdb not found")
    assert bindir is not None
    base = Path(tempfile.mkdtemp(prefix="cn-pg-"))
    run_as: dict[str, Any] = {}
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            _unavailable("no 'postgres' user to run the server as")
        os.chown(base, user.pw_uid, user.pw_gid)
        run_as = {"user": user.pw_uid, "group": user.pw_gid, "cwd": base}
    data = base / "data"
    port = 5432
    initdb = [str(bindir / "initdb"), "-D", str(data), "-U", "crowsnest", "-A", "trust"]
    subprocess.run(
        [*initdb, "-E", "UTF8", "--locale=C", "--no-sync"],
        check=True,
        capture_output=True,
        **run_as,
    )
    options = f"-k {base} -c listen_addresses='' -p {port} -c fsync=off"
    subprocess.run(
        [bindir / "pg_ctl", "-D", data, "-o", options, "-l", base / "log", "-w", "start"],
        check=True,
        capture_output=True,
        **run_as,
    )
    try:
        yield f"postgresql+psycopg://crowsnest@/postgres?host={base}&port={port}"
    finally:
        subprocess.run(
            [bindir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"],
            capture_output=True,
            **run_as,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_url(pg_cluster: str) -> Iterator[str]:
    """A fresh, empty database in the session's cluster."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(pg_cluster, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield pg_cluster.replace("/postgres?", f"/{name}?")
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.dispose()

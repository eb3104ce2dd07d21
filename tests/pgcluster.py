"""The tests' PostgreSQL (a pytest plugin, ``-p pgcluster`` in ``pyproject.toml``, so
that the server and the cluster tests share one): a throwaway PostgreSQL cluster for
the session, started as ``make cluster`` starts its own
(:func:`tools.cluster.start_postgres`) but with nothing synced to
disk, and empty databases in it. Skipped locally when Debian's PostgreSQL is missing,
a failure on CI where ``.ci/run`` installs it."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
import sqlalchemy as sa
from tools.cluster import Missing, start_postgres, stop_postgres


def unavailable(reason: str) -> NoReturn:
    """Skip (fail on CI) a test that needs what this machine lacks."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (.ci/run installs Debian's packages)")
    pytest.skip(reason)


@contextlib.contextmanager
def database(cluster_url: str, prefix: str = "t") -> Iterator[str]:
    """A new, empty database in the PostgreSQL of ``cluster_url``, dropped at the end;
    its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(cluster_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield cluster_url.replace("/postgres?", f"/{name}?")
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.dispose()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A PostgreSQL cluster for this test session, on a unix socket only; its URL
    (database ``postgres``). As root it runs as the ``postgres`` user."""
    folder = Path(tempfile.mkdtemp(prefix="cn-pg-"))
    try:
        url = start_postgres(folder, throwaway=True)
    except Missing as err:
        shutil.rmtree(folder, ignore_errors=True)
        unavailable(f"PostgreSQL: {err}")
    except subprocess.CalledProcessError as err:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {err.stderr.decode()}") from None
    try:
        yield url
    finally:
        stop_postgres(folder, immediate=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_cluster: str) -> Iterator[str]:
    """A fresh, empty database in the session's cluster."""
    with database(pg_cluster) as url:
        yield url

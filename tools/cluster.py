"""``make cluster``: a real cluster on this machine from Debian's packages, in
``data/cluster/``: PostgreSQL (a cluster of its own, on a unix socket), Redis, three
``crowsnest serve`` nodes (ports 8101-8103) and HAProxy (a copy of
``deploy/haproxy.cfg`` with these ports) in front of them on http://127.0.0.1:8080/.
``make cluster-down`` stops it all; the database stays for the next ``make cluster``.

``python -m bench.server --cluster N`` starts one the same way (:func:`bench_cluster`)
with N nodes on free ports, in a folder of its own emptied first, with the limits per
client address raised (:data:`BENCH_ENV`, :data:`BENCH_CAPS`): its load comes from one
address. The shipped ``deploy/haproxy.cfg`` keeps its limits.

The tests start their throwaway PostgreSQL with :func:`start_postgres` too.

``python -m tools.cluster up|down [--dir data/cluster]``
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

NODES = (8101, 8102, 8103)
LISTEN = 8080
CONFIG = Path(__file__).resolve().parents[1] / "deploy" / "haproxy.cfg"

BENCH_ENV = {
    "CROWSNEST_RATE_LIMIT": "1000",
    "CROWSNEST_RATE_BURST": "1000",
    "CROWSNEST_CREATE_BURST": "100000",
    "CROWSNEST_IDENTITY_BURST": "100000",
    "CROWSNEST_MAX_CONNECTIONS_PER_CLIENT": "100000",
    "CROWSNEST_REVIEW_WORLDS": "0",
}
"""A benchmark's nodes: the limits per connection and per client address raised (the
load client is one address, and plays faster than people), as ``make bench-server``;
no hand reviews (seconds of CPU per hand, measured in docs/ai.md)."""
BENCH_CAPS = (100_000, 100_000)
"""A benchmark's HAProxy: connections open at once and new a second per client
address (``deploy/haproxy.cfg``: 100 and 50)."""


class Missing(RuntimeError):
    """A program or user the cluster needs is not on this machine."""


@dataclass(frozen=True)
class Layout:
    """What a local cluster is made of (``cluster.json`` in its folder)."""

    listen: int = LISTEN
    ports: tuple[int, ...] = NODES
    database_url: str | None = None
    """None: a PostgreSQL of its own in ``<dir>/pg``."""
    env: dict[str, str] = field(default_factory=dict)
    """Settings of every node besides the cluster's own."""
    caps: tuple[int, int] | None = None
    """HAProxy's caps per client address (connections, new a second); None: the shipped."""
    bench: bool = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listen}/"

    def save(self, base: Path) -> None:
        (base / "cluster.json").write_text(json.dumps(asdict(self), indent=1) + "\n")

    @classmethod
    def load(cls, base: Path) -> Layout:
        path = base / "cluster.json"
        if not path.exists():
            return cls()
        data: dict[str, Any] = json.loads(path.read_text())
        caps = data.get("caps")
        return cls(
            listen=int(data["listen"]),
            ports=tuple(int(p) for p in data["ports"]),
            database_url=data.get("database_url"),
            env=dict(data.get("env", {})),
            caps=None if caps is None else (int(caps[0]), int(caps[1])),
            bench=bool(data.get("bench", False)),
        )


def _program(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if found is None:
        raise Missing(f"{name} not found: apt-get install {_package(name)}")
    return found


def _package(name: str) -> str:
    return {"redis-server": "redis-server", "haproxy": "haproxy"}.get(name, "postgresql")


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return found[0] if found else _program(name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# -- PostgreSQL --------------------------------------------------------------------------


def _as_postgres(folder: Path) -> dict[str, Any]:
    """As root, PostgreSQL runs as the ``postgres`` user (it refuses root)."""
    if os.geteuid() != 0:
        return {}
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        message = "no 'postgres' user to run PostgreSQL as (apt-get install postgresql)"
        raise Missing(message) from None
    os.chown(folder, user.pw_uid, user.pw_gid)
    return {"user": user.pw_uid, "group": user.pw_gid, "cwd": folder}


def postgres_url(folder: Path) -> str:
    """The URL of the database ``postgres`` of the PostgreSQL in ``folder``."""
    return f"postgresql+psycopg://crowsnest@/postgres?host={folder.resolve()}&port=5432"


def start_postgres(folder: Path, throwaway: bool = False) -> str:
    """Start a PostgreSQL cluster in ``folder`` (made the first time), listening on a
    unix socket there only; its URL. ``throwaway``: nothing is synced to disk (tests)."""
    folder.mkdir(parents=True, exist_ok=True)
    run_as = _as_postgres(folder)
    data = folder / "data"
    if not data.exists():
        initdb = [_pg_bin("initdb"), "-D", str(data), "-U", "crowsnest", "-A", "trust"]
        fast = ["--locale=C", "--no-sync"] if throwaway else []
        subprocess.run([*initdb, "-E", "UTF8", *fast], check=True, capture_output=True, **run_as)
    options = f"-k {folder.resolve()} -c listen_addresses='' -p 5432"
    options += " -c fsync=off" if throwaway else ""
    start = [_pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log")]
    subprocess.run([*start, "-w", "start"], check=True, capture_output=True, **run_as)
    return postgres_url(folder)


def stop_postgres(folder: Path, immediate: bool = False) -> None:
    data = folder / "data"
    if (data / "postmaster.pid").exists():
        mode = "immediate" if immediate else "fast"
        subprocess.run(
            [_pg_bin("pg_ctl"), "-D", str(data), "-m", mode, "-w", "stop"],
            capture_output=True,
            **_as_postgres(folder),
        )


# -- the cluster ---------------------------------------------------------------------------


def proxy_config(listen: int, ports: tuple[int, ...], caps: tuple[int, int] | None = None) -> str:
    """``deploy/haproxy.cfg`` listening on ``listen``, its backends the nodes on
    ``ports``, its caps per client address ``caps`` (connections, new a second) if given."""
    text = CONFIG.read_text()
    text, binds = re.subn(r"bind 127\.0\.0\.1:\d+", f"bind 127.0.0.1:{listen}", text)
    servers = "".join(f"    server n{i} 127.0.0.1:{p} check\n" for i, p in enumerate(ports, 1))
    text, backends = re.subn(r"(?:    server n\d+ \S+ check\n)+", servers, text)
    if caps is not None:
        text, n_cur = re.subn(r"sc0_conn_cur gt \d+", f"sc0_conn_cur gt {caps[0]}", text)
        text, n_rate = re.subn(r"sc0_conn_rate gt \d+", f"sc0_conn_rate gt {caps[1]}", text)
        if (n_cur, n_rate) != (1, 1):
            raise ValueError(f"{CONFIG}: no caps per client address to raise")
        note = f"# A benchmark's copy: caps per client address raised to {caps[0]} and {caps[1]}.\n"
        text = note + text
    if (binds, backends) != (1, 2):
        raise ValueError(f"{CONFIG}: expected one bind line and two backends of servers")
    return text


_CHILDREN: dict[int, subprocess.Popen[bytes]] = {}
"""What this process started, by pid (to be waited for by :func:`down`)."""


def _spawn(
    command: list[str], log: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=out, env=env, start_new_session=True, cwd=log.parent
        )
    _CHILDREN[proc.pid] = proc
    return proc


def _ended(pid: int, timeout: float = 30) -> None:
    """Wait until process ``pid`` has ended (SIGKILL after ``timeout`` seconds)."""
    proc = _CHILDREN.pop(pid, None)
    if proc is not None:
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return
    deadline = time.monotonic() + timeout
    with contextlib.suppress(ProcessLookupError):
        while time.monotonic() < deadline:
            os.kill(pid, 0)
            time.sleep(0.1)
        os.kill(pid, signal.SIGKILL)


def _wait(url: str, what: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Wait until ``url`` answers 200, while ``proc`` (what should answer) runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise Missing(f"{what} exited (its log is in the cluster folder)")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise Missing(f"{what} did not start (its log is in the cluster folder)")


def database_url(base: Path) -> str:
    return Layout.load(base.resolve()).database_url or postgres_url(base / "pg")


def _spawn_node(base: Path, layout: Layout, i: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        **layout.env,
        "CROWSNEST_DATABASE_URL": layout.database_url or postgres_url(base / "pg"),
        "CROWSNEST_REDIS_URL": f"unix://{base / 'redis.sock'}",
        "CROWSNEST_NODE_ID": f"n{i}",
        # HAProxy reaches the nodes from this machine: its X-Forwarded-For names the
        # client every per-address limit counts.
        "CROWSNEST_FORWARDED_ALLOW_IPS": "127.0.0.1",
        "CROWSNEST_PORT": str(layout.ports[i - 1]),
    }
    command = [sys.executable, "-m", "crowsnest.cli", "serve", "--data-dir", str(base)]
    proc = _spawn(command, base / f"n{i}.log", env)
    (base / f"n{i}.pid").write_text(f"{proc.pid}\n")
    return proc


def start_node(base: Path, i: int) -> int:
    """Start node ``n<i>`` (the ``i``-th port) and wait until it answers; its pid."""
    base = base.resolve()
    layout = Layout.load(base)
    proc = _spawn_node(base, layout, i)
    _wait(f"http://127.0.0.1:{layout.ports[i - 1]}/healthz", f"node n{i}", proc)
    return proc.pid


def up(base: Path, layout: Layout | None = None) -> int:
    """Start the cluster ``layout`` (the default one: ``make cluster``) in ``base``."""
    base.mkdir(parents=True, exist_ok=True)
    base = base.resolve()
    layout = layout or Layout()
    layout.save(base)
    if layout.database_url is None:
        start_postgres(base / "pg")
    redis_sock = base / "redis.sock"
    redis = [_program("redis-server"), "--port", "0", "--unixsocket", str(redis_sock)]
    pids = [_spawn(redis, base / "redis.log").pid]
    deadline = time.monotonic() + 20
    while not redis_sock.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    (base / "pids").write_text(f"{pids[0]}\n")
    start_node(base, 1)  # the first one migrates; then the others all at once
    others = [(i, _spawn_node(base, layout, i)) for i in range(2, len(layout.ports) + 1)]
    for i, proc in others:
        _wait(f"http://127.0.0.1:{layout.ports[i - 1]}/healthz", f"node n{i}", proc)
    config = base / "haproxy.cfg"
    config.write_text(proxy_config(layout.listen, layout.ports, layout.caps))
    proxy = _spawn([_program("haproxy"), "-f", str(config)], base / "haproxy.log")
    (base / "pids").write_text(f"{pids[0]}\n{proxy.pid}\n")
    _wait(layout.url + "healthz", "HAProxy", proxy)
    nodes = len(layout.ports)
    what = f"{nodes} node{'s' * (nodes > 1)}, PostgreSQL, Redis, HAProxy"
    print(f"CrowsNest cluster ({what}): open {layout.url}", flush=True)
    return 0


def down(base: Path) -> int:
    base = base.resolve()
    layout = Layout.load(base)
    files = [base / f"n{i}.pid" for i in range(1, len(layout.ports) + 1)] + [base / "pids"]
    stopped = []
    for pids in files:  # the nodes (as last started), then HAProxy and Redis
        if pids.exists():
            for line in reversed(pids.read_text().split()):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(line), signal.SIGTERM)
                    stopped.append(int(line))
            pids.unlink()
    for pid in stopped:
        _ended(pid)
    if layout.database_url is None:
        stop_postgres(base / "pg")
    print("CrowsNest cluster stopped", flush=True)
    return 0


@contextlib.contextmanager
def bench_cluster(nodes: int, base: Path, database_url: str | None = None) -> Iterator[str]:
    """A cluster of ``nodes`` nodes for a benchmark, in ``base`` (emptied first; a
    folder that holds another cluster is refused), on free ports, stopped at the end;
    its URL. ``database_url``: an empty database to use instead of a PostgreSQL of
    its own."""
    if base.exists() and any(base.iterdir()):
        if not Layout.load(base).bench:
            raise Missing(f"{base} is not a benchmark's cluster folder: give an empty one")
        with contextlib.redirect_stdout(sys.stderr):
            down(base)
        shutil.rmtree(base)
    ports = tuple(free_port() for _ in range(nodes))
    layout = Layout(free_port(), ports, database_url, dict(BENCH_ENV), BENCH_CAPS, bench=True)
    try:
        with contextlib.redirect_stdout(sys.stderr):  # stdout is the benchmark's
            up(base, layout)
        yield layout.url.rstrip("/")
    finally:
        with contextlib.redirect_stdout(sys.stderr):
            down(base)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cluster")
    parser.add_argument("command", choices=("up", "down"))
    parser.add_argument("--dir", type=Path, default=Path("data/cluster"))
    args = parser.parse_args(argv)
    try:
        return up(args.dir) if args.command == "up" else down(args.dir)
    except Missing as err:
        sys.exit(f"crowsnest cluster: {err}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

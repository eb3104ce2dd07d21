"""``make cluster``: a real cluster on this machine from Debian's packages, in
``data/cluster/``: PostgreSQL (a cluster of its own, on a unix socket), Redis, three
``crowsnest serve`` nodes (ports 8101-8103) and HAProxy (``deploy/haproxy.cfg``) in
front of them on http://127.0.0.1:8080/. ``make cluster-down`` stops it all; the
database stays for the next ``make cluster``.

``python -m crowsnest.server.cluster.local up|down [--dir data/cluster]``
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

NODES = (8101, 8102, 8103)
URL = "http://127.0.0.1:8080/"
CONFIG = Path(__file__).resolve().parents[4] / "deploy" / "haproxy.cfg"


def _program(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if found is None:
        sys.exit(f"crowsnest cluster: {name} not found: apt-get install {_package(name)}")
    return found


def _package(name: str) -> str:
    return {"redis-server": "redis-server", "haproxy": "haproxy"}.get(name, "postgresql")


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return found[0] if found else _program(name)


def _as_postgres(base: Path) -> dict[str, Any]:
    """As root, PostgreSQL runs as the ``postgres`` user (it refuses root)."""
    if os.geteuid() != 0:
        return {}
    user = pwd.getpwnam("postgres")
    os.chown(base, user.pw_uid, user.pw_gid)
    return {"user": user.pw_uid, "group": user.pw_gid, "cwd": base}


def _spawn(
    command: list[str], log: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    with open(log, "ab") as out:
        return subprocess.Popen(
            command, stdout=out, stderr=out, env=env, start_new_session=True, cwd=log.parent
        )


def _wait(url: str, what: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    """Wait until ``url`` answers 200, while ``proc`` (what should answer) runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"crowsnest cluster: {what} exited (its log is in the cluster folder)")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"crowsnest cluster: {what} did not start (its log is in the cluster folder)")


def database_url(base: Path) -> str:
    return f"postgresql+psycopg://crowsnest@/postgres?host={base.resolve() / 'pg'}&port=5432"


def start_node(base: Path, i: int) -> int:
    """Start node ``n<i>`` (port ``NODES[i - 1]``) and wait until it answers; its pid."""
    base = base.resolve()
    env = {
        **os.environ,
        "CROWSNEST_DATABASE_URL": database_url(base),
        "CROWSNEST_REDIS_URL": f"unix://{base / 'redis.sock'}",
        "CROWSNEST_NODE_ID": f"n{i}",
        "CROWSNEST_PORT": str(NODES[i - 1]),
    }
    command = [sys.executable, "-m", "crowsnest.cli", "serve", "--data-dir", str(base)]
    proc = _spawn(command, base / f"n{i}.log", env)
    (base / f"n{i}.pid").write_text(f"{proc.pid}\n")
    _wait(f"http://127.0.0.1:{NODES[i - 1]}/healthz", f"node n{i}", proc)
    return proc.pid


def up(base: Path) -> int:
    base.mkdir(parents=True, exist_ok=True)
    base = base.resolve()
    pg = base / "pg"
    pg.mkdir(exist_ok=True)
    run_as = _as_postgres(pg)
    data = pg / "data"
    if not data.exists():
        subprocess.run(
            [_pg_bin("initdb"), "-D", str(data), "-U", "crowsnest", "-A", "trust", "-E", "UTF8"],
            check=True,
            capture_output=True,
            **run_as,
        )
    options = f"-k {pg} -c listen_addresses='' -p 5432"
    subprocess.run(
        [_pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-l", str(pg / "log"), "-w", "start"],
        check=True,
        capture_output=True,
        **run_as,
    )
    redis_sock = base / "redis.sock"
    redis = [_program("redis-server"), "--port", "0", "--unixsocket", str(redis_sock)]
    pids = [_spawn(redis, base / "redis.log").pid]
    deadline = time.monotonic() + 20
    while not redis_sock.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    (base / "pids").write_text(f"{pids[0]}\n")
    for i in range(1, len(NODES) + 1):
        start_node(base, i)  # one after the other: the first one migrates
    proxy = _spawn([_program("haproxy"), "-f", str(CONFIG)], base / "haproxy.log")
    (base / "pids").write_text(f"{pids[0]}\n{proxy.pid}\n")
    _wait(URL + "healthz", "HAProxy", proxy)
    print(f"CrowsNest cluster (3 nodes, PostgreSQL, Redis, HAProxy): open {URL}", flush=True)
    return 0


def down(base: Path) -> int:
    base = base.resolve()
    files = [base / f"n{i}.pid" for i in range(1, len(NODES) + 1)] + [base / "pids"]
    for pids in files:  # the nodes (as last started), then HAProxy and Redis
        if pids.exists():
            for line in reversed(pids.read_text().split()):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(line), signal.SIGTERM)
            pids.unlink()
    data = base / "pg" / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(
            [_pg_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
            capture_output=True,
            **_as_postgres(base / "pg"),
        )
    print("CrowsNest cluster stopped", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crowsnest.server.cluster.local")
    parser.add_argument("command", choices=("up", "down"))
    parser.add_argument("--dir", type=Path, default=Path("data/cluster"))
    args = parser.parse_args(argv)
    return up(args.dir) if args.command == "up" else down(args.dir)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

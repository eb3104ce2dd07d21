"""``python -m bench.cluster_failover [--kills 20]``: failover time of a running
``make cluster`` (docs/benchmarks.md).

Each round creates a table of four bots on one node (directly, not through HAProxy),
waits until that node owns it and has logged a few actions, kills the node with
SIGKILL, and measures the time from the kill to the first action in PostgreSQL that
another node appended; then it starts the killed node again. Prints each time, and
the median and 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa
from tools.cluster import Layout, database_url, start_node

from crowsnest.server.store.schema import actions, table_owners


def _create(port: int) -> str:
    body = {"rules": "rook/crowsnest", "seats": ["bot"] * 4, "level": "easy", "bot_delay": 0.1}
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.loads(response.read())["table"]["id"])


def _state(engine: sa.Engine, table_id: str) -> tuple[str | None, int]:
    with engine.connect() as conn:
        owner = conn.execute(
            sa.select(table_owners.c.node).where(table_owners.c.table_id == table_id)
        ).scalar()
        count = conn.execute(
            sa.select(sa.func.count()).where(actions.c.table_id == table_id)
        ).scalar_one()
    return owner, int(count)


def _until(test: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        time.sleep(0.01)


def one_kill(engine: sa.Engine, base: Path, i: int) -> float:
    """Seconds from killing node ``n<i>`` to the first action its table's new owner appends."""
    table_id = _create(Layout.load(base.resolve()).ports[i - 1])

    def running() -> bool:
        owner, count = _state(engine, table_id)
        return owner == f"n{i}" and count >= 5

    _until(running, 30)
    os.kill(int((base / f"n{i}.pid").read_text()), signal.SIGKILL)
    killed = time.monotonic()
    before = _state(engine, table_id)[1]
    _until(lambda: _state(engine, table_id)[1] > before, 60)
    return time.monotonic() - killed


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cluster_failover")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--dir", type=Path, default=Path("data/cluster"))
    args = parser.parse_args()
    engine = sa.create_engine(database_url(args.dir))
    times = []
    for round_ in range(args.kills):
        i = round_ % len(Layout.load(args.dir.resolve()).ports) + 1
        times.append(one_kill(engine, args.dir, i))
        print(f"kill {round_ + 1}: n{i}, first action on the new owner after {times[-1]:.2f} s")
        start_node(args.dir, i)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
    p50 = statistics.median(times)
    print(
        f"failover over {len(times)} kills: p50 {p50:.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s"
    )


if __name__ == "__main__":
    main()

"""``python -m bench.server``: the server's load test (docs/benchmarks.md), on a
running server (``--url``) or on a local cluster of N nodes behind HAProxy that it
starts and stops (``--cluster N``, :func:`tools.cluster.bench_cluster`).

Open TABLES tables, each with one scripted client playing legal moves at once against
three normal bots with no delay; report actions per second and the
client-action-to-answer latency (:mod:`bench.server_load`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tools.cluster import Missing, bench_cluster

from bench.server_load import main as load_test
from crowsnest.cli.command import positive_int, positive_seconds


def _counts(text: str) -> list[int]:
    return [positive_int(part.strip()) for part in text.split(",")]


def parser() -> argparse.ArgumentParser:
    bench = argparse.ArgumentParser(
        prog="python -m bench.server",
        description=(
            "Open TABLES tables on a running server, each with one scripted client "
            "playing legal moves at once against three normal bots with no delay; "
            "report actions per second and the client-action-to-answer latency."
        ),
    )
    bench.add_argument("--url", default="http://127.0.0.1:8000", help="the server's base URL")
    bench.add_argument(
        "--clients",
        type=_counts,
        default=[100],
        metavar="N[,N...]",
        help="clients (one table each); a list runs one step per count (default: 100)",
    )
    bench.add_argument("--seconds", type=positive_seconds, default=20.0, metavar="S")
    bench.add_argument("--rules", default="hearts", metavar="RULES_ID")
    bench.add_argument(
        "--ramp",
        type=positive_seconds,
        default=5.0,
        metavar="S",
        help="seconds over which the clients connect",
    )
    bench.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="S",
        help="seconds each client waits before acting, on average (default: 0, at once)",
    )
    bench.add_argument("--json", action="store_true", help="print the result as JSON")
    bench.add_argument(
        "--cluster",
        type=positive_int,
        default=None,
        metavar="N",
        help=(
            "start a local cluster of N nodes behind HAProxy (as `make cluster`, with "
            "the limits per client address raised) and load it instead of --url"
        ),
    )
    bench.add_argument(
        "--cluster-dir",
        default="data/bench-cluster",
        metavar="DIR",
        help="the cluster's folder, emptied first (default: data/bench-cluster)",
    )
    bench.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="an empty PostgreSQL database for the cluster (default: one of its own)",
    )
    return bench


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test as the flags say: 0 done, 1 no server or a missing program."""
    args = parser().parse_args(argv)

    def load(url: str) -> int:
        return load_test(
            url=url,
            clients=args.clients,
            seconds=args.seconds,
            rules=args.rules,
            ramp=args.ramp,
            as_json=args.json,
            think=args.think,
        )

    if args.cluster is None:
        return load(args.url)
    try:
        with bench_cluster(args.cluster, Path(args.cluster_dir), args.database_url) as url:
            return load(url)
    except Missing as err:
        print(f"python -m bench.server: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

"""Commands of the game server: ``serve`` (docs/protocol.md) and ``bench-server`` (its
load test, on a running server or a local cluster it starts)."""

from __future__ import annotations

import argparse
from pathlib import Path

from crowsnest.cli.command import Failures, command, positive_int, positive_seconds

SETTINGS = ("host", "port", "database_url", "data_dir", "bot_delay", "grace", "log_level")
"""The flags of ``serve`` that are server settings."""


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default=None, help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default: 8000)")
    serve.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db "
        "(default: SQLite in the data folder)",
    )
    serve.add_argument("--data-dir", default=None, metavar="DIR", help="default: ./data")
    serve.add_argument(
        "--bot-delay", type=float, default=None, metavar="S", help="seconds a bot waits (0.8)"
    )
    serve.add_argument(
        "--grace", type=float, default=None, metavar="S", help="seconds before a bot sits in (60)"
    )
    serve.add_argument("--log-level", default=None, choices=("debug", "info", "warning", "error"))


class BadSetting(ValueError):
    """A flag or environment variable the server's settings refuse: its name and why."""


@command(
    "serve",
    help="run the game server (HTTP API, websockets, bots)",
    description=(
        "Run the game server. Every flag can also be set as an environment variable "
        "CROWSNEST_<NAME> (CROWSNEST_PORT=9000); flags win. See docs/protocol.md."
    ),
    arguments=_serve_arguments,
    failures=((BadSetting, 2), (KeyboardInterrupt, 0)),  # Ctrl-C stops the server
)
def _serve(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from crowsnest.server.serve import run
    from crowsnest.server.settings import Settings

    given = {
        key: value for key, value in vars(args).items() if key in SETTINGS and value is not None
    }
    try:
        settings = Settings(**given)
    except ValidationError as err:
        first = err.errors()[0]
        raise BadSetting(f"{first['loc']}: {first['msg']}") from None
    return run(settings)


def _counts(text: str) -> list[int]:
    return [positive_int(part.strip()) for part in text.split(",")]


def _bench_server_arguments(bench: argparse.ArgumentParser) -> None:
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


def _bench_server_failures() -> Failures:
    """A program the cluster needs is missing: 1."""
    from crowsnest.server.cluster.local import Missing

    return ((Missing, 1),)


@command(
    "bench-server",
    help="load-test a running server (scripted clients against normal bots)",
    description=(
        "Open TABLES tables on a running server, each with one scripted client "
        "playing legal moves at once against three normal bots with no delay; "
        "report actions per second and the client-action-to-answer latency."
    ),
    arguments=_bench_server_arguments,
    failures=_bench_server_failures,
)
def _bench_server(args: argparse.Namespace) -> int:
    from crowsnest.server.cluster.local import bench_cluster
    from crowsnest.server.loadtest import main as loadtest

    def load(url: str) -> int:
        return loadtest(
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
    with bench_cluster(args.cluster, Path(args.cluster_dir), args.database_url) as url:
        return load(url)

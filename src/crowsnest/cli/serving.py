"""The game server's command: ``serve`` (docs/protocol.md). Its load test is not
part of the package: ``python -m bench.server`` (docs/benchmarks.md)."""

from __future__ import annotations

import argparse

from crowsnest.cli.command import command

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

    from crowsnest.server.ops.settings import Settings
    from crowsnest.server.serve import run

    given = {
        key: value for key, value in vars(args).items() if key in SETTINGS and value is not None
    }
    try:
        settings = Settings(**given)
    except ValidationError as err:
        first = err.errors()[0]
        raise BadSetting(f"{first['loc']}: {first['msg']}") from None
    return run(settings)

"""Command line: ``crowsnest play [RULES_ID]`` and ``crowsnest bench [--seconds S]``.

Subcommand implementations are imported only when that subcommand runs, so
``crowsnest --help`` stays fast and works before every layer exists.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable

from crowsnest import __version__


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``crowsnest`` command."""
    parser = argparse.ArgumentParser(
        prog="crowsnest", description="CrowsNest: Rook-family card games and Hearts."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument(
        "rules_id",
        nargs="?",
        default=None,
        metavar="RULES_ID",
        help="rule set to play (default: CrowsNest)",
    )

    bench = sub.add_parser("bench", help="measure random-playout throughput (hands/s)")
    bench.add_argument(
        "--seconds",
        type=_positive_seconds,
        default=5.0,
        metavar="S",
        help="seconds to run each rule set (default: %(default)s)",
    )
    return parser


def _play(rules_id: str | None) -> int:
    try:
        terminal = importlib.import_module("crowsnest.terminal")
    except ModuleNotFoundError as exc:
        if exc.name != "crowsnest.terminal":
            raise
        print("crowsnest play: the terminal game is not available yet", file=sys.stderr)
        return 1
    run: Callable[[str | None], int | None] = terminal.run
    return run(rules_id) or 0


def _bench(seconds: float) -> int:
    from crowsnest import bench

    return bench.main(seconds=seconds)


def main(argv: list[str] | None = None) -> int:
    """Run the ``crowsnest`` command; returns the process exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "play":
        rules_id: str | None = args.rules_id
        return _play(rules_id)
    if args.command == "bench":
        seconds: float = args.seconds
        return _bench(seconds)
    raise AssertionError(f"unhandled command {args.command!r}")  # pragma: no cover

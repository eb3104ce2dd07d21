"""Command line: ``crowsnest play [RULES_ID] [--seed N] [--option KEY=VALUE ...] [--save FILE]``
and ``crowsnest bench [--seconds S]``.

Subcommand implementations are imported only when that subcommand runs, so
``crowsnest --help`` stays fast and works before every layer exists.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

from crowsnest import __version__


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return value


def _option(text: str) -> tuple[str, object]:
    """``key=value``; the value is read as JSON (``300``, ``false``) or else as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE: {text!r}")
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value


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
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the bots")
    play.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, e.g. target=500 or bird=false (repeatable)",
    )
    play.add_argument("--save", default=None, metavar="FILE", help="write the game record here")

    bench = sub.add_parser("bench", help="measure random-playout throughput (hands/s)")
    bench.add_argument(
        "--seconds",
        type=_positive_seconds,
        default=5.0,
        metavar="S",
        help="seconds to run each rule set (default: %(default)s)",
    )
    return parser


def _play(rules_id: str | None, **kwargs: Any) -> int:
    try:
        terminal = importlib.import_module("crowsnest.terminal")
    except ModuleNotFoundError as exc:
        if exc.name != "crowsnest.terminal":
            raise
        print("crowsnest play: the terminal game is not available yet", file=sys.stderr)
        return 1
    run: Callable[..., int | None] = terminal.run
    return run(rules_id, **kwargs) or 0


def _bench(seconds: float) -> int:
    from crowsnest import bench

    return bench.main(seconds=seconds)


def main(argv: list[str] | None = None) -> int:
    """Run the ``crowsnest`` command; returns the process exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "play":
        rules_id: str | None = args.rules_id
        options: list[tuple[str, object]] = args.option
        return _play(rules_id, seed=args.seed, options=dict(options), save=args.save)
    if args.command == "bench":
        seconds: float = args.seconds
        return _bench(seconds)
    raise AssertionError(f"unhandled command {args.command!r}")  # pragma: no cover

"""``python -m bench [--seconds S]``: random-playout throughput (``make bench``)."""

from __future__ import annotations

import argparse
import sys

from bench.run import main


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench", description="measure random-playout throughput (hands/s)"
    )
    parser.add_argument(
        "--seconds",
        type=positive_seconds,
        default=5.0,
        metavar="S",
        help="seconds to run each rule set (default: %(default)s)",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":  # pragma: no cover - `python -m bench`
    sys.exit(main(seconds=parse_args().seconds))

"""``python -m bench.api``: our Hearts, one hand at a time, against OpenSpiel's Hearts
driven from Python, interleaved (issue 15's checked-API target).

Rows: the engine's unchecked fast paths, the public checked API (``legal_actions``
and ``apply`` with action objects, and ``step``: the same check, no events), and
OpenSpiel. Each round runs every row for ``--seconds`` of CPU time
(``time.process_time``: other work on a shared machine slows the wall clock, far
less the CPU figures), one row after the other, so that a change of the machine's
load hits every row alike; the table gives each row's median over the rounds and the
median of the per-round ratios to OpenSpiel.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from bench.run import DEFAULT_SEED, PlayOne, load_openspiel_hearts, openspiel_hearts_hand
from crowsnest import native

ROWS = ("hearts (engine)", "hearts (checked API, apply)", "hearts (checked API, step)")


def cpu_rate(play_one: PlayOne, seconds: float, rng: random.Random) -> float:
    """Hands per CPU-second, playing for at least ``seconds`` of CPU time."""
    hands = 0
    start = time.process_time()
    while True:
        played = play_one(rng)
        hands += 1 if played is None else played
        used = time.process_time() - start
        if used >= seconds:
            return hands / used


def rows() -> dict[str, PlayOne]:
    from bench.workloads import OURS
    from crowsnest.engine.hearts import HeartsGame

    out: dict[str, PlayOne] = {name: OURS[name] for name in ROWS}
    if not hasattr(HeartsGame, "step"):  # an engine from before issue 15 (a "before" run)
        del out["hearts (checked API, step)"]
    game = load_openspiel_hearts()
    if game is not None:
        out["openspiel hearts"] = functools.partial(openspiel_hearts_hand, game)
    return out


def measure(
    play: dict[str, PlayOne], rounds: int, seconds: float, seed: int = DEFAULT_SEED
) -> dict[str, list[float]]:
    """Each row's hands per CPU-second, round by round (rows interleaved)."""
    rates: dict[str, list[float]] = {name: [] for name in play}
    rngs = {name: random.Random(seed) for name in play}
    for _ in range(rounds):
        for name, play_one in play.items():
            rates[name].append(cpu_rate(play_one, seconds, rngs[name]))
    return rates


def report(rates: dict[str, list[float]], out: Callable[[str], None] = print) -> None:
    reference = rates.get("openspiel hearts")
    width = max(len(name) for name in rates)
    out(f"{'row':<{width}}  {'hands/CPU-s (median)':>20}  {'/ openspiel (median)':>20}")
    for name, values in rates.items():
        ratio = ""
        if reference is not None:
            ratio = (
                f"{statistics.median(a / b for a, b in zip(values, reference, strict=True)):.2f}"
            )
        out(f"{name:<{width}}  {statistics.median(values):>20.0f}  {ratio:>20}")
    if reference is None:
        out("note: open_spiel is not installed (pip install -e '.[bench]'): no reference row")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.api", description=__doc__)
    parser.add_argument("--rounds", type=int, default=10, help="rounds (default 10)")
    parser.add_argument(
        "--seconds", type=float, default=0.5, help="CPU seconds per row and round (default 0.5)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or not args.seconds > 0:
        parser.error("--rounds must be >= 1 and --seconds > 0")
    print(f"engine: {native.status()}")
    report(measure(rows(), args.rounds, args.seconds))
    return 0


if __name__ == "__main__":  # pragma: no cover - `python -m bench.api`
    raise SystemExit(main())

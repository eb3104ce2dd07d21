"""``python -m bench.review``: what a hand review costs, and what it does to a
table's bots.

* **Review time per hand**: hands of Hearts and of CrowsNest played by Normal bots
  from fixed seeds; each hand's decisions of seat 0 reviewed
  (:func:`crowsnest.ai.review.review`, default worlds), timed in CPU seconds
  (``time.process_time``: one core's work, whatever else the machine runs).
* **Bot latency with a review running** (``--latency``): Hard decisions of fixed
  positions run in a one-worker process pool, as the server runs them, and timed
  on the wall clock, first alone, then while reviews run without pause in a second
  pool whose worker lowered its priority (``os.nice(19)``, as the server's review
  pool does).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from crowsnest.ai.registry import make_bot
from crowsnest.ai.review import DEFAULT_WORLDS, review
from crowsnest.engine import AnyGame, new_game
from crowsnest.server.bots import choose_text

GAMES = {"hearts": "hearts", "rook": "rook/crowsnest"}


def one_hand(family: str, seed: int) -> tuple[AnyGame, list[tuple[Any, ...]]]:
    """A hand played by Normal bots; the positions at which each seat decided
    (family, view, legal, seed, seq) for the latency run."""
    game = new_game(GAMES[family], seed=seed)
    bot = make_bot(family, "normal")
    rng = random.Random(seed)
    positions: list[tuple[Any, ...]] = []
    while game.hand_number == 0:
        seat = min(game.actors)
        legal = game.legal_actions(seat)
        view = game.view(seat)
        if len(legal) > 1:
            positions.append((family, "hard", view, legal, seed, len(game.log)))
        game.apply(seat, bot.choose(view, legal, rng))
    return game, positions


def review_cpu(family: str, hands: int, worlds: int) -> list[float]:
    out = []
    for seed in range(hands):
        game, _ = one_hand(family, seed)
        start = time.process_time()
        review(game.record(), 0, worlds=worlds)
        out.append(time.process_time() - start)
    return out


def _nice() -> None:
    os.nice(19)


def _review_job(record: dict[str, Any], worlds: int) -> int:
    return len(review(record, 0, worlds=worlds).decisions)


def latency(
    family: str, positions: list[tuple[Any, ...]], records: list[Any], busy: bool
) -> list[float]:
    """Wall-clock seconds of each Hard decision in a one-worker pool, with (``busy``)
    or without reviews running in a niced pool beside it."""
    bots = ProcessPoolExecutor(1)
    bots.submit(int).result()  # started
    reviews = ProcessPoolExecutor(1, initializer=_nice) if busy else None
    running: list[Future[int]] = []
    times = []
    try:
        if reviews is not None:
            running = [reviews.submit(_review_job, r, DEFAULT_WORLDS) for r in records * 20]
            time.sleep(1.0)  # the review worker is busy before the first decision
        for p in positions:
            start = time.perf_counter()
            bots.submit(choose_text, *p).result()
            times.append(time.perf_counter() - start)
    finally:
        for f in running:
            f.cancel()
        bots.shutdown()
        if reviews is not None:
            reviews.shutdown(cancel_futures=True)
    return times


def summary(xs: list[float], unit: float = 1.0) -> str:
    xs = sorted(x * unit for x in xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"mean {statistics.mean(xs):.0f}, median {statistics.median(xs):.0f}, p95 {p95:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--latency", action="store_true")
    args = parser.parse_args()
    for family in GAMES:
        cpu = review_cpu(family, args.hands, args.worlds)
        print(f"{family}: review of seat 0, {args.worlds} worlds, {args.hands} hands: "
              f"CPU per hand {summary(cpu, 1000)} ms")  # fmt: skip
    if args.latency:
        for family in GAMES:
            positions: list[tuple[Any, ...]] = []
            records = []
            for seed in range(args.hands):
                game, found = one_hand(family, 100 + seed)
                positions += found[:12]
                records.append(game.record())
            for busy in (False, True):
                t = latency(family, positions, records, busy)
                label = "with a review running" if busy else "alone"
                print(f"{family}: Hard decision wall time {label} ({len(t)} decisions, "
                      f"load {os.getloadavg()[0]:.1f}): {summary(t, 1000)} ms")  # fmt: skip


if __name__ == "__main__":
    main()

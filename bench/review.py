"""``python -m bench.review``: what a hand review costs, and what it does to a
table's bots.

* **Review time per hand**: hands of Hearts and of CrowsNest played by Normal bots
  from fixed seeds; each hand's decisions of seat 0 reviewed
  (:func:`crowsnest.ai.review.review`, default worlds), timed in CPU seconds
  (``time.process_time``: one core's work, whatever else the machine runs); for
  Hearts also without hindsight, so that the exact search's share shows, and how
  many decisions it solved or cut short.
* **Bot latency with a review running** (``--latency``): Hard decisions of fixed
  positions run in a one-worker process pool, as the server runs them, and timed
  on the wall clock, in ``--rounds`` interleaved pairs of blocks: the positions
  alone; while reviews run in a second pool whose worker lowered its priority
  (``os.nice(19)``) but does not give way; and while they run in a worker that also
  gives way while a bot decides (``GiveWay``, as the server's review pool does), the
  order of the three turned every round, so that a change in the machine's load
  falls on all. Per condition: the times, and each round's ratio to alone.
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
from crowsnest.server.table.bots import GiveWay, choose_text, review_worker

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


def hindsight_share(hands: int, worlds: int) -> tuple[list[float], list[float], int, int]:
    """Hearts: CPU per hand with and without hindsight; decisions solved, cut short."""
    with_h, without, solved, cut = [], [], 0, 0
    for seed in range(hands):
        game, _ = one_hand("hearts", seed)
        start = time.process_time()
        found = review(game.record(), 0, worlds=worlds)
        with_h.append(time.process_time() - start)
        start = time.process_time()
        review(game.record(), 0, worlds=worlds, hindsight=False)
        without.append(time.process_time() - start)
        seen = [d.hindsight for d in found.decisions if d.hindsight is not None]
        cut += sum(h.cut_short for h in seen)
        solved += sum(not h.cut_short for h in seen)
    return with_h, without, solved, cut


def _review_job(record: dict[str, Any], worlds: int) -> int:
    return len(review(record, 0, worlds=worlds).decisions)


CONDITIONS = ("alone", "review", "review giving way")
"""The bots alone; with a review running in a niced worker; the same worker giving
way while a bot decides (the server's :class:`~crowsnest.server.table.bots.GiveWay`)."""


def latency(
    positions: list[tuple[Any, ...]],
    records: list[Any],
    rounds: int,
    worlds: int = DEFAULT_WORLDS,
) -> dict[str, tuple[list[float], list[float]]]:
    """Wall-clock seconds of each Hard decision in a one-worker pool, in ``rounds``
    interleaved blocks of each of :data:`CONDITIONS` (the order turned every round),
    the reviews over ``worlds`` worlds: per condition, every time and each round's
    ratio of its median to the median alone."""
    give_way = GiveWay()
    still = GiveWay()  # never set: a worker that does not give way
    bots = ProcessPoolExecutor(1)
    pools = {
        "review": ProcessPoolExecutor(1, initializer=review_worker, initargs=(still.deciding,)),
        "review giving way": ProcessPoolExecutor(
            1, initializer=review_worker, initargs=(give_way.deciding,)
        ),
    }
    for pool in (bots, *pools.values()):
        pool.submit(int).result()  # every worker started before the first block
    times: dict[str, list[float]] = {c: [] for c in CONDITIONS}
    ratios: dict[str, list[float]] = {c: [] for c in CONDITIONS}
    try:
        for r in range(rounds):
            medians = {}
            for condition in CONDITIONS[r % 3 :] + CONDITIONS[: r % 3]:
                running: list[Future[int]] = []
                if condition in pools:
                    pool = pools[condition]
                    running = [pool.submit(_review_job, rec, worlds) for rec in records]
                    while not running[0].running():  # the review worker is busy
                        time.sleep(0.01)
                block = []
                for p in positions:
                    start = time.perf_counter()
                    with give_way.decision():
                        bots.submit(choose_text, *p).result()
                    block.append(time.perf_counter() - start)
                for f in running:
                    f.cancel()
                for f in running:  # the one running finishes before the next block
                    if not f.cancelled():
                        f.result()
                times[condition].extend(block)
                medians[condition] = statistics.median(block)
            for c in CONDITIONS:
                ratios[c].append(medians[c] / medians["alone"])
    finally:
        bots.shutdown()
        for pool in pools.values():
            pool.shutdown(cancel_futures=True)
    return {c: (times[c], ratios[c]) for c in CONDITIONS}


def summary(xs: list[float], unit: float = 1.0) -> str:
    xs = sorted(x * unit for x in xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"mean {statistics.mean(xs):.0f}, median {statistics.median(xs):.0f}, p95 {p95:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--latency", action="store_true")
    parser.add_argument("--rounds", type=int, default=6, help="interleaved pairs of blocks")
    args = parser.parse_args()
    for family in GAMES:
        cpu = review_cpu(family, args.hands, args.worlds)
        print(f"{family}: review of seat 0, {args.worlds} worlds, {args.hands} hands: "
              f"CPU per hand {summary(cpu, 1000)} ms")  # fmt: skip
    with_h, without, solved, cut = hindsight_share(args.hands, args.worlds)
    print(f"hearts: with hindsight {summary(with_h, 1000)} ms, without {summary(without, 1000)} "
          f"ms; hindsight solved {solved} decisions, cut short {cut}")  # fmt: skip
    if args.latency:
        for family in GAMES:
            positions: list[tuple[Any, ...]] = []
            records = []
            for seed in range(args.hands):
                game, found = one_hand(family, 100 + seed)
                positions += found[:12]
                records.append(game.record())
            found_times = latency(positions, records * 4, args.rounds)
            print(f"{family}: Hard decision wall time, {args.rounds} rounds of "
                  f"{len(positions)} decisions (load {os.getloadavg()[0]:.1f}):")  # fmt: skip
            for condition, (spent, ratios) in found_times.items():
                print(f"  {condition}: {summary(spent, 1000)} ms; ratio of medians to alone "
                      f"per round: median {statistics.median(ratios):.3f}, "
                      f"range {min(ratios):.3f}-{max(ratios):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()

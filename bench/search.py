"""``python -m bench.search``: what the Hard bots' searches cost, in playouts per
CPU-second and CPU time per decision (``time.process_time``, so a loaded machine
slows the wall clock, not the figures).

Each line plays a few hands from fixed seeds with one Hard bot (seat 0) against
Normal bots, its time limit off (every decision does its full work, decided by the
seed alone), and counts the hands its search plays out: every rollout, contract
played out and exact endgame search, as the searches themselves count them
(``crowsnest.ai.budget.TALLY``). The first line says whether the searches run
compiled (``crowsnest native build``) or from source (``CROWSNEST_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from crowsnest import native
from crowsnest.ai.base import Bot
from crowsnest.ai.budget import TALLY
from crowsnest.ai.hearts import hard as hearts_hard
from crowsnest.ai.hearts.normal import Normal as HeartsNormal
from crowsnest.ai.rook import hard as rook_hard
from crowsnest.ai.rook.normal import Normal as RookNormal
from crowsnest.engine import new_game


@dataclass
class Figures:
    decisions: int
    playouts: int
    cpu: list[float]

    def line(self, label: str) -> str:
        total = sum(self.cpu)
        cpu = sorted(self.cpu)
        p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        return (
            f"{label:<28} {self.decisions:>5} decisions {self.playouts:>8} playouts"
            f"  {self.playouts / total:>8.0f} playouts/CPU-s"
            f"  CPU/decision mean {1000 * total / len(cpu):6.1f} ms,"
            f" median {1000 * statistics.median(cpu):6.1f}, p95 {1000 * p95:6.1f}"
        )


def measure(family: str, rules: str, hard: Bot, normal: Bot, hands: int) -> Figures:
    cpu: list[float] = []
    before = TALLY.playouts
    for seed in range(hands):
        game = new_game(rules, seed=seed, start_hand=seed)
        rng = random.Random(seed)
        while not game.results:
            seat = min(game.actors)
            bot = hard if seat == 0 else normal
            view, legal = game.view(seat), game.legal_actions(seat)
            start = time.process_time()
            action = bot.choose(view, legal, rng)
            if seat == 0:
                cpu.append(time.process_time() - start)
            game.apply(seat, action)
    return Figures(len(cpu), TALLY.playouts - before, cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__)
    parser.add_argument("--hands", type=int, default=6, help="hands per line (default 6)")
    parser.add_argument("--worlds", type=int, default=hearts_hard.DEFAULT_WORLDS)
    parser.add_argument("--playouts", type=int, default=rook_hard.DEFAULT_PLAYOUTS)
    args = parser.parse_args(argv)
    print(f"searches: {native.status()}")
    hearts = hearts_hard.Hard(worlds=args.worlds, time_limit=3600.0)
    print(
        measure("hearts", "hearts", hearts, HeartsNormal(), args.hands).line(
            f"hearts hard {args.worlds} worlds"
        )
    )
    for rules in ("rook/crowsnest", "rook/tournament"):
        rook = rook_hard.Hard(playouts=args.playouts, time_limit=3600.0)
        figures = measure("rook", rules, rook, RookNormal(), args.hands)
        print(figures.line(f"{rules} hard {args.playouts}"))
    return 0


if __name__ == "__main__":  # pragma: no cover - `python -m bench.search`
    raise SystemExit(main())

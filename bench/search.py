"""``python -m bench.search``: what the Hard bots' searches cost, in playouts per
CPU-second and CPU time per decision (``time.process_time``, so a loaded machine
slows the wall clock, not the figures).

Each line plays a few hands from fixed seeds with one Hard bot (seat 0) against
Normal bots, its time limit off unless its spec sets one (every decision does its
full work, decided by the seed alone), and counts the hands its search plays out:
every rollout, contract played out and exact endgame search, as the searches
themselves count them (``crowsnest.ai.budget.TALLY``). The bot in seat 0 is a bot
spec, as in the arena (``--hearts 'hard:worlds=100'``, ``--rook
'hard:style="tournament"'``; docs/arena.md). The first line says whether the searches
run compiled (``crowsnest native build``) or from source
(``CROWSNEST_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from crowsnest import native
from crowsnest.ai.base import Bot
from crowsnest.ai.budget import TALLY
from crowsnest.ai.hearts.normal import Normal as HeartsNormal
from crowsnest.ai.registry import OPTIONS_SEPARATOR, make_bot
from crowsnest.ai.rook.normal import Normal as RookNormal
from crowsnest.ai.specs import canonical_spec
from crowsnest.engine import RULESETS, new_game
from crowsnest.engine.cards import Family


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


def measure(rules: str, hard: Bot, normal: Bot, hands: int) -> Figures:
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


def searcher(family: Family, spec: str) -> Bot:
    """The bot ``spec`` (spelled one way: :func:`_spec`) names, its time limit off
    unless the spec sets one."""
    bot = make_bot(family, spec)
    if "time_limit=" not in spec.partition(OPTIONS_SEPARATOR)[2] and hasattr(bot, "time_limit"):
        bot.time_limit = math.inf
    return bot


def _spec(family: Family) -> Callable[[str], str]:
    """An argument's check: the bot spec spelled one way, or the registry's error."""

    def checked(spec: str) -> str:
        try:
            return canonical_spec(family, spec)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__)
    parser.add_argument("--hands", type=int, default=6, help="hands per line (default 6)")
    parser.add_argument(
        "--hearts", type=_spec("hearts"), default="hard", help="Hearts bot spec (default hard)"
    )
    parser.add_argument(
        "--rook", type=_spec("rook"), default="hard", help="Rook bot spec (default hard)"
    )
    parser.add_argument(
        "--rules",
        nargs="*",
        choices=[r for r, rules in RULESETS.items() if rules.family == "rook"],
        default=["rook/crowsnest", "rook/tournament"],
        help="Rook rule sets, a line each (default rook/crowsnest rook/tournament; none:"
        " Hearts alone)",
    )
    args = parser.parse_args(argv)
    print(f"searches: {native.status()}")
    hearts = searcher("hearts", args.hearts)
    print(measure("hearts", hearts, HeartsNormal(), args.hands).line(f"hearts {args.hearts}"))
    for rules in args.rules:
        figures = measure(rules, searcher("rook", args.rook), RookNormal(), args.hands)
        print(figures.line(f"{rules} {args.rook}"))
    return 0


if __name__ == "__main__":  # pragma: no cover - `python -m bench.search`
    raise SystemExit(main())

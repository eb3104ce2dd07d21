"""Time ``game.view(seat).to_json()`` (and a server ``state`` message) over a few
hundred random positions: ``python tests/bench_view_json.py`` from the repository root.

Prints, per family, the median and the least microseconds of CPU time (a shared
machine slows the wall clock more) per call over the repeats:
``view()`` alone, ``view().to_json()``, and a whole ``StateMessage`` (view, legal
actions, built and dumped to JSON text) as the server sends with every action. Not a
test (pytest collects ``test_*.py`` only); ``docs/benchmarks.md`` has the figures.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from crowsnest.ai import RandomBot
from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import AnyGame, new_game
from crowsnest.server.models.server_messages import StateMessage

POSITIONS = 300
REPEATS = 21


def positions(rules_id: str, count: int, seed: int) -> list[tuple[AnyGame, int]]:
    """``count`` (game, seat on turn) pairs from random games."""
    rng = random.Random(seed)
    bot = RandomBot()
    out: list[tuple[AnyGame, int]] = []
    game = new_game(rules_id, seed=seed)
    while len(out) < count:
        if game.is_over:
            game = new_game(rules_id, seed=rng.randrange(2**32))
        seat = min(game.actors)
        if rng.random() < 0.2:
            out.append((game.clone(), seat))
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    return out


def state(game: AnyGame, seat: int) -> str:
    legal = legal_to_json(game.legal_actions(seat), game.rules.family)
    message = StateMessage(
        seq=1, status="playing", view=game.view(seat).to_json(), legal=legal, events=[]
    )
    return message.model_dump_json()


def timings_us(work: list[tuple[AnyGame, int]], call: Callable[[AnyGame, int], object]) -> str:
    runs = []
    for _ in range(REPEATS):
        start = time.process_time()
        for game, seat in work:
            call(game, seat)
        runs.append((time.process_time() - start) / len(work) * 1e6)
    return f"{statistics.median(runs):6.1f} (min {min(runs):5.1f})"


def main() -> int:
    print(f"{'us per call':15} {'view()':>18} {'view().to_json()':>18} {'state message':>18}")
    for rules_id in ("hearts", "rook/crowsnest"):
        work = positions(rules_id, POSITIONS, seed=1)
        view = timings_us(work, lambda game, seat: game.view(seat))
        full = timings_us(work, lambda game, seat: game.view(seat).to_json())
        message = timings_us(work, state)
        print(f"{rules_id:15} {view:>18} {full:>18} {message:>18}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

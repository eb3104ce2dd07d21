"""Time ``game.view(seat).to_json()`` over a few hundred random positions.

Run from the repository root: ``python tests/bench_view_json.py``. Prints the median
(and the least) microseconds per call over the repeats for Hearts and CrowsNest Rook, for ``view()``
alone and for ``view().to_json()``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from crowsnest.ai import RandomBot
from crowsnest.engine import AnyGame, new_game

POSITIONS = 300
REPEATS = 21


def positions(rules_id: str, count: int, seed: int) -> list[tuple[AnyGame, int | None]]:
    """``count`` (game, seat) pairs from random games, every seat and spectators."""
    rng = random.Random(seed)
    bot = RandomBot()
    out: list[tuple[AnyGame, int | None]] = []
    game = new_game(rules_id, seed=seed)
    while len(out) < count:
        if game.is_over:
            game = new_game(rules_id, seed=rng.randrange(2**32))
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        if rng.random() < 0.2:
            out.append((game.clone(), rng.choice([0, 1, 2, 3, None])))
    return out


def timings_us(work: list[tuple[AnyGame, int | None]], with_json: bool) -> list[float]:
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        if with_json:
            for game, seat in work:
                game.view(seat).to_json()
        else:
            for game, seat in work:
                game.view(seat)
        runs.append((time.perf_counter() - start) / len(work) * 1e6)
    return runs


def main() -> int:
    for rules_id in ("hearts", "rook/crowsnest"):
        work = positions(rules_id, POSITIONS, seed=1)
        view = timings_us(work, with_json=False)
        full = timings_us(work, with_json=True)
        print(
            f"{rules_id:15} view() {statistics.median(view):5.1f} us (min {min(view):5.1f})"
            f"   view().to_json() {statistics.median(full):5.1f} us (min {min(full):5.1f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bots at the server: levels, and hard bots thinking in the process pool while the
event loop goes on."""

from __future__ import annotations

import asyncio
import time

from crowsnest.engine import new_game, parse_action
from crowsnest.server.bots import BotRunner, bot_for, bot_rng, choose_text


def test_levels_map_to_bots_or_the_simple_bot() -> None:
    assert [bot_for("hearts", level) for level in ("easy", "normal", "hard")] == [
        "easy",
        "normal",
        "hard",
    ]
    assert bot_for("hearts", "genius") == "random"


def test_decisions_depend_on_the_seed_and_position_only() -> None:
    assert bot_rng(1, 2, 3).random() == bot_rng(1, 2, 3).random()
    game = new_game("rook/crowsnest", seed=5)
    (seat,) = game.actors
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = bot_for("rook", "normal")
    first = choose_text("rook", bot, view, legal, 5, 0)
    assert first == choose_text("rook", bot, view, legal, 5, 0)
    game.check(seat, parse_action(first))


def test_hard_bots_think_in_another_process() -> None:
    game = new_game("hearts", seed=3)
    for seat in range(4):
        game.apply(
            seat,
            choose_text("hearts", "normal", game.view(seat), game.legal_actions(seat), 3, seat),
        )
    (seat,) = game.actors
    runner = BotRunner(workers=1)

    async def main() -> tuple[str, int]:
        ticks = 0
        done = False

        async def ticker() -> None:
            nonlocal ticks
            while not done:
                ticks += 1
                await asyncio.sleep(0.01)

        task = asyncio.create_task(ticker())
        start = time.monotonic()
        action = await runner.choose(
            "hearts", "hard", game.view(seat), game.legal_actions(seat), 3, 4
        )
        elapsed = time.monotonic() - start
        done = True
        await task
        # The loop kept ticking while the hard bot searched.
        return action, min(ticks, int(elapsed / 0.01))

    try:
        action, ticks = asyncio.run(main())
    finally:
        runner.close()
    assert ticks >= 5
    game.check(seat, parse_action(action))

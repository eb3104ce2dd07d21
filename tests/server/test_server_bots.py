"""Bots at the server: levels, and hard bots thinking in the process pool while the
event loop goes on."""

from __future__ import annotations

import asyncio
import contextlib

from crowsnest.engine import new_game, parse_action
from crowsnest.server.table.bots import BotRunner, bot_for, bot_rng, choose_text


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
    game.check(seat, parse_action(first, game.rules.family))


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
        """The hard bot's decision, and how often another task ran while it was made:
        none if it ran on the event loop, at least once if the loop waited on the pool
        (the ticker is always ready, so the loop runs it while it waits)."""
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)  # the ticker has started
        before = ticks
        action = await runner.choose(
            "hearts", "hard", game.view(seat), game.legal_actions(seat), 3, 4
        )
        during = ticks - before
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return action, during

    try:
        action, during = asyncio.run(main())
    finally:
        runner.close()
    assert during >= 1  # the event loop went on while the hard bot searched
    game.check(seat, parse_action(action, game.rules.family))

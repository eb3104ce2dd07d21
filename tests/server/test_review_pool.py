"""Hand reviews at the server: in a pool of their own at the lowest CPU priority,
bounded in number."""

from __future__ import annotations

import asyncio
import os
import random
import threading

import pytest

from crowsnest.ai.hearts.normal import Normal
from crowsnest.engine import new_game
from crowsnest.server.table.bots import BotRunner, ReviewsBusy, wait_while


def one_hand_record() -> dict[str, object]:
    game = new_game("hearts", seed=4)
    bot, rng = Normal(), random.Random(4)
    while game.hand_number == 0:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    return game.record()


def test_a_review_runs_in_a_pool_at_the_lowest_priority() -> None:
    record = one_hand_record()
    runner = BotRunner(workers=1)

    async def main() -> tuple[dict[str, object], int]:
        review = await runner.review(record, 2, [0], 4)
        assert review is not None
        assert "reviews" in runner._pools
        loop = asyncio.get_running_loop()
        niceness = await loop.run_in_executor(runner.pool("reviews"), os.nice, 0)
        return review, niceness

    try:
        review, niceness = asyncio.run(main())
    finally:
        runner.close()
    assert niceness >= min(19, os.nice(0) + 19)
    actions = record["actions"]
    assert isinstance(actions, list)
    decisions = review["decisions"]
    assert isinstance(decisions, list)
    assert [d["step"] for d in decisions] == [i for i, (s, _) in enumerate(actions) if s == 2]
    assert runner.reviews_running == 0


def test_reviews_beyond_the_queue_are_refused() -> None:
    runner = BotRunner(workers=1, review_queue=0)
    with pytest.raises(ReviewsBusy):
        asyncio.run(runner.review(one_hand_record(), 0, None, 4))
    runner.close()


def test_a_review_gives_way_while_a_bot_decides() -> None:
    """While a pooled bot decides, the flag the review worker sees is set (and it is
    clear again after); a review started while it is set does not finish until it is
    cleared, then finishes as usual."""
    record = one_hand_record()
    runner = BotRunner(workers=1)
    game = new_game("hearts", seed=9)
    seat = min(game.actors)

    async def main() -> None:
        flag = runner.give_way.deciding
        assert not flag.is_set()
        choice = asyncio.ensure_future(
            runner.choose("hearts", "hard", game.view(seat), game.legal_actions(seat), 1, 0)
        )
        await asyncio.sleep(0)  # the decision has started: the flag is up
        assert flag.is_set()
        await choice
        assert not flag.is_set()
        # Held up: a review started while a decision is (made to look) under way.
        with runner.give_way.decision():
            review = asyncio.ensure_future(runner.review(record, 2, [0], 4))
            done, _ = await asyncio.wait([review], timeout=3.0)
            assert not done, "the review ran while a bot was deciding"
        assert (await asyncio.wait_for(review, 120)) is not None

    try:
        asyncio.run(main())
    finally:
        runner.close()


def test_wait_while_returns_once_the_flag_is_clear() -> None:
    flag = threading.Event()
    flag.set()
    waiter = threading.Thread(target=wait_while, args=(flag,))
    waiter.start()
    waiter.join(0.05)
    assert waiter.is_alive()  # still waiting: the flag is set
    flag.clear()
    waiter.join(10)
    assert not waiter.is_alive()
    wait_while(flag)  # clear: returns at once

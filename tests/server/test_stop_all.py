"""A server's shutdown stops its background loops even when one of them loses a
cancel (on Python 3.11 an ``asyncio.wait_for`` whose awaitable finishes as the cancel
arrives returns the result instead): ``stop_all`` cancels again until each has ended.
A loop that lost the cancel kept a cluster node's shutdown waiting for ever (seen in
tests/cluster), with its Redis connections open."""

from __future__ import annotations

import asyncio

from crowsnest.server.live.tables import stop_all


def test_a_task_that_swallows_a_cancel_is_cancelled_again_until_it_ends() -> None:
    cancels: list[int] = []

    async def stubborn() -> None:
        while True:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                cancels.append(1)
                if len(cancels) >= 3:
                    raise  # the third cancel is taken

    async def failing() -> None:
        raise RuntimeError("a loop's error")

    async def scenario() -> tuple[bool, bool, bool]:
        loop = asyncio.get_running_loop()
        a, b, c = loop.create_task(stubborn()), loop.create_task(failing()), None
        c = loop.create_task(asyncio.sleep(0))
        await asyncio.sleep(0.01)  # b has failed, c has ended
        await stop_all([a, b, c], every=0.01)
        return a.cancelled(), b.done(), c.done()

    a_cancelled, b_done, c_done = asyncio.run(scenario())
    assert a_cancelled and b_done and c_done
    assert len(cancels) == 3


def test_nothing_to_stop() -> None:
    asyncio.run(stop_all([]))

"""The review line (crowsnest.server.live.review_line): each client its share, a full
line makes the biggest holder give way, clients served in turn, a review given up
while waiting frees its place."""

from __future__ import annotations

import asyncio

import pytest

from crowsnest.server.live.review_line import FairLine, LineFull


async def _hold(line: FairLine, client: str, release: asyncio.Event, log: list[str]) -> None:
    try:
        async with line.slot(client):
            log.append(f"{client} runs")
            await release.wait()
    except LineFull:
        log.append(f"{client} skipped")


def test_a_full_line_makes_the_biggest_holder_give_way() -> None:
    async def run() -> list[str]:
        log: list[str] = []
        line, release = FairLine(at_once=1, share=8, capacity=4), asyncio.Event()
        flood = [asyncio.create_task(_hold(line, "a", release, log)) for _ in range(4)]
        await asyncio.sleep(0)
        assert line.total() == 4 and line.held("a") == 4
        other = asyncio.create_task(_hold(line, "b", release, log))
        await asyncio.sleep(0)
        assert line.held("a") == 3 and line.held("b") == 1  # a's newest gave way
        more = asyncio.create_task(_hold(line, "b", release, log))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*flood, other, more)
        return log

    log = asyncio.run(run())
    assert log.count("a skipped") == 2 and log.count("b runs") == 2  # 3 > 1 + 1: a gave way twice


def test_a_client_past_its_share_is_skipped_alone() -> None:
    async def run() -> None:
        log: list[str] = []
        line, release = FairLine(at_once=1, share=2, capacity=16), asyncio.Event()
        tasks = [asyncio.create_task(_hold(line, "a", release, log)) for _ in range(3)]
        await asyncio.sleep(0)
        assert log == ["a runs", "a skipped"]
        with pytest.raises(LineFull):
            async with line.slot("a"):
                pass
        async with asyncio.timeout(1):
            b = asyncio.create_task(_hold(line, "b", release, log))
            release.set()
            await asyncio.gather(*tasks, b)
        assert log.count("b runs") == 1 and line.total() == 0

    asyncio.run(run())


def test_a_review_given_up_while_waiting_frees_its_place() -> None:
    async def run() -> None:
        log: list[str] = []
        line, release = FairLine(at_once=1, share=4, capacity=4), asyncio.Event()
        first = asyncio.create_task(_hold(line, "a", release, log))
        waiting = asyncio.create_task(_hold(line, "b", release, log))
        await asyncio.sleep(0)
        assert line.held("b") == 1
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert line.held("b") == 0 and line.total() == 1
        release.set()
        await first
        assert line.total() == 0

    asyncio.run(run())


def test_a_review_cancelled_while_waiting_gives_its_turn_to_the_next() -> None:
    """A waiting review cancelled just as the place frees up (before its task has run
    again) neither takes the place nor breaks the line: the next review gets it."""

    async def main() -> list[str]:
        line, done = FairLine(at_once=1, share=3, capacity=16), []
        first_in = asyncio.Event()
        release = asyncio.Event()

        async def first() -> None:
            async with line.slot("a"):
                first_in.set()
                await release.wait()
            done.append("a0")

        async def waiting(name: str) -> None:
            async with line.slot(name):
                done.append(name)

        holder = asyncio.create_task(first())
        await first_in.wait()
        doomed = asyncio.create_task(waiting("b"))
        later = asyncio.create_task(waiting("c"))
        await asyncio.sleep(0)  # both wait in the line now
        release.set()  # the holder will let go of its place first,
        doomed.cancel()  # and then the waiting review's task runs its cancel
        await asyncio.wait_for(asyncio.gather(holder, later), 5)
        assert doomed.cancelled() and line.total() == 0
        return done

    assert asyncio.run(main()) == ["a0", "c"]

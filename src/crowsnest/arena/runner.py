"""Plays the deals of a run, on one process or a pool of them, in deal order.

Each deal is a pure function of the job and its index (see ``seeding``), so the
outcomes are the same whatever the number of workers; they come back in deal order.
Workers are spawned (not forked) and each keeps its own external bot programs.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing import util
from time import perf_counter

from crowsnest.arena import hearts, rook
from crowsnest.arena.hand import DealOutcome, Job
from crowsnest.arena.players import Seating
from crowsnest.arena.progress import Progress

_worker: tuple[Job, Seating] | None = None


@dataclass(frozen=True, slots=True)
class Played:
    outcomes: tuple[DealOutcome, ...]
    seconds: float
    workers: int

    @property
    def hands(self) -> int:
        return sum(len(o.hands) for o in self.outcomes)


def play_deal(job: Job, index: int, seating: Seating) -> DealOutcome:
    if job.family == "hearts":
        return hearts.play_deal(job, index, seating)
    return rook.play_deal(job, index, seating)


def _init(job: Job) -> None:
    global _worker
    seating = Seating(job.family, job.budget)
    _worker = (job, seating)
    util.Finalize(None, seating.close, exitpriority=10)


def _work(index: int) -> DealOutcome:
    assert _worker is not None
    job, seating = _worker
    return play_deal(job, index, seating)


def _serial(job: Job, deals: int) -> Iterator[DealOutcome]:
    seating = Seating(job.family, job.budget)
    try:
        for index in range(deals):
            yield play_deal(job, index, seating)
    finally:
        seating.close()


def run_deals(
    job: Job,
    deals: int,
    workers: int | None = None,
    on_deal: Callable[[int, int], None] | None = None,
) -> Played:
    """Play deals ``0 .. deals-1``; ``on_deal(done, hands)`` after each one."""
    if deals < 1:
        raise ValueError("play at least one deal")
    workers = max(1, min(workers or os.cpu_count() or 1, deals))
    start = perf_counter()
    outcomes: list[DealOutcome] = []
    hands = 0

    def collect(stream: Iterator[DealOutcome]) -> None:
        nonlocal hands
        for outcome in stream:
            outcomes.append(outcome)
            hands += len(outcome.hands)
            if on_deal is not None:
                on_deal(len(outcomes), hands)

    if workers == 1:
        collect(_serial(job, deals))
    else:
        context = multiprocessing.get_context("spawn")
        chunk = max(1, deals // (workers * 16))
        with context.Pool(workers, initializer=_init, initargs=(job,)) as pool:
            collect(pool.imap(_work, range(deals), chunksize=chunk))
            pool.close()
            pool.join()
    return Played(tuple(outcomes), perf_counter() - start, workers)


def run_with_progress(
    job: Job, deals: int, workers: int | None, progress: bool, label: str
) -> Played:
    """:func:`run_deals` with a progress line on stderr when ``progress``."""
    if not progress:
        return run_deals(job, deals, workers)
    bar = Progress(deals, label)
    try:
        return run_deals(job, deals, workers, bar.update)
    finally:
        bar.close()

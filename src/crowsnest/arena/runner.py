"""Plays the deals of a run, on one process or a pool of them, in deal order.

Each deal is a pure function of the job and its index (see ``seeding``), so the
outcomes are the same whatever the number of workers; they come back in deal order.
Workers are spawned (not forked) and each keeps its own external bot programs.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import util
from time import perf_counter

from crowsnest.arena import hearts, rook
from crowsnest.arena.hand import DealOutcome, Job
from crowsnest.arena.players import Seating
from crowsnest.workers import exit_with_parent

_worker: tuple[Job, Seating] | None = None


@dataclass(frozen=True, slots=True)
class Played:
    outcomes: tuple[DealOutcome, ...]
    seconds: float
    workers: int
    played_hands: int
    """Hands played in ``seconds`` (the others came from a deal log)."""

    @property
    def hands(self) -> int:
        return sum(len(o.hands) for o in self.outcomes)


def play_deal(job: Job, index: int, seating: Seating) -> DealOutcome:
    if job.family == "hearts":
        return hearts.play_deal(job, index, seating)
    return rook.play_deal(job, index, seating)


def _init(job: Job) -> None:
    global _worker
    exit_with_parent()
    seating = Seating(job.family, job.budget, job.untimed)
    _worker = (job, seating)
    util.Finalize(None, seating.close, exitpriority=10)


def _work(index: int) -> DealOutcome:
    assert _worker is not None
    job, seating = _worker
    return play_deal(job, index, seating)


def _serial(job: Job, indexes: Sequence[int]) -> Iterator[DealOutcome]:
    seating = Seating(job.family, job.budget, job.untimed)
    try:
        for index in indexes:
            yield play_deal(job, index, seating)
    finally:
        seating.close()


def run_deals(
    job: Job,
    deals: int,
    workers: int | None = None,
    on_outcome: Callable[[DealOutcome], None] | None = None,
    done: Mapping[int, DealOutcome] | None = None,
) -> Played:
    """Play deals ``0 .. deals-1``, except those in ``done`` (read from a deal log):
    ``on_outcome`` gets each new deal as it finishes, and the result holds them all
    in deal order (its ``seconds`` and ``played`` are those of the new deals)."""
    if deals < 1:
        raise ValueError("play at least one deal")
    done = dict(done or {})
    todo = [index for index in range(deals) if index not in done]
    workers = max(1, min(workers or os.cpu_count() or 1, len(todo) or 1))
    start = perf_counter()
    played: list[DealOutcome] = []

    def collect(stream: Iterator[DealOutcome]) -> None:
        for outcome in stream:
            played.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)

    if not todo:
        pass
    elif workers == 1:
        collect(_serial(job, todo))
    else:
        context = multiprocessing.get_context("spawn")
        chunk = max(1, len(todo) // (workers * 16))
        with context.Pool(workers, initializer=_init, initargs=(job,)) as pool:
            collect(pool.imap(_work, todo, chunksize=chunk))
            pool.close()
            pool.join()
    seconds = perf_counter() - start
    outcomes = sorted([*played, *(done[i] for i in range(deals) if i in done)], key=_index)
    return Played(tuple(outcomes), seconds, workers, sum(len(o.hands) for o in played))


def _index(outcome: DealOutcome) -> int:
    return outcome.index

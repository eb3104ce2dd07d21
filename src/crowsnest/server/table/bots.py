"""Which bot plays a level, and running it: inline, or in a process pool for the
hard bots (their search must never run on the event loop).

This module is what the pool's worker processes import, so it stays light: the
engine and the bots, no web framework.

>>> bot_for("hearts", "hard"), bot_for("rook", "easy") in bot_names("rook")
('hard', True)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol, TypeVar

from crowsnest.ai import pause
from crowsnest.ai.registry import bot_names, make_bot
from crowsnest.engine import LegalAction, PlayerView, action_text, get_rules
from crowsnest.engine.cards import Family
from crowsnest.server.ops.logs import server_event
from crowsnest.workers import exit_with_parent

T = TypeVar("T")

POOLED = frozenset({"hard"})
"""Bots that think in the process pool."""


def family_of(rules_id: str) -> Family:
    """The family of the rule set ``rules_id``, as its rules say."""
    return get_rules(rules_id).family


def bot_for(family: Family, level: str) -> str:
    """The bot that plays ``level`` (easy, normal, hard) for ``family``: the bot of
    that name when the registry has one, else the simple legal-move bot."""
    return level if level in bot_names(family) else "random"


def bot_rng(seed: int, seq: int, seat: int) -> random.Random:
    """The random source of one bot decision: a function of the game's seed and the
    position only, so a table rebuilt after a crash decides exactly as before."""
    return random.Random(f"{seed}:{seq}:{seat}")


def choose_text(
    family: Family, bot: str, view: PlayerView, legal: Sequence[LegalAction], seed: int, seq: int
) -> str:
    """The bot's action for the seat whose ``view`` this is, as action text."""
    assert view.seat is not None
    action = make_bot(family, bot).choose(view, legal, bot_rng(seed, seq, view.seat))
    return action_text(action, family)


class HintsBusy(Exception):
    """A hint that cannot be served soon; ask again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.message, self.retry_after = message, retry_after


def _lower_priority() -> None:
    """A hint worker's initializer: think at a lower CPU priority than the bots."""
    with contextlib.suppress(OSError):
        os.nice(10)


def review_worker(bots_deciding: EventLike) -> None:
    """A review worker's initializer: think at the lowest CPU priority, behind the
    bots and the hints, and stop at each pause point of the review while a table's
    bot is deciding (:class:`GiveWay`)."""
    with contextlib.suppress(OSError):
        os.nice(19)
    pause.install(lambda: wait_while(bots_deciding))


class EventLike(Protocol):
    def is_set(self) -> bool: ...
    def set(self) -> None: ...
    def clear(self) -> None: ...


def wait_while(event: EventLike, poll: float = 0.002) -> None:
    """Return once ``event`` is clear (at once if it is)."""
    while event.is_set():
        time.sleep(poll)


class GiveWay:
    """Background reviews give way to the bots: the flag ``deciding`` (a
    multiprocessing event the review worker sees) is set while at least one pooled
    bot decision is running; the review stops at its next pause point
    (:mod:`crowsnest.ai.pause`: between two sampled worlds, every 4,096 positions of
    the Hearts solver) until no bot decides. Lowering the worker's priority alone
    did not keep a review from slowing the bots on a loaded machine
    (docs/experiments/review.md)."""

    def __init__(self) -> None:
        self.deciding: EventLike = multiprocessing.get_context("spawn").Event()
        self._running = 0

    @contextlib.contextmanager
    def decision(self) -> Iterator[None]:
        """While a bot decides."""
        self._running += 1
        self.deciding.set()
        try:
            yield
        finally:
            self._running -= 1
            if not self._running:
                self.deciding.clear()


def review_json(
    record: dict[str, Any],
    seat: int,
    hands: list[int] | None,
    worlds: int,
    steps: list[int] | None = None,
    nodes: int | None = None,
) -> dict[str, Any] | None:
    """The review of ``seat``'s decisions in ``record`` (the hands numbered
    ``hands``, or all; only the actions numbered ``steps``, when given: the player's
    own, not a bot's that sat in for them; Hearts hindsight within ``nodes``
    positions a decision), as JSON (:mod:`crowsnest.ai.review`); None when ``steps``
    leaves no decision to review (a bot took them all)."""
    from crowsnest.ai.hearts.solver import DEFAULT_NODES
    from crowsnest.ai.review import review

    own = None if steps is None else set(steps)
    found = review(
        record, seat, worlds=worlds, hands=hands, nodes=nodes or DEFAULT_NODES, steps=own
    )
    if own is not None and not found.decisions:
        return None
    return found.to_json()


class ReviewsBusy(Exception):
    """Too many reviews are waiting: this one is not started."""


class BotFailed(Exception):
    """A pooled bot could not decide: its worker died again after the pool was
    replaced, or the bot itself raised. ``reason`` says which, for the log."""

    def __init__(self, bot: str, reason: str) -> None:
        super().__init__(f"the {bot} bot could not decide: {reason}")
        self.bot, self.reason = bot, reason


FALLBACK: Final = "normal"
"""The bot that decides in a pooled bot's place when it cannot: the next level down,
inline (it takes well under a millisecond), never a random card."""

RETRY_AFTER: Final = 0.25
"""Seconds to wait before a decision is retried on a replaced pool (a worker that
died of a full machine gets a moment)."""

PoolName = Literal["bots", "hints", "reviews"]


@dataclass
class PoolSpec:
    """How one of the runner's pools is made: its processes and their set-up."""

    workers: int
    initializer: Callable[..., None] | None = None
    initargs: tuple[Any, ...] = ()


@dataclass
class BotHealth:
    """What the runner did since the server started, for ``/healthz``."""

    decisions: Counter[str] = field(default_factory=Counter)
    """Pooled decisions made, by bot."""
    failures: int = 0
    """Pooled decisions the bot could not make (a lesser bot made them)."""
    replaced: Counter[str] = field(default_factory=Counter)
    """Pools replaced after one of their workers died, by pool."""


class BotRunner:
    """Runs bot decisions: pooled bots in worker processes (started on first use),
    the others inline (they take well under a millisecond).

    Hints have their own pool of ``hint_workers`` processes at a lower CPU priority,
    so the bots' moves never wait behind hints; at most ``hint_queue`` hints are
    computed or waiting at once, and one that cannot start or finish within
    ``hint_timeout`` seconds is refused with ``hints_busy`` (retryable).

    Hand reviews have a pool of one process at the lowest CPU priority (nice 19),
    started on the first review: they run on whatever CPU the bots and hints leave,
    pause while a pooled bot decides (:class:`GiveWay`), and at most
    ``review_queue`` are computed or waiting at once.

    A pool whose worker died (killed, out of memory, a crash in compiled code) is
    broken for good: it is replaced at once, counted in :attr:`health`, and the work
    retried once on the new pool after :data:`RETRY_AFTER`. A decision that fails
    again, or whose bot raised, is :class:`BotFailed` (counted): the caller decides
    what plays instead (the bot driver: :data:`FALLBACK`)."""

    def __init__(
        self,
        workers: int,
        hint_workers: int = 1,
        hint_queue: int = 4,
        hint_timeout: float = 5.0,
        review_queue: int = 16,
        decide: Callable[..., str] | None = None,
    ) -> None:
        self.give_way = GiveWay()
        self._specs: dict[PoolName, PoolSpec] = {
            "bots": PoolSpec(workers),
            "hints": PoolSpec(hint_workers, _lower_priority),
            "reviews": PoolSpec(1, review_worker, (self.give_way.deciding,)),
        }
        self._pools: dict[PoolName, ProcessPoolExecutor] = {}
        self.decide = decide or choose_text
        """What a pooled decision runs in the worker (a test may name another
        importable function of the same signature)."""
        self.hint_queue = hint_queue
        self.hint_timeout = hint_timeout
        self.hints_running = 0
        self.review_queue = review_queue
        self.reviews_running = 0
        self.health = BotHealth()

    def pool(self, name: PoolName) -> ProcessPoolExecutor:
        """The pool ``name``, started if it is not running."""
        pool = self._pools.get(name)
        if pool is None:
            spec = self._specs[name]
            pool = self._pools[name] = _pool(spec.workers, spec.initializer, spec.initargs)
        return pool

    async def _run(self, name: PoolName, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the pool ``name``; a broken pool is replaced and the call
        tried once more on the new one."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self.pool(name)
            try:
                return await loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool:
                self._replace(name, pool)
                if attempt == 2:
                    raise
                await asyncio.sleep(RETRY_AFTER)
        raise AssertionError("unreachable")  # pragma: no cover

    def _replace(self, name: PoolName, pool: ProcessPoolExecutor) -> None:
        """Drop the broken ``pool`` (the next call starts a new one), once however
        many calls found it broken."""
        if self._pools.get(name) is not pool:
            return
        del self._pools[name]
        pool.shutdown(wait=False, cancel_futures=True)
        self.health.replaced[name] += 1
        server_event("pool_replaced", logging.ERROR, pool=name, times=self.health.replaced[name])

    async def choose(
        self,
        family: Family,
        bot: str,
        view: PlayerView,
        legal: Sequence[LegalAction],
        seed: int,
        seq: int,
    ) -> str:
        """The decision of ``bot`` for the seat of ``view``; :class:`BotFailed` when
        a pooled bot cannot make it."""
        if bot not in POOLED:
            return choose_text(family, bot, view, legal, seed, seq)
        try:
            with self.give_way.decision():
                action = await self._run(
                    "bots", self.decide, family, bot, view, list(legal), seed, seq
                )
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            self.health.failures += 1
            raise BotFailed(bot, "its worker process died twice") from None
        except Exception as err:
            self.health.failures += 1
            raise BotFailed(bot, f"{type(err).__name__}: {err}") from err
        self.health.decisions[bot] += 1
        return action

    async def hint(
        self,
        family: Family,
        bot: str,
        view: PlayerView,
        legal: Sequence[LegalAction],
        seed: int,
        seq: int,
    ) -> str:
        """A hint: as :meth:`choose`, in the hint pool, bounded in number and time."""
        if bot not in POOLED:
            return choose_text(family, bot, view, legal, seed, seq)
        if self.hints_running >= self.hint_queue:
            raise HintsBusy("too many hints are being computed; try again", 1.0)
        self.hints_running += 1
        future = asyncio.ensure_future(
            self._run("hints", self.decide, family, bot, view, list(legal), seed, seq)
        )
        future.add_done_callback(self._hint_done)
        try:
            async with asyncio.timeout(self.hint_timeout):  # not wait_for: it can lose a cancel
                return await asyncio.shield(future)
        except TimeoutError:
            raise HintsBusy("the hint is taking too long; try again", self.hint_timeout) from None
        except asyncio.CancelledError:
            raise
        except Exception as err:  # its pool broke twice, or the bot raised: said, not hidden
            reason = f"{type(err).__name__}: {err}"
            server_event("hint_failed", logging.ERROR, bot=bot, reason=reason)
            raise HintsBusy("the hint could not be computed; try again", 1.0) from None

    def _hint_done(self, future: asyncio.Future[str]) -> None:
        self.hints_running -= 1
        if not future.cancelled():
            future.exception()  # retrieved: a hint given up on is not "never retrieved"

    async def review(
        self,
        record: dict[str, Any],
        seat: int,
        hands: list[int] | None,
        worlds: int,
        steps: list[int] | None = None,
        nodes: int | None = None,
    ) -> dict[str, Any] | None:
        """:func:`review_json` in the review pool; :class:`ReviewsBusy` when
        ``review_queue`` reviews are already computed or waiting."""
        if self.reviews_running >= self.review_queue:
            raise ReviewsBusy("too many hand reviews are waiting")
        self.reviews_running += 1
        try:
            return await self._run(
                "reviews", review_json, record, seat, hands, worlds, steps, nodes
            )
        finally:
            self.reviews_running -= 1

    def close(self) -> None:
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            pool.shutdown(wait=True, cancel_futures=True)


def _pool(
    workers: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...] = ()
) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each ended with the server's
    (:func:`~crowsnest.workers.exit_with_parent`) and then set up by ``initializer``."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(initializer, initargs)
    )


def _start_worker(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    exit_with_parent()
    if initializer is not None:
        initializer(*initargs)

"""The line hand reviews wait in, shared fairly between clients: a flood of reviews
from one client address delays (or skips) only its own.

The review pool has one process. Work handed to it waits in its own first-come
queue, where one client's reviews can stand before everyone else's; so the line
hands it :attr:`FairLine.at_once` review at a time, and the others wait here, each
client in turn (round robin): whoever asks after a flood is served after the review
running and at most one review of each other client. Each client holds at most ``share`` reviews
waiting or computed (past it, its new review is skipped ``busy``); all of them
together at most ``capacity`` (past it, a new review takes the place of the newest
waiting review of the client that holds the most, if that client holds more than
the newcomer once admitted; only otherwise is the new one skipped).

>>> async def demo() -> list[str]:
...     line, done = FairLine(at_once=1, share=3, capacity=16), []
...     async def review(client: str, n: int) -> None:
...         try:
...             async with line.slot(client):
...                 await asyncio.sleep(0)
...                 done.append(f"{client}{n}")
...         except LineFull:
...             done.append(f"{client}{n} skipped")
...     await asyncio.gather(*(review("a", n) for n in range(5)), review("b", 0))
...     return done
>>> from concurrent.futures import ThreadPoolExecutor  # a loop of its own, whatever runs here
>>> with ThreadPoolExecutor(1) as thread:
...     thread.submit(asyncio.run, demo()).result()
['a3 skipped', 'a4 skipped', 'a0', 'a1', 'b0', 'a2']
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


class LineFull(Exception):
    """This review is skipped: its client holds its share, or the line is full."""


@dataclass(eq=False)
class _Ticket:
    client: Hashable
    go: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class FairLine:
    """Reviews waiting and running, per client (see the module's doc)."""

    def __init__(self, at_once: int, share: int, capacity: int) -> None:
        self.at_once, self.share, self.capacity = at_once, share, capacity
        self.running: Counter[Hashable] = Counter()
        self.waiting: dict[Hashable, deque[_Ticket]] = {}
        self._turns: deque[Hashable] = deque()
        """Clients with reviews waiting, in the order they are served."""

    def held(self, client: Hashable) -> int:
        """Reviews of ``client`` waiting or running."""
        return self.running[client] + len(self.waiting.get(client, ()))

    def total(self) -> int:
        return sum(self.running.values()) + sum(len(q) for q in self.waiting.values())

    @asynccontextmanager
    async def slot(self, client: Hashable) -> AsyncIterator[None]:
        """Wait for this review's turn (:class:`LineFull` if it is skipped), and
        hold one of :attr:`at_once` places while the block runs."""
        self._admit(client)
        ticket = _Ticket(client)
        queue = self.waiting.setdefault(client, deque())
        if not queue:
            self._turns.append(client)
        queue.append(ticket)
        self._dispatch()
        try:
            await ticket.go
        except asyncio.CancelledError:
            if ticket.go.done() and not ticket.go.cancelled() and ticket.go.exception() is None:
                self._release(client)  # granted as it was cancelled: give the place back
            else:
                self._forget(ticket)
            raise
        try:
            yield
        finally:
            self._release(client)

    def _admit(self, client: Hashable) -> None:
        """Make room for one more review of ``client``, or raise :class:`LineFull`."""
        mine = self.held(client)
        if mine >= self.share:
            raise LineFull(f"{mine} reviews of this client are waiting already")
        if self.total() < self.capacity:
            return
        holders = [c for c, q in self.waiting.items() if q]
        if holders:
            biggest = max(holders, key=self.held)
            if self.held(biggest) > mine + 1:
                dropped = self.waiting[biggest].pop()  # its newest waiting review
                self._tidy(biggest)
                dropped.go.set_exception(LineFull("a client with fewer reviews came"))
                return
        raise LineFull(f"{self.capacity} reviews are waiting already")

    def _dispatch(self) -> None:
        """Hand the free places to the waiting reviews, one client after another."""
        while sum(self.running.values()) < self.at_once and self._turns:
            client = self._turns.popleft()
            ticket = self.waiting[client].popleft()
            if self.waiting[client]:
                self._turns.append(client)
            else:
                del self.waiting[client]
            if ticket.go.done():  # its task was cancelled and has not yet let go of it
                continue
            self.running[client] += 1
            ticket.go.set_result(None)

    def _release(self, client: Hashable) -> None:
        self.running[client] -= 1
        if self.running[client] <= 0:
            del self.running[client]
        self._dispatch()

    def _forget(self, ticket: _Ticket) -> None:
        """A waiting review given up (its task was cancelled)."""
        queue = self.waiting.get(ticket.client)
        if queue is not None and ticket in queue:
            queue.remove(ticket)
            self._tidy(ticket.client)

    def _tidy(self, client: Hashable) -> None:
        if not self.waiting.get(client):
            self.waiting.pop(client, None)
            if client in self._turns:
                self._turns.remove(client)

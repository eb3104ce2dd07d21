"""The bot driver: one task per live table plays the seats bots hold (and the seats
of players gone past their grace period) when the table says they are due.

The table decides who acts and when (:meth:`~crowsnest.server.table.table.Table.bot_plan`:
the table's pace after the last move, or a player's turn timer). Within the pace
before that moment the driver already asks the
:class:`~crowsnest.server.table.bots.BotRunner` (a Hard search runs in a worker process
while the last card is shown), then waits until the move is due and decided (or until
the table's ``wake`` event says something changed), and hands the decision to the
table under its lock, through the same commit as a player's action.

A pooled bot that cannot decide (:class:`~crowsnest.server.table.bots.BotFailed`, after the
runner replaced a broken pool and tried again) is never replaced by a random card:
the Normal bot (:data:`~crowsnest.server.table.bots.FALLBACK`) decides that one action, the
failure is logged (``bot_failed``, with the table, seat, seq and reason) and counted
in ``/healthz``, and every connection of the table is told (``bot_trouble``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from crowsnest.engine import LegalAction, PlayerView
from crowsnest.server.live.delivery import Connection
from crowsnest.server.live.tables import LiveTable
from crowsnest.server.models.server_messages import BotTroubleMessage
from crowsnest.server.ops.logs import table_event
from crowsnest.server.table.bots import FALLBACK, BotFailed, BotRunner, bot_for
from crowsnest.server.table.parts import Outcome

Commit = Callable[[LiveTable, Outcome, Connection | None], Awaitable[bool]]
"""Persist an outcome's action, then deliver its messages; False if the store failed
(the table is being rebuilt)."""


class BotDriver:
    def __init__(self, bots: BotRunner, clock: Callable[[], float], commit: Commit) -> None:
        self.bots = bots
        self.clock = clock
        self.commit = commit

    async def run(self, live: LiveTable) -> None:
        """Play ``live``'s bots until the game is over (or its store write failed).

        A bot starts deciding as soon as its turn comes and its move is applied when
        it is due (the table's pace after the last move) or decided, whichever is
        later: a player waits for the pace they chose, not for the bot's search on
        top of it. A decision whose turn has changed meanwhile (someone resigned, a
        player came back) is dropped and the turn planned again."""
        table = live.table
        thinking: tuple[tuple[int, int, str], asyncio.Task[tuple[str, str | None]]] | None = None
        try:
            while table.status != "over":
                live.wake.clear()
                plan = table.bot_plan(self.clock())
                if plan is None:
                    _drop(thinking)
                    thinking = None
                    await live.wake.wait()
                    continue
                turn = (plan.seq, plan.seat, plan.bot)
                if thinking is not None and thinking[0] != turn:
                    _drop(thinking)
                    thinking = None
                wait = plan.due - self.clock()
                # Think ahead during the pace only (a player's turn timer may be long).
                if plan.action is None and thinking is None and wait <= table.config.bot_delay:
                    view, legal = table.view(plan.seat), table.legal[plan.seat]
                    decide = self._decide(live, plan.seq, plan.seat, plan.bot, view, legal)
                    thinking = (turn, asyncio.create_task(decide))
                if wait > 0:
                    # asyncio.timeout, not wait_for: on Python 3.11 wait_for can lose the
                    # cancel that stops this driver (the table's close would wait for ever).
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(wait):
                            await live.wake.wait()
                    continue
                if plan.action is not None:  # decided by the table (a timer's pass)
                    _drop(thinking)
                    thinking = None
                    async with live.lock:
                        out = table.bot_act(plan.seat, plan.seq, plan.action, self.clock())
                        if not await self.commit(live, out, None):
                            return
                    continue
                assert thinking is not None  # due: begun above at the latest
                decided = thinking[1]
                if not decided.done():
                    waker = asyncio.create_task(live.wake.wait())
                    try:
                        await asyncio.wait({decided, waker}, return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        waker.cancel()
                    if not decided.done():
                        continue  # the table changed while the bot thought: plan again
                action, trouble = decided.result()
                thinking = None
                async with live.lock:
                    if trouble is not None:  # told with the move it concerns
                        for conn in live.audience.connections():
                            if conn.version >= 3:
                                conn.push(trouble)
                    out = table.bot_act(plan.seat, plan.seq, action, self.clock())
                    if not await self.commit(live, out, None):
                        return
        finally:
            _drop(thinking)

    async def _decide(
        self,
        live: LiveTable,
        seq: int,
        seat: int,
        bot: str,
        view: PlayerView,
        legal: Sequence[LegalAction],
    ) -> tuple[str, str | None]:
        """The bot's action for ``seat`` on state ``seq``, and the ``bot_trouble``
        message to send with it when a pooled bot could not decide and the Normal bot
        made this one action instead (logged here)."""
        table = live.table
        try:
            action = await self.bots.choose(table.family, bot, view, legal, table.config.seed, seq)
            return action, None
        except BotFailed as failed:
            fallback = bot_for(table.family, FALLBACK)
            table_event(
                "bot_failed",
                table.id,
                logging.ERROR,
                seq=seq,
                seat=seat,
                bot=bot,
                reason=failed.reason,
                instead=fallback,
            )
            action = await self.bots.choose(
                table.family, fallback, view, legal, table.config.seed, seq
            )
            trouble = BotTroubleMessage(seat=seat, seq=seq, bot=bot, instead=fallback)
            return action, trouble.model_dump_json()


def _drop(
    thinking: tuple[tuple[int, int, str], asyncio.Task[tuple[str, str | None]]] | None,
) -> None:
    """Cancel a decision no longer wanted (a pooled search still ends in its worker;
    its answer is dropped)."""
    if thinking is not None:
        thinking[1].cancel()

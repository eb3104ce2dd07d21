"""The bot driver: one task per live table plays the seats bots hold (and the seats
of players gone past their grace period) when the table says they are due.

The table decides who acts and when (:meth:`~crowsnest.server.table.table.Table.bot_plan`);
the driver waits until then (or until the table's ``wake`` event says something
changed), asks the :class:`~crowsnest.server.table.bots.BotRunner`, and hands the decision
to the table under its lock, through the same commit as a player's action.

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
from collections.abc import Awaitable, Callable

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
        """Play ``live``'s bots until the game is over (or its store write failed)."""
        table = live.table
        while table.status != "over":
            live.wake.clear()
            plan = table.bot_plan(self.clock())
            if plan is None:
                await live.wake.wait()
                continue
            wait = plan.due - self.clock()
            if wait > 0:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for can lose the
                # cancel that stops this driver (the table's close would wait for ever).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await live.wake.wait()
                continue
            view, legal = table.view(plan.seat), table.legal[plan.seat]
            try:
                action = await self.bots.choose(
                    table.family, plan.bot, view, legal, table.config.seed, plan.seq
                )
            except BotFailed as failed:
                fallback = bot_for(table.family, FALLBACK)
                table_event(
                    "bot_failed",
                    table.id,
                    logging.ERROR,
                    seq=plan.seq,
                    seat=plan.seat,
                    bot=plan.bot,
                    reason=failed.reason,
                    instead=fallback,
                )
                action = await self.bots.choose(
                    table.family, fallback, view, legal, table.config.seed, plan.seq
                )
                trouble = BotTroubleMessage(
                    seat=plan.seat, seq=plan.seq, bot=plan.bot, instead=fallback
                ).model_dump_json()
                for conn in live.audience.connections():
                    if conn.version >= 3:
                        conn.push(trouble)
            async with live.lock:
                out = table.bot_act(plan.seat, plan.seq, action, self.clock())
                if not await self.commit(live, out, None):
                    return

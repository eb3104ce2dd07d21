"""Which bot plays a level, and running it: inline, or in a process pool for the
hard bots (their search must never run on the event loop).

This module is what the pool's worker processes import, so it stays light: the
engine and the bots, no web framework.

>>> bot_for("hearts", "hard"), bot_for("rook", "easy") in bot_names("rook")
('hard', True)
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from crowsnest.ai.registry import Family, bot_names, make_bot
from crowsnest.engine import LegalAction, PlayerView, get_rules

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
    return str(action)


class BotRunner:
    """Runs bot decisions: pooled bots in worker processes (started on first use),
    the others inline (they take well under a millisecond)."""

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(
        self,
        family: Family,
        bot: str,
        view: PlayerView,
        legal: Sequence[LegalAction],
        seed: int,
        seq: int,
    ) -> str:
        if bot not in POOLED:
            return choose_text(family, bot, view, legal, seed, seq)
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self._workers, mp_context=context)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, choose_text, family, bot, view, list(legal), seed, seq
        )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

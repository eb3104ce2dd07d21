"""Bots by name, for the arena, the bot protocol and the server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from crowsnest.ai.base import Bot
from crowsnest.ai.hearts.ducker import Ducker
from crowsnest.ai.hearts.easy import Easy
from crowsnest.ai.hearts.hard import Hard
from crowsnest.ai.hearts.normal import Normal
from crowsnest.ai.hearts.shooter import Shooter
from crowsnest.ai.rook import easy as rook_easy
from crowsnest.ai.rook import greedy as rook_greedy
from crowsnest.ai.rook import hard as rook_hard
from crowsnest.ai.rook import normal as rook_normal
from crowsnest.ai.simple import RandomBot
from crowsnest.engine.cards import Family

BOTS: Final[dict[Family, dict[str, Callable[[], Bot]]]] = {
    "hearts": {
        "random": RandomBot,
        "ducker": Ducker,
        "easy": Easy,
        "normal": Normal,
        "shooter": Shooter,
        "hard": Hard,
    },
    "rook": {
        "random": RandomBot,
        "greedy": rook_greedy.Greedy,
        "easy": rook_easy.Easy,
        "normal": rook_normal.Normal,
        "hard": rook_hard.Hard,
    },
}


def bot_names(family: Family) -> list[str]:
    return list(BOTS[family])


def make_bot(family: str, name: str) -> Bot:
    """A new bot called ``name`` for ``family`` ("hearts" or "rook")."""
    if family not in BOTS:
        raise ValueError(f"unknown game family {family!r}; choose hearts or rook")
    makers = BOTS[family]
    if name not in makers:
        raise ValueError(f"unknown {family} bot {name!r}; choose one of {', '.join(makers)}")
    return makers[name]()

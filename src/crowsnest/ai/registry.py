"""Bots by name, for the arena, the bot protocol and the server.

A bot is named by its registry name (``hard``), or by the name and options of its
constructor for a variant measured in the arena: ``hard:playouts=500,shades=[0,0]``,
each value JSON and checked strictly against the option's type in
:data:`crowsnest.ai.specs.OPTIONS` (a JSON array is a tuple). The server seats registry
names only (:func:`bot_names`). Making a bot by its name imports nothing but the
standard library and the bots; a variant's options are read by pydantic
(:mod:`crowsnest.ai.specs`, imported then).
"""

from __future__ import annotations

import random
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


def bot_for(family: Family, level: str) -> str:
    """The bot that plays ``level`` (easy, normal, hard) for ``family``: the bot of
    that name when the registry has one, else the simple legal-move bot."""
    return level if level in bot_names(family) else "random"


def bot_rng(seed: int, seq: int, seat: int) -> random.Random:
    """The random source of one bot decision at a table: a function of the game's
    seed and the position only, so a table rebuilt after a crash (the server's) or
    a game played offline (the browser's) decides exactly as before."""
    return random.Random(f"{seed}:{seq}:{seat}")


OPTIONS_SEPARATOR: Final = ":"
"""Between a bot's name and its options in a bot spec."""


def make_bot(family: str, spec: str) -> Bot:
    """A new bot for ``family`` ("hearts" or "rook") as ``spec`` names it: a registry
    name, or ``name:key=value,...`` (see the module). Raises ``ValueError`` naming an
    unknown family, bot or option, or a value of the wrong type."""
    maker, name, options_text = bot_maker(family, spec)
    if OPTIONS_SEPARATOR not in spec:
        return maker()
    from crowsnest.ai.specs import options_of  # the variants' options are checked by pydantic

    return maker(**options_of(family, name, options_text))


def bot_maker(family: str, spec: str) -> tuple[Callable[..., Bot], str, str]:
    """The maker of the bot ``spec`` names, its name and its options' text (empty for
    a registry name). Raises ``ValueError`` naming an unknown family or bot."""
    if family not in BOTS:
        raise ValueError(f"unknown game family {family!r}; choose hearts or rook")
    makers = BOTS[family]
    name, _, options_text = spec.partition(OPTIONS_SEPARATOR)
    if name not in makers:
        raise ValueError(f"unknown {family} bot {name!r}; choose one of {', '.join(makers)}")
    return makers[name], name, options_text

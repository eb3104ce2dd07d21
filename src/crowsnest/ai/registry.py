"""Bots by name, for the arena, the bot protocol and the server.

A bot is named by its registry name (``hard``), or by the name and options of its
constructor for a variant measured in the arena: ``hard:playouts=500,shades=[0,0]``,
each value JSON and checked strictly against the option's type in :data:`OPTIONS` (a
JSON array is a tuple). The server seats registry names only (:func:`bot_names`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Final

from pydantic import AfterValidator, Field, TypeAdapter, ValidationError

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
from crowsnest.ai.rook.odds import STYLES
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


_COUNT = Annotated[int, Field(ge=1)]
_SECONDS = Annotated[float, Field(ge=0)]
_FACTOR = Annotated[float, Field(ge=0)]
_POINTS = Annotated[float, Field(ge=-120, le=120)]


def _known_style(name: str) -> str:
    if name not in STYLES:
        *others, last = STYLES
        raise ValueError(f"unknown style {name!r}; choose {', '.join(others)} or {last}")
    return name


_STYLE = Annotated[str, AfterValidator(_known_style)]
OPTIONS: Final[dict[Family, dict[str, dict[str, Any]]]] = {
    "hearts": {
        "hard": {
            "worlds": _COUNT,
            "time_limit": _SECONDS,
            "moon_high": Annotated[int, Field(ge=0, le=13)],
        }
    },
    "rook": {
        "normal": {"style": _STYLE},
        "hard": {
            "playouts": _COUNT,
            "time_limit": _SECONDS,
            "shades": tuple[_FACTOR, _FACTOR],
            "confidence": _FACTOR,
            "partner_shade": _POINTS,
            "slack": tuple[_POINTS, _POINTS],
            "exact_cards": Annotated[int, Field(ge=0, le=60)],
            "style": _STYLE,
            "bid_style": _STYLE,
            "bid_defence": _STYLE,
            "bid_bonus": _POINTS,
            "pass_bonus": _POINTS,
        },
    },
}
"""The keyword parameters of the bots' constructors a bot spec may set, with their
types (declared here because the compiled classes keep no annotations; the tests check
them against the constructors)."""

OPTIONS_SEPARATOR: Final = ":"
"""Between a bot's name and its options in a bot spec."""


def make_bot(family: str, spec: str) -> Bot:
    """A new bot for ``family`` ("hearts" or "rook") as ``spec`` names it: a registry
    name, or ``name:key=value,...`` (see the module). Raises ``ValueError`` naming an
    unknown family, bot or option, or a value of the wrong type."""
    maker, _, options = _parsed(family, spec)
    return maker(**options)


def canonical_spec(family: str, spec: str) -> str:
    """``spec`` spelled one way: its options in the order :data:`OPTIONS` declares them,
    each value written back as JSON from its checked value (``confidence=0`` and
    ``confidence=0.0`` are both ``confidence=0.0``), so that two spellings of one bot
    are one bot in the arena's deal logs. Raises ``ValueError`` as :func:`make_bot`."""
    _, name, options = _parsed(family, spec)
    if not options:
        return name
    values = TypeAdapter[Any](Any)
    parts = [f"{key}={values.dump_json(value).decode()}" for key, value in options.items()]
    return name + OPTIONS_SEPARATOR + ",".join(parts)


def _parsed(family: str, spec: str) -> tuple[Callable[..., Bot], str, dict[str, Any]]:
    """The maker ``spec`` names, its name and its checked options, in the order
    :data:`OPTIONS` declares them."""
    if family not in BOTS:
        raise ValueError(f"unknown game family {family!r}; choose hearts or rook")
    makers = BOTS[family]
    name, separator, options_text = spec.partition(OPTIONS_SEPARATOR)
    if name not in makers:
        raise ValueError(f"unknown {family} bot {name!r}; choose one of {', '.join(makers)}")
    if not separator:
        return makers[name], name, {}
    types = OPTIONS[family].get(name, {})
    options = _options(types, f"{family} bot {name!r}", options_text)
    return makers[name], name, {key: options[key] for key in types if key in options}


def _options(types: Mapping[str, Any], who: str, text: str) -> dict[str, Any]:
    """``key=value,...`` read and checked against ``types``."""
    takes = list(types)
    decoder = json.JSONDecoder()
    options: dict[str, Any] = {}
    at = 0
    while True:
        key, eq, _ = text[at:].partition("=")
        if not eq or not key:
            raise ValueError(f"{who}: expected key=value at {text[at:]!r}")
        if key not in takes:
            offer = f"it takes {', '.join(takes)}" if takes else "it takes none"
            raise ValueError(f"{who} has no option {key!r}; {offer}")
        if key in options:
            raise ValueError(f"{who}: option {key!r} given twice")
        at += len(key) + 1
        try:
            _, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            raise ValueError(f"{who}: option {key!r} needs a JSON value") from None
        try:
            options[key] = TypeAdapter[Any](types[key]).validate_json(text[at:end], strict=True)
        except ValidationError as err:
            error = err.errors(include_url=False)[0]
            where = "".join(f"[{part}]" for part in error["loc"])
            at_part = f" (at {where})" if where else ""
            raise ValueError(
                f"{who}: option {key}={text[at:end]}{at_part}: {error['msg']}"
            ) from None
        if end == len(text):
            return options
        if text[end] != ",":
            raise ValueError(f"{who}: expected ',' after {key}={text[at:end]}")
        at = end + 1

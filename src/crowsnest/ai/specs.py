"""Bot specs with options: the variants the arena measures,
``name:key=value,...`` (:mod:`crowsnest.ai.registry`), each value JSON checked
strictly by pydantic against the option's type in :data:`OPTIONS`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Final

from pydantic import AfterValidator, Field, TypeAdapter, ValidationError

from crowsnest.ai.registry import OPTIONS_SEPARATOR, bot_maker
from crowsnest.ai.rook.odds import STYLES
from crowsnest.engine.cards import Family

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
            "exact_cards": Annotated[int, Field(ge=0, le=13)],
            "tree": Annotated[int, Field(ge=0)],
            "evidence": Annotated[float, Field(gt=0, le=1)],
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


def options_of(family: str, name: str, text: str) -> dict[str, Any]:
    """The options ``text`` (``key=value,...``) of the bot ``name`` of ``family``,
    checked, in the order :data:`OPTIONS` declares them."""
    types = next((bots.get(name, {}) for f, bots in OPTIONS.items() if f == family), {})
    options = _options(types, f"{family} bot {name!r}", text)
    return {key: options[key] for key in types if key in options}


def canonical_spec(family: str, spec: str) -> str:
    """``spec`` spelled one way: its options in the order :data:`OPTIONS` declares them,
    each value written back as JSON from its checked value (``confidence=0`` and
    ``confidence=0.0`` are both ``confidence=0.0``), so that two spellings of one bot
    are one bot in the arena's deal logs. Raises ``ValueError`` as :func:`make_bot`."""
    _, name, options_text = bot_maker(family, spec)
    if OPTIONS_SEPARATOR not in spec:
        return name
    options = options_of(family, name, options_text)
    values = TypeAdapter[Any](Any)
    parts = [f"{key}={values.dump_json(value).decode()}" for key, value in options.items()]
    return name + OPTIONS_SEPARATOR + ",".join(parts)


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

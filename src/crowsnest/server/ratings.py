"""Skill ratings: openskill's Plackett-Luce model, one rating per player and family
(the model itself is :mod:`crowsnest.skill`, which the arena shares).

A finished game is one match: in Rook the two teams, ranked by the engine's
standings (the winning team first); in Hearts the four seats, ranked by their
places (ties as ties). A bot's seat plays with the fixed rating of its level,
measured by whole games among the bots (``make bot-ratings``, figures in
``bot_ratings.json``, docs/ai.md) and never moved, so that a player who only meets
bots gets a number on the bots' scale: "you play like Normal".

>>> before = Rating(DEFAULT_MU, DEFAULT_SIGMA)
>>> after = rate("hearts", [Entrant(0, 1, before), Entrant(1, 2, bot_rating("hearts", "hard")),
...     Entrant(2, 3, bot_rating("hearts", "hard")), Entrant(3, 4, bot_rating("hearts", "hard"))])
>>> after[0].mu > before.mu and after[0].sigma < before.sigma
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Final

from crowsnest.skill import DEFAULT_MU, DEFAULT_SIGMA, LEVELS, UNRATED, Entrant, Rating, rate

__all__ = [
    "BOT_RATINGS_FILE",
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "LEVELS",
    "UNRATED",
    "Entrant",
    "Rating",
    "bot_rating",
    "plays_like",
    "rate",
]

BOT_RATINGS_FILE: Final = Path(__file__).with_name("bot_ratings.json")


@cache
def _bot_ratings() -> dict[str, dict[str, dict[str, float]]]:
    data: dict[str, dict[str, dict[str, float]]] = json.loads(BOT_RATINGS_FILE.read_text())[
        "ratings"
    ]
    return data


def bot_rating(family: str, level: str) -> Rating:
    """The fixed rating of the bots of ``level`` in ``family``."""
    r = _bot_ratings()[family][level]
    return Rating(r["mu"], r["sigma"])


def plays_like(family: str, rating: Rating) -> str:
    """The bot level whose fixed rating is nearest ``rating``'s mean."""
    return min(LEVELS, key=lambda level: abs(bot_rating(family, level).mu - rating.mu))

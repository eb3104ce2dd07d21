"""Skill ratings: openskill's Plackett-Luce model, one rating per player and family.

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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
DEFAULT_MU: Final = MODEL.mu
DEFAULT_SIGMA: Final = MODEL.sigma
BOT_RATINGS_FILE: Final = Path(__file__).with_name("bot_ratings.json")
LEVELS: Final = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of a finished game: its team (Rook: its side; Hearts: the seat
    itself), its place (1: first; equal places tie) and its rating before."""

    team: int
    place: int
    rating: Rating


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


def rate(family: str, entrants: Sequence[Entrant]) -> list[Rating]:
    """Every entrant's rating after the game, in order (``family`` is for the
    docs: the teams say it all). Entrants of one team share its place."""
    teams = sorted({e.team for e in entrants})
    members = {t: [i for i, e in enumerate(entrants) if e.team == t] for t in teams}
    match = [[MODEL.rating(mu=entrants[i].rating.mu, sigma=entrants[i].rating.sigma)
              for i in members[t]] for t in teams]  # fmt: skip
    ranks = [float(entrants[members[t][0]].place) for t in teams]
    rated = MODEL.rate(match, ranks=ranks)
    out: list[Rating] = [entrants[i].rating for i in range(len(entrants))]
    for t, team in zip(teams, rated, strict=True):
        for i, r in zip(members[t], team, strict=True):
            out[i] = Rating(float(r.mu), float(r.sigma))
    return out


UNRATED: Final = Rating(DEFAULT_MU, DEFAULT_SIGMA)
"""A player's rating before their first rated game."""

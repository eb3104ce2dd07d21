"""The skill rating model: openskill's Plackett-Luce, one rating per player and family.

A finished game is one match of teams, each with a place: in Rook the two teams, in
Hearts the four seats (ties as ties). The server rates its players' games with it
(:mod:`crowsnest.server.people.ratings`, which also holds the bots' fixed ratings), and the
arena measures those fixed ratings with it (:mod:`crowsnest.arena.ratings`).

>>> winner, loser = rate("rook", [Entrant(0, 1, UNRATED), Entrant(1, 2, UNRATED)])
>>> winner.mu > UNRATED.mu > loser.mu and winner.sigma < UNRATED.sigma
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
DEFAULT_MU: Final = MODEL.mu
DEFAULT_SIGMA: Final = MODEL.sigma
LEVELS: Final = ("easy", "normal", "hard")
"""The bot levels that have a fixed rating."""


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

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
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
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
    "rate_game",
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


# -- what a game is worth: the rules that make a rating mean something -------------------

MIN_HANDS: Final = 1
"""Hands a game must have scored to count as played (a resign or leave before the
first hand's end counts for the quitter alone)."""
MIN_OWN_DECISIONS: Final = 8
"""Decisions each rated player must have taken themselves (not their bot) for the
game to count as played: most of one hand's cards (a Rook hand deals 9 to 14 cards
a seat, a Hearts hand 13)."""
SETTLED: Final = 10.0
"""Games' worth of evidence (:attr:`Rated.weight` summed) after which a rating is
settled: it then counts in full when it is someone's opponent, and the profile stops
calling it provisional. World of Card Games gates ranked play behind 10 finished
games; here a new identity may play at once, but moves nobody until it has the
evidence."""
PAIR_WINDOW: Final = timedelta(days=30)
"""How far back the games two players played together are counted (:func:`pair_weight`)."""
PAIR_DECAY: Final = 0.5
"""Each earlier game together within :data:`PAIR_WINDOW` halves what the next one
moves either player's rating by the other."""


@dataclass(frozen=True, slots=True)
class Seated:
    """One seat of a finished public game as the rating rules see it."""

    team: int
    place: int
    """The engine's standings (1: first; equal places tie)."""
    rating: Rating
    """Before the game: a bot's fixed rating, or its player's."""
    player: str | None = None
    """The identity that held the seat (``None``: a bot's seat)."""
    own: int = 0
    """Decisions the player took themselves (not their bot)."""
    quit: bool = False
    """The player resigned (proposed the team's resign) or left: gone for good, or
    gone past the grace period and not back by the end."""
    evidence: float = 0.0
    """The player's games' worth of evidence before this game."""


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating after a game, and how much the game counted (0 to 1: the
    evidence it adds; a quitter's loss counts in full and adds none)."""

    rating: Rating
    weight: float
    quit: bool = False


def played(hands: int, seats: Sequence[Seated]) -> bool:
    """A game was played as a game: at least :data:`MIN_HANDS` hand was scored, and
    every player took at least :data:`MIN_OWN_DECISIONS` decisions themselves. Only
    a played game moves anyone but its quitters.

    >>> played(1, [Seated(0, 1, UNRATED, "a", own=9)]), played(0, [])
    (True, False)
    >>> played(2, [Seated(0, 1, UNRATED, "a", own=9), Seated(1, 2, UNRATED, "b", own=1)])
    False
    """
    people = [s for s in seats if s.player is not None]
    return hands >= MIN_HANDS and all(s.own >= MIN_OWN_DECISIONS for s in people)


def experience(evidence: float) -> float:
    """How far an opponent's rating is to be believed: its evidence over
    :data:`SETTLED`, at most 1. A new identity, which costs nothing, moves nobody.

    >>> experience(0.0), experience(5.0), experience(40.0)
    (0.0, 0.5, 1.0)
    """
    return min(1.0, max(0.0, evidence) / SETTLED)


def pair_weight(meetings: int) -> float:
    """What a game moves a rating by an opponent met ``meetings`` times before within
    :data:`PAIR_WINDOW`: halved with each (two identities that keep meeting soon move
    each other not at all).

    >>> [pair_weight(n) for n in range(4)]
    [1.0, 0.5, 0.25, 0.125]
    """
    return float(PAIR_DECAY**meetings)


Meetings = Mapping[frozenset[str], int]
"""Games two players (a pair of identities) played together within :data:`PAIR_WINDOW`
before this one."""


def rating_weight(seat: int, seats: Sequence[Seated], meetings: Meetings) -> float:
    """How much a played game moves the rating of ``seat``'s player: against bots
    alone, fully; else as little as its least trusted human opponent allows, each
    weighed by its :func:`experience` and by :func:`pair_weight` of the two."""
    me = seats[seat]
    assert me.player is not None
    weights = [
        experience(o.evidence) * pair_weight(meetings.get(frozenset((me.player, o.player)), 0))
        for o in seats
        if o.player is not None and o.team != me.team and o.player != me.player
    ]
    return min(weights, default=1.0)


def blend(before: Rating, after: Rating, weight: float) -> Rating:
    """``before`` moved ``weight`` of the way to ``after`` (the variance likewise)."""
    mu = before.mu + weight * (after.mu - before.mu)
    variance = before.sigma**2 + weight * (after.sigma**2 - before.sigma**2)
    return Rating(mu, math.sqrt(variance))


def rate_game(
    family: str, seats: Sequence[Seated], hands: int, meetings: Meetings
) -> dict[int, Rated]:
    """The rating changes of a finished public game, by seat; a seat left out is not
    rated by it (a bot's; a player who held two seats; a game not :func:`played`;
    a weight of 0). The rules:

    - a quitter (a resign or a leave) is rated as having lost: their team placed
      last, on its own, whatever the bots made of the seat afterwards; in full, and
      whether or not the game was played (BGA scores the first to quit as last);
    - everyone else moves only in a played game, by its :func:`rating_weight`.

    So no sequence of resigns and leaves between two identities raises either one's
    rating: the quitter only loses, and the other, until the quitter has evidence
    from others, does not move (tests/server/test_rating_rules.py checks it).
    """
    held = Counter(s.player for s in seats if s.player is not None)
    entrants = [Entrant(s.team, s.place, s.rating) for s in seats]
    rateable = [i for i, s in enumerate(seats) if s.player is not None and held[s.player] == 1]
    out: dict[int, Rated] = {}
    last = max((s.place for s in seats), default=0) + 1
    for i in rateable:
        if seats[i].quit:
            team = seats[i].team
            lost = [
                Entrant(e.team, last if e.team == team else e.place, e.rating) for e in entrants
            ]
            out[i] = Rated(rate(family, lost)[i], 1.0, quit=True)
    if not played(hands, seats):
        return out
    after = rate(family, entrants)
    for i in rateable:
        if i in out:
            continue
        weight = rating_weight(i, seats, meetings)
        if weight > 0:
            out[i] = Rated(blend(seats[i].rating, after[i], weight), weight)
    return out

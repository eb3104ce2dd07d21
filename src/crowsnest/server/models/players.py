"""The bodies of the players' HTTP routes: statistics, profiles and ratings, a
player's or an unclaimed name's games, renaming, and the account's credentials."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, Field

from crowsnest.server.models.common import SeatKind, Strict
from crowsnest.server.people.names import PlayerName

# -- identity, statistics, ratings and accounts ----------------------------------------


class RulesStats(BaseModel):
    """A player's finished games of one rule set. A game the player left counts as
    ``left`` and as lost (whatever the bots made of the seat), and is out of the
    hands and the averages."""

    rules: str
    family: str
    games: int
    wins: int
    losses: int
    left: int
    hands: int
    """Hands of the games played to the end."""
    average_per_hand: float | None
    """Points per hand (Rook: the team's hand scores), one decimal."""
    average_per_game: int | None
    """Final score per game (Rook: the team's), rounded to a whole point."""
    contracts_bid: int
    """Rook: contracts the player declared (made + set)."""
    contracts_made: int
    contracts_set: int
    moons_shot: int
    """Hearts."""
    moons_suffered: int


class FamilyRating(BaseModel):
    family: str
    mu: float
    """The skill estimate (openskill, Plackett-Luce), one decimal."""
    sigma: float
    """Its uncertainty (one standard deviation), one decimal."""
    games: int
    """Rated games."""
    low: float
    high: float
    """``mu`` ∓ 2 ``sigma``, one decimal: the skill is most likely (about 95 in 100)
    between the two."""
    evidence: float
    """Games' worth of evidence, one decimal: each rated game adds how much it
    counted (less against a new identity or an opponent met often; a resign or a
    leave, a loss in full, adds none)."""
    provisional: bool
    """Less than 10 games' worth of evidence: a few games are no verdict on the
    player, and the rating moves its opponents only as far as its evidence goes."""
    plays_like: Literal["easy", "normal", "hard"] | None
    """The bot level whose fixed rating is nearest; ``null`` while provisional."""


class BotRating(BaseModel):
    family: str
    level: Literal["easy", "normal", "hard"]
    mu: float
    sigma: float


class PlayerProfile(BaseModel):
    id: str
    """The player's public id."""
    name: str | None
    """The name the player goes by (shown, never trusted)."""
    signed_up: bool
    """The identity has an account (a username)."""
    ratings: list[FamilyRating]
    stats: list[RulesStats]
    """Per rule set: every game for the player themselves, public games for others."""


class Me(PlayerProfile):
    username: str | None
    """Only the player themselves sees it."""


class RatingPoint(BaseModel):
    table_id: str | None
    """`null`: a private game, to anyone but its player."""
    at: str
    """ISO 8601, UTC."""
    mu: float
    sigma: float


class RatingHistory(BaseModel):
    player: str
    family: str
    points: list[RatingPoint]
    """Oldest first: the rating after each rated game (the newest 200)."""
    bots: list[BotRating]
    """The bots' fixed ratings in this family, for scale."""


class SeatPlayer(BaseModel):
    seat: int
    kind: SeatKind
    name: str | None
    player: str | None
    """The public id of a human seat's player (`null`: a bot, or a game from before
    identities)."""


class IdentityGame(BaseModel):
    table_id: str
    rules: str
    family: str
    finished_at: str
    """ISO 8601, UTC."""
    seat: int
    score: int
    """The player's final score (Rook: the team's)."""
    won: bool
    left: bool
    final_scores: list[int]
    public: bool
    seats: list[SeatPlayer]
    practice: bool
    """A game played offline and sent afterwards (``POST /api/practice``): unrated,
    in no statistics, no fair-deal seal."""


class IdentityGames(BaseModel):
    player: str
    total: int
    limit: int
    offset: int
    games: list[IdentityGame]


class UnclaimedGames(BaseModel):
    """`GET /api/unclaimed/{name}/games`: games from before identities, by name."""

    name: str
    total: int
    limit: int
    offset: int
    games: list[IdentityGame]


class Rename(Strict):
    name: Annotated[
        PlayerName,
        Field(description="the name to be shown, as for `join` (refused with `bad_name`)"),
    ]


MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 256


class Credentials(Strict):
    """A username and password (sign up, sign in)."""

    username: str = Field(
        max_length=160,
        description="normalised as player names are (NFKC, spaces folded, no look-alike "
        "letters); unique ignoring case (`bad_username`, `username_taken`)",
    )
    password: str = Field(max_length=MAX_PASSWORD, description="8 to 256 characters")


class NewPassword(Strict):
    old_password: str = Field(max_length=MAX_PASSWORD)
    new_password: str = Field(max_length=MAX_PASSWORD, description="8 to 256 characters")

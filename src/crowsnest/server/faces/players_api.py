"""HTTP routes of players: who am I, profiles, a player's games and
rating history, and changing one's display name.

- ``GET /api/me``: your own profile (a new identity and its cookie on a first visit).
- ``GET /api/players/{id}``: a player's profile: name, ratings, statistics (every
  game of yours for you; public games only for anyone else).
- ``GET /api/players/{id}/games``: their finished games, newest first (yours:
  private ones too), with who sat where.
- ``GET /api/players/{id}/ratings/{family}``: their rating after each rated game.
- ``PUT /api/players/{id}/name``: change your display name (``not_yours`` for
  anyone else's).
- ``GET /api/unclaimed/{name}/stats`` and ``/games``: games finished before
  identities existed, by the name they were played under (read only).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response

from crowsnest.server.faces.access import PlayerName, StoreDep
from crowsnest.server.faces.identity import ActingPlayer, IdentityDep, Viewer
from crowsnest.server.faces.web_api import MAX_PAGE
from crowsnest.server.models.http import PlayerStats
from crowsnest.server.models.players import (
    BotRating,
    FamilyRating,
    IdentityGame,
    IdentityGames,
    Me,
    PlayerProfile,
    RatingHistory,
    RatingPoint,
    Rename,
    RulesStats,
    SeatPlayer,
    UnclaimedGames,
)
from crowsnest.server.people.ratings import LEVELS, SETTLED, bot_rating, plays_like
from crowsnest.server.store.players import GameRow, PlayerRow, PlayerStore, RatingRow, StatsRow
from crowsnest.server.table.parts import TableError

router = APIRouter()

Family = Literal["rook", "hearts"]
MAX_PLAYER_ID = 24


def rules_stats(r: StatsRow) -> RulesStats:
    """One rule set's sums as shown: averages over the games played to the end,
    points per hand to one decimal (hand scores are small numbers, where a tenth
    tells players apart), points per game to a whole point (game totals run to
    hundreds: a fraction there is noise)."""
    return RulesStats(
        rules=r.rules,
        family=r.family,
        games=r.games,
        wins=r.wins,
        losses=r.losses,
        left=r.left,
        hands=r.hands,
        average_per_hand=round(r.hand_points / r.hands, 1) if r.hands else None,
        average_per_game=round(r.game_points / r.played) if r.played else None,
        contracts_bid=r.contracts_made + r.contracts_set,
        contracts_made=r.contracts_made,
        contracts_set=r.contracts_set,
        moons_shot=r.moons_shot,
        moons_suffered=r.moons_suffered,
    )


def family_rating(r: RatingRow) -> FamilyRating:
    """A rating as a profile shows it: the estimate, the range it most likely lies
    in (two standard deviations either side), the evidence behind it, and while that
    is less than :data:`~crowsnest.server.people.ratings.SETTLED` games' worth, provisional
    and compared with no bot level (a game or two is no verdict on a player)."""
    mu, sigma = r.rating.mu, r.rating.sigma
    provisional = r.evidence < SETTLED
    return FamilyRating(
        family=r.family,
        mu=round(mu, 1),
        sigma=round(sigma, 1),
        games=r.games,
        low=round(mu - 2 * sigma, 1),
        high=round(mu + 2 * sigma, 1),
        evidence=round(r.evidence, 1),
        provisional=provisional,
        plays_like=None if provisional else plays_like(r.family, r.rating),  # type: ignore[arg-type]
    )


def _profile(players: PlayerStore, player: PlayerRow, own: bool) -> PlayerProfile:
    ratings = [family_rating(r) for r in players.ratings(player.id)]
    return PlayerProfile(
        id=player.id,
        name=player.name,
        signed_up=player.username is not None,
        ratings=ratings,
        stats=[rules_stats(r) for r in players.stats(player.id, private_too=own)],
    )


async def me_of(players: PlayerStore, player: PlayerRow) -> Me:
    def load() -> Me:
        fresh = players.by_id(player.id) or player
        profile = _profile(players, fresh, own=True)
        return Me(**profile.model_dump(), username=fresh.username)

    return await asyncio.to_thread(load)


async def _player(players: PlayerStore, player_id: str) -> PlayerRow:
    found = None
    if len(player_id) <= MAX_PLAYER_ID:
        found = await asyncio.to_thread(players.by_id, player_id)
    if found is None:
        raise TableError("player_not_found", "no player has this id")
    return found


@router.get("/api/me", tags=["players"])
async def me(request: Request, response: Response, identity: IdentityDep) -> Me:
    """Your own profile: every game of yours counts. On a first visit the server
    makes you an identity and sets its session cookie (rate limited per address)."""
    player = await identity.ensure(request, response)
    return await me_of(identity.players, player)


@router.get("/api/players/{player_id}", tags=["players"])
async def profile(player_id: str, identity: IdentityDep, viewer: Viewer) -> PlayerProfile:
    """A player's name, ratings and statistics (public games only, unless it is you)."""
    player = await _player(identity.players, player_id)
    own = viewer is not None and viewer.id == player.id
    return await asyncio.to_thread(_profile, identity.players, player, own)


@router.get("/api/players/{player_id}/games", tags=["players"])
async def games(
    player_id: str,
    identity: IdentityDep,
    viewer: Viewer,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> IdentityGames:
    """A player's finished games, newest first, ``limit`` from ``offset``: yours
    with your private games, anyone else's public games only."""
    player = await _player(identity.players, player_id)
    own = viewer is not None and viewer.id == player.id
    total, rows = await asyncio.to_thread(identity.players.games, player.id, own, limit, offset)
    return IdentityGames(
        player=player.id, total=total, limit=limit, offset=offset, games=[_game(r) for r in rows]
    )


def _game(r: GameRow) -> IdentityGame:
    """A games list's entry, the one mapping of both lists (a player's, a name's)."""
    return IdentityGame(
        table_id=r.table_id,
        rules=r.rules,
        family=r.family,
        finished_at=r.finished_at.isoformat(),
        seat=r.seat,
        score=r.score,
        won=r.won,
        left=r.left,
        final_scores=r.final_scores,
        public=r.public,
        practice=r.practice,
        seats=[
            SeatPlayer(seat=s.seat, kind=s.kind, name=s.name, player=s.player)  # type: ignore[arg-type]
            for s in r.seats
        ],
    )


@router.get("/api/players/{player_id}/ratings/{family}", tags=["players"])
async def rating_history(
    player_id: str, family: Family, identity: IdentityDep, viewer: Viewer
) -> RatingHistory:
    """A player's rating in ``family`` after each rated game (oldest first, the
    newest 200; a private game's table is named to its player only), and the bots'
    fixed ratings for scale."""
    player = await _player(identity.players, player_id)
    own = viewer is not None and viewer.id == player.id
    points = await asyncio.to_thread(identity.players.rating_history, player.id, family, own)
    return RatingHistory(
        player=player.id,
        family=family,
        points=[
            RatingPoint(table_id=t, at=at.isoformat(), mu=round(r.mu, 2), sigma=round(r.sigma, 2))
            for t, at, r in points
        ],
        bots=[
            BotRating(family=family, level=level, mu=round(b.mu, 2), sigma=round(b.sigma, 2))
            for level in LEVELS
            for b in [bot_rating(family, level)]
        ],
    )


@router.put("/api/players/{player_id}/name", tags=["players"])
async def rename(player_id: str, body: Rename, identity: IdentityDep, player: ActingPlayer) -> Me:
    """Change your display name (``not_yours``: someone else's)."""
    if player.id != player_id:
        raise TableError("not_yours", "you can change only your own name")
    name = body.name
    await identity.write(lambda conn: PlayerStore.set_name(conn, player.id, name))
    return await me_of(identity.players, player)


# -- games from before identities ---------------------------------------------------------


@router.get("/api/unclaimed/{name}/stats", tags=["games"])
async def unclaimed_stats(name: PlayerName, store: StoreDep) -> PlayerStats:
    """Games finished before players had identities, by the name they were played
    under: games, wins, average final score (Rook: the team's), contracts made and
    set as declarer."""
    return await asyncio.to_thread(store.stats, name)


@router.get("/api/unclaimed/{name}/games", tags=["games"])
async def unclaimed_games(
    name: PlayerName,
    store: StoreDep,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 20,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> UnclaimedGames:
    """Public games finished before identities, by name, newest first: each as a
    player's games list has it (the seats, `left`)."""
    players = PlayerStore(store.engine)
    total, rows = await asyncio.to_thread(players.unclaimed_games, name, limit, offset)
    return UnclaimedGames(
        name=name, total=total, limit=limit, offset=offset, games=[_game(r) for r in rows]
    )

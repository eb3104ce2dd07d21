"""Rating a finished game in the store: what the rating rules of
:mod:`crowsnest.server.people.ratings` need, read from today's rows, and the new ratings
written, in the transaction that writes the game's end.

What a seat did is read from the stored rows: its player (``seats.player_id``),
whether it quit (a ``left`` fact in the table's ``seat_log``; its last action a
bot's, the player gone and not back by the end; or the log's last action its
``resign``), the decisions its player took (``actions.by``), and the games two players
played together lately (``results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from itertools import combinations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from crowsnest.server.people.ratings import (
    PAIR_WINDOW,
    Entrant,
    Meetings,
    Rated,
    Rating,
    Seated,
    rate_game,
)
from crowsnest.server.store.results import players_and_leavers
from crowsnest.server.store.rows import utcnow
from crowsnest.server.store.schema import actions, rating_history, ratings, results, tables


def rate_finished(
    conn: Connection, table_id: str, family: str, entrants: Sequence[Entrant], hands: int
) -> dict[int, Rated]:
    """Rate the players of the finished game ``table_id`` (``entrants``: every seat,
    from the engine's standings; ``hands``: the hands it scored) by
    :func:`~crowsnest.server.people.ratings.rate_game`, and store what moved. A private
    (friends) game moves no rating. Returns the changes by seat."""
    public = conn.execute(sa.select(tables.c.public).where(tables.c.id == table_id)).scalar()
    if not public or not entrants:
        return {}
    seats = seats_of(conn, table_id, family, entrants)
    now = utcnow()
    changes = rate_game(family, seats, hands, meetings(conn, table_id, family, seats, now))
    for seat, change in changes.items():
        player = seats[seat].player
        assert player is not None
        _store(conn, table_id, family, player, change, now)
    return changes


def seats_of(
    conn: Connection, table_id: str, family: str, entrants: Sequence[Entrant]
) -> list[Seated]:
    """Every seat of the game as the rating rules see it, from the stored rows."""
    players, left = players_and_leavers(conn, table_id)
    own: dict[int, int] = {
        int(seat): int(n)
        for seat, n in conn.execute(
            sa.select(actions.c.seat, sa.func.count())
            .where(actions.c.table_id == table_id, actions.c.by == "human")
            .group_by(actions.c.seat)
        )
    }
    final = conn.execute(
        sa.select(actions.c.seat, actions.c.action)
        .where(actions.c.table_id == table_id)
        .order_by(actions.c.seq.desc())
        .limit(1)
    ).first()
    resigned = final.seat if final is not None and final.action == "resign" else None
    current = {
        r.player_id: (Rating(r.mu, r.sigma), float(r.evidence))
        for r in conn.execute(
            ratings.select().where(
                ratings.c.player_id.in_(list(players.values())), ratings.c.family == family
            )
        )
    }
    seated = []
    for seat, entrant in enumerate(entrants):
        player = players.get(seat)
        rating, evidence = current.get(player or "", (entrant.rating, 0.0))
        seated.append(
            Seated(
                entrant.team,
                entrant.place,
                rating,
                player,
                own=own.get(seat, 0),
                quit=seat in left or seat == resigned,
                evidence=evidence,
            )
        )
    return seated


def meetings(
    conn: Connection, table_id: str, family: str, seats: Sequence[Seated], now: datetime
) -> Meetings:
    """The public games of ``family`` each pair of the game's players finished
    together within :data:`~crowsnest.server.people.ratings.PAIR_WINDOW` before this one."""
    people = sorted({s.player for s in seats if s.player is not None})
    if len(people) < 2:
        return {}
    mine, theirs = results.alias("mine"), results.alias("theirs")
    rows = conn.execute(
        sa.select(mine.c.player_id, theirs.c.player_id, sa.func.count())
        .join(theirs, theirs.c.table_id == mine.c.table_id)
        .where(
            mine.c.player_id.in_(people),
            theirs.c.player_id.in_(people),
            mine.c.player_id < theirs.c.player_id,
            mine.c.family == family,
            mine.c.public,
            mine.c.finished_at >= now - PAIR_WINDOW,
            mine.c.table_id != table_id,
        )
        .group_by(mine.c.player_id, theirs.c.player_id)
    ).all()
    found = {frozenset((a, b)): int(n) for a, b, n in rows}
    return {frozenset(pair): found.get(frozenset(pair), 0) for pair in combinations(people, 2)}


def _store(
    conn: Connection, table_id: str, family: str, player: str, change: Rated, now: datetime
) -> None:
    """A player's new rating, one more rated game, the evidence the game added (none
    for a quitter's loss), and the point of its history."""
    new = change.rating
    gained = 0.0 if change.quit else change.weight
    where = sa.and_(ratings.c.player_id == player, ratings.c.family == family)
    updated = conn.execute(
        ratings.update()
        .where(where)
        .values(
            mu=new.mu,
            sigma=new.sigma,
            games=ratings.c.games + 1,
            evidence=ratings.c.evidence + gained,
        )
    )
    if updated.rowcount == 0:
        conn.execute(
            ratings.insert().values(
                player_id=player, family=family, mu=new.mu, sigma=new.sigma, games=1,
                evidence=gained,
            )
        )  # fmt: skip
    conn.execute(
        rating_history.insert().values(
            player_id=player, family=family, table_id=table_id, mu=new.mu, sigma=new.sigma, at=now
        )
    )

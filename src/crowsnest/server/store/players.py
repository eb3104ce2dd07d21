"""The store's side of identities: players, their sessions, their
accounts, and the statistics, games and ratings read back for them.

A player is a row of ``players`` with a public id (in URLs, never a secret); the
browser holds a session secret in a cookie, and ``sessions`` keeps only its
SHA-256, as for seat tokens. Statistics are sums over ``results``, whose rows are
written when a game ends (:meth:`~crowsnest.server.store.store.Store.finish`): a page
reads them, it never replays a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from crowsnest.server.people.ratings import Rating
from crowsnest.server.store.rows import utcnow
from crowsnest.server.store.schema import (
    players,
    rating_history,
    ratings,
    records,
    results,
    seats,
    sessions,
    tables,
)

SESSION_AGE: Final = timedelta(days=400)
"""How long a session lives from its creation (sign-in, or a first visit), as its
cookie does: an older row names nobody and is deleted."""

MAX_RATING_POINTS = 200
"""The newest rated games a rating history holds."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    id: str
    name: str | None
    username: str | None
    password_hash: str | None


@dataclass(frozen=True, slots=True)
class StatsRow:
    rules: str
    family: str
    games: int
    wins: int
    losses: int
    """Games lost, those left included."""
    left: int
    hands: int
    hand_points: int
    game_points: int
    played: int
    """Games played to the end, not left (the averages' divisor)."""
    contracts_made: int
    contracts_set: int
    moons_shot: int
    moons_suffered: int


@dataclass(frozen=True, slots=True)
class RatingRow:
    family: str
    rating: Rating
    games: int
    evidence: float = 0.0


@dataclass(frozen=True, slots=True)
class GameSeat:
    seat: int
    kind: str
    name: str | None
    player: str | None


@dataclass(frozen=True, slots=True)
class GameRow:
    table_id: str
    rules: str
    family: str
    finished_at: datetime
    seat: int
    score: int
    won: bool
    left: bool
    public: bool
    final_scores: list[int]
    seats: list[GameSeat]
    practice: bool = False
    """Played offline and sent afterwards (``POST /api/practice``): unrated."""


def _player(r: Any) -> PlayerRow:
    return PlayerRow(r.id, r.name, r.username, r.password_hash)


_PLAYER = sa.select(players.c.id, players.c.name, players.c.username, players.c.password_hash)


class PlayerStore:
    """Identity operations on the store's engine. The writes take a connection in a
    transaction (the writer's, or :meth:`begin`'s); reads open their own."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- writes --------------------------------------------------------------------

    @staticmethod
    def create_player(conn: Connection, player_id: str, secret_hash: str) -> None:
        """A new anonymous player and its first session."""
        now = utcnow()
        conn.execute(players.insert().values(id=player_id, created_at=now))
        PlayerStore.add_session(conn, secret_hash, player_id)

    @staticmethod
    def end_expired_sessions(conn: Connection) -> None:
        """Delete the sessions older than :data:`SESSION_AGE` (every player's)."""
        conn.execute(sessions.delete().where(sessions.c.created_at <= utcnow() - SESSION_AGE))

    @staticmethod
    def set_name(conn: Connection, player_id: str, name: str) -> None:
        conn.execute(players.update().where(players.c.id == player_id).values(name=name))

    @staticmethod
    def sign_up(
        conn: Connection, player_id: str, username: str, key: str, password_hash: str
    ) -> bool:
        """Give the player an account; False if the username (its key) is taken."""
        taken = conn.execute(sa.select(players.c.id).where(players.c.username_key == key)).first()
        if taken is not None:
            return False
        conn.execute(
            players.update()
            .where(players.c.id == player_id)
            .values(username=username, username_key=key, password_hash=password_hash)
        )
        return True

    @staticmethod
    def set_password(conn: Connection, player_id: str, password_hash: str) -> None:
        conn.execute(
            players.update().where(players.c.id == player_id).values(password_hash=password_hash)
        )

    @staticmethod
    def add_session(conn: Connection, secret_hash: str, player_id: str) -> None:
        """A new session of ``player_id``; the expired sessions of everyone go."""
        PlayerStore.end_expired_sessions(conn)
        conn.execute(
            sessions.insert().values(
                secret_hash=secret_hash, player_id=player_id, created_at=utcnow()
            )
        )

    @staticmethod
    def end_session(conn: Connection, secret_hash: str) -> None:
        conn.execute(sessions.delete().where(sessions.c.secret_hash == secret_hash))

    @staticmethod
    def end_other_sessions(conn: Connection, player_id: str, keep_hash: str) -> None:
        conn.execute(
            sessions.delete().where(
                sessions.c.player_id == player_id, sessions.c.secret_hash != keep_hash
            )
        )

    # -- reads ---------------------------------------------------------------------

    def by_session(self, secret_hash: str) -> PlayerRow | None:
        """The player a session names; none for an unknown or expired session."""
        query = _PLAYER.join_from(players, sessions, sessions.c.player_id == players.c.id).where(
            sessions.c.secret_hash == secret_hash,
            sessions.c.created_at > utcnow() - SESSION_AGE,
        )
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        return None if r is None else _player(r)

    def by_id(self, player_id: str) -> PlayerRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(_PLAYER.where(players.c.id == player_id)).first()
        return None if r is None else _player(r)

    def by_username(self, key: str) -> PlayerRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(_PLAYER.where(players.c.username_key == key)).first()
        return None if r is None else _player(r)

    def stats(self, player_id: str, private_too: bool) -> list[StatsRow]:
        """Sums of the player's results per rule set (public games only unless
        ``private_too``). A game the player left is a loss, whatever the bots made
        of the seat (World of Card Games counts leaving as a loss), and is out of
        the hands and the averages. A practice game (played offline) is in none:
        the browser keeps its own statistics of those."""
        played = sa.not_(results.c.left)
        one = sa.literal(1)
        query = (
            sa.select(
                results.c.rules,
                results.c.family,
                sa.func.count(),
                sa.func.sum(sa.case((sa.and_(played, results.c.won), one), else_=0)),
                sa.func.sum(
                    sa.case((sa.or_(results.c.left, sa.not_(results.c.won)), one), else_=0)
                ),
                sa.func.sum(sa.case((results.c.left, one), else_=0)),
                sa.func.sum(sa.case((played, results.c.hands), else_=0)),
                sa.func.sum(sa.case((played, results.c.hand_points), else_=0)),
                sa.func.sum(sa.case((played, results.c.score), else_=0)),
                sa.func.sum(results.c.contracts_made),
                sa.func.sum(results.c.contracts_set),
                sa.func.sum(results.c.moons_shot),
                sa.func.sum(results.c.moons_suffered),
            )
            .where(results.c.player_id == player_id, sa.not_(results.c.practice))
            .group_by(results.c.rules, results.c.family)
            .order_by(results.c.rules)
        )
        if not private_too:
            query = query.where(results.c.public)
        out = []
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                n = [int(x or 0) for x in r[2:]]
                out.append(
                    StatsRow(
                        rules=r[0],
                        family=r[1],
                        games=n[0],
                        wins=n[1],
                        losses=n[2],
                        left=n[3],
                        hands=n[4],
                        hand_points=n[5],
                        game_points=n[6],
                        played=n[0] - n[3],
                        contracts_made=n[7],
                        contracts_set=n[8],
                        moons_shot=n[9],
                        moons_suffered=n[10],
                    )
                )
        return out

    def ratings(self, player_id: str) -> list[RatingRow]:
        query = ratings.select().where(ratings.c.player_id == player_id).order_by(ratings.c.family)
        with self.engine.connect() as conn:
            return [
                RatingRow(r.family, Rating(r.mu, r.sigma), r.games, float(r.evidence))
                for r in conn.execute(query)
            ]

    def rating_history(
        self, player_id: str, family: str, private_too: bool
    ) -> list[tuple[str | None, datetime, Rating]]:
        """(table, when, rating after) of the newest rated games, oldest first; the
        table of a private game is left out (``None``) unless ``private_too``."""
        query = (
            sa.select(
                rating_history.c.table_id,
                rating_history.c.at,
                rating_history.c.mu,
                rating_history.c.sigma,
                tables.c.public,
            )
            .join(tables, tables.c.id == rating_history.c.table_id)
            .where(rating_history.c.player_id == player_id, rating_history.c.family == family)
            .order_by(rating_history.c.at.desc(), rating_history.c.table_id)
            .limit(MAX_RATING_POINTS)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            (r[0] if private_too or r[4] else None, r[1], Rating(r[2], r[3]))
            for r in reversed(rows)
        ]

    def games(
        self, player_id: str, private_too: bool, limit: int, offset: int
    ) -> tuple[int, list[GameRow]]:
        """The player's finished games, newest first (public ones only unless
        ``private_too``), each with its final totals and who sat where."""
        where = results.c.player_id == player_id
        if not private_too:
            where = sa.and_(where, results.c.public)
        return self._games(where, limit, offset)

    def unclaimed_games(self, name: str, limit: int, offset: int) -> tuple[int, list[GameRow]]:
        """The public games finished before identities (no player) under ``name``,
        newest first, as :meth:`games` lists a player's."""
        where = sa.and_(results.c.name == name, results.c.player_id.is_(None), results.c.public)
        return self._games(where, limit, offset)

    def _games(self, where: Any, limit: int, offset: int) -> tuple[int, list[GameRow]]:
        """The one query of a games list: how many results match ``where``, and
        ``limit`` of them from ``offset``, newest first, with who sat where."""
        query = (
            sa.select(
                results.c.table_id,
                results.c.rules,
                results.c.family,
                results.c.finished_at,
                results.c.seat,
                results.c.score,
                results.c.won,
                results.c.left,
                results.c.public,
                results.c.practice,
                records.c.scores,
            )
            .join(records, records.c.table_id == results.c.table_id)
            .where(where)
            .order_by(results.c.finished_at.desc(), results.c.table_id, results.c.seat)
            .limit(limit)
            .offset(offset)
        )
        with self.engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).where(where)).scalar_one()
            rows = conn.execute(query).all()
            table_ids = sorted({r.table_id for r in rows})
            by_table: dict[str, list[GameSeat]] = {}
            for s in conn.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.name,
                          seats.c.player_id)
                .where(seats.c.table_id.in_(table_ids))
                .order_by(seats.c.table_id, seats.c.seat)
            ):  # fmt: skip
                by_table.setdefault(s.table_id, []).append(
                    GameSeat(s.seat, s.kind, s.name, s.player_id)
                )
        games = [
            GameRow(
                table_id=r.table_id,
                rules=r.rules,
                family=r.family,
                finished_at=r.finished_at,
                seat=r.seat,
                score=r.score,
                won=bool(r.won),
                left=bool(r.left),
                public=bool(r.public),
                final_scores=[int(x) for x in r.scores or []],
                seats=by_table.get(r.table_id, []),
                practice=bool(r.practice),
            )
            for r in rows
        ]
        return int(total), games

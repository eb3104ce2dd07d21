"""The finished games' repository: a game's end (its record, final scores and one
result per human seat), its record read back, and the statistics of a name's
unclaimed games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from crowsnest.server.models.http import GameStats, PlayerStats
from crowsnest.server.store.rows import ResultRow, utcnow
from crowsnest.server.store.schema import actions, records, results, seat_log, seats, tables


class ResultsRepo:
    """Finished games (part of :class:`~crowsnest.server.store.store.Store`)."""

    engine: Engine

    @staticmethod
    def finish(
        conn: Connection,
        table_id: str,
        record: dict[str, Any],
        result_rows: Sequence[ResultRow],
        scores: Sequence[int] = (),
    ) -> None:
        """A game is over: its record, its final totals (``scores``) and one result
        per human seat (with the seat's player, the table's publicity and whether the
        player left, read from the stored rows). Its ratings are
        :func:`crowsnest.server.store.rating.rate_finished`'s."""
        now = utcnow()
        conn.execute(
            tables.update().where(tables.c.id == table_id).values(status="over", finished_at=now)
        )
        conn.execute(
            records.insert().values(
                table_id=table_id, record=record, finished_at=now, scores=list(scores)
            )
        )
        if not result_rows:
            return
        public = conn.execute(sa.select(tables.c.public).where(tables.c.id == table_id)).scalar()
        players, left = players_and_leavers(conn, table_id)
        conn.execute(
            results.insert(),
            [
                {
                    "table_id": table_id,
                    "seat": r.seat,
                    "name": r.name,
                    "family": r.family,
                    "rules": r.rules,
                    "score": r.score,
                    "won": r.won,
                    "contracts_made": r.contracts_made,
                    "contracts_set": r.contracts_set,
                    "finished_at": now,
                    "player_id": players.get(r.seat),
                    "public": bool(public),
                    "left": r.seat in left,
                    "hands": r.hands,
                    "hand_points": r.hand_points,
                    "moons_shot": r.moons_shot,
                    "moons_suffered": r.moons_suffered,
                }
                for r in result_rows
            ],
        )

    def record(self, table_id: str) -> dict[str, Any] | None:
        """A finished game's record. One written before records stated their
        ``end`` states the final scores stored with it (``records.scores``), so that
        ``crowsnest verify`` can check the game against them."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(records.c.record, records.c.scores).where(records.c.table_id == table_id)
            ).first()
        if row is None:
            return None
        value = dict(row.record)
        if "end" not in value and row.scores:
            value["end"] = {"scores": [int(x) for x in row.scores]}
        return value

    def stats(self, name: str) -> PlayerStats:
        """The unclaimed games of ``name`` (finished before players had identities):
        games, wins, average final score and contracts made/set, in all and by game."""
        query = (
            sa.select(
                results.c.family,
                sa.func.count(),
                sa.func.sum(sa.case((results.c.won, 1), else_=0)),
                sa.func.avg(results.c.score),
                sa.func.sum(results.c.contracts_made),
                sa.func.sum(results.c.contracts_set),
            )
            .where(results.c.name == name, results.c.player_id.is_(None))
            .group_by(results.c.family)
        )
        by_game: dict[str, GameStats] = {}
        with self.engine.connect() as conn:
            for family, games, wins, avg, made, went_set in conn.execute(query):
                by_game[family] = GameStats(
                    games=games,
                    wins=int(wins or 0),
                    average_score=None if avg is None else round(float(avg), 2),
                    contracts_made=int(made or 0),
                    contracts_set=int(went_set or 0),
                )
        games = sum(g.games for g in by_game.values())
        total = sum((g.average_score or 0) * g.games for g in by_game.values())
        return PlayerStats(
            name=name,
            games=games,
            wins=sum(g.wins for g in by_game.values()),
            average_score=round(total / games, 2) if games else None,
            contracts_made=sum(g.contracts_made for g in by_game.values()),
            contracts_set=sum(g.contracts_set for g in by_game.values()),
            by_game=by_game,
        )


def players_and_leavers(conn: Connection, table_id: str) -> tuple[dict[int, str], set[int]]:
    """The player of each claimed seat, and the seats whose player left: those
    with a ``left`` fact in the table's log (Leave), and those whose last action
    was a bot's (the player was gone past the grace period and not back by the end)."""
    rows = conn.execute(
        sa.select(seats.c.seat, seats.c.player_id, seats.c.kind).where(seats.c.table_id == table_id)
    ).all()
    leavers = set(
        conn.execute(
            sa.select(seat_log.c.seat).where(
                seat_log.c.table_id == table_id, seat_log.c.kind == "left"
            )
        ).scalars()
    )
    last = (
        sa.select(sa.func.max(actions.c.seq))
        .where(actions.c.table_id == table_id)
        .group_by(actions.c.seat)
    )
    last_by = dict(
        conn.execute(
            sa.select(actions.c.seat, actions.c.by).where(
                actions.c.table_id == table_id, actions.c.seq.in_(last)
            )
        ).all()
    )
    players = {r.seat: r.player_id for r in rows if r.player_id is not None}
    left = {
        r.seat
        for r in rows
        if r.kind == "human" and (r.seat in leavers or last_by.get(r.seat) == "bot")
    }
    return players, left

"""The hand reviews' repository: a seat's review of a hand stored, the reviews
queued and not done yet. (Each seat's choice to have its hands reviewed is a fact
of the table's log: :class:`~crowsnest.server.table.log.ReviewChoice`.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.engine import Connection, Engine

from crowsnest.server.store.rows import utcnow
from crowsnest.server.store.schema import pending_reviews, reviews


class ReviewsRepo:
    """Hand reviews (part of :class:`~crowsnest.server.store.store.Store`)."""

    engine: Engine

    @staticmethod
    def save_review(
        conn: Connection, table_id: str, hand_number: int, seat: int, review: dict[str, Any]
    ) -> None:
        """A seat's review of a hand (a second one for the same hand replaces it)."""
        key = (
            reviews.c.table_id == table_id,
            reviews.c.hand_number == hand_number,
            reviews.c.seat == seat,
        )
        conn.execute(reviews.delete().where(*key))
        conn.execute(
            reviews.insert().values(
                table_id=table_id,
                hand_number=hand_number,
                seat=seat,
                review=review,
                created_at=utcnow(),
            )
        )
        ReviewsRepo.unqueue_review(conn, table_id, hand_number, seat)

    @staticmethod
    def queue_reviews(
        conn: Connection, table_id: str, hand_number: int, seats: Sequence[int]
    ) -> None:
        """Reviews of a hand queued (for the seats ``seats``): until stored or given up."""
        for seat in seats:
            ReviewsRepo.unqueue_review(conn, table_id, hand_number, seat)
            conn.execute(
                pending_reviews.insert().values(
                    table_id=table_id, hand_number=hand_number, seat=seat, queued_at=utcnow()
                )
            )

    @staticmethod
    def unqueue_review(conn: Connection, table_id: str, hand_number: int, seat: int) -> None:
        conn.execute(
            pending_reviews.delete().where(
                pending_reviews.c.table_id == table_id,
                pending_reviews.c.hand_number == hand_number,
                pending_reviews.c.seat == seat,
            )
        )

    def reviews(
        self, table_id: str, hand_number: int | None, seat: int | None
    ) -> list[tuple[int, int, dict[str, Any]]]:
        """(hand number, seat, review) of a table's stored reviews, by hand then seat:
        those of hand ``hand_number`` and of ``seat`` only, when given."""
        query = reviews.select().where(reviews.c.table_id == table_id)
        if hand_number is not None:
            query = query.where(reviews.c.hand_number == hand_number)
        if seat is not None:
            query = query.where(reviews.c.seat == seat)
        query = query.order_by(reviews.c.hand_number, reviews.c.seat)
        with self.engine.connect() as conn:
            return [(r.hand_number, r.seat, dict(r.review)) for r in conn.execute(query)]

    def pending_reviews(self) -> list[tuple[str, int, int]]:
        """(table id, hand number, seat) of every review queued and not done, oldest
        first."""
        query = pending_reviews.select().order_by(
            pending_reviews.c.queued_at, pending_reviews.c.table_id, pending_reviews.c.hand_number
        )
        with self.engine.connect() as conn:
            return [(r.table_id, r.hand_number, r.seat) for r in conn.execute(query)]

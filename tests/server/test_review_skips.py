"""The reviewer's paths that end without a review, in process with a real
store: each tells the seat's player none will come (``review_skipped``), leaves
nothing on its way (``pending``) and nothing queued for the next start."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from crowsnest.ai.base import concrete, random_cards
from crowsnest.ai.review import review
from crowsnest.engine import Choose, new_game
from crowsnest.server.faces.access import token_hash
from crowsnest.server.live.review import Reviewer, read_reviews
from crowsnest.server.live.tables import LiveTable
from crowsnest.server.models.common import PROTOCOL_VERSION
from crowsnest.server.store.journal import Journal
from crowsnest.server.store.rows import SeatRow
from crowsnest.server.store.store import Store
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.bots import BotRunner, ReviewsBusy
from crowsnest.server.table.log import Claimed
from server.test_server_store import table_row


class Bots(BotRunner):
    """A review pool that answers ``answer`` (an exception is raised)."""

    def __init__(self, answer: object) -> None:
        super().__init__(workers=1)
        self.answer = answer

    async def review(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        if isinstance(self.answer, BaseException):
            raise self.answer
        assert self.answer is None or isinstance(self.answer, dict)
        return self.answer


class Seat:
    """A connected seat (of protocol ``version``): what it was sent."""

    def __init__(self, version: int = PROTOCOL_VERSION) -> None:
        self.sent: list[str] = []
        self.version = version

    def push(self, text: str) -> None:
        self.sent.append(text)


class Live:
    def __init__(self, seat: Seat) -> None:
        self.audience = type("Audience", (), {"seats": {0: seat}})()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'crowsnest.db'}")
    store.migrate()
    with store.begin() as conn:
        seats = [SeatRow(0, "human", "Ann", "a" * 64)]
        Store.create_table(
            conn, table_row(), seats + [SeatRow(i, "bot", "easy", None) for i in (1, 2, 3)]
        )
    try:
        yield store
    finally:
        store.close()


def run(
    store: Store, answer: object, version: int = PROTOCOL_VERSION
) -> tuple[Reviewer, list[str]]:
    seat = Seat(version)

    async def main() -> Reviewer:
        writer = Writer(store)
        try:
            live = cast(LiveTable, Live(seat))
            reviewer = Reviewer(Bots(answer), store, Journal(writer), 4, lambda _: live)
            reviewer.pending.add(("t1", 0, 0))
            await reviewer._review("t1", new_game("hearts", seed=1).record(), 0, [0])
            return reviewer
        finally:
            writer.close()

    return asyncio.run(main()), seat.sent


@pytest.mark.parametrize(
    ("answer", "reason"),
    [(ReviewsBusy("full"), "busy"), (RuntimeError("boom"), "failed"), (None, "own_none")],
)
def test_a_review_that_will_not_come_is_said_so(store: Store, answer: object, reason: str) -> None:
    reviewer, sent = run(store, answer)
    assert sent == [f'{{"type":"review_skipped","hand_number":0,"reason":"{reason}"}}']
    assert reviewer.pending_of("t1") == frozenset()
    assert store.pending_reviews() == []
    assert store.reviews("t1", None, None) == []


def test_an_older_client_is_not_told_of_a_skipped_review(store: Store) -> None:
    """`review_skipped` is protocol version 3: a version 2 client would not know it
    (the review is still given up, and nothing else is sent)."""
    reviewer, sent = run(store, RuntimeError("boom"), version=2)
    assert sent == []
    assert reviewer.pending_of("t1") == frozenset() and store.pending_reviews() == []


def test_a_review_done_is_stored_and_no_longer_queued(store: Store) -> None:
    review: dict[str, Any] = {"decisions": []}
    reviewer, sent = run(store, review)
    assert sent == ['{"type":"review_ready","hand_number":0}']
    assert store.reviews("t1", None, None) == [(0, 0, review)]
    assert store.pending_reviews() == [] and reviewer.pending_of("t1") == frozenset()


def test_a_review_stored_while_its_task_still_counts_it_is_said_once_stored(
    tmp_path: Path,
) -> None:
    """A reader between a review's write and its task's letting it go (the reviews
    read after the ``pending`` snapshot): the hand is in ``reviews``, not also in
    ``pending`` (a chance failure of tests/server/test_review_recovery.py saw both)."""
    store = Store(f"sqlite:///{tmp_path / 'crowsnest.db'}")
    store.migrate()
    try:
        with store.begin() as conn:
            seats = [SeatRow(0, "human", None, None)]
            bots = [SeatRow(i, "bot", "easy", None) for i in (1, 2, 3)]
            Store.create_table(conn, table_row(status="playing"), seats + bots)
            Store.append_facts(conn, "t1", 0, [Claimed(0, "Ann", token_hash("ann-token"))])
        game = new_game("hearts", seed=1)
        while game.hand_number == 0:
            seat = min(game.actors)
            game.apply(seat, first_action(game, seat))
        done = review(game.record(), 0, worlds=2, nodes=500).to_json()
        on_its_way = frozenset({(0, 0), (1, 0)})  # as the task held them before the write
        before = read_reviews(store, "t1", None, None, "ann-token", None, True, on_its_way)
        assert before.pending == [0, 1] and before.reviews == []
        with store.begin() as conn:
            Store.save_review(conn, "t1", 0, 0, done)
        after = read_reviews(store, "t1", None, None, "ann-token", None, True, on_its_way)
        assert [r.hand_number for r in after.reviews] == [0]
        assert after.pending == [1]  # hand 0 said once: stored
        one = read_reviews(store, "t1", 1, None, "ann-token", None, True, on_its_way)
        assert one.pending == [1] and one.reviews == []
    finally:
        store.close()


def first_action(game: Any, seat: int) -> Any:
    """A seat's first legal action (a pass: random cards, the same every time)."""
    legal = game.legal_actions(seat)[0]
    if isinstance(legal, Choose):
        return concrete(legal, random_cards(legal, random.Random(seat)))
    return legal

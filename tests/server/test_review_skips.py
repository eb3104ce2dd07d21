"""The reviewer's paths that end without a review (issue 17), in process with a real
store: each tells the seat's player none will come (``review_skipped``), leaves
nothing on its way (``pending``) and nothing queued for the next start."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from crowsnest.engine import new_game
from crowsnest.server.bots import BotRunner, ReviewsBusy
from crowsnest.server.journal import Journal
from crowsnest.server.registry import LiveTable
from crowsnest.server.review import Reviewer
from crowsnest.server.schemas import PROTOCOL_VERSION
from crowsnest.server.store import SeatRow, Store, Writer
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
    assert reviewer.pending_hands("t1", 0) == []
    assert store.pending_reviews() == []
    assert store.reviews("t1", None, None) == []


def test_an_older_client_is_not_told_of_a_skipped_review(store: Store) -> None:
    """`review_skipped` is protocol version 3: a version 2 client would not know it
    (the review is still given up, and nothing else is sent)."""
    reviewer, sent = run(store, RuntimeError("boom"), version=2)
    assert sent == []
    assert reviewer.pending_hands("t1", 0) == [] and store.pending_reviews() == []


def test_a_review_done_is_stored_and_no_longer_queued(store: Store) -> None:
    review: dict[str, Any] = {"decisions": []}
    reviewer, sent = run(store, review)
    assert sent == ['{"type":"review_ready","hand_number":0}']
    assert store.reviews("t1", None, None) == [(0, 0, review)]
    assert store.pending_reviews() == [] and reviewer.pending_hands("t1", None) == []

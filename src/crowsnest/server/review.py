"""Hand reviews at the server (issue 17): when a hand ends at a table, each human
seat's decisions of that hand are judged by the Hard search
(:mod:`crowsnest.ai.review`) in the bots' review pool, stored, and the seat is told
(``review_ready``); ``GET /api/tables/{id}/review`` reads them.

The table never waits for a review: :meth:`Reviewer.seen` only starts a task, which
runs the review in :meth:`~crowsnest.server.bots.BotRunner.review` (one process at
nice 19, at most ``review_queue`` at once: beyond, the review is skipped and logged,
``review_skipped``), writes it and tells the seat. A failure is logged
(``review_failed``) and changes nothing else. Only the decisions the player took are
judged: not a bot's that sat in for them, nor a bot seat's.

Who reads what (:func:`read_reviews`): while the game runs, a seat's own reviews
with its seat token, without hindsight (the face-up search uses the other hands and,
in Rook, the nest's discards, which the player has not seen); once the game is over,
anyone who may read the game's record reads every human seat's reviews, hindsight
included (the replay shows every hand then).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from crowsnest.server.access import check_reader, matches
from crowsnest.server.bots import BotRunner, ReviewsBusy
from crowsnest.server.journal import Journal
from crowsnest.server.logs import table_event
from crowsnest.server.registry import LiveTable
from crowsnest.server.schemas import HandReview, ReviewReadyMessage, Reviews, StateMessage
from crowsnest.server.store import Store
from crowsnest.server.table import Outcome, TableError


def hands_ended(out: Outcome) -> set[int]:
    """The hand numbers the ``hand_end`` events of ``out``'s state messages name."""
    found: set[int] = set()
    for _target, message in out.out:
        if isinstance(message, StateMessage):
            for event in message.events:
                if event.get("type") == "hand_end":
                    found.add(int(event["hand_number"]))
    return found


class Reviewer:
    """Starts a review of each human seat's decisions when a hand ends at a table;
    ``worlds`` sampled per decision (0: reviews are off at this server)."""

    def __init__(
        self,
        bots: BotRunner,
        store: Store,
        journal: Journal,
        worlds: int,
        live_table: Callable[[str], LiveTable | None],
    ) -> None:
        self.bots = bots
        self.store = store
        self.journal = journal
        self.worlds = worlds
        self.live_table = live_table
        self._done: dict[str, int] = {}
        """Per table: hands it had finished at its last commit seen here."""
        self._tasks: set[asyncio.Task[None]] = set()

    def seen(self, live: LiveTable, out: Outcome) -> None:
        """``out`` was committed at ``live``: if it ended a hand, review it (in the
        background). Call under the table's lock, so the record is the one committed."""
        if self.worlds <= 0 or out.accepted is None:
            return
        table = live.table
        game = table.game
        done = len(game.results)
        before = self._done.get(table.id)
        self._done[table.id] = done
        if before is None:
            hands = hands_ended(out)  # the table's first action seen by this process
        else:
            hands = {game.start_hand + i for i in range(before, done)}
        if out.finished:
            self._done.pop(table.id, None)
        seats = [i for i, s in enumerate(table.seats) if s.kind == "human" and s.token_hash]
        if not hands or not seats:
            return
        record = table.record()
        for hand in sorted(hands):
            task = asyncio.get_running_loop().create_task(
                self._review(table.id, record, hand, seats)
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _review(
        self, table_id: str, record: dict[str, Any], hand: int, seats: Sequence[int]
    ) -> None:
        try:
            log = await asyncio.to_thread(self.store.actions, table_id)
            for seat in seats:
                steps = [a.seq - 1 for a in log if a.seat == seat and a.by == "human"]
                try:
                    review = await self.bots.review(record, seat, [hand], self.worlds, steps)
                except ReviewsBusy:
                    table_event("review_skipped", table_id, logging.WARNING, hand=hand, seat=seat)
                    continue

                def write(conn: Any, seat: int = seat, review: dict[str, Any] = review) -> None:
                    Store.save_review(conn, table_id, hand, seat, review)

                await self.journal.write(write)
                table_event("review_stored", table_id, hand=hand, seat=seat)
                live = self.live_table(table_id)
                conn = None if live is None else live.audience.seats.get(seat)
                if conn is not None:
                    conn.push(ReviewReadyMessage(hand_number=hand).model_dump_json())
        except asyncio.CancelledError:
            raise
        except Exception:
            table_event("review_failed", table_id, logging.ERROR, hand=hand, exc_info=True)

    async def wait(self) -> None:
        """Until every review started so far is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task


def read_reviews(
    store: Store,
    table_id: str,
    hand: int | None,
    seat: int | None,
    token: str | None,
    invite: str | None,
    reviewing: bool = True,
) -> Reviews:
    """The stored reviews of ``table_id`` the caller may read (see the module's
    docstring): of hand ``hand`` and seat ``seat`` only, when given."""
    row = store.table(table_id)
    if row is None:
        raise TableError("table_not_found", "no table has this id")
    seats = store.seat_rows(table_id)
    over = row.status == "over"
    if over:
        check_reader(row, seats, invite, token)
    else:
        if token is None:
            raise TableError(
                "no_token",
                "a game in play: send your seat token as 'Authorization: Bearer ...'",
            )
        own = [s.seat for s in seats if matches(token, s.token_hash)]
        if not own:
            raise TableError("bad_token", "this token holds no seat at this table")
        if seat is not None and seat != own[0]:
            raise TableError(
                "not_your_review",
                f"seat {seat}'s review is its player's until the game is over",
            )
        seat = own[0]
    found = []
    for hand_number, seat_number, review in store.reviews(table_id, hand, seat):
        if not over:
            review = {
                **review,
                "decisions": [{**d, "hindsight": None} for d in review["decisions"]],
            }
        item = {"hand_number": hand_number, "seat": seat_number, "review": review}
        found.append(HandReview.model_validate(item))
    return Reviews(
        table_id=table_id, status=row.status, hindsight=over, reviewing=reviewing, reviews=found
    )

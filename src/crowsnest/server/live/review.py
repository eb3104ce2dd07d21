"""Hand reviews at the server: when a hand ends at a table, each human
seat's decisions of that hand are judged by the Hard search
(:mod:`crowsnest.ai.review`) in the bots' review pool, stored, and the seat is told
(``review_ready``); ``GET /api/tables/{id}/review`` reads them.

The table never waits for a review: :meth:`Reviewer.seen` only starts a task, which
runs the review in :meth:`~crowsnest.server.table.bots.BotRunner.review` (one process at
nice 19, at most ``review_queue`` at once), writes it and tells the seat. Only the
decisions the player took are judged: not a bot's that sat in for them, nor a bot
seat's; a seat whose player turned reviews off (``PUT /api/tables/{id}/review``,
a :class:`~crowsnest.server.table.log.ReviewChoice` in the table's log) is not
reviewed at all.

Reviews wait their turn in a line shared fairly between client addresses
(:mod:`crowsnest.server.live.review_line`): one review at a time goes to the pool, each
address in turn, each holding at most ``review_share`` waiting or computed, so a
flood of reviews from one address delays or skips only its own.

No review will come, and the seat is told so (``review_skipped`` with a reason):
its player turned them off (``off``), too many were waiting (``busy``: its
client's share was full, or the line was and its client held no less than any), the review
failed (``failed``, logged ``review_failed``), or a bot took every decision of the
seat in that hand (``own_none``). ``GET .../review`` lists the hands whose review
is still on its way (``pending``), so a client that missed a message knows too.

A review queued is written to ``pending_reviews`` until it is stored or given up;
when the server starts, :meth:`Reviewer.recover` queues those again, one at a time
(never more than one of them waiting in the review pool beside the new ones): a
review the stopped server did not finish is not lost.

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
import time
from collections.abc import Callable, Collection, Coroutine, Hashable, Mapping, Sequence
from typing import Any, Final, Literal

from crowsnest.server.faces.access import check_reader, matches
from crowsnest.server.live.review_line import FairLine, LineFull
from crowsnest.server.live.tables import LiveTable, stop_all
from crowsnest.server.models.review import HandReview, ReviewChoiceSet, Reviews
from crowsnest.server.models.server_messages import (
    ReviewReadyMessage,
    ReviewSkippedMessage,
    StateMessage,
)
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.ops.logs import server_event, table_event
from crowsnest.server.store.journal import Journal
from crowsnest.server.store.store import Store
from crowsnest.server.table.bots import BotRunner, ReviewsBusy
from crowsnest.server.table.log import ReviewChoice
from crowsnest.server.table.parts import Outcome, TableError


def hands_ended(out: Outcome) -> set[int]:
    """The hand numbers the ``hand_end`` events of ``out``'s state messages name."""
    found: set[int] = set()
    for _target, message in out.messages:
        if isinstance(message, StateMessage):
            for event in message.events:
                if event.get("type") == "hand_end":
                    found.add(int(event["hand_number"]))
    return found


SkipReason = Literal["off", "busy", "failed", "own_none"]
CHOICE_RATE: Final = 1.0
"""Review choices (on, off) a second one seat may send, on average."""
CHOICE_BURST: Final = 5
AT_ONCE: Final = 1
"""Reviews handed to the review pool (one process) at once; the others wait their
turn in the :class:`~crowsnest.server.live.review_line.FairLine`."""


def own_seat(store: Store, table_id: str, token: str | None) -> int:
    """The seat of ``table_id`` that ``token`` holds (``table_not_found``,
    ``no_token``, ``bad_token``)."""
    if store.table(table_id) is None:
        raise TableError("table_not_found", "no table has this id")
    if token is None:
        raise TableError("no_token", "send your seat token as 'Authorization: Bearer ...'")
    own = [s.seat for s in store.seat_rows(table_id) if matches(token, s.token_hash)]
    if not own:
        raise TableError("bad_token", "this token holds no seat at this table")
    return own[0]


class Reviewer:
    """Starts a review of each human seat's decisions when a hand ends at a table;
    ``worlds`` sampled per decision (0: reviews are off at this server), Hearts
    hindsight within ``nodes`` positions a decision."""

    def __init__(
        self,
        bots: BotRunner,
        store: Store,
        journal: Journal,
        worlds: int,
        live_table: Callable[[str], LiveTable | None],
        nodes: int | None = None,
        share: int = 8,
        capacity: int = 16,
    ) -> None:
        self.bots = bots
        self.store = store
        self.journal = journal
        self.worlds = worlds
        self.live_table = live_table
        self.nodes = nodes
        self._done: dict[str, int] = {}
        """Per table: hands it had finished at its last commit seen here."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.pending: set[tuple[str, int, int]] = set()
        """(table id, hand, seat) of each review queued or running here."""
        self.choices = KeyedLimit(CHOICE_RATE, CHOICE_BURST)
        self.line = FairLine(AT_ONCE, share, capacity)
        """Where reviews wait their turn, each client address its share."""
        self.clients: dict[tuple[str, int], str] = {}
        """(table id, seat): the address of the seat's player, as last connected."""

    def seen(self, live: LiveTable, out: Outcome) -> None:
        """``out`` was committed at ``live``: if it ended a hand, review it (in the
        background). Call under the table's lock, so the record is the one committed."""
        if self.worlds <= 0 or out.accepted is None:
            return
        table = live.table
        for seat_no, conn in live.audience.seats.items():
            if conn.client is not None:
                self.clients[(table.id, seat_no)] = conn.client
        game = table.game
        done = len(game.results)
        before = self._done.get(table.id)
        self._done[table.id] = done
        if before is None:
            hands = hands_ended(out)  # the table's first action seen by this process
        else:
            hands = {game.start_hand + i for i in range(before, done)}
        seats = [i for i, s in enumerate(table.seats) if s.kind == "human" and s.token_hash]
        clients = {s: self.client_of(table.id, s) for s in seats}
        if out.finished:
            self._done.pop(table.id, None)
            for seat_no in range(4):
                self.clients.pop((table.id, seat_no), None)
        if not hands or not seats:
            return
        record = table.record()
        for hand in sorted(hands):
            # on its way from now on: a summary that asks at once is told so
            self.pending.update((table.id, hand, seat) for seat in seats)
            self._start(self._review(table.id, record, hand, seats, clients=clients))

    def client_of(self, table_id: str, seat: int) -> Hashable:
        """Whose share of the line a seat's review takes: its player's address as
        last connected; without one (a restart, a player never connected here), the
        table's own."""
        return self.clients.get((table_id, seat), ("table", table_id))

    def _start(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def recover(self) -> None:
        """At start: queue again, one at a time (never more than one of them waiting
        in the review pool beside the new ones), the reviews a stopped server had
        queued and not finished (``pending_reviews``)."""
        if self.worlds <= 0:
            return
        rows = await asyncio.to_thread(self.store.pending_reviews)
        if not rows:
            return
        by_hand: dict[tuple[str, int], list[int]] = {}
        for table_id, hand, seat in rows:
            by_hand.setdefault((table_id, hand), []).append(seat)
            self.pending.add((table_id, hand, seat))
        server_event("reviews_recovered", reviews=len(rows))
        self._start(self._recover(by_hand))

    async def _recover(self, by_hand: dict[tuple[str, int], list[int]]) -> None:
        for (table_id, hand), seats in by_hand.items():
            live = self.live_table(table_id)
            if live is not None:
                record: dict[str, Any] | None = live.table.record()
            else:
                record = await asyncio.to_thread(self.store.record, table_id)
            if record is None:  # pragma: no cover - a table always has one or the other
                continue
            await self._review(table_id, record, hand, seats, queued=True)

    async def _review(
        self,
        table_id: str,
        record: dict[str, Any],
        hand: int,
        seats: Sequence[int],
        queued: bool = False,
        clients: Mapping[int, Hashable] | None = None,
    ) -> None:
        """Review ``hand`` for each of ``seats`` whose player wants it (``queued``:
        already in ``pending_reviews``, from before a restart), each in the share
        of the line of its client (``clients``: by seat)."""
        try:
            facts = await asyncio.to_thread(self.store.seat_facts, table_id)
            wanted = [s for s in seats if 0 <= s < 4 and facts[s].reviews]
            off = [s for s in seats if s not in wanted]  # their players turned reviews off
            for seat in off:
                self._drop(table_id, hand, seat)
                table_event("review_off", table_id, hand=hand, seat=seat)
                self._tell(table_id, seat, ReviewSkippedMessage(hand_number=hand, reason="off"))
            if queued and off:

                def unqueue(conn: Any) -> None:
                    for seat in off:
                        Store.unqueue_review(conn, table_id, hand, seat)

                await self.journal.write(unqueue)
            if not queued and wanted:
                await self.journal.write(
                    lambda conn: Store.queue_reviews(conn, table_id, hand, wanted)
                )
                table_event("review_queued", table_id, hand=hand, seats=wanted)
            self.pending.update((table_id, hand, seat) for seat in wanted)
            log = await asyncio.to_thread(self.store.actions, table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            table_event("review_failed", table_id, logging.ERROR, hand=hand, exc_info=True)
            for seat in seats:
                self._drop(table_id, hand, seat)
                self._tell(table_id, seat, ReviewSkippedMessage(hand_number=hand, reason="failed"))
            return
        for seat in wanted:
            client = (clients or {}).get(seat) or self.client_of(table_id, seat)
            await self._review_seat(table_id, record, hand, seat, log, client)

    async def _review_seat(
        self,
        table_id: str,
        record: dict[str, Any],
        hand: int,
        seat: int,
        log: Sequence[Any],
        client: Hashable,
    ) -> None:
        steps = [a.seq - 1 for a in log if a.seat == seat and a.by == "human"]
        try:
            try:
                async with self.line.slot(client):
                    review = await self.bots.review(
                        record, seat, [hand], self.worlds, steps, self.nodes
                    )
            except (ReviewsBusy, LineFull):
                table_event("review_skipped", table_id, logging.WARNING, hand=hand, seat=seat)
                await self._skipped(table_id, hand, seat, "busy")
                return
            if review is None:  # a bot took every decision of the seat in this hand
                table_event("review_skipped", table_id, hand=hand, seat=seat, reason="own_none")
                await self._skipped(table_id, hand, seat, "own_none")
                return

            def write(conn: Any, review: dict[str, Any] = review) -> None:
                Store.save_review(conn, table_id, hand, seat, review)

            await self.journal.write(write)
            self._drop(table_id, hand, seat)
            table_event("review_stored", table_id, hand=hand, seat=seat)
            self._tell(table_id, seat, ReviewReadyMessage(hand_number=hand))
        except asyncio.CancelledError:
            raise
        except Exception:
            table_event("review_failed", table_id, logging.ERROR, hand=hand, exc_info=True)
            with contextlib.suppress(Exception):
                await self._skipped(table_id, hand, seat, "failed")

    async def _skipped(self, table_id: str, hand: int, seat: int, reason: SkipReason) -> None:
        """No review of ``hand`` will come for ``seat``: say so to its player."""
        self._drop(table_id, hand, seat)
        self._tell(table_id, seat, ReviewSkippedMessage(hand_number=hand, reason=reason))
        await self.journal.write(lambda conn: Store.unqueue_review(conn, table_id, hand, seat))

    def _drop(self, table_id: str, hand: int, seat: int) -> None:
        self.pending.discard((table_id, hand, seat))

    def _tell(
        self, table_id: str, seat: int, message: ReviewReadyMessage | ReviewSkippedMessage
    ) -> None:
        live = self.live_table(table_id)
        conn = None if live is None else live.audience.seats.get(seat)
        # `review_skipped` is version 3: an older client would not know the message.
        old = isinstance(message, ReviewSkippedMessage) and conn is not None and conn.version < 3
        if conn is not None and not old:
            conn.push(message.model_dump_json())

    async def choose(self, table_id: str, token: str | None, on: bool) -> ReviewChoiceSet:
        """The player of the seat ``token`` holds turns the review of its hands on or
        off (``no_token``, ``bad_token``, ``table_not_found``; ``rate_limited`` past
        :data:`CHOICE_RATE` a second per seat)."""
        seat = await asyncio.to_thread(own_seat, self.store, table_id, token)
        key = (table_id, seat)
        now = time.monotonic()
        if not self.choices.take(key, now):
            wait = self.choices.retry_after(key, now)
            raise TableError("rate_limited", "too many review choices for this seat; wait", wait)
        choice = ReviewChoice(seat, on)

        def write(conn: Any) -> None:
            Store.append_facts(conn, table_id, Store.last_seq(conn, table_id), [choice])

        await self.journal.write(write)
        table_event("review_choice", table_id, seat=seat, on=on)
        return ReviewChoiceSet(table_id=table_id, seat=seat, on=on)

    def pending_of(self, table_id: str) -> frozenset[tuple[int, int]]:
        """(hand, seat) of each review of ``table_id`` queued or running here, now (a
        copy: taken on the event loop, where the set changes, before a reader's thread
        reads the stored reviews)."""
        return frozenset((h, s) for t, h, s in self.pending if t == table_id)

    async def wait(self) -> None:
        """Until every review started so far is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def close(self) -> None:
        """Stop every review (cancelled again until each has ended: a cancel lost on
        Python 3.11 must not keep the server's shutdown waiting)."""
        await stop_all(list(self._tasks))


def read_reviews(
    store: Store,
    table_id: str,
    hand: int | None,
    seat: int | None,
    token: str | None,
    invite: str | None,
    reviewing: bool = True,
    pending: Collection[tuple[int, int]] = (),
) -> Reviews:
    """The stored reviews of ``table_id`` the caller may read (see the module's
    docstring): of hand ``hand`` and seat ``seat`` only, when given; ``pending``:
    (hand, seat) of the reviews on their way, as they were before this read. A
    review stored since is not on its way any more: the answer says it once, stored
    (its task drops it from ``pending`` just after the write)."""
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
    stored: set[tuple[int, int]] = set()
    for hand_number, seat_number, review in store.reviews(table_id, hand, seat):
        stored.add((hand_number, seat_number))
        if not over:
            review = {
                **review,
                "decisions": [{**d, "hindsight": None} for d in review["decisions"]],
            }
        item = {"hand_number": hand_number, "seat": seat_number, "review": review}
        found.append(HandReview.model_validate(item))
    coming = sorted({h for h, s in pending if seat in (None, s) and (h, s) not in stored})
    return Reviews(
        table_id=table_id,
        status=row.status,
        hindsight=over,
        reviewing=reviewing,
        pending=[h for h in coming if hand in (None, h)],
        reviews=found,
    )

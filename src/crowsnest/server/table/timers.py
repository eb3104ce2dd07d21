"""The turn timer and the time-outs: each seat's deadline set and cleared, the
time-outs in a row that make a seat away, the bench (the bot keeps the seat until the
hand ends), each change a seat fact (:mod:`.log`) for the store, and their replay."""

from __future__ import annotations

from collections.abc import Mapping

from crowsnest.engine import Bid
from crowsnest.server.models.server_messages import TimedOutDid, TimedOutMessage
from crowsnest.server.people.presets import BENCH_TIMEOUTS
from crowsnest.server.table.log import Deadline, Event, Fact, Left, Timeouts
from crowsnest.server.table.parts import Outcome
from crowsnest.server.table.state import TableState

TIMED_OUT_DID: Mapping[str, TimedOutDid] = {
    "bid": "bid",
    "discard": "discard",
    "trump": "trump",
    "pass": "pass_cards",
    "play": "play",
}
"""What an action's verb says the computer did for a seat whose time ran out."""


def timed_out_did(action: str) -> TimedOutDid:
    """What the computer did, told without its cards: ``bid pass`` is a ``pass``."""
    return "pass" if action == str(Bid(None)) else TIMED_OUT_DID[action.split()[0]]


class Timers(TableState):
    """The table's part that keeps the turn deadlines and the time-outs in a row."""

    def _new_deadline(self, seat: int, now: float) -> float | None:
        s, seconds = self.seats[seat], self.config.turn_seconds
        if s.kind != "human" or seconds is None or s.away or s.left_seq is not None:
            return None
        if not self.clocks_on:
            return None
        return now + seconds if self.legal[seat] else None

    def _set_deadline(self, seat: int, deadline: float | None) -> None:
        if self.seats[seat].deadline != deadline:
            self.seats[seat].deadline = deadline
            self._facts.append(Deadline(seat, deadline))

    def _start_clocks(self, now: float) -> None:
        """The game starts (or is rebuilt): each human to act gets a full timer."""
        for seat in range(4):
            self._set_deadline(seat, self._new_deadline(seat, now))

    def _game_seen(self, now: float) -> None:
        """The game is on the screens of the seats connected now: once every human
        seat's player has seen it, the timers start (not while a host is still
        inviting, nor before a friend who joined has opened the table)."""
        for s in self.seats:
            if s.connections > 0:
                s.seen = True
        if self.clocks_on:
            return
        if all(s.seen for s in self.seats if s.kind == "human" and s.left_seq is None):
            self.clocks_on = True
            self._start_clocks(now)

    def _take_facts(self) -> list[Event]:
        """The seat facts of the input being handled, as its outcome's events."""
        taken: list[Event] = [*self._facts]
        self._facts = []
        return taken

    # -- presence: timeouts in a row, away --------------------------------------------

    def _set_timeouts(self, seat: int, count: int, away: bool) -> None:
        """The one place a seat's time-outs in a row and ``away`` change; the change is
        kept for the store (a :class:`~.log.Timeouts` fact)."""
        s = self.seats[seat]
        if (s.timeouts, s.away) != (count, away):
            s.timeouts, s.away = count, away
            self._facts.append(Timeouts(seat, count, away))

    def benched(self, seat: int) -> bool:
        """The seat's bot keeps it for the rest of the hand: away, after
        :data:`~crowsnest.server.people.presets.BENCH_TIMEOUTS` time-outs in a row (one
        after a ``back`` that the player did not follow with an action)."""
        s = self.seats[seat]
        return s.away and s.timeouts >= BENCH_TIMEOUTS

    def _benched(self) -> Outcome:
        return self._refuse(
            "benched",
            f"{BENCH_TIMEOUTS} time-outs in a row: the bot plays your seat until this hand "
            "ends; say back then",
        )

    def _end_benches(self) -> None:
        """A hand has ended: a benched seat may be taken back again (it stays away
        until its player says ``back``, one time-out from the bench)."""
        for seat in range(4):
            if self.benched(seat):
                self._set_timeouts(seat, BENCH_TIMEOUTS - 1, away=True)

    # -- replay ------------------------------------------------------------------------

    def _replay_fact(self, fact: Fact, deadlines: dict[int, float | None]) -> None:
        """A stored fact of a (human) seat applied as the log is replayed, after the
        action of its seq: a time-out is told again to its player until they act (as
        the live table did); the turn deadlines are gathered, for
        :meth:`_restore_deadlines` once it is replayed."""
        s = self.seats[fact.seat]
        if s.kind != "human":
            return
        if isinstance(fact, Deadline):
            deadlines[fact.seat] = fact.at
        elif isinstance(fact, Timeouts):
            log = self.game.log
            if fact.count == s.timeouts + 1 and log and log[-1][0] == fact.seat:
                # A time-out: the bot's action of this seq is what the player is told.
                did = timed_out_did(log[-1][1])
                s.missed.append(TimedOutMessage(seat=fact.seat, seq=self.seq, did=did))
            elif fact.count == 0:  # the player acted
                s.missed.clear()
            s.timeouts, s.away = fact.count, fact.away
        elif isinstance(fact, Left):
            s.left_seq = fact.seq

    def _restore_deadlines(self, deadlines: dict[int, float | None]) -> None:
        """The turn deadlines stored, where a seat's timer still runs (a restart does
        not restart a timer): a player who left or is away has none."""
        for seat, s in enumerate(self.seats):
            if s.kind != "human":
                continue
            if s.left_seq is not None or s.away:
                s.deadline = None
                continue
            at = deadlines.get(seat)
            if at is not None and self.legal[seat]:
                s.deadline = at

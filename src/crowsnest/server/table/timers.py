"""The turn timer and the time-outs: each seat's deadline set and cleared, the
time-outs in a row that make a seat away, the bench (the bot keeps the seat until the
hand ends), and what of it is kept for the store."""

from __future__ import annotations

from crowsnest.server.people.presets import BENCH_TIMEOUTS
from crowsnest.server.table.parts import Absence, Outcome
from crowsnest.server.table.state import TableState


class Timers(TableState):
    """The table's part that keeps the turn deadlines and the time-outs in a row."""

    def _new_deadline(self, seat: int, now: float) -> float | None:
        s, seconds = self.seats[seat], self.config.turn_seconds
        if s.kind != "human" or seconds is None or s.away or s.left_seq is not None:
            return None
        return now + seconds if self.legal[seat] else None

    def _set_deadline(self, seat: int, deadline: float | None) -> None:
        if self.seats[seat].deadline != deadline:
            self.seats[seat].deadline = deadline
            self._deadlines[seat] = deadline

    def _start_clocks(self, now: float) -> None:
        """The game starts (or is rebuilt): each human to act gets a full timer."""
        for seat in range(4):
            self._set_deadline(seat, self._new_deadline(seat, now))

    def _take_deadlines(self) -> dict[int, float | None]:
        taken, self._deadlines = self._deadlines, {}
        return taken

    # -- presence: timeouts in a row, away --------------------------------------------

    def _set_timeouts(self, seat: int, count: int, away: bool) -> None:
        """The one place a seat's time-outs in a row and ``away`` change; the change is
        kept for the store (:attr:`Outcome.timeouts`)."""
        s = self.seats[seat]
        if (s.timeouts, s.away) != (count, away):
            s.timeouts, s.away = count, away
            self._timeouts[seat] = Absence(count, away)

    def _take_timeouts(self) -> dict[int, Absence]:
        taken, self._timeouts = self._timeouts, {}
        return taken

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

    def restore_timeouts(self, seat: int, count: int, away: bool) -> None:
        """A restarted server's: the time-outs in a row and whether the seat is away,
        as stored for ``seat``; an away seat's bot keeps it, with no timer."""
        self._set_timeouts(seat, count, away)
        self._timeouts.pop(seat, None)
        if away:
            self.seats[seat].deadline = None

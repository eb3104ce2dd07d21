"""Seats and connections: a seat claimed, moved, filled by bots, taken back from its
bot or left, each a fact of the table's log (:mod:`.log`), and those facts replayed;
a player's or a spectator's connection coming and going."""

from __future__ import annotations

import hmac

from crowsnest.server.models.server_messages import PresenceMessage, WelcomeMessage
from crowsnest.server.people.presets import bot_name
from crowsnest.server.table.log import Claimed, Filled, Freed, Holding, Left, Moved
from crowsnest.server.table.parts import Outcome, Seat, TableError
from crowsnest.server.table.timers import Timers


class Seats(Timers):
    """The table's part that seats players and counts their connections."""

    def claim(
        self,
        seat: int | None,
        name: str,
        token_hash: str,
        now: float,
        player: str | None = None,
    ) -> Outcome:
        """Give a free human seat (``None``: the first free one) to ``name`` (the
        player ``player``, if known); raise :class:`TableError` ``seat_taken`` /
        ``no_free_seat``."""
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise TableError("no_free_seat", "every human seat is taken")
            seat = free[0]
        if seat not in free:
            raise TableError("seat_taken", f"seat {seat} is not a free human seat")
        was = self.status
        self._hold(Claimed(seat, name, token_hash, player), now)
        out = Outcome([("all", self.presence())])
        if was == "waiting" and self.status == "playing":
            self.last_change = now
            self._game_seen(now)
            out.messages.extend(self._states((), now))
        out.events = self._take_facts()
        return out

    def move(self, seat: int, to: int, now: float) -> Outcome:
        """Move the player of ``seat`` to the free human seat ``to`` while the table
        waits; raise ``not_waiting`` once the game has started, ``seat_taken``."""
        if self.status != "waiting":
            raise TableError("not_waiting", "seats may be changed only before the game starts")
        if to not in self.free_seats():
            raise TableError("seat_taken", f"seat {to} is not a free human seat")
        self._hold(Moved(seat, to), now)
        welcome = WelcomeMessage(table=self.info(), seat=to, role="player")
        return Outcome(
            [("all", self.presence()), (to, welcome), (to, self.state(to, now=now))],
            self._take_facts(),
        )

    def fill(self, now: float) -> Outcome:
        """Hand every unclaimed human seat to the table's bot, so that a game waiting
        for friends who did not come can start; raise ``game_over`` after the end and
        ``not_waiting`` when no seat is free."""
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        free = self.free_seats()
        if not free:
            raise TableError("not_waiting", "every seat is taken already")
        for seat in free:
            self._hold(Filled(seat, bot_name(self.config.seed, seat)), now)
        self.last_change = now
        self._game_seen(now)
        out = Outcome([("all", self.presence())])
        out.messages.extend(self._states((), now))
        out.events = self._take_facts()
        return out

    def seat_of_token(self, token_hash: str) -> int | None:
        """The seat whose token has this hash (every seat compared, in constant time)."""
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                found = i
        return found

    def connect(self, seat: int | None, now: float) -> Outcome:
        """A connection for ``seat`` (``None``: a spectator) has said hello."""
        if seat is None:
            self.spectators += 1
        else:
            s = self.seats[seat]
            s.connections += 1
            s.takeover = False
        welcome = WelcomeMessage(
            table=self.info(), seat=seat, role="spectator" if seat is None else "player"
        )
        out = Outcome([("reply", welcome)])
        if seat is not None and self.status == "playing":
            self._game_seen(now)
        out.messages.append(("reply", self.state(seat, now=now)))
        if seat is not None:
            # What the computer did while this player's time ran out, told again.
            out.messages.extend(("reply", m) for m in self.seats[seat].missed)
            # A spectator coming or going tells nobody: the count rides on the next
            # presence (so a crowd of spectators costs each one message, not n).
            out.messages.append(("all", self.presence()))
        out.events = self._take_facts()
        return out

    def presence(self) -> PresenceMessage:
        return PresenceMessage(seats=self.seat_info(), spectators=self.spectators)

    def disconnect(self, seat: int | None, now: float) -> Outcome:
        if seat is None:
            self.spectators = max(0, self.spectators - 1)
            return Outcome()
        s = self.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0:
            s.gone_since = now
        return Outcome([("all", self.presence())])

    # -- people: back, leave ------------------------------------------------------------

    def _back(self, seat: int, now: float) -> Outcome:
        """The player takes the seat back from its bot, unless it is
        :meth:`benched`; the time-outs in a row stay counted until the player acts."""
        s = self.seats[seat]
        if not s.away:
            return self._refuse("timer_not_running", "no bot keeps your seat: nothing to return to")
        if self.benched(seat):
            return self._benched()
        s.takeover = False
        self._set_timeouts(seat, s.timeouts, away=False)
        if self.legal[seat] and self.status == "playing":
            self._set_deadline(seat, self._new_deadline(seat, now))
        out = Outcome([("all", self.presence()), *self._states((), now)])
        out.events = self._take_facts()
        return out

    def _leave(self, seat: int, now: float) -> Outcome:
        """Leave: before the game the seat is free again; during it, the bot plays
        it for good."""
        s = self.seats[seat]
        status = self.status
        if status == "over":
            return self._refuse("game_over", "the game is over")
        if s.left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if status == "waiting":
            self._hold(Freed(seat), now)
            return Outcome([("all", self.presence())], self._take_facts())
        s.left_seq = self.seq
        self._facts.append(Left(seat, self.seq))
        self._set_deadline(seat, None)
        return Outcome([("all", self.presence())], self._take_facts())

    def _hold(self, fact: Holding, now: float) -> None:
        """Apply a fact of who holds a seat and keep it for the store."""
        self._replay_holder(fact, now)
        self._facts.append(fact)

    def _replay_holder(self, fact: Holding, now: float) -> None:
        """What a fact of who holds a seat does to the seats: the one place, as it
        happens (:meth:`_hold`) and as the log is replayed."""
        s = self.seats[fact.seat]
        if isinstance(fact, Claimed):
            if s.kind == "human":
                s.name, s.token_hash, s.player = fact.name, fact.token_hash, fact.player
                s.gone_since = now
        elif isinstance(fact, Moved):
            new = self.seats[fact.to]
            new.name, new.token_hash, new.player, new.connections, new.gone_since = (
                s.name, s.token_hash, s.player, s.connections, s.gone_since
            )  # fmt: skip
            self.seats[fact.seat] = Seat(s.kind, gone_since=now)
        elif isinstance(fact, Filled):
            s.kind, s.name, s.gone_since = "bot", fact.name, now
        else:
            self.seats[fact.seat] = Seat(s.kind, gone_since=now)

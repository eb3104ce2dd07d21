"""Playing: an action applied (the sequence number, each seat's legal actions and
timer, the proposals it lapses), a human's action checked and applied, the bots' turns
planned and their decisions applied, and the record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crowsnest.engine import Action, Bid, Event, Resign, RulesError, action_text, parse_action
from crowsnest.engine.wire import LEFT
from crowsnest.fairness import SCHEME, commitment, end_of
from crowsnest.server.models.client_messages import ActionMessage
from crowsnest.server.models.server_messages import TimedOutMessage
from crowsnest.server.people.presets import AWAY_TIMEOUTS
from crowsnest.server.table.bots import FALLBACK
from crowsnest.server.table.log import Accepted
from crowsnest.server.table.parts import BotTurn, Outcome
from crowsnest.server.table.timers import Timers, timed_out_did


class Play(Timers):
    """The table's part that applies actions: a human's, a bot's, a resign."""

    def _advance(self, seat: int, action: Action | str, now: float) -> list[Event]:
        hands = len(self.game.results)
        events = self.game.apply(seat, action)
        if len(self.game.results) != hands:
            self._end_benches()
        self.seq += 1
        self.last_change = now
        for proposal in self.proposals.values():
            self._lapsed.extend(self._news(proposal.seat, "lapsed"))
        self.proposals.clear()
        for i in range(4):
            legal = self.game.legal_actions(i)
            if legal != self.legal[i]:
                self.legal[i] = legal
                self.seats[i].since = self.seq
                self._set_deadline(i, self._new_deadline(i, now))
        self.seats[seat].last = (self.seq, self.game.log[-1][1])
        return events

    def _broadcast(self, events: Sequence[Event], accepted: Accepted, now: float) -> Outcome:
        lapsed, self._lapsed = self._lapsed, []
        return Outcome(
            [*lapsed, *self._states(events, now)],
            [accepted, *self._take_facts()],
            finished=self.game.is_over,
        )

    def _human_action(self, seat: int, message: ActionMessage, now: float) -> Outcome:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game: its bot plays your seat")
        if self.benched(seat):
            return self._benched()
        status = self.status
        if status == "waiting":
            return self._refuse("not_started", "the game starts when every seat is taken")
        try:
            parsed = parse_action(message.action, self.family)
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        if isinstance(parsed, Resign):
            return self._refuse(
                "resign_by_message",
                "to resign send {'type': 'resign'}: your partner may have to agree",
            )
        text = action_text(parsed, self.family)
        s = self.seats[seat]
        if s.last is not None and s.last[1] == text and s.last[0] > message.seq:
            return self._refuse("duplicate", f"{text!r} was already applied (at seq {s.last[0]})")
        if not s.since <= message.seq <= self.seq:
            return self._refuse(
                "stale", f"seq {message.seq} is not the current state of this seat ({self.seq})"
            )
        try:
            events = self._advance(seat, parsed, now)
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        out = self._broadcast(events, Accepted(self.seq, seat, text, "human"), now)
        was_away = s.away or s.takeover
        s.missed.clear()
        self._set_timeouts(seat, 0, away=False)
        out.events.extend(self._take_facts())
        if was_away:
            s.takeover = False
            out.messages.append(("all", self.presence()))
        return out

    # -- bots ----------------------------------------------------------------------------

    def bot_plan(self, now: float) -> BotTurn | None:
        """The next bot decision due (the earliest), or None when no bot is to act."""
        if self.status != "playing":
            return None
        best: BotTurn | None = None
        # Nobody human is left: the bots finish the game at once, in the background.
        delay = 0.0 if self.abandoned() else self.config.bot_delay
        for seat in sorted(self.game.actors):
            due = self.last_change + delay
            human_due = self._human_due(seat)
            if human_due is None:
                continue
            due = max(due, human_due)
            if best is None or due < best.due:
                best = self._stand_in(seat, due)
        return best

    def _stand_in(self, seat: int, due: float) -> BotTurn:
        """Who decides for ``seat``: the table's bot for a bot seat, a player who left
        and a seat away; for a player still in the game (their timer ran out, or
        they are gone past grace) the decision that commits them least — a pass in
        the auction, else the Normal bot's choice."""
        s = self.seats[seat]
        if s.kind == "bot" or s.left_seq is not None or s.away:
            return BotTurn(seat, self.seq, due, self.bot)
        passing = Bid(None) in self.legal[seat]
        return BotTurn(seat, self.seq, due, FALLBACK, str(Bid(None)) if passing else None)

    def bot_act(self, seat: int, seq: int, action: str, now: float) -> Outcome:
        """A bot's decision for ``seat`` made on state ``seq``; ignored (an empty
        outcome) if the seat's situation has changed since or its player is back."""
        s = self.seats[seat]
        if self.status != "playing" or not self._bot_plays(seat, now):
            return Outcome()
        if not s.since <= seq <= self.seq:
            return Outcome()
        gone = s.connections == 0 and now >= s.gone_since + self.config.grace
        timed_out = s.kind == "human" and s.left_seq is None and not s.away and not gone
        if timed_out:  # counted first: a time-out that ends a hand is that hand's
            count = s.timeouts + 1
            self._set_timeouts(seat, count, away=count >= AWAY_TIMEOUTS)
        events = self._advance(seat, action, now)
        text = self.game.log[-1][1]
        if timed_out:  # told to everyone, before the state that shows it
            told = TimedOutMessage(seat=seat, seq=self.seq, did=timed_out_did(text))
            s.missed.append(told)
            self._lapsed.append(("all", told))
        out = self._broadcast(events, Accepted(self.seq, seat, text, "bot"), now)
        if s.kind == "human":
            if timed_out:
                if s.away:
                    self._set_deadline(seat, None)
                    out.events.extend(self._take_facts())
                    out.messages.append(("all", self.presence()))
            elif not s.takeover:
                s.takeover = True
                out.messages.append(("all", self.presence()))
        return out

    def record(self) -> dict[str, Any]:
        """The engine's record; its ``left`` block (who left the game for good, and
        at which seq: ``engine.wire.LeftJSON``); and once the game is over its
        ``end`` (:func:`~crowsnest.fairness.end_of`: how many actions, the final
        scores, the winner) and its ``fairness`` block: the scheme, the commitment,
        the secret revealed, whether the seed was chosen."""
        record = self.game.record()
        left = sorted((s.left_seq, i) for i, s in enumerate(self.seats) if s.left_seq is not None)
        if left:
            record["left"] = LEFT.validate_python([{"seat": i, "seq": q} for q, i in left])
        if self.game.is_over:
            record["end"] = end_of(self.game)
        c = self.config
        if self.game.is_over and (c.secret is not None or c.seed_chosen):
            record["fairness"] = {
                "scheme": SCHEME,
                "commitment": None if c.secret is None else commitment(c.secret),
                "secret": c.secret,
                "seed_chosen": c.seed_chosen,
            }
        return record

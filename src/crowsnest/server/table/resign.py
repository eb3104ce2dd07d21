"""Resigning (Rook): a team's proposal to resign, its partner's answer, the proposal
lapsing, and the resign applied as any action."""

from __future__ import annotations

from crowsnest.engine import Resign, RulesError
from crowsnest.server.ops.limits import retry_seconds
from crowsnest.server.people.presets import RESIGN_BURST, RESIGN_SECONDS
from crowsnest.server.table.log import Accepted
from crowsnest.server.table.parts import Outcome, Proposal
from crowsnest.server.table.play import Play


class Resigning(Play):
    """The table's part that proposes, answers and applies resigns."""

    def _proposal(self, team: int, now: float) -> Proposal | None:
        """``team``'s pending proposal, unless it has lapsed (timed out)."""
        p = self.proposals.get(team)
        if p is not None and now >= p.expires:
            del self.proposals[team]
            return None
        return p

    def _resign_refusal(self, seat: int) -> Outcome | None:
        if self.seats[seat].left_seq is not None:
            return self._refuse("seat_left", "you have left this game")
        if self.status == "waiting":
            return self._refuse("not_started", "the game starts when every seat is taken")
        try:
            self.game.check(seat, Resign())
        except RulesError as err:
            return self._refuse(err.code, err.message, err.params)
        return None

    def _resign(self, seat: int, now: float) -> Outcome:
        """Propose that ``seat``'s team resigns; where no human partner is to be asked
        (a bot plays the partner's seat now), resign at once."""
        refusal = self._resign_refusal(seat)
        if refusal is not None:
            return refusal
        team = self.game.rules.team_of(seat)
        if self._proposal(team, now) is not None:
            return self._refuse("resign_pending", "your team's resign is proposed already")
        partner = self._partner(seat)
        if partner is None or self.bot_sits(partner):
            return self._resigned(seat, now)
        if not self.resigns.take(seat, now):
            wait = self.resigns.retry_after(seat, now)
            return self._refuse(
                "resign_too_fast",
                f"at most {RESIGN_BURST} resign proposals at once; wait {wait:.0f} s",
                {"retry_after": retry_seconds(wait)},
            )
        self.proposals[team] = Proposal(seat, now + RESIGN_SECONDS)
        return Outcome(self._news(seat, "proposed"))

    def _resign_answer(self, seat: int, accept: bool, now: float) -> Outcome:
        refusal = self._resign_refusal(seat)
        if refusal is not None:
            return refusal
        team = self.game.rules.team_of(seat)
        p = self._proposal(team, now)
        if p is None:
            if self._proposal(1 - team, now) is not None:
                return self._refuse("not_your_team", "that proposal is the other team's")
            return self._refuse("nothing_to_accept", "no resign proposal waits for you")
        if p.seat == seat and accept:
            return self._refuse("nothing_to_accept", "your own proposal waits for your partner")
        del self.proposals[team]
        if not accept:
            return Outcome(self._news(p.seat, "withdrawn" if p.seat == seat else "declined"))
        return self._resigned(p.seat, now)

    def _resigned(self, seat: int, now: float) -> Outcome:
        """``seat``'s team resigns: the engine's ``resign``, stored and replayed as
        any action (recorded for the seat that proposed it)."""
        events = self._advance(seat, Resign(), now)
        return self._broadcast(events, Accepted(self.seq, seat, "resign", "human"), now)

"""One table, sans I/O: every input is a method call that returns an :class:`Outcome`,
the messages to send and the events for the table's log.

The table owns the game, the seats and the sequence number; it knows nothing of
sockets, databases or clocks (the time is an argument, ``now``, in seconds). The
caller applies one call at a time per table, appends :attr:`Outcome.events` (the
action applied, and what the input changed of the seats: :mod:`.log`) to the table's
log at its ``seq`` before it sends anything, and then delivers
:attr:`Outcome.messages`. A restarted server rebuilds the table from its log.

:class:`Table` joins the parts of this folder, each a module: the state they share
(:mod:`.state`), the seats and connections (:mod:`.seats`), the turn timer and the
time-outs (:mod:`.timers`), playing (:mod:`.play`), resigning (:mod:`.resign`) and
chat (:mod:`.chat`); it adds the rebuild from a log (the actions and the seat facts
replayed in their order) and :meth:`Table.handle`.

Sequence numbers: ``seq`` is the number of actions applied. Every state message
carries it, and an action names the ``seq`` of the state it answers. Each seat also
has ``since``: the ``seq`` at which its legal actions last changed. An action is
*stale* unless ``since <= seq_named <= seq``, so a Hearts pass chosen while another
player passed still counts, while a card chosen before the trick moved does not. It
is a *duplicate* when it repeats the seat's last accepted action and names a state
from before that action was applied: the same action sent twice is applied once.

>>> t = Table("t1", TableConfig("hearts", {}, seed=1, seats=("human", "bot", "bot", "bot")),
...           now=0.0)
>>> t.status
'waiting'
>>> _ = t.claim(0, "Ann", "hash", now=0.0)
>>> t.status, t.bot_plan(now=0.0)
('playing', BotTurn(seat=1, seq=0, due=0.8, bot='normal', action=None))
"""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.server.models.client_messages import (
    AnyClientMessage,
    BackMessage,
    ChatSend,
    HelloMessage,
    LeaveMessage,
    PingMessage,
    ResignAnswer,
    ResignSend,
    SyncMessage,
)
from crowsnest.server.models.server_messages import PongMessage
from crowsnest.server.table.chat import Chat
from crowsnest.server.table.log import Fact, Holding
from crowsnest.server.table.parts import Outcome, Seat, TableConfig
from crowsnest.server.table.resign import Resigning
from crowsnest.server.table.seats import Seats


class Table(Seats, Chat, Resigning):
    """A game with four seats, its players' presence and its sequence number.

    ``actions`` (seat, text), in seq order, and ``facts`` (seq, fact), in log order,
    rebuild a table from its log after a restart: each fact is replayed after the
    action of its seq (those of seq 0 first: the seats claimed, moved, filled and
    freed before the game), the turn deadlines once it is all replayed. ``seats``
    are the seats as created (a filled one may be given as the bot's).
    """

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        now: float,
        seats: Sequence[Seat] | None = None,
        actions: Sequence[tuple[int, str]] = (),
        facts: Sequence[tuple[int, Fact]] = (),
    ) -> None:
        super().__init__(table_id, config, now=now, seats=seats)
        self.clocks_on = bool(actions)
        deadlines: dict[int, float | None] = {}
        ordered = sorted(facts, key=lambda f: f[0])  # stable: each seq's in log order
        done = 0
        for seq in range(len(actions) + 1):
            if seq:
                self._advance(*actions[seq - 1], now)
            while done < len(ordered) and ordered[done][0] <= seq:
                self._replay(ordered[done][1], deadlines, now)
                done += 1
        for _, fact in ordered[done:]:  # past the last action: none is stored there
            self._replay(fact, deadlines, now)
        if self.status == "playing":
            self._start_clocks(now)
        self._restore_deadlines(deadlines)
        self._facts = []

    def _replay(self, fact: Fact, deadlines: dict[int, float | None], now: float) -> None:
        if isinstance(fact, Holding):
            self._replay_holder(fact, now)
        else:
            self._replay_fact(fact, deadlines)

    # -- messages ----------------------------------------------------------------------

    def handle(self, seat: int | None, message: AnyClientMessage, now: float) -> Outcome:
        """One client message from ``seat``'s connection (``None``: a spectator): the
        messages to send, and the events to log first."""
        if isinstance(message, PingMessage):
            return Outcome([("reply", PongMessage())])
        if isinstance(message, SyncMessage):
            return Outcome([("reply", self.state(seat, now=now))])
        if isinstance(message, HelloMessage):
            return self._refuse("already_joined", "this connection has already said hello")
        if seat is None:
            return self._refuse("not_seated", "spectators cannot act")
        if isinstance(message, ChatSend):
            return self._chat(seat, message, now)
        if isinstance(message, BackMessage):
            return self._back(seat, now)
        if isinstance(message, LeaveMessage):
            return self._leave(seat, now)
        if isinstance(message, ResignSend):
            return self._resign(seat, now)
        if isinstance(message, ResignAnswer):
            return self._resign_answer(seat, message.accept, now)
        return self._human_action(seat, message, now)

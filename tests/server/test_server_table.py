"""The sans-I/O table: sequence numbers, stale and duplicate actions, bots and the
grace period, all with the time given by hand."""

from __future__ import annotations

import pytest

from crowsnest.ai.protocol import legal_to_json
from crowsnest.server.models.client_messages import (
    ActionMessage,
    HelloMessage,
    PingMessage,
    SyncMessage,
)
from crowsnest.server.models.server_messages import (
    ErrorMessage,
    PongMessage,
    PresenceMessage,
    StateMessage,
)
from crowsnest.server.table.parts import Outcome, TableConfig, TableError
from crowsnest.server.table.table import Table

from .helpers import scripted_action

HUMANS = ("human", "human", "human", "human")


def hearts(seats: tuple[str, ...] = HUMANS, **config: object) -> Table:
    table = Table("t", TableConfig("hearts", {}, seed=11, seats=seats, **config), now=0.0)  # type: ignore[arg-type]
    for seat in table.free_seats():
        table.claim(seat, f"p{seat}", f"hash{seat}", now=0.0)
    return table


def errors(out: Outcome) -> list[str]:
    return [m.code for _, m in out.messages if isinstance(m, ErrorMessage)]


def act(table: Table, seat: int, seq: int, text: str) -> Outcome:
    return table.handle(seat, ActionMessage(type="action", seq=seq, action=text), now=1.0)


def a_pass(table: Table, seat: int) -> str:
    return scripted_action(seat, 0, legal_to_json(table.legal[seat], table.family))


def test_claims() -> None:
    table = Table(
        "t", TableConfig("hearts", {}, seed=1, seats=("human", "bot", "human", "bot")), now=0
    )
    assert table.status == "waiting" and table.free_seats() == [0, 2]
    table.claim(None, "Ann", "h0", now=0)
    with pytest.raises(TableError) as err:
        table.claim(0, "Bo", "h1", now=0)
    assert err.value.code == "seat_taken"
    with pytest.raises(TableError):
        table.claim(1, "Bo", "h1", now=0)
    out = table.claim(None, "Bo", "h2", now=0)
    assert table.free_seats() == [] and table.seat_of_token("h2") == 2
    assert table.info().status == "playing"
    assert isinstance(out.messages[0][1], PresenceMessage)
    with pytest.raises(TableError) as err:
        table.claim(None, "Cy", "h3", now=0)
    assert err.value.code == "no_free_seat"


def test_connect_welcomes_and_states() -> None:
    table = hearts()
    out = table.connect(1, now=0)
    kinds = [(target, type(m).__name__) for target, m in out.messages]
    assert kinds == [
        ("reply", "WelcomeMessage"),
        ("reply", "StateMessage"),
        ("all", "PresenceMessage"),
    ]
    assert table.seat_info()[1].connected


def test_every_connected_seat_gets_a_state_per_action() -> None:
    table = hearts()
    table.connect(0, now=0)
    table.connect(2, now=0)
    table.connect(None, now=0)
    out = act(table, 0, 0, a_pass(table, 0))
    assert out.accepted is not None and out.accepted.seq == 1 and table.seq == 1
    targets = [t for t, m in out.messages if isinstance(m, StateMessage)]
    assert targets == [0, 2, "spectators"]
    spectator = next(m for t, m in out.messages if t == "spectators")
    assert isinstance(spectator, StateMessage) and spectator.view["hand"] is None


def test_stale_and_duplicate() -> None:
    table = hearts()
    first = a_pass(table, 0)
    assert act(table, 0, 0, first).accepted is not None
    assert errors(act(table, 0, 0, first)) == ["duplicate"]
    assert errors(act(table, 0, 1, first)) == ["not_your_turn"]  # it has passed already
    assert errors(act(table, 0, 7, first)) == ["stale"]  # a state never sent
    # Seat 1's pass answers seq 0: its choice did not change, so it still counts.
    assert act(table, 1, 0, a_pass(table, 1)).accepted is not None
    for seat in (2, 3):
        act(table, seat, table.seq, a_pass(table, seat))
    assert table.game.phase == "play" and table.seq == 4
    leader = table.game.leader
    assert errors(act(table, leader, 3, "play 2C")) == ["stale"]  # before the exchange
    assert act(table, leader, 4, "play 2C").accepted is not None


def test_errors_change_nothing() -> None:
    table = hearts()
    before = table.state(0)
    for text in ("dance", "play 2C", "pass 2C", "play R14"):
        assert errors(act(table, 0, 0, text))
    assert table.state(0) == before and table.seq == 0


def test_ping_sync_and_second_hello() -> None:
    table = hearts()
    assert isinstance(table.handle(0, PingMessage(type="ping"), 0).messages[0][1], PongMessage)
    assert table.handle(0, SyncMessage(type="sync"), 0).messages[0][1] == table.state(0)
    hello = HelloMessage(type="hello", version=1)
    assert errors(table.handle(0, hello, 0)) == ["already_joined"]
    assert errors(table.handle(None, ActionMessage(type="action", seq=0, action="x"), 0)) == [
        "not_seated"
    ]


def test_bots_are_due_after_their_delay() -> None:
    table = hearts(("human", "bot", "bot", "bot"), bot_delay=0.5)
    table.connect(0, now=0)
    plan = table.bot_plan(now=0)
    assert plan is not None and plan.seat == 1 and plan.due == 0.5
    action = a_pass(table, 1)
    out = table.bot_act(1, plan.seq, action, now=0.6)
    assert out.accepted is not None and out.accepted.by == "bot"
    nxt = table.bot_plan(now=0.6)
    assert nxt is not None and nxt.seat == 2 and nxt.due == pytest.approx(1.1)


def test_a_bot_decision_on_an_outdated_state_is_dropped() -> None:
    table = hearts(("human", "bot", "bot", "bot"))
    table.connect(0, now=0)
    for seat in (0, 1, 2, 3):
        if seat == 0:
            act(table, 0, table.seq, a_pass(table, 0))
        else:
            table.bot_act(seat, table.seq, a_pass(table, seat), now=1)
    assert table.game.phase == "play"
    leader = table.game.leader
    if leader != 0:
        old = table.seq - 1
        assert table.bot_act(leader, old, "play 2C", now=2).accepted is None


def test_a_gone_player_is_played_by_a_bot_after_the_grace_period() -> None:
    table = hearts(("human", "bot", "bot", "bot"), grace=10, bot_delay=0)
    table.connect(0, now=0)
    table.disconnect(0, now=5)
    plan = table.bot_plan(now=5)
    assert plan is not None
    due = {plan.seat: plan.due}
    # seat 0's turn (the pass) comes at 5 + 10 = 15: bots first
    while plan is not None and plan.seat != 0:
        table.bot_act(plan.seat, plan.seq, a_pass(table, plan.seat), now=5)
        plan = table.bot_plan(now=5)
    assert plan is not None and plan.seat == 0 and plan.due == 15
    assert table.bot_act(0, plan.seq, a_pass(table, 0), now=14).accepted is None  # too early
    out = table.bot_act(0, plan.seq, a_pass(table, 0), now=15)
    assert out.accepted is not None and table.seat_info()[0].bot
    assert isinstance(out.messages[-1][1], PresenceMessage)
    table.connect(0, now=16)  # back: the bot stops
    assert not table.seat_info()[0].bot
    assert due


def test_no_bot_moves_before_the_game_starts() -> None:
    table = Table("t", TableConfig("hearts", {}, seed=1), now=0)
    assert table.status == "waiting" and table.bot_plan(now=100) is None


def test_rebuilt_from_its_log() -> None:
    table = hearts()
    for seat in range(4):
        act(table, seat, 0, a_pass(table, seat))
    leader = table.game.leader
    act(table, leader, table.seq, "play 2C")
    log = [(seat, text) for seat, text in table.game.log]
    again = Table("t", table.config, now=9, actions=log)
    assert again.seq == table.seq and again.game.record() == table.game.record()
    assert [s.since for s in again.seats] == [s.since for s in table.seats]
    assert [s.last for s in again.seats] == [s.last for s in table.seats]


def test_a_table_needs_four_seats() -> None:
    with pytest.raises(ValueError):
        Table("t", TableConfig("hearts", {}, seed=1, seats=("human",)), now=0)

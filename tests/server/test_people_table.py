"""Playing with people, on the sans-I/O table with the time given by hand:
bots' names, teams, the turn timer and grace as one rule, away and back, leaving,
quick chat and its limit, moving seats."""

from __future__ import annotations

import pytest

from crowsnest.server.models.client_messages import (
    ActionMessage,
    BackMessage,
    ChatSend,
    LeaveMessage,
)
from crowsnest.server.models.server_messages import (
    ChatMessage,
    ErrorMessage,
    PresenceMessage,
    StateMessage,
)
from crowsnest.server.people.presets import BOT_NAMES, CHAT_BURST
from crowsnest.server.table.log import Left, Timeouts
from crowsnest.server.table.parts import Outcome, Seat, TableConfig, TableError
from crowsnest.server.table.table import Table

from .helpers import scripted_action
from .test_server_table import act

TWO = ("human", "human", "bot", "bot")


def rook(seats: tuple[str, ...] = TWO, claim: bool = True, **config: object) -> Table:
    cfg = TableConfig("rook/crowsnest", {}, seed=5, seats=seats, **config)  # type: ignore[arg-type]
    table = Table("t", cfg, now=0.0)
    if claim:
        for seat in table.free_seats():
            table.claim(seat, f"p{seat}", f"hash{seat}", now=0.0)
    return table


def errors(out: Outcome) -> list[str]:
    return [m.code for _, m in out.messages if isinstance(m, ErrorMessage)]


def presence(out: Outcome) -> PresenceMessage:
    found = [m for _, m in out.messages if isinstance(m, PresenceMessage)]
    assert found, out.messages
    return found[-1]


def human_turn(table: Table, now: float) -> int:
    """Let the bots act until a human seat is to act; that seat."""
    while True:
        (seat,) = table.game.actors
        if table.seats[seat].kind == "human":
            return seat
        legal = legal_of(table, seat)
        out = table.bot_act(seat, table.seq, scripted_action(seat, table.seq, legal), now)
        assert out.accepted is not None


def legal_of(table: Table, seat: int) -> list[object]:
    from crowsnest.ai.protocol import legal_to_json

    return list(legal_to_json(table.legal[seat], table.family))


def test_bots_have_names_of_their_own_and_their_level() -> None:
    table = rook(("human", "bot", "bot", "bot"), level="hard")
    info = table.seat_info()
    bots = [s for s in info if s.kind == "bot"]
    assert len({s.name for s in bots}) == 3 and all(s.name in BOT_NAMES for s in bots)
    assert all(s.level == "hard" for s in bots) and info[0].level is None
    again = rook(("human", "bot", "bot", "bot"), level="hard")
    assert [s.name for s in again.seat_info()] == [s.name for s in info]


def test_seats_carry_the_engines_teams() -> None:
    assert [s.team for s in rook().seat_info()] == [0, 1, 0, 1]
    hearts = Table("h", TableConfig("hearts", {}, seed=1), now=0.0)
    assert [s.team for s in hearts.seat_info()] == [0, 1, 2, 3]


def test_the_timer_hands_the_decision_to_the_bot_at_the_deadline() -> None:
    table = rook(turn_seconds=30.0, timer="normal", grace=600.0)
    for seat in (0, 1):
        table.connect(seat, now=0.0)
    seat = human_turn(table, now=0.0)
    deadline = table.seats[seat].deadline
    assert deadline is not None
    assert table.time_left(deadline - 10)[seat] == 10.0
    plan = table.bot_plan(deadline - 1)
    assert plan is not None and plan.seat == seat and plan.due == deadline
    text = scripted_action(seat, table.seq, legal_of(table, seat))
    assert table.bot_act(seat, table.seq, text, deadline - 1).accepted is None
    out = table.bot_act(seat, table.seq, text, deadline)
    assert out.accepted is not None and out.accepted.by == "bot"
    assert table.seats[seat].timeouts == 1 and not table.seats[seat].away


def test_without_a_timer_a_connected_player_is_waited_for() -> None:
    table = rook(grace=60.0)
    for seat in (0, 1):
        table.connect(seat, now=0.0)
    human_turn(table, now=0.0)
    assert table.bot_plan(10_000.0) is None


def test_grace_and_the_timer_are_one_rule_whichever_runs_out_first() -> None:
    table = rook(turn_seconds=30.0, timer="normal", grace=10.0)
    seat = human_turn(table, now=0.0)  # nobody connected: gone since 0
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.seat == seat and plan.due == 10.0
    long_grace = rook(turn_seconds=30.0, timer="normal", grace=600.0)
    for s in (0, 1):  # both have seen the game (the timers start), then went
        long_grace.connect(s, now=0.0)
        long_grace.disconnect(s, now=0.0)
    seat = human_turn(long_grace, now=0.0)
    plan = long_grace.bot_plan(0.0)
    assert plan is not None and plan.due == long_grace.seats[seat].deadline == 30.0


def test_two_timeouts_in_a_row_make_the_seat_away_until_back() -> None:
    table = rook(turn_seconds=30.0, timer="normal", grace=10_000.0, bot_delay=0.0)
    for s in (0, 1):
        table.connect(s, now=0.0)
    now, timeouts = 0.0, 0
    away = None
    while away is None:
        seat = human_turn(table, now)
        deadline = table.seats[seat].deadline
        assert deadline is not None
        now = deadline
        out = table.bot_act(
            seat, table.seq, scripted_action(seat, table.seq, legal_of(table, seat)), now
        )
        assert out.accepted is not None
        timeouts += 1
        held = table.seats[seat]
        assert Timeouts(seat, held.timeouts, held.away) in out.facts  # stored with it
        if table.seats[seat].away:
            away = seat
            info = presence(out).seats[seat]
            assert info.away and info.bot
    assert table.seats[away].timeouts == 2
    assert table.seats[away].deadline is None
    back = table.handle(away, BackMessage(type="back"), now)
    assert not presence(back).seats[away].away and not table.seats[away].away
    assert Timeouts(away, 2, False) in back.facts  # back keeps the count
    assert any(isinstance(m, StateMessage) for _, m in back.messages)
    assert errors(table.handle(away, BackMessage(type="back"), now)) == ["timer_not_running"]


def _next_decision(table: Table, now: float) -> float:
    """Play the next decision: a bot's at once; the human seat's by its bot when its
    timer runs out (or at once, when away). The time after it."""
    (seat,) = table.game.actors
    deadline = table.seats[seat].deadline
    now = max(now, deadline) if deadline is not None else now
    text = scripted_action(seat, table.seq, legal_of(table, seat))
    assert table.bot_act(seat, table.seq, text, now).accepted is not None
    return now


def _until_human_turn(table: Table, now: float) -> float:
    while table.game.actors != {0}:
        now = _next_decision(table, now)
    return now


def test_back_keeps_the_count_and_one_more_time_out_benches_the_seat_for_the_hand() -> None:
    table = rook(("human", "bot", "bot", "bot"), turn_seconds=30.0, timer="normal",
                 grace=10_000.0, bot_delay=0.0)  # fmt: skip
    table.connect(0, now=0.0)
    now = 0.0
    while not table.seats[0].away:
        now = _next_decision(table, _until_human_turn(table, now))
    assert table.seats[0].timeouts == 2
    back = table.handle(0, BackMessage(type="back"), now)
    assert Timeouts(0, 2, False) in back.facts and not table.seats[0].away
    hand = len(table.game.results)
    now = _until_human_turn(table, now)
    assert table.seats[0].deadline is not None  # back: the timer runs for the player
    now = _next_decision(table, now)  # one more time-out
    assert table.benched(0) and table.seats[0].timeouts == 3
    assert errors(table.handle(0, BackMessage(type="back"), now)) == ["benched"]
    while len(table.game.results) == hand:
        if table.game.actors == {0}:
            action = ActionMessage(type="action", seq=table.seq, action="bid pass")
            assert errors(table.handle(0, action, now)) == ["benched"]
        now = _next_decision(table, now)  # the bot plays the seat at once
    assert not table.benched(0) and table.seats[0].away and table.seats[0].timeouts == 2
    again = table.handle(0, BackMessage(type="back"), now)
    assert errors(again) == [] and not table.seats[0].away


def test_replayed_timeouts_say_who_is_away() -> None:
    cfg = TableConfig("rook/crowsnest", {}, seed=5, seats=TWO, turn_seconds=30.0, timer="normal")  # type: ignore[arg-type]
    seats = [Seat("human", "Ann", "h0"), Seat("human", "Bob", "h1"), Seat("bot"), Seat("bot")]
    first = Table("t", cfg, now=0.0, seats=seats)
    (actor,) = first.game.actors
    facts = [(0, Timeouts(0, 1, False)), (1, Timeouts(0, 2, True)), (1, Timeouts(1, 1, False))]
    table = Table("t", cfg, now=0.0, seats=seats, actions=[(actor, "bid pass")], facts=facts)
    assert table.seats[0].away and table.seats[0].deadline is None
    assert not table.seats[1].away and table.seats[1].timeouts == 1
    assert [s.away for s in table.seat_info()] == [True, False, False, False]


def test_leaving_during_play_gives_the_seat_to_its_bot_for_good() -> None:
    table = rook(grace=600.0)
    table.connect(0, now=0.0)
    seq = table.seq
    out = table.handle(0, LeaveMessage(type="leave"), now=1.0)
    assert out.left == 0 and table.seats[0].left_seq == seq and Left(0, seq) in out.facts
    assert presence(out).seats[0].left and presence(out).seats[0].bot
    assert errors(act(table, 0, table.seq, "bid pass")) == ["seat_left"]
    assert errors(table.handle(0, LeaveMessage(type="leave"), now=1.0)) == ["seat_left"]
    assert table.bot_plan(1.0) is not None or table.game.actors == {1}


def test_a_table_every_human_left_is_played_out_without_delay() -> None:
    table = rook(bot_delay=5.0)
    for seat in (0, 1):
        table.handle(seat, LeaveMessage(type="leave"), now=0.0)
    assert table.abandoned()
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.due == 0.0


def test_leaving_before_the_game_frees_the_seat() -> None:
    table = rook(claim=False)
    table.claim(0, "Ann", "hash0", now=0.0)
    out = table.handle(0, LeaveMessage(type="leave"), now=1.0)
    assert out.freed == 0 and table.free_seats() == [0, 1]
    assert table.seat_of_token("hash0") is None


def test_quick_chat_goes_to_everyone_and_is_rate_limited() -> None:
    table = rook()
    sent = [table.handle(1, ChatSend(type="chat", key="gg"), now=0.0) for _ in range(CHAT_BURST)]
    assert all(out.messages == [("all", ChatMessage(seat=1, key="gg"))] for out in sent)
    assert all(out.accepted is None for out in sent)
    refused = table.handle(1, ChatSend(type="chat", key="gg"), now=0.0)
    assert errors(refused) == ["chat_too_fast"]
    (error,) = [m for _, m in refused.messages if isinstance(m, ErrorMessage)]
    assert error.args["retry_after"] == 2  # one message every 2 s
    half = table.handle(1, ChatSend(type="chat", key="gg"), now=1.0)  # a second to wait
    (error,) = [m for _, m in half.messages if isinstance(m, ErrorMessage)]
    assert error.args["retry_after"] == 1  # whole seconds, rounded up (limits.retry_seconds)
    assert table.handle(0, ChatSend(type="chat", key="hello"), now=0.0).messages[0][0] == "all"
    later = table.handle(1, ChatSend(type="chat", key="wp"), now=10.0)
    assert errors(later) == [] and table.seq == 0
    assert errors(table.handle(None, ChatSend(type="chat", key="gg"), now=10.0)) == ["not_seated"]


def test_moving_seats_while_waiting() -> None:
    table = rook(("human",) * 4, claim=False)
    table.claim(0, "Ann", "hash0", now=0.0)
    table.claim(1, "Bo", "hash1", now=0.0)
    with pytest.raises(TableError) as taken:
        table.move(0, 1, now=0.0)
    assert taken.value.code == "seat_taken"
    table.move(0, 2, now=0.0)
    assert table.seat_of_token("hash0") == 2 and table.seats[2].name == "Ann"
    assert table.free_seats() == [0, 3]
    table.claim(0, "Cy", "hash2", now=0.0)
    table.claim(3, "Di", "hash3", now=0.0)
    with pytest.raises(TableError) as started:
        table.move(2, 0, now=0.0)
    assert started.value.code == "not_waiting"

"""The turn timer, when it decides for a player: it waits until every player has seen
the game, commits the seat least (a pass in the auction, else the Normal bot's choice),
and tells everyone what it did — the seat again when its player comes back, after a
restart too."""

from __future__ import annotations

from crowsnest.engine import Bid
from crowsnest.server.models.client_messages import ActionMessage
from crowsnest.server.models.server_messages import StateMessage, TimedOutMessage
from crowsnest.server.table.log import Deadline, Fact, Timeouts
from crowsnest.server.table.parts import Outcome, Seat, TableConfig
from crowsnest.server.table.table import Table
from crowsnest.server.table.timers import timed_out_did

from .helpers import scripted_action
from .test_people_table import human_turn, legal_of

FRIENDS = ("human", "human", "human", "human")


def friends(level: str = "hard", **config: object) -> Table:
    cfg = TableConfig(
        "rook/crowsnest", {}, seed=5, seats=FRIENDS, level=level,  # type: ignore[arg-type]
        turn_seconds=15.0, timer="fast", grace=600.0, bot_delay=0.0, **config,  # type: ignore[arg-type]
    )  # fmt: skip
    return Table("t", cfg, now=0.0)


def told(out: Outcome) -> list[tuple[object, TimedOutMessage]]:
    return [(target, m) for target, m in out.messages if isinstance(m, TimedOutMessage)]


def test_no_timer_runs_until_every_player_has_seen_the_game() -> None:
    table = friends()
    table.claim(0, "Ann", "h0", now=0.0)
    table.connect(0, now=0.0)  # the host waits, inviting
    for seat in (1, 2, 3):
        table.claim(seat, f"p{seat}", f"h{seat}", now=1.0)
    assert table.status == "playing"
    # The table is full but three friends have not opened it: nobody's clock runs,
    # so the host (connected, first to bid) is not hurried meanwhile.
    assert table.time_left(1.0) == [None] * 4 and table.bot_plan(100.0) is None
    for seat in (1, 2):
        assert table.connect(seat, now=5.0).facts == []
    started = table.connect(3, now=9.0)
    (actor,) = table.game.actors
    assert started.facts == [Deadline(actor, 24.0)]  # stored: the last to come started it
    state = [m for t, m in started.messages if t == "reply" and isinstance(m, StateMessage)]
    assert state[0].time_left[actor] == 15.0


def test_a_table_rebuilt_mid_game_keeps_its_timers() -> None:
    table = friends()
    for seat in range(4):
        table.claim(seat, f"p{seat}", f"h{seat}", now=0.0)
        table.connect(seat, now=0.0)
    (seat,) = table.game.actors
    act = ActionMessage(type="action", seq=0, action=str(Bid(None)))
    assert table.handle(seat, act, now=1.0).accepted is not None
    seats = [Seat("human", name=s.name, token_hash=s.token_hash) for s in table.seats]
    again = Table("t", table.config, now=2.0, seats=seats, actions=[(seat, str(Bid(None)))])
    (next_seat,) = again.game.actors
    assert again.clocks_on and again.time_left(2.0)[next_seat] == 15.0


def test_in_the_auction_the_timer_passes_and_everyone_is_told() -> None:
    table = friends(level="hard")
    for seat in range(4):
        table.claim(seat, f"p{seat}", f"h{seat}", now=0.0)
        table.connect(seat, now=0.0)
    (seat,) = table.game.actors
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.seat == seat and plan.due == 15.0
    # Not the table's Hard bot's bid: the least committing action, decided here.
    assert plan.action == "bid pass" and plan.bot == "normal"
    out = table.bot_act(seat, plan.seq, plan.action, now=15.0)
    assert out.accepted is not None and out.accepted.action == "bid pass"
    ((target, note),) = told(out)
    assert target == "all" and (note.seat, note.seq, note.did) == (seat, table.seq, "pass")
    first_state = next(i for i, (_, m) in enumerate(out.messages) if isinstance(m, StateMessage))
    assert out.messages.index((target, note)) < first_state  # before the state that shows it
    # The player who timed out is told again when they connect, until they act.
    table.disconnect(seat, now=16.0)
    back = table.connect(seat, now=17.0)
    assert told(back) == [("reply", note)]
    while table.game.actors != {seat}:
        (other,) = table.game.actors
        text = scripted_action(other, table.seq, legal_of(table, other))
        act = ActionMessage(type="action", seq=table.seq, action=text)
        assert table.handle(other, act, now=18.0).accepted is not None
    text = scripted_action(seat, table.seq, legal_of(table, seat))
    mine = table.handle(seat, ActionMessage(type="action", seq=table.seq, action=text), 19.0)
    assert mine.accepted is not None
    table.disconnect(seat, now=20.0)
    assert told(table.connect(seat, now=21.0)) == []


def test_a_table_rebuilt_from_its_log_tells_the_timed_out_player_again() -> None:
    """What the timer did is told to its player after a restart too, until they act:
    the time-outs in the table's log say it."""
    table = friends(level="hard")
    log: list[tuple[int, Fact]] = []

    def keep(out: Outcome) -> Outcome:
        log.extend((table.seq, f) for f in out.facts)
        return out

    def rebuilt(now: float) -> Table:
        return Table("t", table.config, now=now, actions=list(table.game.log), facts=log)

    for seat in range(4):
        keep(table.claim(seat, f"p{seat}", f"h{seat}", now=0.0))
        keep(table.connect(seat, now=0.0))
    (seat,) = table.game.actors
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.action is not None
    ((_, note),) = told(keep(table.bot_act(seat, plan.seq, plan.action, now=15.0)))
    again = rebuilt(20.0)
    assert again.seats[seat].missed == [note] and again.seats[seat].timeouts == 1
    assert told(again.connect(seat, now=21.0)) == [("reply", note)]
    while table.game.actors != {seat}:
        (other,) = table.game.actors
        text = scripted_action(other, table.seq, legal_of(table, other))
        act = ActionMessage(type="action", seq=table.seq, action=text)
        assert keep(table.handle(other, act, now=16.0)).accepted is not None
    assert rebuilt(20.0).seats[seat].missed == [note]  # the others' actions do not end it
    text = scripted_action(seat, table.seq, legal_of(table, seat))
    act = ActionMessage(type="action", seq=table.seq, action=text)
    assert keep(table.handle(seat, act, now=17.0)).accepted is not None
    assert rebuilt(20.0).seats[seat].missed == []


def test_where_no_pass_is_allowed_the_normal_bot_decides() -> None:
    table = friends(level="hard")
    for seat in range(4):
        table.claim(seat, f"p{seat}", f"h{seat}", now=0.0)
        table.connect(seat, now=0.0)
    # The auction over (everyone but the last passes), the declarer's nest and
    # trump and the play have no pass: the Normal bot's choice, nothing preset.
    seat = human_turn(table, now=0.0)
    while any(isinstance(a, Bid) for a in table.legal[seat]):
        text = scripted_action(seat, table.seq, legal_of(table, seat))
        table.handle(seat, ActionMessage(type="action", seq=table.seq, action=text), 1.0)
        (seat,) = table.game.actors
    plan = table.bot_plan(1.0)
    assert plan is not None and plan.action is None and plan.bot == "normal"


def test_a_bot_seat_and_a_seat_away_keep_the_tables_bot() -> None:
    (first,) = friends().game.actors
    ann = (first + 1) % 4
    seats = tuple("human" if i == ann else "bot" for i in range(4))
    cfg = TableConfig("rook/crowsnest", {}, seed=5, level="hard", bot_delay=0.0, seats=seats)  # type: ignore[arg-type]
    table = Table("t", cfg, now=0.0)
    table.claim(ann, "Ann", "h0", now=0.0)
    table.connect(ann, now=0.0)
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.seat == first and plan.bot == "hard" and plan.action is None
    # The log replayed: the bot's pass, then two time-outs in a row of Ann's.
    names = [Seat("human", "Ann", "h0") if i == ann else Seat("bot") for i in range(4)]
    table = Table("t", cfg, now=0.0, seats=names, actions=[(first, "bid pass")],
                  facts=[(1, Timeouts(ann, 2, True))])  # fmt: skip
    plan = table.bot_plan(0.0)
    assert plan is not None and plan.seat == ann and plan.bot == "hard" and plan.action is None


def test_what_the_computer_did_is_told_without_cards() -> None:
    assert [
        timed_out_did(a)
        for a in ("bid pass", "bid 70", "discard 1R 2R 3R 4R 5R", "trump red", "pass 2C 3C 4C",
                  "play 5R")
    ] == ["pass", "bid", "discard", "trump", "pass_cards", "play"]  # fmt: skip

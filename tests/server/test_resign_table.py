"""Resign in Rook, on the sans-I/O table: a proposal both human partners
must agree to, a lone human resigning alone, every refusal, and the lapse of a
proposal on the next action or its timeout."""

from __future__ import annotations

from crowsnest.engine import action_text, replay
from crowsnest.server.models.client_messages import (
    ActionMessage,
    ChatSend,
    LeaveMessage,
    ResignAnswer,
    ResignSend,
)
from crowsnest.server.models.server_messages import ErrorMessage, ResignNews, StateMessage
from crowsnest.server.people.presets import RESIGN_BURST, RESIGN_SECONDS
from crowsnest.server.table.parts import Outcome, TableConfig
from crowsnest.server.table.table import Table

from .test_people_table import errors, human_turn, rook

PARTNERS = ("human", "bot", "human", "bot")
"""Seats 0 and 2, partners, are human; the opponents are bots."""
RESIGN = ResignSend(type="resign")
ACCEPT = ResignAnswer(type="resign_answer", accept=True)
DECLINE = ResignAnswer(type="resign_answer", accept=False)


def news(out: Outcome) -> list[tuple[object, str, int]]:
    return [(to, m.status, m.seat) for to, m in out.messages if isinstance(m, ResignNews)]


def ended(table: Table, team: int) -> None:
    """The game is over, resigned by ``team``; the record replays to that end."""
    assert table.status == "over" and table.game.is_over
    view = table.game.view(None).to_json()
    assert (view["resigned"], view["winner"]) == (team, 1 - team)
    again = replay(table.record())
    assert (again.phase, again.winner) == ("over", 1 - team)


def test_a_lone_human_with_a_bot_partner_resigns_at_once() -> None:
    table = rook(("human", "bot", "bot", "bot"))
    table.connect(0, now=0.5)
    out = table.handle(0, RESIGN, now=1.0)
    assert out.accepted is not None and out.finished
    assert (out.accepted.seat, out.accepted.action, out.accepted.by) == (0, "resign", "human")
    states = [m for _, m in out.messages if isinstance(m, StateMessage)]
    assert states and states[0].status == "over"
    assert [e["type"] for e in states[0].events] == ["resign", "game_end"]
    ended(table, 0)


def test_partners_both_agree_the_proposal_then_the_acceptance() -> None:
    table = rook(PARTNERS)
    out = table.handle(2, RESIGN, now=1.0)
    assert out.accepted is None and table.status == "playing"
    assert news(out) == [(2, "proposed", 2), (0, "proposed", 2)]
    proposed = next(m for _, m in out.messages if isinstance(m, ResignNews))
    assert proposed.seconds == RESIGN_SECONDS
    out = table.handle(0, ACCEPT, now=2.0)
    assert out.accepted is not None and out.accepted.seat == 2 and out.finished
    ended(table, 0)
    assert table.record()["actions"][-1] == [2, "resign"]


def test_the_partner_declines_and_the_game_goes_on() -> None:
    table = rook(PARTNERS)
    table.handle(0, RESIGN, now=1.0)
    out = table.handle(2, DECLINE, now=2.0)
    assert news(out) == [(0, "declined", 0), (2, "declined", 0)]
    assert out.accepted is None and table.status == "playing"
    assert errors(table.handle(2, ACCEPT, now=3.0)) == ["nothing_to_accept"]


def test_the_proposer_withdraws_but_may_not_accept_alone() -> None:
    table = rook(PARTNERS)
    table.handle(0, RESIGN, now=1.0)
    assert errors(table.handle(0, ACCEPT, now=2.0)) == ["nothing_to_accept"]
    assert news(table.handle(0, DECLINE, now=2.0)) == [(0, "withdrawn", 0), (2, "withdrawn", 0)]
    assert table.status == "playing"


def test_a_second_proposal_while_one_waits_is_refused() -> None:
    table = rook(PARTNERS)
    table.handle(0, RESIGN, now=1.0)
    assert errors(table.handle(2, RESIGN, now=2.0)) == ["resign_pending"]
    assert errors(table.handle(0, RESIGN, now=2.0)) == ["resign_pending"]


def test_a_proposal_lapses_after_its_time() -> None:
    table = rook(PARTNERS)
    table.handle(0, RESIGN, now=1.0)
    assert errors(table.handle(2, ACCEPT, now=1.0 + RESIGN_SECONDS)) == ["nothing_to_accept"]
    assert table.status == "playing"
    assert news(table.handle(2, RESIGN, now=40.0)) == [(2, "proposed", 2), (0, "proposed", 2)]


def test_a_proposal_lapses_on_the_next_action() -> None:
    table = rook(PARTNERS)
    seat = human_turn(table, now=0.0)
    table.handle(seat, RESIGN, now=1.0)
    legal = table.legal[seat][-1]
    out = table.handle(
        seat, ActionMessage(type="action", seq=table.seq, action=action_text(legal, "rook")), 2.0
    )
    assert out.accepted is not None
    assert news(out) == [(seat, "lapsed", seat), ((seat + 2) % 4, "lapsed", seat)]
    assert errors(table.handle((seat + 2) % 4, ACCEPT, now=3.0)) == ["nothing_to_accept"]


def test_an_opponent_cannot_answer() -> None:
    table = rook(("human", "human", "human", "bot"))
    table.handle(0, RESIGN, now=1.0)
    assert errors(table.handle(1, ACCEPT, now=2.0)) == ["not_your_team"]


def test_the_action_text_resign_is_refused() -> None:
    """Resigning goes by its own message (a partner may have to agree), never as an
    action applied at once."""
    table = rook(("human", "bot", "bot", "bot"))
    out = table.handle(0, ActionMessage(type="action", seq=table.seq, action="resign"), now=1.0)
    assert errors(out) == ["resign_by_message"] and out.accepted is None
    assert table.status == "playing"


def test_a_partner_who_left_is_not_asked() -> None:
    table = rook(PARTNERS)
    table.handle(2, LeaveMessage(type="leave"), now=1.0)
    assert errors(table.handle(2, RESIGN, now=1.5)) == ["seat_left"]
    assert errors(table.handle(2, ACCEPT, now=1.5)) == ["seat_left"]
    out = table.handle(0, RESIGN, now=2.0)
    assert out.finished
    ended(table, 0)


def test_proposals_are_limited() -> None:
    table = rook(PARTNERS)
    for i in range(RESIGN_BURST):
        table.handle(0, RESIGN, now=1.0 + i)
        table.handle(0, DECLINE, now=1.0 + i)
    out = table.handle(0, RESIGN, now=5.0)
    assert errors(out) == ["resign_too_fast"]
    error = out.messages[0][1]
    assert isinstance(error, ErrorMessage) and int(error.args["retry_after"]) >= 1


def test_hearts_has_no_resign() -> None:
    table = Table("h", TableConfig("hearts", {}, seed=1), now=0.0)
    table.claim(0, "Ann", "hash", now=0.0)
    assert errors(table.handle(0, RESIGN, now=1.0)) == ["no_resign"]
    assert errors(table.handle(0, ACCEPT, now=1.0)) == ["no_resign"]


def test_no_resign_before_the_start_or_after_the_end() -> None:
    waiting = rook(PARTNERS, claim=False)
    waiting.claim(0, "Ann", "hash0", now=0.0)
    assert errors(waiting.handle(0, RESIGN, now=1.0)) == ["not_started"]
    table = rook(("human", "bot", "bot", "bot"))
    table.handle(0, RESIGN, now=1.0)
    assert errors(table.handle(0, RESIGN, now=2.0)) == ["game_over"]
    assert errors(table.handle(None, RESIGN, now=2.0)) == ["not_seated"]


def test_an_opponents_proposal_lapses_when_a_team_resigns() -> None:
    table = rook(("human", "human", "human", "human"))
    table.handle(1, RESIGN, now=1.0)
    table.handle(0, RESIGN, now=1.0)
    out = table.handle(2, ACCEPT, now=2.0)
    assert out.finished
    assert news(out) == [(1, "lapsed", 1), (3, "lapsed", 1)]
    ended(table, 0)
    assert errors(table.handle(3, ChatSend(type="chat", key="gg"), now=3.0)) == []

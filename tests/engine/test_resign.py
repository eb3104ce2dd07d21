"""Rook: a team resigns (``resign``): the other team wins at once, the hand in
progress counts nothing, and the record replays to the same end."""

from __future__ import annotations

from conftest import autoplay, new_rook, refused, rook_in_play

from crowsnest.engine import Play, RookGame, new_game, parse_action, replay
from crowsnest.engine.actions import Resign
from crowsnest.engine.replay_steps import replay_steps
from crowsnest.engine.rook import RookGame as Rook

CN = "rook/crowsnest"


def test_resign_parses_and_prints() -> None:
    assert parse_action(" Resign ", "rook") == Resign()
    assert str(Resign()) == "resign"


def test_resign_takes_no_argument() -> None:
    refused(new_rook(CN), 0, "resign now", "malformed_action")


def test_a_seat_off_turn_resigns_for_its_team_during_the_auction() -> None:
    game = new_rook(CN)
    assert game.actors == {0}
    events = game.apply(2, "resign")
    assert [(e.type, e.data) for e in events] == [
        ("resign", {"seat": 2, "team": 0}),
        ("game_end", {"winner": 1, "totals": [0, 0]}),
    ]
    assert game.phase == "over" and game.is_over
    assert (game.winner, game.resigned) == (1, 0)
    assert game.legal_actions(0) == []
    view = game.view(3).to_json()
    assert (view["resigned"], view["winner"], view["phase"]) == (0, 1, "over")


def test_the_hand_in_progress_counts_nothing_and_the_leader_may_lose() -> None:
    game = new_rook(CN)
    autoplay(game, hands=1)
    totals = list(game.totals)
    leader = 0 if totals[0] > totals[1] else 1
    assert totals[0] != totals[1] and game.phase == "auction"
    game.apply(leader, "resign")  # seat 0 or 1 is of team 0 or 1
    assert game.totals == totals
    assert game.winner == 1 - leader and game.resigned == leader
    standings = game.standings()
    assert [s.won for s in standings] == [s.team != leader for s in standings]
    assert [s.place for s in standings] == [2 if s.team == leader else 1 for s in standings]
    assert {s.hands for s in standings} == {1}


def test_resigning_during_play_keeps_the_trick_where_it_stopped() -> None:
    game = rook_in_play(CN, (None, None, None, None))
    card = game.legal_actions(0)[0]
    assert isinstance(card, Play)
    game.apply(0, card)
    game.apply(3, Resign())
    view = game.view(None)
    assert len(view.trick) == 1 and view.resigned == 1 and view.winner == 0


def test_a_resigned_record_replays_to_the_same_end() -> None:
    game = new_rook(CN)
    autoplay(game, hands=1)
    game.apply(1, "resign")
    record = game.record()
    assert record["actions"][-1] == [1, "resign"]
    again = replay(record)
    assert isinstance(again, RookGame)
    assert (again.phase, again.winner, again.resigned, again.totals) == (
        "over", 0, 1, game.totals
    )  # fmt: skip
    steps = replay_steps(record)
    assert steps["winner"] == 0
    assert steps["steps"][-1]["action"] == {"seat": 1, "text": "resign"}
    assert steps["steps"][-1]["phase"] == "over"


def test_no_resign_once_the_game_is_over() -> None:
    game = new_rook(CN)
    game.apply(0, "resign")
    refused(game, 1, "resign", "game_over")


def test_hearts_has_no_resign() -> None:
    game = new_game("hearts", seed=1)
    refused(game, 0, "resign", "no_resign")


def test_a_single_hand_position_has_no_resign() -> None:
    game = rook_in_play(CN, (None, None, None, None))
    position = Rook.from_position(
        game.rules, game.hands, dealer=game.dealer, declarer=0, bid=game.bid,
        trump=0, discards=game.discards,
    )  # fmt: skip
    refused(position, 0, "resign", "no_resign")


def test_resign_is_never_a_legal_action() -> None:
    for game in (new_rook(CN), rook_in_play(CN, (None, None, None, None))):
        for seat in range(4):
            assert not any(isinstance(a, Resign) for a in game.legal_actions(seat))

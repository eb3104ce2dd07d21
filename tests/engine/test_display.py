"""The order a hand is shown in is the engine's own rank order, and the views carry
what a client would otherwise derive (teams, the seat's team, the bird card's name)."""

from __future__ import annotations

import itertools

import pytest

from crowsnest.engine import RULESETS, AnyGame, HeartsView, PassCards, RookView, new_game
from crowsnest.engine.cards import Family, bits, card_text, colour_of
from crowsnest.engine.display import display_order
from crowsnest.engine.rules import HeartsRules, RookRules, get_rules, tables
from crowsnest.engine.tricks import TrickTables, trick_tables

ROOK = [get_rules(k) for k, r in RULESETS.items() if r.family == "rook"] + [
    get_rules("rook/crowsnest", {"bird": False}),
    get_rules("rook/tournament", {"bird": False}),
]


def deck_of(rules: HeartsRules | RookRules) -> int:
    return (1 << 52) - 1 if isinstance(rules, HeartsRules) else tables(rules).deck


def runs(order: list[int], t: TrickTables) -> list[list[int]]:
    """The order cut into runs of one effective suit."""
    return [list(g) for _, g in itertools.groupby(order, key=t.led)]


def assert_beats_in_order(run: list[int], t: TrickTables, family: Family) -> None:
    for a, b in itertools.pairwise(run):
        shown = f"{card_text(a, family)} is shown above {card_text(b, family)}"
        assert t.winner([a, b]) == 0, shown
        assert t.winner([b, a]) == 1, shown


@pytest.mark.parametrize("rules", ROOK, ids=lambda r: f"{r.id}{'' if r.bird else ' no bird'}")
@pytest.mark.parametrize("trump", [0, 1, 2, 3])
def test_rook_hand_shows_trump_first_then_each_colour_highest_first(
    rules: RookRules, trump: int
) -> None:
    t = trick_tables(rules, trump)
    order = display_order(rules, trump, deck_of(rules))
    assert sorted(order) == sorted(set(order)) and len(order) == rules.deck_size
    groups = runs(order, t)
    assert len(groups) == 4, "each effective suit once, in one run"
    assert t.led(groups[0][0]) == t.trump
    side = [c for c in range(4) if c != trump]
    assert [colour_of(g[0]) for g in groups[1:]] == side
    for run in groups:
        assert_beats_in_order(run, t, "rook")


@pytest.mark.parametrize("rules", ROOK, ids=lambda r: f"{r.id}{'' if r.bird else ' no bird'}")
def test_rook_hand_before_trump_shows_the_specials_first(rules: RookRules) -> None:
    specials = tables(rules).specials
    order = display_order(rules, None, deck_of(rules))
    n = specials.bit_count()
    assert sum(1 << c for c in order[:n]) == specials
    assert_beats_in_order(order[:n], trick_tables(rules, 0), "rook")
    rest = order[n:]
    for colour, run in enumerate(runs(rest, trick_tables(rules, 0))):
        # Each colour highest first, as it ranks when another colour is trump.
        assert all(colour_of(c) == colour for c in run)
        assert_beats_in_order(run, trick_tables(rules, (colour + 1) % 4), "rook")


def test_hearts_hand_shows_clubs_diamonds_spades_hearts_highest_first() -> None:
    rules = get_rules("hearts")
    assert isinstance(rules, HeartsRules)
    t = trick_tables(rules)
    order = display_order(rules, None, deck_of(rules))
    groups = runs(order, t)
    assert [g[0] // 13 for g in groups] == [0, 1, 3, 2]
    for run in groups:
        assert len(run) == 13
        assert_beats_in_order(run, t, "hearts")


def test_the_view_lists_the_hand_in_display_order() -> None:
    game = new_game("rook/buckeye", seed=2)
    for seat in range(4):
        view = game.view(seat)
        assert isinstance(view, RookView) and view.hand is not None
        shown = [card_text(c, "rook") for c in display_order(view.rule_set, view.trump, view.hand)]
        assert view.to_json()["hand"] == shown
        assert view.hand_order() == display_order(view.rule_set, None, view.hand)
    assert game.view(None).hand_order() is None and game.view(None).to_json()["hand"] is None


@pytest.mark.parametrize(
    ("rules_id", "options", "bird"),
    [
        ("rook/crowsnest", {}, "crow"),
        ("rook/crowsnest", {"bird": False}, None),
        ("rook/tournament", {}, "rook"),
        ("rook/tournament", {"bird": False}, None),
        ("rook/red-one", {}, "rook"),
        ("rook/partnership", {}, None),
        ("rook/dixie", {}, None),
        ("hearts", {}, None),
    ],
)
def test_views_carry_teams_team_and_bird(
    rules_id: str, options: dict[str, object], bird: str | None
) -> None:
    game = new_game(rules_id, options=options, seed=1)
    rook = game.rules.family == "rook"
    teams = [[0, 2], [1, 3]] if rook else [[0], [1], [2], [3]]
    for seat in (0, 1, 2, 3, None):
        view = game.view(seat)
        data = view.to_json()
        assert view.rule_set == game.rules
        assert data["game"] == view.family == game.rules.family
        assert data["teams"] == teams
        team = None if seat is None else (seat % 2 if rook else seat)
        assert data["team"] == view.team == team
        if seat is not None:
            assert seat in teams[data["team"]]
        assert data["bird"] == view.bird == bird


def _hearts_view(game: AnyGame, seat: int | None) -> HeartsView:
    view = game.view(seat)
    assert isinstance(view, HeartsView)
    return view


@pytest.mark.parametrize("hand_number", [0, 1, 2, 3])
def test_a_hearts_view_names_the_seat_it_passes_to(hand_number: int) -> None:
    """``pass_to`` is the seat that receives what this seat passes: the engine's own
    exchange says so."""
    game = new_game("hearts", seed=2, start_hand=hand_number)
    views = [_hearts_view(game, seat) for seat in range(4)]
    assert _hearts_view(game, None).pass_to is None
    if views[0].pass_direction == "none":
        assert [v.pass_to for v in views] == [None] * 4
        return
    passed = {}
    for seat, view in enumerate(views):
        passed[seat] = sum(1 << c for c in sorted(bits(view.hand or 0))[:3])
        game.apply(seat, PassCards(passed[seat]))
    for seat, view in enumerate(views):
        assert view.pass_to is not None and view.pass_to != seat
        assert _hearts_view(game, view.pass_to).received == passed[seat]

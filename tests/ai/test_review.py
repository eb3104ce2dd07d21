"""Hand review (``crowsnest.ai.review``): positions where the right choice is known
are flagged with the expected sign and size; forced decisions never are."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from test_rook_bots import COUNTERS, FEED

from crowsnest.ai.hearts.normal import Normal
from crowsnest.ai.hearts.solver import OutOfNodes, Position, Solved, Solver
from crowsnest.ai.judge import legal_count, sampled, scorer_for
from crowsnest.ai.review import judge_position, review
from crowsnest.ai.verdicts import HEARTS_BANDS, ROOK_BANDS, Decision, accuracy, band_of, bands
from crowsnest.arena.scenarios import game_at
from crowsnest.engine import (
    RULESETS,
    Bid,
    Choose,
    HeartsGame,
    IllegalAction,
    Play,
    RookGame,
    RookRules,
    new_game,
    parse_cards,
)
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules.hearts import HEARTS
from crowsnest.engine.rules.rook import tables
from crowsnest.engine.tricks import Trick

WORLDS = 48


def two_tricks_left(hands: list[str], leader: int) -> HeartsGame:
    """A Hearts position with two tricks left and ``hands`` as given: the other 44
    cards were played in the first eleven tricks (in card order, seat 0 leading)."""
    masks = [parse_cards(h) for h in hands]
    held = masks[0] | masks[1] | masks[2] | masks[3]
    rest = [c for c in range(52) if not held >> c & 1]
    done = [Trick(0, tuple(rest[i : i + 4]), 0, 0) for i in range(0, 44, 4)]
    return HeartsGame.from_position(
        HEARTS,
        masks,
        trick=(),
        leader=leader,
        tricks=done,
        broken=True,
        taken=(0, 0, 0, 0),
        totals=(0, 0, 0, 0),
    )


QUEEN = ["KS 2D", "QS 3D", "4D 8C", "5D 6D"]
"""Seat 0 leads with the last two spades out: its king forces the queen onto its own
trick; a diamond lead, won by a higher diamond, mostly leaves the queen elsewhere."""


def test_a_forced_loss_of_the_queen_that_another_lead_avoids_is_a_blunder() -> None:
    game = two_tricks_left(QUEEN, leader=0)
    d = judge_position(game, 0, "play KS", worlds=WORLDS)
    assert d.best == "play 2D"
    assert d.taken_value is not None and d.taken_value == pytest.approx(13.0)  # 13 - 0/3
    assert 8.0 <= d.cost <= 52 / 3  # the queen costs 13 + 13/3 relative, in most worlds
    assert d.cost > 2 * d.se
    assert d.band == "blunder"
    # With every card face up the diamond lead loses nothing: 3D 4D 5D, seat 3 wins.
    assert d.hindsight is not None
    assert d.hindsight.best == "play 2D"
    assert d.hindsight.cost == pytest.approx(52 / 3)


def test_the_better_lead_is_not_flagged() -> None:
    game = two_tricks_left(QUEEN, leader=0)
    d = judge_position(game, 0, "play 2D", worlds=WORLDS)
    assert d.best == "play 2D"
    assert d.cost == 0.0
    assert d.band is None


def test_a_single_legal_card_is_never_searched_nor_flagged() -> None:
    """Seat 1 must follow spades with its only spade, the queen, onto the king."""
    game = two_tricks_left(QUEEN, leader=0)
    game.apply(0, "play KS")
    d = judge_position(game, 1, "play QS", worlds=WORLDS)
    assert d.forced and d.legal == 1
    assert d.best is None and d.band is None and d.cost == 0.0


def test_an_illegal_action_is_refused_by_the_engine() -> None:
    game = two_tricks_left(QUEEN, leader=0)
    game.apply(0, "play KS")
    with pytest.raises(IllegalAction):
        judge_position(game, 1, "play 3D")


def test_keeping_a_counter_off_the_partners_sure_trick_is_a_mistake() -> None:
    """Seat 3 plays third on its partner's R14, the top trump: the R10 (10 points)
    belongs on it; the R6 keeps it to lose later."""
    game = game_at(
        "rook/crowsnest", FEED, "R11 R12 R13 B14 CROW", dealer=0, declarer=1, plays="R14 R7"
    )
    d = judge_position(game, 3, "play R6", worlds=200)  # a set contract makes it noisy
    assert d.best == "play R10"
    assert d.taken_value is not None and d.best_value is not None
    assert d.best_value > d.taken_value
    assert 5.0 <= d.cost <= 60.0
    assert d.band in ("inaccuracy", "mistake", "blunder")
    good = judge_position(game, 3, "play R10", worlds=WORLDS)
    assert good.band is None and good.cost == 0.0


def overbid_position() -> RookGame:
    rules = RULESETS["rook/crowsnest"]
    assert isinstance(rules, RookRules)
    rest = [c for c in card_list_text(tables(rules).deck, "rook") if c not in COUNTERS.split()]
    hands = [" ".join(rest[0:9]), " ".join(rest[9:18]), COUNTERS, " ".join(rest[18:27])]
    game = game_at("rook/crowsnest", hands, " ".join(rest[27:]), dealer=3, declarer=None)
    game.apply(0, "bid pass")
    game.apply(1, "bid 95")
    return game


def test_an_overbid_is_a_blunder() -> None:
    """Seat 2's counter-heavy hand (three trumps at best) goes set at 120: minus the
    bid, and the other side scores what it takes."""
    game = overbid_position()
    d = judge_position(game, 2, Bid(120), worlds=WORLDS)
    assert d.best is not None and d.best in ("bid pass", "bid 100")
    assert d.cost >= 30.0
    assert d.band == "blunder"
    assert d.phase == "auction"


def test_bands_need_the_threshold_and_two_standard_errors() -> None:
    assert band_of(20.0, 1.0, HEARTS_BANDS) == "blunder"
    assert band_of(4.0, 1.0, HEARTS_BANDS) == "mistake"
    assert band_of(4.0, 2.5, HEARTS_BANDS) is None  # within two standard errors
    assert band_of(0.5, 0.1, HEARTS_BANDS) is None  # below every threshold
    assert band_of(16.0, 2.0, ROOK_BANDS) == "mistake"


def test_rook_bands_scale_with_the_points_per_hand() -> None:
    crowsnest = dict(bands("rook", "rook/crowsnest"))
    rules = RULESETS["rook/crowsnest"]
    assert isinstance(rules, RookRules)
    assert crowsnest["mistake"] == pytest.approx(15.0 * rules.points_per_hand / 120)
    assert dict(bands("hearts", "hearts"))["blunder"] == 8.0


def test_accuracy_counts_only_costs_outside_the_noise() -> None:
    def decision(cost: float, se: float, legal: int = 5) -> Decision:
        return Decision(0, 0, "play", (), (), "play 2C", legal, cost=cost, se=se)

    assert accuracy("hearts", "hearts", [decision(0.0, 0.0), decision(0.0, 0.0)]) == 100.0
    noisy = accuracy("hearts", "hearts", [decision(2.0, 3.0), decision(0.0, 0.0)])
    assert noisy == 100.0
    bad = accuracy("hearts", "hearts", [decision(6.0, 1.0), decision(0.0, 0.0)])
    assert bad == pytest.approx(100 * 2.718281828 ** (-1.0), rel=1e-6)
    assert accuracy("hearts", "hearts", [decision(9.0, 0.0, legal=1)]) is None


def test_legal_count_counts_the_choices_a_template_admits() -> None:
    assert legal_count([Choose("pass", 3, parse_cards("2C 3C 4C 5C"), 0)]) == 4
    assert legal_count([Choose("pass", 3, parse_cards("2C 3C 4C"), 0)]) == 1


def test_review_checks_its_arguments() -> None:
    record = new_game("hearts", seed=1).record()
    with pytest.raises(ValueError, match="not a seat"):
        review(record, 4)
    with pytest.raises(ValueError, match="worlds"):
        review(record, 0, worlds=1)
    empty = review(record, 0, worlds=2)
    assert empty.decisions == () and empty.family == "hearts" and empty.accuracy is None


def first_hand_by_normal_bots() -> dict[str, Any]:
    """The record of a Hearts game's first hand, played by Normal bots (seed 3)."""
    game = new_game("hearts", seed=3)
    bot = Normal()
    rng = random.Random(3)
    while game.hand_number == 0:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    return game.record()


def test_hearts_hindsight_is_the_exact_search_or_says_it_was_cut_short() -> None:
    """A whole hand's card play reviewed with a small node budget: the first tricks'
    hindsight is cut short and carries no figure; the last ones' is exact (the
    solver's value after the card taken) and never a negative cost."""
    found = review(first_hand_by_normal_bots(), 0, worlds=4, nodes=3000)
    played = [d for d in found.decisions if d.phase == "play" and not d.forced]
    seen = [d.hindsight for d in played]
    assert all(h is not None for h in seen)
    cut = [d for d in played if d.hindsight is not None and d.hindsight.cut_short]
    exact = [d for d in played if d.hindsight is not None and not d.hindsight.cut_short]
    assert cut and exact
    assert all(d.hindsight.best is None and d.hindsight.cost is None for d in cut if d.hindsight)
    assert max(len(d.hand) for d in exact) < max(len(d.hand) for d in cut)
    for d in exact:
        h = d.hindsight
        assert h is not None and h.cost is not None and h.cost >= 0
    as_json = found.to_json()["decisions"]
    assert any(d["hindsight"] and d["hindsight"]["cut_short"] for d in as_json)
    passes = [d for d in found.decisions if d.phase == "pass"]
    assert all(d.hindsight is None for d in passes)  # the pass has none


def test_hearts_hindsight_is_searched_from_the_hands_end_and_stops_at_the_first_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The exact search runs for the last card decision first, then back to the
    first; once a position's search is cut short, positions of the same hand that
    hold more cards are not searched (they would spend the whole budget too) but cut
    short at once; and the review says the same as a search of every position."""
    record = first_hand_by_normal_bots()
    searched: list[tuple[int, bool]] = []  # (cards left, cut short) per search, in order
    compare = Solver.compare

    def spy(self: Solver, position: Position, taken: int, cards: Sequence[int]) -> Solved:
        left = sum(h.bit_count() for h in position.hands)
        try:
            found = compare(self, position, taken, cards)
        except OutOfNodes:
            searched.append((left, True))
            raise
        searched.append((left, False))
        return found

    monkeypatch.setattr(Solver, "compare", spy)
    found = review(record, 0, worlds=4, nodes=3000)
    sizes = [left for left, _ in searched]
    assert sizes == sorted(sizes)  # from the end of the hand backwards
    cuts = [left for left, cut in searched if cut]
    assert cuts == [max(sizes)]  # the first cut is the last search
    played = [d for d in found.decisions if d.phase == "play" and not d.forced]
    assert len(searched) < len(played)  # the earlier positions were not searched
    # Every position searched (no skipping) gives the same review.
    monkeypatch.setattr(Solver, "compare", compare)
    one_by_one = [
        judge_position(replayed_before(record, d.step), 0, d.taken, worlds=4, nodes=3000)
        for d in played
    ]
    assert [d.hindsight for d in played] == [d.hindsight for d in one_by_one]


def replayed_before(record: dict[str, Any], step: int) -> HeartsGame:
    """The game of ``record`` just before its action number ``step``."""
    game = new_game(record["rules"], seed=record["seed"], deals=record.get("deals", []))
    assert isinstance(game, HeartsGame)
    for who, text in record["actions"][:step]:
        game.apply(who, text)
    return game


def test_a_budget_too_small_for_the_position_gives_no_hindsight_figure() -> None:
    game = two_tricks_left(QUEEN, leader=0)
    d = judge_position(game, 0, "play KS", worlds=WORLDS, nodes=2)
    assert d.hindsight is not None and d.hindsight.cut_short
    assert d.hindsight.cost is None and d.hindsight.best is None
    assert d.band == "blunder"  # the search's own judgement stands


def test_a_search_of_two_lines_is_reviewed_by_each_actions_better_line_over_the_worlds() -> None:
    """Hearts Hard plays each card on by the Normal policy and by a moon line for
    itself, and counts a card's line with the better total over its worlds; the review
    counts the same, not the better line of each world, which flatters every card.
    The first trick's second card: nobody has a point, so both lines are played."""
    game = new_game("hearts", seed=0, start_hand=3)  # no pass: the 2C leads
    assert isinstance(game, HeartsGame)
    game.apply(game.turn, Play(parse_cards("2C").bit_length() - 1))
    scorer = scorer_for(game, game.turn, game.legal_actions(game.turn))
    assert scorer is not None and scorer.lines is not None and not scorer.higher
    actions = list(scorer.candidates)
    results = sampled(scorer, actions, 12, random.Random(5))
    rng = random.Random(5)
    lines: list[list[list[float]]] = [[[], []] for _ in actions]
    each_world: list[list[float]] = [[] for _ in actions]
    for _ in range(12):
        world = scorer.draw(rng)
        for i, action in enumerate(actions):
            values = scorer.lines(world, action)
            assert scorer.value(world, action) == min(values)
            each_world[i].append(-min(values))
            for k, v in enumerate(values):
                lines[i][k].append(-v)
    assert results == [max(found, key=sum) for found in lines]
    assert all(sum(r) <= sum(w) for r, w in zip(results, each_world, strict=True))
    assert any(sum(r) < sum(w) for r, w in zip(results, each_world, strict=True))

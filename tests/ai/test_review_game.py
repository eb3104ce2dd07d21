"""A whole game with scripted mistakes, reviewed: every scripted mistake is found,
nothing is said of another seat's decisions or of a forced card."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.review import review
from crowsnest.ai.rook.normal import Normal
from crowsnest.engine import Bid, RookGame, new_game

HANDS = 3
SEAT = 0


def play_game(seed: int) -> tuple[dict[str, object], set[int]]:
    """``HANDS`` hands of CrowsNest, Normal bots everywhere; seat 0 overbids (the
    highest bid) at its first bid of each hand. The record, and the steps of the
    scripted mistakes."""
    game = new_game("rook/crowsnest", seed=seed)
    assert isinstance(game, RookGame)
    bots = [Normal() for _ in range(4)]
    rng = random.Random(seed)
    scripted: set[int] = set()
    bid_in_hand = -1
    while game.hand_number < HANDS and game.phase != "over":
        (seat,) = game.actors
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal, rng)
        if seat == SEAT and game.phase == "auction" and bid_in_hand != game.hand_number:
            bid_in_hand = game.hand_number
            amounts = [a.amount for a in legal if isinstance(a, Bid) and a.amount is not None]
            if amounts:
                action = Bid(max(amounts))
                scripted.add(len(game.log))
        game.apply(seat, action)
    return game.record(), scripted


@pytest.mark.slow
def test_every_scripted_overbid_is_found_and_nothing_else_is_said_of_other_seats() -> None:
    record, scripted = play_game(seed=11)
    assert len(scripted) == HANDS
    result = review(record, SEAT, worlds=48)
    actions = record["actions"]
    assert isinstance(actions, list)
    steps = {d.step for d in result.decisions}
    assert steps == {i for i, (seat, _) in enumerate(actions) if seat == SEAT}
    flagged = {d.step: d for d in result.flagged}
    for step in scripted:
        assert step in flagged, f"scripted mistake at step {step} not found"
        assert flagged[step].band in ("mistake", "blunder")
    for d in result.decisions:
        if d.forced:
            assert d.band is None and d.best is None
    assert result.accuracy is not None and result.accuracy < 90.0

"""Random-playout workloads for ``make bench`` (see ``docs/benchmarks.md``).

Each entry plays complete hands from fresh deals with uniformly random legal
actions and returns how many hands it played:

* ``<rules> (engine)``: one hand at a time through the game objects' own fast,
  unchecked paths (``legal_mask``, ``play_fast``, ...) -- the path search uses;
* ``hearts (checked API, apply | step)``: the public checked API, as a bot author
  would search with it: ``legal_actions(seat)``, a random one of them (a random pass
  for the pass template), ``apply(seat, action)`` with the action object (the events
  collected) or ``step(seat, action)`` (the same check, no events), a game going on
  hand after hand;
* ``<rules> (batch)``: many hands at once with the numpy playouts of
  :mod:`bench.batch` and :mod:`bench.batch_rook`, which the
  tests cross-check against the engine.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Final

import numpy as np

from bench.batch import hearts_hands
from bench.batch_rook import rook_hands
from crowsnest.engine.actions import Choose, PassCards
from crowsnest.engine.cards import bits
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rook import RookGame
from crowsnest.engine.rules import RULESETS, HeartsRules, RookRules

PlayHands = Callable[[random.Random], int]
BATCH: Final = 2048


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty mask."""
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_subset(mask: int, count: int, rng: random.Random) -> int:
    return sum(1 << c for c in rng.sample(list(bits(mask)), count))


class EngineHands:
    """Plays one hand per call on a game that goes on (a new game once it is over),
    so each hand costs one deal, as in a real game."""

    def __init__(self, rules: HeartsRules | RookRules) -> None:
        self.rules = rules
        self.game: HeartsGame | RookGame | None = None

    def __call__(self, rng: random.Random) -> int:
        game = self.game
        if game is None or game.is_over:
            if isinstance(self.rules, HeartsRules):
                game = HeartsGame(self.rules, rng.getrandbits(64))
            else:
                game = RookGame(self.rules, rng.getrandbits(64))
            self.game = game
        if isinstance(game, HeartsGame):
            hearts_hand(game, rng)
        else:
            rook_hand(game, rng)
        return 1


def hearts_hand(game: HeartsGame, rng: random.Random) -> None:
    if game.phase == "pass":
        count = game.rules.pass_count
        for seat in range(4):
            game.pass_fast(seat, random_subset(game.hands[seat], count, rng))
    for _ in range(52):
        game.play_fast(random_card(game.legal_mask(), rng))


class CheckedHands:
    """One Hearts hand per call through ``legal_actions`` / ``apply`` (checked, the
    events collected; ``step``: checked, no events), on a game that goes on (a new
    game once it is over)."""

    def __init__(self, rules: HeartsRules, events: bool = True) -> None:
        self.rules = rules
        self.events = events
        self.game: HeartsGame | None = None

    def __call__(self, rng: random.Random) -> int:
        game = self.game
        if game is None or game.is_over:
            game = self.game = HeartsGame(self.rules, rng.getrandbits(64))
        results = game.results
        hands = len(results)
        while len(results) == hands:  # the last hand of a game has a result too
            seat = min(game.actors)
            legal = game.legal_actions(seat)
            choice = legal[int(rng.random() * len(legal))]
            if isinstance(choice, Choose):
                choice = PassCards(random_subset(choice.allowed, choice.count, rng))
            if self.events:
                game.apply(seat, choice)
            else:
                game.step(seat, choice)
        return 1


def rook_hand(game: RookGame, rng: random.Random) -> None:
    while game.phase == "auction":
        bids = game.bid_range()
        forced = game._forced(game.turn)
        k = int(rng.random() * (len(bids) + (not forced)))
        amount = None if not forced and k == len(bids) else bids[k]
        game.bid_fast(game.turn, amount)
    if game.phase == "discard":
        choice = game.discard_choice()
        free = choice.allowed & ~choice.required
        need = choice.count - choice.required.bit_count()
        game.discard_fast(choice.required | random_subset(free, need, rng))
    game.trump_fast(int(rng.random() * 4))
    for _ in range(4 * game.rules.hand_size):
        game.play_fast(random_card(game.legal_mask(), rng))


def hearts_batch(rules: HeartsRules, rng: random.Random) -> int:
    hearts_hands(rules, BATCH, np.random.default_rng(rng.getrandbits(64)))
    return BATCH


def rook_batch(rules: RookRules, rng: random.Random) -> int:
    rook_hands(rules, BATCH, np.random.default_rng(rng.getrandbits(64)))
    return BATCH


def _entries() -> dict[str, PlayHands]:
    out: dict[str, PlayHands] = {}
    for rules_id, rules in RULESETS.items():
        if isinstance(rules, HeartsRules):
            out[f"{rules_id} (engine)"] = EngineHands(rules)
            out[f"{rules_id} (checked API, apply)"] = CheckedHands(rules)
            out[f"{rules_id} (checked API, step)"] = CheckedHands(rules, events=False)
            out[f"{rules_id} (batch)"] = functools.partial(hearts_batch, rules)
        else:
            out[f"{rules_id} (engine)"] = EngineHands(rules)
            out[f"{rules_id} (batch)"] = functools.partial(rook_batch, rules)
    return out


OURS: Final = _entries()

"""One arena job, one hand played by four bots, and what a deal's plays produce."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Literal

from crowsnest.ai.base import Bot
from crowsnest.engine import AnyGame, RulesError, new_game

MAX_DECISIONS = 10_000
"""A hand that needs more decisions than this is stuck (bots passing forever)."""


class ArenaError(RuntimeError):
    """A bot broke the rules, or a hand could not be finished."""


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to play any deal of a run (it is sent once)."""

    family: Literal["hearts", "rook"]
    rules: str
    lineup: tuple[str, ...]
    """Hearts: four bots (a candidate run is ``(candidate, field, field, field)``);
    Rook: the candidate team's bot and the field team's."""
    seed: int
    options: tuple[tuple[str, object], ...] = ()
    budget: float | None = None
    seatings: tuple[tuple[int, ...], ...] = ()
    """Hearts: the seatings every deal is played in, each the lineup position sitting
    in seats 0-3 (see ``hearts.seatings``); Rook: none (the teams swap seats)."""
    untimed: bool = False
    """The search bots' time limit off: each decision does its fixed work, so that the
    run depends on the code and the seed alone (``crowsnest arena --untimed``)."""

    def new_game(self, game_seed: int, hand_number: int) -> AnyGame:
        return new_game(
            self.rules, options=dict(self.options), seed=game_seed, start_hand=hand_number
        )


@dataclass(frozen=True, slots=True)
class HeartsHand:
    """One play of a Hearts deal, by lineup position (not by seat)."""

    points: tuple[int, int, int, int]
    moon: int | None
    """The lineup position that shot the moon."""


@dataclass(frozen=True, slots=True)
class RookHand:
    """One play of a Rook deal, by side: 0 the candidate team, 1 the field team."""

    score: tuple[int, int]
    counted: tuple[int, int]
    declarer_side: int
    bid: int
    made: bool
    redeals: int


@dataclass(frozen=True, slots=True)
class DealOutcome:
    index: int
    hands: tuple[HeartsHand, ...] | tuple[RookHand, ...]
    times: tuple[tuple[float, ...], ...]
    """Decision times in seconds, per lineup position (Hearts) or side (Rook)."""


def play_hand(
    game: AnyGame,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    times: Sequence[list[float]],
    names: Sequence[str],
) -> None:
    """Let ``bots[seat]`` play until the first hand is scored; time every ``choose``."""
    for _ in range(MAX_DECISIONS):
        if game.results or game.is_over:
            return
        seat = min(game.actors)
        legal = game.legal_actions(seat)
        view = game.view(seat)
        start = perf_counter()
        action = bots[seat].choose(view, legal, rngs[seat])
        times[seat].append(perf_counter() - start)
        try:
            game.apply(seat, action)
        except RulesError as err:
            raise ArenaError(f"bot {names[seat]!r} in seat {seat}: {err}") from None
    raise ArenaError(f"the hand did not end within {MAX_DECISIONS} decisions")


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What was played, and how fast."""

    rules: str
    lineup: tuple[str, ...]
    deals: int
    hands: int
    seed: int
    workers: int
    seconds: float
    budget: float | None = None
    options: tuple[tuple[str, object], ...] = ()
    seeds: tuple[int, ...] = ()
    """Runs merged from deal logs of several seeds: those seeds (else empty)."""
    played_hands: int | None = None
    """Hands played in ``seconds`` when some deals were read from a deal log instead
    (a resumed or merged run); None when every hand was played in ``seconds``."""
    untimed: bool = False
    """The search bots played with their time limit off (:attr:`Job.untimed`)."""

    @property
    def hands_per_second(self) -> float:
        hands = self.hands if self.played_hands is None else self.played_hands
        return hands / self.seconds if self.seconds > 0 else float("inf")

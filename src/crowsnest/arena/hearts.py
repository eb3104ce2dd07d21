"""Hearts duplicate: every deal is played once per cyclic seating of the lineup.

Deal ``i`` is dealt as hand number ``i`` (so the pass direction cycles left, right,
across, none with the deal index) from the game seed of ``(seed, i)``. In seating
``k`` the bot at lineup position ``j`` sits in seat ``(j + k) % 4``: over the four
seatings each bot plays each seat's cards once. A candidate run's lineup is
``(candidate, field, field, field)``; a head-to-head run's is four bots.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from crowsnest.arena.hand import DealOutcome, HeartsHand, Job, RunInfo, play_hand
from crowsnest.arena.players import Seating
from crowsnest.arena.seeding import game_seed, seat_seed
from crowsnest.arena.stats import Interval, Timing, mean_ci, timing
from crowsnest.engine import HeartsGame

SEATINGS = 4


def play_deal(job: Job, index: int, seating: Seating) -> DealOutcome:
    hands: list[HeartsHand] = []
    times: list[list[float]] = [[] for _ in job.lineup]
    for k in range(SEATINGS):
        who = [(seat - k) % 4 for seat in range(4)]  # lineup position in each seat
        names = [job.lineup[w] for w in who]
        bots = [seating.bot(name) for name in names]
        rngs = [random.Random(seat_seed(job.seed, index, seat)) for seat in range(4)]
        seat_times: list[list[float]] = [[] for _ in range(4)]
        game = job.new_game(game_seed(job.seed, index), index)
        assert isinstance(game, HeartsGame)
        play_hand(game, bots, rngs, seat_times, names)
        result = game.results[0]
        points = [0, 0, 0, 0]
        for seat in range(4):
            points[who[seat]] = result.points[seat]
            times[who[seat]].extend(seat_times[seat])
        moon = None if result.moon is None else who[result.moon]
        hands.append(HeartsHand((points[0], points[1], points[2], points[3]), moon))
    return DealOutcome(index, tuple(hands), tuple(tuple(t) for t in times))


def _hearts_hands(outcome: DealOutcome) -> list[HeartsHand]:
    return [h for h in outcome.hands if isinstance(h, HeartsHand)]


@dataclass(frozen=True, slots=True)
class HeartsResult:
    """A candidate against a field of three: lower is better."""

    run: RunInfo
    candidate: str
    field: str
    score: Interval
    """Candidate's points minus the mean of the other three, per hand; the sample
    is the per-deal means (one per deal, over its four seatings)."""
    points: Interval
    """The candidate's own points per hand."""
    moons_shot: int
    moons_suffered: int
    """Hands in which a field player shot the moon."""
    timing: Timing | None
    per_deal: tuple[float, ...]


def summarise(run: RunInfo, outcomes: tuple[DealOutcome, ...]) -> HeartsResult:
    per_deal: list[float] = []
    own: list[float] = []
    shot = suffered = 0
    for outcome in outcomes:
        hands = _hearts_hands(outcome)
        # In thirds of a point, so that exact duplicates cancel to exactly 0.
        thirds = sum(3 * h.points[0] - sum(h.points[1:]) for h in hands)
        per_deal.append(thirds / (3 * len(hands)))
        own.append(sum(h.points[0] for h in hands) / len(hands))
        shot += sum(h.moon == 0 for h in hands)
        suffered += sum(h.moon is not None and h.moon != 0 for h in hands)
    return HeartsResult(
        run=run,
        candidate=run.lineup[0],
        field=run.lineup[1],
        score=mean_ci(per_deal),
        points=mean_ci(own),
        moons_shot=shot,
        moons_suffered=suffered,
        timing=timing([t for o in outcomes for t in o.times[0]]),
        per_deal=tuple(per_deal),
    )


@dataclass(frozen=True, slots=True)
class TableBot:
    name: str
    points: Interval
    """Points per hand; the sample is the per-deal means over the four seatings."""
    moons: int
    timing: Timing | None


@dataclass(frozen=True, slots=True)
class TablePair:
    a: int
    b: int
    """Lineup positions; ``diff`` is a's points minus b's, per hand."""
    diff: Interval


@dataclass(frozen=True, slots=True)
class HeartsTableResult:
    """Four bots head to head, each in every seat of every deal."""

    run: RunInfo
    bots: tuple[TableBot, ...]
    pairs: tuple[TablePair, ...]
    per_deal: tuple[tuple[float, ...], ...]
    """Per deal, each bot's mean points per hand."""


def summarise_table(run: RunInfo, outcomes: tuple[DealOutcome, ...]) -> HeartsTableResult:
    n = len(run.lineup)
    per_deal: list[tuple[float, ...]] = []
    moons = [0] * n
    for outcome in outcomes:
        hands = _hearts_hands(outcome)
        per_deal.append(tuple(sum(h.points[j] for h in hands) / len(hands) for j in range(n)))
        for h in hands:
            if h.moon is not None:
                moons[h.moon] += 1
    bots = tuple(
        TableBot(
            run.lineup[j],
            mean_ci([d[j] for d in per_deal]),
            moons[j],
            timing([t for o in outcomes for t in o.times[j]]),
        )
        for j in range(n)
    )
    pairs = tuple(
        TablePair(a, b, mean_ci([d[a] - d[b] for d in per_deal]))
        for a, b in combinations(range(n), 2)
    )
    return HeartsTableResult(run, bots, pairs, tuple(per_deal))

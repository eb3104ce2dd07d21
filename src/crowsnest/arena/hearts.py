"""Hearts duplicate: every deal is played once per cyclic seating of the lineup.

Deal ``i`` is dealt as hand number ``i`` (so the pass direction cycles left, right,
across, none with the deal index) from the game seed of ``(seed, i)``. In seating
``k`` the bot at lineup position ``j`` sits in seat ``(j + k) % 4``: over the four
seatings each bot plays each seat's cards once. A candidate run's lineup is
``(candidate, field, field, field)``; a head-to-head run's is four bots.

Four cyclic seatings do not seat every bot beside every other on both sides: a
head-to-head table is played in its *distinct* seatings instead (all 24 for four
different bots, 6 for ``A,B,A,B``), the cyclic ones first. ``cyclic`` keeps the
four rotations only; a candidate run always uses them (the candidate's place is its
own even when the field is the same bot). ``rotations`` keeps the distinct rotations:
for ``A,B,A,B`` its two alternate seatings, each bot between two of the other (a third
of the distinct seatings' work).

>>> len(seatings(("a", "b", "c", "d"))), len(seatings(("a", "b", "a", "b")))
(24, 6)
>>> seatings(("c", "f", "f", "f")) == seatings(("c", "f", "f", "f"), "cyclic")
True
>>> seatings(("a", "b", "a", "b"), "rotations")
((0, 1, 2, 3), (3, 0, 1, 2))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Literal

from crowsnest.arena.hand import DealOutcome, HeartsHand, Job, RunInfo, play_hand
from crowsnest.arena.players import Seating
from crowsnest.arena.seeding import game_seed, seat_seed
from crowsnest.arena.stats import Interval, Timing, mean_ci, timing
from crowsnest.engine import HeartsGame

SeatingMode = Literal["distinct", "cyclic", "rotations"]
SEATING_MODES: tuple[SeatingMode, ...] = ("distinct", "cyclic", "rotations")


def seatings(lineup: Sequence[str], mode: SeatingMode = "distinct") -> tuple[tuple[int, ...], ...]:
    """The seatings a deal is played in: each gives the lineup position in seats 0-3.

    ``cyclic``: the four rotations. ``distinct``: every arrangement of the lineup's
    bots that differs by who sits where (bots of the same name are alike), the four
    rotations first, then the others in lexicographic order. ``rotations``: the
    rotations that differ by who sits where."""
    cyclic = [tuple((seat - k) % 4 for seat in range(4)) for k in range(4)]
    if mode == "cyclic":
        return tuple(cyclic)
    if mode not in SEATING_MODES:
        raise ValueError(f"seatings are {', '.join(SEATING_MODES)}, not {mode!r}")
    out: dict[tuple[str, ...], tuple[int, ...]] = {}
    for who in cyclic if mode == "rotations" else [*cyclic, *permutations(range(4))]:
        out.setdefault(tuple(lineup[w] for w in who), tuple(who))
    return tuple(out.values())


def play_deal(job: Job, index: int, seating: Seating) -> DealOutcome:
    hands: list[HeartsHand] = []
    times: list[list[float]] = [[] for _ in job.lineup]
    for who in job.seatings or seatings(job.lineup, "cyclic"):  # lineup position per seat
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
    """Points per hand; the sample is the per-deal means over the deal's seatings (and
    over the bot's places in the lineup when it is named more than once)."""
    moons: int
    timing: Timing | None


@dataclass(frozen=True, slots=True)
class TablePair:
    a: int
    b: int
    """Indexes in ``bots``; ``diff`` is a's points minus b's, per hand."""
    diff: Interval


@dataclass(frozen=True, slots=True)
class HeartsTableResult:
    """Bots head to head, each in every seat of every deal (in every distinct seating,
    unless the run asked for the four rotations only). A bot named more than once in
    the lineup is one row: its places are alike."""

    run: RunInfo
    bots: tuple[TableBot, ...]
    pairs: tuple[TablePair, ...]
    per_deal: tuple[tuple[float, ...], ...]
    """Per deal, each bot's mean points per hand."""


def summarise_table(run: RunInfo, outcomes: tuple[DealOutcome, ...]) -> HeartsTableResult:
    names = tuple(dict.fromkeys(run.lineup))
    places = [[j for j, name in enumerate(run.lineup) if name == n] for n in names]
    per_deal: list[tuple[float, ...]] = []
    moons = [0] * len(names)
    for outcome in outcomes:
        hands = _hearts_hands(outcome)
        per_deal.append(
            tuple(
                sum(h.points[j] for h in hands for j in where) / (len(hands) * len(where))
                for where in places
            )
        )
        for h in hands:
            if h.moon is not None:
                moons[names.index(run.lineup[h.moon])] += 1
    bots = tuple(
        TableBot(
            name,
            mean_ci([d[i] for d in per_deal]),
            moons[i],
            timing([t for o in outcomes for j in places[i] for t in o.times[j]]),
        )
        for i, name in enumerate(names)
    )
    pairs = tuple(
        TablePair(a, b, mean_ci([d[a] - d[b] for d in per_deal]))
        for a, b in combinations(range(len(names)), 2)
    )
    return HeartsTableResult(run, bots, pairs, tuple(per_deal))

"""Rook duplicate team matches: each deal is played twice, the teams swapping seats.

Deal ``i`` is dealt as hand number ``i`` (so the dealer rotates with the deal index)
from the game seed of ``(seed, i)``; a redeal after four passes comes from the same
seed, so both plays see the same redeal too. In the first play the candidate's bot
holds seats 0 and 2, in the second seats 1 and 3. A hand scores the candidate team's
hand score minus the field team's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from crowsnest.arena.hand import DealOutcome, Job, RookHand, RunInfo, play_hand
from crowsnest.arena.players import Seating
from crowsnest.arena.seeding import game_seed, seat_seed
from crowsnest.arena.stats import Interval, Timing, mean_ci, timing
from crowsnest.engine import RookGame


def play_of(job: Job, index: int, k: int) -> tuple[RookGame, list[int], list[random.Random]]:
    """Play ``k`` (0 or 1) of deal ``index``: its game, each seat's side (0: the
    candidate team, 1: the field; play ``k`` seats the candidate as team ``k``) and
    each seat's chances."""
    game = job.new_game(game_seed(job.seed, index), index)
    assert isinstance(game, RookGame)
    side = [(game.rules.team_of(seat) + k) % 2 for seat in range(4)]
    rngs = [random.Random(seat_seed(job.seed, index, seat)) for seat in range(4)]
    return game, side, rngs


def play_deal(job: Job, index: int, seating: Seating) -> DealOutcome:
    hands: list[RookHand] = []
    times: list[list[float]] = [[], []]
    for k in range(2):
        game, side, rngs = play_of(job, index, k)
        names = [job.lineup[s] for s in side]
        bots = [seating.bot(name) for name in names]
        seat_times: list[list[float]] = [[] for _ in range(4)]
        play_hand(game, bots, rngs, seat_times, names)
        for seat in range(4):
            times[side[seat]].extend(seat_times[seat])
        r = game.results[0]
        team = k  # the candidate's team (0: seats 0 and 2, 1: seats 1 and 3)
        hands.append(
            RookHand(
                score=(r.score[team], r.score[1 - team]),
                counted=(r.counted[team], r.counted[1 - team]),
                declarer_side=side[r.declarer],
                bid=r.bid,
                made=r.made,
                # Deals so far: this hand's, its redeals, and the next hand's (dealt
                # as soon as this one is scored, unless the game is over).
                redeals=len(game.deals) - (1 if game.is_over else 2),
            )
        )
    return DealOutcome(index, tuple(hands), (tuple(times[0]), tuple(times[1])))


@dataclass(frozen=True, slots=True)
class Contracts:
    """The contracts one team won in the auction."""

    declared: int
    made: int
    went_set: int
    mean_bid: float | None
    mean_counted: float | None
    """What the declaring team's hands actually made (points counted), on average."""


def _contracts(hands: list[RookHand], side: int) -> Contracts:
    mine = [h for h in hands if h.declarer_side == side]
    made = sum(h.made for h in mine)
    return Contracts(
        declared=len(mine),
        made=made,
        went_set=len(mine) - made,
        mean_bid=sum(h.bid for h in mine) / len(mine) if mine else None,
        mean_counted=sum(h.counted[side] for h in mine) / len(mine) if mine else None,
    )


@dataclass(frozen=True, slots=True)
class RookResult:
    run: RunInfo
    candidate: str
    field: str
    score: Interval
    """The candidate team's hand score minus the field team's, per hand; the sample
    is the per-deal means (one per deal, over its two plays)."""
    candidate_contracts: Contracts
    field_contracts: Contracts
    redeals: int
    timing: Timing | None
    per_deal: tuple[float, ...]


def summarise(run: RunInfo, outcomes: tuple[DealOutcome, ...]) -> RookResult:
    hands: list[RookHand] = []
    per_deal: list[float] = []
    for outcome in outcomes:
        deal = [h for h in outcome.hands if isinstance(h, RookHand)]
        hands.extend(deal)
        per_deal.append(sum(h.score[0] - h.score[1] for h in deal) / len(deal))
    return RookResult(
        run=run,
        candidate=run.lineup[0],
        field=run.lineup[1],
        score=mean_ci(per_deal),
        candidate_contracts=_contracts(hands, 0),
        field_contracts=_contracts(hands, 1),
        redeals=sum(h.redeals for h in hands),
        timing=timing([t for o in outcomes for t in o.times[0]]),
        per_deal=tuple(per_deal),
    )

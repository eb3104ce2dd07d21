"""Sampled worlds for the Hard bot: the hidden cards dealt out consistently with
everything a seat has seen.

A world gives every other seat a hand of its size and, unless this seat declared,
fills the nest. It respects the cards seen (own hand, tricks, the nest the declarer
took), the suits a seat has shown void in, and the rule that counters stay out of
the nest when they may not be discarded. The auction and the trump are evidence
too: a world is kept with a chance that falls as it disagrees with them (a seat that
bid much more than its hand is worth by the Normal estimate, a seat that passed a
hand worth much more, a declarer who named a colour it is short in), drawing again
a few times before taking the most plausible world drawn. What a seat knows of the
hidden cards is read from its view once a decision (:func:`known_of`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from crowsnest.ai.draw import shuffle
from crowsnest.ai.rook.common import Deck, cards
from crowsnest.ai.rook.hand import estimate, trump_score
from crowsnest.ai.rook.situation import voids_from
from crowsnest.engine import RookView
from crowsnest.engine.frozen import Reduced, reduce_frozen

NEST: Final = 4
"""Index of the nest among the holders (seats are 0..3)."""
TRIES: Final = 6
"""Worlds drawn at most for one sample before the most plausible is taken."""
SLACK: Final = 12.0
"""Points by which a bid may exceed (or a pass fall short of) the estimate freely."""


@dataclass(frozen=True, slots=True)
class Known:
    """What one seat knows of the hidden cards, for sampling."""

    seat: int
    hidden: int
    """Cards whose place this seat does not know."""
    sizes: tuple[int, int, int, int, int]
    """How many hidden cards each holder gets (own seat: 0; index 4: the nest)."""
    fixed: tuple[int, int, int, int, int]
    """Cards known to be held (own hand; the nest when this seat declared)."""
    voids: tuple[int, int, int, int, int]
    """Cards each holder cannot have."""
    played: tuple[int, int, int, int]
    """Cards each seat has played this hand (its original hand is held + played)."""
    auction: tuple[tuple[int, int | None], ...]
    declarer: int | None
    trump: int | None
    slack: tuple[float, float]
    """Points by which a bid may exceed the bidder's Normal estimate, and the
    estimate exceed what a pass declined, before the world grows less plausible
    (:data:`SLACK` both by default)."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


def _deal(deck: Deck, known: Known, rng: random.Random) -> list[int] | None:
    """One random deal of the hidden cards, or None when a draw dead-ends."""
    holders = [h for h in range(5) if known.sizes[h]]
    cap = list(known.sizes)
    out = list(known.fixed)
    free = cards(known.hidden)
    shuffle(free, rng)
    eligible = {c: [h for h in holders if not known.voids[h] >> c & 1] for c in free}
    free.sort(key=lambda c: len(eligible[c]))
    for c in free:
        ps = [h for h in eligible[c] if cap[h] > 0]
        if not ps:
            return None
        r = rng.random() * sum(cap[h] for h in ps)
        pick = ps[-1]
        for h in ps:
            r -= cap[h]
            if r < 0:
                pick = h
                break
        out[pick] |= 1 << c
        cap[pick] -= 1
    return out


def plausibility(deck: Deck, known: Known, world: Sequence[int]) -> float:
    """How well a world agrees with the auction and the trump, in (0, 1]."""
    log = 0.0
    high = 0
    for seat, amount in known.auction:
        if seat == known.seat:
            if amount is not None:
                high = amount
            continue
        original = world[seat] | known.played[seat]
        if seat == known.declarer and deck.nest_size:
            high = amount if amount is not None else high
            continue  # its hand changed with the nest
        mu, _, _ = estimate(deck, original)
        if amount is not None:
            log -= max(0.0, amount - mu - known.slack[0]) / 10.0
            high = amount
        else:
            need = max(high + deck.bid_step, deck.min_bid)
            log -= max(0.0, mu - need - known.slack[1]) / 10.0
    if known.declarer is not None and known.trump is not None and known.declarer != known.seat:
        original = world[known.declarer] | known.played[known.declarer]
        named = trump_score(deck, original, known.trump)
        best = max(trump_score(deck, original, t) for t in range(4))
        log -= (best - named) / 15.0
    return math.exp(log)


def sample(deck: Deck, known: Known, rng: random.Random) -> list[int]:
    """Five masks: the four hands (this seat's as held) and the nest."""
    best: list[int] | None = None
    best_p = -1.0
    for attempt in range(TRIES * 8):
        world = _deal(deck, known, rng)
        if world is None:
            continue
        p = plausibility(deck, known, world)
        if rng.random() < p:
            return world
        if p > best_p:
            best, best_p = world, p
        if attempt >= TRIES and best is not None:
            return best
    if best is not None:
        return best
    relaxed = Known(
        known.seat,
        known.hidden,
        known.sizes,
        known.fixed,
        (0, 0, 0, 0, 0),
        known.played,
        known.auction,
        known.declarer,
        known.trump,
        known.slack,
    )
    for _ in range(100):
        world = _deal(deck, relaxed, rng)
        if world is not None:
            return world
    raise AssertionError("no world fits the view")  # pragma: no cover


def known_of(deck: Deck, view: RookView, slack: tuple[float, float] | None = None) -> Known:
    """What ``view``'s seat knows of the hidden cards (``slack``: :attr:`Known.slack`,
    by default :data:`~crowsnest.ai.rook.worlds.SLACK` for both)."""
    me = view.seat
    assert me is not None and view.hand is not None
    hand = view.hand
    played = [0, 0, 0, 0]
    for t in view.tricks:
        for seat, c in zip(t.seats, t.cards, strict=True):
            played[seat] |= 1 << c
    leader = view.leader if view.leader is not None else me
    for i, c in enumerate(view.trick):
        played[(leader + i) % 4] |= 1 << c
    voids = [0, 0, 0, 0, 0]
    if view.trump is not None:
        tm = deck.trump_mask(view.trump)
        for p, v in enumerate(voids_from(deck, tm, view.tricks, view.trick, leader)):
            voids[p] = v
    sizes = [view.hand_sizes[p] for p in range(4)] + [view.nest_size]
    fixed = [0, 0, 0, 0, 0]
    fixed[me] = hand
    sizes[me] = 0
    if view.nest is not None:  # this seat declared: the nest holds its discards
        sizes[NEST] = 0
        fixed[NEST] = view.discards or 0
    all_played = played[0] | played[1] | played[2] | played[3]
    hidden = deck.deck & ~hand & ~all_played & ~fixed[NEST]
    return Known(
        seat=me,
        hidden=hidden,
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3], sizes[4]),
        fixed=(fixed[0], fixed[1], fixed[2], fixed[3], fixed[4]),
        voids=(voids[0], voids[1], voids[2], voids[3], voids[4]),
        played=(played[0], played[1], played[2], played[3]),
        auction=view.auction,
        declarer=view.declarer,
        trump=view.trump,
        slack=(SLACK, SLACK) if slack is None else slack,
    )

"""Batched random playouts of Rook-family hands: many complete hands at once.

The Rook counterpart of :func:`bench.batch.hearts_hands`: the same rules
as :class:`crowsnest.engine.rook.RookGame` (every rule set and option of
:class:`~crowsnest.engine.rules.rook.RookRules`), written over arrays of games so that
one Python-level step advances every game in the batch; each hand is then scored by
the engine's own :func:`~crowsnest.engine.scoring.score_hand`, game by game, so the
scoring rules are stated once. Every decision is uniformly random over the legal
actions. The tests replay every batched hand through the
reference engine, action by action, and require the same result.

Rook cards are 0..56 (:mod:`crowsnest.engine.cards`), so the ``uint64`` masks here are
the engine's masks (``int(mask)``) and the card numbers in :attr:`RookBatch.plays` its
card ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from bench.batch import I64, ONE, U64, ZERO
from crowsnest.engine.cards import CROW, colour_of
from crowsnest.engine.rules.rook import RookRules, tables
from crowsnest.engine.scoring import score_hand

Bools = npt.NDArray[np.bool_]

BID_PASS: Final = 0
"""In :attr:`RookBatch.bids`: the seat passed."""
BID_NONE: Final = -1
"""In :attr:`RookBatch.bids`: padding after the auction's last call."""

_FROM: Final = (np.arange(4)[:, None] + np.arange(4)) % 4
"""``_FROM[leader, p]``: the seat playing ``p``-th to a trick led by ``leader``."""
_FOUR_ONES: Final = np.ones(4, dtype=np.int64)
_LOW_BITS: Final = np.uint64(63)
_HIGH_BITS: Final = ~_LOW_BITS
_HALVES: Final = tuple((np.uint64(w), np.uint64((1 << w) - 1)) for w in (32, 16, 8))


def _select_table() -> npt.NDArray[np.uint8]:
    """``[byte, k]``: the index of the k-th lowest set bit of ``byte``."""
    table = np.zeros((256, 8), dtype=np.uint8)
    for byte in range(256):
        ones = [i for i in range(8) if byte >> i & 1]
        table[byte, : len(ones)] = ones
    return table


_SELECT: Final = _select_table()


def _random_bit(masks: U64, rng: np.random.Generator) -> U64:
    """One set bit chosen uniformly from each non-empty mask (its index).

    :func:`bench.batch.random_bits` in a fixed number of steps: the k-th set
    bit is found by halving (32, 16, 8 bits) and a table for the last byte.
    """
    k = (rng.random(masks.shape[0]) * np.bitwise_count(masks)).astype(np.uint8)
    pos = np.zeros(masks.shape[0], dtype=np.uint64)
    for width, low in _HALVES:
        below = np.bitwise_count(masks & low)
        up = k >= below
        k -= below * up
        shift = width * up
        masks = masks >> shift
        pos += shift
    picked: U64 = pos + _SELECT[masks & np.uint64(0xFF), k]
    return picked


@dataclass(frozen=True, slots=True)
class RookBatch:
    """What a batch of Rook hands did, for scoring and for replaying.

    Masks are ``uint64`` with card ``c`` at bit ``c``. Game ``i`` is one hand:
    dealt by ``dealer[i]``, redealt ``redeals[i]`` times after four passes (``deals``
    and ``nest`` are the final deal, ``bids`` its auction).
    """

    dealer: I64
    """[n] the dealer; the auction starts and the play is led left of the dealer."""
    redeals: I64
    """[n] how many times all four passed and the same dealer dealt again."""
    deals: U64
    """[n, 4] each seat's hand as dealt (the final deal)."""
    nest: U64
    """[n] the nest as dealt (0 without a nest)."""
    bids: I64
    """[n, K] the final auction's calls in order, from the dealer's left, passed seats
    skipped: a bid amount, ``BID_PASS`` (0) for a pass, then ``BID_NONE`` (-1)."""
    declarer: I64
    """[n] the seat that won the auction."""
    bid: I64
    """[n] the contract."""
    discards: U64
    """[n] the cards the declarer laid back into the nest (0 without a nest)."""
    trump: I64
    """[n] the trump colour (0..3: red, yellow, green, black)."""
    plays: I64
    """[n, 4 * hand_size] engine card ints in play order; the dealer's left leads."""
    tricks_won: I64
    """[n, 2] tricks taken by each team (seats 0 and 2, seats 1 and 3)."""
    last_trick_team: I64
    """[n] the team that took the last trick (and the nest)."""
    nest_points: I64
    """[n] points of the counters among the discards."""
    counted: I64
    """[n, 2] each team's points: counters captured, the nest, the trick bonus."""
    made: Bools
    """[n] whether the declaring team made its bid."""
    score: I64
    """[n, 2] what each team scores for the hand (a set declarer loses the bid)."""


@dataclass(frozen=True, slots=True)
class _Tables:
    deck: U64
    """The deck's cards."""
    points: I64
    """[64] points of each bit."""
    keys: I64
    """[4 * 64] strength in a trick under trump ``t`` at ``64 * t + bit``: ``1000 + rank``
    for a trump, ``rank`` for any other card (it wins only in the led suit)."""
    colours: U64
    """[4] each colour's cards, specials excluded."""
    colour_of: I64
    """[64] the printed colour of each card (0 for the bird card, always a trump)."""
    specials: np.uint64
    bird: np.uint64
    counters: np.uint64


@cache
def _tables(rules: RookRules) -> _Tables:
    t = tables(rules)
    keys = np.tile(_word(t.rank), 4)
    for colour, mask in enumerate(t.colour_masks):
        trumps = mask | t.specials
        keys[64 * colour : 64 * colour + 64] += [1000 * (trumps >> b & 1) for b in range(64)]
    return _Tables(
        deck=np.array([b for b in range(64) if t.deck >> b & 1], dtype=np.uint64),
        points=_word(t.points),
        keys=keys,
        colours=np.array(t.colour_masks, dtype=np.uint64),
        colour_of=np.array([min(3, max(0, colour_of(b))) for b in range(64)], dtype=np.int64),
        specials=np.uint64(t.specials),
        bird=np.uint64(t.deck >> CROW & 1),
        counters=np.uint64(t.counters),
    )


def _word(values: tuple[int, ...]) -> I64:
    """A per-card table over the 64 bits of a mask (the bits past the deck 0)."""
    return np.array([*values, *[0] * (64 - len(values))], dtype=np.int64)


def _deal(rules: RookRules, tb: _Tables, m: int, rng: np.random.Generator) -> tuple[U64, U64]:
    """``m`` shuffled deals: ([m, 4] hands, [m] nests).

    The deck is shuffled by sorting on random 64-bit keys whose low 6 bits are replaced
    by the card's bit: as fine-grained as a float64 key, and a plain sort, no argsort.
    """
    keys = rng.bit_generator.random_raw((m, tb.deck.size))
    keys &= _HIGH_BITS
    keys |= tb.deck
    keys.sort(axis=1)
    bits = np.left_shift(ONE, np.bitwise_and(keys, _LOW_BITS, out=keys), out=keys)
    h = rules.hand_size
    hands = np.bitwise_or.reduce(bits[:, : 4 * h].reshape(m, 4, h), axis=2)
    nest = np.bitwise_or.reduce(bits[:, 4 * h :], axis=1)
    return hands, nest


def rook_hands(
    rules: RookRules, n: int, rng: np.random.Generator, dealer: int | None = None
) -> RookBatch:
    """Play ``n`` complete Rook hands with uniformly random legal actions.

    Every game is dealt by ``dealer``; when it is None, game ``i`` is dealt by seat
    ``(rules.first_dealer + i) % 4``, as hand ``i`` of a game without redeals would be.
    Auction calls are uniform over pass (when allowed) and every legal amount; the
    discard is a uniform legal subset; trump is a uniform colour; each card played is
    uniform over the legal cards.
    """
    tb = _tables(rules)
    ar = np.arange(n)
    if dealer is None:
        dealers = (rules.first_dealer + ar) % 4
    elif 0 <= dealer < 4:
        dealers = np.full(n, dealer, dtype=np.int64)
    else:
        raise ValueError(f"dealer {dealer!r} is not a seat (0..3)")
    deals, nest = _deal(rules, tb, n, rng)

    # -- the auction: one step per call, over the games still bidding ----------------------
    # The bidding games' state is one row each of ``state`` (columns below), so that
    # dropping the finished games is a single compress.
    step, min_bid, max_bid = rules.bid_step, rules.min_bid, rules.max_bid
    width = (max_bid - min_bid) // step + 4  # every amount once, and three passes
    bids = np.full((n, width), BID_NONE, dtype=np.int64)
    declarer = np.zeros(n, dtype=np.int64)
    bid = np.zeros(n, dtype=np.int64)
    redeals = np.zeros(n, dtype=np.int64)
    forced_rule = rules.all_pass == "dealer_forced"
    state = np.zeros((n, 8), dtype=np.int64)
    game, first, turn, high, bidder, passed, passes, calls = range(8)
    state[:, game] = ar
    state[:, first] = (dealers + 1) % 4
    state[:, turn] = state[:, first]
    while state.shape[0]:
        rows, seat, top = state[:, game], state[:, turn].copy(), state[:, high].copy()
        low = np.maximum(top + step, min_bid)  # no bid yet: top == 0 and step <= min_bid
        choices = (max_bid - low) // step + 2  # >= 1 amount (a bid of max_bid ends it), pass
        if forced_rule:
            forced = (top == 0) & (state[:, passes] == 3) & (seat == (state[:, first] + 3) % 4)
            choices -= forced
            k = (rng.random(rows.size) * choices).astype(np.int64) + forced - 1
        else:
            k = (rng.random(rows.size) * choices).astype(np.int64) - 1
        is_pass = k < 0
        amount = np.where(is_pass, BID_PASS, low + step * k)
        bids[rows, state[:, calls]] = amount
        state[:, calls] += 1
        state[:, passed] |= is_pass << seat
        state[:, passes] += is_pass
        state[:, high] = np.maximum(top, amount)
        state[:, bidder] = np.where(is_pass, state[:, bidder], seat)
        done = (amount >= max_bid) | ((state[:, passes] == 3) & (state[:, high] > 0))
        declarer[rows[done]] = state[done, bidder]
        bid[rows[done]] = state[done, high]
        nxt = (seat + 1) % 4
        for _ in range(2):  # three others passed: the auction is over or redealt
            nxt = np.where(state[:, passed] >> nxt & 1, (nxt + 1) % 4, nxt)
        state[:, turn] = nxt
        redeal = state[:, passes] == 4
        if redeal.any():
            again = rows[redeal]
            deals[again], nest[again] = _deal(rules, tb, again.size, rng)
            redeals[again] += 1
            bids[again] = BID_NONE
            state[redeal, turn] = state[redeal, first]
            state[redeal, high:] = 0
        state = state[~done]

    # -- the nest and the discard ----------------------------------------------------------
    hands = deals.copy()
    flat = hands.reshape(-1)  # hands[i, s] is flat[4 * i + s]
    discards = np.zeros(n, dtype=np.uint64)
    nest_points = np.zeros(n, dtype=np.int64)  # only picked cards can be counters
    ns = rules.nest_size
    if ns:
        held = flat[4 * ar + declarer] | nest
        if rules.discard_counters:
            pool = held.copy()
            need = np.full(n, ns, dtype=np.int64)
        else:
            others = held & ~tb.counters
            n_others = np.bitwise_count(others).astype(np.int64)
            enough = n_others >= ns
            # Too few other cards: all of them go, and the rest are counters.
            discards = np.where(enough, ZERO, others)
            pool = np.where(enough, others, held & tb.counters)
            need = np.where(enough, ns, ns - n_others)
        for j in range(ns):
            rows = np.flatnonzero(need > j)
            if rows.size == 0:
                break
            picked = _random_bit(pool[rows], rng)
            discards[rows] |= ONE << picked
            pool[rows] ^= ONE << picked
            nest_points[rows] += tb.points[picked]
        flat[4 * ar + declarer] = held & ~discards

    # -- trump and the play ----------------------------------------------------------------
    # Seats act in seat order, not play order: once the leader's card is known, the
    # other three choose at once (their choices depend on the led card only). The
    # winner of a trick is the highest key, wherever it sits.
    trump = rng.integers(0, 4, n, dtype=np.int64)
    trump_mask = tb.colours[trump] | tb.specials
    key_base = (64 * trump).astype(np.uint64)[:, None]
    h = rules.hand_size
    plays = np.zeros((n, 4 * h), dtype=np.int64)
    won_by_1 = np.zeros((n, h), dtype=np.int64)  # 1 where seat 1 or 3 took the trick
    seat_base = 4 * ar[:, None]
    leader = (dealers + 1) % 4
    for t in range(h):
        lead = _random_bit(flat[4 * ar + leader], rng)
        led = np.where(
            (ONE << lead) & trump_mask != ZERO, trump_mask, tb.colours[tb.colour_of[lead]]
        )
        follow = hands & led[:, None]
        legal = np.where(follow != ZERO, follow | (hands & tb.bird), hands)
        cards = _random_bit(legal.reshape(-1), rng)
        cards[4 * ar + leader] = lead
        plays[:, 4 * t : 4 * t + 4] = cards[seat_base + _FROM[leader]]
        cards = cards.reshape(n, 4)
        played = ONE << cards
        hands ^= played
        counts = (played & (led | trump_mask)[:, None]) != ZERO  # trump or the led suit
        leader = np.argmax(np.where(counts, tb.keys[key_base + cards], -1), axis=1)
        won_by_1[:, t] = leader & 1

    # -- scoring ---------------------------------------------------------------------------
    trick_points = tb.points[plays].reshape(n * h, 4) @ _FOUR_ONES
    trick_points = trick_points.reshape(n, h)
    captured_1 = (trick_points * won_by_1).sum(axis=1)
    captured = np.stack([trick_points.sum(axis=1) - captured_1, captured_1], axis=1)
    won_1 = won_by_1.sum(axis=1)
    tricks_won = np.stack([h - won_1, won_1], axis=1)
    last = leader & 1
    # The hand's score is the engine's (score_hand), game by game: the scoring rules
    # are stated once.
    counted = np.zeros((n, 2), dtype=np.int64)
    made = np.zeros(n, dtype=np.bool_)
    score = np.zeros((n, 2), dtype=np.int64)
    for i, row in enumerate(
        zip(
            declarer.tolist(),
            bid.tolist(),
            captured.tolist(),
            tricks_won.tolist(),
            nest_points.tolist(),
            last.tolist(),
            strict=True,
        )
    ):
        hand = score_hand(rules, *row)
        counted[i] = hand.counted
        made[i] = hand.made
        score[i] = hand.score
    return RookBatch(
        dealer=dealers,
        redeals=redeals,
        deals=deals,
        nest=nest,
        bids=bids,
        declarer=declarer,
        bid=bid,
        discards=discards,
        trump=trump,
        plays=plays,
        tricks_won=tricks_won,
        last_trick_team=last,
        nest_points=nest_points,
        counted=counted,
        made=made,
        score=score,
    )

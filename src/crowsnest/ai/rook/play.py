"""The Normal card play, as a pure function of a :class:`Situation`.

Used by the Normal bot, and by the Hard bot as the policy of every seat in its
rollouts, so it stays fast: masks, cached tables and small loops.

Every legal card gets a value in the points the team should capture (the hand's
points are shared out, so more for the team is as much less for the other):

    value = W * (trick + card + to_come) - keep(card) + plan(card)

``W`` is the chance the team takes the trick after this card: the card beats what
is winning and no opponent still to play can beat it, or the partner is winning and
keeps the trick (:mod:`crowsnest.ai.rook.odds`); ``to_come`` what the players after
it add. ``keep`` is what the card would bring held on (a top trump a lot, a low card
nothing, a 14 less as its colour runs out and a ruff gets likely: so a 14 that holds
now is cashed, not sat on). A trick that would decide the contract (set the
declarer, or make the bid) is worth some multiple of the bid more. The last trick
carries the nest. The weights (that multiple, the chances and points above) are a
:class:`~crowsnest.ai.rook.odds.Style`: Normal plays by
:data:`~crowsnest.ai.rook.odds.NORMAL`, the Hard bot's side by its own where that
was measured to pay. From this follow the partner plays players expect:

* a partner sure to win gets the counters (``W`` = 1 for every card, so the card
  with the most points over its keep goes on), the Crow of CrowsNest first: it is the
  lowest trump, can be played any time, and is worth 20;
* a partner's winning trick is not trumped when that costs anything (the trump's
  keep is lost, the trick was the team's anyway);
* the high bird card (every rule set but CrowsNest) wins whatever trick it is played
  to: it is kept for a trick worth more than an average one.

``plan`` adds what one trick does not see: the declarer draws trump while an
opponent may hold one (before cashing side 14s), with its top trump while a high
bird card is out; the defence does not lead trump.
"""

from __future__ import annotations

from crowsnest.ai.rook.common import cards, points_of
from crowsnest.ai.rook.odds import Style, hold_chance, keep_value, trump_danger
from crowsnest.ai.rook.situation import Situation, suit_mask
from crowsnest.engine.cards import popcount
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import led_suit, winning_index


def _points_left(s: Situation) -> int:
    """Counter points not yet in a team's tricks: in the hands, the trick and the nest."""
    return s.deck.counter_points - s.captured[0] - s.captured[1]


def _stakes(s: Situation, trick_points: float) -> float:
    """The bid if a trick of ``trick_points`` decides the contract (its extra worth is
    :attr:`Style.stakes` times this), else 0."""
    side = team_of(s.declarer)
    have = s.captured[side]
    left = _points_left(s) + s.deck.trick_bonus
    if have >= s.bid or have + left < s.bid:
        return 0.0
    if have + trick_points >= s.bid or have + left - trick_points < s.bid:
        return float(s.bid)
    return 0.0


def _nest_points(s: Situation) -> float:
    """The nest's points: known to the declarer, else a share of the unseen points."""
    if s.discards:
        return points_of(s.discards, s.deck.points)
    n = s.deck.nest_size
    unseen = s.unseen
    count = popcount(unseen)
    if not n or not count:
        return 0.0
    return points_of(unseen & s.deck.counters, s.deck.points) * n / count


def normal_play(s: Situation, style: Style) -> int:
    """The Normal card: the legal card of the highest value (see the module's
    docstring; ties: the weaker card). The values are compared as they are worked out,
    card by card (no list of them: this runs at every card of every rollout)."""
    legal = s.legal
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    deck = s.deck
    power = deck.power[s.trump]
    pts = deck.points
    tm = s.trump_mask
    trick = s.trick
    pos = len(trick)
    after = 3 - pos
    unseen = s.unseen
    per_card = points_of(unseen & deck.counters, pts) / (popcount(unseen) or 1)
    danger = trump_danger(s)
    bonus = style.trick_bonus * deck.trick_bonus / deck.hand_size
    if s.tricks_done == deck.hand_size - 1:
        bonus += _nest_points(s)

    # Who is winning, and the points already on the trick.
    led = 0
    win_card = -1
    partner_wins = False
    on_trick = 0.0
    keep_partner = 0.0
    if trick:
        led = suit_mask(deck, tm, trick[0])
        best = winning_index(trick, led, tm, power)
        win_card = trick[best]
        partner_wins = pos - best == 2  # the partner played two cards before this seat
        on_trick = float(sum(pts[c] for c in trick))
        if partner_wins:
            keep_partner = hold_chance(s, win_card, led, after)
    partner_after = after >= 2
    opp_after = (after >= 1) + (after >= 3)
    to_us = per_card * (style.to_partner * partner_after + style.to_opponent * opp_after)
    later = style.later * per_card
    stakes = style.stakes * _stakes(s, on_trick + bonus + 3.0 * per_card * (after > 0))
    declaring = s.declaring
    only_trumps = not legal & ~tm
    low_bird = deck.bird if deck.bird_low else 0
    top_trump = -1
    if not trick and declaring and s.seat == s.declarer and danger:
        high_bird = unseen & deck.bird & ~low_bird
        held = legal & tm
        if high_bird and held:
            top = max(cards(held), key=lambda c: power[c])
            if not deck.beaters[s.trump][top] & unseen & ~deck.specials:
                top_trump = top

    choice, choice_value = -1, float("-inf")
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if not trick:
            mine = hold_chance(s, c, suit_mask(deck, tm, c), 3)
            w = mine + (1.0 - mine) * _partner_rescue(s, c, style)
        elif (led | tm) >> c & 1 and power[c] > power[win_card]:
            w = hold_chance(s, c, led, after)
            if partner_wins:
                w = max(w, keep_partner)
        elif partner_wins:
            w = keep_partner
        else:
            w = style.partner_after if partner_after else 0.0
        keep = keep_value(s, c, later, danger, style)
        v = w * (on_trick + pts[c] + bonus + to_us + stakes) - keep
        if not trick and tm >> c & 1 and not only_trumps:
            if declaring:
                if danger and not low & low_bird:
                    v += style.draw_trump / (1.0 if s.seat == s.declarer else style.draw_share)
                if c == top_trump:
                    v += style.top_into_bird
            else:
                v -= style.defence_trump
        if v > choice_value or (v == choice_value and power[c] < power[choice]):
            choice, choice_value = c, v
    return choice


def _partner_rescue(s: Situation, card: int, style: Style) -> float:
    """A small chance the partner wins a lead this seat cannot hold: more where the
    partner has shown void in the colour (and may ruff)."""
    deck = s.deck
    tm = s.trump_mask
    if tm >> card & 1:
        return style.rescue_trump
    colour = led_suit(card, tm, deck.colours)
    partner = (s.seat + 2) % 4
    if s.voids[partner] & colour and s.unseen & tm & ~s.voids[partner]:
        return style.rescue_void
    return style.rescue_beaten if deck.beaters[s.trump][card] & s.unseen else style.rescue_top

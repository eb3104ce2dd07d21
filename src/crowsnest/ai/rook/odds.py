"""Card odds for the Normal policy: who may beat a card, and what a card is worth.

Everything is a probability estimate from the cards a seat can see: the unseen cards
are spread at random over the other hands (and, unless the seat declared, the
nest), no seat holds a suit it has shown void in. The hypergeometric ``none_held``
is kept in a table, so one estimate is a few mask operations.
"""

from __future__ import annotations

from typing import Final

from crowsnest.ai.rook.situation import Situation
from crowsnest.engine.cards import popcount
from crowsnest.engine.rules.rook import ROOK_CARDS
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import led_suit

_POOLS: Final = ROOK_CARDS + 1
_DRAWS: Final = 21
_NONE_HELD: Final[list[float]] = [-1.0] * (_POOLS * _POOLS * _DRAWS)
""":func:`none_held` by (pool, wanted, drawn), each worked out when first asked for
(-1: not yet): a list index instead of a cache keyed by a tuple of three ints, which
cost a tuple, a hash and a dict lookup at every call of the policy's hottest path."""


def none_held(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from ``pool`` include none of ``wanted`` of them."""
    if wanted <= 0 or drawn <= 0:
        return 1.0
    if wanted + drawn > pool:
        return 0.0
    if pool >= _POOLS or drawn >= _DRAWS:
        return _none_held(pool, wanted, drawn)
    i = (pool * _POOLS + wanted) * _DRAWS + drawn
    p = _NONE_HELD[i]
    if p < 0.0:
        p = _NONE_HELD[i] = _none_held(pool, wanted, drawn)
    return p


def _none_held(pool: int, wanted: int, drawn: int) -> float:
    p = 1.0
    for i in range(drawn):
        p *= (pool - wanted - i) / (pool - i)
    return p


def beat_chance(s: Situation, p: int, card: int, led: int) -> float:
    """The chance that seat ``p`` (yet to play) can beat ``card``, winning a trick of
    effective suit ``led``."""
    deck = s.deck
    tm = s.trump_mask
    same = deck.beaters[s.trump]
    free = s.unseen & ~s.voids[p]
    pool = popcount(free)
    drawn = s.hand_sizes[p]
    if drawn > pool:
        drawn = pool
    if tm >> card & 1:  # a trump can only be beaten by a higher trump
        hi = same[card] & free
        if not hi:
            return 0.0
        if led == tm:
            return 1.0 - none_held(pool, popcount(hi), drawn)
        bird = hi & deck.bird
        rest = hi & ~bird
        p_bird = drawn / pool if bird else 0.0
        p_void = none_held(pool, popcount(free & led), drawn)
        p_rest = 1.0 - none_held(pool, popcount(rest), drawn) if rest else 0.0
        return 1.0 - (1.0 - p_bird) * (1.0 - p_void * p_rest)
    hi = same[card] & free
    trumps = tm & free
    p_hi = 1.0 - none_held(pool, popcount(hi), drawn) if hi else 0.0
    if not trumps:
        return p_hi
    bird = trumps & deck.bird
    rest = trumps & ~bird
    p_bird = drawn / pool if bird else 0.0
    led_left = popcount(free & led)
    p_void = none_held(pool, led_left, drawn)
    p_trump = 1.0 - none_held(pool - led_left, popcount(rest), drawn) if rest else 0.0
    return 1.0 - (1.0 - p_hi) * (1.0 - p_void * p_trump) * (1.0 - p_bird)


def hold_chance(s: Situation, card: int, led: int, after: int) -> float:
    """The chance that ``card``, winning the trick now, still wins it: the
    opponents among the ``after`` seats still to play cannot beat it."""
    p_ok = 1.0
    seat = s.seat
    for k in range(1, after + 1):
        p = (seat + k) % 4
        if team_of(p) != team_of(seat):
            p_ok *= 1.0 - beat_chance(s, p, card, led)
    return p_ok


def trump_danger(s: Situation) -> bool:
    """Whether an opponent may still hold a trump."""
    out = s.unseen & s.trump_mask
    if not out:
        return False
    o1, o2 = (s.seat + 1) % 4, (s.seat + 3) % 4
    return bool(out & ~s.voids[o1]) or bool(out & ~s.voids[o2])


class Style:
    """The weights of the Normal card play (:mod:`crowsnest.ai.rook.play`) and of
    :func:`keep_value`: the same policy judges a card more boldly or more carefully
    by them. :data:`NORMAL` is the Normal bot's; the Hard bot plays its own side's
    cards by its rule set's style (:data:`crowsnest.ai.rook.settings.RULE_STYLES`). A
    plain class, not a dataclass, for the compiled build (as :class:`Situation`)."""

    def __init__(
        self,
        *,
        draw_trump: float,
        draw_share: float,
        defence_trump: float,
        top_into_bird: float,
        partner_after: float,
        to_partner: float,
        to_opponent: float,
        later: float,
        stakes: float,
        trick_bonus: float,
        fed: float,
        later_hold: float,
        crow_keep: float,
        trump_hold: float,
        trump_step: float,
        trump_later: float,
        second_hold: float,
        safe_hold: float,
        rescue_trump: float,
        rescue_void: float,
        rescue_beaten: float,
        rescue_top: float,
    ) -> None:
        self.draw_trump = draw_trump
        """What drawing a round of trump is worth to a declarer whose opponents may
        hold some."""
        self.draw_share = draw_share
        """The declarer's partner draws trump for ``draw_trump / draw_share``."""
        self.defence_trump = defence_trump
        """What the defence loses by leading trump."""
        self.top_into_bird = top_into_bird
        """What the declarer gains by drawing trump with its top trump, rather than a
        low one, while a high bird card is unseen: a low trump lets the bird card (or
        any middle trump) take the trick cheaply; the top one loses only to the bird
        card, and then to nothing else."""
        self.partner_after = partner_after
        """The chance the partner, still to play, takes a trick this card does not."""
        self.to_partner = to_partner
        """Unseen cards' worth of points a partner still to play adds to a trick the
        team takes."""
        self.to_opponent = to_opponent
        """The same for each opponent still to play."""
        self.later = later
        """Unseen cards' worth of points a later trick gathers (:func:`keep_value`)."""
        self.stakes = stakes
        """Bids a trick that decides the contract is worth on top of its points."""
        self.trick_bonus = trick_bonus
        """Shares of the rule set's bonus for most tricks a trick is worth."""
        self.fed = fed
        """The chance a card that will not win a trick still lands its points on one
        of the team's tricks (fed to the partner)."""
        self.later_hold = later_hold
        """How much of a side top card's chance to hold now is left for later."""
        self.crow_keep = crow_keep
        """What the low bird card (CrowsNest) is worth held: it is fed, or steals a
        trick."""
        self.trump_hold = trump_hold
        """The chance a trump wins a later trick with one higher trump unseen is
        ``trump_hold - trump_step``, less ``trump_step`` for each more (at least
        0.1); the top trump's is 1."""
        self.trump_step = trump_step
        self.trump_later = trump_later
        """A later trick won by a trump is worth this many of ``later``."""
        self.second_hold = second_hold
        """The chance a side card with one higher card unseen wins a later trick."""
        self.safe_hold = safe_hold
        """The same for a side top card once no opponent may hold a trump and the
        bird card is seen."""
        self.rescue_trump = rescue_trump
        """The chance the partner wins a trump lead this seat cannot hold."""
        self.rescue_void = rescue_void
        """The same for a side lead in a colour the partner has shown void in (it
        may ruff)."""
        self.rescue_beaten = rescue_beaten
        """The same for a side lead that an unseen card beats."""
        self.rescue_top = rescue_top
        """The same for any other side lead (it can only be ruffed)."""


NORMAL: Final = Style(
    draw_trump=25.0,
    draw_share=3.0,
    defence_trump=9.0,
    top_into_bird=8.0,
    partner_after=0.25,
    to_partner=1.5,
    to_opponent=0.5,
    later=2.5,
    stakes=2.0,
    trick_bonus=2.0,
    fed=0.45,
    later_hold=0.75,
    crow_keep=12.0,
    trump_hold=0.8,
    trump_step=0.2,
    trump_later=1.3,
    second_hold=0.1,
    safe_hold=0.95,
    rescue_trump=0.2,
    rescue_void=0.6,
    rescue_beaten=0.25,
    rescue_top=0.1,
)
"""The Normal bot's card play, as set by hand when the policy was written."""


def keep_value(s: Situation, card: int, later: float, danger: bool, style: Style) -> float:
    """The points ``card`` should bring the team if held on: ``q``, the chance it
    wins a later trick, times its points and the ``later`` points such a trick
    gathers, plus its points when it loses but is fed to the partner."""
    deck = s.deck
    pts = deck.points[card]
    tm = s.trump_mask
    if deck.bird_low and card == deck.bird.bit_length() - 1:
        return style.crow_keep
    n_above = popcount(deck.beaters[s.trump][card] & s.unseen)
    fed = style.fed
    if tm >> card & 1:
        q = 1.0 if n_above == 0 else max(0.1, style.trump_hold - style.trump_step * n_above)
        return q * (pts + later * style.trump_later) + (1.0 - q) * fed * pts
    colour = led_suit(card, tm, deck.colours)
    if n_above:
        q = style.second_hold if n_above == 1 else 0.0
    elif not danger and not (s.unseen & deck.bird):
        q = style.safe_hold
    else:
        # A top card is at most as safe later as it is now: the colour runs out.
        q = style.later_hold * hold_chance(s, card, colour, 3)
    return q * (pts + later) + (1.0 - q) * fed * pts


HARD: Final = Style(
    draw_trump=25.0,
    draw_share=2.0,
    defence_trump=9.0,
    top_into_bird=8.0,
    partner_after=0.5625,
    to_partner=3.375,
    to_opponent=0.75,
    later=2.5,
    stakes=1.333,
    trick_bonus=2.0,
    fed=0.45,
    later_hold=0.75,
    crow_keep=18.0,
    trump_hold=1.2,
    trump_step=0.3,
    trump_later=1.3,
    second_hold=0.1,
    safe_hold=0.95,
    rescue_trump=0.1333,
    rescue_void=0.4,
    rescue_beaten=0.375,
    rescue_top=0.1,
)
""":data:`NORMAL`'s weights as tuned by duplicate self-play of Normal in Tournament
Rook and CrowsNest: the Hard bot's side's style in CrowsNest (docs/ai.md)."""

TOURNAMENT_STYLE: Final = Style(
    draw_trump=25.0,
    draw_share=2.0,
    defence_trump=9.0,
    top_into_bird=3.5555,
    partner_after=0.5625,
    to_partner=1.5,
    to_opponent=0.5,
    later=2.5,
    stakes=0.395,
    trick_bonus=2.0,
    fed=0.45,
    later_hold=0.5,
    crow_keep=18.0,
    trump_hold=1.2,
    trump_step=0.3,
    trump_later=1.3,
    second_hold=0.0667,
    safe_hold=0.95,
    rescue_trump=0.1333,
    rescue_void=0.2667,
    rescue_beaten=0.375,
    rescue_top=0.0667,
)
""":data:`HARD` tuned further by duplicate self-play of Normal in Tournament Rook
alone (named apart from the rule set ``TOURNAMENT``): the Hard bot's side's card
play in Tournament Rook and The Red 1, whose auctions keep :data:`NORMAL`'s weights
(:data:`crowsnest.ai.rook.settings.RULE_STYLES`, ``RULE_BID_STYLES``; docs/ai.md)."""

STYLES: Final[dict[str, Style]] = {"normal": NORMAL, "hard": HARD, "tournament": TOURNAMENT_STYLE}
"""The styles by name (a bot option: ``style``)."""

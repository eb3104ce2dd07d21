"""Each Rook Hard decision's candidates and how one is played out in a world: a bid
(the contract at the lowest amount, or a pass and the others finishing the auction:
:func:`bid_world`, valued by :func:`bid_value`), the discards (:func:`discard_options`),
the trump colours (:func:`trump_candidates`) and the cards (:func:`play_candidates`),
each with the playout of one candidate (``*_run``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crowsnest.ai.rook.common import Deck, points_of
from crowsnest.ai.rook.exact import EXACT_CARDS, exact_value
from crowsnest.ai.rook.hand import best_trump, discard_order, trump_score
from crowsnest.ai.rook.margins import made_with
from crowsnest.ai.rook.odds import NORMAL, Style
from crowsnest.ai.rook.play import normal_play
from crowsnest.ai.rook.search import (
    distinct_cards,
    finish_auction,
    play_contract,
    rollout,
    styles_for,
    team_score,
)
from crowsnest.ai.rook.situation import from_view, played_from
from crowsnest.ai.rook.worlds import NEST
from crowsnest.engine import Choose, RookGame, RookRules, RookView
from crowsnest.engine.scoring import RookHandResult, declarer_score, score_hand
from crowsnest.engine.seats import team_of


def bid_world(
    deck: Deck,
    view: RookView,
    world: list[int],
    low: int,
    may_pass: bool,
    style: Style,
    partner_shade: float = 0.0,
    defence: Style = NORMAL,
    pass_bonus: int = 0,
) -> tuple[int, int, float | None]:
    """In ``world``: (the points the seat's team counts declaring at ``low``, the
    points the other team counts then, and the team's hand score minus the other
    team's if it passes, the others finishing the auction the Normal way; None when
    it may not pass). Its side plays by ``style``; the other defends its contract by
    ``defence`` and otherwise plays the Normal way; ``pass_bonus`` points move from
    the other side's count to its own in the playout of a pass (:func:`shifted_score`)."""
    me = view.seat
    assert me is not None
    styles = styles_for(me, style)
    mine = play_contract(deck, world, view.dealer, me, low, styles_for(me, style, defence))
    made_pts = mine.counted[team_of(me)]
    theirs = mine.counted[1 - team_of(me)]
    if not may_pass:
        return made_pts, theirs, None
    auction = [*view.auction, (me, None)]
    shades = [0.0, 0.0, 0.0, 0.0]
    shades[(me + 2) % 4] = partner_shade * deck.rules.points_per_hand / 120
    won = finish_auction(deck, world, auction, view.dealer, shades)
    if won is None:
        return made_pts, theirs, 0.0
    result = play_contract(deck, world, view.dealer, won[0], won[1], styles)
    return made_pts, theirs, float(shifted_score(deck.rules, result, me, pass_bonus))


def shifted_score(rules: RookRules, result: RookHandResult, seat: int, bonus: int) -> int:
    """:func:`~crowsnest.ai.rook.search.team_score` of ``result`` for ``seat`` had its
    team counted ``bonus`` points more and the other team as many fewer, the hand
    scored again by the engine (:func:`~crowsnest.engine.scoring.score_hand`, the counts
    given as captured: the nest and the trick bonus are in them already)."""
    if not bonus:
        return team_score(result, seat)
    team = team_of(seat)
    counted = list(result.counted)
    counted[team] += bonus
    counted[1 - team] -= bonus
    score = score_hand(rules, result.declarer, result.bid, counted, (0, 0), 0, 0).score
    return score[team] - score[1 - team]


def bid_value(
    rules: RookRules, bid: int, made_pts: int, theirs: int, shade: float, bonus: int = 0
) -> float:
    """What declaring at ``bid`` scores (made only with ``shade`` to spare; then by
    the rule set's scoring, else minus the bid), less what the other team counts;
    ``bonus`` points moved from the other team's count to the declaring team's first
    (:attr:`~crowsnest.ai.rook.settings.HardSettings.bid_bonus`)."""
    made_pts, theirs = made_pts + bonus, theirs - bonus
    score = declarer_score(rules, bid, made_pts) if made_with(made_pts, bid, shade) else -bid
    return score - theirs


def discard_options(deck: Deck, view: RookView, choice: Choose) -> list[tuple[int, int]]:
    """(discards, trump) pairs the search compares: for the two best trump colours,
    side counters buried or kept."""
    assert view.hand is not None
    hand = view.hand
    colours = sorted(range(4), key=lambda t: -trump_score(deck, hand, t))[:2]
    options: list[tuple[int, int]] = []
    for trump in colours:
        for bury in (0.9, 0.3):
            mask = choice.required
            for c in discard_order(deck, hand, trump, bury, choice.allowed & ~mask):
                if mask.bit_count() >= choice.count:
                    break
                mask |= 1 << c
            if choice.admits(mask) and (mask, trump) not in options:
                options.append((mask, trump))
    return options


def discard_run(deck: Deck, view: RookView, style: Style) -> Callable[[list[int], int, int], float]:
    """The hand played out in a world after discarding a mask and naming a trump."""
    assert view.seat is not None
    me = view.seat
    played = discard_result(deck, view, style)

    def run(world: list[int], discards: int, trump: int) -> float:
        return team_score(played(world, discards, trump), me)

    return run


def discard_result(
    deck: Deck, view: RookView, style: Style
) -> Callable[[list[int], int, int], RookHandResult]:
    """The hand's result of :func:`discard_run` (a review reads the contract)."""
    assert view.hand is not None and view.seat is not None
    hand = view.hand
    me = view.seat
    bid = view.bid or 0
    styles = styles_for(me, style)

    def run(world: list[int], discards: int, trump: int) -> RookHandResult:
        w = [*world[:4], 0]
        w[me] = hand & ~discards
        return play_contract(deck, w, view.dealer, me, bid, styles, discards, trump)

    return run


def trump_candidates(deck: Deck, view: RookView, colours: Sequence[int]) -> list[int]:
    """The colours the search compares: the best by the Normal estimate first, then
    those within 25 of it."""
    assert view.hand is not None
    hand = view.hand
    lead = best_trump(deck, hand)
    top = trump_score(deck, hand, lead)
    return [lead] + [t for t in colours if t != lead and trump_score(deck, hand, t) >= top - 25.0]


def trump_run(deck: Deck, view: RookView, style: Style) -> Callable[[list[int], int], float]:
    """The hand played out in a world under a named trump."""
    assert view.seat is not None
    me = view.seat
    played = trump_result(deck, view, style)

    def run(world: list[int], trump: int) -> float:
        return team_score(played(world, trump), me)

    return run


def trump_result(
    deck: Deck, view: RookView, style: Style
) -> Callable[[list[int], int], RookHandResult]:
    """The hand's result of :func:`trump_run` (a review reads the contract)."""
    assert view.seat is not None
    me = view.seat
    bid = view.bid or 0
    discards = view.discards or 0
    styles = styles_for(me, style)

    def run(world: list[int], trump: int) -> RookHandResult:
        w = [*world[:4], 0]
        return play_contract(deck, w, view.dealer, me, bid, styles, discards, trump)

    return run


def play_candidates(deck: Deck, view: RookView, legal: int, style: Style) -> list[int]:
    """One card of each set of equivalent ``legal`` cards, the policy's choice by
    ``style`` first."""
    assert view.trump is not None
    hidden = deck.deck & ~(view.hand or 0) & ~played_from(view.tricks, ())
    candidates = distinct_cards(deck, view.trump, legal, hidden)
    if len(candidates) == 1:
        return candidates
    prior = normal_play(from_view(view, legal), style)
    return [prior] + [c for c in candidates if c != prior]


def play_run(
    deck: Deck, view: RookView, style: Style, exact_cards: int = EXACT_CARDS
) -> Callable[[list[int], int], float]:
    """The hand played out in a world after a card: by the Normal policy (``style``
    for the seat's side, :func:`~crowsnest.ai.rook.search.styles_for`), or exactly
    once ``exact_cards`` cards or fewer are left in the hands (by default the last
    three tricks, :data:`~crowsnest.ai.rook.exact.EXACT_CARDS`)."""
    played = play_out_run(deck, view, style, exact_cards)

    def run(world: list[int], card: int) -> float:
        return played(world, card)[0]

    return run


def play_out_run(
    deck: Deck, view: RookView, style: Style, exact_cards: int = EXACT_CARDS
) -> Callable[[list[int], int], tuple[float, RookGame, RookHandResult | None]]:
    """:func:`play_run`'s value with its game after the card (played out to the end,
    or, exactly valued, just after the card) and the hand's result (None when exactly
    valued): a review reads the trick the card went to."""
    me = view.seat
    assert me is not None and view.trump is not None and view.declarer is not None
    leader = view.leader if view.leader is not None else me
    declared = view.nest is not None
    exact = sum(view.hand_sizes) <= exact_cards
    styles = styles_for(me, style)

    def run(world: list[int], card: int) -> tuple[float, RookGame, RookHandResult | None]:
        game = RookGame.from_position(
            deck.rules,
            world[:4],
            dealer=view.dealer,
            declarer=view.declarer or 0,
            bid=view.bid or 0,
            trump=view.trump or 0,
            discards=(view.discards or 0) if declared else world[NEST],
            trick=view.trick,
            leader=leader,
            tricks=view.tricks,
            captured=view.captured,
            tricks_won=view.tricks_won,
        )
        game.play_fast(card)
        if exact:
            assert game.trump is not None
            nest = points_of(game.discards, deck.points)
            value = exact_value(
                deck.rules, game.trump, game.hands, game.trick, game.leader, game.captured,
                game.tricks_won, game.declarer or 0, game.bid, nest, team_of(me),
            )  # fmt: skip
            return float(value), game, None
        result = rollout(game, deck, styles)
        return team_score(result, me), game, result

    return run

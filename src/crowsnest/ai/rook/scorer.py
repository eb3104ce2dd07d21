"""A review's evidence from Rook Hard: how its search values each action of one
decision (:class:`~crowsnest.ai.budget.Scorer`), in the worlds it samples and with
the playouts it plays (:mod:`~crowsnest.ai.rook.candidates`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from crowsnest.ai.budget import Scorer
from crowsnest.ai.outcome import Outcome, exact_outcome, rook_outcome
from crowsnest.ai.rook.candidates import (
    bid_value,
    bid_world,
    discard_options,
    discard_result,
    discard_run,
    play_candidates,
    play_out_run,
    trump_candidates,
    trump_result,
    trump_run,
)
from crowsnest.ai.rook.common import bids, deck_for, discard_choice, playable, trump_choices
from crowsnest.ai.rook.hand import best_trump
from crowsnest.ai.rook.margins import auction_shade
from crowsnest.ai.rook.settings import HardSettings
from crowsnest.ai.rook.worlds import known_of, sample
from crowsnest.engine import (
    Action,
    Bid,
    Choose,
    Discard,
    LegalAction,
    NameTrump,
    Play,
    PlayerView,
    RookView,
)


def scorer_of(bot: HardSettings, view: PlayerView, legal: Sequence[LegalAction]) -> Scorer | None:
    """How ``bot``'s search values each action of the decision (a review's evidence,
    :mod:`crowsnest.ai.review`); None when only one action is legal. Results are
    the hand score of the seat's team minus the other team's, bids included
    (higher is better), in the worlds the search samples. A bid is valued as
    the search values it (the contract at that bid, made only with the
    :func:`~crowsnest.ai.rook.margins.bid_shade` to spare; a pass: the others finish
    the auction the Normal way); a discard with the trump its hand is best in after it."""
    assert isinstance(view, RookView) and view.seat is not None and view.hand is not None
    if len(legal) == 1 and not isinstance(legal[0], Choose):
        return None
    me = view.seat
    deck = deck_for(view)
    known = known_of(deck, view, bot.slack)

    def draw(rng: random.Random) -> list[int]:
        return sample(deck, known, rng)

    def face_up(hands: Sequence[int], nest: int) -> list[int]:
        return [*hands[:4], nest]

    if view.phase == "auction":
        may_pass, amounts = bids(legal)
        shade = auction_shade(deck, view, bot.shades)
        bonus, pass_bonus = bot.bonuses(deck.rules)
        style = bot.bid_style_for(deck)

        def bid_draw(rng: random.Random) -> tuple[int, int, float | None]:
            return bid_world(
                deck, view, draw(rng), amounts[0], may_pass, style, bot.partner_shade,
                bot.bid_defence, pass_bonus,
            )  # fmt: skip

        def bid_face_up(hands: Sequence[int], nest: int) -> tuple[int, int, float | None]:
            world = face_up(hands, nest)
            return bid_world(
                deck, view, world, amounts[0], may_pass, style, bot.partner_shade,
                bot.bid_defence, pass_bonus,
            )  # fmt: skip

        def value_bid(world: Any, action: Action) -> float:
            assert isinstance(action, Bid)
            made_pts, theirs, passed = world
            if action.amount is None:
                assert passed is not None
                return float(passed)
            return bid_value(deck.rules, action.amount, made_pts, theirs, shade, bonus)

        def bid_outcome(world: Any, action: Action) -> list[Outcome]:
            assert isinstance(action, Bid)
            value = value_bid(world, action)
            if action.amount is None:
                return [Outcome(value)]
            made_pts = world[0]
            return [Outcome(value, points=made_pts, made=int(made_pts >= action.amount))]

        options: list[Action] = [Bid(a) for a in amounts]
        if may_pass:
            options.append(Bid(None))
        return Scorer(options, bid_draw, value_bid, True, bid_face_up, outcome=bid_outcome)
    choice = discard_choice(legal)
    if choice is not None:
        found = discard_options(deck, view, choice)
        hand = view.hand
        trumps: dict[int, int] = {}
        for mask, colour in found:
            trumps.setdefault(mask, colour)
        run = discard_run(deck, view, bot.bid_style_for(deck))

        def value_discard(world: Any, action: Action) -> float:
            assert isinstance(action, Discard)
            colour = trumps.get(action.cards)
            if colour is None:  # not one of the search's: the colour it is best in
                colour = best_trump(deck, hand & ~action.cards)
            return run(world, action.cards, colour)

        whole = discard_result(deck, view, bot.bid_style_for(deck))

        def discard_outcome(world: Any, action: Action) -> list[Outcome]:
            assert isinstance(action, Discard)
            colour = trumps.get(action.cards)
            if colour is None:
                colour = best_trump(deck, hand & ~action.cards)
            return [rook_outcome(whole(world, action.cards, colour), me)]

        candidates: list[Action] = [Discard(m) for m in trumps]
        return Scorer(candidates, draw, value_discard, True, face_up, outcome=discard_outcome)
    colours = trump_choices(legal)
    if colours:
        trump = trump_run(deck, view, bot.bid_style_for(deck))

        def value_trump(world: Any, action: Action) -> float:
            assert isinstance(action, NameTrump)
            return trump(world, action.colour)

        under = trump_result(deck, view, bot.bid_style_for(deck))

        def trump_outcome(world: Any, action: Action) -> list[Outcome]:
            assert isinstance(action, NameTrump)
            return [rook_outcome(under(world, action.colour), me)]

        named: list[Action] = [NameTrump(t) for t in trump_candidates(deck, view, colours)]
        return Scorer(named, draw, value_trump, True, face_up, outcome=trump_outcome)
    play = play_out_run(deck, view, bot.style_for(deck), bot.exact_cards)
    trick = len(view.tricks)

    def value_play(world: Any, action: Action) -> float:
        assert isinstance(action, Play)
        return play(world, action.card)[0]

    def play_outcome(world: Any, action: Action) -> list[Outcome]:
        assert isinstance(action, Play)
        value, game, result = play(world, action.card)
        if result is None:  # valued exactly: only a trick the card finished is known
            return [exact_outcome(value, me, game, trick)]
        return [rook_outcome(result, me, game, trick)]

    found_cards = play_candidates(deck, view, playable(legal), bot.style_for(deck))
    cards: list[Action] = [Play(c) for c in found_cards]
    return Scorer(cards, draw, value_play, True, face_up, outcome=play_outcome)

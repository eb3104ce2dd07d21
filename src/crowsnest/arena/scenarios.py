"""The Rook positions of the scenario tests, built as the tests build them: the
hands they fix (:data:`TOP_TRUMP`, :data:`MEDIUM`, ...), the other cards dealt around
those (:func:`deal_around`), and a game brought to the position (:func:`game_at`,
:func:`partner_opened`). A test and the position that measures it
(:mod:`crowsnest.arena.positions`) are the same position.

>>> hands, nest = deal_around("rook/tournament", {0: TOP_TRUMP}, 0)
>>> hands[0] == TOP_TRUMP, len(hands[1].split()), len(nest.split())
(True, 9, 5)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from crowsnest.engine import RULESETS, RookGame, RookRules, new_game
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules.rook import tables


def deal_around(rules_id: str, fixed: Mapping[int, str], shuffle: int = 0) -> tuple[list[str], str]:
    """Hands for seats 0..3 and the nest: the ``fixed`` hands as given, the other
    cards shuffled (by ``shuffle``) and dealt out to the other seats and the nest."""
    rules = RULESETS[rules_id]
    if not isinstance(rules, RookRules):
        raise ValueError(f"{rules_id} is not a Rook rule set")
    taken = " ".join(fixed.values()).split()
    rest = [c for c in card_list_text(tables(rules).deck, "rook") if c not in taken]
    random.Random(shuffle).shuffle(rest)
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(" ".join(rest[: rules.hand_size]))
            rest = rest[rules.hand_size :]
    return hands, " ".join(rest)


def game_at(
    rules_id: str,
    hands: Sequence[str],
    nest: str,
    *,
    dealer: int,
    declarer: int | None,
    trump: str = "red",
    bid: int | None = None,
    plays: str = "",
    options: dict[str, object] | None = None,
) -> RookGame:
    """The deal ``hands`` (seats 0..3) and ``nest``, with ``dealer`` dealing. Unless
    ``declarer`` is None (the auction is left open), ``declarer`` bids ``bid`` (the
    minimum by default) and the others pass; it lays the nest back as dealt, names
    ``trump``, and then ``plays`` are played in turn."""
    deal: dict[str, object] = {"hands": [h.split() for h in hands]}
    if nest:
        deal["nest"] = nest.split()
    game = new_game(rules_id, options=options, seed=1, deals=[deal], start_hand=(dealer + 1) % 4)
    if not isinstance(game, RookGame) or game.dealer != dealer:
        raise ValueError(f"{rules_id}: no Rook game dealt by seat {dealer}")
    if declarer is None:
        return game
    amount = bid or game.rules.min_bid
    while game.phase == "auction":
        seat = game.turn
        game.apply(seat, f"bid {amount}" if seat == declarer else "bid pass")
    if game.phase == "discard":
        game.apply(declarer, "discard " + " ".join(card_list_text(game.nest, "rook")))
    game.apply(declarer, "trump " + trump)
    for card in plays.split():
        game.apply(game.turn, "play " + card)
    return game


def partner_opened(rules_id: str, mine: str, partner: str, shuffle: int = 0) -> RookGame:
    """Seat 1 passes, seat 2 (seat 0's partner) opens 70, seat 3 passes: seat 0 to
    bid, both opponents out."""
    hands, nest = deal_around(rules_id, {0: mine, 2: partner}, shuffle)
    game = game_at(rules_id, hands, nest, dealer=0, declarer=None)
    for seat, action in ((1, "bid pass"), (2, "bid 70"), (3, "bid pass")):
        game.apply(seat, action)
    return game


TOP_TRUMP = "G5 G8 G11 G13 G14 R14 Y14 B6 B7"
"""A declarer in green (Tournament Rook) from a reported game, where it led the G8 into
the Rook and went set."""
MEDIUM = "G14 G13 G11 G9 G8 R14 Y10 B5 B12"
"""A good hand whose partner opened 70 with both opponents out (Tournament Rook)."""
STRONG_PARTNER = "R11 R12 R13 Y14 Y11 Y9 R5 R9 B14"
MONSTER = "R14 R13 R12 R11 R10 Y14 G14 B14 CROW"
"""Five top red trumps, three side 14s and the Rook, over a weak partner's 70."""
WEAK_PARTNER = "R5 R6 Y13 Y12 G5 G10 B5 B6 B10"

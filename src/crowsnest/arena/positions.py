"""Scenario positions played out: what each choice at one decision is worth.

A scenario test (``tests/ai/test_rook_bots.py``) asks a bot for one decision in a
fixed position and states the right answer. This module names the positions that
measure those answers. A :class:`Position` fixes the hands the test fixes (the
deciding seat's, sometimes its partner's; :mod:`crowsnest.arena.scenarios`), the
play up to the decision, and the choices to compare. Deal ``k`` of a run
(:mod:`crowsnest.arena.position_runs`) deals the other cards around as the tests do
(:func:`~crowsnest.arena.scenarios.deal_around`, shuffle ``k``), builds the
position, and for each choice makes it and plays the hand to its end with real
bots: ``side`` for the deciding seat and its partner, ``others`` for the opponents,
each seat's chances from the arena's seat seed of ``(seed, k, seat)`` (the same for
every choice). A choice scores the deciding team's hand score minus the other
team's, and it is compared with the position's reference choice deal by deal (a
paired difference with a Student-t interval).

``crowsnest position NAME`` runs one (docs/arena.md); the positions are
:data:`POSITIONS`. The deals a position does not admit (the Rook in the declarer's
own nest, where the position says it is out) are skipped and counted.

>>> [name for name in POSITIONS]
['top-trump', 'top-trump-rook-takes', 'medium-raise', 'monster-raise']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from crowsnest.arena.scenarios import (
    MEDIUM,
    MONSTER,
    STRONG_PARTNER,
    TOP_TRUMP,
    WEAK_PARTNER,
    deal_around,
    game_at,
    partner_opened,
)
from crowsnest.engine import RookGame
from crowsnest.engine.cards import card_list_text

Reply = Callable[[RookGame], str | None]
"""A scripted answer after the choice: the action text for the seat to act, or None to
let its bot choose."""


@dataclass(frozen=True, slots=True)
class Choice:
    action: str
    """The action made at the decision, in the engine's notation (``play G8``)."""
    reply: Reply | None = None
    """Scripted answers that follow it (the rest is the bots')."""


@dataclass(frozen=True, slots=True)
class Position:
    name: str
    doc: str
    rules_id: str
    build: Callable[[int], RookGame | None]
    """The position of shuffle ``k``, None when it does not admit that deal."""
    seat: int
    choices: Mapping[str, Choice]
    reference: str
    """The choice the others are compared with."""


def _top_trump(shuffle: int) -> RookGame | None:
    hands, nest = deal_around("rook/tournament", {0: TOP_TRUMP}, shuffle)
    if "CROW" in nest.split():  # the position has the bird card out
        return None
    return game_at("rook/tournament", hands, nest, dealer=3, declarer=0, trump="green")


def _rook_holder(game: RookGame) -> int | None:
    for seat in range(4):
        if "CROW" in card_list_text(game.hands[seat], "rook"):
            return seat
    return None


def _top_trump_rook_with_opponent(shuffle: int) -> RookGame | None:
    game = _top_trump(shuffle)
    if game is None or _rook_holder(game) not in (1, 3):
        return None
    return game


def _rook_takes_the_first_trick(game: RookGame) -> str | None:
    """The defence that punishes a low trump lead: the opponent holding the Rook plays
    it on the first trick."""
    if game.tricks or game.turn != _rook_holder(game):
        return None
    return "play CROW"


def _partner_opened(mine: str, partner: str) -> Callable[[int], RookGame]:
    def build(shuffle: int) -> RookGame:
        return partner_opened("rook/tournament", mine, partner, shuffle)

    return build


_RAISE = {"pass": Choice("bid pass"), "75": Choice("bid 75")}

POSITIONS: dict[str, Position] = {
    p.name: p
    for p in (
        Position(
            "top-trump",
            "Tournament Rook, declarer in green with TOP_TRUMP, the first lead, the Rook"
            " out of the nest: the top trump, a low trump or a side card",
            "rook/tournament",
            _top_trump,
            0,
            {"G14": Choice("play G14"), "G8": Choice("play G8"), "B6": Choice("play B6")},
            "G14",
        ),
        Position(
            "top-trump-rook-takes",
            "top-trump with the Rook at an opponent, who takes a G8 lead with it (the"
            " defence that punishes a low lead); the G14 lead played freely",
            "rook/tournament",
            _top_trump_rook_with_opponent,
            0,
            {
                "G14": Choice("play G14"),
                "G8, Rook takes": Choice("play G8", _rook_takes_the_first_trick),
            },
            "G14",
        ),
        Position(
            "medium-raise",
            "Tournament Rook, MEDIUM over its partner's (STRONG_PARTNER) 70, both opponents"
            " out: pass or raise",
            "rook/tournament",
            _partner_opened(MEDIUM, STRONG_PARTNER),
            0,
            _RAISE,
            "pass",
        ),
        Position(
            "monster-raise",
            "Tournament Rook, MONSTER over its partner's (WEAK_PARTNER) 70, both opponents"
            " out: pass or raise",
            "rook/tournament",
            _partner_opened(MONSTER, WEAK_PARTNER),
            0,
            _RAISE,
            "pass",
        ),
    )
}

"""Player views: what one seat may know, built field by field from an allow-list.

A view never copies the game and masks it afterwards: every field below is chosen
because the rules let that seat see it (own hand, public history, own passes, the
nest for the declarer). A spectator (``seat=None``) sees no hand at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from crowsnest.engine.cards import Family
from crowsnest.engine.display import display_order
from crowsnest.engine.rules import HeartsRules, RookRules, rules_of_view
from crowsnest.engine.rules.hearts import PASS_OFFSET
from crowsnest.engine.scoring import HandResult, RookHandResult
from crowsnest.engine.tricks import Trick
from crowsnest.engine.view_fields import (
    AUCTION,
    CARD_SEQUENCE,
    CARDS,
    COLOUR,
    HAND,
    HEARTS_RESULTS,
    ROOK_RESULTS,
    SEATS,
    TRICKS,
    Wire,
    to_json,
)

if TYPE_CHECKING:
    from crowsnest.engine.hearts import HeartsGame
    from crowsnest.engine.rook import RookGame

_SEAT = "the seat this view is for, `null` for a spectator"
_ACTORS = "the seats that may act now, ascending"
_SIZES = "how many cards each seat holds"
_TRICK = "the trick in progress, in play order from `leader`"
_LEADER = "who led the trick in progress (`play` phase), else `null`"
_TEAM_OF_VIEWER = "the index in `teams` of the viewing seat's team, `null` for a spectator"


# What a view of bot protocol version 1 lacks is given from its rule set and seat.


def _target(rules: HeartsRules | RookRules, seat: int | None) -> int:
    return rules.target


def _teams(rules: HeartsRules | RookRules, seat: int | None) -> list[list[int]]:
    return [list(t) for t in rules.teams]


def _team(rules: HeartsRules | RookRules, seat: int | None) -> int | None:
    return None if seat is None else rules.team_of(seat)


def _bird(rules: HeartsRules | RookRules, seat: int | None) -> str | None:
    return rules.bird_key


def _nobody(rules: HeartsRules | RookRules, seat: int | None) -> None:
    return None


class _Derived:
    """What a view tells from its rule set and seat, so that no client works it out:
    the family, the teams and the seat's team, the bird card's name, the hand in the
    order it is shown (:func:`~crowsnest.engine.display.display_order`)."""

    __slots__ = ()
    rules: str
    seat: int | None
    hand: int | None

    @property
    def rule_set(self) -> HeartsRules | RookRules:  # pragma: no cover - each view overrides it
        return rules_of_view(self.rules)

    @property
    def family(self) -> Family:
        """The family, "hearts" or "rook" (``rules.family``)."""
        return self.rule_set.family

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team (``rules.teams``)."""
        return self.rule_set.teams

    @property
    def team(self) -> int | None:
        """The index in ``teams`` of this seat's team; None for a spectator."""
        return None if self.seat is None else self.rule_set.team_of(self.seat)

    @property
    def bird(self) -> str | None:
        """The bird card's name key ("crow", "rook"); None without a bird card."""
        return self.rule_set.bird_key

    def _trump(self) -> int | None:
        return None

    def hand_order(self) -> list[int] | None:
        """Own hand in the order it is shown; None for a spectator."""
        if self.hand is None:
            return None
        return display_order(self.rule_set, self._trump(), self.hand)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, each key as the view's class declares it
        (:func:`~crowsnest.engine.view_fields.to_json`)."""
        return to_json(self)


@dataclass(frozen=True, slots=True)
class HeartsView(_Derived):
    """What one seat of a Hearts game may know."""

    DERIVED: ClassVar[tuple[tuple[str, Wire], ...]] = (
        ("game", Wire("hearts", "the family: which of the two view shapes")),
        (
            "teams",
            Wire(
                "teams", "`[[0], [1], [2], [3]]`: every player for themselves", since=2, fill=_teams
            ),
        ),
        ("team", Wire("seat?", _TEAM_OF_VIEWER, since=2, fill=_team)),
        ("bird", Wire("bird", "`null`: Hearts has no bird card", since=2, fill=_bird)),
    )

    rules: Annotated[str, Wire("rules", "the rule set key")]
    seat: Annotated[int | None, Wire("seat?", _SEAT)]
    phase: Annotated[str, Wire("phase", "`hand_over` only in single-hand positions")]
    actors: Annotated[frozenset[int], Wire("seats", _ACTORS, SEATS)]
    hand_number: Annotated[int, Wire("count", "the round, from 0")]
    pass_direction: Annotated[str, Wire("pass_direction", "this round's pass")]
    hand: Annotated[
        int | None,
        Wire(
            "cards?",
            "the seat's own hand in display order (clubs, diamonds, spades, hearts; each "
            "from the ace down), `null` for a spectator",
            HAND,
        ),
    ]
    hand_sizes: Annotated[tuple[int, ...], Wire("counts", _SIZES)]
    passed: Annotated[int | None, Wire("cards?", "the cards this seat passed, once chosen", CARDS)]
    received: Annotated[
        int | None,
        Wire("cards?", "the cards this seat received, once the exchange is done", CARDS),
    ]
    trick: Annotated[tuple[int, ...], Wire("trick", _TRICK, CARD_SEQUENCE)]
    leader: Annotated[int | None, Wire("seat?", _LEADER)]
    tricks: Annotated[tuple[Trick, ...], Wire("tricks", "this round's completed tricks", TRICKS)]
    hearts_broken: Annotated[bool, Wire("bool", "a heart has been played this round")]
    points_taken: Annotated[
        tuple[int, ...], Wire("counts", "points each seat has taken this round")
    ]
    totals: Annotated[tuple[int, ...], Wire("counts", "the game totals")]
    results: Annotated[
        tuple[HandResult, ...], Wire("results", "every scored round", HEARTS_RESULTS)
    ]
    winner: Annotated[int | None, Wire("seat?", "the winning seat once the game is over")]
    target: Annotated[
        int,
        Wire(
            "target",
            "the game ends when a total reaches this (Hearts: the loser's)",
            since=2,
            fill=_target,
        ),
    ]

    @property
    def rule_set(self) -> HeartsRules:
        rules = rules_of_view(self.rules)
        assert isinstance(rules, HeartsRules)
        return rules

    @property
    def pass_to(self) -> int | None:
        """The seat this seat passes to this round; None for a spectator and in a
        round without passing."""
        if self.seat is None or self.pass_direction == "none":
            return None
        return (self.seat + PASS_OFFSET[self.pass_direction]) % self.rule_set.players


def hearts_view(game: HeartsGame, seat: int | None) -> HeartsView:
    own = seat is not None
    playing = game.phase in ("play", "hand_over", "over")
    passed = game.passes[seat] if own and seat is not None else None
    received = (
        game.received[seat]
        if own and seat is not None and playing and game.direction != "none"
        else None
    )
    return HeartsView(
        rules=game.rules.key,
        seat=seat,
        phase=game.phase,
        actors=game.actors,
        hand_number=game.hand_number,
        pass_direction=game.direction,
        hand=game.hands[seat] if seat is not None else None,
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        passed=passed,
        received=received,
        trick=tuple(game.trick),
        leader=game.leader if game.phase == "play" else None,
        tricks=tuple(game.tricks),
        hearts_broken=game.broken,
        points_taken=tuple(game.taken),
        totals=tuple(game.totals),
        results=tuple(game.results),
        winner=game.winner,
        target=game.rules.target,
    )


@dataclass(frozen=True, slots=True)
class RookView(_Derived):
    """What one seat of a Rook game may know; pairs are per team, We (seats 0 and 2)
    then They."""

    DERIVED: ClassVar[tuple[tuple[str, Wire], ...]] = (
        ("game", Wire("rook", "the family: which of the two view shapes")),
        (
            "teams",
            Wire("teams", "the partners: `[[0, 2], [1, 3]]`, We then They", since=2, fill=_teams),
        ),
        ("team", Wire("team?", _TEAM_OF_VIEWER, since=2, fill=_team)),
        (
            "bird",
            Wire(
                "bird",
                "the bird card's name key (`crow` in CrowsNest), `null` without the bird",
                since=2,
                fill=_bird,
            ),
        ),
    )

    rules: Annotated[str, Wire("rules", "the rule set key")]
    seat: Annotated[int | None, Wire("seat?", _SEAT)]
    phase: Annotated[str, Wire("phase", "`hand_over` only in single-hand positions")]
    actors: Annotated[frozenset[int], Wire("seats", _ACTORS, SEATS)]
    hand_number: Annotated[int, Wire("count", "the hand, from 0")]
    dealer: Annotated[int, Wire("seat", "this hand's dealer")]
    hand: Annotated[
        int | None,
        Wire(
            "cards?",
            "the seat's own hand in display order: by colour, trump first once named, "
            "each colour from its highest card down by this rule set's ranks (the bird "
            "where it ranks), `null` for a spectator",
            HAND,
        ),
    ]
    hand_sizes: Annotated[tuple[int, ...], Wire("counts", _SIZES)]
    auction: Annotated[
        tuple[tuple[int, int | None], ...],
        Wire("auction", "this hand's bids and passes, in order", AUCTION),
    ]
    high_bid: Annotated[int | None, Wire("count?", "the highest bid so far")]
    high_bidder: Annotated[int | None, Wire("seat?", "who made it")]
    declarer: Annotated[int | None, Wire("seat?", "who won the auction, once it is over")]
    bid: Annotated[int | None, Wire("count?", "the contract, once the auction is over")]
    trump: Annotated[int | None, Wire("colour?", "the trump colour, once named", COLOUR)]
    nest_size: Annotated[int, Wire("count", "cards in the nest")]
    nest: Annotated[
        int | None,
        Wire("cards?", "the nest as dealt: the declarer only, once taken up", CARDS),
    ]
    discards: Annotated[int | None, Wire("cards?", "the cards laid back: the declarer only", CARDS)]
    trick: Annotated[tuple[int, ...], Wire("trick", _TRICK, CARD_SEQUENCE)]
    leader: Annotated[int | None, Wire("seat?", _LEADER)]
    tricks: Annotated[tuple[Trick, ...], Wire("tricks", "this hand's completed tricks", TRICKS)]
    captured: Annotated[
        tuple[int, int],
        Wire("pair", "counter points each team (We, They) has taken this hand"),
    ]
    tricks_won: Annotated[tuple[int, int], Wire("pair", "tricks each team has taken this hand")]
    totals: Annotated[tuple[int, int], Wire("totals", "the game totals")]
    results: Annotated[
        tuple[RookHandResult, ...],
        Wire(
            "results",
            "every scored hand: the fields of the `hand_end` event but `hand_number`",
            ROOK_RESULTS,
        ),
    ]
    winner: Annotated[int | None, Wire("team?", "the winning team once the game is over")]
    target: Annotated[
        int,
        Wire(
            "target",
            "the game ends when a team's total reaches this, with the options",
            since=2,
            fill=_target,
        ),
    ]
    resigned: Annotated[
        int | None,
        Wire(
            "team?",
            "the team that resigned (the other one won); `null` unless a team resigned",
            since=2,
            fill=_nobody,
        ),
    ]

    @property
    def rule_set(self) -> RookRules:
        rules = rules_of_view(self.rules, self.nest_size)
        assert isinstance(rules, RookRules)
        return rules

    def _trump(self) -> int | None:
        return self.trump


def rook_view(game: RookGame, seat: int | None) -> RookView:
    declarer = game.declarer if game.phase != "auction" else None
    is_declarer = seat is not None and seat == declarer
    has_nest = is_declarer and game.rules.nest_size > 0
    return RookView(
        rules=game.rules.key,
        seat=seat,
        phase=game.phase,
        actors=game.actors,
        hand_number=game.hand_number,
        dealer=game.dealer,
        hand=game.hands[seat] if seat is not None else None,
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        auction=tuple(game.auction),
        high_bid=game.high_bid if game.high_bidder is not None else None,
        high_bidder=game.high_bidder,
        declarer=declarer,
        bid=game.bid if declarer is not None else None,
        trump=game.trump,
        nest_size=game.rules.nest_size,
        nest=game.nest if has_nest else None,
        discards=game.discards if has_nest and game.phase not in ("discard",) else None,
        trick=tuple(game.trick),
        leader=game.leader if game.phase == "play" else None,
        tricks=tuple(game.tricks),
        captured=(game.captured[0], game.captured[1]),
        tricks_won=(game.tricks_won[0], game.tricks_won[1]),
        totals=(game.totals[0], game.totals[1]),
        results=tuple(game.results),
        winner=game.winner,
        target=game.rules.target,
        resigned=game.resigned,
    )

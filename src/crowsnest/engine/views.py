"""Player views: what one seat may know, built field by field from an allow-list.

A view never copies the game and masks it afterwards: every field below is chosen
because the rules let that seat see it (own hand, public history, own passes, the
nest for the declarer). A spectator (``seat=None``) sees no hand at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crowsnest.engine.cards import COLOUR_NAMES, HEARTS, ROOK, Family, card_list_text, card_text
from crowsnest.engine.display import display_order
from crowsnest.engine.rules import HeartsRules, RookRules, rules_of_view
from crowsnest.engine.rules.hearts import PASS_OFFSET
from crowsnest.engine.scoring import HandResult, RookHandResult
from crowsnest.engine.tricks import Trick

if TYPE_CHECKING:
    from crowsnest.engine.hearts import HeartsGame
    from crowsnest.engine.rook import RookGame


def _cards(mask: int | None, family: Family) -> list[str] | None:
    return None if mask is None else card_list_text(mask, family)


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

    def _hand_json(self) -> list[str] | None:
        order = self.hand_order()
        family = self.family
        return None if order is None else [card_text(c, family) for c in order]

    def _derived_json(self) -> dict[str, Any]:
        return {
            "teams": [list(t) for t in self.teams],
            "team": self.team,
            "bird": self.bird,
        }


@dataclass(frozen=True, slots=True)
class HeartsView(_Derived):
    rules: str
    """Rule set key, ``hearts@1``."""
    seat: int | None
    phase: str
    actors: frozenset[int]
    hand_number: int
    pass_direction: str
    hand: int | None
    """Own hand (mask); None for a spectator."""
    hand_sizes: tuple[int, ...]
    passed: int | None
    """The cards this seat passed, once chosen."""
    received: int | None
    """The cards this seat received, once the exchange is done."""
    trick: tuple[int, ...]
    """Cards of the trick in progress, in play order from ``leader``."""
    leader: int | None
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    points_taken: tuple[int, ...]
    """Points each seat has taken in this round's tricks (public)."""
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    winner: int | None
    target: int
    """The game ends when a total reaches this (the table's option or the rule set's)."""

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

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, as its format ``engine.wire.HeartsViewJSON`` declares it."""
        out = {
            "game": self.family,
            "rules": self.rules,
            "seat": self.seat,
            "phase": self.phase,
            "actors": sorted(self.actors),
            "hand_number": self.hand_number,
            "pass_direction": self.pass_direction,
            "hand": self._hand_json(),
            "hand_sizes": list(self.hand_sizes),
            "passed": _cards(self.passed, HEARTS),
            "received": _cards(self.received, HEARTS),
            "trick": [card_text(c, HEARTS) for c in self.trick],
            "leader": self.leader,
            "tricks": [t.to_json(HEARTS) for t in self.tricks],
            "hearts_broken": self.hearts_broken,
            "points_taken": list(self.points_taken),
            "totals": list(self.totals),
            "results": [r.to_json() for r in self.results],
            "winner": self.winner,
            "target": self.target,
            **self._derived_json(),
        }
        return out


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
    rules: str
    """Rule set key, ``rook/crowsnest@1``."""
    seat: int | None
    phase: str
    actors: frozenset[int]
    hand_number: int
    dealer: int
    hand: int | None
    """Own hand (mask); None for a spectator."""
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, int | None], ...]
    """(seat, bid or None for a pass) in order, this hand."""
    high_bid: int | None
    high_bidder: int | None
    declarer: int | None
    bid: int | None
    trump: int | None
    nest_size: int
    nest: int | None
    """The nest as dealt: only the declarer sees it, once taken up."""
    discards: int | None
    """What the declarer laid back: only the declarer sees it."""
    trick: tuple[int, ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    captured: tuple[int, int]
    """Counter points each team has taken in this hand's tricks (public)."""
    tricks_won: tuple[int, int]
    totals: tuple[int, int]
    results: tuple[RookHandResult, ...]
    winner: int | None
    target: int
    """The game ends when a team's total reaches this (the table's option or the rule set's)."""
    resigned: int | None
    """The team that resigned the game (the other one won it); None: nobody resigned."""

    @property
    def rule_set(self) -> RookRules:
        rules = rules_of_view(self.rules, self.nest_size)
        assert isinstance(rules, RookRules)
        return rules

    def _trump(self) -> int | None:
        return self.trump

    def to_json(self) -> dict[str, Any]:
        """The view as JSON, as its format ``engine.wire.RookViewJSON`` declares it."""
        out = {
            "game": self.family,
            "rules": self.rules,
            "seat": self.seat,
            "phase": self.phase,
            "actors": sorted(self.actors),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "hand": self._hand_json(),
            "hand_sizes": list(self.hand_sizes),
            "auction": [[s, b] for s, b in self.auction],
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": None if self.trump is None else COLOUR_NAMES[self.trump],
            "nest_size": self.nest_size,
            "nest": _cards(self.nest, ROOK),
            "discards": _cards(self.discards, ROOK),
            "trick": [card_text(c, ROOK) for c in self.trick],
            "leader": self.leader,
            "tricks": [t.to_json(ROOK) for t in self.tricks],
            "captured": list(self.captured),
            "tricks_won": list(self.tricks_won),
            "totals": list(self.totals),
            "results": [r.to_json() for r in self.results],
            "winner": self.winner,
            "target": self.target,
            "resigned": self.resigned,
            **self._derived_json(),
        }
        return out


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

"""The Rook family as data: ``../shared/rules/rook.md`` (version 1).

One frozen dataclass holds every rule that differs between the seven rule sets;
the presets are built with :func:`dataclasses.replace` from Tournament Rook.
Tables derived from a rule set (deck, ranks, counters) are computed once per rule
set by :func:`tables` and kept out of the dataclass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Final, Literal

from crowsnest.engine import seats
from crowsnest.engine.cards import CARD_NAMES, CROW, colour_mask, rook_card
from crowsnest.engine.errors import OptionError

BirdPlace = Literal["lowest", "highest", "below_red_one"]
RED_ONE: Final = rook_card(0, 1)
ROOK_CARDS: Final = len(CARD_NAMES["rook"])
"""Card ints of the Rook family: 0 (the bird card) to 56 (``B14``)."""
TRUMP_BONUS: Final = 1000
"""What being a trump adds to a card's rank in its power (:attr:`RookTables.power`):
more than any rank, so that a trump beats every card that is not one."""


def _teams(players: int, team_of: Callable[[int], int]) -> tuple[tuple[int, ...], ...]:
    seats: dict[int, list[int]] = {}
    for seat in range(players):
        seats.setdefault(team_of(seat), []).append(seat)
    return tuple(tuple(seats[t]) for t in sorted(seats))


@dataclass(frozen=True, slots=True)
class RookRules:
    id: str
    name: str
    bird_name: str
    """How the bird card (``CROW``) is called to players: "Crow" or "Rook"."""
    numbers: tuple[int, ...]
    """The numbers in each colour (the red 1 of The Red 1 is not among them)."""
    bird: bool
    bird_optional: bool
    """Whether the ``bird`` option exists (the bird card may be removed)."""
    bird_place: BirdPlace
    one_high: bool
    """The 1 ranks above the 14 in every colour."""
    red_one: bool
    """The Red 1: the red 1 is the highest trump whatever colour is trump."""
    counters: tuple[tuple[int, int], ...]
    """(number, points) for every colour."""
    bird_points: int
    red_one_points: int
    hand_size: int
    nest_size: int
    trick_bonus: int
    """Points to the team taking more tricks than the other (none on a tie)."""
    min_bid: int
    min_bid_without_bird: int
    made_scores: Literal["bid", "captured"]
    """What a made contract scores: the bid (CrowsNest) or the points captured."""
    target: int = 300
    all_pass: Literal["redeal", "dealer_forced"] = "redeal"
    discard_counters: bool = True
    version: int = 1
    bid_step: int = 5
    first_dealer: int = 3
    players: int = 4
    house: tuple[str, ...] = ()
    """The rules of this set that this project chose where no published rule settles
    the point (``rook.md``'s **(house)**), by the name of the rule as the Info tab
    states it (its paragraph ``rules.rook.<name>``); ``min_bid_without_bird``: the
    minimum bid once the option removes the bird card."""
    notes: tuple[str, ...] = ()
    """What the Info tab says of this rule set alone, by name: how CrowsNest changes
    Tournament Rook."""

    def __post_init__(self) -> None:
        def bad(why: str) -> OptionError:
            return OptionError("bad_rules", f"{self.id}: {why}")

        if any(not 1 <= n <= 14 for n in self.numbers) or len(set(self.numbers)) != len(
            self.numbers
        ):
            raise bad(f"numbers {self.numbers!r}")
        if self.red_one and 1 in self.numbers:
            raise bad("the red 1 is already a number of every colour")
        if self.one_high and 1 not in self.numbers:
            raise bad("1-high needs the 1s")
        if any(n not in self.numbers for n, _ in self.counters):
            raise bad("a counter is not in the deck")
        deck = 4 * len(self.numbers) + self.bird + self.red_one
        if 4 * self.hand_size + self.nest_size != deck:
            raise bad(f"4 hands of {self.hand_size} and a nest of {self.nest_size} != {deck}")
        if self.bird_place == "below_red_one" and not self.red_one:
            raise bad("the bird can only rank below the red 1 when there is one")
        if self.bid_step <= 0 or self.min_bid % self.bid_step:
            raise bad(f"minimum bid {self.min_bid} is not a multiple of {self.bid_step}")
        if not self.bid_step <= self.min_bid <= self.max_bid:
            raise bad(f"minimum bid {self.min_bid} outside {self.bid_step}..{self.max_bid}")
        if self.target <= 0:
            raise bad("target must be positive")
        if not 0 <= self.first_dealer < self.players:
            raise bad("first dealer is not a seat")

    @property
    def family(self) -> Literal["rook"]:
        return "rook"

    team_of = staticmethod(seats.team_of)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team: ``((0, 2), (1, 3))``."""
        return _teams(self.players, self.team_of)

    @property
    def bird_key(self) -> str | None:
        """The bird card's name key ("crow", "rook"), None when this rule set plays
        without it."""
        return self.bird_name.lower() if self.bird else None

    @property
    def key(self) -> str:
        return f"{self.id}@{self.version}"

    @property
    def deck_size(self) -> int:
        return 4 * len(self.numbers) + self.bird + self.red_one

    @property
    def counter_points(self) -> int:
        """Points of all counters in the deck (without the trick bonus)."""
        per_colour = sum(p for _, p in self.counters)
        return 4 * per_colour + self.bird * self.bird_points + self.red_one * self.red_one_points

    @property
    def points_per_hand(self) -> int:
        """All points of a hand: counters plus the trick bonus; also the maximum bid."""
        return self.counter_points + self.trick_bonus

    @property
    def max_bid(self) -> int:
        return self.points_per_hand - self.points_per_hand % self.bid_step

    @property
    def tricks_per_hand(self) -> int:
        return self.hand_size

    def options(self) -> dict[str, object]:
        """The current value of every option this rule set has."""
        values: dict[str, object] = {
            "target": self.target,
            "min_bid": self.min_bid,
            "all_pass": self.all_pass,
            "discard_counters": self.discard_counters,
        }
        if self.bird_optional:
            values["bird"] = self.bird
        return values


TOURNAMENT: Final = RookRules(
    id="rook/tournament",
    name="Tournament Rook (Kentucky Discard)",
    bird_name="Rook",
    numbers=tuple(range(5, 15)),
    bird=True,
    bird_optional=True,
    bird_place="highest",
    one_high=False,
    red_one=False,
    counters=((5, 5), (10, 10), (14, 10)),
    bird_points=20,
    red_one_points=0,
    hand_size=9,
    nest_size=5,
    trick_bonus=0,
    min_bid=70,
    min_bid_without_bird=50,
    made_scores="captured",
    house=("min_bid_without_bird",),
)

CROWSNEST: Final = replace(
    TOURNAMENT,
    id="rook/crowsnest",
    name="CrowsNest",
    bird_name="Crow",
    bird_place="lowest",
    min_bid_without_bird=70,
    made_scores="bid",
    house=(),
    notes=("crowsnest_changes",),
)

PARTNERSHIP: Final = replace(
    TOURNAMENT,
    id="rook/partnership",
    name="Partnership Rook",
    numbers=tuple(range(1, 15)),
    bird=False,
    bird_optional=False,
    bird_points=0,
    hand_size=14,
    nest_size=0,
    trick_bonus=20,
    min_bid_without_bird=70,
    house=("trick_bonus_tie", "min_bid"),
)

ONE_HIGH: Final = replace(
    TOURNAMENT,
    id="rook/one-high",
    name="1-High Partnership",
    numbers=tuple(range(1, 15)),
    bird_optional=False,
    one_high=True,
    counters=((1, 15), (5, 5), (10, 10), (14, 10)),
    hand_size=13,
    nest_size=5,
    min_bid=100,
    min_bid_without_bird=100,
    house=("bird_highest", "nest_size", "min_bid"),
)

RED_ONE_RULES: Final = replace(
    TOURNAMENT,
    id="rook/red-one",
    name="The Red 1",
    bird_optional=False,
    bird_place="below_red_one",
    red_one=True,
    red_one_points=30,
    hand_size=9,
    nest_size=6,
    min_bid=90,
    min_bid_without_bird=90,
    house=("min_bid", "red_one_not_any_time"),
)

BUCKEYE: Final = replace(
    TOURNAMENT,
    id="rook/buckeye",
    name="Buckeye",
    numbers=(1, *range(5, 15)),
    bird_optional=False,
    one_high=True,
    counters=((1, 15), (5, 5), (10, 10), (14, 10)),
    hand_size=10,
    nest_size=5,
    min_bid=100,
    min_bid_without_bird=100,
    house=("min_bid",),
)

DIXIE: Final = replace(
    TOURNAMENT,
    id="rook/dixie",
    name="Dixie Rook",
    numbers=tuple(range(1, 15)),
    bird=False,
    bird_optional=False,
    bird_points=0,
    counters=((5, 5), (10, 10), (13, 10)),
    hand_size=13,
    nest_size=4,
    trick_bonus=20,
    min_bid_without_bird=70,
    house=("first_lead", "nest_to_last_trick"),
)

ROOK_PRESETS: Final = (CROWSNEST, TOURNAMENT, PARTNERSHIP, ONE_HIGH, RED_ONE_RULES, BUCKEYE, DIXIE)


@dataclass(frozen=True, slots=True)
class RookTables:
    """Lookup tables derived from one rule set; index by card int (0..127)."""

    deck: int
    points: tuple[int, ...]
    counters: int
    """Mask of every card worth points (the bird card and the red 1 included)."""
    specials: int
    """Cards that are trump whatever colour is trump (the bird card, the red 1)."""
    colour_masks: tuple[int, ...]
    """Each colour's cards, specials excluded."""
    rank: tuple[int, ...]
    """Strength of a card inside its (effective) suit: higher wins."""
    power: tuple[tuple[int, ...], ...]
    """``power[trump][card]``: the rank, plus :data:`TRUMP_BONUS` for the trumps of that
    colour."""


@cache
def tables(rules: RookRules) -> RookTables:
    deck = 0
    points = [0] * ROOK_CARDS
    rank = [0] * ROOK_CARDS
    counter_of = dict(rules.counters)
    for colour in range(4):
        for n in rules.numbers:
            card = rook_card(colour, n)
            deck |= 1 << card
            points[card] = counter_of.get(n, 0)
            rank[card] = 15 if n == 1 and rules.one_high else n
    specials = 0
    if rules.bird:
        deck |= 1 << CROW
        specials |= 1 << CROW
        points[CROW] = rules.bird_points
        rank[CROW] = 0 if rules.bird_place == "lowest" else 20
    if rules.red_one:
        deck |= 1 << RED_ONE
        specials |= 1 << RED_ONE
        points[RED_ONE] = rules.red_one_points
        rank[RED_ONE] = 21
    colour_masks = tuple(colour_mask(c) & deck & ~specials for c in range(4))
    counters = sum(1 << c for c in range(ROOK_CARDS) if points[c])
    power = tuple(
        tuple(
            rank[c] + TRUMP_BONUS * bool((colour_masks[t] | specials) >> c & 1)
            for c in range(ROOK_CARDS)
        )
        for t in range(4)
    )
    return RookTables(deck, tuple(points), counters, specials, colour_masks, tuple(rank), power)

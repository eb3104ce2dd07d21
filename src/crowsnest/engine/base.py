"""What every game shares: chance (seeded or fixed deals), the action log, records."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from crowsnest.engine.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    LegalAction,
    NameTrump,
    PassCards,
    Play,
    Resign,
    action_text,
    parse_action,
)
from crowsnest.engine.cards import Family, bits, cards_text, is_card
from crowsnest.engine.deals import Deal, deck_list, parse_deal
from crowsnest.engine.errors import (
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionError,
    RecordError,
    RulesError,
)
from crowsnest.engine.events import Event
from crowsnest.engine.rules import HeartsRules, RookRules
from crowsnest.engine.scoring import Standing

R = TypeVar("R", HeartsRules, RookRules)
G = TypeVar("G", bound="Game[Any]")

RECORD_FORMAT: Final = "crowsnest-record"
RECORD_VERSION: Final = 1
SEATS: Final = (0, 1, 2, 3)


def _well_formed(action: Action, family: Family) -> bool:
    """An action object built in code (not parsed) names real cards of ``family``'s
    deck and real colours."""
    if isinstance(action, Play):
        return is_card(action.card, family)
    if isinstance(action, PassCards | Discard):
        cards = action.cards
        return (
            isinstance(cards, int)
            and not isinstance(cards, bool)
            and cards > 0
            and all(is_card(c, family) for c in bits(cards))
        )
    if isinstance(action, NameTrump):
        return isinstance(action.colour, int) and 0 <= action.colour < 4
    if isinstance(action, Resign):
        return True
    amount = action.amount
    return amount is None or (isinstance(amount, int) and not isinstance(amount, bool))


def _cards_named(action: Action) -> int:
    if isinstance(action, Play):
        return 1 << action.card
    if isinstance(action, PassCards | Discard):
        return action.cards
    return 0


class Game(ABC, Generic[R]):
    """A whole game: hands are dealt, played and scored until the game is over.

    ``actors`` are the seats that may act now; ``legal_actions``, ``check`` and
    ``apply`` are the only ways in. Chance comes from ``seed`` (a ``random.Random``
    of the game's own) or from the fixed ``deals``, used first, one per deal.
    """

    rules: R
    phase: str
    on_hand_over: Callable[[], None] | None = None
    """Called when a hand has been scored, before the next deal: the game is then in
    phase ``hand_over``, every trick of the hand done (a replay shows that moment)."""

    def __init__(
        self, rules: R, seed: int, deals: Sequence[object] = (), start_hand: object = 0
    ) -> None:
        # Arguments a caller may get wrong are typed ``object`` and checked here: a
        # build compiled by mypyc (crowsnest.native) would otherwise refuse or convert
        # them before the check, with another error than the engine's.
        if isinstance(start_hand, bool) or not isinstance(start_hand, int) or start_hand < 0:
            raise OptionError("bad_start_hand", f"{start_hand!r} is not a hand number (>= 0)")
        self.rules = rules
        self.seed = seed
        self.start_hand = start_hand
        self._rng: random.Random | None = None
        """The deals' random state, made from ``seed`` at the first deal: a game set to a
        position for search (:meth:`_blank`) never deals, and seeding a Mersenne
        Twister costs more than the rest of making such a game."""
        self._fixed = [parse_deal(d, rules.family, *self._deal_shape()) for d in deals]
        self.deals: list[Deal] = []
        self.log: list[tuple[int, str]] = []

    # -- chance ---------------------------------------------------------------------

    @abstractmethod
    def _deal_shape(self) -> tuple[int, int, int]:
        """(deck mask, hand size, nest size)."""

    def _next_deal(self, first_seat: int = 0) -> Deal:
        """The next deal: the next fixed one if any is left, else from the seed.

        The shuffle runs either way, so the random state after a deal never depends
        on whether the deal was fixed: a record that lists every deal replays to the
        very same game, random state included.
        """
        deck, hand_size, _ = self._deal_shape()
        cards = deck_list(deck)
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        rng.shuffle(cards)
        n = len(self.deals)
        if n < len(self._fixed):
            deal = self._fixed[n]
        else:
            hands = [0, 0, 0, 0]
            for i in range(4 * hand_size):
                hands[(first_seat + i) % 4] |= 1 << cards[i]
            nest = 0
            for c in cards[4 * hand_size :]:
                nest |= 1 << c
            deal = Deal((hands[0], hands[1], hands[2], hands[3]), nest)
        self.deals.append(deal)
        return deal

    # -- the three calls ------------------------------------------------------------

    @property
    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Seats that may act now (several during the Hearts pass)."""

    @property
    def is_over(self) -> bool:
        """The game is over (``over``), or a single-hand search position has been
        scored (``hand_over``)."""
        return self.phase in ("over", "hand_over")

    def _view_seat(self, seat: object) -> int | None:
        """``seat`` if it may look at the table: a seat, or None for a spectator."""
        if seat is None:
            return None
        if not isinstance(seat, bool):
            for each in SEATS:
                if seat == each:
                    return each  # as an int, whatever equal number it was given as
        raise InvalidAction("bad_seat", f"{seat!r} is not a seat (0..3) or None")

    @classmethod
    @abstractmethod
    def _blank(cls: type[G], rules: R) -> G:
        """A game of ``rules`` with no hand dealt, whose state the caller sets (a
        position for search, a clone): the constructor with ``dealt=False``."""

    @abstractmethod
    def legal_actions(self, seat: object) -> list[LegalAction]:
        """What ``seat`` may do now: empty when it may not act (or is no seat)."""

    @abstractmethod
    def _check(self, seat: int, action: Action, text: str) -> None: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action, events: list[Event] | None) -> None: ...

    def _check_resign(self, seat: int, text: str) -> None:
        """Raise unless ``seat``'s team may resign now (on its turn or not)."""
        raise IllegalAction("no_resign", f"{text!r}: {self.rules.name} has no resign")

    def parse(self, action: Action | str) -> tuple[Action, str]:
        if isinstance(action, str):
            return parse_action(action, self.rules.family), action.strip()
        if not isinstance(action, ACTION_TYPES):
            raise InvalidAction("malformed_action", f"{action!r} is not an action")
        if not _well_formed(action, self.rules.family):
            raise InvalidAction("malformed_action", f"{action!r} names no card or colour")
        return action, action_text(action, self.rules.family)

    def check(self, seat: object, action: Action | str) -> Action:
        """Raise a :class:`RulesError` if ``seat`` may not take ``action`` now;
        return the parsed action."""
        return self._checked(seat, action)[1]

    def _checked(self, seat: object, action: Action | str) -> tuple[int, Action, str]:
        """:meth:`check`, returning the seat, the parsed action and its text."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise InvalidAction("bad_seat", f"{seat!r} is not a seat (0..3)")
        parsed, text = self.parse(action)
        named = _cards_named(parsed) & ~self._deal_shape()[0]
        if named:
            which = cards_text(named, self.rules.family)
            raise InvalidAction(
                "unknown_card", f"{text!r}: {which} is not a card of {self.rules.name}"
            )
        if self.is_over:
            raise IllegalAction("game_over", f"{text!r}: the game is over")
        if isinstance(parsed, Resign):
            self._check_resign(seat, text)
            return seat, parsed, text
        if seat not in self.actors:
            raise NotYourTurn(seat, text)
        self._check(seat, parsed, text)
        return seat, parsed, text

    def apply(self, seat: object, action: Action | str) -> list[Event]:
        """Check, then apply ``action`` for ``seat``; return the events it caused.
        After an error the game is unchanged."""
        seat, parsed, text = self._checked(seat, action)
        events: list[Event] = []
        # The log holds the canonical text: a parsed string may differ from its input.
        self.log.append(
            (seat, action_text(parsed, self.rules.family) if isinstance(action, str) else text)
        )
        self._apply(seat, parsed, events)
        return events

    def step(self, seat: object, action: Action | str) -> None:
        """:meth:`apply` without the events: the same check (the same errors, and
        after one the game is unchanged), the same log, nothing collected: for a
        search or a simulation through the checked API."""
        seat, parsed, text = self._checked(seat, action)
        self.log.append(
            (seat, action_text(parsed, self.rules.family) if isinstance(action, str) else text)
        )
        self._apply(seat, parsed, None)

    # -- views and records ------------------------------------------------------------

    @abstractmethod
    def view(self, seat: object) -> Any:
        """What ``seat`` may know (``None``: a spectator, who sees no hand)."""

    totals: list[int]

    @property
    def scores(self) -> tuple[int, ...]:
        """Game totals: per seat (Hearts) or per team, We then They (Rook)."""
        return tuple(self.totals)

    @abstractmethod
    def standings(self) -> tuple[Standing, ...]:
        """Every seat's score (its team's), whether it won, and (Rook) the contracts it
        made and went set on as declarer; seats in order."""

    def clone(self: G) -> G:
        """An independent copy (for search): every list of state is copied, the
        random state too; everything else is immutable and shared."""
        other = self._blank(self.rules)
        for name in state_names(self):
            value = getattr(self, name)
            setattr(other, name, value[:] if type(value) is list else value)
        if self._rng is not None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    def record(self) -> dict[str, Any]:
        """The game as a JSON-ready record (``engine.wire.RecordJSON``, ``docs/formats.md``)."""
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.id,
            "rules_version": self.rules.version,
            "options": self.rules.options(),
            "seed": self.seed,
            "start_hand": self.start_hand,
            "deals": [d.to_json(self.rules.family) for d in self.deals],
            "actions": [[seat, text] for seat, text in self.log],
        }
        return record


def state_names(game: object) -> list[str]:
    """The names of the attributes that hold ``game``'s state: its ``__dict__``, run
    from source; compiled by mypyc (:mod:`crowsnest.native`) a class keeps them in
    slots, which it lists in ``__mypyc_attrs__`` (``__dict__`` among them when
    instances also have one)."""
    slots: tuple[str, ...] | None = getattr(type(game), "__mypyc_attrs__", None)
    names = [n for n in slots or () if n != "__dict__" and hasattr(game, n)]
    return names + [n for n in getattr(game, "__dict__", {}) if n not in names]


def replay_actions(game: Game[Any], actions: object) -> None:
    """Apply a record's action list, failing with the step and the reason."""
    if not isinstance(actions, list):
        raise RecordError(None, "'actions' must be a list")
    for step, item in enumerate(actions):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or not isinstance(item[1], str)
        ):
            raise RecordError(step, f"{item!r} is not [seat, action]", "bad_record_action")
        try:
            game.apply(item[0], item[1])
        except RulesError as err:
            raise RecordError(step, f"seat {item[0]} {err.message}", err.code) from err

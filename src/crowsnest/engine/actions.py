"""Actions and their text notation.

=============================  ======================================
``play QS``                    play one card to the trick
``pass 2C 3D 4H``              Hearts: the cards passed this round
``bid 75`` / ``bid pass``      Rook auction: a bid, or a (final) pass
``discard R5 G10 B14 Y5 CROW`` Rook: the declarer's cards back to the nest
``trump red``                  Rook: name trump (red, yellow, green, black)
``resign``                     Rook: the seat's team gives the game up
=============================  ======================================

``resign`` is never among the legal actions (no bot offers it): a seat of a Rook
game may send it at any moment before the game is over, on its turn or not.

Where the choice is a set of several cards (the Hearts pass, the nest discard),
``legal_actions`` returns one :class:`Choose` template instead of every combination;
``check`` judges a concrete :class:`PassCards` or :class:`Discard`.

A card is an int of its family's deck (:mod:`crowsnest.engine.cards`), so the text
of a :class:`Play` needs the family: :func:`action_text`. Every other action names
its family itself (passing is Hearts, discarding Rook) and ``str`` gives its text.

>>> play, discard = parse_action("play r14", "rook"), parse_action("discard y5 crow", "rook")
>>> action_text(play, "rook"), str(discard)
('play R14', 'discard CROW Y5')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from crowsnest.engine.cards import (
    CARD_NAMES,
    COLOUR_NAMES,
    HEARTS,
    ROOK,
    Family,
    card_text,
    cards_text,
    parse_cards,
)
from crowsnest.engine.errors import InvalidAction

MAX_ACTION_TEXT = 200


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card (an int of the game's deck: its text is :func:`action_text`)."""

    card: int

    def __str__(self) -> str:
        # An int names a card only with its family: writing a play without one would
        # write the wrong card (or none) into a log, a record or a message.
        raise TypeError(f"{self!r}: a card's text needs its family: action_text(action, family)")


@dataclass(frozen=True, slots=True)
class PassCards:
    """Hearts: the three cards a player passes (a mask)."""

    cards: int

    def __str__(self) -> str:
        return action_text(self, HEARTS)


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``amount`` points, or a pass when ``amount`` is None."""

    amount: int | None

    def __str__(self) -> str:
        return "bid pass" if self.amount is None else f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Rook: the cards the declarer lays back into the nest (a mask)."""

    cards: int

    def __str__(self) -> str:
        return action_text(self, ROOK)


@dataclass(frozen=True, slots=True)
class NameTrump:
    colour: int

    def __str__(self) -> str:
        return f"trump {COLOUR_NAMES[self.colour]}"


@dataclass(frozen=True, slots=True)
class Resign:
    """Rook: the seat's team resigns; the other team wins the game at once."""

    def __str__(self) -> str:
        return "resign"


@dataclass(frozen=True, slots=True)
class Choose:
    """A legal-action template: choose ``count`` cards out of ``allowed``.

    Every card of ``required`` must be among them (the nest discard when counters
    may not be discarded and too few other cards are held). ``kind`` names the
    concrete action: ``pass`` (:class:`PassCards`) or ``discard`` (:class:`Discard`).
    """

    kind: Literal["pass", "discard"]
    count: int
    allowed: int
    required: int = 0

    def __str__(self) -> str:
        return action_text(self, HEARTS if self.kind == "pass" else ROOK)

    def admits(self, cards: int) -> bool:
        return (
            cards.bit_count() == self.count
            and cards & ~self.allowed == 0
            and cards & self.required == self.required
        )


PLAYS: Final = tuple(Play(c) for c in range(max(len(n) for n in CARD_NAMES.values())))
"""One :class:`Play` per card int, shared (the objects are immutable):
``legal_actions`` hands these out instead of building new ones."""
PLAY_TEXT: Final = {f: tuple(f"play {t}" for t in names) for f, names in CARD_NAMES.items()}
"""``action_text(Play(c), family)`` for every card ``c`` of each family."""

Action = Play | PassCards | Bid | Discard | NameTrump | Resign
ACTION_TYPES = (Play, PassCards, Bid, Discard, NameTrump, Resign)
LegalAction = Action | Choose


def action_text(action: LegalAction, family: Family) -> str:
    """The notation of ``action`` in a game of ``family``: ``play QS``, ``bid 75``."""
    if isinstance(action, Play):
        return f"play {card_text(action.card, family)}"
    if isinstance(action, PassCards):
        return f"pass {cards_text(action.cards, family)}"
    if isinstance(action, Discard):
        return f"discard {cards_text(action.cards, family)}"
    if isinstance(action, Choose):
        text = f"{action.kind} {action.count} of {cards_text(action.allowed, family)}"
        if action.required:
            text += f" including {cards_text(action.required, family)}"
        return text
    return str(action)


def _cards(words: list[str], family: Family | None, text: str) -> int:
    """The cards ``words`` name, of ``family``'s deck (or of the deck they name);
    an error quotes the action."""
    try:
        return parse_cards(words, family)
    except InvalidAction as err:
        raise InvalidAction(err.code, f"{text!r}: {err.message}") from None


def parse_action(text: str, family: Family | None = None) -> Action:
    """Parse the action notation of a game of ``family``; raise
    :class:`InvalidAction` naming the problem (a card of another deck is one).
    Without ``family`` the cards are of the deck their texts name (the texts never
    collide); the engine always gives its own."""
    if not isinstance(text, str):
        raise InvalidAction("malformed_action", "an action must be text")
    if len(text) > MAX_ACTION_TEXT:
        raise InvalidAction("malformed_action", f"action text longer than {MAX_ACTION_TEXT}")
    words = text.split()
    if not words:
        raise InvalidAction("malformed_action", "empty action")
    verb, args = words[0].lower(), words[1:]
    if verb == "play":
        if len(args) != 1:
            raise InvalidAction("malformed_action", f"{text!r}: 'play' takes one card")
        return Play(_cards(args, family, text).bit_length() - 1)
    if verb == "pass":
        if not args:
            raise InvalidAction("malformed_action", f"{text!r}: 'pass' takes cards")
        return PassCards(_cards(args, family, text))
    if verb == "discard":
        if not args:
            raise InvalidAction("malformed_action", f"{text!r}: 'discard' takes cards")
        return Discard(_cards(args, family, text))
    if verb == "bid":
        if len(args) != 1:
            raise InvalidAction("malformed_action", f"{text!r}: 'bid' takes a number or 'pass'")
        word = args[0].lower()
        if word == "pass":
            return Bid(None)
        if not word.isdigit() or len(word) > 6:
            raise InvalidAction("malformed_action", f"{text!r}: a bid is a number or 'pass'")
        return Bid(int(word))
    if verb == "trump":
        if len(args) != 1 or args[0].lower() not in COLOUR_NAMES:
            raise InvalidAction(
                "malformed_action", f"{text!r}: trump is one of {', '.join(COLOUR_NAMES)}"
            )
        return NameTrump(COLOUR_NAMES.index(args[0].lower()))
    if verb == "resign":
        if args:
            raise InvalidAction("malformed_action", f"{text!r}: 'resign' takes nothing")
        return Resign()
    raise InvalidAction(
        "malformed_action",
        f"{text!r}: unknown action; expected play, pass, bid, discard, trump or resign",
    )

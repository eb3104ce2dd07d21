"""Reading the player's decision: a number from the list, or the action's notation.

Whatever the player types becomes an :class:`~crowsnest.engine.Action` and goes to the
engine's ``check``; a refusal is shown with the engine's message and the player is
asked again. Shortcuts only spare typing (``QS`` for ``play QS``, ``pass`` for
``bid pass``, ``red`` for ``trump red``, bare cards for a pass or a discard); they
decide nothing about legality.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crowsnest.ai import concrete
from crowsnest.engine import (
    Action,
    AnyGame,
    Bid,
    Choose,
    LegalAction,
    NameTrump,
    Play,
    RulesError,
    parse_action,
    parse_card,
    parse_cards,
)
from crowsnest.engine.cards import Family
from crowsnest.terminal.render import COLOURS, example

QUIT = ("q", "quit", "exit")
HELP = ("?", "h", "help")
HELP_TEXT = """\
  Answer with a number from the list, or type the action:
    play QS   (or just QS)           play a card
    bid 75    bid pass (or pass)     bid in the auction, or pass for the rest of it
    trump red (or red)               name trump: red, yellow, green or black
    pass 2C 3D 4H (or 2C 3D 4H)      Hearts: the three cards you pass
    discard R5 Y6 ... (or R5 Y6 ...) Rook: the cards you lay back in the nest
  Cards: rank + suit in Hearts (2C ... TC JC QC KC AC), colour + number in Rook
  (R5 ... R14, Y, G, B) and CROW for the bird card.  q quits."""

Reader = Callable[[str], str]
Writer = Callable[[str], None]


class Reprompt(Exception):
    """Input the terminal itself refuses (a number outside the list)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def prompt_text(phase: str, legal: Sequence[LegalAction]) -> str:
    choice = _choice(legal)
    if choice is not None:
        return f"Your {choice.kind} ({choice.count} cards, e.g. {example(choice)})> "
    label = {"auction": "Your bid", "trump": "Trump"}.get(phase, "Your card")
    return f"{label} [1-{len(legal)}]> "


def interpret(text: str, legal: Sequence[LegalAction], family: Family) -> Action:
    """The action the player's text names (not yet checked by the engine)."""
    choice = _choice(legal)
    if text.isdigit():
        return _numbered(int(text), legal, choice)
    words = text.split()
    if choice is not None and words[0].lower() not in ("pass", "discard"):
        return concrete(choice, parse_cards(text, family))
    if len(words) == 1:
        shortcut = _shortcut(words[0], legal, family)
        if shortcut is not None:
            return shortcut
    return parse_action(text, family)


def read_action(
    game: AnyGame, legal: Sequence[LegalAction], read: Reader, write: Writer
) -> Action | None:
    """Ask seat 0 until it names an action the engine accepts; None when it quits."""
    prompt = prompt_text(game.phase, legal)
    while True:
        try:
            text = read(prompt).strip()
        except EOFError:
            return None
        if text.lower() in QUIT:
            return None
        if text.lower() in HELP:
            write(HELP_TEXT)
            continue
        if not text:
            continue
        try:
            return game.check(0, interpret(text, legal, game.rules.family))
        except (RulesError, Reprompt) as err:
            write(f"  ! {err.message}")


def _choice(legal: Sequence[LegalAction]) -> Choose | None:
    return next((a for a in legal if isinstance(a, Choose)), None)


def _numbered(number: int, legal: Sequence[LegalAction], choice: Choose | None) -> Action:
    if choice is not None:
        raise Reprompt(f"type the {choice.count} cards, e.g. {example(choice)}")
    if 1 <= number <= len(legal):
        action = legal[number - 1]
        assert not isinstance(action, Choose)
        return action
    hint = f", or type 'bid {number}'" if any(isinstance(a, Bid) for a in legal) else ""
    raise Reprompt(f"{number} is not on the list: choose 1 to {len(legal)}{hint}")


def _shortcut(word: str, legal: Sequence[LegalAction], family: Family) -> Action | None:
    lower = word.lower()
    if any(isinstance(a, Bid) for a in legal) and lower == "pass":
        return Bid(None)
    if any(isinstance(a, NameTrump) for a in legal) and lower in COLOURS.values():
        return parse_action(f"trump {lower}", family)
    if any(isinstance(a, Play) for a in legal):
        try:
            return Play(parse_card(word, family))
        except RulesError:
            return None
    return None

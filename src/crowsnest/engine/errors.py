"""Errors the engine raises for bad input. Every one has a stable ``code``.

Messages quote the input they refuse and never name a card the acting seat
cannot see.
"""

from __future__ import annotations

from collections.abc import Mapping


class RulesError(ValueError):
    """Base of every error about an action, option or record.

    ``code`` is stable (clients translate it); ``message`` is for people; ``params``
    are the numbers a translated message needs (``{"minimum": 75}``), never a card.
    """

    code: str

    def __init__(
        self, code: str, message: str, params: Mapping[str, int | str] | None = None
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params: dict[str, int | str] = dict(params or {})


class InvalidAction(RulesError):
    """The input is not an action at all, or not one of this game (bad syntax, bad card)."""


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurn(RulesError):
    """The seat may not act now."""

    def __init__(self, seat: int, action_text: str) -> None:
        super().__init__("not_your_turn", f"{action_text!r}: seat {seat} may not act now")


class OptionError(RulesError):
    """An unknown rule set, an unknown option or a value the option does not allow."""


class RecordError(RulesError):
    """A game record that cannot be replayed; ``step`` is the failing action's index."""

    def __init__(self, step: int | None, reason: str, code: str = "bad_record") -> None:
        where = "record" if step is None else f"step {step}"
        super().__init__(code, f"{where}: {reason}")
        self.step = step
        self.reason = reason

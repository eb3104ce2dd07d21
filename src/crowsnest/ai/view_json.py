"""Views and legal actions from their JSON and back, as the bot protocol and the
server carry them (the formats are the engine's, in ``crowsnest.engine.wire``).
:func:`view_from_json` is the inverse of ``view.to_json()``; :func:`legal_to_json`
and :func:`legal_from_json` carry the legal actions (concrete actions as their text,
``Choose`` templates as objects). Malformed input raises :class:`ProtocolError`
with a stable ``code`` and a message naming the field.

>>> from crowsnest.engine import new_game, parse_action
>>> game = new_game("hearts", seed=1)
>>> view_from_json(game.view(0).to_json()) == game.view(0)
True
>>> legal_to_json([parse_action("bid pass", "rook"), parse_action("bid 75", "rook")], "rook")
['bid pass', 'bid 75']
>>> try:
...     view_from_json({**game.view(0).to_json(), "seat": 7})
... except ProtocolError as err:
...     print(err)
bad_view: seat: Input should be less than or equal to 3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pydantic import ValidationError

from crowsnest.engine import (
    Action,
    Choose,
    Discard,
    HeartsView,
    LegalAction,
    PassCards,
    PlayerView,
    RookView,
    RulesError,
    action_text,
    parse_action,
    parse_cards,
)
from crowsnest.engine.cards import Family, card_list_text
from crowsnest.engine.view_fields import from_json
from crowsnest.engine.wire import LEGAL, VIEW, ChooseJSON, HeartsViewJSON, RookViewJSON

GAMES: Final = ("hearts", "rook")
"""The families, the tags of the view and legal-action unions."""


class ProtocolError(ValueError):
    """A message that breaks a protocol (the bot protocol, the server's websocket);
    ``code`` is stable, ``message`` for people. The one such class of the code base."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def describe(err: ValidationError, whole: str) -> str:
    """The first problem, named by its field (``whole`` when it is the whole value)."""
    first = err.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in first["loc"] if p not in GAMES)  # not the union tags
    return f"{where or whole}: {first['msg']}"


# -- views -----------------------------------------------------------------------------


def view_from_json(data: object) -> PlayerView:
    """The view that ``view.to_json()`` describes: the inverse of ``to_json``.

    Unknown fields are ignored (a later protocol version may add some); a missing or
    malformed field raises :class:`ProtocolError` ``bad_view`` naming the field.
    """
    try:
        view = VIEW.validate_python(data)
    except ValidationError as err:
        raise ProtocolError("bad_view", describe(err, "view")) from None
    return view_of(view)


def view_of(view: HeartsViewJSON | RookViewJSON) -> PlayerView:
    """The engine's view of a validated view JSON (each field read back as its view
    class declares it: :func:`~crowsnest.engine.view_fields.from_json`)."""
    built: PlayerView = from_json(HeartsView if view["game"] == "hearts" else RookView, view)
    return built


def game_of(view: PlayerView) -> str:
    """``"hearts"`` or ``"rook"``."""
    return "hearts" if isinstance(view, HeartsView) else "rook"


# -- legal actions ---------------------------------------------------------------------


def legal_to_json(legal: Sequence[LegalAction], family: Family) -> list[str | dict[str, Any]]:
    """The legal actions of a game of ``family``: concrete actions as their text; a
    :class:`Choose` template as
    ``{"choose": kind, "count": n, "from": [cards], "required": [cards]}``."""
    out: list[str | dict[str, Any]] = []
    for action in legal:
        if isinstance(action, Choose):
            out.append(
                {
                    "choose": action.kind,
                    "count": action.count,
                    "from": card_list_text(action.allowed, family),
                    "required": card_list_text(action.required, family),
                }
            )
        else:
            out.append(action_text(action, family))
    LEGAL.validate_python(out)
    return out


def legal_from_json(data: object, family: Family) -> list[LegalAction]:
    """The legal actions that :func:`legal_to_json` wrote; ``bad_legal`` if malformed."""
    try:
        return legal_of(LEGAL.validate_python(data), family)
    except ValidationError as err:
        raise ProtocolError("bad_legal", describe(err, "legal")) from None


def legal_of(items: list[str | ChooseJSON], family: Family) -> list[LegalAction]:
    """The engine's legal actions (of a game of ``family``) of validated legal-action
    JSON."""
    out: list[LegalAction] = []
    for item in items:
        if isinstance(item, str):
            out.append(action_from_text(item, family, "bad_legal"))
        else:
            allowed = parse_cards(item["from"], family)
            required = parse_cards(item.get("required", []), family)
            out.append(Choose(item["choose"], item["count"], allowed, required))
    return out


def action_from_text(text: object, family: Family, code: str = "bad_action") -> Action:
    """Parse an action's notation in a game of ``family``, raising
    :class:`ProtocolError` ``code``."""
    if not isinstance(text, str):
        raise ProtocolError(code, f"{text!r} is not an action text")
    try:
        return parse_action(text, family)
    except RulesError as err:
        raise ProtocolError(code, err.message) from None


def is_allowed(action: Action, legal: Sequence[LegalAction]) -> bool:
    """Whether ``action`` is one of ``legal`` or admitted by one of its templates."""
    for option in legal:
        if isinstance(option, Choose):
            wanted = PassCards if option.kind == "pass" else Discard
            if isinstance(action, wanted) and option.admits(action.cards):
                return True
        elif option == action:
            return True
    return False

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
    parse_action,
    parse_card,
    parse_cards,
)
from crowsnest.engine.cards import COLOUR_NAMES, Family
from crowsnest.engine.scoring import HandResult, RookHandResult
from crowsnest.engine.tricks import Trick
from crowsnest.engine.wire import LEGAL, VIEW, ChooseJSON, HeartsViewJSON, RookViewJSON
from crowsnest.offline.messages import legal_json

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


def _mask(cards: list[str] | None, family: Family) -> int | None:
    return None if cards is None else parse_cards(cards, family)


def _seq(cards: list[str], family: Family) -> tuple[int, ...]:
    return tuple(parse_card(c, family) for c in cards)


def _pair(values: list[int]) -> tuple[int, int]:
    return values[0], values[1]


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return values[0], values[1], values[2], values[3]


def view_of(view: HeartsViewJSON | RookViewJSON) -> PlayerView:
    """The engine's view of a validated view JSON."""
    family = view["game"]
    common: dict[str, Any] = {
        "rules": view["rules"],
        "seat": view["seat"],
        "phase": view["phase"],
        "actors": frozenset(view["actors"]),
        "hand_number": view["hand_number"],
        "hand": _mask(view["hand"], family),
        "hand_sizes": tuple(view["hand_sizes"]),
        "trick": _seq(view["trick"], family),
        "leader": view["leader"],
        "tricks": tuple(
            Trick(t["leader"], _seq(t["cards"], family), t["winner"], t["points"])
            for t in view["tricks"]
        ),
        "winner": view["winner"],
        "target": view["target"],
    }
    if view["game"] == "hearts":
        return HeartsView(
            pass_direction=view["pass_direction"],
            passed=_mask(view["passed"], family),
            received=_mask(view["received"], family),
            hearts_broken=view["hearts_broken"],
            points_taken=tuple(view["points_taken"]),
            totals=tuple(view["totals"]),
            results=tuple(
                HandResult(_four(r["points"]), r["moon"], _four(r["totals"]))
                for r in view["results"]
            ),
            **common,
        )
    trump = view["trump"]
    return RookView(
        dealer=view["dealer"],
        auction=tuple((entry[0] or 0, entry[1]) for entry in view["auction"]),  # a seat: an int
        high_bid=view["high_bid"],
        high_bidder=view["high_bidder"],
        declarer=view["declarer"],
        bid=view["bid"],
        trump=None if trump is None else COLOUR_NAMES.index(trump),
        nest_size=view["nest_size"],
        nest=_mask(view["nest"], family),
        discards=_mask(view["discards"], family),
        captured=_pair(view["captured"]),
        tricks_won=_pair(view["tricks_won"]),
        totals=_pair(view["totals"]),
        resigned=view["resigned"],
        results=tuple(
            RookHandResult(
                declarer=r["declarer"],
                bid=r["bid"],
                trump=COLOUR_NAMES.index(r["trump"]),
                counted=_pair(r["counted"]),
                nest_points=r["nest_points"],
                last_trick_team=r["last_trick_team"],
                tricks_won=_pair(r["tricks_won"]),
                made=r["made"],
                score=_pair(r["score"]),
                totals=_pair(r["totals"]),
            )
            for r in view["results"]
        ),
        **common,
    )


def game_of(view: PlayerView) -> str:
    """``"hearts"`` or ``"rook"``."""
    return "hearts" if isinstance(view, HeartsView) else "rook"


# -- legal actions ---------------------------------------------------------------------


def legal_to_json(legal: Sequence[LegalAction], family: Family) -> list[str | dict[str, Any]]:
    """The legal actions of a game of ``family`` as :func:`~crowsnest.offline.messages.legal_json`
    writes them, validated."""
    out = legal_json(legal, family)
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

"""The bot protocol's messages: views and legal actions to JSON and back.

A host (the arena, the server) sends a bot process one JSON object per line; the bot
answers one per line (``docs/bot-protocol.md``). This module holds only the data
side: :func:`view_from_json` is the inverse of ``view.to_json()``, :func:`legal_to_json`
and :func:`legal_from_json` carry the legal actions (concrete actions as their text,
``Choose`` templates as objects), and every malformed input raises
:class:`ProtocolError` with a stable ``code``.

>>> from crowsnest.engine import new_game
>>> game = new_game("hearts", seed=1)
>>> view_from_json(game.view(0).to_json()) == game.view(0)
True
>>> legal_to_json([parse_action("bid pass"), parse_action("bid 75")])
['bid pass', 'bid 75']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from crowsnest.engine import (
    RULESETS,
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
)
from crowsnest.engine.cards import COLOUR_NAMES, card_list_text
from crowsnest.engine.hearts import HandResult
from crowsnest.engine.rook import RookHandResult
from crowsnest.engine.rules.hearts import PASS_OFFSET
from crowsnest.engine.tricks import Trick

PROTOCOL_VERSION: Final = 1
GAMES: Final = ("hearts", "rook")
MAX_LINE: Final = 1 << 20
"""The longest line (in characters) either side has to accept."""

RULE_KEYS: Final = frozenset(r.key for r in RULESETS.values())

T = TypeVar("T")


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is stable, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _bad_view(message: str) -> ProtocolError:
    return ProtocolError("bad_view", message)


# -- field readers ---------------------------------------------------------------------


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise _bad_view(f"missing field {key!r}")
    return data[key]


def _int(data: Mapping[str, Any], key: str, low: int = 0, high: int | None = None) -> int:
    value = _field(data, key)
    return _check_int(value, key, low, high)


def _check_int(value: object, what: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad_view(f"{what}: {value!r} is not an integer")
    if value < low or (high is not None and value > high):
        raise _bad_view(f"{what}: {value!r} is out of range")
    return value


def _signed(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad_view(f"{what}: {value!r} is not an integer")
    return value


def _optional(data: Mapping[str, Any], key: str, read: Callable[[object, str], T]) -> T | None:
    value = _field(data, key)
    return None if value is None else read(value, key)


def _seat(value: object, what: str) -> int:
    return _check_int(value, what, 0, 3)


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = _field(data, key)
    if not isinstance(value, bool):
        raise _bad_view(f"{key}: {value!r} is not true or false")
    return value


def _str(data: Mapping[str, Any], key: str, allowed: frozenset[str] | None = None) -> str:
    value = _field(data, key)
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        raise _bad_view(f"{key}: {value!r} is not allowed here")
    return value


def _list(value: object, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _bad_view(f"{what}: {value!r} is not a list")
    if length is not None and len(value) != length:
        raise _bad_view(f"{what}: expected {length} items, got {len(value)}")
    return value


def _ints(value: object, what: str, length: int, signed: bool = False) -> tuple[int, ...]:
    items = _list(value, what, length)
    if signed:
        return tuple(_signed(v, what) for v in items)
    return tuple(_check_int(v, what) for v in items)


def _card_reader(family: str) -> Callable[[object, str], int]:
    def card(value: object, what: str) -> int:
        if not isinstance(value, str):
            raise _bad_view(f"{what}: {value!r} is not a card")
        try:
            c = parse_card(value)
        except RulesError:
            raise _bad_view(f"{what}: {value!r} is not a card") from None
        if (c >= 64) != (family == "rook"):
            raise _bad_view(f"{what}: {value!r} is not a {family} card")
        return c

    return card


def _card_seq(value: object, what: str, family: str) -> tuple[int, ...]:
    read = _card_reader(family)
    return tuple(read(v, what) for v in _list(value, what))


def _mask(value: object, what: str, family: str) -> int:
    mask = 0
    for c in _card_seq(value, what, family):
        if mask >> c & 1:
            raise _bad_view(f"{what}: a card is named twice")
        mask |= 1 << c
    return mask


def _tricks(value: object, family: str) -> tuple[Trick, ...]:
    out = []
    for item in _list(value, "tricks"):
        if not isinstance(item, dict):
            raise _bad_view(f"tricks: {item!r} is not an object")
        cards = _card_seq(_field(item, "cards"), "tricks.cards", family)
        out.append(
            Trick(
                _seat(_field(item, "leader"), "tricks.leader"),
                cards,
                _seat(_field(item, "winner"), "tricks.winner"),
                _int(item, "points"),
            )
        )
    return tuple(out)


def _rules(data: Mapping[str, Any], family: str) -> str:
    key = _str(data, "rules")
    if key not in RULE_KEYS or key.startswith("rook/") != (family == "rook"):
        raise _bad_view(f"rules: {key!r} is not a known {family} rule set")
    return key


def _common(data: Mapping[str, Any], family: str) -> dict[str, Any]:
    """The fields every view has, read and checked."""
    return {
        "rules": _rules(data, family),
        "seat": _optional(data, "seat", _seat),
        "actors": frozenset(_seat(s, "actors") for s in _list(_field(data, "actors"), "actors")),
        "hand_number": _int(data, "hand_number"),
        "hand": _optional(data, "hand", lambda v, w: _mask(v, w, family)),
        "hand_sizes": _ints(_field(data, "hand_sizes"), "hand_sizes", 4),
        "trick": _card_seq(_field(data, "trick"), "trick", family),
        "leader": _optional(data, "leader", _seat),
        "tricks": _tricks(_field(data, "tricks"), family),
        "winner": _optional(data, "winner", _seat),
    }


# -- views -----------------------------------------------------------------------------


def view_from_json(data: object) -> PlayerView:
    """The view that ``view.to_json()`` describes: the inverse of ``to_json``.

    Unknown fields are ignored (a later protocol version may add some); a missing or
    malformed field raises :class:`ProtocolError` ``bad_view``.
    """
    if not isinstance(data, dict):
        raise _bad_view("a view is a JSON object")
    game = data.get("game")
    if game == "hearts":
        return _hearts_view(data)
    if game == "rook":
        return _rook_view(data)
    raise _bad_view(f"game: {game!r} is not 'hearts' or 'rook'")


def _hearts_result(value: object, what: str) -> HandResult:
    if not isinstance(value, dict):
        raise _bad_view(f"{what}: {value!r} is not an object")
    p = _ints(_field(value, "points"), f"{what}.points", 4)
    t = _ints(_field(value, "totals"), f"{what}.totals", 4)
    moon = _optional(value, "moon", _seat)
    return HandResult((p[0], p[1], p[2], p[3]), moon, (t[0], t[1], t[2], t[3]))


def _hearts_view(data: Mapping[str, Any]) -> HeartsView:
    common = _common(data, "hearts")
    return HeartsView(
        phase=_str(data, "phase"),
        pass_direction=_str(data, "pass_direction", frozenset(PASS_OFFSET)),
        passed=_optional(data, "passed", lambda v, w: _mask(v, w, "hearts")),
        received=_optional(data, "received", lambda v, w: _mask(v, w, "hearts")),
        hearts_broken=_bool(data, "hearts_broken"),
        points_taken=_ints(_field(data, "points_taken"), "points_taken", 4),
        totals=_ints(_field(data, "totals"), "totals", 4),
        results=tuple(
            _hearts_result(r, "results") for r in _list(_field(data, "results"), "results")
        ),
        **common,
    )


def _colour(value: object, what: str) -> int:
    if not isinstance(value, str) or value not in COLOUR_NAMES:
        raise _bad_view(f"{what}: {value!r} is not a colour ({', '.join(COLOUR_NAMES)})")
    return COLOUR_NAMES.index(value)


def _pair(value: object, what: str, signed: bool = False) -> tuple[int, int]:
    a, b = _ints(value, what, 2, signed)
    return a, b


def _rook_result(value: object, what: str) -> RookHandResult:
    if not isinstance(value, dict):
        raise _bad_view(f"{what}: {value!r} is not an object")
    return RookHandResult(
        declarer=_seat(_field(value, "declarer"), f"{what}.declarer"),
        bid=_int(value, "bid"),
        trump=_colour(_field(value, "trump"), f"{what}.trump"),
        counted=_pair(_field(value, "counted"), f"{what}.counted"),
        nest_points=_int(value, "nest_points"),
        last_trick_team=_int(value, "last_trick_team", 0, 1),
        tricks_won=_pair(_field(value, "tricks_won"), f"{what}.tricks_won"),
        made=_bool(value, "made"),
        score=_pair(_field(value, "score"), f"{what}.score", signed=True),
        totals=_pair(_field(value, "totals"), f"{what}.totals", signed=True),
    )


def _auction(value: object) -> tuple[tuple[int, int | None], ...]:
    out: list[tuple[int, int | None]] = []
    for item in _list(value, "auction"):
        seat, bid = _list(item, "auction", 2)
        out.append((_seat(seat, "auction"), None if bid is None else _check_int(bid, "auction")))
    return tuple(out)


def _rook_view(data: Mapping[str, Any]) -> RookView:
    common = _common(data, "rook")
    return RookView(
        phase=_str(data, "phase"),
        dealer=_seat(_field(data, "dealer"), "dealer"),
        auction=_auction(_field(data, "auction")),
        high_bid=_optional(data, "high_bid", _check_int),
        high_bidder=_optional(data, "high_bidder", _seat),
        declarer=_optional(data, "declarer", _seat),
        bid=_optional(data, "bid", _check_int),
        trump=_optional(data, "trump", _colour),
        nest_size=_int(data, "nest_size"),
        nest=_optional(data, "nest", lambda v, w: _mask(v, w, "rook")),
        discards=_optional(data, "discards", lambda v, w: _mask(v, w, "rook")),
        captured=_pair(_field(data, "captured"), "captured"),
        tricks_won=_pair(_field(data, "tricks_won"), "tricks_won"),
        totals=_pair(_field(data, "totals"), "totals", signed=True),
        results=tuple(
            _rook_result(r, "results") for r in _list(_field(data, "results"), "results")
        ),
        **common,
    )


def game_of(view: PlayerView) -> str:
    """``"hearts"`` or ``"rook"``."""
    return "hearts" if isinstance(view, HeartsView) else "rook"


# -- legal actions ---------------------------------------------------------------------


def legal_to_json(legal: Sequence[LegalAction]) -> list[str | dict[str, Any]]:
    """Concrete actions as their text; a :class:`Choose` template as
    ``{"choose": kind, "count": n, "from": [cards], "required": [cards]}``."""
    out: list[str | dict[str, Any]] = []
    for action in legal:
        if isinstance(action, Choose):
            out.append(
                {
                    "choose": action.kind,
                    "count": action.count,
                    "from": card_list_text(action.allowed),
                    "required": card_list_text(action.required),
                }
            )
        else:
            out.append(str(action))
    return out


def _bad_legal(message: str) -> ProtocolError:
    return ProtocolError("bad_legal", message)


def _choose(data: Mapping[str, Any]) -> Choose:
    kind = data.get("choose")
    if kind not in ("pass", "discard"):
        raise _bad_legal(f"choose: {kind!r} is not 'pass' or 'discard'")
    count = data.get("count")
    try:
        allowed = _mask(data.get("from"), "from", "hearts" if kind == "pass" else "rook")
        required = _mask(
            data.get("required", []), "required", "hearts" if kind == "pass" else "rook"
        )
    except ProtocolError as err:
        raise _bad_legal(err.message) from None
    if (
        isinstance(count, bool)
        or not isinstance(count, int)
        or not 0 < count <= allowed.bit_count()
    ):
        raise _bad_legal(f"count: {count!r} is not a number of cards in 'from'")
    if required & ~allowed or required.bit_count() > count:
        raise _bad_legal("'required' must be among 'from' and at most 'count' cards")
    return Choose(kind, count, allowed, required)


def legal_from_json(data: object) -> list[LegalAction]:
    """The legal actions that :func:`legal_to_json` wrote."""
    if not isinstance(data, list):
        raise _bad_legal("'legal' must be a list")
    out: list[LegalAction] = []
    for item in data:
        if isinstance(item, str):
            out.append(action_from_text(item, "bad_legal"))
        elif isinstance(item, dict):
            out.append(_choose(item))
        else:
            raise _bad_legal(f"{item!r} is neither an action text nor a 'choose' object")
    return out


def action_from_text(text: object, code: str = "bad_action") -> Action:
    """Parse an action's notation, raising :class:`ProtocolError` ``code``."""
    if not isinstance(text, str):
        raise ProtocolError(code, f"{text!r} is not an action text")
    try:
        return parse_action(text)
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


# -- messages --------------------------------------------------------------------------


def hello_message(game: str, **extra: Any) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "game": game, **extra}


def act_message(
    seq: int, view: PlayerView, legal: Sequence[LegalAction], seed: int | None = None
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "type": "act",
        "seq": seq,
        "view": view.to_json(),
        "legal": legal_to_json(legal),
    }
    if seed is not None:
        message["seed"] = seed
    return message


def action_message(seq: int, action: Action) -> dict[str, Any]:
    return {"type": "action", "seq": seq, "action": str(action)}


def error_message(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if seq is not None:
        out["seq"] = seq
    return out


__all__ = [
    "GAMES",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "ProtocolError",
    "act_message",
    "action_from_text",
    "action_message",
    "error_message",
    "game_of",
    "hello_message",
    "is_allowed",
    "legal_from_json",
    "legal_to_json",
    "view_from_json",
]

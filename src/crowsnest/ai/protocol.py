"""The bot protocol's messages: views and legal actions to JSON and back.

A host (the arena, the server) sends a bot process one JSON object per line; the bot
answers one per line (``docs/bot-protocol.md``). Every message is declared once below
(pydantic ``TypedDict``s; the view and legal-action formats are the engine's, in
``crowsnest.engine.wire``), and that declaration validates, writes the JSON and gives
the JSON Schema (``crowsnest schema bot-message``). :func:`view_from_json` is the
inverse of ``view.to_json()``; :func:`legal_to_json` and :func:`legal_from_json` carry
the legal actions (concrete actions as their text, ``Choose`` templates as objects).
Malformed input raises :class:`ProtocolError` with a stable ``code`` and a message
naming the field.

>>> from crowsnest.engine import new_game
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
from typing import Annotated, Any, Final, Literal, NotRequired

from pydantic import Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

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
    parse_card,
    parse_cards,
)
from crowsnest.engine.cards import COLOUR_NAMES, Family, card_list_text
from crowsnest.engine.rules import rules_of_view
from crowsnest.engine.scoring import HandResult, RookHandResult
from crowsnest.engine.tricks import Trick
from crowsnest.engine.wire import (
    LEGAL,
    READ,
    VIEW,
    ChooseJSON,
    HeartsViewJSON,
    LegalJSON,
    RookViewJSON,
    ViewJSON,
    checked,
)

PROTOCOL_VERSION: Final = 2
"""The version a host says in its ``hello`` and a bot answers with."""
PROTOCOL_VERSIONS: Final = (1, 2)
"""The versions read: a bot answers a host's hello with the host's version."""
ADDED_IN: Final[dict[int, tuple[str, ...]]] = {
    2: ("target", "teams", "team", "bird", "resigned"),
}
"""The view fields each version made required. Reading a view of an older version,
those it lacks are filled from its rule set (:func:`upgrade_view`)."""
Version = Literal[1, 2]
GAMES: Final = ("hearts", "rook")
MAX_LINE: Final = 1 << 20
"""The longest line (in characters) either side has to accept."""


class ProtocolError(ValueError):
    """A message that breaks a protocol (the bot protocol, the server's websocket);
    ``code`` is stable, ``message`` for people. The one such class of the code base."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _d(text: str) -> Any:
    return Field(description=text)


# -- the messages ----------------------------------------------------------------------

Game = Annotated[Literal["hearts", "rook"], _d("the family the bot plays")]


@with_config(READ)
class HostHello(TypedDict):
    """host: the first line; the bot answers `hello`"""

    type: Literal["hello"]
    protocol: Annotated[Version, _d("the protocol version the host speaks")]
    game: Game


@with_config(READ)
class Act(TypedDict):
    """host: your decision, please"""

    type: Literal["act"]
    seq: Annotated[int, _d("increases with every `act`; the answer names it")]
    view: Annotated[ViewJSON, _d("the seat's view (`docs/formats.md`)")]
    legal: LegalJSON
    seed: NotRequired[Annotated[int, _d("where to seed this decision's chance")]]


@with_config(READ)
class Bye(TypedDict):
    """host: the session is over: exit (no answer)"""

    type: Literal["bye"]


@with_config(READ)
class BotHello(TypedDict):
    """bot: ready"""

    type: Literal["hello"]
    protocol: Annotated[Version, _d("the protocol version of the session: the host's")]
    game: NotRequired[Game]
    name: NotRequired[Annotated[str, _d("the bot's name")]]


@with_config(READ)
class ActionAnswer(TypedDict):
    """bot: the decision (hosts accept it without `type` too)"""

    type: NotRequired[Literal["action"]]
    seq: Annotated[int, _d("the `seq` of the `act` it answers")]
    action: Annotated[str, _d("one of the legal actions' texts, or a template's answer")]


@with_config(READ)
class BotError(TypedDict):
    """bot: that line was refused"""

    type: Literal["error"]
    code: Annotated[str, _d("stable: one of the codes below")]
    message: Annotated[str, _d("for people")]
    seq: NotRequired[Annotated[int, _d("the refused `act`'s, when known")]]


HOST_MESSAGES: Final[tuple[Any, ...]] = (HostHello, Act, Bye)
BOT_MESSAGES: Final[tuple[Any, ...]] = (BotHello, ActionAnswer, BotError)
HostMessage = Annotated[HostHello | Act | Bye, Field(discriminator="type")]
BotMessage = BotHello | ActionAnswer | BotError

HOST_HELLO: Final = TypeAdapter(HostHello)
ACT: Final = TypeAdapter(Act)
BOT_HELLO: Final = TypeAdapter(BotHello)
ACTION: Final = TypeAdapter(ActionAnswer)
ERROR: Final = TypeAdapter(BotError)
HOST_MESSAGE: Final[TypeAdapter[HostHello | Act | Bye]] = TypeAdapter(HostMessage)
BOT_MESSAGE: Final[TypeAdapter[BotHello | ActionAnswer | BotError]] = TypeAdapter(BotMessage)


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


# -- reading an act, writing messages --------------------------------------------------


def upgrade_view(data: object, version: int) -> object:
    """A view JSON of protocol ``version`` as the current version has it: the fields
    added since (:data:`ADDED_IN`) that it lacks, filled from its rule set (the
    target the rule set plays to, its teams, the seat's team, the bird card's name; no
    resignation). A view that is no object, or names no known rule set, is left as it
    is: its validation names the problem."""
    added = [key for v, keys in ADDED_IN.items() if v > version for key in keys]
    if not added or not isinstance(data, dict):
        return data
    key, seat, nest_size = data.get("rules"), data.get("seat"), data.get("nest_size", 0)
    try:
        rules = rules_of_view(key if isinstance(key, str) else "", int(nest_size or 0))
    except (KeyError, ValueError, TypeError):
        return data
    team = rules.team_of(seat) if isinstance(seat, int) and 0 <= seat < 4 else None
    filled: dict[str, Any] = {
        "target": rules.target,
        "teams": [list(t) for t in rules.teams],
        "team": team,
        "bird": rules.bird_key,
    }
    if rules.family == "rook":
        filled["resigned"] = None
    return {**{k: v for k, v in filled.items() if k in added}, **data}


def read_act(
    message: dict[str, Any], version: int = PROTOCOL_VERSION
) -> tuple[int, PlayerView, list[LegalAction], int | None]:
    """``(seq, view, legal, seed)`` of an ``act`` message of protocol ``version`` (an
    older version's view is upgraded first: :func:`upgrade_view`). The problem found
    first names the code: ``bad_message`` (``seq``, ``seed``, no ``view``), then
    ``bad_view``, then ``bad_legal``."""
    if version != PROTOCOL_VERSION and "view" in message:
        message = {**message, "view": upgrade_view(message["view"], version)}
    try:
        act = ACT.validate_python(message)
    except ValidationError as err:
        raise _act_error(err) from None
    view = act["view"]
    return act["seq"], view_of(view), legal_of(act["legal"], view["game"]), act.get("seed")


def _act_error(err: ValidationError) -> ProtocolError:
    found: dict[str, str] = {}
    for item in err.errors(include_url=False, include_input=False):
        loc = tuple(p for p in item["loc"] if p not in GAMES)
        where = ".".join(str(p) for p in loc)
        if loc[:1] == ("view",) and not (loc == ("view",) and item["type"] == "missing"):
            code = "bad_view"
        elif loc[:1] == ("legal",):
            code = "bad_legal"
        else:
            code = "bad_message"
        found.setdefault(code, f"{where or 'act'}: {item['msg']}")
    code = next(c for c in ("bad_message", "bad_view", "bad_legal") if c in found)
    return ProtocolError(code, found[code])


def hello_message(game: str, version: int = PROTOCOL_VERSION, **extra: Any) -> dict[str, Any]:
    """The ``hello`` of either side (the bot's names itself: ``name=...``, and
    answers with the host's ``version``)."""
    message = {"type": "hello", "protocol": version, "game": game, **extra}
    if extra:
        return checked(BOT_HELLO, message)
    return checked(HOST_HELLO, message)


def act_message(
    seq: int, view: PlayerView, legal: Sequence[LegalAction], seed: int | None = None
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "type": "act",
        "seq": seq,
        "view": view.to_json(),
        "legal": legal_to_json(legal, view.family),
    }
    if seed is not None:
        message["seed"] = seed
    return checked(ACT, message)


def action_message(seq: int, action: Action, family: Family) -> dict[str, Any]:
    """A bot's ``action`` in a game of ``family``."""
    text = action_text(action, family)
    return checked(ACTION, {"type": "action", "seq": seq, "action": text})


def error_message(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if seq is not None:
        out["seq"] = seq
    return checked(ERROR, out)


__all__ = [
    "BOT_MESSAGE",
    "GAMES",
    "HOST_MESSAGE",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "PROTOCOL_VERSIONS",
    "ProtocolError",
    "act_message",
    "action_from_text",
    "action_message",
    "error_message",
    "game_of",
    "hello_message",
    "is_allowed",
    "legal_from_json",
    "legal_of",
    "legal_to_json",
    "read_act",
    "view_from_json",
    "view_of",
]

"""The bot protocol's messages.

A host (the arena, the server) sends a bot process one JSON object per line; the bot
answers one per line (``docs/bot-protocol.md``). Every message is declared once below
(pydantic ``TypedDict``s; the view and legal-action formats are the engine's, in
``crowsnest.engine.wire``, read and written by :mod:`crowsnest.ai.view_json`), and that
declaration validates, writes the JSON and gives the JSON Schema (``crowsnest schema
bot-message``). Malformed input raises :class:`ProtocolError` with a stable ``code``
and a message naming the field.

>>> from crowsnest.engine import new_game
>>> game = new_game("hearts", seed=1)
>>> act = act_message(1, game.view(0), game.legal_actions(0), seed=7)
>>> seq, view, legal, seed = read_act(act)
>>> (seq, view == game.view(0), legal == game.legal_actions(0), seed)
(1, True, True, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, NotRequired

from pydantic import Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from crowsnest.ai.view_json import (
    GAMES,
    ProtocolError,
    action_from_text,
    game_of,
    is_allowed,
    legal_from_json,
    legal_of,
    legal_to_json,
    view_from_json,
    view_of,
)
from crowsnest.engine import Action, HeartsView, LegalAction, PlayerView, RookView, action_text
from crowsnest.engine.cards import Family
from crowsnest.engine.rules import rules_of_view
from crowsnest.engine.view_fields import json_fields
from crowsnest.engine.wire import READ, LegalJSON, ViewJSON, checked


def _added_in() -> dict[int, tuple[str, ...]]:
    out: dict[int, list[str]] = {}
    for view in (HeartsView, RookView):
        for f in json_fields(view):
            names = out.setdefault(f.wire.since, [])
            if f.wire.since > 1 and f.name not in names:
                names.append(f.name)
    return {v: tuple(names) for v, names in sorted(out.items()) if names}


ADDED_IN: Final[dict[int, tuple[str, ...]]] = _added_in()
"""The view fields each version made required (each field's declaration says its
``since``). Reading a view of an older version, those it lacks are filled from its
rule set (:func:`upgrade_view`)."""
PROTOCOL_VERSION: Final = max(ADDED_IN, default=1)
"""The version a host says in its ``hello`` and a bot answers with: the newest that
made a view field required."""
PROTOCOL_VERSIONS: Final = tuple(range(1, PROTOCOL_VERSION + 1))
"""The versions read: a bot answers a host's hello with the host's version."""
if TYPE_CHECKING:
    Version = int
else:
    Version = Literal[PROTOCOL_VERSIONS]
MAX_LINE: Final = 1 << 20
"""The longest line (in characters) either side has to accept."""


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


# -- reading an act, writing messages --------------------------------------------------


def upgrade_view(data: object, version: int) -> object:
    """A view JSON of protocol ``version`` as the current version has it: the fields
    added since (:data:`ADDED_IN`) that it lacks, each filled as its declaration says
    from the view's rule set and seat (the target the rule set plays to, its teams, the
    seat's team, the bird card's name; no resignation). A view that is no object, or
    names no known rule set, is left as it is: its validation names the problem."""
    if version >= PROTOCOL_VERSION or not isinstance(data, dict):
        return data
    key, seat, nest_size = data.get("rules"), data.get("seat"), data.get("nest_size", 0)
    try:
        rules = rules_of_view(key if isinstance(key, str) else "", int(nest_size or 0))
    except (KeyError, ValueError, TypeError):
        return data
    seat = seat if isinstance(seat, int) and 0 <= seat < 4 else None
    view = HeartsView if rules.family == "hearts" else RookView
    filled = {
        f.name: f.wire.fill(rules, seat)
        for f in json_fields(view)
        if f.wire.since > version and f.wire.fill is not None
    }
    return {**filled, **data}


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

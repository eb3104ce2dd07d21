"""What every model of the server's faces is built of: the protocol's versions and
sizes, the seat kinds and levels, the engine's formats as fields, and the two bases
(:class:`Strict` for what a client sends, :class:`Out` for what the server writes)."""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, GetJsonSchemaHandler, TypeAdapter
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from crowsnest.engine.wire import EventJSON, LegalJSON, ViewJSON

PROTOCOL_VERSION: Final = 3
PROTOCOL_VERSIONS: Final = (1, 2, 3)
"""Versions served. Version 2 added the `chat`, `back` and `leave` messages; a
version 1 connection is never sent a `chat` (it would not know the type). Version 3
added `resign` and `resign_answer` (and the `resign` news): an older connection is
never sent a `resign` (so a partner on an older client never sees a proposal, which
lapses)."""
MAX_ACTION_TEXT: Final = 200
MAX_SEED: Final = 2**63 - 1
TOKEN_MAX: Final = 128

SeatKind = Literal["human", "bot"]
Level = Literal["easy", "normal", "hard"]
Status = Literal["waiting", "playing", "over"]


class _Format:
    """Marks a field as holding one of the engine's formats (``engine/wire.py``): its
    JSON Schema is that format's. Building a message does not validate the value again
    (``to_json()``, ``legal_to_json()`` and ``Event.to_json()`` validated it when they
    wrote it; doing it twice doubled the cost of a ``state`` message);
    :data:`server_message_adapter`, which reads messages, does."""

    def __init__(self, kind: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(kind)

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(self.adapter.core_schema)


View = Annotated[dict[str, Any], _Format(ViewJSON)]
Legal = Annotated[list[str | dict[str, Any]], _Format(LegalJSON)]
Events = Annotated[list[dict[str, Any]], _Format(list[EventJSON])]


class Strict(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, use_attribute_docstrings=True
    )


class Out(BaseModel):
    """What the server writes: every field is always there (the schema says so)."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

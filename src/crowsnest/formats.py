"""Every wire format's JSON Schema and docs table, from its one declaration.

``crowsnest schema [NAME] [--out DIR]`` prints or writes the JSON Schemas (the copies
in ``docs/schemas/`` are checked to be current by a test), ``--markdown NAME`` prints
a docs table and ``--docs DIR`` rewrites the generated tables of the docs, which sit
between ``<!-- schema: NAME -->`` and ``<!-- /schema -->``.

>>> schema("record")["properties"]["format"]["const"]
'crowsnest-record'
>>> print(markdown("deal"))
| Key | Type | Meaning |
|---|---|---|
| `hands` | list of 4 lists of cards | the hands of seats 0, 1, 2 and 3 |
| `nest` | list of cards, optional | the nest; left out where there is none |
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from pydantic import TypeAdapter

from crowsnest.ai import protocol
from crowsnest.engine import wire
from crowsnest.server.models import client_messages, http, practice, review, server_messages

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"

FORMATS: Final[dict[str, tuple[Any, str]]] = {
    "view": (wire.ViewJSON, "a seat's view of a Hearts or Rook game (`game` tells which)"),
    "legal": (wire.LegalJSON, "a seat's legal actions"),
    "hearts-event": (wire.HeartsEventJSON, "an event of a Hearts game"),
    "rook-event": (wire.RookEventJSON, "an event of a Rook game"),
    "deal": (wire.DealJSON, "the cards of one deal"),
    "record": (wire.RecordJSON, "a game record"),
    "replay": (http.ReplayAnswer, "a finished game replayed, one step per action"),
    "host-message": (protocol.HostMessage, "bot protocol: a line the host sends the bot"),
    "bot-message": (protocol.BotMessage, "bot protocol: a line the bot sends the host"),
    "client-message": (client_messages.ClientMessage, "server websocket: a client's message"),
    "server-message": (server_messages.ServerMessage, "server websocket: a server's message"),
    "review": (review.Reviews, "server REST: a table's hand reviews (GET /api/tables/{id}/review)"),
    "practice": (practice.PracticeGame, "server REST: an offline game sent (POST /api/practice)"),
    "practice-stored": (
        practice.PracticeStored,
        "server REST: an offline game stored as practice (POST /api/practice)",
    ),
}
"""Name -> (type, title) of every published format."""


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the format ``name`` (one of ``FORMATS``)."""
    kind, title = FORMATS[name]
    written = name in (
        "server-message",
        "review",
        "practice-stored",
    )  # the server writes: every field is there
    body = TypeAdapter(kind).json_schema(mode="serialization" if written else "validation")
    head = {"$schema": DIALECT, "$id": f"{name}.json", "title": title}
    return head | {key: value for key, value in body.items() if key != "title"}


def schema_text(name: str) -> str:
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def write(out: Path) -> list[Path]:
    """Write every schema as ``out/NAME.json``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in FORMATS:
        path = out / f"{name}.json"
        path.write_text(schema_text(name), encoding="utf-8")
        paths.append(path)
    return paths


# -- docs tables -----------------------------------------------------------------------


_NAMED: Final = {"AuctionEntry": "`[seat, bid]` pair", "ActionEntry": "`[seat, text]` pair"}


def _kind(node: Mapping[str, Any]) -> str:
    """The ``type`` of a message or event shape."""
    kind = node.get("properties", {}).get("type", {})
    return str(kind.get("const", kind.get("default", "")))


class _Render:
    """Short English for a JSON Schema: ``int 0..3 or null``, ``list of 4 ints``."""

    def __init__(self, defs: Mapping[str, Any]) -> None:
        self.defs = defs

    def resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        ref = node.get("$ref")
        return self.defs[ref.rsplit("/", 1)[1]] if isinstance(ref, str) else node

    def flat(self, options: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """The options of a union, nested unions opened."""
        out: list[Mapping[str, Any]] = []
        for option in map(self.resolve, options):
            inner = option.get("anyOf", option.get("oneOf"))
            out.extend(self.flat(inner) if inner else [option])
        return out

    def type(self, node: Mapping[str, Any], plural: bool = False) -> str:
        node = self.resolve(node)
        s = "s" if plural else ""
        if "anyOf" in node or "oneOf" in node:
            options = self.flat(node.get("anyOf", node.get("oneOf", [])))
            shapes = [o for o in options if o.get("type") != "null"]
            if len(shapes) > 3 and all(o.get("type") == "object" for o in shapes):
                return f"object{s} of {len({_kind(o) for o in shapes})} types"
            texts = [self.type(o, plural) for o in options if o.get("type") != "null"]
            if len(texts) < len(options):
                texts.append("`null`")
            return " or ".join(texts)
        if "const" in node:
            return f"`{json.dumps(node['const'])}`"
        if "enum" in node:
            values = [f"`{json.dumps(v)}`" for v in node["enum"]]
            return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]
        kind = node.get("type")
        if node.get("title") in _NAMED:
            return _NAMED[node["title"]] + s
        if kind == "integer":
            low, high = node.get("minimum"), node.get("maximum")
            if (low, high) == (0, 3):
                return f"seat{s} (0..3)"
            if (low, high) == (0, 1):
                return f"team{s} (0, 1)"
            return f"int{s}" + (f" >= {low}" if low is not None else "")
        if kind == "string":
            title = node.get("title", "")
            if title.endswith("Card"):
                return f"card{s}"
            if title == "ActionText":
                return f"action text{s}"
            return f"string{s}"
        if kind == "boolean":
            return f"bool{s}"
        if kind == "number":
            return f"number{s}"
        if kind == "array":
            size = node.get("minItems")
            count = f"{size} " if size is not None and size == node.get("maxItems") else ""
            item = self.type(node.get("items", {}), plural=True)
            return f"list{s} of {count}{item}"
        if kind == "object":
            props = node.get("properties")
            if props and len(props) > 6:
                return f"`{node['title']}` object{s}"
            if props:
                keys = ", ".join(props)
                return f"{{{keys}}} object{s}"
            return f"object{s}"
        return "any"


def _phrase(text: str) -> str:
    """A docstring as a table phrase: no final full stop, lower case first."""
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() else text


def _cell(text: str) -> str:
    return text.replace("``", "`").replace("|", "\\|").replace("\n", " ")


def _fields(
    node: Mapping[str, Any], render: _Render, skip: tuple[str, ...] = ()
) -> list[tuple[str, str, str]]:
    """(key, type, meaning) of every property of an object schema."""
    node = render.resolve(node)
    required = set(node.get("required", []))
    rows = []
    for key, prop in node.get("properties", {}).items():
        if key in skip:
            continue
        kind = render.type(prop)
        if key not in required:
            kind += ", optional"
        rows.append((key, kind, prop.get("description", "")))
    return rows


def _union(name: str) -> tuple[list[Mapping[str, Any]], _Render]:
    full = schema(name)
    render = _Render(full.get("$defs", {}))
    members = full.get("oneOf", full.get("anyOf", [full]))
    return [render.resolve(m) for m in members], render


def _names(rows: list[tuple[str, str, str]]) -> str:
    return ", ".join(
        f"`{key}`" + (" (optional)" if "optional" in kind else "") for key, kind, _ in rows
    )


def _events_table(name: str) -> str:
    members, render = _union(name)
    lines = ["| Type | Fields | Visible to | When |", "|---|---|---|---|"]
    for node in members:
        rows = _fields(node, render, skip=("type", "to"))
        to = node["properties"].get("to")
        seen = f"`to` ({to['description']})" if to else "all"
        when = node.get("description", "")
        fields = _names(rows) or "(none)"
        lines.append(f"| `{_kind(node)}` | {_cell(fields)} | {_cell(seen)} | {_cell(when)} |")
    return "\n".join(lines)


def _bot_messages_table() -> str:
    lines = ["| from | type | fields | meaning |", "|------|------|--------|---------|"]
    for name in ("host-message", "bot-message"):
        members, render = _union(name)
        for node in members:
            side, meaning = node.get("description", ":").split(": ", 1)
            rows = _fields(node, render, skip=("type",))
            fields = ", ".join(f"`{key}` ({kind})" if kind else f"`{key}`" for key, kind, _ in rows)
            lines.append(f"| {side} | `{_kind(node)}` | {_cell(fields)} | {_cell(meaning)} |")
    return "\n".join(lines)


def _messages_table(name: str) -> str:
    members, render = _union(name)
    lines = ["| `type` | Fields | Meaning |", "|---|---|---|"]
    for node in members:
        rows = _fields(node, render, skip=("type",))
        fields = "; ".join(
            f"`{key}` ({kind}{': ' + _phrase(meaning) if meaning else ''})"
            for key, kind, meaning in rows
        )
        text = _phrase(node.get("description", ""))
        lines.append(f"| `{_kind(node)}` | {_cell(fields)} | {_cell(text)} |")
    return "\n".join(lines)


def object_table(kind: Any) -> str:
    full = TypeAdapter(kind).json_schema()
    render = _Render(full.get("$defs", {}))
    lines = ["| Key | Type | Meaning |", "|---|---|---|"]
    for key, text, meaning in _fields(full, render):
        lines.append(f"| `{key}` | {_cell(text)} | {_cell(meaning)} |")
    return "\n".join(lines)


TABLES: Final[dict[str, Callable[[], str]]] = {
    "hearts-view": lambda: object_table(wire.HeartsViewJSON),
    "rook-view": lambda: object_table(wire.RookViewJSON),
    "choose": lambda: object_table(wire.ChooseJSON),
    "deal": lambda: object_table(wire.DealJSON),
    "record": lambda: object_table(wire.RecordJSON),
    "hearts-events": lambda: _events_table("hearts-event"),
    "rook-events": lambda: _events_table("rook-event"),
    "bot-messages": _bot_messages_table,
    "client-messages": lambda: _messages_table("client-message"),
    "server-messages": lambda: _messages_table("server-message"),
    "review-decision": lambda: object_table(review.ReviewDecision),
    "review-option": lambda: object_table(review.ReviewOption),
    "review-reason": lambda: object_table(review.ReviewReason),
}
"""Name -> generator of every docs table."""


def markdown(name: str) -> str:
    """The docs table ``name`` (one of ``TABLES``), generated from its format."""
    return TABLES[name]()


_MARKED: Final = re.compile(r"(<!-- schema: ([a-z-]+) -->\n)(.*?)(\n<!-- /schema -->)", re.DOTALL)


def update_docs(text: str) -> str:
    """``text`` with every marked table regenerated."""
    return _MARKED.sub(lambda m: m[1] + markdown(m[2]) + m[4], text)


def marked_tables(text: str) -> list[str]:
    """The names of the generated tables in ``text``."""
    return [m[2] for m in _MARKED.finditer(text)]

"""A request about a table reaches the node HAProxy hashes its id to: before the
route runs, that node takes the table if nobody serves it, or answers the retryable
``table_unavailable`` (with ``Retry-After``) while its owner hands it over.

The websocket endpoint needs no middleware: it looks its table up with
:meth:`~crowsnest.server.live.tables.Registry.find`, which claims it the same way.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from crowsnest.server.table.parts import TableError

TABLE_PATH = re.compile(r"^/api/tables/([^/]+)(?:/|$)")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class TableRouting:
    """ASGI middleware: claim the table of ``/api/tables/<id>/...`` first."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            match = TABLE_PATH.match(scope["path"])
            if match is not None:
                from crowsnest.server.app import error_response

                hub = scope["app"].state.hub
                try:
                    await hub.registry.claim(match.group(1))
                except TableError as err:
                    response = error_response(err.code, err.message, retry_after=err.retry_after)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)

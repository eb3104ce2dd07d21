"""Slow and greedy clients, for the single process: a cap on the connections of one
client address, a deadline for a request's headers (uvicorn waits for ever) and one
for its body, each with one log line per address per minute when it is hit.

:func:`guarded_protocol` wraps uvicorn's HTTP protocol (``http=`` of its config):
a connection over :attr:`Guard.max_per_client` is closed as soon as it is made, and
a connection whose request headers are not complete ``header_timeout`` seconds after
its first byte (or after it was opened) is closed. :class:`BodyTimeout` is an ASGI
middleware that reads a request's body within ``body_timeout`` seconds or answers
408 ``body_timeout``. Behind a proxy the proxy does this too; ``make play`` is one
process, which must hold on its own.

Behind proxies the caps count the real client, not the proxy: a connection from an
address of :class:`TrustedProxies` (the setting ``forwarded_allow_ips``) is counted
once its request's headers are read, for the client its ``X-Forwarded-For`` names
(the same client uvicorn gives the application, so the rate limits agree).

>>> guard = Guard(max_per_client=1, header_timeout=1.0)
>>> guard.admit("10.0.0.1", "t1"), guard.admit("10.0.0.1", "t2"), guard.admit("10.0.0.2", "t3")
(True, False, True)
>>> guard.release("10.0.0.1", "t1"); guard.admit("10.0.0.1", "t4")
True
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.responses import JSONResponse
from starlette.status import HTTP_408_REQUEST_TIMEOUT
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from crowsnest.server.models.http import ErrorBody
from crowsnest.server.ops.logs import server_event
from crowsnest.server.ops.proxies import TrustedProxies

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

LOG_EVERY = 60.0
"""Seconds between two log lines of one kind about one address."""


class Throttled:
    """Log lines about client addresses, each kind at most once a minute per address."""

    def __init__(self) -> None:
        self._logged: dict[tuple[str, str], float] = {}

    def log(self, event: str, client: str, **fields: Any) -> None:
        """Log ``event`` about ``client`` unless it was logged in the last minute."""
        now = time.monotonic()
        if now - self._logged.get((event, client), -LOG_EVERY) < LOG_EVERY:
            return
        if len(self._logged) > 10_000:
            self._logged.clear()
        self._logged[(event, client)] = now
        server_event(event, logging.WARNING, client=client, **fields)


class Guard(Throttled):
    """The open connections of each client address, and when each kind of refusal
    was last logged for it."""

    def __init__(
        self, max_per_client: int, header_timeout: float, proxies: TrustedProxies | None = None
    ) -> None:
        super().__init__()
        self.max_per_client = max_per_client
        self.header_timeout = header_timeout
        self.proxies = proxies or TrustedProxies("")
        self.open: dict[str, set[object]] = {}

    def admit(self, client: str, transport: Any) -> bool:
        """Count ``transport`` for ``client``; False (logged) when it is one too many.
        Transports that have closed meanwhile (a websocket's) are no longer counted."""
        open_ = self.open.setdefault(client, set())
        for done in [t for t in open_ if _closing(t)]:
            open_.discard(done)
        if len(open_) >= self.max_per_client:
            self.log("connection_cap", client, cap=self.max_per_client)
            return False
        open_.add(transport)
        return True

    def release(self, client: str, transport: Any) -> None:
        open_ = self.open.get(client)
        if open_ is not None:
            open_.discard(transport)
            if not open_:
                del self.open[client]


def _closing(transport: object) -> bool:
    is_closing = getattr(transport, "is_closing", None)
    return bool(is_closing()) if is_closing is not None else False


def guarded_protocol(guard: Guard) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol, with ``guard``'s cap and header deadline."""

    class GuardedProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else "unknown"
            if peer in guard.proxies:
                self._arm()  # counted for its client once the headers name it
                return
            if not guard.admit(peer, transport):
                transport.close()
                return
            self._counted = peer
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._counted is not None:
                guard.release(self._counted, self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()  # the first bytes of a next request on a kept-alive connection
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._disarm()
            peer = self.client[0] if self.client else "unknown"
            if peer in guard.proxies and not self._count_forwarded(peer):
                return
            super().on_headers_complete()

        def _count_forwarded(self, peer: str) -> bool:
            """Count this proxied connection for the client its request names (a
            kept-alive connection of the proxy may carry another client's next
            request); False, with the connection closed, when that is one too many."""
            values = [v.decode("latin-1") for n, v in self.headers if n == b"x-forwarded-for"]
            client = guard.proxies.client(peer, values)
            if client == self._counted:
                return True
            if self._counted is not None:
                guard.release(self._counted, self.transport)
                self._counted = None
            if not guard.admit(client, self.transport):
                self.transport.close()
                return False
            self._counted = client
            return True

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(guard.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                client = self.client[0] if self.client else "unknown"
                guard.log("header_timeout", client, seconds=guard.header_timeout)
                self.transport.close()

    return GuardedProtocol


class BodyTimeout:
    """Read each HTTP request's body within ``timeout`` seconds (else 408
    ``body_timeout``), then hand it to the application at once."""

    def __init__(self, app: Any, timeout: float) -> None:
        self.app, self.timeout = app, timeout
        self.logs = Throttled()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client left
                    chunks.append(message.get("body", b""))
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            client = scope.get("client")
            where = str(client[0]) if client else "unknown"
            self.logs.log("body_timeout", where, seconds=self.timeout)
            text = f"send the body within {self.timeout:g} seconds"
            error = {"error": {"code": "body_timeout", "message": text}}
            answer = JSONResponse(
                ErrorBody.model_validate(error).model_dump(),
                status_code=HTTP_408_REQUEST_TIMEOUT,
                headers={"Connection": "close"},
            )
            await answer(scope, receive, send)
            return
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

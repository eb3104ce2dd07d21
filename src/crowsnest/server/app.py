"""The web application: the routers of :mod:`~crowsnest.server.faces.api` (tables, rules,
stats), :mod:`~crowsnest.server.faces.web_api` (the client's Info and History tabs),
:mod:`~crowsnest.server.faces.ws` (``/ws/{table_id}``) and :mod:`~crowsnest.server.faces.client`
(``/``, ``/i18n/<lang>.json``; ``/static/...``), with the store, the bots and the hub
started by its lifespan (OpenAPI at ``/docs``).

The routes only translate: requests are validated into the models of
:mod:`crowsnest.server.models`, handed to the :class:`~crowsnest.server.live.hub.Hub`, and
its answers sent back. Errors are ``{"error": {"code": ..., "message": ...}}`` over HTTP
(the status from :data:`STATUS`) and ``{"type": "error", ...}`` messages on the
websocket; neither ever carries a stack trace.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from crowsnest import __version__
from crowsnest.server.faces import (
    accounts,
    api,
    client,
    players_api,
    practice_api,
    web_api,
    ws,
)
from crowsnest.server.faces.identity import Identity
from crowsnest.server.live.hub import Hub
from crowsnest.server.live.tables import Registry, RegistryFactory
from crowsnest.server.models.http import ErrorBody
from crowsnest.server.models.practice import MAX_PRACTICE_BODY
from crowsnest.server.ops.guard import BodyTimeout
from crowsnest.server.ops.limits import retry_seconds
from crowsnest.server.ops.logs import server_event
from crowsnest.server.ops.settings import Settings
from crowsnest.server.people.names import BadName
from crowsnest.server.store.players import PlayerStore
from crowsnest.server.store.store import Store
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.bots import BotRunner
from crowsnest.server.table.parts import TableError
from crowsnest.web import STATIC_DIR

MAX_HTTP_BODY = 16 * 1024
STATUS = {
    "table_not_found": 404,
    "not_found": 404,
    "bad_invite": 403,
    "bad_token": 403,
    "not_your_review": 403,
    "no_token": 401,
    # identity and accounts
    "csrf_refused": 403,
    "not_yours": 403,
    "player_not_found": 404,
    "username_taken": 409,
    "already_signed_up": 409,
    "not_signed_up": 409,
    "bad_credentials": 401,
    "bad_username": 400,
    "bad_password": 400,
    "seat_taken": 409,
    "no_free_seat": 409,
    "game_over": 409,
    "not_your_turn": 409,
    "not_finished": 409,
    "bad_record": 400,
    "not_waiting": 409,
    "unknown_language": 404,
    "too_large": 413,
    "body_timeout": 408,
    "length_required": 411,
    "method_not_allowed": 405,
    "rate_limited": 429,
    "hints_busy": 503,
    "table_unavailable": 503,
    "internal_error": 500,
}


def error_response(
    code: str, message: str, status: int | None = None, retry_after: float | None = None
) -> JSONResponse:
    body = ErrorBody.model_validate({"error": {"code": code, "message": message}})
    headers = None if retry_after is None else {"Retry-After": str(retry_seconds(retry_after))}
    return JSONResponse(
        body.model_dump(), status_code=status or STATUS.get(code, 400), headers=headers
    )


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes (and bodies of unknown length);
    the paths of ``wider`` allow their own limit."""

    def __init__(self, app: Any, limit: int, wider: Mapping[str, int] | None = None) -> None:
        self.app, self.limit, self.wider = app, limit, dict(wider or {})

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            headers = dict(scope["headers"])
            length = headers.get(b"content-length")
            problem = None
            if length is None:
                if headers.get(b"transfer-encoding"):
                    problem = error_response("length_required", "send a Content-Length")
            else:
                limit = self.wider.get(scope["path"], self.limit)
                if not length.isdigit() or int(length) > limit:
                    problem = error_response("too_large", f"request bodies are at most {limit}")
            if problem is not None:
                await problem(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application, with its store, bots and tables started by its lifespan."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = settings.resolved_database_url()
        store = Store(url)
        await asyncio.to_thread(store.migrate)
        writer = Writer(store)
        bots = BotRunner(
            settings.bot_workers,
            settings.hint_workers,
            settings.hint_queue,
            settings.hint_timeout,
            settings.review_queue,
        )
        redis, registry = _cluster(settings)
        hub = Hub(settings, store, writer, bots, registry=registry)
        await hub.start()
        app.state.hub = hub
        app.state.identity = Identity(settings, PlayerStore(store.engine), writer)
        app.state.store = store
        app.state.settings = settings
        shown = sa.make_url(url).render_as_string(hide_password=True)
        tables = len(hub.registry.tables)
        server_event("started", database=shown, tables=tables, version=__version__)
        try:
            yield
        finally:
            try:
                await hub.close()
            finally:
                if redis is not None:
                    await redis.aclose()
            # A database call a cancelled task left running in a thread finishes before
            # the store closes: its connection would outlive the engine's pool, open.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(10):
                    await asyncio.get_running_loop().shutdown_default_executor()
            writer.close()
            bots.close()
            store.close()
            server_event("stopped")

    app = FastAPI(
        title="CrowsNest",
        version=__version__,
        summary="Tables of Rook-family games and Hearts, with bots; play over websockets.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyTimeout, timeout=settings.body_timeout)
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY, wider={"/api/practice": MAX_PRACTICE_BODY})
    # Replays and catalogs are large, repetitive JSON: compress them for the browser.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    if settings.redis_url:
        from crowsnest.server.cluster.routing import TableRouting

        app.add_middleware(TableRouting)
    if settings.hosts():
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.hosts())
    _handlers(app)
    for module in (api, web_api, players_api, practice_api, accounts, client, ws):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app


def _cluster(settings: Settings) -> tuple[Any, RegistryFactory]:
    """One process: today's registry. Several nodes (a Redis URL): leases."""
    if not settings.redis_url:
        return None, Registry
    from redis.asyncio import Redis

    from crowsnest.server.cluster.ownership import LeaseRegistry

    redis = Redis.from_url(settings.redis_url)
    return redis, LeaseRegistry.factory(redis, settings.node_name(), settings.lease)


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(_request: Request, err: TableError) -> JSONResponse:
        return error_response(err.code, err.message, retry_after=err.retry_after)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        ctx = first.get("ctx")
        cause = ctx.get("error") if isinstance(ctx, dict) else None
        if isinstance(cause, BadName):  # a name we refuse: say so by its own code
            return error_response("bad_name", f"{where}: {cause}", 400)
        return error_response("bad_request", f"{where}: {first.get('msg', 'invalid')}", 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(err.status_code, "bad_request")
        return error_response(code, str(err.detail), err.status_code)

    @app.exception_handler(Exception)
    async def crashed(_request: Request, err: Exception) -> JSONResponse:
        server_event("internal_error", logging.ERROR, exc_info=err)
        return error_response("internal_error", "the server failed; it has been logged", 500)

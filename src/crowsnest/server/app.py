"""The web application: the HTTP API (OpenAPI at ``/docs``), the websocket endpoint
``/ws/{table_id}``, and the browser client (``/``, ``/static/...``, ``/i18n/<lang>.json``).

The endpoints only translate: HTTP requests and websocket frames are validated into
the models of :mod:`crowsnest.server.schemas`, handed to the :class:`Hub`, and its
answers sent back. Errors are ``{"error": {"code": ..., "message": ...}}`` over HTTP and
``{"type": "error", ...}`` messages on the websocket; neither ever carries a stack
trace.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Annotated, Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from fastapi import Depends, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from crowsnest import __version__
from crowsnest.engine import RULESETS, HeartsRules, option_specs
from crowsnest.server.bots import BotRunner, bot_for, family_of
from crowsnest.server.hub import Connection, Hub, token_hash
from crowsnest.server.logs import server_event
from crowsnest.server.schemas import (
    CreateTable,
    ErrorBody,
    ErrorMessage,
    Health,
    HelloMessage,
    Hint,
    Joined,
    JoinRequest,
    OptionInfo,
    PlayerStats,
    ProtocolError,
    RuleSetInfo,
    TableCreated,
    TableInfo,
    Watch,
    parse_client_message,
)
from crowsnest.server.settings import Settings
from crowsnest.server.store import Store, Writer
from crowsnest.server.table import TableError
from crowsnest.server.web_api import router as web_router
from crowsnest.web import LANGUAGES, RTL, STATIC_DIR, catalog

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say hello."""
MAX_HTTP_BODY = 16 * 1024
STATUS = {
    "table_not_found": 404,
    "not_found": 404,
    "bad_invite": 403,
    "bad_token": 403,
    "no_token": 401,
    "seat_taken": 409,
    "no_free_seat": 409,
    "game_over": 409,
    "not_your_turn": 409,
    "not_finished": 409,
    "not_waiting": 409,
    "unknown_language": 404,
    "too_large": 413,
    "length_required": 411,
    "method_not_allowed": 405,
    "internal_error": 500,
}
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "bad request (code names the problem)"},
    403: {"model": ErrorBody, "description": "bad_invite or bad_token"},
    404: {"model": ErrorBody, "description": "table_not_found"},
    409: {"model": ErrorBody, "description": "the table's state does not allow it"},
}


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once.

    >>> bucket = TokenBucket(rate=1, burst=2, now=0.0)
    >>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
    [True, True, False, True]
    """

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """No Origin (not a browser), the same origin as the page, or one listed.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", frozenset())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", frozenset())
    False
    """
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


def error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    body = ErrorBody.model_validate({"error": {"code": code, "message": message}})
    return JSONResponse(body.model_dump(), status_code=status or STATUS.get(code, 400))


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes (and bodies of unknown length)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

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
            elif not length.isdigit() or int(length) > self.limit:
                problem = error_response("too_large", f"request bodies are at most {self.limit}")
            if problem is not None:
                await problem(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _ws_url(request: Request, table_id: str) -> str:
    base = str(request.base_url).replace("http", "ws", 1)
    return f"{base}ws/{table_id}"


bearer = HTTPBearer(auto_error=False, description="a seat token from the join call")
HubDep = Annotated[Hub, Depends(_hub)]
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
Invite = Annotated[str | None, Query(max_length=128, description="a private table's code")]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The application, with its store, bots and tables started by its lifespan."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = settings.resolved_database_url()
        store = Store(url)
        await asyncio.to_thread(store.migrate)
        writer = Writer(store)
        bots = BotRunner(settings.bot_workers)
        hub = Hub(settings, store, writer, bots)
        await hub.start()
        app.state.hub = hub
        app.state.settings = settings
        shown = sa.make_url(url).render_as_string(hide_password=True)
        server_event("started", database=shown, tables=len(hub.tables), version=__version__)
        try:
            yield
        finally:
            await hub.close()
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
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    # Replays and catalogs are large, repetitive JSON: compress them for the browser.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    _handlers(app)
    _routes(app)
    app.include_router(web_router)
    _client(app)
    _websocket(app, settings)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(_request: Request, err: TableError) -> JSONResponse:
        return error_response(err.code, err.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        return error_response("bad_request", f"{where}: {first.get('msg', 'invalid')}", 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(err.status_code, "bad_request")
        return error_response(code, str(err.detail), err.status_code)

    @app.exception_handler(Exception)
    async def crashed(_request: Request, err: Exception) -> JSONResponse:
        server_event("internal_error", logging.ERROR, exc_info=err)
        return error_response("internal_error", "the server failed; it has been logged", 500)


def _routes(app: FastAPI) -> None:
    @app.get("/healthz", tags=["server"])
    async def health(hub: HubDep) -> Health:
        return Health(tables=len(hub.tables), connections=hub.connection_count())

    @app.get("/api/rules", tags=["tables"])
    async def rules() -> list[RuleSetInfo]:
        """Every rule set, its options and the bot that plays each level."""
        out = []
        for rules_id, r in RULESETS.items():
            family = family_of(rules_id)
            out.append(
                RuleSetInfo(
                    id=rules_id,
                    name=r.name,
                    family="hearts" if isinstance(r, HeartsRules) else "rook",
                    key=r.key,
                    options=[
                        OptionInfo(
                            name=o.name,
                            kind=o.kind,
                            default=o.default,
                            choices=list(o.choices),
                            minimum=o.minimum,
                            maximum=o.maximum,
                            step=o.step,
                        )
                        for o in option_specs(rules_id)
                    ],
                    bots={level: bot_for(family, level) for level in ("easy", "normal", "hard")},
                )
            )
        return out

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=ERRORS)
    async def create_table(body: CreateTable, hub: HubDep) -> TableCreated:
        """Create a table: rule set and options, bot level, which seats are humans and
        which bots, public or private (a private table answers only to its invite)."""
        return await hub.create(body)

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(hub: HubDep) -> list[TableInfo]:
        """Public tables that are not over (``status`` waiting: seats to take)."""
        return hub.public_tables()

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=ERRORS)
    async def table_info(table_id: str, hub: HubDep, invite: Invite = None) -> TableInfo:
        return await hub.info(table_id, invite)

    @app.post("/api/tables/{table_id}/join", tags=["tables"], responses=ERRORS)
    async def join(table_id: str, body: JoinRequest, request: Request, hub: HubDep) -> Joined:
        """Claim a human seat; the token it returns is the seat's key on the websocket."""
        seat, token = await hub.join(table_id, body)
        return Joined(table_id=table_id, seat=seat, token=token, ws_url=_ws_url(request, table_id))

    @app.get("/api/tables/{table_id}/watch", tags=["tables"], responses=ERRORS)
    async def watch(table_id: str, request: Request, hub: HubDep, invite: Invite = None) -> Watch:
        """A spectator's view now, and where to follow the game live (no hand is shown)."""
        return await hub.watch(table_id, invite, _ws_url(request, table_id))

    @app.get("/api/tables/{table_id}/hint", tags=["play"], responses=ERRORS)
    async def hint(table_id: str, hub: HubDep, auth: Bearer) -> Hint:
        """The normal bot's choice for your seat (the hard bot's at a hard table),
        computed from your view only. Authorization: ``Bearer <seat token>``."""
        if auth is None:
            raise TableError("no_token", "send the seat token as 'Authorization: Bearer ...'")
        return await hub.hint(table_id, auth.credentials)

    @app.post("/api/tables/{table_id}/fill", tags=["tables"], responses=ERRORS)
    async def fill(table_id: str, hub: HubDep, auth: Bearer) -> TableInfo:
        """Hand the table's unclaimed human seats to bots so the game starts (a player
        of the table asks, with ``Authorization: Bearer <seat token>``)."""
        if auth is None:
            raise TableError("no_token", "send the seat token as 'Authorization: Bearer ...'")
        return await hub.fill(table_id, auth.credentials)

    @app.get("/api/tables/{table_id}/record", tags=["games"], responses=ERRORS)
    async def record(
        table_id: str, hub: HubDep, auth: Bearer, invite: Invite = None
    ) -> dict[str, Any]:
        """A finished game's record (``docs/formats.md``): it replays the whole game."""
        store = hub.store
        row = await asyncio.to_thread(store.table, table_id)
        if row is None:
            raise TableError("table_not_found", "no table has this id")
        if row.invite_hash is not None:
            ok = invite is not None and token_hash(invite) == row.invite_hash
            if not ok and auth is not None:
                hashed = token_hash(auth.credentials)
                seats = await asyncio.to_thread(store.seat_rows, table_id)
                ok = any(s.token_hash == hashed for s in seats)
            if not ok:
                raise TableError("bad_invite", "this private table needs its invite code")
        data = await asyncio.to_thread(store.record, table_id)
        if data is None:
            raise TableError("not_finished", "the game is not over yet")
        return data

    @app.get("/api/players/{name}/stats", tags=["games"])
    async def stats(name: str, hub: HubDep) -> PlayerStats:
        """Finished games of the player called ``name``: games, wins, average final
        score (Rook: the team's) and the contracts made and set as declarer."""
        if len(name) > 40:
            raise TableError("bad_request", "names are at most 40 characters")
        return await asyncio.to_thread(hub.store.stats, name)


def _client(app: FastAPI) -> None:
    """The browser client: its page, its modules and its translation catalogs."""
    # The page always revalidates, so a new version is picked up on reload.
    no_cache = {"Cache-Control": "no-cache"}

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", headers=no_cache)

    @app.get("/i18n/languages.json", tags=["client"])
    async def languages() -> JSONResponse:
        """The client's languages, English first, and those written right to left (the
        one list the client and the catalogs share: ``crowsnest.web.LANGUAGES``)."""
        return JSONResponse({"languages": list(LANGUAGES), "rtl": sorted(RTL)}, headers=no_cache)

    @app.get("/i18n/{lang}.json", tags=["client"])
    async def translations(lang: str) -> JSONResponse:
        """One language's translation catalog (``en``, ``el``, ``he``, ``pl``)."""
        if lang not in LANGUAGES:
            raise TableError("unknown_language", f"no catalog for {lang[:10]!r}: {LANGUAGES}")
        return JSONResponse(catalog(lang), headers=no_cache)

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")


def _websocket(app: FastAPI, settings: Settings) -> None:
    allowed = settings.origins()

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        headers = websocket.headers
        if not origin_allowed(headers.get("origin"), headers.get("host"), allowed):
            server_event("origin_refused", logging.WARNING, origin=headers.get("origin"))
            await websocket.close(code=1008)
            return
        await websocket.accept()
        hub: Hub = websocket.app.state.hub
        conn = Connection()
        pump = asyncio.create_task(_pump(websocket, conn))
        try:
            await _read(websocket, conn, hub, table_id, settings)
        finally:
            await hub.detach(conn)
            conn.kick(1000)
            await pump


async def _pump(websocket: WebSocket, conn: Connection) -> None:
    """Send what the connection's queue holds, then close with its close code."""
    try:
        while (text := await conn.queue.get()) is not None:
            await websocket.send_text(text)
    except Exception:  # the client went away
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(conn.close_code)


async def _read(
    websocket: WebSocket, conn: Connection, hub: Hub, table_id: str, settings: Settings
) -> None:
    bucket = TokenBucket(settings.rate_limit, settings.rate_burst, time.monotonic())
    strikes = 0

    def refuse(code: str, message: str) -> None:
        seq = conn.live.table.seq if conn.live is not None else None
        conn.push(ErrorMessage(code=code, message=message, seq=seq).model_dump_json())

    while not conn.closed:
        try:
            timeout = HELLO_TIMEOUT if conn.live is None else None
            received = await asyncio.wait_for(websocket.receive(), timeout)
        except TimeoutError:
            refuse("hello_timeout", f"say hello within {HELLO_TIMEOUT:g} seconds")
            conn.kick(1008)
            return
        if received["type"] == "websocket.disconnect":
            return
        if not bucket.take(time.monotonic()):
            strikes += 1
            refuse("rate_limited", f"at most {settings.rate_limit:g} messages a second")
            if strikes > 4 * settings.rate_burst:
                conn.kick(1008)
            continue
        strikes = max(0, strikes - 1)
        text = received.get("text")
        data = received.get("bytes")
        size = len(text.encode()) if text is not None else len(data or b"")
        if size > settings.max_message_bytes:
            refuse("too_large", f"messages are at most {settings.max_message_bytes} bytes")
            continue
        if text is None:
            refuse("bad_message", "send JSON in text frames")
            continue
        try:
            message = parse_client_message(text)
            if conn.live is None:
                if not isinstance(message, HelloMessage):
                    raise ProtocolError("hello_first", "say hello first")
                await hub.attach(conn, table_id, message)
            else:
                await hub.message(conn, message)
        except (ProtocolError, TableError) as err:
            refuse(err.code, err.message)
        except Exception:
            server_event("internal_error", logging.ERROR, table=table_id, exc_info=True)
            refuse("internal_error", "the server failed; it has been logged")

"""Who the player is: a session cookie that names a player identity.

On a first visit (``GET /api/me``, or a ``join`` without a session) the server
draws a session secret (256 random bits), keeps only its SHA-256
(:func:`~crowsnest.server.faces.access.token_hash`, as for seat tokens) and gives it
to the browser in the cookie :data:`COOKIE`: ``HttpOnly`` (no script reads it),
``SameSite=Lax``, ``Secure`` when the page is served over https, for 400 days.
The session names a player, whose public id is what seats, results, ratings and
profiles are keyed by; the display name is the player's to change and is shown,
never trusted as identity. Seat tokens still authorise a seat on the websocket:
the cookie says who took it.

CSRF: every request that changes something on behalf of a cookie (``join``,
renaming, the account routes) passes :func:`same_origin`: a browser's
``Origin`` must be the page's own (or one of ``allowed_origins``) and
``Sec-Fetch-Site`` must not be ``cross-site``; SameSite=Lax keeps the cookie off
cross-site subrequests besides (``csrf_refused``, 403).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Final, TypeVar

from fastapi import Depends, Request, Response
from sqlalchemy.engine import Connection

from crowsnest.server.faces.access import token_hash
from crowsnest.server.faces.ws import origin_allowed
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.players import SESSION_AGE, PlayerRow, PlayerStore
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.parts import TableError

T = TypeVar("T")

COOKIE: Final = "crowsnest_session"
COOKIE_AGE: Final = int(SESSION_AGE.total_seconds())
"""Seconds a session cookie lives (browsers cap cookies at 400 days): as long as the
session row behind it (:data:`~crowsnest.server.store.players.SESSION_AGE`)."""
MAX_COOKIE: Final = 128
"""Longest cookie value looked up."""


def client_of(request: Request) -> str | None:
    return request.client.host if request.client is not None else None


def new_secret() -> tuple[str, str]:
    """A new session secret (for the cookie) and its hash (for the store)."""
    secret = secrets.token_urlsafe(32)
    return secret, token_hash(secret)


class Identity:
    """Sessions and players for the HTTP routes (``app.state.identity``)."""

    def __init__(
        self,
        settings: Settings,
        players: PlayerStore,
        writer: Writer,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.players = players
        self.writer = writer
        self.clock = clock
        self.new_identities = KeyedLimit(settings.identity_rate, settings.identity_burst)

    async def write(self, fn: Callable[[Connection], T]) -> T:
        return await asyncio.shield(asyncio.wrap_future(self.writer.submit(fn)))

    async def current(self, request: Request) -> PlayerRow | None:
        """The player the request's session cookie names, if any."""
        secret = request.cookies.get(COOKIE)
        if not secret or len(secret) > MAX_COOKIE:
            return None
        return await asyncio.to_thread(self.players.by_session, token_hash(secret))

    async def ensure(self, request: Request, response: Response) -> PlayerRow:
        """The request's player; a new one (and its cookie) when it has none. New
        identities are rate limited per client address (``rate_limited``)."""
        player = await self.current(request)
        if player is not None:
            return player
        client = client_of(request)
        now = self.clock()
        if client is not None and not self.new_identities.take(client, now):
            wait = self.new_identities.retry_after(client, now)
            raise TableError("rate_limited", "too many new players from this address", wait)
        player_id = secrets.token_urlsafe(12)
        secret, hashed = new_secret()
        await self.write(lambda conn: PlayerStore.create_player(conn, player_id, hashed))
        self.set_cookie(request, response, secret)
        return PlayerRow(player_id, None, None, None)

    async def new_session(self, request: Request, response: Response, player_id: str) -> None:
        """Sign the browser in as ``player_id``: a new session replaces its old one."""
        old = request.cookies.get(COOKIE)
        secret, hashed = new_secret()

        def write(conn: Connection) -> None:
            if old and len(old) <= MAX_COOKIE:
                PlayerStore.end_session(conn, token_hash(old))
            PlayerStore.add_session(conn, hashed, player_id)

        await self.write(write)
        self.set_cookie(request, response, secret)

    async def end_session(self, request: Request, response: Response) -> None:
        old = request.cookies.get(COOKIE)
        if old and len(old) <= MAX_COOKIE:
            await self.write(lambda conn: PlayerStore.end_session(conn, token_hash(old)))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")

    def set_cookie(self, request: Request, response: Response, secret: str) -> None:
        """Give the browser ``secret`` as its session cookie (replacing one set
        earlier in the same answer, such as a first visit's): ``Secure`` when the page
        came over https (a trusted proxy's ``X-Forwarded-Proto`` says so) or the
        setting ``secure_cookies`` asks."""
        mine = f"{COOKIE}=".encode()
        response.raw_headers[:] = [
            (k, v) for k, v in response.raw_headers if k != b"set-cookie" or not v.startswith(mine)
        ]
        response.set_cookie(
            COOKIE,
            secret,
            max_age=COOKIE_AGE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=self.settings.secure_cookies or request.url.scheme == "https",
        )

    @staticmethod
    def session_hash(request: Request) -> str | None:
        secret = request.cookies.get(COOKIE)
        return token_hash(secret) if secret and len(secret) <= MAX_COOKIE else None


# -- FastAPI dependencies ---------------------------------------------------------------


def identity_of(request: Request) -> Identity:
    identity: Identity = request.app.state.identity
    return identity


IdentityDep = Annotated[Identity, Depends(identity_of)]


def same_origin(request: Request) -> None:
    """The CSRF check of a cookie-authenticated change (see the module's doc)."""
    settings: Settings = request.app.state.settings
    headers = request.headers
    origin = headers.get("origin")
    if origin == "null" or not origin_allowed(origin, headers.get("host"), settings.origins()):
        raise TableError("csrf_refused", "this request comes from another site's page")
    if headers.get("sec-fetch-site") == "cross-site":
        raise TableError("csrf_refused", "this request comes from another site's page")


SameOrigin = Annotated[None, Depends(same_origin)]


async def viewer(request: Request, identity: IdentityDep) -> PlayerRow | None:
    """The player asking, if the request has a session (nothing is created)."""
    return await identity.current(request)


Viewer = Annotated[PlayerRow | None, Depends(viewer)]


async def acting_player(
    request: Request, response: Response, identity: IdentityDep, _csrf: SameOrigin
) -> PlayerRow:
    """The player a change is made for (CSRF-checked; created on a first visit)."""
    return await identity.ensure(request, response)


ActingPlayer = Annotated[PlayerRow, Depends(acting_player)]

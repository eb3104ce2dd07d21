"""Accounts: a username and password on a player identity, so that it
follows its player to another device. No e-mail, no third-party sign-in.

- ``POST /api/account/signup``: give your identity a username and password.
- ``POST /api/account/signin``: this browser becomes that account's identity.
- ``POST /api/account/signout``: this browser's session ends (the next visit is a
  new anonymous identity).
- ``POST /api/account/password``: change your password (your other sessions end).

Passwords are hashed with Argon2id (``argon2-cffi``'s defaults), in a thread, at
most :data:`HASHING` at once. Usernames are normalised and compared as player
names are (:mod:`crowsnest.server.names`: PRECIS, case-mapped key, look-alike
letters of mixed scripts refused), one account per key. Sign-in attempts are
rate limited per account and per client address; an unknown username costs the
same hash as a known one, and both answer ``bad_credentials``. Every route is
CSRF-checked (:func:`~crowsnest.server.identity.same_origin`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Hashable
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from sqlalchemy.engine import Connection

from crowsnest.server.identity import ActingPlayer, IdentityDep, SameOrigin, client_of
from crowsnest.server.limits import KeyedLimit
from crowsnest.server.names import BadName, display_name, name_key
from crowsnest.server.players_api import me_of
from crowsnest.server.players_store import PlayerStore
from crowsnest.server.schemas import MAX_PASSWORD, MIN_PASSWORD, Credentials, Me, NewPassword
from crowsnest.server.settings import Settings
from crowsnest.server.table import TableError

router = APIRouter()

HASHER: Final = PasswordHasher()
HASHING: Final = threading.BoundedSemaphore(2)
"""Argon2 hashes computed at once (each takes 64 MiB and a core for a while)."""
_DUMMY: Final = HASHER.hash("an unknown account costs the same as a known one")


def _limits(request: Request) -> tuple[KeyedLimit, KeyedLimit]:
    state = request.app.state
    if not hasattr(state, "account_limits"):
        settings: Settings = state.settings
        state.account_limits = (
            KeyedLimit(settings.signin_rate, settings.signin_burst),
            KeyedLimit(settings.account_address_rate, settings.account_address_burst),
        )
    limits: tuple[KeyedLimit, KeyedLimit] = state.account_limits
    return limits


def _take(limit: KeyedLimit, key: Hashable, now: float, what: str) -> None:
    if not limit.take(key, now):
        wait = limit.retry_after(key, now)
        raise TableError("rate_limited", f"too many attempts {what}; wait", wait)


def _address_limit(request: Request, identity_clock: float) -> None:
    client = client_of(request)
    if client is not None:
        _take(_limits(request)[1], client, identity_clock, "from this address")


def username_key(raw: str) -> tuple[str, str]:
    """(the username as shown, the key it is unique by); ``bad_username``."""
    try:
        shown = display_name(raw)
    except BadName as err:
        raise TableError("bad_username", str(err)) from None
    return shown, name_key(shown)


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise TableError(
            "bad_password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )


def _hashed(password: str) -> str:
    with HASHING:
        return HASHER.hash(password)


async def _hash(password: str) -> str:
    return await asyncio.to_thread(_hashed, password)


async def _verify(stored: str | None, password: str) -> bool:
    def verify() -> bool:
        with HASHING:
            try:
                return HASHER.verify(stored or _DUMMY, password) and stored is not None
            except (VerificationError, InvalidHashError):
                return False

    return await asyncio.to_thread(verify)


@router.post("/api/account/signup", tags=["accounts"])
async def sign_up(
    body: Credentials, request: Request, identity: IdentityDep, player: ActingPlayer
) -> Me:
    """Give your identity a username and password (``already_signed_up``,
    ``username_taken``, ``bad_username``, ``bad_password``)."""
    _address_limit(request, identity.clock())
    if player.username is not None:
        raise TableError("already_signed_up", "this identity has an account already")
    shown, key = username_key(body.username)
    check_password(body.password)
    hashed = await _hash(body.password)

    def write(conn: Connection) -> bool:
        return PlayerStore.sign_up(conn, player.id, shown, key, hashed)

    if not await identity.write(write):
        raise TableError("username_taken", f"the username {shown!r} is taken")
    return await me_of(identity.players, player)


@router.post("/api/account/signin", tags=["accounts"])
async def sign_in(
    body: Credentials, request: Request, response: Response, identity: IdentityDep,
    _csrf: SameOrigin,
) -> Me:  # fmt: skip
    """This browser becomes the account's identity (``bad_credentials``; limited
    per account and per address: ``rate_limited``)."""
    now = identity.clock()
    _address_limit(request, now)
    try:
        _shown, key = username_key(body.username)
    except TableError:
        raise TableError("bad_credentials", "wrong username or password") from None
    _take(_limits(request)[0], key, now, "on this account")
    account = await asyncio.to_thread(identity.players.by_username, key)
    ok = await _verify(None if account is None else account.password_hash, body.password)
    if account is None or not ok:
        raise TableError("bad_credentials", "wrong username or password")
    await identity.new_session(request, response, account.id)
    return await me_of(identity.players, account)


@router.post("/api/account/signout", status_code=204, tags=["accounts"])
async def sign_out(
    request: Request, response: Response, identity: IdentityDep, _csrf: SameOrigin
) -> None:
    """End this browser's session (its cookie is removed)."""
    await identity.end_session(request, response)


@router.post("/api/account/password", status_code=204, tags=["accounts"])
async def change_password(
    body: NewPassword, request: Request, identity: IdentityDep, player: ActingPlayer
) -> None:
    """Change your password (``not_signed_up``, ``bad_credentials`` for a wrong old
    one, ``bad_password``); your other sessions end."""
    now = identity.clock()
    _address_limit(request, now)
    if player.username is None:
        raise TableError("not_signed_up", "this identity has no account")
    _take(_limits(request)[0], name_key(player.username), now, "on this account")
    if not await _verify(player.password_hash, body.old_password):
        raise TableError("bad_credentials", "wrong password")
    check_password(body.new_password)
    hashed = await _hash(body.new_password)
    keep = identity.session_hash(request) or ""

    def write(conn: Connection) -> None:
        PlayerStore.set_password(conn, player.id, hashed)
        PlayerStore.end_other_sessions(conn, player.id, keep)

    await identity.write(write)

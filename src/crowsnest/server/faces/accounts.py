"""Accounts: a username and password on a player identity, so that it
follows its player to another device. No e-mail, no third-party sign-in.

- ``POST /api/account/signup``: give your identity a username and password.
- ``POST /api/account/signin``: this browser becomes that account's identity.
- ``POST /api/account/signout``: this browser's session ends (the next visit is a
  new anonymous identity).
- ``POST /api/account/password``: change your password (your other sessions end).

Passwords are hashed with Argon2id (``argon2-cffi``'s defaults), in a thread, at
most :data:`HASHING` at once. Usernames are normalised and compared as player
names are (:mod:`crowsnest.server.people.names`: PRECIS, case-mapped key, look-alike
letters of mixed scripts refused), one account per key. Sign-in attempts are
rate limited so as to lock the guesser, never the owner (:func:`_guess`): per
client address, per address and account, and for the account over all addresses
only for addresses that have failed on it; an unknown username costs the same hash
as a known one, and both answer ``bad_credentials``. Sign-up, like sign-in, gives
the browser a new session. Every route is CSRF-checked
(:func:`~crowsnest.server.faces.identity.same_origin`).
"""

from __future__ import annotations

import asyncio
import threading
import unicodedata
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from sqlalchemy.engine import Connection

from crowsnest.server.faces.identity import (
    ActingPlayer,
    IdentityDep,
    SameOrigin,
    client_of,
    new_secret,
)
from crowsnest.server.faces.players_api import me_of
from crowsnest.server.models.players import MAX_PASSWORD, MIN_PASSWORD, Credentials, Me, NewPassword
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.ops.settings import Settings
from crowsnest.server.people.names import BadName, display_name, name_key
from crowsnest.server.people.passwords import guessable
from crowsnest.server.store.players import PlayerStore
from crowsnest.server.table.parts import TableError

router = APIRouter()

HASHER: Final = PasswordHasher()
HASHING: Final = threading.BoundedSemaphore(2)
"""Argon2 hashes computed at once (each takes 64 MiB and a core for a while)."""
_DUMMY: Final = HASHER.hash("an unknown account costs the same as a known one")


@dataclass(frozen=True, slots=True)
class Limits:
    """The account routes' limits (``app.state.account_limits``)."""

    address: KeyedLimit
    """Every account request of a client address."""
    guesses: KeyedLimit
    """Password attempts on an account from one address, keyed (address, account); a
    right password gives its attempt back, so only failures use it up."""
    account: KeyedLimit
    """Failed sign-ins on an account from every address together."""


def _limits(request: Request) -> Limits:
    state = request.app.state
    if not hasattr(state, "account_limits"):
        settings: Settings = state.settings
        state.account_limits = Limits(
            address=KeyedLimit(settings.account_address_rate, settings.account_address_burst),
            guesses=KeyedLimit(settings.signin_rate, settings.signin_burst),
            account=KeyedLimit(settings.signin_account_rate, settings.signin_account_burst),
        )
    limits: Limits = state.account_limits
    return limits


def _take(limit: KeyedLimit, key: Hashable, now: float, what: str) -> None:
    if not limit.take(key, now):
        wait = limit.retry_after(key, now)
        raise TableError("rate_limited", f"too many attempts {what}; wait", wait)


def _address_limit(request: Request, identity_clock: float) -> None:
    client = client_of(request)
    if client is not None:
        _take(_limits(request).address, client, identity_clock, "from this address")


async def _guess(request: Request, key: str, now: float, stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` (``None``: no such account, which
    costs the same hash), within the limits that lock the guesser and not the owner:

    - an address has :attr:`Limits.guesses` failed attempts on an account (a right
      password gives its attempt back); past them it waits, whatever the password;
    - every address together has :attr:`Limits.account` failed sign-ins on an
      account; past them, an address that has failed on the account since its
      guesses last refilled waits too, while an address that has not (the owner at
      home) is still let in with the right password.
    """
    limits = _limits(request)
    pair = (client_of(request), key)
    failed_here = not limits.guesses.untouched(pair, now)
    _take(limits.guesses, pair, now, "on this account from this address")
    if failed_here and not limits.account.has(key, now):
        limits.guesses.give_back(pair, now)  # refused unheard: no guess was made
        wait = limits.account.retry_after(key, now)
        raise TableError("rate_limited", "too many failed sign-ins on this account; wait", wait)
    ok = await _verify(stored, password)
    if ok:
        limits.guesses.give_back(pair, now)
    else:
        limits.account.take(key, now)
    return ok


def username_key(raw: str) -> tuple[str, str]:
    """(the username as shown, the key it is unique by); ``bad_username``."""
    try:
        shown = display_name(raw)
    except BadName as err:
        raise TableError("bad_username", str(err)) from None
    return shown, name_key(shown)


def check_password(password: str, username: str | None = None) -> None:
    """The rule of a new password (NIST SP 800-63B: a length and a list of values
    too easily guessed, no composition rules): 8 to 256 characters, at least 8 of
    them visible (not a space, a line break or an invisible format character), no
    control character at all (no keyboard types NUL or ESC, and some libraries cut a
    text at NUL), and not :func:`~crowsnest.server.people.passwords.guessable` (a
    common password, the service's name, the ``username``). ``bad_password`` names
    what is wrong; the password itself is never quoted."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise TableError(
            "bad_password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )
    for i, c in enumerate(password):
        if unicodedata.category(c) in ("Cc", "Cs"):
            raise TableError(
                "bad_password",
                f"a password may not hold control characters (U+{ord(c):04X} at position {i + 1})",
            )
    if sum(c.isprintable() and not c.isspace() for c in password) < MIN_PASSWORD:
        raise TableError(
            "bad_password",
            f"a password needs at least {MIN_PASSWORD} characters that are not spaces or invisible",
        )
    if guessable(password, username):
        raise TableError(
            "bad_password",
            "this password is among the first anyone would guess (a common password, "
            "this site's name or your username): choose another",
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
    body: Credentials,
    request: Request,
    response: Response,
    identity: IdentityDep,
    player: ActingPlayer,
) -> Me:
    """Give your identity a username and password (``already_signed_up``,
    ``username_taken``, ``bad_username``, ``bad_password``). The browser gets a new
    session, as at sign-in, and every other session of the identity ends: a cookie
    planted in this browser by someone else names nobody once it is an account."""
    _address_limit(request, identity.clock())
    if player.username is not None:
        raise TableError("already_signed_up", "this identity has an account already")
    shown, key = username_key(body.username)
    check_password(body.password, shown)
    hashed = await _hash(body.password)
    secret, session = new_secret()

    def write(conn: Connection) -> bool:
        if not PlayerStore.sign_up(conn, player.id, shown, key, hashed):
            return False
        PlayerStore.end_other_sessions(conn, player.id, keep_hash="")
        PlayerStore.add_session(conn, session, player.id)
        return True

    if not await identity.write(write):
        raise TableError("username_taken", f"the username {shown!r} is taken")
    identity.set_cookie(request, response, secret)
    return await me_of(identity.players, player)


@router.post("/api/account/signin", tags=["accounts"])
async def sign_in(
    body: Credentials, request: Request, response: Response, identity: IdentityDep,
    _csrf: SameOrigin,
) -> Me:  # fmt: skip
    """This browser becomes the account's identity (``bad_credentials``;
    ``rate_limited`` per address, and for an address's failures on the account: see
    :func:`_guess`)."""
    now = identity.clock()
    _address_limit(request, now)
    try:
        _shown, key = username_key(body.username)
    except TableError:
        raise TableError("bad_credentials", "wrong username or password") from None
    account = await asyncio.to_thread(identity.players.by_username, key)
    stored = None if account is None else account.password_hash
    ok = await _guess(request, key, now, stored, body.password)
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
    key = name_key(player.username)
    if not await _guess(request, key, now, player.password_hash, body.old_password):
        raise TableError("bad_credentials", "wrong password")
    check_password(body.new_password, player.username)
    hashed = await _hash(body.new_password)
    keep = identity.session_hash(request) or ""

    def write(conn: Connection) -> None:
        PlayerStore.set_password(conn, player.id, hashed)
        PlayerStore.end_other_sessions(conn, player.id, keep)

    await identity.write(write)

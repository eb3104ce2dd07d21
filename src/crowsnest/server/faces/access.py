"""Who may see a table and who holds a seat: the one home of the access rules.

The store keeps only the SHA-256 of a seat token or an invite code, and every check
compares hashes in constant time. A private table (one with an invite hash) answers
to its invite code; a finished game's record and replay also answer to a seat token
of the table. The hub asks :func:`check_invite` and :func:`seat_of` for live tables
and websockets; the HTTP routes declare what they need with the dependencies below
(:data:`Bearer`, :data:`Invite`, :data:`SeatToken`, :data:`PlayerName`,
:data:`ReadableTable`).

>>> hashed = token_hash("code")
>>> matches("code", hashed), matches("other", hashed), matches(None, hashed)
(True, False, False)
>>> check_invite(None, None)  # a public table
>>> check_invite(hashed, "other")
Traceback (most recent call last):
...
crowsnest.server.table.parts.TableError: bad_invite: this private table needs its invite code
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Sequence
from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from crowsnest.server.people.names import MAX_LENGTH, MAX_RAW_LENGTH, BadName, display_name
from crowsnest.server.store.rows import SeatRow, TableRow
from crowsnest.server.store.store import Store
from crowsnest.server.table.parts import TableError
from crowsnest.server.table.table import Table

MAX_NAME = MAX_LENGTH
"""Longest player name (the store's column)."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat token or invite code: its SHA-256 (the secrets
    are 256 and 128 random bits, so no salt or slow hash is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(secret: str | None, stored_hash: str | None) -> bool:
    """Whether ``secret`` is the one whose hash is stored (in constant time)."""
    if secret is None or stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(secret), stored_hash)


def check_invite(invite_hash: str | None, invite: str | None) -> None:
    """A public table lets anyone in; a private one asks for its invite code."""
    if invite_hash is not None and not matches(invite, invite_hash):
        raise TableError("bad_invite", "this private table needs its invite code")


def seat_of(table: Table, token: str) -> int:
    """The seat ``token`` holds at ``table``; ``bad_token`` if it holds none."""
    seat = table.seat_of_token(token_hash(token))
    if seat is None:
        raise TableError("bad_token", "this token holds no seat at this table")
    return seat


def check_reader(
    row: TableRow | None, seats: Sequence[SeatRow], invite: str | None, token: str | None
) -> None:
    """The access rule of a table's record and replay: the table exists, and it is
    public, or the invite code is given, or a seat token of the table."""
    if row is None:
        raise TableError("table_not_found", "no table has this id")
    if row.invite_hash is None or matches(invite, row.invite_hash):
        return
    if token is not None and any([matches(token, s.token_hash) for s in seats]):
        return
    raise TableError("bad_invite", "this private table needs its invite code")


# -- FastAPI dependencies ---------------------------------------------------------------

Bearer = Annotated[
    HTTPAuthorizationCredentials | None,
    Depends(HTTPBearer(auto_error=False, description="a seat token of the table")),
]
"""``Authorization: Bearer <seat token>``, when sent."""
Invite = Annotated[str | None, Query(max_length=128, description="a private table's code")]
"""``?invite=``: a private table's code."""


def seat_token(auth: Bearer) -> str:
    """The seat token a route needs (``no_token`` without one)."""
    if auth is None:
        raise TableError("no_token", "send the seat token as 'Authorization: Bearer ...'")
    return auth.credentials


SeatToken = Annotated[str, Depends(seat_token)]


def player_name(name: str) -> str:
    """A player's name in a path, in the form names are kept in (``bad_name`` for a
    name no player can have)."""
    if len(name) > MAX_RAW_LENGTH:
        raise TableError("bad_name", f"names are at most {MAX_NAME} characters")
    try:
        return display_name(name)
    except BadName as err:
        raise TableError("bad_name", str(err)) from None


PlayerName = Annotated[str, Depends(player_name)]


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


StoreDep = Annotated[Store, Depends(store_of)]


async def readable_table(
    table_id: str, store: StoreDep, auth: Bearer, invite: Invite = None
) -> str:
    """The id of a table whose record the caller may read (see :func:`check_reader`)."""

    def check() -> None:
        row = store.table(table_id)
        private = row is not None and row.invite_hash is not None
        seats = store.seat_rows(table_id) if private and auth is not None else []
        check_reader(row, seats, invite, None if auth is None else auth.credentials)

    await asyncio.to_thread(check)
    return table_id


ReadableTable = Annotated[str, Depends(readable_table)]

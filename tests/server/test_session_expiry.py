"""Sessions expire on the server too: a session row older than
``SESSION_AGE`` names nobody, and it is deleted when the next session is made."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa
from starlette.testclient import TestClient

from crowsnest.server.faces.identity import COOKIE, COOKIE_AGE
from crowsnest.server.store.players import SESSION_AGE
from crowsnest.server.store.rows import utcnow
from crowsnest.server.store.schema import sessions

SECOND = timedelta(seconds=1)


def test_the_cookie_lives_as_long_as_its_session() -> None:
    assert COOKIE_AGE == SESSION_AGE.total_seconds() == 400 * 86400


def test_an_expired_session_names_nobody_and_is_deleted(client: TestClient) -> None:
    me = client.get("/api/me").json()
    old_secret = client.cookies[COOKIE]
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(sessions.update().values(created_at=utcnow() - SESSION_AGE - SECOND))
    client.cookies.clear()
    again = client.get("/api/me", headers={"Cookie": f"{COOKIE}={old_secret}"})
    assert again.status_code == 200 and again.json()["id"] != me["id"]
    with engine.connect() as conn:
        left = conn.execute(sa.select(sessions.c.player_id)).scalars().all()
    assert me["id"] not in left and len(left) == 1  # the new identity's session only


def test_a_session_just_younger_than_the_age_still_holds(client: TestClient) -> None:
    me = client.get("/api/me").json()
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(sessions.update().values(created_at=utcnow() - SESSION_AGE / 2))
    assert client.get("/api/me").json()["id"] == me["id"]

"""Accounts: sign up, sign in on another device, sign out, change the
password; every refusal by its code (taken username, wrong password, rate
limited, CSRF refused), and the one name normalisation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from crowsnest.server.faces.accounts import username_key
from crowsnest.server.faces.identity import COOKIE
from crowsnest.server.people.names import display_name, name_key
from crowsnest.server.store.store import Store

from .test_table_limits import app_client

PASSWORD = "correct horse battery"


def _error(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def _sign_up(client: TestClient, username: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/account/signup", json={"username": username, "password": password})


def _sign_in(client: TestClient, username: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/account/signin", json={"username": username, "password": password})


def test_sign_up_then_sign_in_elsewhere_is_the_same_player(tmp_path: Path) -> None:
    with app_client(tmp_path) as phone:
        me = phone.get("/api/me").json()
        signed = _sign_up(phone, " Ann ")
        assert signed.status_code == 200
        assert signed.json()["username"] == "Ann" and signed.json()["id"] == me["id"]
        assert signed.json()["signed_up"]
        store: Store = phone.app.state.store  # type: ignore[attr-defined]
        with store.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT password_hash FROM players")).scalar()
        assert str(stored).startswith("$argon2id$") and PASSWORD not in str(stored)
        phone.cookies.clear()  # another device
        other = phone.get("/api/me").json()
        assert other["id"] != me["id"]
        answer = _sign_in(phone, "ANN")
        assert answer.status_code == 200 and answer.json()["id"] == me["id"]
        assert phone.get("/api/me").json()["id"] == me["id"]


def test_a_taken_username_ignores_case_and_width(client: TestClient) -> None:
    assert _sign_up(client, "Zoë").status_code == 200
    client.cookies.clear()
    for same in ("zoë", "ZOË", "\uff3aoë"):
        refused = _sign_up(client, same)
        assert refused.status_code == 409 and _error(refused) == "username_taken", same


def test_a_taken_username_ignores_look_alikes_in_another_script(client: TestClient) -> None:
    """All-Cyrillic letters that look like a Latin name are the same username."""
    assert _sign_up(client, "paypa").status_code == 200
    client.cookies.clear()
    refused = _sign_up(client, "\u0440\u0430\u0443\u0440\u0430")  # all Cyrillic
    assert refused.status_code == 409 and _error(refused) == "username_taken"


def test_bad_usernames_and_passwords(client: TestClient) -> None:
    for bad in ("", "Ann\u202e", "p\u0430ypal", "x" * 41):
        refused = _sign_up(client, bad)
        assert refused.status_code == 400 and _error(refused) == "bad_username", bad
    short = _sign_up(client, "Ann", "short")
    assert short.status_code == 400 and _error(short) == "bad_password"
    assert client.get("/api/me").json()["username"] is None  # nothing changed


def test_one_account_per_identity(client: TestClient) -> None:
    assert _sign_up(client).status_code == 200
    again = _sign_up(client, "Bo")
    assert again.status_code == 409 and _error(again) == "already_signed_up"


def test_wrong_password_and_unknown_username_answer_alike(client: TestClient) -> None:
    _sign_up(client)
    client.cookies.clear()
    wrong = _sign_in(client, "Ann", "not the password")
    unknown = _sign_in(client, "Nobody", PASSWORD)
    for answer in (wrong, unknown):
        assert answer.status_code == 401 and _error(answer) == "bad_credentials"
    assert wrong.json()["error"]["message"] == unknown.json()["error"]["message"]


def test_sign_in_is_rate_limited_per_account(tmp_path: Path) -> None:
    with app_client(tmp_path, signin_burst=3, signin_rate=0.001) as client:
        _sign_up(client)
        client.cookies.clear()
        codes = [_sign_in(client, "Ann", "wrong password!").status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        limited = _sign_in(client)  # even the right password waits now
        assert limited.status_code == 429 and _error(limited) == "rate_limited"
        assert int(limited.headers["Retry-After"]) >= 1
        other = _sign_in(client, "Bo")  # another account is not held up
        assert _error(other) == "bad_credentials"


def test_account_requests_are_rate_limited_per_address(tmp_path: Path) -> None:
    with app_client(tmp_path, account_address_burst=2, account_address_rate=0.001) as client:
        assert [_sign_in(client, f"user{i}").status_code for i in range(2)] == [401, 401]
        limited = _sign_in(client, "user3")
        assert limited.status_code == 429 and _error(limited) == "rate_limited"


@pytest.mark.parametrize(
    "path", ["/api/account/signup", "/api/account/signin", "/api/account/signout"]
)
def test_account_changes_from_another_site_are_refused(client: TestClient, path: str) -> None:
    body = {"username": "Ann", "password": PASSWORD}
    refused = client.post(path, json=body, headers={"Origin": "https://evil.example"})
    assert refused.status_code == 403 and _error(refused) == "csrf_refused"
    assert client.get("/api/me").json()["username"] is None


def test_sign_out_ends_the_session(client: TestClient) -> None:
    me = _sign_up(client).json()
    cookie = client.cookies[COOKIE]
    out = client.post("/api/account/signout")
    assert out.status_code == 204 and COOKIE not in client.cookies
    stale = client.get("/api/me", headers={"Cookie": f"{COOKIE}={cookie}"})
    assert stale.json()["id"] != me["id"]  # the old session is gone
    assert _sign_in(client).json()["id"] == me["id"]


def test_change_password(tmp_path: Path) -> None:
    with app_client(tmp_path, signin_burst=20) as client:
        me = _sign_up(client).json()
        client.cookies.clear()
        _sign_in(client)
        laptop = client.cookies[COOKIE]
        client.cookies.clear()
        _sign_in(client)
        wrong = client.post(
            "/api/account/password", json={"old_password": "nope", "new_password": "new password"}
        )
        assert wrong.status_code == 401 and _error(wrong) == "bad_credentials"
        short = client.post(
            "/api/account/password", json={"old_password": PASSWORD, "new_password": "short"}
        )
        assert short.status_code == 400 and _error(short) == "bad_password"
        done = client.post(
            "/api/account/password", json={"old_password": PASSWORD, "new_password": "new password"}
        )
        assert done.status_code == 204
        assert client.get("/api/me").json()["id"] == me["id"]  # this session stays
        ended = client.get("/api/me", headers={"Cookie": f"{COOKIE}={laptop}"}).json()
        assert ended["id"] != me["id"]  # the other one has ended
        client.cookies.clear()
        assert _error(_sign_in(client)) == "bad_credentials"
        assert _sign_in(client, "Ann", "new password").json()["id"] == me["id"]


def test_change_password_needs_an_account(client: TestClient) -> None:
    answer = client.post(
        "/api/account/password", json={"old_password": PASSWORD, "new_password": "new password"}
    )
    assert answer.status_code == 409 and _error(answer) == "not_signed_up"


def test_usernames_are_normalised_as_player_names() -> None:
    """One normalisation (crowsnest.server.people.names) for names and usernames."""
    for raw in ("  Zoë  Ł ", "\u210cenry", "ANNA"):
        assert username_key(raw) == (display_name(raw), name_key(display_name(raw)))

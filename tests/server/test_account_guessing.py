"""Accounts against a stranger, on a real server with two client addresses: the
stranger's wrong passwords lock the stranger, not the owner; a cookie planted in a
browser names nobody once that browser signs up; a password of blanks or control
characters, or one anyone would guess first, is refused."""

from __future__ import annotations

from collections.abc import Callable

from .addresses import ANN, BO, Browser
from .helpers import ServerProcess

PASSWORD = "correct horse battery"


def _account(base: str, username: str = "owner") -> Browser:
    """An account whose owner signed up from :data:`BO`."""
    owner = Browser(base, BO)
    owner.get("/api/me")
    signed = owner.post("/api/account/signup", {"username": username, "password": PASSWORD})
    assert signed.status == 200, signed.body
    return owner


def _sign_in(browser: Browser, password: str, username: str = "owner") -> int:
    return browser.post("/api/account/signin", {"username": username, "password": password}).status


def test_a_strangers_guesses_lock_the_stranger_not_the_owner(
    server: ServerProcess,
) -> None:
    _account(server.base)
    stranger = Browser(server.base, ANN)
    assert [_sign_in(stranger, f"guess number {i}") for i in range(5)] == [401] * 5
    refused = stranger.post("/api/account/signin", {"username": "owner", "password": PASSWORD})
    assert refused.status == 429 and refused.code == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    for _ in range(3):  # the owner, at another address, as often as they like
        owner = Browser(server.base, BO)
        assert _sign_in(owner, PASSWORD) == 200
    owner_typo = Browser(server.base, BO)
    assert _sign_in(owner_typo, "a typo of mine") == 401
    assert _sign_in(owner_typo, PASSWORD) == 200


def test_past_the_accounts_limit_only_addresses_that_failed_wait(
    server_factory: Callable[..., ServerProcess],
) -> None:
    """Failed sign-ins on one account from every address together have a limit too
    (3 here): past it an address that failed waits even before its own limit, and
    one that did not still signs in with the right password (and is counted, and
    waits, from its first failure)."""
    server = server_factory(CROWSNEST_SIGNIN_ACCOUNT_BURST="3")
    _account(server.base)
    stranger = Browser(server.base, ANN)
    assert [_sign_in(stranger, f"guess number {i}") for i in range(3)] == [401] * 3
    refused = stranger.post("/api/account/signin", {"username": "owner", "password": PASSWORD})
    assert refused.status == 429 and refused.code == "rate_limited"  # its 4th of 5
    owner = Browser(server.base, BO)
    assert _sign_in(owner, PASSWORD) == 200
    assert _sign_in(owner, "a typo of mine") == 401
    assert _sign_in(owner, PASSWORD) == 429  # this address has failed too now


def test_sign_up_ends_a_planted_session(server: ServerProcess) -> None:
    planter = Browser(server.base, ANN)
    planted = planter.get("/api/me").body["id"]
    victim = Browser(server.base, BO, cookie=planter.cookie)
    signed = victim.post("/api/account/signup", {"username": "victim", "password": PASSWORD})
    assert signed.status == 200 and signed.body["username"] == "victim"
    assert victim.cookies_set and victim.cookie != planter.cookie  # a new session
    mine = victim.get("/api/me").body
    assert (mine["id"], mine["username"]) == (planted, "victim")
    seen = planter.get("/api/me").body  # the planted cookie names nobody now
    assert seen["id"] != planted and seen["username"] is None


def test_passwords_of_blanks_control_characters_or_first_guesses_are_refused(
    server: ServerProcess,
) -> None:
    browser = Browser(server.base, ANN)
    browser.get("/api/me")
    for bad, why in (
        (" " * 8, "not spaces"),
        ("\x00" * 8, "U+0000 at position 1"),
        ("\t\n \u3000\u00a0   ", "U+0009 at position 1"),
        ("\u200b" * 8 + "ab", "not spaces or invisible"),
        ("  a  b  c  ", "not spaces"),
        ("password\x1b", "U+001B at position 9"),
        ("Password1", "among the first anyone would guess"),
        ("  crowsnest  ", "among the first anyone would guess"),
        ("AnnaBelle1", "among the first anyone would guess"),  # the username
        ("aaaaaaaaaaaa", "among the first anyone would guess"),
        ("hgfedcba", "among the first anyone would guess"),
    ):
        answer = browser.post("/api/account/signup", {"username": "annabelle1", "password": bad})
        assert answer.status == 400 and answer.code == "bad_password", bad
        assert why in answer.body["error"]["message"], answer.body
        assert "password\x1b" not in answer.body["error"]["message"]  # never quoted
    assert browser.get("/api/me").body["username"] is None  # nothing changed
    spaced = browser.post("/api/account/signup", {"username": "Ann", "password": "a b c d e f g h"})
    assert spaced.status == 200  # spaces are fine between the characters that count

"""Behind a proxy (the setting ``forwarded_allow_ips``): the caps per client address
count the client the proxy names, never the proxy, and never an address a client
wrote itself; the session cookie is ``Secure`` when the proxy says the client came
over https (or ``secure_cookies`` says always)."""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterator

import pytest

from .helpers import ServerProcess

CAP = {"CROWSNEST_MAX_CONNECTIONS_PER_CLIENT": "2"}


def held(server: ServerProcess, forwarded: str | None) -> http.client.HTTPConnection | None:
    """A kept-alive connection that made one request (with ``forwarded`` as its
    ``X-Forwarded-For``); None if the server closed it instead of answering."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    try:
        conn.request("GET", "/healthz", headers=headers)
        response = conn.getresponse()
        response.read()
    except (http.client.RemoteDisconnected, ConnectionResetError):
        conn.close()
        return None
    return conn


@pytest.fixture
def connections() -> Iterator[Callable[..., list[bool]]]:
    opened: list[http.client.HTTPConnection] = []

    def open_(server: ServerProcess, *forwarded: str | None) -> list[bool]:
        """One held connection per value of ``forwarded``: which were let in."""
        out = []
        for value in forwarded:
            conn = held(server, value)
            if conn is not None:
                opened.append(conn)
            out.append(conn is not None)
        return out

    yield open_
    for conn in opened:
        conn.close()


def test_a_trusted_proxys_clients_are_counted_one_by_one(
    server_factory: Callable[..., ServerProcess], connections: Callable[..., list[bool]]
) -> None:
    server = server_factory(**CAP, CROWSNEST_FORWARDED_ALLOW_IPS="127.0.0.1")
    clients = [f"203.0.113.{i}" for i in range(1, 6)]
    assert connections(server, *clients) == [True] * 5  # five clients, one proxy
    one = "203.0.113.9"
    assert connections(server, one, one, one) == [True, True, False]
    # A client's own header comes first; the proxy appends the address it saw.
    assert connections(server, f"198.51.100.1, {one}") == [False]


def test_without_a_trusted_proxy_the_header_counts_for_nothing(
    server_factory: Callable[..., ServerProcess], connections: Callable[..., list[bool]]
) -> None:
    server = server_factory(**CAP)
    assert connections(server, "203.0.113.1", "203.0.113.2", "203.0.113.3") == [
        True,
        True,
        False,
    ]


def cookie(server: ServerProcess, headers: dict[str, str]) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("GET", "/api/me", headers=headers)
        response = conn.getresponse()
        response.read()
        return response.getheader("set-cookie") or ""
    finally:
        conn.close()


def test_the_cookie_is_secure_when_the_trusted_proxy_says_https(
    server_factory: Callable[..., ServerProcess],
) -> None:
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.1"}
    proxied = server_factory(CROWSNEST_FORWARDED_ALLOW_IPS="127.0.0.1")
    assert "; secure" in cookie(proxied, https).lower()
    assert "; secure" not in cookie(proxied, {}).lower()
    direct = server_factory()  # nobody may claim https by a header
    assert "; secure" not in cookie(direct, https).lower()
    forced = server_factory(CROWSNEST_SECURE_COOKIES="true")
    assert "; secure" in cookie(forced, {}).lower()

"""Slow and greedy clients against a real server process, over raw loopback
sockets: unfinished headers are cut off after ``header_timeout``, a slow body is
answered 408 ``body_timeout``, one address holds at most
``max_connections_per_client`` connections (with a ``connection_cap`` log line), and
other addresses are served meanwhile."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .helpers import ServerProcess

PARTIAL = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@contextmanager
def sockets(port: int, count: int, source: str = "127.0.0.1") -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
            s.sendall(PARTIAL)
            opened.append(s)
        yield opened
    finally:
        for s in opened:
            s.close()


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def healthy(port: int, source: str) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return s.recv(64).startswith(b"HTTP/1.1 200")


def test_unfinished_headers_are_cut_off(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(CROWSNEST_HEADER_TIMEOUT="1")
    with sockets(server.port, 20) as slow:
        start = time.monotonic()
        assert all(closed_by_server(s, 5) for s in slow)
        assert time.monotonic() - start < 4
    assert healthy(server.port, "127.0.0.1")
    assert "header_timeout" in {line.get("event") for line in server.log_lines()}


def test_connections_per_address_are_capped(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(
        CROWSNEST_MAX_CONNECTIONS_PER_CLIENT="10", CROWSNEST_HEADER_TIMEOUT="60"
    )
    with sockets(server.port, 10) as held:
        with sockets(server.port, 5) as extra:
            assert all(closed_by_server(s, 3) for s in extra)
        assert not any(closed_by_server(s, 0.2) for s in held)
        assert healthy(server.port, "127.0.0.2")  # another address is served meanwhile
    caps = [line for line in server.log_lines() if line.get("event") == "connection_cap"]
    assert len(caps) == 1 and caps[0]["client"] == "127.0.0.1" and caps[0]["cap"] == 10
    deadline = time.monotonic() + 5
    while not healthy(server.port, "127.0.0.1"):  # the held ones are gone: served again
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_a_slow_body_is_answered_408(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(CROWSNEST_BODY_TIMEOUT="1")
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"rules": '
        )
        s.settimeout(5)
        start = time.monotonic()
        answer = b""
        while chunk := s.recv(4096):  # the server closes the connection after it
            answer += chunk
        assert time.monotonic() - start < 4
    assert answer.startswith(b"HTTP/1.1 408") and b"body_timeout" in answer

"""Clients of a real server from other loopback addresses than 127.0.0.1: a person at
one address and another person at a second, as the server's limits per client address
see them (Linux routes all of 127.0.0.0/8 to the loopback device)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from crowsnest.server.faces.identity import COOKIE

ANN = "127.0.0.2"
"""The first person's address."""
BO = "127.0.0.3"
"""The second person's address."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any
    headers: http.client.HTTPMessage

    @property
    def code(self) -> str | None:
        """The error code of an error answer."""
        if isinstance(self.body, dict) and isinstance(self.body.get("error"), dict):
            code: str = self.body["error"]["code"]
            return code
        return None


@dataclass
class Browser:
    """A browser at ``address``: it keeps the session cookie the server gives it."""

    base: str
    address: str
    cookie: str | None = None
    cookies_set: list[str] = field(default_factory=list)
    """Every session cookie value the server has set, in order."""

    def call(self, method: str, path: str, body: object = None) -> Answer:
        parts = urlsplit(self.base)
        assert parts.hostname is not None and parts.port is not None
        conn = http.client.HTTPConnection(
            parts.hostname, parts.port, timeout=30, source_address=(self.address, 0)
        )
        headers = {"Content-Type": "application/json"}
        if self.cookie is not None:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        data = None if body is None else json.dumps(body).encode()
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        self._keep_cookie(response.headers.get_all("Set-Cookie") or [])
        decoded = json.loads(raw) if raw else None
        return Answer(response.status, decoded, response.headers)

    def _keep_cookie(self, set_cookies: list[str]) -> None:
        for header in set_cookies:
            name, _, rest = header.partition("=")
            if name != COOKIE:
                continue
            value = rest.split(";", 1)[0].strip('"')
            if "max-age=0" in header.lower() or not value:
                self.cookie = None
            else:
                self.cookie = value
                self.cookies_set.append(value)

    def get(self, path: str) -> Answer:
        return self.call("GET", path)

    def post(self, path: str, body: Mapping[str, Any] | None = None) -> Answer:
        return self.call("POST", path, {} if body is None else dict(body))

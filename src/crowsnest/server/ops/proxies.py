"""The proxies a server believes about who its clients are (the setting
``forwarded_allow_ips``): the per-address limits and the session cookie's ``Secure``
depend on it (``docs/security.md``)."""

from __future__ import annotations

import ipaddress

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The proxies whose ``X-Forwarded-For`` names the client: addresses or networks,
    comma-separated (``127.0.0.1,10.0.0.0/8``), ``*`` for any; empty for none.

    The client is the right-most address of ``X-Forwarded-For`` that is not a trusted
    proxy (each proxy appends the address it was reached from, so what a client wrote
    itself is to the left and is never believed), as uvicorn's proxy headers do.

    >>> proxies = TrustedProxies("127.0.0.1, 10.0.0.0/8")
    >>> proxies.client("127.0.0.1", ["6.6.6.6, 203.0.113.9, 10.1.2.3"])
    '203.0.113.9'
    >>> proxies.client("198.51.100.7", ["6.6.6.6"])  # not a proxy: its own address
    '198.51.100.7'
    >>> TrustedProxies("").client("127.0.0.1", ["203.0.113.9"])
    '127.0.0.1'
    """

    def __init__(self, spec: str) -> None:
        items = [item.strip() for item in spec.split(",") if item.strip()]
        self.any = "*" in items
        self.networks: list[Network] = [
            ipaddress.ip_network(item, strict=False) for item in items if item != "*"
        ]

    def __bool__(self) -> bool:
        return self.any or bool(self.networks)

    def __contains__(self, host: str) -> bool:
        if self.any:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, peer: str, forwarded_for: list[str]) -> str:
        """The client behind a connection from ``peer`` whose request carried these
        ``X-Forwarded-For`` header values."""
        if peer not in self:
            return peer
        hops = [h.strip() for value in forwarded_for for h in value.split(",") if h.strip()]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0] if hops else peer

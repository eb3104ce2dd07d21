"""Server settings: command-line flags over ``CROWSNEST_*`` environment variables
over defaults.

>>> s = Settings(data_dir="/tmp/cn")
>>> s.url, s.resolved_database_url()
('http://127.0.0.1:8000/', 'sqlite:////tmp/cn/crowsnest.db')
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from crowsnest.server.ops.proxies import TrustedProxies


class Settings(BaseSettings):
    """Every setting; each can be given as ``CROWSNEST_<NAME>`` (``CROWSNEST_PORT=9000``)."""

    model_config = SettingsConfigDict(env_prefix="CROWSNEST_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    data_dir: Path = Path("data")
    """Folder of the embedded SQLite database (created when missing)."""
    database_url: str | None = None
    """SQLAlchemy URL; default ``sqlite:///<data_dir>/crowsnest.db``. PostgreSQL:
    ``postgresql+psycopg://user:password@host/dbname``."""
    bot_delay: float = Field(default=0.8, ge=0, le=10)
    """Default seconds a bot waits before it acts, so people can follow."""
    grace: float = Field(default=60.0, ge=0, le=3600)
    """Default seconds a seat's player may be gone before a bot plays for them."""
    allowed_origins: str = ""
    """Comma-separated extra websocket Origins (same-origin is always allowed)."""
    allowed_hosts: str = ""
    """Comma-separated Host names the server answers to (``cards.example.org``,
    ``*.example.org``); empty: any. Other Hosts get 400 (against DNS rebinding)."""
    max_message_bytes: int = Field(default=4096, ge=256, le=1 << 20)
    """Longest client websocket message answered (longer: error ``too_large``)."""
    max_frame_bytes: int = Field(default=1 << 20, ge=1024, le=16 << 20)
    """Longest frame the websocket layer reads at all (longer: connection closed, 1009)."""
    rate_limit: float = Field(default=20.0, gt=0)
    """Client messages per second a connection may send, on average."""
    rate_burst: int = Field(default=40, ge=1)
    """Messages a connection may send at once before the rate limit applies."""
    bot_workers: int = Field(default=2, ge=1, le=64)
    """Processes that run hard bots' moves."""
    hint_workers: int = Field(default=1, ge=1, le=64)
    """Processes that run hard hints, apart from the bots' moves and at a lower CPU
    priority (``nice`` 10), so that hints never slow the bots down."""
    hint_queue: int = Field(default=4, ge=1, le=1024)
    """Hard hints computed or waiting at once; one more is refused (``hints_busy``)."""
    hint_timeout: float = Field(default=5.0, gt=0, le=120)
    """Seconds a hint may take before the caller is answered ``hints_busy``."""
    hint_rate: float = Field(default=0.5, gt=0)
    """Hints a second a seat may ask, on average (more: ``rate_limited``)."""
    hint_burst: int = Field(default=3, ge=1)
    """Hints a seat may ask at once."""
    client_hint_rate: float = Field(default=2.0, gt=0)
    """Hints a second one client address may ask, over all its seats."""
    client_hint_burst: int = Field(default=10, ge=1)
    """Hints one client address may ask at once."""
    review_worlds: int = Field(default=128, ge=0, le=1000)
    """Worlds the hand review samples per decision of a human seat, after each hand
    (``docs/ai.md``, "Hand review"); 0 turns hand reviews off at this server."""
    review_nodes: int = Field(default=100_000, ge=1, le=10_000_000)
    """Positions the Hearts hindsight's exact search may visit per decision (beyond,
    the decision's hindsight is cut short: ``docs/ai.md``, "Hand review")."""
    review_queue: int = Field(default=16, ge=1, le=1024)
    """Hand reviews computed or waiting at once, from every client; beyond, a new
    review takes the place of the newest waiting one of the client that holds the
    most (if it holds more than the newcomer's client), else it is skipped (logged
    ``review_skipped``)."""
    review_share: int = Field(default=8, ge=1, le=1024)
    """Hand reviews one client address may have computed or waiting at once; beyond,
    its own next review is skipped (``busy``), and nobody else's. The waiting ones
    are computed one client after another."""
    finished_rate: float = Field(default=0.5, gt=0)
    """Answers computed from finished games (a replay, a record's check, a spectator's
    view of the end) a second one client address may cause, on average (more:
    ``rate_limited``); an answer computed before is served from memory, free."""
    finished_burst: int = Field(default=10, ge=1)
    """Answers computed from finished games one client address may cause at once."""
    finished_cache_bytes: int = Field(default=64 << 20, ge=0, le=1 << 34)
    """Bytes of answers computed from finished games kept in memory (the least
    recently used are dropped past it)."""
    practice_rate: float = Field(default=0.2, gt=0)
    """Practice games a second one client address may send (``POST /api/practice``:
    each is replayed), on average (more: ``rate_limited``)."""
    practice_burst: int = Field(default=30, ge=1)
    """Practice games one client address may send at once (a browser sends the games
    it kept offline one after another)."""
    create_rate: float = Field(default=0.2, gt=0)
    """Tables a second one client address may create, on average (more: ``rate_limited``)."""
    create_burst: int = Field(default=10, ge=1)
    """Tables one client address may create at once."""
    waiting_expiry: float = Field(default=3600.0, ge=1, le=30 * 86400)
    """Seconds a table may wait for its players (from its creation, or from the
    server's start); then it is closed (``expired``) and its id answers
    ``table_not_found``."""
    max_spectators: int = Field(default=500, ge=0, le=100_000)
    """Spectators one table may have at once; one more is refused (``spectators_full``)."""
    header_timeout: float = Field(default=10.0, gt=0, le=600)
    """Seconds a client has to send a request's headers (counted from its first byte,
    or from the connection's opening); then the connection is closed."""
    body_timeout: float = Field(default=10.0, gt=0, le=600)
    """Seconds a client has to send a request's body (then 408 ``body_timeout``)."""
    max_connections_per_client: int = Field(default=100, ge=1, le=100_000)
    """Open connections (HTTP and websocket) one client address may hold; more are
    closed at once, with a ``connection_cap`` log line."""
    forwarded_allow_ips: str = ""
    """Comma-separated addresses or networks of the proxies in front of this server
    (``127.0.0.1``, ``10.0.0.0/8``; ``*``: any) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed: every limit per client address then counts
    the client the proxy names, and a request the proxy says came over https gets a
    ``Secure`` cookie. Empty (the default): no proxy, the connection's own address
    counts and those headers are ignored."""
    secure_cookies: bool = False
    """Mark the session cookie ``Secure`` whatever the request's scheme: for a TLS
    proxy that does not say ``X-Forwarded-Proto: https``."""
    # -- identities and accounts --
    identity_rate: float = Field(default=1.0, gt=0)
    """New player identities a second one client address may be given (more: ``rate_limited``)."""
    identity_burst: int = Field(default=50, ge=1)
    """New player identities one client address may be given at once."""
    signin_rate: float = Field(default=1 / 60, gt=0)
    """Failed sign-ins a second on one account from one client address, on average
    (more: ``rate_limited`` for that address only; a right password gives its
    attempt back)."""
    signin_burst: int = Field(default=5, ge=1)
    """Failed sign-ins on one account from one client address at once."""
    signin_account_rate: float = Field(default=1 / 120, gt=0)
    """Failed sign-ins a second on one account from every address together, on
    average. Past it, an address that has failed on the account recently is refused
    (``rate_limited``); one that has not is still let in with the right password."""
    signin_account_burst: int = Field(default=20, ge=1)
    """Failed sign-ins on one account from every address together, at once."""
    account_address_rate: float = Field(default=0.2, gt=0)
    """Sign-ups, sign-ins and password changes a second from one client address."""
    account_address_burst: int = Field(default=20, ge=1)
    """Sign-ups, sign-ins and password changes from one client address at once."""
    turn_timers: str = Field(
        default="60,30,15", pattern=r"^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){2}\s*$"
    )
    """Seconds per decision of the turn timer's `relaxed`, `normal` and `fast`
    settings, comma-separated."""
    log_level: str = "info"

    # -- several nodes (docs/deploy.md) -------------------------------------------------
    redis_url: str | None = None
    """``redis://host:6379/0``: this node is one of several on a shared PostgreSQL,
    each table served by the node that holds its lease in Redis. Without it the
    server is the one process of its database."""
    node_id: str | None = None
    """This node's name in the cluster (leases, logs); default ``<host>-<pid>``."""
    lease: float = Field(default=3.0, ge=0.5, le=600)
    """Seconds a table's lease lasts unless renewed (a third of it between
    renewals): how long a dead node's tables wait before another node takes them."""

    @field_validator("forwarded_allow_ips")
    @classmethod
    def _proxies_parse(cls, value: str) -> str:
        TrustedProxies(value)  # a ValueError names the address it could not read
        return value

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir.resolve() / 'crowsnest.db'}"

    def timer_presets(self) -> tuple[float, float, float]:
        """The turn timer's seconds: relaxed, normal, fast."""
        relaxed, normal, fast = (float(x) for x in self.turn_timers.split(","))
        return relaxed, normal, fast

    def node_name(self) -> str:
        if self.node_id:
            return self.node_id
        import os
        import socket

        return f"{socket.gethostname()}-{os.getpid()}"

    def proxies(self) -> TrustedProxies:
        """The trusted proxies of ``forwarded_allow_ips``."""
        return TrustedProxies(self.forwarded_allow_ips)

    def hosts(self) -> list[str]:
        return [h.strip() for h in self.allowed_hosts.split(",") if h.strip()]

    def origins(self) -> frozenset[str]:
        return frozenset(
            o.strip().rstrip("/") for o in self.allowed_origins.split(",") if o.strip()
        )

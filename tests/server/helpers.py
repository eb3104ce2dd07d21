"""Helpers for the server tests: a real ``crowsnest serve`` process, an HTTP call,
a scripted websocket player, and the leak oracle (the engine's own views)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from bench.server_load import pick_action
from websockets.asyncio.client import ClientConnection, connect

from crowsnest import native
from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import new_game
from crowsnest.engine.cards import CARD_NAMES
from crowsnest.server.store import migrations
from crowsnest.server.store.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(
    base: str,
    method: str,
    path: str,
    body: object = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[int, Any]:
    """One HTTP call; (status, decoded JSON body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


FAST: Final[dict[str, str]] = {
    # Bots act at once: a test waits for nobody.
    "CROWSNEST_BOT_DELAY": "0",
    # Scripted players send faster than people.
    "CROWSNEST_RATE_LIMIT": "1000",
    # Hand reviews cost seconds of CPU per hand: only the review tests ask for them.
    "CROWSNEST_REVIEW_WORLDS": "0",
    # The tests create tables, ask hints and open finished games faster than people do.
    **{
        f"CROWSNEST_{limit}_{kind}": "1000"
        for limit in ("CREATE", "HINT", "CLIENT_HINT", "FINISHED")
        for kind in ("RATE", "BURST")
    },
}
"""What the server tests change from the defaults, each for a reason given; the "as
run" tests (``tests/asrun``) change none of it."""


class ServerProcess:
    """``crowsnest serve`` in a subprocess on a free port, as people run it: the
    installed command, the compiled core (where ``make native`` built it: the suite's
    own process runs the source, its servers do not), real worker processes. ``fast``
    applies :data:`FAST`; logs go to ``log``."""

    def __init__(
        self, data_dir: Path, env: Mapping[str, str] | None = None, *, fast: bool = True
    ) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = data_dir / "server.log"
        inherited = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
        self.env = {**inherited, **(FAST if fast else {}), **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> ServerProcess:
        data_dir = str(self.data_dir)
        command = [str(Path(sys.executable).with_name("crowsnest")), "serve"]
        command += ["--port", str(self.port)]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [*command, "--data-dir", data_dir],
                stdout=log,
                stderr=log,
                env=self.env,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                status, _ = http(self.base, "GET", "/healthz")
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_lines(self) -> list[dict[str, Any]]:
        out = []
        for line in self.log.read_text().splitlines():
            if line.startswith("{"):
                out.append(json.loads(line))
        return out


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http", "ws", 1) + f"/ws/{table_id}"


def create_table(base: str, **body: Any) -> dict[str, Any]:
    status, data = http(base, "POST", "/api/tables", body)
    assert status == 201, data
    return dict(data)


def join(base: str, table_id: str, **body: Any) -> dict[str, Any]:
    status, data = http(base, "POST", f"/api/tables/{table_id}/join", {"name": "Ann", **body})
    assert status == 200, data
    return dict(data)


def scripted_action(seat: int, seq: int, legal: list[Any]) -> str:
    """The scripted players' choice, a function of the position only: a random legal
    action, except that in an auction it mostly passes and otherwise bids the least
    (random bids would make Rook games last for ever)."""
    rng = random.Random(f"{seat}:{seq}")
    bids = sorted(
        int(a.split()[1])
        for a in legal
        if isinstance(a, str) and a[:4] == "bid " and a != "bid pass"
    )
    if "bid pass" in legal and (not bids or rng.random() < 0.7):
        return "bid pass"
    if bids:
        return f"bid {bids[0]}"
    return pick_action(legal, rng)


@dataclass
class Player:
    """A websocket client for one seat (or a spectator: ``token`` None).

    It plays a legal action whenever its latest state offers some and it is not
    waiting for an answer, until the game is over or it has sent ``stop_after``
    actions. Every message received is kept, in order."""

    url: str
    token: str | None = None
    invite: str | None = None
    stop_after: int | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    sent: int = 0
    seat: int | None = None
    address: str | None = None
    """The local address to connect from (another loopback address than 127.0.0.1)."""

    async def run(self, timeout: float = 120) -> None:
        local: dict[str, Any] = {} if self.address is None else {"local_addr": (self.address, 0)}
        async with connect(self.url, max_size=1 << 22, **local) as ws:
            await asyncio.wait_for(self._run(ws), timeout)

    async def _run(self, ws: ClientConnection) -> None:
        hello: dict[str, Any] = {"type": "hello", "version": 1}
        if self.token is not None:
            hello["token"] = self.token
        if self.invite is not None:
            hello["invite"] = self.invite
        await ws.send(json.dumps(hello))
        pending: list[Any] | None = None
        async for raw in ws:
            message = json.loads(raw)
            self.messages.append(message)
            if message["type"] == "welcome":
                self.seat = message["seat"]
            if message["type"] == "error":
                assert message["code"] in ("duplicate", "stale"), message
                pending = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if message["type"] != "state":
                continue
            if message["status"] == "over":
                return
            legal = message["legal"]
            if pending is not None and legal != pending:
                pending = None
            if legal and pending is None and self.seat is not None:
                if self.stop_after is not None and self.sent >= self.stop_after:
                    return
                action = scripted_action(self.seat, message["seq"], legal)
                await ws.send(
                    json.dumps({"type": "action", "seq": message["seq"], "action": action})
                )
                self.sent += 1
                pending = legal

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


# -- the leak oracle -----------------------------------------------------------------------

TOKEN = re.compile(r"[A-Za-z0-9]+")
NOT_CARDS = frozenset({"id", "table_id", "ws_url", "invite_url", "token", "invite", "commitment"})
"""Keys whose values are random identifiers, not text: a table id such as
``x7-G2_k9`` holds a word that reads as a card (G2) by chance, and the oracle would
call it a leak. (The secret itself is checked apart, and no card is ever put there.)"""


def cards_in(value: object) -> set[str]:
    """Every card named anywhere in a JSON value, in its canonical text."""
    out: set[str] = set()
    if isinstance(value, str):
        for word in TOKEN.findall(value):
            if any(word in names for names in CARD_NAMES.values()):
                out.add(word)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key in NOT_CARDS:
                continue
            out |= cards_in(key) | cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            out |= cards_in(item)
    return out


@dataclass(frozen=True)
class Step:
    view: dict[str, Any]
    legal: list[Any]
    events: list[dict[str, Any]]
    known: set[str]


def oracle(record: Mapping[str, Any], seat: int | None) -> Iterator[Step]:
    """What ``seat`` may see after each action of a finished game, from the engine:
    its view, its legal actions, the events it may see, and the cards it may know
    (those in its views before and after, and in those events)."""
    game = new_game(record["rules"], options=record["options"], seed=record["seed"])
    before = game.view(seat).to_json()
    yield Step(
        before,
        legal_to_json(game.legal_actions(seat), game.rules.family) if seat is not None else [],
        [],
        cards_in(before),
    )
    for who, text in record["actions"]:
        events = [e.to_json() for e in game.apply(who, text) if e.visible_to(seat)]
        after = game.view(seat).to_json()
        legal = (
            legal_to_json(game.legal_actions(seat), game.rules.family) if seat is not None else []
        )
        yield Step(after, legal, events, cards_in(before) | cards_in(after) | cards_in(events))
        before = after


def check_transcript(
    record: Mapping[str, Any], seat: int | None, messages: list[dict[str, Any]]
) -> int:
    """Every state message equals the engine's view, legal actions and visible events
    for ``seat`` at its seq, and no message names a card the seat may not know.
    Returns the number of state messages checked."""
    steps = list(oracle(record, seat))
    seq = 0
    checked = 0
    for message in messages:
        if message["type"] == "state":
            seq = message["seq"]
            step = steps[seq]
            assert message["view"] == step.view, (seat, seq)
            assert message["legal"] == step.legal, (seat, seq)
            assert message["events"] in ([], step.events), (seat, seq, message["events"])
            checked += 1
        leaked = cards_in(message) - steps[seq].known
        assert not leaked, (seat, seq, message["type"], leaked)
    return checked


def alembic(store: Store, verb: Literal["upgrade", "downgrade"], revision: str) -> None:
    """Alembic's ``verb`` on ``store``'s database, to ``revision``: the migration
    tests' database as an older server left it, or taken back."""
    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        getattr(command, verb)(config, revision)


OLD_DAY: Final = datetime(2026, 1, 1, tzinfo=UTC)


def old_table(
    conn: sa.Connection,
    table_id: str,
    rules: str,
    status: str,
    *,
    seed: int = 1,
    grace: float = 60.0,
    bot_delay: float = 0.8,
    created: datetime = OLD_DAY,
) -> None:
    """A ``tables`` row as an older server wrote it, in raw SQL: only the columns every
    revision since 0002 has (a migration test's database is at an older revision than
    the schema the store declares). Public, the seed not chosen, no options."""
    conn.execute(
        sa.text(
            "INSERT INTO tables (id, rules, options, seed, level, public, grace,"
            " bot_delay, status, created_at, seed_chosen) VALUES (:id, :rules, '{}', :seed,"
            " 'normal', :public, :grace, :bot_delay, :status, :created, :chosen)"
        ),
        {
            "id": table_id, "rules": rules, "seed": seed, "public": True, "grace": grace,
            "bot_delay": bot_delay, "status": status, "created": created, "chosen": False,
        },
    )  # fmt: skip

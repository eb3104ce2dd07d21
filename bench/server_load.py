"""A load client for a running server (``python -m bench.server``).

For each step (a number of clients) it opens that many tables, each with one scripted
client in seat 0 and three normal bots with no delay. Every client plays a legal
action as soon as its state allows one (or after ``think`` seconds, on average, to
model people), a new game when one ends, for the given number of seconds. It reports
the actions per second (the clients' own, and all the tables' including the bots'),
and the latency from sending an action to receiving the state that answers it (p50,
p99, max).

Against several nodes (``--cluster N``, or any URL of a cluster) a client meets what a
cluster answers while a table's lease moves between nodes, ``table_unavailable``
(:data:`RETRYABLE`), on HTTP (503 with ``Retry-After``) and on its websocket (an error
message, or the connection closed after it): it tries again after a backoff
(:func:`backoff`), reconnecting with its seat's token, and each try is counted
(``retries``). An action in flight over a reconnection is not timed.

The clients run in this one process, so on a small machine the load client competes
with the server for the processor: the figures are a floor for the server alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import statistics
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

RETRYABLE = frozenset({"table_unavailable"})
"""Error codes that a client tries again after (a cluster moving a table's lease)."""
MAX_TRIES = 20
"""Tries of one request or connection in a row before the client gives up (fails)."""
BACKOFF = 0.25
"""Seconds before the second try; each further try waits twice as long, up to
:data:`MAX_BACKOFF`."""
MAX_BACKOFF = 4.0
HTTP_THREADS = 64
"""HTTP requests (creating and joining tables, in threads) in flight at once."""
MAX_SETUP = 120.0
"""Seconds past the ramp that a step waits for every client to be seated."""


def backoff(attempt: int, rng: random.Random, hint: float | None = None) -> float:
    """Seconds to wait after the failed try number ``attempt`` (0 first): a random
    part of ``BACKOFF * 2**attempt`` (capped; between its half and all of it, so that
    clients refused together come back apart), and at least the server's ``hint``.

    >>> rng = random.Random(1)
    >>> [0.125 <= backoff(0, rng) <= 0.25, 2 <= backoff(9, rng) <= 4, backoff(0, rng, 1.0)]
    [True, True, 1.0]
    """
    ceiling = min(MAX_BACKOFF, BACKOFF * 2**attempt)
    return max(rng.uniform(ceiling / 2, ceiling), hint or 0.0)


class Refused(Exception):
    """An error answer: the server's error ``code`` and ``Retry-After``, if any."""

    def __init__(self, code: str, retry_after: float | None = None) -> None:
        super().__init__(code)
        self.code, self.retry_after = code, retry_after


def pick_action(legal: list[Any], rng: random.Random) -> str:
    """A random legal action; a choose template becomes the required cards and
    random others."""
    option = legal[rng.randrange(len(legal))]
    if isinstance(option, str):
        return option
    required = list(option["required"])
    free = [c for c in option["from"] if c not in required]
    cards = required + rng.sample(free, option["count"] - len(required))
    return f"{option['choose']} {' '.join(cards)}"


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON; the answer's JSON, or :class:`Refused` for an error
    answer (its code, or ``http_<status>`` when it has none)."""
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data
    except urllib.error.HTTPError as err:
        code = f"http_{err.code}"
        with contextlib.suppress(ValueError, KeyError, TypeError):
            code = str(json.loads(err.read())["error"]["code"])
        after = err.headers.get("Retry-After")
        raise Refused(code, float(after) if after and after.isdigit() else None) from None


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    table_actions: int = 0
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    retries: dict[str, int] = field(default_factory=dict)
    """Tries again, by what was retried: ``http <code>``, ``ws <code>``, ``ws closed``."""
    failed_clients: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    """What made clients give up, by exception (``Refused``: by its code)."""
    until: float = math.inf
    """When the step ends (``time.monotonic()``): set once every client is seated."""
    seated: int = 0
    """Clients that have joined their first table."""

    def count(self, counter: dict[str, int], key: str) -> None:
        counter[key] = counter.get(key, 0) + 1


async def post(tally: Tally, rng: random.Random, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """:func:`_post`, tried again after a backoff while the answer is retryable."""
    for attempt in range(MAX_TRIES):
        try:
            return await asyncio.to_thread(_post, url, body)
        except Refused as err:
            if err.code not in RETRYABLE or attempt == MAX_TRIES - 1:
                raise
            tally.count(tally.retries, f"http {err.code}")
            await asyncio.sleep(backoff(attempt, rng, err.retry_after))
    raise AssertionError("unreachable")  # pragma: no cover


async def new_seat(
    base: str, rules: str, seed: int, tally: Tally, rng: random.Random
) -> tuple[str, str]:
    """Create a table (seat 0 human, three normal bots, no delay); its ws URL and token.
    A long grace period keeps tables the load left behind idle (no bot sits in)."""
    body = {"rules": rules, "bot_delay": 0, "seed": seed, "grace": 3600}
    created = await post(tally, rng, f"{base}/api/tables", body)
    table_id = created["table"]["id"]
    joined = await post(tally, rng, f"{base}/api/tables/{table_id}/join", {"name": f"load{seed}"})
    return joined["ws_url"], joined["token"]


ACTION_EVENTS = frozenset({"play", "passed", "bid", "discarded", "trump"})


def _answers(message: dict[str, Any], seat: int) -> bool:
    """Whether a state message is the one caused by ``seat``'s own action."""
    return any(e["type"] in ACTION_EVENTS and e.get("seat") == seat for e in message["events"])


@dataclass
class Progress:
    """One client's game over its connections."""

    last_seq: int = -1
    fresh: bool = False
    """Whether the current connection has received a state (its tries start over)."""


@dataclass(frozen=True)
class Retry:
    """The connection is to be made again: why, and the server's hint of when."""

    why: str
    after: float | None = None


async def _play_one(
    ws: ClientConnection,
    seat: int,
    tally: Tally,
    rng: random.Random,
    think: float = 0.0,
    progress: Progress | None = None,
) -> bool | Retry:
    """Play the game on ``ws`` until it is over (True), the step's time is up (False),
    or the server says to connect again (a :class:`Retry`)."""
    progress = progress or Progress()
    sent_at: float | None = None
    while time.monotonic() < tally.until:
        try:
            async with asyncio.timeout(min(1.0, tally.until - time.monotonic())):
                raw = await ws.recv()
        except TimeoutError:
            continue
        message = json.loads(raw)
        kind = message["type"]
        if kind == "error":
            if message["code"] in RETRYABLE:
                after = (message.get("args") or {}).get("retry_after")
                return Retry(f"ws {message['code']}", None if after is None else float(after))
            if not progress.fresh:  # the hello itself refused: no game to go on with
                raise Refused(message["code"])
            tally.count(tally.errors, message["code"])
            sent_at = None
            await ws.send(json.dumps({"type": "sync"}))
            continue
        if kind != "state":
            continue
        progress.fresh = True
        seq = message["seq"]
        if progress.last_seq >= 0:
            tally.table_actions += max(0, seq - progress.last_seq)
        progress.last_seq = max(progress.last_seq, seq)
        if sent_at is not None and _answers(message, seat):
            tally.latencies.append(time.monotonic() - sent_at)
            tally.actions += 1
            sent_at = None
        if message["status"] == "over":
            tally.games += 1
            return True
        if message["legal"] and sent_at is None:
            action = pick_action(message["legal"], rng)
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            sent_at = time.monotonic()
            await ws.send(json.dumps({"type": "action", "seq": seq, "action": action}))
    return False


async def play_game(
    ws_url: str, token: str, tally: Tally, rng: random.Random, think: float = 0.0
) -> bool:
    """Play seat 0's game at ``ws_url`` to its end (True) or until the step's time is
    up (False), connecting again with ``token`` after a backoff whenever the server
    says so or the connection closes; :class:`Refused` after :data:`MAX_TRIES` tries
    in a row."""
    progress = Progress()
    attempt = 0
    while time.monotonic() < tally.until:
        progress.fresh = False
        try:
            async with connect(ws_url, max_size=1 << 22, open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
                outcome = await _play_one(ws, 0, tally, rng, think, progress)
        except ConnectionClosed:
            outcome = Retry("ws closed")
        if not isinstance(outcome, Retry):
            return outcome
        attempt = 0 if progress.fresh else attempt + 1
        if attempt >= MAX_TRIES:
            raise Refused(outcome.why.removeprefix("ws "))
        tally.count(tally.retries, outcome.why)
        await asyncio.sleep(backoff(attempt, rng, outcome.after))
    return False


async def _client(
    base: str, rules: str, index: int, tally: Tally, start: float, think: float
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    game = 0
    try:
        while time.monotonic() < tally.until:
            ws_url, token = await new_seat(base, rules, index * 1000 + game, tally, rng)
            tally.seated += game == 0
            game += 1
            if not await play_game(ws_url, token, tally, rng, think):
                return
    except Exception as err:
        tally.failed_clients += 1
        tally.count(tally.failures, err.code if isinstance(err, Refused) else type(err).__name__)


@dataclass(frozen=True)
class StepResult:
    clients: int
    seconds: float
    actions: int
    actions_per_second: float
    table_actions_per_second: float
    games: int
    setup_s: float
    """Seconds until every client was seated (the ramp at least)."""
    p50_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    errors: dict[str, int]
    failed_clients: int
    retries: int = 0
    retried: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)


async def run_step(
    base: str, clients: int, seconds: float, rules: str, ramp: float, think: float = 0.0
) -> StepResult:
    """Seat ``clients`` clients over ``ramp`` seconds, wait until all are seated or
    have given up (at most :data:`MAX_SETUP` more), then measure for ``seconds``."""
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(HTTP_THREADS))
    tally = Tally()
    t0 = time.monotonic()
    tasks = [
        asyncio.create_task(_client(base, rules, i, tally, t0 + ramp * i / max(1, clients), think))
        for i in range(clients)
    ]
    await asyncio.sleep(ramp)
    while tally.seated + tally.failed_clients < clients:  # seated, or given up
        if time.monotonic() > t0 + ramp + MAX_SETUP or all(task.done() for task in tasks):
            break
        await asyncio.sleep(0.1)
    setup = time.monotonic() - t0
    tally.until = time.monotonic() + seconds
    # Count only what happens once everyone is in: reset the counters.
    tally.latencies.clear()
    tally.actions = tally.table_actions = tally.games = 0  # the retries: all of them
    await asyncio.gather(*tasks)
    lat = sorted(tally.latencies)

    def pct(p: float) -> float | None:
        if not lat:
            return None
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2)

    return StepResult(
        clients=clients,
        seconds=seconds,
        actions=tally.actions,
        actions_per_second=round(tally.actions / seconds, 1),
        table_actions_per_second=round(tally.table_actions / seconds, 1),
        games=tally.games,
        setup_s=round(setup, 1),
        p50_ms=round(1000 * statistics.median(lat), 2) if lat else None,
        p99_ms=pct(0.99),
        max_ms=round(1000 * lat[-1], 2) if lat else None,
        errors=tally.errors,
        failed_clients=tally.failed_clients,
        retries=sum(tally.retries.values()),
        retried=dict(tally.retries),
        failures=tally.failures,
    )


def format_results(results: list[StepResult]) -> str:
    lines = [
        f"{'clients':>8} {'actions/s':>10} {'all/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'games':>6} {'setup s':>7} {'retries':>7} {'failed':>7}  errors"
    ]
    for r in results:
        lines.append(
            f"{r.clients:>8} {r.actions_per_second:>10} {r.table_actions_per_second:>9} "
            f"{r.p50_ms!s:>8} {r.p99_ms!s:>8} {r.max_ms!s:>8} {r.games:>6} {r.setup_s:>7} "
            f"{r.retries:>7} "
            f"{r.failed_clients:>7}  {r.errors or ''}{' ' * bool(r.errors)}{r.failures or ''}"
        )
    return "\n".join(lines)


def _wait_ready(base: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=5) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


def main(
    url: str,
    clients: list[int],
    seconds: float,
    rules: str,
    ramp: float,
    as_json: bool,
    think: float = 0.0,
) -> int:
    base = url.rstrip("/")
    if not _wait_ready(base, 30.0):
        print(f"python -m bench.server: no server answers at {base}", file=sys.stderr)
        return 1
    results = []
    if not as_json:
        print(format_results([]), flush=True)
    for n in clients:
        results.append(asyncio.run(run_step(base, n, seconds, rules, ramp, think)))
        if not as_json:
            print(format_results(results[-1:]).splitlines()[-1], flush=True)
    if as_json:
        print(json.dumps([asdict(r) for r in results], indent=1))
    return 0

"""A load client for a running server (``crowsnest bench-server``).

For each step (a number of clients) it opens that many tables, each with one scripted
client in seat 0 and three normal bots with no delay. Every client plays a legal
action as soon as its state allows one (or after ``think`` seconds, on average, to
model people), a new game when one ends, for the given number of seconds. It reports
the actions per second (the clients' own, and all the tables' including the bots'),
and the latency from sending an action to receiving the state that answers it (p50,
p99, max).

The clients run in this one process, so on a small machine the load client competes
with the server for the processor: the figures are a floor for the server alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


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
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


async def new_seat(base: str, rules: str, seed: int) -> tuple[str, str]:
    """Create a table (seat 0 human, three normal bots, no delay); its ws URL and token.
    A long grace period keeps tables the load left behind idle (no bot sits in)."""
    body = {"rules": rules, "bot_delay": 0, "seed": seed, "grace": 3600}
    created = await asyncio.to_thread(_post, f"{base}/api/tables", body)
    table_id = created["table"]["id"]
    joined = await asyncio.to_thread(
        _post, f"{base}/api/tables/{table_id}/join", {"name": f"load{seed}"}
    )
    return joined["ws_url"], joined["token"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    table_actions: int = 0
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    failed_clients: int = 0


ACTION_EVENTS = frozenset({"play", "passed", "bid", "discarded", "trump"})


def _answers(message: dict[str, Any], seat: int) -> bool:
    """Whether a state message is the one caused by ``seat``'s own action."""
    return any(e["type"] in ACTION_EVENTS and e.get("seat") == seat for e in message["events"])


async def _play_one(
    ws: ClientConnection,
    seat: int,
    tally: Tally,
    rng: random.Random,
    until: float,
    think: float = 0.0,
) -> bool:
    """Play the game on ``ws`` until it is over (True) or time is up (False)."""
    sent_at: float | None = None
    last_seq = -1
    while time.monotonic() < until:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
        except TimeoutError:
            return False
        message = json.loads(raw)
        kind = message["type"]
        if kind == "error":
            tally.errors[message["code"]] = tally.errors.get(message["code"], 0) + 1
            sent_at = None
            await ws.send(json.dumps({"type": "sync"}))
            continue
        if kind != "state":
            continue
        seq = message["seq"]
        if last_seq >= 0:
            tally.table_actions += max(0, seq - last_seq)
        last_seq = max(last_seq, seq)
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


async def _client(
    base: str, rules: str, index: int, tally: Tally, start: float, until: float, think: float
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    game = 0
    try:
        while time.monotonic() < until:
            ws_url, token = await new_seat(base, rules, index * 1000 + game)
            game += 1
            async with connect(ws_url, max_size=1 << 22, open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
                if not await _play_one(ws, 0, tally, rng, until, think):
                    return
    except Exception:
        tally.failed_clients += 1


@dataclass(frozen=True)
class StepResult:
    clients: int
    seconds: float
    actions: int
    actions_per_second: float
    table_actions_per_second: float
    games: int
    p50_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    errors: dict[str, int]
    failed_clients: int


async def run_step(
    base: str, clients: int, seconds: float, rules: str, ramp: float, think: float = 0.0
) -> StepResult:
    tally = Tally()
    t0 = time.monotonic()
    measure_from = t0 + ramp
    until = measure_from + seconds
    tasks = [
        asyncio.create_task(
            _client(base, rules, i, tally, t0 + ramp * i / max(1, clients), until, think)
        )
        for i in range(clients)
    ]
    await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
    # Count only what happens after the ramp: reset the counters once everyone is in.
    tally.latencies.clear()
    tally.actions = tally.table_actions = tally.games = 0
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
        p50_ms=round(1000 * statistics.median(lat), 2) if lat else None,
        p99_ms=pct(0.99),
        max_ms=round(1000 * lat[-1], 2) if lat else None,
        errors=tally.errors,
        failed_clients=tally.failed_clients,
    )


def format_results(results: list[StepResult]) -> str:
    lines = [
        f"{'clients':>8} {'actions/s':>10} {'all/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'games':>6} {'failed':>7}  errors"
    ]
    for r in results:
        lines.append(
            f"{r.clients:>8} {r.actions_per_second:>10} {r.table_actions_per_second:>9} "
            f"{r.p50_ms!s:>8} {r.p99_ms!s:>8} {r.max_ms!s:>8} {r.games:>6} "
            f"{r.failed_clients:>7}  {r.errors or ''}"
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
        print(f"crowsnest bench-server: no server answers at {base}", file=sys.stderr)
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

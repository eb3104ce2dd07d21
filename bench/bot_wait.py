"""How long a player waits for hard bots beyond the pace they chose:
``python -m bench.bot_wait [--rules hearts,rook/crowsnest] [--hands 4] [--pace 0.8]``.

It starts ``crowsnest serve`` as ``make play`` runs it (the compiled core, the bots'
worker processes) on a free port with a throwaway database, opens a table per rule
set with the player in seat 0 and three Hard bots at the pace ``--pace`` (the
``bot_delay`` Settings' play speed sends), and plays the player's seat at once with
random legal actions. For every turn of the player it measures the time from its
action to the state that asks it again, less the pace times the bots' moves in
between: what the bots' thinking added. It prints the median, p95 and maximum of
that excess, and the bots' moves counted, per rule set.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from bench.server_load import pick_action


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def _wait_ready(base: str, seconds: float) -> None:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
                engine = str(json.loads(response.read()).get("engine", ""))
                if not engine.startswith("compiled"):
                    raise SystemExit(f"the server does not run the compiled core: {engine}")
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no server at {base} after {seconds} s")


async def measure(base: str, rules: str, hands: int, pace: float, seed: int) -> list[float]:
    """The excess wait (seconds) of each of the player's turns over ``hands`` hands."""
    body = {"rules": rules, "level": "hard", "bot_delay": pace, "seed": seed}
    table = _post(f"{base}/api/tables", body)["table"]["id"]
    joined = _post(f"{base}/api/tables/{table}/join", {"name": "Bench"})
    rng = random.Random(seed)
    excess: list[float] = []
    sent: tuple[float, int] | None = None  # when the player acted, and the seq it made
    async with connect(joined["ws_url"], max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 3, "token": joined["token"]}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "state":
                continue
            view = message["view"]
            if message["status"] == "over" or view["hand_number"] >= hands:
                return excess
            if not message["legal"]:
                continue
            if sent is not None:
                at, seq = sent
                bots = message["seq"] - seq
                excess.append(time.monotonic() - at - bots * pace)
            action = pick_action(message["legal"], rng)
            await ws.send(json.dumps({"type": "action", "seq": message["seq"], "action": action}))
            sent = (time.monotonic(), message["seq"] + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_wait", description=__doc__)
    parser.add_argument("--rules", default="hearts,rook/crowsnest")
    parser.add_argument("--hands", type=int, default=4, help="hands per rule set")
    parser.add_argument("--pace", type=float, default=0.8, help="the table's bot_delay (s)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CROWSNEST_PORT": str(port), "CROWSNEST_DATA_DIR": data}
        env.pop("CROWSNEST_PURE_PYTHON", None)
        command = [str(Path(sys.executable).with_name("crowsnest")), "serve"]
        server = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            _wait_ready(base, 60)
            print(f"pace {args.pace} s, Hard bots, {args.hands} hands per rule set")
            print(f"{'rules':16} {'turns':>6} {'median s':>9} {'p95 s':>7} {'max s':>7}")
            for rules in args.rules.split(","):
                waits = asyncio.run(measure(base, rules, args.hands, args.pace, args.seed))
                if len(waits) < 2:
                    print(f"{rules:16} {len(waits):>6}  (too few turns)")
                    continue
                p95 = statistics.quantiles(waits, n=20, method="inclusive")[-1]
                print(
                    f"{rules:16} {len(waits):>6} {statistics.median(waits):>9.3f} "
                    f"{p95:>7.3f} {max(waits):>7.3f}"
                )
        finally:
            server.terminate()
            server.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

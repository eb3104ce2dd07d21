"""The offline app measured in Debian's Chromium (``docs/benchmarks.md``, "Offline
app"): ``python -m bench.offline_app [--hands N]``.

A throwaway ``crowsnest serve``; a first visit (the service worker caches the app:
the bytes it holds are summed from its cache); a cold start (a new game played
offline, from the click to the dealt hand: Pyodide fetched and started in the
worker, which then keeps a snapshot of the started runtime: its bytes too); a warm
start (the network off, the page reloaded from the cache, the same click to the
dealt hand: the runtime loaded from that snapshot, "kept"; and once more after the
hands, with the snapshot dropped: "fresh"); Hearts hands at Hard played offline, the
player's cards chosen at once, with each bot decision's time in the worker and every
main-thread task over 50 ms (``PerformanceObserver``, ``longtask``) while the bots
played.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from playwright.sync_api import Page, sync_playwright

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask", buffered: true});
"""
SETTINGS = {
    "speed": "instant",
    "name": "Bench",
    "rules": "hearts",
    "level": "hard",
    "offline": True,
}
CACHED_BYTES = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("crowsnest-"));
  if (names.length !== 1) return null;
  const cache = await caches.open(names[0]);
  const keys = await cache.keys();
  let bytes = 0;
  for (const k of keys) bytes += (await (await cache.match(k)).blob()).size;
  return {files: keys.length, bytes};
}"""
SNAPSHOT_BYTES = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("crowsnest.snapshot-"));
  if (names.length !== 1) return null;
  const hit = await (await caches.open(names[0])).match("/offline-snapshot");
  return hit ? (await hit.blob()).size : null;
}"""
DROP_SNAPSHOTS = """async () => {
  for (const n of await caches.keys()) {
    if (n.startsWith("crowsnest.snapshot-")) await caches.delete(n);
  }
}"""
CURRENT = "crowsnest.current"
DEALT = "() => (window.__crowsnest?.game?.current?.legal ?? []).length > 0"
# The player's move: the first legal action (a pass: the first three cards offered).
MOVE = """() => {
  const g = window.__crowsnest.game, s = g.current;
  if (!s || !s.legal.length || s.status !== "playing") return null;
  const o = s.legal[0];
  const text = typeof o === "string" ? o
    : o.choose + " " + [...o.required, ...o.from.filter((c) => !o.required.includes(c))]
        .slice(0, o.count).join(" ");
  g.send(text);
  return text;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_to_dealt(page: Page) -> float:
    """Seconds from the New game click to the dealt hand."""
    started = time.perf_counter()
    page.click("#new-game")
    page.wait_for_function(DEALT, timeout=300_000, polling=50)
    return time.perf_counter() - started


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def play_hands(page: Page, hands: int) -> tuple[list[float], list[dict[str, float]]]:
    """Play ``hands`` hands (the player's first legal action at once); the bots'
    decision times in the worker (offline) and the main thread's long tasks."""
    since = page.evaluate("() => performance.now()")
    played = 0
    while played < hands:
        if page.evaluate("() => Boolean(document.querySelector('#hand-summary[open]'))"):
            played += 1
            page.click("#summary-close")
        else:
            page.evaluate(MOVE)
        page.wait_for_timeout(20)
    timings: list[float] = page.evaluate("() => window.__crowsnest.game.transport?.timings ?? []")
    longtasks: list[dict[str, float]] = page.evaluate(
        f"() => window.__longtasks.filter((t) => t.start > {since})"
    )
    return timings, longtasks


def poll(page: Page, script: str) -> Any:
    """The first answer of ``script`` that is not empty, asked every half second (for
    at most five minutes); None if none came."""
    for _ in range(600):
        answer = page.evaluate(script)
        if answer:
            return answer
        page.wait_for_timeout(500)
    return None


def new_game(page: Page) -> tuple[float, str | None]:
    """A new game from the lobby (not the game kept, which a reload resumes): the
    seconds from the click to the dealt hand, and how the worker's runtime started
    ("kept", "fresh"; None at the server's table)."""
    page.evaluate(f"() => localStorage.removeItem({json.dumps(CURRENT)})")
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    seconds = start_to_dealt(page)
    return seconds, page.evaluate("() => window.__crowsnest.game.transport?.start ?? null")


def measure(base: str, chromium: str, hands: int) -> dict[str, Any]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        context = browser.new_context(base_url=base, viewport={"width": 1366, "height": 768})
        context.add_init_script(
            "if (!localStorage.getItem('crowsnest.settings')) localStorage.setItem("
            f"'crowsnest.settings', {json.dumps(json.dumps(SETTINGS))});" + LONGTASKS
        )
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]")
        cold = start_to_dealt(page)  # the first visit: Pyodide from the network
        cached = poll(page, CACHED_BYTES)  # the service worker caches the app meanwhile
        snapshot = poll(page, SNAPSHOT_BYTES)  # the worker keeps its started runtime
        context.set_offline(True)
        warm, warm_from = new_game(page)
        timings, longtasks = play_hands(page, hands)
        # The same warm start without the kept runtime (its snapshot dropped): what
        # the snapshot saves, measured in the same run.
        page.evaluate(DROP_SNAPSHOTS)
        afresh, afresh_from = new_game(page)
        # The same at the server's table (online, Hard, the same speed): what the page
        # itself costs, whoever runs the bots.
        context.set_offline(False)
        page.evaluate(
            "() => { const s = JSON.parse(localStorage.getItem('crowsnest.settings'));"
            " s.offline = false; localStorage.setItem('crowsnest.settings', JSON.stringify(s)); }"
        )
        new_game(page)
        _, online_longtasks = play_hands(page, hands)
        browser.close()
    return {
        "cached": cached,
        "kept_runtime_bytes": snapshot,
        "cold_start_s": round(cold, 2),
        "warm_start_s": round(warm, 2),
        "warm_start_from": warm_from,
        "warm_start_afresh_s": round(afresh, 2),
        "warm_start_afresh_from": afresh_from,
        "hard_decisions": len(timings),
        "hard_median_ms": round(statistics.median(timings) * 1000),
        "hard_p95_ms": round(percentile(timings, 0.95) * 1000),
        "hard_max_ms": round(max(timings) * 1000),
        "longtasks_over_50ms": len(longtasks),
        "longest_task_ms": round(max((t["ms"] for t in longtasks), default=0)),
        "online_longtasks_over_50ms": len(online_longtasks),
        "online_longest_task_ms": round(max((t["ms"] for t in online_longtasks), default=0)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1, help="Hearts hands at Hard (1)")
    args = parser.parse_args(argv)
    chromium = os.environ.get("CROWSNEST_CHROMIUM") or shutil.which("chromium") or "chromium"
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "crowsnest.cli", "serve", "--port", str(port),
             "--data-dir", data, "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.2)
            result = measure(base, chromium, args.hands)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

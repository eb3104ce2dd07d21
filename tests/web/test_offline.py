"""Offline play in the browser: a solo game whose engine and bots run in a Web Worker
under Pyodide (``web/static/offline``), drawn by the same table as an online game.

Chosen in Settings ("Play offline"), or taken by itself when the server cannot be
reached to create a solo game; a whole hand of Hearts and of CrowsNest at Normal,
at desktop and phone size, in English and Hebrew, and of Hearts at Hard in Polish
(its bots deciding in the worker); no websocket is ever opened for it, and a reload
goes on with the same game, offline still."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from crowsnest.web import STATIC_DIR

from .pages import sized_context
from .test_play import INSTANT, open_with, play_until

BOOT_MS = 180_000
"""Pyodide's first start in a page on a busy two-core machine can take a minute."""
TRANSPORT_START = "() => window.__crowsnest.game.transport.start"
"""How the offline worker's runtime started: "fresh", or "kept" (from its snapshot)."""
SNAPSHOT_KEPT = """async (digest) => {
    const name = `crowsnest.snapshot-${digest}`;
    if (!(await caches.keys()).includes(name)) return false;
    const hit = await (await caches.open(name)).match("/offline-snapshot");
    return Boolean(hit) && (await hit.blob()).size > 1e6;
}"""


def bundle_digest() -> str:
    """The offline build's digest (``make offline``), which names its runtime's snapshot."""
    bundle = STATIC_DIR / "offline" / "build" / "bundle.json"
    return str(json.loads(bundle.read_text(encoding="utf-8"))["digest"])


def websockets(page: Page) -> list[str]:
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    return opened


def started(page: Page) -> str:
    """Wait for the offline table's first state; its table id."""
    page.wait_for_function("() => window.__crowsnest?.game?.current", timeout=BOOT_MS)
    table_id = str(page.evaluate("() => window.__crowsnest.game.session.tableId"))
    assert table_id.startswith("offline-")
    assert page.evaluate("() => window.__crowsnest.game.session.offline") is True
    return table_id


@pytest.mark.parametrize(
    ("rules", "lang", "size", "level"),
    [
        ("hearts", "en", (1366, 768), "normal"),
        ("rook/crowsnest", "he", (390, 844), "normal"),
        ("hearts", "pl", (1366, 768), "hard"),
    ],
)
def test_a_whole_hand_offline_from_the_setting(
    browser: Browser,
    base_url: str,
    screenshots: Path,
    rules: str,
    lang: str,
    size: tuple[int, int],
    level: str,
) -> None:
    context = sized_context(browser, base_url, size)
    page = context.new_page()
    try:
        opened = websockets(page)
        open_with(page, {**INSTANT, "rules": rules, "level": level, "offline": True}, lang)
        page.click("#new-game")
        table_id = started(page)
        name = f"{rules.replace('/', '-')}-{level}"
        page.screenshot(path=str(screenshots / f"offline-{name}-{lang}-start.png"))
        play_until(page, "hand-summary")
        expect(page.locator("#hand-summary tbody tr")).to_have_count(4)
        bots = page.evaluate(
            "() => window.__crowsnest.game.state.seats.filter((s) => s.kind === 'bot')"
            ".map((s) => s.level)"
        )
        assert bots == [level] * 3
        # Every bot decision was made, and timed, in the worker (a Hearts hand: the
        # bots' 39 cards and their passes).
        decided = page.evaluate("() => window.__crowsnest.game.transport.timings.length")
        assert decided >= (3 * 13 if rules == "hearts" else 1)
        page.screenshot(path=str(screenshots / f"offline-{name}-{lang}-summary.png"))
        assert opened == [], "an offline game opens no websocket"
        assert page.evaluate("() => [...(window.__i18nMissing ?? [])]") == []
        # The first start kept a snapshot of the started runtime for the next one.
        assert page.evaluate(TRANSPORT_START) == "fresh"
        page.wait_for_function(SNAPSHOT_KEPT, arg=bundle_digest(), timeout=BOOT_MS, polling=250)
        # A reload goes on with the same game, offline still, its runtime loaded from
        # that snapshot.
        page.click("#summary-close")
        seq = page.evaluate("() => window.__crowsnest.game.current.seq")
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert started(page) == table_id
        page.wait_for_function(
            "s => window.__crowsnest.game.current?.seq >= s", arg=seq, timeout=BOOT_MS
        )
        assert page.evaluate(TRANSPORT_START) == "kept"
        assert opened == []
    finally:
        context.close()


def test_a_solo_game_goes_offline_when_the_server_cannot_be_reached(page: Page) -> None:
    opened = websockets(page)
    open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"})
    page.route("**/api/tables", lambda route: route.abort("connectionrefused"))

    page.click("#new-game")
    expect(page.locator("#toast")).to_contain_text("offline", timeout=15_000)
    started(page)
    assert opened == []
    # The hint comes from the worker's bot too.
    page.wait_for_function("() => document.querySelector('#hand .card.legal')", timeout=BOOT_MS)
    page.click("#hint-button")
    expect(page.locator("#hint")).to_be_visible()


def test_a_refusal_of_the_server_is_not_taken_for_no_connection(page: Page) -> None:
    open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"})

    def refuse(route: Route) -> None:
        route.fulfill(status=429, json={"error": {"code": "rate_limited", "message": "slow down"}})

    page.route("**/api/tables", refuse)
    page.click("#new-game")
    expect(page.locator("#toast")).to_be_visible()
    assert page.evaluate("() => window.__crowsnest.game") is None

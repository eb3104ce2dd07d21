"""What becomes of a game played offline, in Chromium: once over it is kept in the
browser (IndexedDB) and counted in the History tab's own statistics of this browser,
shown with the network off too, where "Send to History" waits for a connection; back
online, it is sent, replayed by the server and listed in the History as a practice
game, whose replay says it has no fair-deal seal. An altered record is refused by the
server and the page says so. Desktop in English, a phone in Hebrew."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from crowsnest.web import catalog

from .pages import sized_context
from .test_offline import started, websockets
from .test_play import INSTANT, open_with, play_until

GAME = {**INSTANT, "rules": "rook/crowsnest", "level": "easy", "offline": True,
        "options": {"rook/crowsnest": {"target": 50}}}  # fmt: skip
"""The quickest whole game: CrowsNest to 50 against Easy bots, at instant speed."""

KEPT = """async () => {
    const m = await import("/static/offline/records.js");
    const db = await m.openRecords();
    try { return await m.allRecords(db); } finally { db.close(); }
}"""

ALTER = """async () => {
    const m = await import("/static/offline/records.js");
    const db = await m.openRecords();
    try {
        const [first] = await m.allRecords(db);
        const actions = first.actions.map((a) => [...a]);
        // The last action played again by its seat: it holds that card no more.
        const i = actions.findLastIndex((a) => a[1].startsWith("play "));
        const j = actions.findLastIndex(
            (a, k) => k < i && a[0] === actions[i][0] && a[1].startsWith("play "));
        actions[i] = [actions[i][0], actions[j][1]];
        const altered = {
            ...first, id: first.id + "-altered", actions, status: "kept", table_id: null};
        await m.putRecord(db, altered);
        return altered.id;
    } finally { db.close(); }
}"""


def words(lang: str) -> dict[str, Any]:
    return catalog(lang)


@pytest.mark.parametrize(("lang", "size"), [("en", (1366, 768)), ("he", (390, 844))])
def test_an_offline_game_is_sent_to_history_and_an_altered_one_refused(
    browser: Browser, base_url: str, screenshots: Path, lang: str, size: tuple[int, int]
) -> None:
    context = sized_context(browser, base_url, size)
    page = context.new_page()
    w = words(lang)
    tag = f"{lang}-{size[0]}"
    try:
        opened = websockets(page)
        open_with(page, GAME, lang)
        page.click("#new-game")
        table_id = started(page)
        # The network goes: the game goes on in the page, to its end.
        context.set_offline(True)
        play_until(page, "game-over")
        assert opened == []
        page.wait_for_function(f"async () => ({KEPT})().then((r) => r.length === 1)")
        kept = page.evaluate(KEPT)[0]
        assert kept["id"] == table_id and kept["status"] == "kept"
        assert kept["rules"] == "rook/crowsnest" and kept["level"] == "easy"
        page.click("#game-over-lobby")

        # Offline: History shows this browser's statistics; sending waits.
        page.click("#tab-history")
        block = page.locator("#history-offline")
        expect(block).to_be_visible()
        expect(block.locator(".practice-note")).to_have_text(w["practice.note"])
        stats = block.locator('dl.practice-stats[data-rules="rook/crowsnest"] dd')
        expect(stats.nth(0)).to_have_text("1")
        expect(stats.nth(1)).to_have_text("1" if kept["won"] else "0")
        # (a negative number in Hebrew is set left to right: LRI, a mark, the number, PDI)
        score = re.escape(str(kept["score"]))
        expect(stats.nth(2)).to_have_text(re.compile(f"^\u2066?\u200e?{score}\u2069?$"))
        send = block.locator("#practice-send")
        expect(send).to_have_text(w["practice.send"])
        expect(send).to_be_disabled()
        expect(block.locator("#practice-offline")).to_have_text(w["practice.when_online"])
        block.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"offline-records-{tag}-offline.png"))

        # Online again: sent, and listed as a practice game.
        context.set_offline(False)
        page.click("#tab-play")
        page.click("#tab-history")
        expect(send).to_be_enabled()
        send.click()
        practice = page.locator(".history-game .history-practice")
        expect(practice).to_have_count(1)
        expect(practice).to_have_text(w["practice.badge"])
        sent = page.evaluate(KEPT)[0]
        assert sent["status"] == "sent" and sent["table_id"].startswith("practice-")
        first = page.locator(".history-game").first
        expect(first).to_have_attribute("data-table", sent["table_id"])
        expect(page.locator("#practice-status")).to_have_text(
            w["practice.sent"].replace("{count}", "1")
        )
        expect(page.locator("#practice-send")).to_have_count(0)
        # The server's statistics and ratings leave it out; the browser's keep it.
        me = page.request.get("/api/me").json()
        assert me["stats"] == [] and me["ratings"] == []
        expect(page.locator("#history-stats p")).to_have_text(w["practice.no_stats"])
        expect(stats.nth(0)).to_have_text("1")
        page.locator("#history-offline").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"offline-records-{tag}-sent.png"))
        # Its replay is the server's, and it has no seal to verify.
        page.locator(".history-game .replay-open").first.click()
        expect(page.locator(".replay-practice")).to_have_text(w["practice.no_seal"])
        expect(page.locator("#replay-verify")).to_have_count(0)
        page.locator("#history-games").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"offline-records-{tag}-list.png"))

        # An altered record: refused by the server, which names the action.
        altered = page.evaluate(ALTER)
        page.click("#tab-play")
        page.click("#tab-history")
        page.locator("#practice-send").click()
        refused = page.locator(f'.practice-refused[data-id="{altered}"]')
        expect(refused).to_contain_text("bad_record: action ")
        expect(page.locator(".history-game")).to_have_count(1)
        expect(page.locator("#practice-send")).to_have_count(0)
        assert page.evaluate("() => [...(window.__i18nMissing ?? [])]") == []
        assert json.dumps(page.evaluate(KEPT)).count('"refused"') == 1
    finally:
        context.close()

"""A hand's summary stays open over the next deal until the player closes it (the
review is read there); when that deal asks the player (a Hearts pass at once, a Rook
bid when the auction comes round), the summary says it is their turn, so the start of
a hand is never missed behind it. Hearts on a desktop in English, CrowsNest on a touch
phone in Hebrew."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from crowsnest.web import catalog

from .pages import sized_context
from .test_play import INSTANT, open_with, play_until


@pytest.mark.parametrize(
    ("rules", "lang", "size"),
    [("hearts", "en", (1366, 768)), ("rook/crowsnest", "he", (390, 844))],
    ids=["hearts-en-desktop", "crowsnest-he-phone"],
)
def test_the_summary_says_when_the_next_hand_asks_you(
    browser: Browser, base_url: str, screenshots: Path, rules: str, lang: str, size: tuple[int, int]
) -> None:
    words = catalog(lang)
    context = sized_context(browser, base_url, size)
    page = context.new_page()
    try:
        open_with(page, {**INSTANT, "rules": rules, "level": "easy", "reviews": False}, lang)
        page.click("#new-game")
        play_until(page, "hand-summary", bid="pass")
        summary = page.locator("#hand-summary")
        # The next deal asks this seat while the summary is open: it says so.
        turn = summary.locator("#summary-turn")
        expect(turn).to_have_text(words["summary.your_turn"], timeout=30_000)
        expect(summary.locator("#summary-close")).to_have_text(words["summary.continue_turn"])
        # Behind it is still the finished hand: nothing is played for the player.
        assert page.evaluate("() => window.__crowsnest.game.current.view.hand_number") == 0
        box = turn.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        name = rules.replace("/", "-")
        page.screenshot(path=str(screenshots / f"summary-turn-{name}-{lang}.png"))
        page.locator("#summary-close").click()
        expect(summary).to_be_hidden()
        panel = "#pass" if rules == "hearts" else "#auction"
        expect(page.locator(panel)).to_be_visible()
        assert page.evaluate("() => window.__crowsnest.game.current.view.hand_number") == 1
    finally:
        context.close()

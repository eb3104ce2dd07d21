"""Every screen fits a touch phone: the lobby, the table, the game's end, Settings, the
rules, History and a replay, in the languages with the longest words (Greek, Polish)
and right to left (Hebrew), at the narrowest phone we support. On a touch screen a box
too narrow for what it holds widens the whole page (the browser lays it out wider and
cuts it at both sides), so each screen is measured on a real touch context, not in a
narrow window."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import sized_context
from .test_play import INSTANT, WAIT_FOR_TURN, open_with

STICKING_OUT = """() => {
    const spills = (e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1
        && getComputedStyle(e).overflowX === "visible";
    return [...document.body.querySelectorAll("*")]
        .filter((e) => spills(e) && ![...e.children].some(spills))
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join(".")}`
            + ` ${e.clientWidth}px holds ${e.scrollWidth}px`);
}"""
"""The innermost boxes whose content spills out of them: what to fix."""


def _wider_than(page: Page, width: int) -> int:
    """How many pixels the page is wider than the screen (0 or less: it fits)."""
    scroll_width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return scroll_width - width


@pytest.mark.parametrize(
    ("lang", "size"), [("el", (360, 740)), ("pl", (360, 740)), ("he", (390, 844))]
)
def test_every_screen_fits_a_touch_phone(
    browser: Browser, base_url: str, screenshots: Path, lang: str, size: tuple[int, int]
) -> None:
    context = sized_context(browser, base_url, size)
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "easy"}, lang)

        def fits(screen: str) -> None:
            page.screenshot(path=str(screenshots / f"phone-fit-{screen}-{lang}.png"))
            wide = _wider_than(page, size[0])
            culprits = page.evaluate(STICKING_OUT) if wide > 0 else []
            assert wide <= 0, f"{screen} ({lang}): {wide} px wider than the screen: {culprits}"

        fits("lobby")
        page.locator("#new-game").tap()
        page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
        fits("table")
        if page.locator("#more-tools").is_visible():
            page.locator("#more-tools").tap()
        page.locator("#resign-game").tap()
        page.locator("#resign-yes").tap()
        expect(page.locator("#game-over")).to_be_visible()
        fits("game-over")
        page.locator("#game-over-lobby").tap()
        for screen in ("settings", "info"):
            page.locator(f"#tab-{screen}").tap()
            expect(page.locator(f"#panel-{screen}")).to_be_visible()
            fits(screen)
        page.locator("#tab-history").tap()
        expect(page.locator(".history-game")).to_have_count(1)
        fits("history")
        page.locator(".history-game button.replay-open").tap()
        expect(page.locator("#replay .replay-board")).to_be_visible()
        fits("replay")
    finally:
        context.close()

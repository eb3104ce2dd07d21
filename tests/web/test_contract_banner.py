"""The headline of the auction's end ("You win the bid at 85.") goes where it covers
no other player: not the partner's plate above the middle, while the declarer's
panel (the nest, the discard) holds the middle; right to left on a phone too."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from crowsnest.web import catalog

from .test_play import INSTANT, WAIT_FOR_TURN, act, open_with

BANNER_OVER = """([selectors, text]) => {
    const banner = document.querySelector('#banner');
    const was = [banner.hidden, banner.textContent];
    banner.hidden = false;
    banner.textContent = text;
    const a = banner.getBoundingClientRect();
    const felt = document.querySelector('#felt').getBoundingClientRect();
    const covered = {};
    for (const selector of selectors) {
        for (const el of document.querySelectorAll(selector)) {
            const b = el.getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 0 && h > 0) covered[selector] = (covered[selector] || 0) + Math.round(w * h);
        }
    }
    [banner.hidden, banner.textContent] = was;
    const inside = a.top >= felt.top && a.bottom <= felt.bottom
        && a.left >= felt.left && a.right <= felt.right;
    return {covered, inside};
}"""
"""What the headline banner, shown with ``text``, covers (px² by selector), and
whether it lies on the table."""

PLAYERS = ['.seat[data-pos="top"] .plate', '.seat[data-pos="left"] .plate',
           '.seat[data-pos="right"] .plate', "#discard", "#hand"]  # fmt: skip
"""What the headline must not hide: the other players, and what you are asked (on
a phone it may lie over your own seat's plate: there is no room above the panel)."""


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", ViewportSize(width=1366, height=768)), ("he", ViewportSize(width=390, height=844))],
)
def test_the_contract_headline_covers_no_player(
    browser: Browser, base_url: str, screenshots: Path, lang: str, viewport: ViewportSize
) -> None:
    context = browser.new_context(
        base_url=base_url, viewport=viewport, has_touch=viewport["width"] < 500
    )
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "easy"}, lang)
        page.click("#new-game")
        expect(page.locator("body")).to_have_attribute("data-game", "rook")
        for _ in range(400):  # bid until this seat declares
            page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
            if page.locator("#discard").count():
                break
            act(page)
        else:
            raise AssertionError("never the declarer")
        text = catalog(lang)["say.you_contract"].replace("{bid}", "120")
        found = page.evaluate(BANNER_OVER, [PLAYERS, text])
        page.evaluate(
            "t => Object.assign(document.querySelector('#banner'), {textContent: t, hidden: 0})",
            text,
        )
        page.screenshot(path=str(screenshots / f"contract-headline-{lang}.png"))
        assert found == {"covered": {}, "inside": True}, found
    finally:
        context.close()

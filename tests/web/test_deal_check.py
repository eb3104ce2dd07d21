"""A deal a player can check without trusting the server: the sealed deal explains
itself to a touch (a button, not a hover title), and after the game the replay's
"Verify this deal" checks the revealed secret and every deal in the browser (it asks
the server for the record only, never for a verdict), showing the secret and how to
check it elsewhere. Phone in Hebrew, desktop in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from crowsnest.web import catalog

from .pages import sized_context
from .test_play import INSTANT, open_with


@pytest.mark.parametrize(
    ("size", "lang"), [((1366, 768), "en"), ((390, 844), "he")], ids=["desktop-en", "phone-he"]
)
def test_the_deal_is_checked_in_the_browser(
    browser: Browser, base_url: str, size: tuple[int, int], lang: str, screenshots: Path
) -> None:
    context = sized_context(browser, base_url, size)  # the phone's: a touch screen
    try:
        _check_the_deal(context.new_page(), size[0], lang, screenshots)
    finally:
        context.close()


def _check_the_deal(page: Page, width: int, lang: str, screenshots: Path) -> None:
    words = catalog(lang)
    open_with(page, {**INSTANT, "rules": "rook/crowsnest"}, lang=lang)
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    commitment = page.evaluate("() => window.__crowsnest.game.state.table.commitment")
    sealed = page.locator("#deal-sealed")  # a button: a tap opens it as a click does
    if page.evaluate("() => matchMedia('(pointer: coarse)').matches"):
        sealed.tap()
    else:
        sealed.click()
    help_text = page.locator("#deal-help")
    expect(help_text).to_be_visible()
    expect(help_text).to_contain_text(commitment)
    if page.locator("#more-tools").is_visible():
        page.click("#more-tools")
    page.click("#resign-game")
    page.click("#resign-yes")
    expect(page.locator("#game-over")).to_be_visible()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.click("#game-over-lobby")
    page.click("#last-replay")
    expect(page.locator("#replay .replay-board")).to_be_visible()
    page.click("#replay-verify")
    verified = page.locator("#replay-verified")
    expect(verified).to_have_attribute("data-verified", "true")
    how = page.locator("#replay-verify-how")
    expect(how).to_be_visible()
    expect(how).to_contain_text("crowsnest verify")
    # (in Hebrew the secret, written left to right, stands between FSI and PDI)
    secret = re.sub(r"[.\u2068\u2069]", " ", how.text_content() or "")
    assert len([w for w in secret.split() if len(w) == 64]) >= 1
    # The secret and the commitment wrap: nothing is wider than the screen (a touch
    # phone would widen the whole page to the longest word and cut it at both sides).
    wide = page.evaluate("() => document.documentElement.scrollWidth") - width
    assert wide <= 0, f"the page is {wide} px wider than the screen"
    page.locator(".replay-verify").screenshot(path=str(screenshots / f"deal-check-{lang}.png"))
    page.screenshot(path=str(screenshots / f"deal-check-{lang}-page.png"))
    assert any(url.endswith("/record") or "/record?" in url for url in asked), asked
    assert not any("/verify" in url for url in asked), "the server was asked for a verdict"
    expect(page.locator("#replay-verify")).to_have_text(words["history.verify"])

"""Coming back to a finished game does not hold the player in its dialog: the lobby
offers it as "your last game", with its rematch, its replay and a new game, and the
tabs answer. Desktop in English, phone in Hebrew."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from crowsnest.web import catalog

from .test_play import INSTANT, open_with

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    ("viewport", "lang"), [(DESKTOP, "en"), (PHONE, "he")], ids=["desktop-en", "phone-he"]
)
def test_a_finished_game_comes_back_as_the_last_game_in_the_lobby(
    page: Page, viewport: ViewportSize, lang: str, screenshots: Path
) -> None:
    words = catalog(lang)
    page.set_viewport_size(viewport)
    open_with(page, {**INSTANT, "rules": "rook/crowsnest"}, lang=lang)
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    table = page.evaluate("() => window.__crowsnest.game.session.tableId")
    if page.locator("#more-tools").is_visible():
        page.click("#more-tools")
    page.click("#resign-game")  # a bot partner: the team resigns at once
    page.click("#resign-yes")
    over = page.locator("#game-over")
    expect(over).to_be_visible()
    expect(over.locator("#game-over-lobby")).to_have_text(words["over.lobby"])

    page.reload()  # coming back to it
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    card = page.locator("#last-game")
    expect(card).to_be_visible()
    expect(card.locator("#last-game-title")).to_have_text(words["lobby.last_game"])
    expect(page.locator("dialog[open]")).to_have_count(0)
    for button, key in (("#last-rematch", "over.rematch"), ("#last-replay", "history.replay"),
                        ("#last-new", "lobby.new_game")):  # fmt: skip
        expect(card.locator(button)).to_have_text(words[key])
    page.screenshot(path=str(screenshots / f"last-game-{lang}.png"))
    # The tabs answer (no modal dialog holds the page).
    page.click("#tab-settings")
    expect(page.locator("#panel-settings")).to_be_visible()
    page.click("#tab-play")
    page.click("#last-replay")  # the History tab, with the game's replay open
    expect(page.locator("#tab-history")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay .replay-board")).to_be_visible()
    page.click("#tab-play")
    page.click("#last-rematch")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    assert page.evaluate("() => window.__crowsnest.game.session.tableId") != table
    expect(page.locator("#last-game")).to_have_count(0)

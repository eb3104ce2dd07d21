"""Small things at the table: the Greek Settings' checkboxes keep their size when
their labels wrap on a phone; a tab in the background says in its title that it is
your turn (and with a notification, when the player allows it), and says it no more
once you look; the turn's sound is off by default."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from crowsnest.web import catalog

from .test_play import INSTANT, open_with

BOXES = """() => [...document.querySelectorAll(".field-check input")]
    .filter((b) => b.getClientRects().length)
    .map((b) => [b.id, b.getBoundingClientRect().width, b.getBoundingClientRect().height])"""
RECORD_NOTIFICATIONS = """window.__notified = [];
class Recorded { constructor(title) { window.__notified.push(title); } }
Recorded.permission = "granted";
Recorded.requestPermission = async () => "granted";
window.Notification = Recorded;"""
HIDE = """(hidden) => {
    Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_greek_checkboxes_keep_their_size_on_a_phone(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    open_with(page, INSTANT, lang="el")
    page.click("#tab-settings")
    expect(page.locator("#settings-autoplay")).to_be_visible()
    boxes = page.evaluate(BOXES)
    assert boxes and all(abs(w - 22) < 0.5 and abs(h - 22) < 0.5 for _, w, h in boxes), boxes


def test_a_hidden_tab_says_it_is_your_turn(page: Page) -> None:
    page.context.grant_permissions(["notifications"])
    page.add_init_script(RECORD_NOTIFICATIONS)
    open_with(page, {**INSTANT, "rules": "hearts", "notify": True})
    page.click("#tab-settings")
    expect(page.locator("#settings-sound")).not_to_be_checked()  # off by default
    expect(page.locator("#settings-notify")).to_be_checked()
    page.click("#tab-play")
    title = page.title()
    page.evaluate(HIDE, True)  # the player looks at another tab
    page.click("#new-game")
    expect(page.locator("#pass")).to_be_attached()  # the Hearts pass: your turn
    page.wait_for_function("(t) => document.title !== t", arg=title)
    assert page.title().startswith("●") and title in page.title()
    # The player allowed notifications: one says it is their turn.
    assert page.evaluate("() => window.__notified") == [catalog("en")["notify.your_turn"]]
    page.evaluate(HIDE, False)  # they look again
    assert page.title() == title

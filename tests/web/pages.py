"""Steps the browser tests share."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_page(page: Page, path: str = "/") -> None:
    """Load the client and wait until its modules have started (the tabs answer
    clicks): a click before that is lost on a busy machine."""
    page.goto(path)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")

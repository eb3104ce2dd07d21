"""A player's name is text: markup in it is shown, never run (the server allows any
printable name, so the client must escape it everywhere it shows one)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .pages import call, open_page

EVIL = '<img src=x onerror="window.__pwned=1">'


def test_markup_in_a_name_is_shown_as_text(server_url: str, page: Page) -> None:
    created = call(
        server_url,
        "POST",
        "/api/tables",
        {"seats": ["human", "human", "bot", "bot"], "public": False, "bot_delay": 0},
    )
    table_id, invite = created["table"]["id"], created["invite"]
    call(server_url, "POST", f"/api/tables/{table_id}/join", {"name": EVIL, "invite": invite})
    open_page(page, f"/?table={table_id}&invite={invite}")
    page.fill("#join-name", "Ann")
    page.click("#join-table")
    expect(page.locator("#hand button.card").first).to_be_visible()
    expect(page.locator(".seat-name", has_text=EVIL)).to_have_count(1)
    page.click("#show-scores")
    page.keyboard.press("Escape")
    page.click("#tab-history")
    page.click("#tab-play")
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator('img[src="x"]').count() == 0

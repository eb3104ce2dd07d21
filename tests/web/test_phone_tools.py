"""On a phone every control of the table is in reach without a hidden scroll, in
every language, right to left too: at 360, 390 and 430 px wide every button's box is
inside the screen and no control's content is wider than its box; the seldom needed
tools (quick chat, resign, leave) wait in a "More" menu. Quick chat is a proper button,
and only at a table with another person."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from crowsnest.web import catalog

from .pages import open_page
from .test_people import PHONE, guest, host, people_url, person

__all__ = ["people_url"]  # the fixture: a server of this module's own

WIDTHS = (360, 390, 430)
MEASURE = """() => {
    const shown = (el) => el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== "hidden";
    const out = [];
    for (const b of document.querySelectorAll(".game button")) {
        if (!shown(b) || b.closest("dialog")) continue;
        const r = b.getBoundingClientRect();
        if (r.left < -0.5 || r.right > innerWidth + 0.5) {
            out.push(`button ${b.id || b.textContent}: ${r.left}..${r.right} of ${innerWidth}`);
        }
    }
    const controls = document.querySelectorAll(
        ".below, .below *, .scorebar, .scorebar *, #action-area, #action-area *");
    for (const el of controls) {
        if (shown(el) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
                && getComputedStyle(el).overflowX !== "visible") {
            out.push(`scrolls ${el.id || el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
        }
    }
    if (document.documentElement.scrollWidth > innerWidth) {
        out.push(`page ${document.documentElement.scrollWidth} > ${innerWidth}`);
    }
    return out;
}"""


def clipped(page: Page) -> list[str]:
    found: list[str] = page.evaluate(MEASURE)
    return found


@pytest.mark.parametrize("lang", ["en", "el", "he", "pl"])
def test_every_tool_is_in_reach_on_a_phone(
    browser: Browser, people_url: str, lang: str, screenshots: Path
) -> None:
    words = catalog(lang)
    with (
        person(browser, people_url, "Ann", lang=lang, viewport=PHONE) as ann,
        person(browser, people_url, "Bo", lang=lang, viewport=PHONE) as bo,
    ):
        link = host(ann, 0, "off")
        guest(bo, link, 1)
        ann.click("#fill-bots")
        expect(ann.locator("body")).to_have_attribute("data-status", "playing")
        expect(ann.locator("#resign-game")).to_be_attached()
        problems: dict[int, Any] = {}
        for width in WIDTHS:
            ann.set_viewport_size({"width": width, "height": 844})
            ann.wait_for_timeout(200)
            found = clipped(ann)
            ann.click("#more-tools")  # the seldom needed tools, in a menu of their own
            for tool in ("#chat-open", "#resign-game", "#leave-game"):
                expect(ann.locator(tool)).to_be_visible()
            found += clipped(ann)
            ann.screenshot(path=str(screenshots / f"tools-{lang}-{width}.png"))
            ann.click("#chat-open")  # a proper button, whose menu is on the screen
            expect(ann.locator("#chat-open")).to_have_attribute("aria-expanded", "true")
            expect(ann.locator('#chat [data-chat="gg"]')).to_have_text(words["chat.gg"])
            found += clipped(ann)
            ann.keyboard.press("Escape")
            expect(ann.locator("#chat-menu")).to_be_hidden()
            expect(ann.locator("#resign-game")).to_be_hidden()
            if found:
                problems[width] = found
        assert not problems, problems


def test_quick_chat_is_a_button_only_with_another_person(page: Page) -> None:
    open_page(page)
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    expect(page.locator("#leave-game")).to_be_visible()
    # A game with bots alone: no quick chat, and no disclosure triangle among buttons.
    expect(page.locator("#chat")).to_be_hidden()
    assert page.locator(".tools summary, .tools details").count() == 0

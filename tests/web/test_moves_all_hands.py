"""The Moves dialog holds every hand of the game (the earlier ones under their
headings) and its numbers are whole from 10 up (they were cut to "0." and ".1")."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from crowsnest.web import catalog

from .test_play import INSTANT, act, open_with

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}

# Whether each number of a list fits the room left for it: the width of "99." in the
# list's font against the list's padding, and the list inside its scrolling box.
NUMBERS_FIT = """() => {
    const out = [];
    for (const list of document.querySelectorAll("#moves .moves-list")) {
        const style = getComputedStyle(list);
        const ctx = document.createElement("canvas").getContext("2d");
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        const need = ctx.measureText(`${list.children.length}. `).width;
        const room = parseFloat(style.paddingInlineStart);
        const box = document.querySelector("#moves-scroll").getBoundingClientRect();
        const r = list.getBoundingClientRect();
        if (need > room || r.left < box.left - 0.5 || r.right > box.right + 0.5) {
            out.push([list.children.length, need, room]);
        }
    }
    return out;
}"""


@pytest.mark.parametrize(
    ("viewport", "lang"), [(DESKTOP, "en"), (PHONE, "he")], ids=["desktop-en", "phone-he"]
)
def test_the_moves_dialog_holds_every_hand_with_whole_numbers(
    page: Page, viewport: ViewportSize, lang: str, screenshots: Path
) -> None:
    words = catalog(lang)
    page.set_viewport_size(viewport)
    open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "easy"}, lang=lang)
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    for _ in range(300):  # the first hand played out, and the second dealt
        hand = page.evaluate("() => window.__crowsnest.game.current?.view.hand_number ?? 0")
        if hand >= 1 and not page.locator("dialog[open]").count():
            break
        act(page, bid="pass")
    else:
        raise AssertionError("the second hand never came")
    page.click("#show-moves")
    dialog = page.locator("#moves")
    expect(dialog).to_be_visible()
    first = dialog.locator("#moves-earlier .moves-hand").first
    expect(first.locator("h3")).to_have_text(words["table.hand_number"].replace("{n}", "1"))
    assert first.locator("li").count() >= 10  # the whole first hand: its auction, its tricks
    expect(dialog.locator("#moves-current")).to_be_visible()
    assert page.evaluate(NUMBERS_FIT) == []
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"moves-{lang}.png"))

"""The Rules tab at a table shows that table's rules, with its options, not the game
the Settings would start; away from a table, the Settings' game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from crowsnest.web import catalog

from .test_play import INSTANT, open_with


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_rules_tab_follows_the_table(page: Page, lang: str) -> None:
    words = catalog(lang)
    open_with(
        page,
        {**INSTANT, "rules": "rook/crowsnest", "options": {"rook/crowsnest": {"target": 500}}},
        lang,
    )
    info = page.locator("#panel-info article.rules-info")
    page.click("#tab-info")
    expect(info).to_have_attribute("data-rules", "rook/crowsnest")
    expect(info).to_have_attribute("data-at-table", "false")
    expect(page.locator("#rules-source")).to_have_text(words["rules.of_settings"])
    expect(info.locator('[data-key="rules.rook.target"]')).to_contain_text("500")

    page.click("#tab-play")
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    # the Settings now name another game; the table's rules are still CrowsNest to 500
    page.click("#tab-settings")
    page.select_option("#settings-rules", "hearts")
    page.click("#tab-info")
    expect(info).to_have_attribute("data-at-table", "true")
    expect(info).to_have_attribute("data-rules", "rook/crowsnest")
    expect(page.locator("#rules-source")).to_have_text(words["rules.of_table"])
    expect(info.locator('[data-key="rules.rook.target"]')).to_contain_text("500")

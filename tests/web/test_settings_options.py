"""A rule-set option the rules do not allow is refused on the Settings tab, in the
player's language, with the value and what is allowed, and is not kept; the rule set
(through the server) decides, not the page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from crowsnest.engine.rules import option_specs
from crowsnest.web import catalog

from .pages import open_page

SAVED = "() => JSON.parse(localStorage.getItem('crowsnest.settings') || '{}')"


def _saved_min_bid(page: Page) -> Any:
    saved: dict[str, Any] = page.evaluate(SAVED)
    return saved.get("options", {}).get("rook/crowsnest", {}).get("min_bid")


@pytest.mark.parametrize("lang", ["en", "pl", "he"])
def test_a_minimum_bid_the_rules_refuse_is_not_kept(page: Page, lang: str) -> None:
    spec = next(s for s in option_specs("rook/crowsnest") if s.name == "min_bid")
    assert spec.minimum is not None and spec.step is not None
    refused = spec.minimum + spec.step + 3  # not a multiple of the step
    allowed = spec.minimum + 2 * spec.step
    words = catalog(lang)
    open_page(page)
    page.click("#tab-settings")
    # The language change draws the Settings tab again once its catalog has arrived
    # (after <html lang> is set; for "en" the attribute does not even change): wait for
    # the new field, or a value typed into the old one is lost (a chance failure).
    page.locator("#option-min_bid").evaluate("el => { el.dataset.stale = '1'; }")
    page.select_option("#settings-language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#option-min_bid:not([data-stale])")).to_have_count(1)
    field = page.locator("#option-min_bid")
    error = page.locator("#option-min_bid-error")

    field.fill(str(refused))
    field.press("Tab")
    expect(field).to_have_attribute("aria-invalid", "true")
    not_allowed = words["settings.not_allowed"].replace("{value}", str(refused))
    expect(error).to_contain_text(not_allowed)
    expect(error).to_contain_text(str(spec.maximum))  # the allowed range, in words
    assert _saved_min_bid(page) is None

    field.fill(str(allowed))
    field.press("Tab")
    expect(field).to_have_attribute("aria-invalid", "false")
    expect(error).to_be_empty()
    assert _saved_min_bid(page) == allowed

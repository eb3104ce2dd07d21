"""A rule-set option the rules do not allow is refused on the Settings tab, in the
player's language, with the value and what is allowed, and is not kept; the rule set
(through the server) decides, not the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

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


@pytest.mark.parametrize(("lang", "phone"), [("he", True), ("pl", False), ("el", False)])
def test_what_is_typed_while_a_language_loads_is_kept(
    browser: Browser, base_url: str, screenshots: Path, lang: str, phone: bool
) -> None:
    """The language's catalog arrives while a number is being typed into an option
    (committed only when the field is left): the Settings tab drawn again in the new
    language keeps the typed number and the focus in its field, and leaving the field
    then keeps the value."""
    spec = next(s for s in option_specs("rook/crowsnest") if s.name == "min_bid")
    assert spec.minimum is not None and spec.step is not None
    typed = spec.minimum + 2 * spec.step
    words = catalog(lang)
    size = {"viewport": {"width": 390, "height": 844}, "has_touch": True} if phone else {}
    context = browser.new_context(base_url=base_url, **size)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        open_page(page)
        page.click("#tab-settings")
        held: list[Route] = []
        page.route(f"**/i18n/{lang}.json", lambda route: held.append(route))
        page.select_option("#settings-language", lang)
        for _ in range(500):  # the catalog is on its way: held here
            if held:
                break
            page.wait_for_timeout(20)
        assert len(held) == 1
        field = page.locator("#option-min_bid")
        field.evaluate("el => { el.dataset.stale = '1'; }")
        field.click()
        field.press("ControlOrMeta+a")
        field.press_sequentially(str(typed))
        held[0].continue_()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#panel-settings h2")).to_have_text(words["settings.title"])
        redrawn = page.locator("#option-min_bid:not([data-stale])")
        expect(redrawn).to_have_count(1)
        expect(redrawn).to_have_value(str(typed))
        expect(redrawn).to_be_focused()
        kind = "phone" if phone else "desktop"
        page.screenshot(path=str(screenshots / f"settings-typed-{lang}-{kind}.png"))
        # Leaving the field keeps the value (Chromium already commits it as the old
        # field goes; either way it is saved once the field is left).
        redrawn.press("Tab")
        saved = f"() => ({SAVED})().options?.['rook/crowsnest']?.min_bid === {typed}"
        page.wait_for_function(saved)
        expect(page.locator("#option-min_bid-error")).to_be_empty()
    finally:
        context.close()

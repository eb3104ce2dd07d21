"""Resign in Rook in the browser, with two browser contexts: partners, one
proposes, the other accepts; both see the game end and who resigned. Desktop in
English, phone in Hebrew."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from crowsnest.web import catalog

from .pages import isolated
from .test_people import DESKTOP, PHONE, guest, host, people_url, person

__all__ = ["people_url"]  # the fixture: a server of its own


@pytest.mark.parametrize(
    ("viewport", "lang"), [(DESKTOP, "en"), (PHONE, "he")], ids=["desktop-en", "phone-he"]
)
def test_partners_agree_to_resign_and_both_see_who_resigned(
    browser: Browser, people_url: str, viewport: ViewportSize, lang: str
) -> None:
    words = catalog(lang)
    with (
        person(browser, people_url, "Ann", lang=lang, viewport=viewport) as ann,
        person(browser, people_url, "Bo", lang=lang, viewport=viewport) as bo,
    ):
        link = host(ann, 0, "off")
        guest(bo, link, 2)  # seat 3 of the form: Ann's partner
        ann.click("#fill-bots")
        for p in (ann, bo):
            expect(p.locator("body")).to_have_attribute("data-status", "playing")
        if viewport is PHONE:  # on a phone, resign waits in the "More" menu
            ann.click("#more-tools")
        resign = ann.locator("#resign-game")
        expect(resign).to_have_text(words["resign.button"])
        resign.click()
        question = words["resign.confirm_partner"].replace("{name}", isolated("Bo", lang))
        expect(ann.locator("#resign-title")).to_have_text(question)
        ann.click("#resign-yes")
        offer = bo.locator("#resign-offer")
        expect(offer).to_be_visible()
        expect(bo.locator("#resign-offer-title")).to_have_text(
            words["resign.offer"].replace("{name}", isolated("Ann", lang))
        )
        expect(ann.locator("body")).to_have_attribute("data-status", "playing")
        bo.click("#resign-accept")
        for p, partner in ((ann, "Bo"), (bo, "Ann")):
            expect(p.locator("body")).to_have_attribute("data-status", "over")
            expect(p.locator("#game-over-verdict")).to_have_text(words["over.they_win"])
            resigned = p.locator("#game-over-resigned")
            expect(resigned).to_contain_text(partner)
            expect(resigned).to_contain_text(words["seat.you"])
            expect(p.locator("#resign-game")).to_be_hidden()

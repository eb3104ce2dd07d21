"""The turn timer tells what it did, in each player's language: a friend's time runs
out in the auction and the computer passes (it never bids for a player); everyone is
told and the Moves log says so; the player whose time ran out gets a note that stays.
And no timer runs while a friend who took a seat has not opened the table yet."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from crowsnest.web import catalog

from .pages import call, isolated
from .test_people import DESKTOP, FAST, PHONE, guest, host, people_url, person

__all__ = ["people_url"]  # the fixture: a server with a fast timer of a few seconds

DESKTOP_1366 = {"width": 1366, "height": 768}
MY_TURN = "() => (window.__crowsnest.game.current?.legal ?? []).length > 0"
KEEP_SESSION = "(s) => localStorage.setItem('crowsnest.sessions', JSON.stringify({[s.tableId]: s}))"
MOVES = "() => [...document.querySelectorAll('#moves-list li')].map((li) => li.textContent)"


def moves(page: Page) -> list[str]:
    lines: list[str] = page.evaluate(MOVES)
    return lines


def test_the_timer_passes_for_a_friend_and_everyone_is_told(
    browser: Browser, people_url: str, screenshots: Path
) -> None:
    en, he = catalog("en"), catalog("he")
    with (
        person(browser, people_url, "Ann", viewport=DESKTOP_1366) as ann,  # type: ignore[arg-type]
        person(browser, people_url, "Bo", lang="he", viewport=PHONE) as bo,
    ):
        link = host(ann, 0, "fast")
        guest(bo, link, 1)
        ann.click("#fill-bots")
        expect(bo.locator("body")).to_have_attribute("data-status", "playing")
        # Nobody plays: each friend's first decision is in the auction, and the
        # computer passes for them there — it never bids in a player's name.
        mine = en["timer.you.pass"]
        expect(ann.locator("#timeout-note")).to_be_visible(timeout=30_000)
        expect(ann.locator("#timeout-lines li").first).to_have_text(mine)
        auction = ann.evaluate("() => window.__crowsnest.game.current.view.auction")
        assert [0, None] in auction and not any(s == 0 and b is not None for s, b in auction)
        ann.screenshot(path=str(screenshots / "timer-ann.png"))
        assert mine in moves(ann)  # the Moves log says so
        told = he["timer.ran_out.pass"].replace("{name}", isolated("Ann", "he"))
        expect(bo.locator("#timeout-note")).to_be_visible(timeout=30_000)
        expect(bo.locator("#timeout-lines li").first).to_have_text(he["timer.you.pass"])
        bo.wait_for_function(f"() => ({MOVES})().includes({told!r})", timeout=30_000)
        bo.screenshot(path=str(screenshots / "timer-bo-he.png"))
        # The note stays until it is closed.
        time.sleep(FAST)
        expect(ann.locator("#timeout-note")).to_be_visible()
        for _ in range(5):  # a hand's summary may be open over it (the bots play on)
            while ann.locator("dialog[open]").count():
                ann.keyboard.press("Escape")
            try:
                ann.click("#timeout-ok", timeout=3_000)
                break
            except PlaywrightError:
                continue
        expect(ann.locator("#timeout-note")).to_be_hidden()


def test_no_timer_runs_until_every_friend_has_opened_the_table(
    browser: Browser, people_url: str
) -> None:
    with person(browser, people_url, "Ann", viewport=DESKTOP) as ann:
        link = host(ann, 0, "fast")
        query = parse_qs(urlsplit(link).query)
        table, invite = query["table"][0], query["invite"][0]
        # Bo takes a seat (his link opened elsewhere) but has not opened the table.
        joined = call(people_url, "POST", f"/api/tables/{table}/join",
                      {"name": "Bo", "invite": invite, "seat": 1})  # fmt: skip
        ann.click("#fill-bots")
        expect(ann.locator("body")).to_have_attribute("data-status", "playing")
        deadline = time.monotonic() + 4 * FAST
        while time.monotonic() < deadline:
            assert ann.locator(".countdown").count() == 0, "a timer ran before Bo came"
            time.sleep(0.5)
        assert ann.locator("#timeout-note").is_hidden()
        with person(browser, people_url, "Bo", viewport=PHONE) as bo:
            session = {"tableId": table, "token": joined["token"], "seat": 1, "invite": invite}
            bo.evaluate(KEEP_SESSION, session)
            bo.goto(link)
            expect(bo.locator("body")).to_have_attribute("data-status", "playing")
            expect(ann.locator(".countdown").first).to_be_visible(timeout=15_000)

"""Playing with people in the browser, with two and three browser
contexts: partner seats chosen by the host and a friend, one name per seat on every
screen, a third friend who watches a full table, the turn timer handing an idle
friend's decisions to the bot and "I'm back", leaving, and quick chat read in each
player's language."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from crowsnest.web import catalog
from server.helpers import ServerProcess

from .pages import call, isolated

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
FAST = 3
"""Seconds of the `fast` turn timer on this module's server."""


@pytest.fixture(scope="module")
def people_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own: a fast timer of a few seconds, bots without delay."""
    env = {"CROWSNEST_GRACE": "3600", "CROWSNEST_TURN_TIMERS": f"60,30,{FAST}"}
    server = ServerProcess(tmp_path_factory.mktemp("people-server"), env)
    try:
        yield server.start().base
    finally:
        server.stop()


@contextmanager
def person(
    browser: Browser,
    base: str,
    name: str,
    lang: str = "en",
    viewport: ViewportSize = DESKTOP,
    speed: str = "instant",
) -> Iterator[Page]:
    """A browser context of its own (a person), its language and name remembered."""
    context: BrowserContext = browser.new_context(
        base_url=base, viewport=viewport, has_touch=viewport is PHONE
    )
    settings = {"speed": speed, "name": name}
    context.add_init_script(
        f"""if (!sessionStorage.getItem("test-seeded")) {{
            sessionStorage.setItem("test-seeded", "1");
            localStorage.setItem("crowsnest.language", {json.dumps(lang)});
            localStorage.setItem("crowsnest.settings", {json.dumps(json.dumps(settings))});
        }}"""
    )
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        yield page
    finally:
        context.close()


def host(page: Page, seat: int, timer: str) -> str:
    """Open a friends table from the lobby at ``seat``; its invite link."""
    page.click("#new-private-game")
    page.check(f"#seat-{seat}")
    page.select_option("#host-timer", timer)
    page.click("#host-table")
    link = page.locator("#invite-link")
    expect(link).to_be_visible()
    return link.input_value()


def guest(page: Page, link: str, seat: int) -> None:
    page.goto(link)
    page.check(f"#seat-{seat}")
    page.click("#join-table")
    expect(page.locator("body")).to_have_attribute("data-status", "waiting")


def names(page: Page) -> dict[int, str]:
    """Each seat's name as its plate shows it."""
    got: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#felt .seat")].map(
            (el) => [el.dataset.seat, el.querySelector(".seat-name").textContent]))"""
    )
    return {int(seat): name for seat, name in got.items()}


def info(base: str, link: str) -> dict[str, Any]:
    """The table of an invite link, as the server shows it."""
    query = parse_qs(urlsplit(link).query)
    table, invite = query["table"][0], query["invite"][0]
    answer: dict[str, Any] = call(base, "GET", f"/api/tables/{table}?invite={invite}")
    return answer


def table_id(page: Page) -> str:
    value: str = page.evaluate("() => window.__crowsnest.game.session.tableId")
    return value


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_partners_choose_their_seats_and_everyone_sees_one_name_per_seat(
    browser: Browser, people_url: str, viewport: ViewportSize
) -> None:
    with (
        person(browser, people_url, "Ann", viewport=viewport) as ann,
        person(browser, people_url, "Bo", viewport=viewport) as bo,
        person(browser, people_url, "Cy", viewport=viewport) as cy,
    ):
        link = host(ann, 0, "off")
        bo.goto(link)
        # In Rook the seat decides the partner: seat 3 (index 2) is Ann's partner.
        expect(bo.locator("#seat-choice")).to_contain_text("Seat 3: partner of Ann")
        expect(bo.locator("#seat-choice")).to_contain_text("Seat 2: opponent of Ann")
        bo.check("#seat-2")
        bo.click("#join-table")
        expect(ann.locator("#waiting")).to_contain_text("Bo")
        ann.click("#fill-bots")
        for p in (ann, bo):
            expect(p.locator("body")).to_have_attribute("data-status", "playing")
        assert bo.evaluate("() => window.__crowsnest.game.mySeat") == 2
        expect(ann.locator('.seat[data-seat="2"] .seat-role')).to_contain_text("partner")
        seen = names(ann)
        assert seen[0] == "Ann" and seen[2] == "Bo" and len(set(seen.values())) == 4
        assert names(bo) == seen  # the bots too: one name on every screen

        cy.goto(link)  # the table is full: Cy is offered to watch
        expect(cy.locator("#full-table")).to_be_visible()
        cy.click("#watch-full")
        expect(cy.locator("body")).to_have_attribute("data-role", "spectator")
        expect(cy.locator('.seat[data-seat="1"] .seat-name')).to_have_text(seen[1])
        assert names(cy) == seen


def test_the_timer_hands_an_idle_friends_decisions_to_the_bot_until_back(
    browser: Browser, people_url: str
) -> None:
    with (
        person(browser, people_url, "Ann", speed="normal") as ann,  # bots take their time
        person(browser, people_url, "Bo") as bo,
    ):
        link = host(ann, 0, "fast")
        guest(bo, link, 1)
        ann.click("#fill-bots")
        expect(bo.locator("body")).to_have_attribute("data-status", "playing")
        # Nobody plays (Ann's decisions go to her bot as well): Bo's countdown shows on
        # Ann's screen when his turn comes, and after two timeouts in a row the bot
        # keeps his seat.
        expect(ann.locator('.seat[data-seat="1"] .countdown')).to_be_visible(timeout=30_000)
        expect(ann.locator('.seat[data-seat="1"] .seat-away')).to_be_visible(timeout=60_000)
        expect(bo.locator("#back-button")).to_be_visible()
        expect(bo.locator("#away-note")).to_be_visible()
        bo.click("#back-button")
        expect(ann.locator('.seat[data-seat="1"] .seat-away')).to_have_count(0)
        expect(bo.locator("#back-button")).to_be_hidden()
        seats = info(people_url, link)["seats"]
        assert not seats[1]["away"] and seats[1]["name"] == "Bo"


def test_players_leave_and_the_bots_finish_the_game(browser: Browser, people_url: str) -> None:
    with (
        person(browser, people_url, "Ann") as ann,
        person(browser, people_url, "Bo") as bo,
    ):
        link = host(ann, 0, "off")
        guest(bo, link, 1)
        ann.click("#fill-bots")
        expect(bo.locator("body")).to_have_attribute("data-status", "playing")
        tid = table_id(ann)
        assert tid in link
        bo.click("#leave-game")
        bo.click("#leave-confirm")
        expect(bo.locator("#toast")).to_have_text(catalog("en")["people.left"])
        expect(bo.locator("#new-game")).to_be_visible()  # back in the lobby
        expect(ann.locator('.seat[data-seat="1"] .seat-left')).to_be_visible()
        ann.click("#leave-game")
        ann.click("#leave-confirm")
        expect(ann.locator("#new-game")).to_be_visible()
        # Nobody human is left: the bots play the game out at once, in the background.
        end = time.monotonic() + 60
        while info(people_url, link)["status"] != "over":
            assert time.monotonic() < end
        listed = call(people_url, "GET", "/api/tables")
        assert all(t["id"] != tid for t in listed)


def test_quick_chat_in_greek_reads_in_hebrew_and_can_be_muted(
    browser: Browser, people_url: str
) -> None:
    el, he = catalog("el"), catalog("he")
    with (
        person(browser, people_url, "Άννα", lang="el") as anna,
        person(browser, people_url, "Bo", lang="he") as bo,
    ):
        link = host(anna, 0, "off")
        guest(bo, link, 1)
        anna.click("#fill-bots")
        expect(bo.locator("body")).to_have_attribute("data-status", "playing")
        anna.click("#chat-open")
        button = anna.locator('#chat [data-chat="gg"]')
        expect(button).to_have_text(el["chat.gg"])
        button.click()
        expect(bo.locator('.seat[data-seat="0"] .bubble')).to_have_text(he["chat.gg"])
        # The message is in the move log too, between the moves, in Bo's language.
        expect(bo.locator("#moves-list li.chat").last).to_have_text(
            f"{isolated('Άννα', 'he')}: {he['chat.gg']}"
        )
        expect(anna.locator('.seat[data-seat="0"] .bubble')).to_have_text(el["chat.gg"])
        # Bo mutes the others: Anna's next message is not shown, his own still is.
        bo.click("#chat-open")
        bo.click("#mute-chat")
        expect(bo.locator("#mute-chat")).to_have_attribute("aria-pressed", "true")
        anna.click("#chat-open")
        anna.locator('#chat [data-chat="wp"]').click()
        expect(anna.locator("#moves-list li.chat").last).to_have_attribute("data-key", "wp")
        bo.locator('#chat [data-chat="thanks"]').click()  # the menu is still open
        expect(bo.locator("#moves-list li.chat").last).to_have_attribute("data-key", "thanks")
        assert bo.locator('#moves-list li[data-key="wp"]').count() == 0
        bo.keyboard.press("Escape")  # the chat menu
        bo.click("#show-moves")
        expect(bo.locator("#moves-list li.chat").first).to_be_visible()

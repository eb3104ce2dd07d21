"""Identity in Chromium: a game played under the browser's player id
shows in its History with a rating and its chart; after signing up, a second
browser signs in and sees the same History and rating; another player's browser
opens the first player's History from a game they shared and sees no private game."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser, Page, expect

from server.helpers import Player, ws_url

from .pages import call, open_page

PASSWORD = "correct horse battery"


def _join(page: Page, base: str, table_id: str, name: str, **body: object) -> dict[str, object]:
    """Take a seat with the browser's player cookie (``page.request`` shares it)."""
    joined = page.request.post(f"{base}/api/tables/{table_id}/join", data={"name": name, **body})
    assert joined.ok, joined.text()
    answer: dict[str, object] = joined.json()
    return answer


def _wait_over(base: str, table_id: str, invite: str | None = None) -> None:
    path = f"/api/tables/{table_id}" + (f"?invite={invite}" if invite else "")
    deadline = time.monotonic() + 90
    while call(base, "GET", path)["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.05)


def _played_game(page: Page, base: str, name: str) -> str:
    """A Rook game to 50 against Easy bots, the human seat played to the end by a
    scripted websocket player holding the seat the browser's player took."""
    created = call(
        base,
        "POST",
        "/api/tables",
        {"rules": "rook/crowsnest", "options": {"target": 50}, "level": "easy",
         "bot_delay": 0, "seed": 11},
    )  # fmt: skip
    table_id: str = created["table"]["id"]
    joined = _join(page, base, table_id, name)
    player = Player(ws_url(base, table_id), str(joined["token"]))
    # Playwright's sync API holds this thread's event loop: the player gets its own.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, player.run()).result(timeout=150)
    _wait_over(base, table_id)
    return table_id


def _left_game(base: str, pages: list[Page], names: list[str], public: bool = True) -> str:
    """A Rook game whose human seats (one per page) bots play out at once."""
    seats = ["human"] * len(pages) + ["bot"] * (4 - len(pages))
    created = call(
        base,
        "POST",
        "/api/tables",
        {"rules": "rook/crowsnest", "options": {"target": 50}, "grace": 0, "bot_delay": 0,
         "seats": seats, "public": public},
    )  # fmt: skip
    table_id: str = created["table"]["id"]
    for page, name in zip(pages, names, strict=True):
        _join(page, base, table_id, name, invite=created["invite"])
    _wait_over(base, table_id, created["invite"])
    return table_id


def _history(page: Page) -> None:
    open_page(page)
    page.click("#tab-history")
    expect(page.locator("#history-ratings")).to_be_visible()


def test_an_account_carries_history_and_rating_to_another_browser(
    server_url: str, page: Page, browser: Browser
) -> None:
    name = f"Ann {uuid.uuid4().hex[:6]}"
    username = f"ann{uuid.uuid4().hex[:8]}"
    played = _played_game(page, server_url, name)
    private = _left_game(server_url, [page], [name], public=False)
    _history(page)
    games = page.locator(".history-game")
    expect(games).to_have_count(2)
    expect(page.locator(f'.history-game[data-table="{private}"] .history-private')).to_be_visible()
    expect(page.locator(f'.history-game[data-table="{private}"] .history-result')).to_have_text(
        "Left"
    )
    rating = page.locator('.rating[data-family="rook"]')
    expect(rating.locator(".rating-value")).to_contain_text("after 1 rated game")
    expect(rating.locator(".rating-range")).to_contain_text("Most likely between")
    expect(rating.locator(".rating-provisional")).to_contain_text("no verdict")
    expect(rating.locator(".rating-like")).to_have_count(0)  # one game: no bot level named
    expect(rating.locator("svg.rating-chart polyline.rating-line")).to_have_count(1)
    expect(rating.locator("svg.rating-chart .rating-point")).to_have_count(1)
    value = rating.locator(".rating-value").inner_text()

    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.click("#account-signup")
    expect(page.locator("#account-status")).to_contain_text(username)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server_url)
    try:
        other = phone.new_page()
        _history(other)
        expect(other.locator(".history-game")).to_have_count(0)  # a new identity so far
        other.fill("#account-username", username.upper())  # usernames ignore case
        other.fill("#account-password", "wrong password")
        other.click("#account-signin")
        expect(other.locator("#account-error")).to_contain_text("Wrong username or password")
        other.fill("#account-password", PASSWORD)
        other.click("#account-signin")
        expect(other.locator("#account-status")).to_contain_text(username)
        # The page is the account's: titled with its name, not the identity's old one.
        expect(other.locator("#history-title")).to_contain_text(username)
        expect(other.locator(".history-game")).to_have_count(2)
        expect(other.locator(f'.history-game[data-table="{played}"]')).to_be_visible()
        expect(other.locator('.rating[data-family="rook"] .rating-value')).to_have_text(value)
    finally:
        phone.close()


def test_another_players_browser_sees_no_private_game(
    server_url: str, page: Page, browser: Browser
) -> None:
    ann, bo = f"Ann {uuid.uuid4().hex[:6]}", f"Bo {uuid.uuid4().hex[:6]}"
    context = browser.new_context(base_url=server_url)
    try:
        theirs = context.new_page()
        private = _left_game(server_url, [page], [ann], public=False)
        shared = _left_game(server_url, [page, theirs], [ann, bo])
        _history(page)
        expect(page.locator(".history-game")).to_have_count(2)  # Ann sees both
        _history(theirs)
        game = theirs.locator(f'.history-game[data-table="{shared}"]')
        expect(game).to_be_visible()
        game.locator(".history-person", has_text=ann).click()
        expect(theirs.locator("#history-title")).to_contain_text(ann)
        expect(theirs.locator("#history-mine")).to_be_visible()
        expect(theirs.locator(".history-game")).to_have_count(1)
        expect(theirs.locator(f'.history-game[data-table="{private}"]')).to_have_count(0)
        expect(theirs.locator("#history-account")).to_have_count(0)
        theirs.click("#history-mine")
        expect(theirs.locator("#history-title")).to_contain_text(bo)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "words"), [("he", "חשבון"), ("pl", "Konto"), ("el", "Λογαριασμός")]
)
def test_the_account_and_statistics_are_translated(
    server_url: str, page: Page, lang: str, words: str
) -> None:
    page.add_init_script(f"localStorage.setItem('crowsnest.language', {json.dumps(lang)});")
    _left_game(server_url, [page], [f"Zoë {uuid.uuid4().hex[:6]}"])
    _history(page)
    expect(page.locator("#history-account-title")).to_have_text(words)
    expect(page.locator(".history-game .history-result.left")).to_have_count(1)
    expect(page.locator(".rules-stats")).to_have_count(1)
    missing: list[str] = page.evaluate("[...(window.__i18nMissing || [])]")
    assert [k for k in missing if k.startswith(("account.", "rating.", "stats.", "history."))] == []


def test_a_signed_in_player_without_a_name_plays_under_the_account_name(page: Page) -> None:
    """No name chosen in Settings: a signed-in player's game against the bots is
    played under the account's name, not "Player"."""
    _history(page)
    username = f"zoe{uuid.uuid4().hex[:8]}"
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.click("#account-signup")
    expect(page.locator("#account-status")).to_contain_text(username)
    page.click("#tab-play")
    page.click("#new-game")
    expect(page.locator('.seat[data-pos="bottom"] .plate')).to_contain_text(username)

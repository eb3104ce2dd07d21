"""The History tab in Chromium: a finished game appears with the player's statistics,
and the replay viewer steps through it (buttons, keyboard, slider), every hand face up.
Also the Info tab: the rules of the chosen rule set, translated."""

from __future__ import annotations

import json
import time
import uuid

import pytest
from playwright.sync_api import Page, expect

from .pages import call, open_page


def _finished_game(page: Page, base: str, name: str) -> str:
    """A Rook game to 50 points: the human seat, taken by ``name`` with the
    browser's player cookie (``page.request`` shares the page's cookies), is played
    by the table's bot at once (grace 0); the game's table id once it is over."""
    created = call(
        base,
        "POST",
        "/api/tables",
        {"rules": "rook/crowsnest", "options": {"target": 50}, "grace": 0, "bot_delay": 0},
    )
    table_id: str = created["table"]["id"]
    joined = page.request.post(f"{base}/api/tables/{table_id}/join", data={"name": name})
    assert joined.ok, joined.text()
    deadline = time.monotonic() + 60
    while call(base, "GET", f"/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.05)
    return table_id


def _as_player(page: Page, name: str, language: str = "en") -> None:
    settings = json.dumps({"name": name})
    page.add_init_script(
        f"localStorage.setItem('crowsnest.settings', {json.dumps(settings)});"
        f"localStorage.setItem('crowsnest.language', {json.dumps(language)});"
    )


def _missing(page: Page) -> list[str]:
    keys: list[str] = page.evaluate("[...(window.__i18nMissing || [])]")
    return [k for k in keys if k.startswith(("history.", "rules."))]


def test_history_lists_the_game_and_steps_the_replay(server_url: str, page: Page) -> None:
    name = f"Replay {uuid.uuid4().hex[:6]}"
    table_id = _finished_game(page, server_url, name)
    replay = call(server_url, "GET", f"/api/tables/{table_id}/replay")
    steps = replay["steps"]
    _as_player(page, name)
    open_page(page)
    page.click("#tab-history")
    games = page.locator(".history-game")
    expect(games).to_have_count(1)
    expect(games.first).to_have_attribute("data-table", table_id)
    expect(page.locator("#history-stats")).to_contain_text("Games played")
    scores = " : ".join(str(s) for s in replay["final_scores"])
    expect(games.first.locator(".history-scores")).to_have_text(scores)

    games.first.locator("button.replay-open").click()
    position = page.locator("#replay-position")
    expect(position).to_have_attribute("data-index", "0")
    # All four hands face up at the deal.
    hand_size = len(steps[0]["hands"][0])
    for seat in range(4):
        cards = page.locator(f'.replay-hand[data-seat="{seat}"] .card')
        expect(cards).to_have_count(hand_size)
        expect(cards.first).to_have_attribute("data-card", steps[0]["hands"][seat][0])
    expect(page.locator("#replay-prev")).to_be_disabled()

    page.click("#replay-next")
    expect(position).to_have_attribute("data-index", "1")
    first = steps[1]["action"]
    assert first["text"].startswith("bid")
    # Every seat by its one name, a bot's too (the name its table gave it).
    bidder = replay["seats"][first["seat"]]["name"]
    assert bidder
    expect(position).to_contain_text(bidder)

    # The next trick: four cards on the table and the winner named.
    page.click("#replay-next-trick")
    trick_at = next(i for i, s in enumerate(steps) if s["trick_done"])
    expect(position).to_have_attribute("data-index", str(trick_at))
    done = steps[trick_at]["trick_done"]
    expect(page.locator(".replay-trick .card")).to_have_count(4)
    expect(page.locator(".replay-trick .card").first).to_have_attribute(
        "data-card", done["cards"][0]
    )

    # Keyboard: the board takes arrows (step), End (last step), Home (first).
    board = page.locator(".replay-board")
    board.focus()
    page.keyboard.press("ArrowRight")
    expect(position).to_have_attribute("data-index", str(trick_at + 1))
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_attribute("data-index", str(trick_at))
    page.keyboard.press("End")
    last = len(steps) - 1
    expect(position).to_have_attribute("data-index", str(last))
    expect(page.locator(".replay-winner")).to_be_visible()
    expect(page.locator("#replay-next")).to_be_disabled()
    expect(page.locator("#replay-slider")).to_have_value(str(last))
    page.keyboard.press("Home")
    expect(position).to_have_attribute("data-index", "0")

    # The slider moves anywhere; the next hand button finds the next deal.
    page.locator("#replay-slider").fill(str(trick_at))
    expect(position).to_have_attribute("data-index", str(trick_at))
    page.click("#replay-next-hand")
    dealt = [i for i, s in enumerate(steps) if s.get("dealt")]
    expect(position).to_have_attribute("data-index", str(dealt[0] if dealt else last))
    assert _missing(page) == []


@pytest.mark.parametrize(("lang", "words"), [("en", "Fair deal"), ("he", "חלוקה הוגנת")])
def test_the_replay_verifies_its_deal(server_url: str, page: Page, lang: str, words: str) -> None:
    """The replay viewer's "verify this deal" asks the server to check the revealed
    secret against the commitment published before the first card, and says so."""
    name = f"Verify {uuid.uuid4().hex[:6]}"
    table_id = _finished_game(page, server_url, name)
    commitment = call(server_url, "GET", f"/api/tables/{table_id}/verify")["commitment"]
    _as_player(page, name, lang)
    open_page(page)
    page.click("#tab-history")
    page.locator(".history-game button.replay-open").first.click()
    page.click("#replay-verify")
    verdict = page.locator("#replay-verified")
    expect(verdict).to_have_attribute("data-verified", "true")
    expect(verdict).to_contain_text(words)
    expect(verdict).to_contain_text(commitment[:16])
    assert _missing(page) == []


def test_history_in_hebrew_and_an_unknown_player(server_url: str, page: Page) -> None:
    _as_player(page, f"Nobody {uuid.uuid4().hex[:6]}", "he")
    open_page(page)
    page.click("#tab-history")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#history-games")).to_contain_text("עדיין אין משחקים")
    assert _missing(page) == []


def test_info_tab_shows_the_rules_with_the_chosen_options(server_url: str, page: Page) -> None:
    settings = json.dumps(
        {"rules": "rook/crowsnest", "options": {"rook/crowsnest": {"target": 500}}}
    )
    page.add_init_script(
        f"localStorage.setItem('crowsnest.settings', {json.dumps(settings)});"
        "localStorage.setItem('crowsnest.language', 'pl');"
    )
    open_page(page)
    page.click("#tab-info")
    info = page.locator(".rules-info")
    expect(info).to_contain_text("Zasady: CrowsNest")
    expect(info.locator('[data-key="rules.rook.target"]')).to_contain_text("500 punktów")
    expect(info.locator('[data-key="rules.rook.deck"]')).to_contain_text("41 kart")
    expect(info.locator('[data-key="rules.rook.rank_order"]')).to_contain_text("14, 13, 12")
    assert _missing(page) == []


@pytest.mark.parametrize(
    ("rules_id", "key", "text"),
    [
        ("hearts", "rules.hearts.first_trick", "ani Damy pik, chyba"),
        ("hearts", "rules.hearts.not_played", "z Waletem karo"),
        ("rook/crowsnest", "rules.rook.bird_any_time", "Wronę można zagrać"),
        ("rook/red-one", "rules.rook.red_one_not_any_time", "ptaka Czerwoną 1 nie"),
    ],
)
def test_polish_rules_decline_the_card_names(
    server_url: str, page: Page, rules_id: str, key: str, text: str
) -> None:
    """After a preposition or a verb a card's name takes its case ("ani Damy pik",
    "z Waletem karo"; it read "karty Dama pik", "z kartą Walet karo")."""
    settings = json.dumps({"rules": rules_id})
    page.add_init_script(
        f"localStorage.setItem('crowsnest.settings', {json.dumps(settings)});"
        "localStorage.setItem('crowsnest.language', 'pl');"
    )
    open_page(page)
    page.click("#tab-info")
    expect(page.locator(f'.rules-info [data-key="{key}"]')).to_contain_text(text)
    assert _missing(page) == []

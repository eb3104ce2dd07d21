"""The hand review panel in Chromium: in the hand summary once the
server has reviewed the hand (`review_ready`), without hindsight, and not at all
when Settings turn reviews off; in the History tab's replay viewer, every reviewed
hand with its hindsight part apart. In all four languages, at desktop and phone
sizes. The server here samples 4 worlds a decision, so that a review takes well
under a second; the figures shown are the server's, compared with its answer."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from crowsnest.engine import replay
from crowsnest.web import catalog
from server.helpers import Player, ServerProcess, http, ws_url

from .pages import call, isolated, open_page
from .test_play import INSTANT, open_with, play_until

DESKTOP: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
LANGUAGES = ("en", "el", "he", "pl")


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``crowsnest serve`` that reviews every hand (4 worlds a decision)."""
    env = {
        "CROWSNEST_GRACE": "3600",
        "CROWSNEST_REVIEW_WORLDS": "4",
        "CROWSNEST_REVIEW_NODES": "3000",
    }
    server = ServerProcess(tmp_path_factory.mktemp("review-server"), env)
    try:
        yield server.start(timeout=120).base  # a loaded machine starts it slowly
    finally:
        server.stop()


def reviews(base: str, table_id: str, token: str | None = None, **query: int) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    params = "&".join(f"{k}={v}" for k, v in query.items())
    status, body = http(base, "GET", f"/api/tables/{table_id}/review?{params}", headers=headers)
    assert status == 200, body
    return dict(body)


def missing(page: Page) -> list[str]:
    keys: list[str] = page.evaluate("[...(window.__i18nMissing || [])]")
    return [k for k in keys if k.startswith("review.")]


def session(page: Page) -> dict[str, Any]:
    """The one seat this browser holds: its table id and token."""
    sessions = json.loads(page.evaluate("localStorage.getItem('crowsnest.sessions')") or "{}")
    (only,) = sessions.values()
    return dict(only)


@pytest.mark.parametrize(
    ("lang", "size"), [("en", "desktop"), ("el", "phone"), ("he", "desktop"), ("pl", "phone")]
)
def test_the_summary_shows_the_hands_review(
    browser: Browser, review_server: str, screenshots: Path, lang: str, size: str
) -> None:
    context = browser.new_context(base_url=review_server, viewport=SIZES[size])
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "hearts", "reviews": True}, lang)
        page.click("#new-game")
        play_until(page, "hand-summary")
        words = catalog(lang)
        panel = page.locator("#hand-summary #summary-review .review-panel")
        expect(panel).to_be_visible(timeout=60_000)
        expect(panel.locator("h3")).to_have_text(words["review.title"])
        expect(panel).to_have_attribute("data-hand", "0")
        seat = session(page)
        stored = reviews(review_server, seat["tableId"], seat["token"], hand=0)
        (mine,) = stored["reviews"]
        decisions = mine["review"]["decisions"]
        flagged = [d for d in decisions if d["band"] is not None]
        chosen = [d for d in decisions if d["legal"] > 1]
        # one decision at a time: the first costly one, else the first with a choice
        expect(panel.locator(".review-decision")).to_have_count(1 if chosen else 0)
        shown = (flagged or chosen)[0] if chosen else None
        if shown is not None:
            first = panel.locator(".review-decision")
            expect(first).to_have_attribute("data-step", str(shown["step"]))
            if shown["band"] is not None:
                band = words[f"review.band.{shown['band']}"]
                expect(first.locator(".review-band")).to_have_text(band)
            expect(first.locator(".review-hand .card")).to_have_count(len(shown["hand"]))
        if not flagged:
            expect(panel.locator(".review-flagged")).to_have_text(words["review.none"])
        accuracy = mine["review"]["accuracy"]
        if accuracy is not None:
            expect(panel.locator(".review-accuracy")).to_be_visible()
        expect(panel.locator(".review-hindsight")).to_have_count(0)  # not before the end
        page.screenshot(path=str(screenshots / f"review-summary-{lang}-{size}.png"))
        assert missing(page) == []
    finally:
        context.close()


def test_reviews_turned_off_in_settings_are_not_shown(browser: Browser, review_server: str) -> None:
    """Settings "review my decisions" off: the client tells the server, which computes
    none for the seat; the summary asks for none and shows none."""
    context = browser.new_context(base_url=review_server, viewport=DESKTOP)
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "hearts", "reviews": False})
        page.click("#new-game")
        play_until(page, "hand-summary")
        expect(page.locator("#hand-summary tbody tr")).to_have_count(4)
        expect(page.locator("#summary-review")).to_have_count(0)
        seat = session(page)
        stored = reviews(review_server, seat["tableId"], seat["token"], hand=0)
        assert stored["reviews"] == [] and stored["pending"] == []  # none, none coming
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "size"), [("en", "phone"), ("el", "desktop"), ("he", "phone"), ("pl", "desktop")]
)
def test_the_summary_says_when_no_review_will_come(
    browser: Browser, review_server: str, screenshots: Path, lang: str, size: str
) -> None:
    """Reviews on in this browser, but turned off for the seat at the server (from
    another device): the server skips the hand and says so (``review_skipped``);
    the summary says no review will come instead of "being reviewed" for ever."""
    context = browser.new_context(base_url=review_server, viewport=SIZES[size])
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "hearts", "reviews": True}, lang)
        page.click("#new-game")
        page.wait_for_function("localStorage.getItem('crowsnest.sessions')?.includes('token')")
        seat = session(page)
        headers = {"Authorization": f"Bearer {seat['token']}"}
        path = f"/api/tables/{seat['tableId']}/review"
        status, _ = http(review_server, "PUT", path, {"on": False}, headers=headers)
        assert status == 200
        play_until(page, "hand-summary")
        words = catalog(lang)
        slot = page.locator("#hand-summary #summary-review")
        expect(slot.locator(".review-skipped")).to_have_text(words["review.skipped"])
        expect(slot.locator(".review-pending")).to_have_count(0)
        page.screenshot(path=str(screenshots / f"review-skipped-{lang}-{size}.png"))
        assert missing(page) == []
    finally:
        context.close()


def test_no_review_slot_where_the_server_reviews_no_hands(page: Page) -> None:
    """At a server with ``review_worlds = 0`` (the shared test server) the summary's
    "being reviewed" line goes away once the server says it reviews no hands."""
    open_with(page, {**INSTANT, "rules": "hearts", "reviews": True})
    page.click("#new-game")
    play_until(page, "hand-summary")
    expect(page.locator("#hand-summary tbody tr")).to_have_count(4)
    expect(page.locator("#summary-review")).to_have_count(0)


@pytest.fixture(scope="module")
def reviewed_game(review_server: str) -> tuple[str, str, dict[str, Any], str]:
    """A finished Hearts game whose human seat was played (scripted) by ``name``,
    once every hand is reviewed: (table id, name, its reviews, the player's identity
    cookie, so a browser can open the game from that player's History)."""
    return played_and_reviewed(review_server, {"rules": "hearts", "seed": 5})


@pytest.fixture(scope="module")
def reviewed_rook_game(review_server: str) -> tuple[str, str, dict[str, Any], str]:
    """The same of a short CrowsNest Rook game (to 50 points)."""
    table = {"rules": "rook/crowsnest", "seed": 7, "options": {"target": 50}}
    return played_and_reviewed(review_server, table)


def played_and_reviewed(
    review_server: str, table: dict[str, Any]
) -> tuple[str, str, dict[str, Any], str]:
    name = f"Review {uuid.uuid4().hex[:6]}"
    created = call(review_server, "POST", "/api/tables", table)
    table_id: str = created["table"]["id"]
    request = urllib.request.Request(
        f"{review_server}/api/tables/{table_id}/join",
        data=json.dumps({"name": name}).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        token = json.loads(answer.read())["token"]
        cookie = SimpleCookie(answer.headers["Set-Cookie"])["crowsnest_session"].value
    player = Player(ws_url(review_server, table_id), token)
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this thread
        thread.submit(lambda: asyncio.run(player.run())).result()
    hands = len(replay(call(review_server, "GET", f"/api/tables/{table_id}/record")).results)
    # Every review done or given up: a game played this fast may queue more than the
    # client's share (`review_share`), and a review past it is skipped (`busy`).
    deadline = time.monotonic() + 400  # reviews run at the lowest priority: a loaded machine
    while (found := reviews(review_server, table_id))["pending"]:
        assert time.monotonic() < deadline, "the hands were not all reviewed"
        time.sleep(0.1)
    done = {r["hand_number"] for r in found["reviews"]}
    assert set(range(min(hands, 2))) <= done and len(done) >= min(hands, 8), (hands, sorted(done))
    return table_id, name, found, cookie


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_shows_each_hands_review_with_hindsight(
    browser: Browser,
    review_server: str,
    reviewed_game: tuple[str, str, dict[str, Any], str],
    screenshots: Path,
    lang: str,
    size: str,
) -> None:
    table_id, name, found, cookie = reviewed_game
    context = browser.new_context(base_url=review_server, viewport=SIZES[size])
    # the player who played the game, in this browser: its History lists the game
    context.add_cookies([{"name": "crowsnest_session", "value": cookie, "url": review_server}])
    try:
        page = context.new_page()
        settings = json.dumps({"name": name})
        page.add_init_script(
            f"localStorage.setItem('crowsnest.settings', {json.dumps(settings)});"
            f"localStorage.setItem('crowsnest.language', {json.dumps(lang)});"
        )
        open_page(page)
        page.click("#tab-history")
        game = page.locator(f'.history-game[data-table="{table_id}"]')
        game.locator("button.replay-open").click()
        words = catalog(lang)
        for hand in (0, 1):
            panel = page.locator("#replay-review .review-panel")
            expect(panel).to_have_attribute("data-hand", str(hand))
            expect(panel).to_have_attribute("data-seat", "0")
            expect(panel.locator("h3")).to_have_text(
                words["review.title_seat"].replace("{name}", isolated(name, lang))
            )
            stored = next(r for r in found["reviews"] if r["hand_number"] == hand)
            decisions = stored["review"]["decisions"]
            chosen = [d for d in decisions if d["legal"] > 1]
            expect(panel.locator(".review-decision")).to_have_count(1 if chosen else 0)
            hindsight = panel.locator(".review-hindsight")
            expect(hindsight.locator("summary")).to_have_text(words["review.hindsight"])
            seen = [d["hindsight"] for d in decisions if d["hindsight"]]
            costly = [x for x in seen if (x["cost"] or 0) > 0]
            expect(hindsight.locator(".review-hindsight-item")).to_have_count(min(5, len(costly)))
            # the early tricks' exact search ran out of its (small) budget: said so
            cut = [x for x in seen if x["cut_short"]]
            assert cut, "3000 positions cannot solve a first trick"
            expect(hindsight.locator(".review-hindsight-cut")).to_have_text(
                words["review.hindsight_cut"]
            )
            if hand == 0:
                panel.screenshot(path=str(screenshots / f"review-replay-{lang}-{size}.png"))
                page.click("#replay-next-hand")
        assert missing(page) == []
    finally:
        context.close()


# -- the coach: one decision at a time, its position, its reason ------------------------

COACH: dict[str, ViewportSize] = {
    "desktop": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}
SHOTS = Path("/tmp/coach-shots")


def cards_of(action: str | None) -> list[str]:
    """The cards an action names (a card played, passed or discarded)."""
    if not action:
        return []
    verb, *rest = action.split()
    return rest if verb in ("play", "pass", "discard") else []


def marks(d: dict[str, Any]) -> list[str | None]:
    """Each card of the decision's hand: played (yours), suggested, both or neither."""
    taken = set(cards_of(d["taken"]))
    best = set(cards_of(d["best"])) if d["best"] not in (None, d["taken"]) else set()
    out: list[str | None] = []
    for code in d["hand"]:
        mark = {(True, True): "both", (True, False): "played", (False, True): "best"}
        out.append(mark.get((code in taken, code in best)))
    return out


def check_decision(page: Page, card: Any, d: dict[str, Any], height: int) -> None:
    """The decision's card as shown: one screen high, its cards marked, its reason in
    words (no placeholder left), a label only past the noise rule."""
    expect(card).to_have_attribute("data-step", str(d["step"]))
    box = card.bounding_box()
    assert box is not None and box["height"] <= height, f"{box} taller than {height}"
    shown = card.locator(".review-hand .card").evaluate_all(
        "els => els.map(e => e.dataset.mark ?? null)"
    )
    assert shown == marks(d)
    if d["reason"] is not None:
        why = card.locator(".review-why")
        expect(why).to_have_attribute("data-code", d["reason"]["code"])
        text = why.inner_text()
        assert text.strip() and "{" not in text and "review.why" not in text
        assert why.is_visible()
    verdict = card.get_attribute("data-verdict")
    if d["band"] is not None:
        assert verdict == d["band"]
    else:
        assert verdict in ("best", "close")


def obeys_the_noise_rule(review: dict[str, Any]) -> None:
    """Labelled only when the cost exceeds 2 standard errors and the least band."""
    least = min(review["bands"].values())
    for d in review["decisions"]:
        clear = d["cost"] > 2 * d["se"] and d["cost"] >= least
        assert (d["band"] is not None) == clear, d


@pytest.mark.parametrize("size", list(COACH))
@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_coach_steps_through_a_hand_beside_the_replay(
    browser: Browser,
    review_server: str,
    reviewed_game: tuple[str, str, dict[str, Any], str],
    lang: str,
    size: str,
) -> None:
    """From History: the replay with the review beside it; each decision of the first
    hand stepped through with "next", the table going to that decision's position."""
    step_through_the_first_hand(browser, review_server, reviewed_game, lang, size, "hearts")


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("he", "phone")])
def test_the_coach_reviews_the_auction_the_nest_and_the_trump(
    browser: Browser,
    review_server: str,
    reviewed_rook_game: tuple[str, str, dict[str, Any], str],
    lang: str,
    size: str,
) -> None:
    """Rook: the bids, and (when the seat declared) its nest and trump, then its cards."""
    phases = step_through_the_first_hand(
        browser, review_server, reviewed_rook_game, lang, size, "rook"
    )
    assert "auction" in phases and "play" in phases


def step_through_the_first_hand(
    browser: Browser,
    review_server: str,
    game: tuple[str, str, dict[str, Any], str],
    lang: str,
    size: str,
    family: str,
) -> set[str]:
    """Each decision with a choice of the first hand, stepped through beside the
    replay; the phases seen."""
    table_id, name, found, cookie = game
    viewport = COACH[size]
    context = browser.new_context(base_url=review_server, viewport=viewport)
    context.add_cookies([{"name": "crowsnest_session", "value": cookie, "url": review_server}])
    SHOTS.mkdir(exist_ok=True)
    try:
        page = context.new_page()
        settings = json.dumps({"name": name})
        page.add_init_script(
            f"localStorage.setItem('crowsnest.settings', {json.dumps(settings)});"
            f"localStorage.setItem('crowsnest.language', {json.dumps(lang)});"
        )
        open_page(page)
        page.click("#tab-history")
        page.locator(f'.history-game[data-table="{table_id}"] button.replay-open').click()
        panel = page.locator("#replay-review .review-panel")
        expect(panel).to_have_attribute("data-hand", "0")
        review = next(r for r in found["reviews"] if r["hand_number"] == 0)["review"]
        obeys_the_noise_rule(review)
        chosen = [d for d in review["decisions"] if d["legal"] > 1]
        expect(panel.locator(".review-step")).to_have_count(len(chosen))
        labelled = panel.locator(".review-step[data-verdict='inaccuracy'], "
                                 ".review-step[data-verdict='mistake'], "
                                 ".review-step[data-verdict='blunder']")  # fmt: skip
        expect(labelled).to_have_count(sum(d["band"] is not None for d in chosen))
        shot = next((d for d in chosen if d["band"]), chosen[0])
        for i, d in enumerate(chosen):
            if i:
                panel.locator(".review-next").click()
            card = panel.locator(".review-decision")
            check_decision(page, card, d, viewport["height"])
            # the replay's table is at the decision: the seat's hand is the one reviewed
            bottom = page.locator(".replay-bottom .replay-cards li")
            expect(bottom).to_have_count(len(d["hand"]))
            held = bottom.evaluate_all("els => els.map(e => e.dataset.card)")
            assert sorted(held) == sorted(d["hand"])
            if d is shot:
                card.scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / f"coach-replay-{family}-{lang}-{size}.png"))
        expect(panel.locator(".review-next")).to_be_disabled()
        panel.locator(".review-step").first.click()
        expect(panel.locator(".review-decision")).to_have_attribute(
            "data-step", str(chosen[0]["step"])
        )
        expect(panel.locator(".review-prev")).to_be_disabled()
        assert missing(page) == []
        return {d["phase"] for d in chosen}
    finally:
        context.close()


@pytest.mark.parametrize("size", list(COACH))
@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_coach_after_the_hand_fits_one_screen_a_decision(
    browser: Browser, review_server: str, screenshots: Path, lang: str, size: str
) -> None:
    """After the hand, in its summary: one decision at a time, stepped with "next"
    and "previous" in the panel itself; what accuracy and the cost mean, in words."""
    viewport = COACH[size]
    context = browser.new_context(base_url=review_server, viewport=viewport)
    SHOTS.mkdir(exist_ok=True)
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "hearts", "reviews": True}, lang)
        page.click("#new-game")
        play_until(page, "hand-summary")
        panel = page.locator("#hand-summary #summary-review .review-panel")
        expect(panel).to_be_visible(timeout=60_000)
        seat = session(page)
        (mine,) = reviews(review_server, seat["tableId"], seat["token"], hand=0)["reviews"]
        review = mine["review"]
        obeys_the_noise_rule(review)
        chosen = [d for d in review["decisions"] if d["legal"] > 1]
        first = next((i for i, d in enumerate(chosen) if d["band"]), 0)
        card = panel.locator(".review-decision")
        check_decision(page, card, chosen[first], viewport["height"])
        words = catalog(lang)
        explain = panel.locator(".review-explain")
        explain.locator("summary").click()
        expect(explain.locator("p").first).to_have_text(words["review.explain_cost"])
        least = min(review["bands"].values())
        assert (
            str(round(least, 1)).rstrip("0").rstrip(".") in explain.locator("p").nth(1).inner_text()
        )
        explain.locator("summary").click()
        card.scroll_into_view_if_needed()
        path = f"coach-summary-{lang}-{size}.png"
        page.screenshot(path=str(SHOTS / path))
        page.screenshot(path=str(screenshots / path))
        if first + 1 < len(chosen):
            panel.locator(".review-next").click()
            check_decision(
                page, panel.locator(".review-decision"), chosen[first + 1], viewport["height"]
            )
            panel.locator(".review-prev").click()
            expect(panel.locator(".review-decision")).to_have_attribute(
                "data-step", str(chosen[first]["step"])
            )
        assert missing(page) == []
    finally:
        context.close()

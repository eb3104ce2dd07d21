"""The move log lists the hand's events for the eyes (not only the screen reader): the
bids, the contract and the trump as headlines (also shown as a banner), and who took
each trick; opened again in the middle of a hand, it tells the hand so far. Every trick
of the hand can be looked at again."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from crowsnest.web import catalog

from .test_play import INSTANT, WAIT_FOR_TURN, act, open_with

# Every text the banner shows, recorded as it is shown (it stays a few seconds).
RECORD_BANNERS = """() => {
    window.__banners = [];
    const banner = document.querySelector("#banner");
    new MutationObserver(() => {
        if (!banner.hidden && banner.textContent) window.__banners.push(banner.textContent);
    }).observe(banner, { attributes: true, childList: true, characterData: true, subtree: true });
}"""
LOG = """() => [...document.querySelectorAll('#moves-list li')]
    .map((li) => [li.textContent, li.classList.contains('headline')])"""


def _view(page: Page) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate("() => window.__crowsnest.game.current.view")
    return view


def test_the_move_log_tells_the_hand(page: Page) -> None:
    open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "easy"})
    page.click("#new-game")
    expect(page.locator("#banner")).to_have_count(1)  # the table is drawn
    page.evaluate(RECORD_BANNERS)
    for _ in range(200):  # until two tricks are taken
        page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
        if len(_view(page)["tricks"]) >= 2:
            break
        act(page)
    else:
        raise AssertionError("no two tricks")
    view = _view(page)
    page.click("#show-moves")
    expect(page.locator("#moves")).to_be_visible()
    log: list[list[Any]] = page.evaluate(LOG)
    texts = [text for text, _ in log]
    headlines = [text for text, headline in log if headline]
    names = {s: page.evaluate(f"() => window.__crowsnest.game.name({s})") for s in range(4)}
    # a line per bid or pass, in order; the contract and the trump as headlines
    bids = [t for t in texts if any(t.startswith(n) or t.startswith("You") for n in names.values())]
    assert len(bids) >= len(view["auction"])
    assert len(headlines) == 2, log
    assert str(view["bid"]) in headlines[0]
    assert view["trump"] in headlines[1].lower()
    # a line per trick taken, after the trump
    tricks = [t for t in texts[texts.index(headlines[1]) :] if "trick" in t]
    assert len(tricks) == len(view["tricks"]), log
    # the headlines were shown over the table too
    banners: list[str] = page.evaluate("() => window.__banners")
    assert headlines[0] in banners and headlines[1] in banners
    page.click("#moves-close")
    expect(page.locator("#moves")).to_be_hidden()

    # every trick of the hand can be looked at again, not only the last one
    words = catalog("en")
    page.click("#last-trick")
    title = page.locator("#last-trick-title")
    expect(title).to_have_text(words["table.last_trick"])
    expect(page.locator("#trick-next")).to_be_disabled()
    shown = page.locator("#last-trick-view .trick-list li")
    expect(shown).to_have_count(len(view["tricks"][-1]["cards"]))
    page.click("#trick-prev")
    count = len(view["tricks"])
    expect(title).to_have_text(
        words["table.trick_n"].replace("{n}", str(count - 1)).replace("{count}", str(count))
    )
    first = view["tricks"][count - 2]["cards"]
    faces = page.locator("#last-trick-view .trick-list .card").all()
    got = [c.get_attribute("data-card") or "" for c in faces]
    assert sorted(got) == sorted(first)
    page.keyboard.press("Escape")
    expect(page.locator("#last-trick-view")).to_be_hidden()

    # opened again, the log tells the same hand from the view
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#hand .card").first).to_be_visible()
    page.click("#show-moves")
    expect(page.locator("#moves-list li.headline")).to_have_count(2)
    again: list[list[Any]] = page.evaluate(LOG)
    assert [t for t, h in again if h] == headlines
    assert len([t for t, _ in again if "trick" in t]) == len(_view(page)["tricks"])


# The most cards the trick area held as a finished trick (data-held), as it happens.
RECORD_HELD = """() => {
    window.__held = 0;
    const area = document.querySelector("#trick");
    new MutationObserver(() => {
        if (area.hasAttribute("data-held")) {
            window.__held = Math.max(window.__held, area.querySelectorAll(".card").length);
        }
    }).observe(area, { attributes: true, childList: true });
}"""


def test_a_finished_trick_stays_readable_at_instant_speed(page: Page) -> None:
    """With no animations (speed "instant") a finished trick is not swept at once: its
    four cards stay on the table, marked as finished, until the next card is played
    or a short pause has passed."""
    open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"})
    page.click("#new-game")
    expect(page.locator("#trick")).to_have_count(1)
    page.evaluate(RECORD_HELD)
    for _ in range(100):
        page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
        if len(_view(page)["tricks"]) >= 2:
            break
        act(page)
    else:
        raise AssertionError("no two tricks")
    assert page.evaluate("() => window.__held") == 4
    # and it goes: a short pause later the table shows the trick in play only
    expect(page.locator("#trick[data-held]")).to_have_count(0)

"""The page in every language: nothing untranslated, Hebrew right to left, no serious
accessibility violation, and a screenshot of the table in each language (desktop and
phone) kept in ``test-artifacts/screenshots/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, ViewportSize, expect

from crowsnest.server.people.presets import BOT_NAMES
from crowsnest.web import LANGUAGES, catalog

from .pages import call, open_page

TABS = ("settings", "info", "history", "play")
KEY_LIKE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-zA-Z0-9_-]+)+$")
"""Text that looks like a catalog key (``settings.title``) rather than words."""
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}

# Each seat's name as shown: its text, how many lines it takes, its title.
SEAT_NAMES = """() => [...document.querySelectorAll(".seat-name")].map((el) => ({
    text: el.textContent,
    lines: Math.round(
        el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)
    ),
    title: el.title,
}))"""
SCROLLS_DOWN = "() => document.documentElement.scrollHeight - document.documentElement.clientHeight"


def choose_language(page: Page, lang: str) -> None:
    open_page(page)
    page.click("#tab-settings")
    expect(page.locator("#panel-settings")).to_be_visible()
    page.select_option("#settings-language", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def start_game(page: Page) -> None:
    """A CrowsNest game against bots, from the Play tab; returns once the hand shows."""
    page.click("#tab-play")
    page.click("#new-game")
    expect(page.locator("#hand button.card").first).to_be_visible(timeout=15_000)


def missing_keys(page: Page) -> list[str]:
    missing: list[str] = page.evaluate("() => [...(window.__i18nMissing ?? [])]")
    return missing


def key_like_texts(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(
        """() => {
            const out = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walker.nextNode()) {
                const text = walker.currentNode.textContent.trim();
                if (text) out.push(text);
            }
            for (const el of document.querySelectorAll("[aria-label],[title],[placeholder]")) {
                for (const name of ["aria-label", "title", "placeholder"]) {
                    const value = el.getAttribute(name);
                    if (value) out.push(value.trim());
                }
            }
            return out;
        }"""
    )
    return [t for t in texts if KEY_LIKE.match(t)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tab_and_the_table_are_translated(page: Page, lang: str) -> None:
    choose_language(page, lang)
    for tab in TABS:
        page.click(f"#tab-{tab}")
        expect(page.locator(f"#panel-{tab}")).to_be_visible()
        page.wait_for_load_state("networkidle")
    start_game(page)
    page.wait_for_load_state("networkidle")
    assert missing_keys(page) == []
    assert key_like_texts(page) == []
    english = catalog("en")
    if lang != "en":
        for key in ("tab.settings", "tab.history"):
            label = page.locator(f"#tab-{key.split('.')[1]}").inner_text().strip()
            assert label == catalog(lang)[key] and label != english[key]


def test_hebrew_turns_the_layout_right_to_left(page: Page) -> None:
    choose_language(page, "he")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    direction = page.evaluate("() => getComputedStyle(document.body).direction")
    assert direction == "rtl"
    tabs = [page.locator(f"#tab-{t}").bounding_box() for t in ("play", "settings")]
    assert tabs[0] is not None and tabs[1] is not None
    assert tabs[0]["x"] > tabs[1]["x"], "the first tab sits on the right in Hebrew"
    choose_language(page, "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")


def test_language_is_remembered_between_visits(page: Page) -> None:
    choose_language(page, "pl")
    open_page(page)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#tab-settings")).to_have_text(catalog("pl")["tab.settings"])


def serious(results: Any) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", ["en", "he"])
def test_no_serious_accessibility_violation(page: Page, lang: str) -> None:
    axe = Axe()
    choose_language(page, lang)
    found: dict[str, list[str]] = {}
    for tab in ("settings", "info", "history", "play"):
        page.click(f"#tab-{tab}")
        page.wait_for_load_state("networkidle")
        found[tab] = serious(axe.run(page))
    start_game(page)
    found["table"] = serious(axe.run(page))
    assert found == {tab: [] for tab in found}


def test_no_serious_accessibility_violation_when_watching(server_url: str, page: Page) -> None:
    """A spectator's table (no hand, nothing to do) and the lobby listing it."""
    created = call(server_url, "POST", "/api/tables", {"bot_delay": 0})
    table_id = created["table"]["id"]
    call(server_url, "POST", f"/api/tables/{table_id}/join", {"name": "Ann"})
    open_page(page)
    page.click("#tab-play")
    expect(page.locator(f'#public-tables button.watch[data-table="{table_id}"]')).to_be_visible()
    axe = Axe()
    assert serious(axe.run(page)) == []
    open_page(page, f"/?table={table_id}&watch=1")
    expect(page.locator("body")).to_have_attribute("data-role", "spectator")
    expect(page.locator(".seat .backs")).to_have_count(4)
    assert serious(axe.run(page)) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_the_table(page: Page, lang: str, screenshots: Path) -> None:
    """The table fits: nothing scrolls sideways, seat names never break inside a word
    (a name cut short keeps its full text in its title), and on a 1280 by 720 or
    1366 by 768 screen the whole table with your hand shows without scrolling."""
    choose_language(page, lang)
    start_game(page)
    for name, size in (("desktop", DESKTOP), ("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        settled(page)  # the layout and its transitions after the resize
        path = screenshots / f"table-{lang}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 1, f"{name}: the page scrolls sideways by {overflow}px"
        names = page.evaluate(SEAT_NAMES)
        assert len(names) == 4
        for seat in names:
            assert seat["lines"] == 1, f"{name}: {seat['text']!r} takes {seat['lines']} lines"
            assert seat["title"] == seat["text"]
        if name != "phone":
            hand = page.locator("#hand").bounding_box()
            assert hand is not None
            below = hand["y"] + hand["height"] - size["height"]
            assert below <= 0, f"{name}: the hand ends {below}px below the screen"
            scroll = page.evaluate(SCROLLS_DOWN)
            assert scroll <= 1, f"{name}: the page scrolls down by {scroll}px"


SETTLED = """() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(
        document.getAnimations().every((a) => a.playState !== "running"
            || a.effect?.getComputedTiming().iterations === Infinity)
    )))
)"""


def settled(page: Page) -> None:
    """Wait until the page has drawn twice since now and no CSS transition or animation
    is running (a pulse that never ends aside): an observed state, not a guessed delay."""
    page.wait_for_function(SETTLED, timeout=15_000, polling=50)


CONTRAST = """(el) => {
    const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
        const f = (c) => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_tabs_stay_readable_under_the_pointer(page: Page) -> None:
    """A hovered tab, selected or not, keeps WCAG AA contrast (4.5:1); axe scans
    without a pointer, so it never sees the hover colours."""
    open_page(page)
    for tab in TABS:
        page.click(f"#tab-{tab}")
        for other in TABS:
            button = page.locator(f"#tab-{other}")
            button.hover()
            settled(page)  # any colour transition has finished
            ratio = button.evaluate(CONTRAST)
            assert ratio >= 4.5, f"#tab-{other} hovered on {tab}: contrast {ratio:.2f}"


def test_a_refusal_is_shown_translated_with_its_arguments(page: Page) -> None:
    """The server refuses with a code and arguments; the page words it in the
    player's language (a bid the page itself would never offer is sent by hand)."""
    choose_language(page, "pl")
    start_game(page)
    expect(page.locator('#auction [data-action="bid 70"]')).to_be_visible()
    page.evaluate("() => window.__crowsnest.game.send('bid 5')")
    toast = page.locator("#toast")
    expect(toast).to_have_text("Ta odzywka jest za niska: licytuj co najmniej 70.")
    expect(page.locator('#auction [data-action="bid 70"]')).to_be_visible()


SEAT_PLACES = """() => {
    const felt = document.querySelector('#felt').getBoundingClientRect();
    const out = {};
    for (const seat of document.querySelectorAll('#felt .seat')) {
        const r = seat.getBoundingClientRect();
        const name = seat.querySelector('.seat-name');
        out[seat.dataset.pos] = {
            x: (r.left + r.right) / 2 - felt.left,
            y: (r.top + r.bottom) / 2 - felt.top,
            direction: name ? getComputedStyle(name).direction : null,
        };
    }
    return {seats: out, width: felt.width};
}"""


@pytest.mark.parametrize("lang", ["he", "en"])
def test_players_sit_in_the_same_places_in_every_language(page: Page, lang: str) -> None:
    """Hebrew writes right to left, but the table is not mirrored: the seat on your
    left (the next to play, clockwise) is drawn on the left, across at the top, the
    one after on the right; only the names on the seats run right to left."""
    choose_language(page, lang)
    start_game(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "he" else "ltr")
    places = page.evaluate(SEAT_PLACES)
    seats, width = places["seats"], places["width"]
    assert seats["left"]["x"] < width / 3 < seats["top"]["x"] < 2 * width / 3 < seats["right"]["x"]
    assert seats["top"]["y"] < seats["left"]["y"] < seats["bottom"]["y"]
    writing = "rtl" if lang == "he" else "ltr"
    assert {s["direction"] for s in seats.values()} == {writing}
    # The seat drawn on the left is the one after yours: its plate shows the name the
    # server gave its bot (seat 1's), the same in every language and on every screen.
    assert page.evaluate("() => window.__crowsnest.game.mySeat") == 0
    name = page.evaluate("() => window.__crowsnest.game.model().seats[1].name")
    assert name in BOT_NAMES
    expect(page.locator('#felt .seat[data-pos="left"] .seat-name')).to_have_text(name)


def test_the_table_shows_its_sealed_deal(page: Page) -> None:
    """The score bar shows the commitment the server published before the first card
    (the full SHA-256 in its title), so a player can later check the revealed deal."""
    choose_language(page, "en")
    start_game(page)
    deal = page.locator("#scorebar .sb-deal")
    expect(deal).to_have_text(re.compile(r"^Deal sealed [0-9a-f]{8}…$"))
    title = deal.get_attribute("title") or ""
    assert re.search(r"SHA-256 [0-9a-f]{64}\)", title), title


@pytest.mark.parametrize("lang", ["pl", "el", "he", "en"])
def test_a_bots_plate_words_its_level_in_the_sentence(page: Page, lang: str) -> None:
    """A bot's plate says "komputer, poziom średni" (the language's own phrase for the
    level), not the capitalised Settings label glued after a comma ("komputer, Średni")."""
    choose_language(page, lang)
    start_game(page)
    words = catalog(lang)
    level = page.evaluate("() => window.__crowsnest.game.model().seats[1].level")
    role = page.locator('#felt .seat[data-pos="left"] .seat-role')
    expect(role).to_contain_text(words[f"people.bot_level.{level}"])
    assert words[f"level.{level}"] not in (role.text_content() or "") or lang == "he"

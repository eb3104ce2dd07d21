"""Playing through the page: a whole CrowsNest game from the Settings tab to the
game-end screen, a Hearts hand with its pass, one hand of every other Rook rule set,
a trick played with the keyboard only, a reload in the middle of a hand, and a
friends' table joined through its invite link.

The page offers only what the server's ``legal`` list holds, so a test that clicks
the first offered choice over and over plays a legal game; bots act at once
(``instant`` speed: ``bot_delay`` 0, no animation)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from crowsnest.web import catalog

from .pages import call

INSTANT = {"speed": "instant", "name": "Ann", "hints": True}

# What the page can ask of the player, and when nothing is asked (a dialog is open).
WAIT_FOR_TURN = """() => {
    const open = document.querySelector("dialog[open]");
    if (open) return open.id;
    if (document.querySelector(".game.acting")) return false;
    if (document.querySelector("#auction, #trump, #confirm-cards")) return "panel";
    if (document.querySelector("#hand .card.legal")) return "play";
    return false;
}"""


OTHER_ROOK = [
    "rook/tournament",
    "rook/partnership",
    "rook/one-high",
    "rook/red-one",
    "rook/buckeye",
    "rook/dixie",
]


def test_every_other_rook_rule_set_is_played_below(server_url: str) -> None:
    rules = call(server_url, "GET", "/api/rules")
    served = {r["id"] for r in rules if r["family"] == "rook"} - {"rook/crowsnest"}
    assert served == set(OTHER_ROOK)


def open_with(page: Page, settings: dict[str, object], lang: str = "en") -> None:
    """Open the page with these settings stored, as a returning visitor would."""
    page.add_init_script(
        f"""if (!sessionStorage.getItem("test-seeded")) {{
            sessionStorage.setItem("test-seeded", "1");
            localStorage.setItem("crowsnest.language", {json.dumps(lang)});
            localStorage.setItem("crowsnest.settings", {json.dumps(json.dumps(settings))});
        }}"""
    )
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


# The point of a card, relative to its box, that no other card covers: found by hit
# testing across it from its left edge (the cards of a hand overlap), or null.
UNCOVERED_POINT = """card => {
    const box = card.getBoundingClientRect();
    for (const fy of [0.8, 0.5, 0.2]) {
        for (let x = 2; x < box.width - 1; x += 2) {
            const hit = document.elementFromPoint(box.left + x, box.top + box.height * fy);
            if (hit && hit.closest(".card") === card) return {x, y: box.height * fy};
        }
    }
    return null;
}"""


def click_card(card: Locator) -> None:
    """Click a card of the hand as a person would: the mouse on a part of it that shows.

    Playwright checks that the card itself receives the click at that point, so a card
    hidden under its neighbours fails the test. A hand drawn again between finding the
    card and clicking it (the element replaced by its new one) is looked up again, and
    a hand still moving into place (its cards dealt or laid out again on a busy
    machine) is looked at again a moment later."""
    for attempt in range(3):
        try:
            card.scroll_into_view_if_needed()
            card.page.mouse.move(0, 0)  # no card raised by the pointer while we look
            point = card.evaluate(UNCOVERED_POINT)
            if not point and attempt < 2:
                card.page.wait_for_timeout(500)
                continue
            assert point, f"no part of {card.get_attribute('data-card')} can be clicked"
            card.click(position=point)
            return
        except PlaywrightError as err:
            if "not attached" not in str(err) or attempt == 2:
                raise


def choose_cards(page: Page) -> None:
    """Pick the first offered cards until the pass or discard may be confirmed."""
    confirm = page.locator("#confirm-cards")
    while confirm.is_disabled():
        click_card(page.locator("#hand .card.legal[aria-pressed=false]").first)
    confirm.click()


def act(page: Page, *, bid: str = "first", stop_at: str = "") -> str:
    """Wait until the page asks something, answer it with the first offered choice.

    Returns what was answered: a dialog id, "bid", "trump", "cards" or "play"."""
    asked = str(page.wait_for_function(WAIT_FOR_TURN, timeout=20_000).json_value())
    if asked in ("game-over", stop_at):
        return asked
    if asked == "hand-summary":
        page.click("#summary-close")
        return asked
    if asked not in ("panel", "play"):
        page.locator(f"#{asked} button").last.click()
        return asked
    seq = page.locator("body").get_attribute("data-seq") or ""
    if page.locator("#auction").count():
        choice = '[data-action="bid pass"]' if bid == "pass" else "[data-action]"
        buttons = page.locator(f"#auction {choice}")
        (buttons.first if buttons.count() else page.locator("#auction [data-action]").first).click()
        done = "bid"
    elif page.locator("#trump").count():
        page.locator("#trump [data-action]").first.click()
        done = "trump"
    elif page.locator("#confirm-cards").count():
        choose_cards(page)
        done = "cards"
    else:
        click_card(page.locator("#hand .card.legal").first)
        done = "play"
    # The answer is taken: a new state is drawn, or (the hand's last card) the hand's
    # summary opens, before the next deal is drawn.
    page.wait_for_function(
        "seq => document.body.dataset.seq !== seq || document.querySelector('dialog[open]')",
        arg=seq,
        timeout=15_000,
    )
    return done


def play_until(page: Page, goal: str, *, bid: str = "first", limit: int = 400) -> list[str]:
    done: list[str] = []
    for _ in range(limit):
        asked = act(page, bid=bid, stop_at=goal)
        done.append(asked)
        if asked == goal:
            return done
    raise AssertionError(f"no {goal} after {limit} steps: {done[-10:]}")


def test_a_whole_crowsnest_game_from_the_settings(page: Page, screenshots: Path) -> None:
    open_with(page, {"name": "Ann"})
    page.click("#tab-settings")
    expect(page.locator("#settings-rules")).to_have_value("rook/crowsnest")
    target = page.locator('[name="option-target"]')
    expect(target).to_have_attribute("min", "50")
    target.fill("50")
    target.dispatch_event("change")
    # The option is kept once the server's rules allow it (settings.js checkOption
    # asks GET /api/rules/{id}/info first): wait for that answer, not a fixed time.
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('crowsnest.settings') ?? '{}')"
        ".options?.['rook/crowsnest']?.target === 50",
        timeout=15_000,
    )
    page.select_option("#settings-speed", "instant")
    page.select_option("#settings-level", "easy")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('crowsnest.settings'))")
    assert stored["options"]["rook/crowsnest"]["target"] == 50
    assert stored["speed"] == "instant"
    page.click("#settings-new-game")
    expect(page.locator("#tab-play")).to_have_attribute("aria-selected", "true")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    expect(page.locator('[data-seat][aria-current="true"]')).to_have_count(1)
    # the score bar says what the game is to, with the option chosen
    expect(page.locator(".sb-target")).to_have_text(
        catalog("en")["table.target"].replace("{target}", "50")
    )

    steps = play_until(page, "game-over")
    assert "bid" in steps and "play" in steps
    assert page.locator("body").get_attribute("data-status") == "over"
    over = page.locator("#game-over")
    expect(over).to_be_visible()
    expect(over.locator("table.scores tbody tr").first).to_be_visible()
    # The heading and the verdict are on the screen (not scrolled off above the
    # scores), and the verdict is coloured as news for our side.
    for part in ("#game-over-title", "#game-over-verdict"):
        box = over.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0, (part, box)
    ours = page.evaluate("() => document.querySelector('#game-over-verdict').textContent")
    tone = over.locator("#game-over-verdict").get_attribute("class") or ""
    assert ("good" in tone) == (ours == catalog("en")["over.we_win"]), (ours, tone)
    assert ("bad" in tone) == (ours == catalog("en")["over.they_win"]), (ours, tone)
    page.screenshot(path=str(screenshots / "play-game-over.png"))
    page.click("#rematch")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    expect(page.locator("#hand .card").first).to_be_visible()


def test_the_pass_chosen_so_far_survives_a_reload(page: Page) -> None:
    open_with(page, {**INSTANT, "rules": "hearts"})
    page.click("#new-game")
    expect(page.locator("#pass")).to_be_visible()
    cards = page.locator("#hand .card.legal")
    click_card(cards.nth(0))
    click_card(cards.nth(4))
    chosen = page.locator("#hand .card[aria-pressed=true]")
    expect(chosen).to_have_count(2)
    before = sorted(c.get_attribute("data-card") or "" for c in chosen.all())
    page.reload()
    expect(page.locator("#pass")).to_be_visible()
    expect(chosen).to_have_count(2)
    assert sorted(c.get_attribute("data-card") or "" for c in chosen.all()) == before
    expect(page.locator("#chosen-count")).to_contain_text("2")
    # one more card, and the pass goes with the three
    click_card(page.locator("#hand .card.legal[aria-pressed=false]").first)
    page.click("#confirm-cards")
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    passed = page.evaluate("() => window.__crowsnest.game.current.view.passed")
    assert set(before) <= set(passed)


def test_a_hearts_hand_with_the_pass(page: Page, screenshots: Path) -> None:
    # The received cards are marked until the first trick ends; with auto-play on, a
    # forced first card (the two of clubs, a lone club) ends it before they are read.
    open_with(page, {**INSTANT, "rules": "hearts", "autoPlay": False})
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-phase", "pass")
    panel = page.locator("#pass")
    expect(panel).to_be_visible()
    expect(page.locator("#hand .card")).to_have_count(13)
    confirm = page.locator("#confirm-cards")
    cards = page.locator("#hand .card.legal")
    for i in range(3):
        expect(confirm).to_be_disabled()
        click_card(cards.nth(i))
    chosen = page.locator("#hand .card[aria-pressed=true]").all()
    assert len(chosen) == 3
    passed = {c.get_attribute("data-card") for c in chosen}
    click_card(cards.nth(3))  # a fourth card is refused
    expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(3)
    confirm.click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play")
    received = page.locator("#hand .card.received")
    expect(received).to_have_count(3)
    got = set(received.evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert not got & passed
    held = {c.get_attribute("data-card") for c in page.locator("#hand .card").all()}
    assert not held & passed
    expect(page.locator("#prompt")).to_contain_text("You received")
    page.screenshot(path=str(screenshots / "play-hearts-received.png"))
    play_until(page, "hand-summary")
    summary = page.locator("#hand-summary")
    expect(summary.locator("tbody tr")).to_have_count(4)
    # behind the summary is the finished hand, not the next deal's cards
    expect(page.locator("#hand .card")).to_have_count(0)
    assert page.evaluate("() => window.__crowsnest.game.current.view.hand_number") == 0
    page.screenshot(path=str(screenshots / "play-hearts-summary.png"))
    page.click("#summary-close")
    expect(summary).to_be_hidden()
    expect(page.locator("#hand .card")).to_have_count(13)  # then the new deal
    page.click("#show-scores")
    expect(page.locator("#score-sheet tbody tr")).to_have_count(1)


def test_a_crowsnest_hand_against_hard_bots(page: Page, base_url: str) -> None:
    """A hand at the Hard level on the server as it runs (the compiled core, its
    bot workers): every bot decision comes from the Hard search, none failed and
    none fell to a lesser bot (the health check counts them)."""
    before = call(base_url, "GET", "/healthz")
    assert before["engine"].startswith("compiled (")
    open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "hard"})
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-game", "rook")
    steps = play_until(page, "hand-summary")
    assert "play" in steps
    table_id = page.evaluate("() => window.__crowsnest.game.session.tableId")
    table = call(base_url, "GET", f"/api/tables/{table_id}")
    assert table["level"] == "hard"
    after = call(base_url, "GET", "/healthz")
    assert after["status"] == "ok" and after["bot_failures"] == before["bot_failures"] == 0
    hard = after["bot_decisions"].get("hard", 0) - before["bot_decisions"].get("hard", 0)
    # Three bots play three cards of every four, and bid: most of the hand's actions.
    assert hard >= table["seq"] // 2 > 20


@pytest.mark.parametrize("rules", OTHER_ROOK)
def test_one_hand_of_each_other_rook_rule_set(page: Page, rules: str) -> None:
    open_with(page, {**INSTANT, "rules": rules, "level": "easy"})
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-game", "rook")
    steps = play_until(page, "hand-summary")
    assert "play" in steps
    summary = page.locator("#hand-summary")
    expect(summary.locator(".verdict")).to_be_visible()
    expect(summary.locator("tbody tr")).to_have_count(4)
    assert page.evaluate("() => [...window.__i18nMissing]") == []


def test_a_trick_with_the_keyboard_only(page: Page) -> None:
    open_with(page, INSTANT)
    for _ in range(20):
        if page.evaluate("() => document.activeElement.id") == "new-game":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    tricks_seen = 0
    for _ in range(60):
        page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
        focused = page.evaluate(
            "() => [document.activeElement.id, document.activeElement.dataset.action ?? '',"
            " document.activeElement.closest('#hand') !== null]"
        )
        if page.locator("#auction").count():
            # focus starts on the panel, not on a bid; Tab walks to Pass
            assert page.evaluate(FOCUS_AT) in ("#auction", "#hand")
            for _ in range(30):
                if page.evaluate("() => document.activeElement.dataset.action") == "bid pass":
                    break
                page.keyboard.press("Tab")
            seq = page.locator("body").get_attribute("data-seq")
            page.keyboard.press("Enter")
            expect(page.locator("body")).not_to_have_attribute("data-seq", seq or "")
        elif page.locator("#hand .card.legal").count():
            assert focused[2], "on your turn the focus is in your hand"
            page.keyboard.press("ArrowUp")
            page.keyboard.press("ArrowDown")  # to a playable card and back
            card = page.evaluate("() => document.activeElement.dataset.card")
            assert card and "legal" in (
                page.evaluate("() => document.activeElement.className") or ""
            )
            seq = page.locator("body").get_attribute("data-seq")
            page.keyboard.press("Enter")
            expect(page.locator("body")).not_to_have_attribute("data-seq", seq or "")
            tricks_seen = int(
                page.evaluate("() => window.__crowsnest.game.current.view.tricks.length")
            )
            if tricks_seen >= 1:
                break
        else:
            raise AssertionError(f"nothing to do by keyboard: {page.evaluate(WAIT_FOR_TURN)}")
    assert tricks_seen >= 1
    expect(page.locator("#last-trick")).to_be_enabled()
    page.locator("#last-trick").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#last-trick-view li")).to_have_count(4)
    page.keyboard.press("Escape")
    expect(page.locator("#last-trick-view")).to_be_hidden()
    # The announcer is emptied and refilled on the next frame for every event (so a
    # repeated sentence is spoken again): wait for a sentence, do not read it once.
    expect(page.locator("#announcer")).to_have_text(re.compile(r"\S"))


def test_reload_in_the_middle_of_a_hand(page: Page) -> None:
    open_with(page, INSTANT)
    page.click("#new-game")
    while page.locator("body").get_attribute("data-phase") != "play" or (
        page.locator("#hand .card").count() > 6
    ):
        act(page)
    page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
    url = page.url
    hand = sorted(c.get_attribute("data-card") or "" for c in page.locator("#hand .card").all())
    seq = int(page.locator("body").get_attribute("data-seq") or -1)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    page.wait_for_function(WAIT_FOR_TURN, timeout=20_000)
    assert page.url == url
    assert int(page.locator("body").get_attribute("data-seq") or -1) >= seq
    after = sorted(c.get_attribute("data-card") or "" for c in page.locator("#hand .card").all())
    assert after == hand
    assert act(page) in ("play", "hand-summary")


def test_play_with_friends_through_the_invite_link(browser: Browser, base_url: str) -> None:
    host = browser.new_context(base_url=base_url)
    guest = browser.new_context(base_url=base_url)
    try:
        ann = host.new_page()
        open_with(ann, INSTANT)
        ann.click("#new-private-game")
        expect(ann.locator("#host-name")).to_have_value("Ann")  # remembered
        ann.click("#host-table")
        link = ann.locator("#invite-link")
        expect(link).to_be_visible()
        invite = link.input_value()
        assert "invite=" in invite and "table=" in invite
        expect(ann.locator("body")).to_have_attribute("data-status", "waiting")

        bo = guest.new_page()
        bo.goto(invite)
        bo.fill("#join-name", "Bo")
        bo.click("#join-table")
        expect(bo.locator("body")).to_have_attribute("data-status", "waiting")
        expect(ann.locator("#waiting")).to_contain_text("Bo")

        ann.click("#fill-bots")
        for p in (ann, bo):
            expect(p.locator("body")).to_have_attribute("data-status", "playing")
        seat_ann = ann.evaluate("() => window.__crowsnest.game.mySeat")
        seat_bo = bo.evaluate("() => window.__crowsnest.game.mySeat")
        assert seat_ann != seat_bo
        # Bo's name shows at Ann's table, and both answer what they are asked
        expect(ann.locator(f'.seat[data-seat="{seat_bo}"]')).to_contain_text("Bo")
        for _ in range(6):
            for p in (ann, bo):
                if p.evaluate(WAIT_FOR_TURN):
                    act(p)
        bo.reload()
        expect(bo.locator("body")).to_have_attribute("data-status", "playing")
        assert bo.evaluate("() => window.__crowsnest.game.mySeat") == seat_bo
    finally:
        host.close()
        guest.close()


AUCTION_SHOWN = """() => [...document.querySelectorAll("#auction-history li")].map(
    (li) => [Number(li.dataset.seat), li.dataset.bid === "pass" ? null : Number(li.dataset.bid)]
)"""


# Where the keyboard focus is: the auction or trump panel itself, the hand, a button
# (its action), or the page's body.
FOCUS_AT = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    if (el.closest("#hand")) return "#hand";
    if (el.id === "auction" || el.id === "trump") return "#" + el.id;
    return el.dataset.action ?? el.id ?? el.tagName;
}"""


def test_the_auction_history_and_the_declarers_nest(page: Page, screenshots: Path) -> None:
    """Each time you are asked to bid, the panel lists every bid and pass so far in
    order (you bid first in the first hand, after three others in the next); as
    declarer you see the nest's cards marked, and the hand's summary names what you
    took from the nest and what you laid back."""
    open_with(page, {**INSTANT, "rules": "rook/crowsnest", "level": "easy"})
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-game", "rook")
    longest = 0
    laid_back: list[str] = []
    summarised = False
    for _ in range(400):
        asked = str(page.wait_for_function(WAIT_FOR_TURN, timeout=20_000).json_value())
        if asked == "panel" and page.locator("#auction").count():
            # the focus is on the panel (or still in the hand), never on a bid that a
            # stray Enter would send
            assert page.evaluate(FOCUS_AT) in ("#auction", "#hand")
            auction = page.evaluate("() => window.__crowsnest.game.current.view.auction")
            assert page.evaluate(AUCTION_SHOWN) == auction
            names = page.locator("#auction-history li").all_inner_texts()
            assert [n.split(":")[0] for n in names] == [
                page.evaluate(f"() => window.__crowsnest.game.name({seat})") for seat, _ in auction
            ]
            longest = max(longest, len(auction))
            if len(auction) > 1:
                page.screenshot(path=str(screenshots / "play-auction-history.png"))
                hand = page.locator("#hand").bounding_box()
                assert hand is not None and page.viewport_size is not None
                assert hand["y"] + hand["height"] <= page.viewport_size["height"]
        if asked == "panel" and page.locator("#discard").count():
            assert page.evaluate(FOCUS_AT) == "#hand", "the discard is chosen in the hand"
            nest = page.evaluate("() => window.__crowsnest.game.current.view.nest")
            marked = page.locator("#hand .card.from-nest").all()
            assert sorted(c.get_attribute("data-card") or "" for c in marked) == sorted(nest)
            while page.locator("#confirm-cards").is_disabled():
                # the nest's cards first (if they may be laid back), so one is checked
                nest_card = page.locator("#hand .card.legal.from-nest[aria-pressed=false]")
                free = (
                    nest_card
                    if nest_card.count()
                    else page.locator("#hand .card.legal[aria-pressed=false]")
                )
                click_card(free.first)
            if page.locator("#hand .card.legal.from-nest").count():
                expect(page.locator("#hand .card.from-nest[aria-pressed=true]")).not_to_have_count(
                    0
                )
            # every chosen card shows the check mark, a card from the nest too
            marks = page.evaluate(
                """() => [...document.querySelectorAll("#hand .card[aria-pressed=true]")]
                    .map((c) => getComputedStyle(c, "::before").content)"""
            )
            assert marks and set(marks) == {'"✓"'}, marks
            laid_back = [
                (c.get_attribute("aria-label") or "").split(",")[0]
                for c in page.locator("#hand .card[aria-pressed=true]").all()
            ]
            page.click("#confirm-cards")
            expect(page.locator("body")).not_to_have_attribute("data-phase", "discard")
            continue
        if asked == "hand-summary" and laid_back:
            discards = page.locator("#summary-discards")
            for name in laid_back:
                expect(discards).to_contain_text(name)
            expect(page.locator("#summary-nest")).to_be_visible()
            page.screenshot(path=str(screenshots / "play-declarer-summary.png"))
            summarised = True
            laid_back = []
        elif asked == "hand-summary":
            expect(page.locator("#summary-discards")).to_have_count(0)
        if summarised and longest:
            return
        act(page)
    raise AssertionError(f"declarer's summary seen: {summarised}; longest auction: {longest}")


def test_watching_a_table_from_the_lobby(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """A second visitor opens Ann's table by its link (one person's game with bots is
    not in the lobby's list), watches it without a seat (no hand, nothing offered),
    follows the play, and may stop watching."""
    host = browser.new_context(base_url=base_url)
    guest = browser.new_context(base_url=base_url)
    try:
        ann = host.new_page()
        open_with(ann, {**INSTANT, "rules": "rook/crowsnest"})
        ann.click("#new-game")
        expect(ann.locator("body")).to_have_attribute("data-status", "playing")
        table_id = ann.evaluate("() => window.__crowsnest.game.session.tableId")

        watcher = guest.new_page()
        watcher.goto("/")
        expect(watcher.locator("body")).to_have_attribute("data-ready", "true")
        # One person's game with bots is not listed in the lobby; its link opens it.
        watcher.wait_for_load_state("networkidle")
        expect(watcher.locator(f'#public-tables [data-table="{table_id}"]')).to_have_count(0)
        watcher.goto(f"/?table={table_id}&watch=1")
        expect(watcher.locator("body")).to_have_attribute("data-role", "spectator")
        expect(watcher.locator("body")).to_have_attribute("data-status", "playing")
        assert "watch=1" in watcher.url and table_id in watcher.url
        assert watcher.evaluate("() => window.__crowsnest.game.current.view.hand") is None
        expect(watcher.locator("#hand .card")).to_have_count(0)
        expect(watcher.locator(".seat .backs")).to_have_count(4)
        expect(watcher.locator("#auction, #hint-button:visible")).to_have_count(0)
        expect(watcher.locator(".sb-watching")).to_be_visible()
        # nobody's partner (a bot's plate says only "computer, Normal" beside its name)
        expect(
            watcher.locator(".seat-role", has_text=re.compile("partner|opponent"))
        ).to_have_count(0)
        expect(watcher.locator(".seat-role", has_text="computer")).to_have_count(3)

        seq = int(watcher.locator("body").get_attribute("data-seq") or -1)
        for _ in range(3):
            act(ann)
        expect(watcher.locator("body")).not_to_have_attribute("data-seq", str(seq))
        ann.wait_for_function(WAIT_FOR_TURN, timeout=20_000)  # the table waits for Ann
        ann_seq = ann.locator("body").get_attribute("data-seq") or ""
        expect(watcher.locator("body")).to_have_attribute("data-seq", ann_seq)

        # in the play, the score bar names the pairs too, and says what the game is to
        for _ in range(40):
            if watcher.locator("body").get_attribute("data-phase") == "play":
                break
            act(ann)
        expect(watcher.locator("body")).to_have_attribute("data-phase", "play")
        captured = watcher.locator(".sb-captured")
        expect(captured).to_contain_text(" & ")
        words = catalog("en")
        assert words["team.us"] not in captured.inner_text()
        assert words["team.them"] not in captured.inner_text()
        expect(watcher.locator(".sb-target")).to_have_text(
            words["table.target"].replace("{target}", "300")
        )

        # the hand's end, told of the two pairs by name (nobody is "we" to a watcher)
        play_until(ann, "hand-summary")
        verdict = watcher.locator("#hand-summary .verdict")
        expect(verdict).to_have_text(re.compile(r"^\S.* & .* (made|went set)"))
        watcher.locator("#summary-close").click()

        watcher.screenshot(path=str(screenshots / "play-watching.png"))
        watcher.reload()  # the link keeps watching
        expect(watcher.locator("body")).to_have_attribute("data-role", "spectator")
        watcher.click("#stop-watching")
        expect(watcher.locator("#new-game")).to_be_visible()
        assert "watch" not in watcher.url
        # Ann still plays her seat
        expect(ann.locator("body")).to_have_attribute("data-role", "player")
    finally:
        host.close()
        guest.close()


def tap_card(card: Locator) -> None:
    """Tap a card of the hand with a finger, on a part of it that shows."""
    card.scroll_into_view_if_needed()
    point = card.evaluate(UNCOVERED_POINT)
    assert point, f"no part of {card.get_attribute('data-card')} can be tapped"
    card.tap(position=point)


# How many cards each row of the hand holds, top row first.
ROW_LENGTHS = """() => {
    const rows = new Map();
    for (const c of document.querySelectorAll("#hand .card")) {
        const top = Math.round(c.offsetTop);
        rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
}"""
# The narrowest strip of a hand card left uncovered by the next card of its row, as a
# share of a card's width.
NARROWEST_STRIP = """() => {
    const cards = [...document.querySelectorAll("#hand .card")]
        .map((c) => c.getBoundingClientRect());
    let least = Infinity;
    for (let i = 1; i < cards.length; i++) {
        if (Math.round(cards[i].top) !== Math.round(cards[i - 1].top)) continue;
        least = Math.min(least, Math.abs(cards[i].left - cards[i - 1].left) / cards[i].width);
    }
    return least;
}"""


@pytest.mark.parametrize("rules", ["hearts", "rook/partnership"])
def test_large_cards_fit_a_laptop_screen(browser: Browser, base_url: str, rules: str) -> None:
    """At card size "large" on a 1366 x 768 screen the table and the whole hand are on
    the screen: nothing to scroll to reach a card."""
    laptop = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 768})
    try:
        page = laptop.new_page()
        open_with(page, {**INSTANT, "rules": rules, "cardSize": "large"})
        page.click("#new-game")
        expect(page.locator("#hand .card").first).to_be_visible()
        expect(page.locator(".game")).to_have_attribute("data-size", "large")
        box = page.locator("#hand").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768, box
        overflow = page.evaluate(
            "() => document.documentElement.scrollHeight - document.documentElement.clientHeight"
        )
        assert overflow <= 0, overflow
        # Measured in the page in one step: the hand may be drawn again (a bot's pass
        # arriving) between a locator's resolving a card and its measuring it.
        width = page.evaluate(
            "() => document.querySelector('#hand .card').getBoundingClientRect().width"
        )
        assert width >= 68, width  # still larger than "medium"
    finally:
        laptop.close()


BANNER_OVER_PANEL = """([panel, text]) => {
    const banner = document.querySelector('#banner');
    const was = [banner.hidden, banner.textContent];
    banner.hidden = false;
    if (text || !banner.textContent) banner.textContent = text || 'You win the bid at 85.';
    const a = banner.getBoundingClientRect();
    const b = document.querySelector(panel).getBoundingClientRect();
    const felt = document.querySelector('#felt').getBoundingClientRect();
    [banner.hidden, banner.textContent] = was;
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    const inside = a.top >= felt.top && a.bottom <= felt.bottom
        && a.left >= felt.left && a.right <= felt.right;
    return {covered: w > 0 && h > 0 ? Math.round(w * h) : 0, inside};
}"""
"""The area (px²) by which the headline banner, shown (with ``text``, or the headline
it last showed), covers the element ``panel``, and whether it lies on the table."""


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("he", ViewportSize(width=1366, height=768)), ("pl", ViewportSize(width=390, height=844))],
)
def test_a_headline_never_covers_the_pass_panel(
    browser: Browser, base_url: str, screenshots: Path, lang: str, viewport: ViewportSize
) -> None:
    """Hearts, the pass asked: a headline (hearts broken, the language's longest one
    here) goes above the panel, on the table, in Hebrew right to left on a desktop
    and in Polish on a phone."""
    context = browser.new_context(
        base_url=base_url, viewport=viewport, has_touch=viewport["width"] < 500
    )
    try:
        page = context.new_page()
        open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"}, lang)
        page.click("#new-game")
        expect(page.locator("#pass")).to_be_visible()
        text = max((catalog(lang)[k] for k in ("say.hearts_broken", "say.redeal")), key=len)
        found = page.evaluate(BANNER_OVER_PANEL, ["#pass", text])
        assert found == {"covered": 0, "inside": True}, found
        page.evaluate(
            "t => Object.assign(document.querySelector('#banner'), {textContent: t, hidden: 0})",
            text,
        )
        page.screenshot(path=str(screenshots / f"headline-over-pass-{lang}.png"))
    finally:
        context.close()


@pytest.mark.parametrize(
    ("rules", "held", "size"),
    [
        ("rook/crowsnest", 14, "medium"),
        ("rook/one-high", 18, "medium"),
        ("rook/one-high", 18, "large"),
    ],
)
def test_a_phone_discard_of_five_by_taps(
    browser: Browser, base_url: str, screenshots: Path, rules: str, held: int, size: str
) -> None:
    """On a 390 px touch screen the declarer's cards with the nest (14 in CrowsNest,
    18 in 1-High) can each be tapped: a tapped card is chosen and does not stay raised
    over its neighbour (a finger does not hover), every card of the hand keeps a part
    that a tap reaches, and five taps lay five cards back."""
    phone = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = phone.new_page()
        open_with(page, {**INSTANT, "rules": rules, "level": "easy", "cardSize": size})
        page.click("#new-game")
        assert not page.evaluate("() => matchMedia('(hover: hover)').matches")
        name = f"phone-{rules.replace('/', '-')}-{size}"
        for _ in range(400):  # bid the least each time until this seat wins an auction
            asked = str(page.wait_for_function(WAIT_FOR_TURN, timeout=20_000).json_value())
            if asked == "panel" and page.locator("#confirm-cards").count():
                break
            if asked == "panel" and page.locator("#auction").count():
                # The bidding panel and the whole hand fit the screen: no scrolling.
                page.screenshot(path=str(screenshots / f"{name}-auction.png"))
                overflow = page.evaluate(
                    "() => document.scrollingElement.scrollHeight - innerHeight"
                )
                assert overflow <= 1, f"the page scrolls by {overflow} px during the auction"
            act(page)
        else:
            raise AssertionError("never the declarer")
        cards = page.locator("#hand .card")
        expect(cards).to_have_count(held)
        page.screenshot(path=str(screenshots / f"{name}-discard.png"))
        # The headline ("You win the bid at 85.") goes above the discard panel, not
        # over its title, whenever it shows (measured shown, whatever its timer).
        found = page.evaluate(BANNER_OVER_PANEL, ["#discard", ""])
        assert found == {"covered": 0, "inside": True}, found
        # a hand too long for one row is laid out in rows of equal length (7 and 7)
        rows: list[int] = page.evaluate(ROW_LENGTHS)
        assert max(rows) - min(rows) <= 1, rows
        assert held < 18 or len(rows) >= 2, rows  # 18 cards do not fit one row
        # on a touch screen a finger gets a strip of at least 45 % of a card (not 22 px)
        strip = page.evaluate(NARROWEST_STRIP)
        assert strip >= 0.44, f"strips of {strip:.0%} of a card"
        assert len(rows) >= 2, rows  # 14 cards take two rows on a phone
        for card in cards.all():  # every card has a part a finger reaches
            assert card.evaluate(UNCOVERED_POINT), card.get_attribute("data-card")
        confirm = page.locator("#confirm-cards")
        chosen: list[str] = []
        for _ in range(5):
            card = page.locator("#hand .card.legal[aria-pressed=false]").first
            code = str(card.get_attribute("data-card"))
            tap_card(card)
            expect(page.locator(f'#hand .card[data-card="{code}"]')).to_have_attribute(
                "aria-pressed", "true"
            )
            chosen.append(code)
            # The card tapped is not drawn over the next one (no sticky hover raise).
            z = page.locator(f'#hand .card[data-card="{code}"]').evaluate(
                "c => getComputedStyle(c).zIndex"
            )
            assert z in ("auto", "0", "1"), z
        expect(confirm).to_be_enabled()
        # A sixth card is refused, and said so; the words go once the discard is made
        # (they do not stay over the trump panel).
        tap_card(page.locator("#hand .card.legal[aria-pressed=false]").first)
        expect(page.locator("#hand .card[aria-pressed=true]")).to_have_count(5)
        expect(page.locator("#toast")).to_have_text("You may choose only 5 cards.")
        seq = page.locator("body").get_attribute("data-seq") or ""
        confirm.click()
        expect(page.locator("body")).not_to_have_attribute("data-seq", seq)
        # At once: the toast's own timer would hide it only 4.5 s after it was shown.
        assert page.locator("#toast").is_hidden()
        expect(page.locator("#hand .card")).to_have_count(held - 5)
        for code in chosen:
            expect(page.locator(f'#hand .card[data-card="{code}"]')).to_have_count(0)
    finally:
        phone.close()


# A card of another suit while you hold the led one (so the reason is following suit,
# not the first trick's rule about points): its code, or null.
FOLLOWING = """() => {
    const first = document.querySelector('#trick:not([data-held]) .card');
    if (!first) return null;
    const led = first.dataset.card.slice(-1);
    const hand = [...document.querySelectorAll('#hand .card')];
    const legal = hand.filter((c) => c.classList.contains('legal'));
    if (!legal.length || !legal.every((c) => c.dataset.card.endsWith(led))) return null;
    const other = hand.find((c) => !c.dataset.card.endsWith(led));
    return other ? other.dataset.card : null;
}"""


@pytest.mark.parametrize(("lang", "words"), [("en", "You must follow"), ("pl", "Trzeba dołożyć")])
def test_a_card_you_may_not_play_says_why(page: Page, lang: str, words: str) -> None:
    """A click on a card that may not be played now asks the server, which refuses
    with the engine's reason and its arguments; the page words it in the player's
    language (the led suit named) and nothing changes."""
    open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"}, lang)
    page.click("#new-game")
    for _ in range(200):  # until you follow a trick holding the led suit and others
        asked = str(page.wait_for_function(WAIT_FOR_TURN, timeout=20_000).json_value())
        card = page.evaluate(FOLLOWING) if asked == "play" else None
        if card:
            break
        act(page)
    else:
        raise AssertionError("never asked to follow suit")
    seq = page.locator("body").get_attribute("data-seq")
    led = page.locator("#trick:not([data-held]) .card").first.get_attribute("data-card") or ""
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[led[-1]]
    target = page.locator(f'#hand .card[data-card="{card}"]')
    target.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    point = target.evaluate(UNCOVERED_POINT)
    assert point
    # aria-disabled: Playwright would wait for it to be enabled; a person clicks it.
    target.click(position=point, force=True)
    toast = page.locator("#toast")
    expect(toast).to_contain_text(words)
    expect(toast).to_contain_text(catalog(lang)[f"suit.{suit}"])
    expect(page.locator("body")).to_have_attribute("data-seq", seq or "")
    expect(page.locator(f'#hand .card[data-card="{card}"]')).to_have_count(1)  # still held
    assert act(page) == "play"  # and a card that may be played still is


@pytest.mark.parametrize("auto", [True, False])
def test_auto_play_of_the_only_legal_card(page: Page, auto: bool) -> None:
    """With the setting on, a turn with one legal card is never put to the player (the
    hand's last card, for one, goes by itself); off, it is asked like any other."""
    open_with(page, {**INSTANT, "rules": "hearts"})
    page.click("#tab-settings")
    box = page.locator("#settings-autoplay")
    expect(box).to_be_checked()  # on by default for a new player
    if not auto:
        box.uncheck()
    page.click("#tab-play")
    page.click("#new-game")
    single_turns = 0
    for _ in range(200):
        asked = str(page.wait_for_function(WAIT_FOR_TURN, timeout=20_000).json_value())
        if asked == "hand-summary":
            break
        if asked == "play" and page.locator("#hand .card.legal").count() == 1:
            single_turns += 1
        act(page)
    else:
        raise AssertionError("the hand did not end")
    if auto:
        assert single_turns == 0
    else:
        assert single_turns >= 1  # at least the hand's last card

"""The lobby's "Tables in play" lists tables of people a player is still at (not one
person's game with bots, nor a game its players closed), at most five, so the lobby —
your last game included — stays on a 1366 by 768 screen."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from server.helpers import ws_url

from .pages import call, open_page

PEOPLE = ["human", "human", "bot", "bot"]


@pytest.mark.parametrize(
    ("size", "lang"), [((1366, 768), "en"), ((390, 844), "he")], ids=["desktop-en", "phone-he"]
)
def test_the_lobby_lists_tables_of_people_and_stays_above_the_fold(
    server_url: str, page: Page, screenshots: Path, size: tuple[int, int], lang: str
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(f"localStorage.setItem('crowsnest.language', {json.dumps(lang)})")
    solo = call(server_url, "POST", "/api/tables", {"bot_delay": 0})["table"]
    call(server_url, "POST", f"/api/tables/{solo['id']}/join", {"name": "Solo"})
    closed = call(server_url, "POST", "/api/tables", {"seats": PEOPLE})["table"]["id"]
    for name in ("Cy", "Di"):  # both seated, nobody at the table: closed
        call(server_url, "POST", f"/api/tables/{closed}/join", {"name": name})
    with ExitStack() as stack:
        played = []
        for n in range(7):  # tables of people, a player at each
            table = call(server_url, "POST", "/api/tables", {"seats": PEOPLE})["table"]["id"]
            join = f"/api/tables/{table}/join"
            token = call(server_url, "POST", join, {"name": f"Ann{n}"})["token"]
            call(server_url, "POST", join, {"name": f"Bo{n}"})
            ws = stack.enter_context(connect(ws_url(server_url, table)))
            ws.send(json.dumps({"type": "hello", "version": 3, "token": token}))
            ws.recv(30)
            played.append(table)
        last = {"tableId": solo["id"], "table": solo}
        page.add_init_script(
            f"localStorage.setItem('crowsnest.last', {json.dumps(json.dumps(last))})"
        )
        open_page(page)
        listed = page.locator("#public-tables button.watch")
        expect(listed).to_have_count(5)
        ids = [b.get_attribute("data-table") for b in listed.all()]
        assert set(ids) <= set(played) and solo["id"] not in ids and closed not in ids
        expect(page.locator("#last-game")).to_be_visible()
        page.screenshot(path=str(screenshots / f"lobby-{size[0]}-{lang}.png"))
        overflow = page.evaluate("() => document.scrollingElement.scrollHeight - innerHeight")
        assert overflow <= 0, f"the lobby goes {overflow} px below the fold"

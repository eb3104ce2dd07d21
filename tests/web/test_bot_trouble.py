"""A bot that could not decide is told to the player: the server's ``bot_trouble``
message is shown in the player's language, naming the seat (the message is put on
the table's real websocket by the test, since the server's bots decide)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, WebSocketRoute, expect

from crowsnest.web import catalog

from .test_play import INSTANT, open_with

PHONE = ViewportSize(width=390, height=844)


@pytest.mark.parametrize(("lang", "phone"), [("en", False), ("he", True)])
def test_the_player_is_told_when_a_bot_had_trouble(
    page: Page, lang: str, phone: bool, screenshots: Path
) -> None:
    if phone:
        page.set_viewport_size(PHONE)
    told: list[bool] = []
    names: list[str] = []

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            ws.send(message)
            data = json.loads(message)
            if data.get("type") == "welcome":
                names.append(data["table"]["seats"][1]["name"])
            if data.get("type") == "state" and data["legal"] and not told:
                told.append(True)
                trouble = {"type": "bot_trouble", "seat": 1, "seq": data["seq"]}
                ws.send(json.dumps({**trouble, "bot": "hard", "instead": "normal"}))

        server.on_message(from_server)

    page.route_web_socket("**/ws/*", relay)
    open_with(page, {**INSTANT, "rules": "hearts", "level": "easy"}, lang)
    page.click("#new-game")
    expect(page.locator("body")).to_have_attribute("data-phase", "pass")
    words = str(catalog(lang)["connection.bot_trouble"])
    before, _, after = words.partition("{name}")
    toast = page.locator("#toast")
    expect(toast).to_contain_text(before.strip())
    expect(toast).to_contain_text(after.strip())
    assert told == [True] and names
    expect(toast).to_contain_text(names[0])
    page.screenshot(path=str(screenshots / f"bot-trouble-{lang}.png"))

"""Steps the browser tests share."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from crowsnest.web import RTL


def open_page(page: Page, path: str = "/") -> None:
    """Load the client and wait until its modules have started (the tabs answer
    clicks): a click before that is lost on a busy machine."""
    page.goto(path)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def call(base: str, method: str, path: str, body: object = None) -> Any:
    """One call of the server's HTTP API; the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


LEFT_TO_RIGHT = re.compile(r"[A-Za-z\u00C0-\u024F\u0370-\u03FF]")


def isolated(text: str, lang: str) -> str:
    """``text`` as the client writes it into a sentence of ``lang`` (i18n.js
    ``isolate``): in a right-to-left language, a text with left-to-right letters (a
    Latin name) between FSI and PDI."""
    return f"\u2068{text}\u2069" if lang in RTL and LEFT_TO_RIGHT.search(text) else text


def sized_context(browser: Browser, base_url: str, size: tuple[int, int]) -> BrowserContext:
    """A browser context with a screen of ``size`` (width, height): under 500 px wide,
    a phone with a touch screen."""
    phone = size[0] < 500
    return browser.new_context(
        base_url=base_url,
        viewport={"width": size[0], "height": size[1]},
        has_touch=phone,
        is_mobile=phone,
    )

"""The installable web app: the manifest (its fields, icons that load, the scope), the
service worker (served at the root, versioned, caching the whole app on the first
visit), and the app opened again with the network off: a whole hand of Hearts (desktop,
English) and of CrowsNest (phone, Hebrew) played offline at Normal."""

from __future__ import annotations

import json
import struct
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from crowsnest.web.pwa import precache, version

from .test_offline import BOOT_MS, started, websockets
from .test_play import INSTANT, open_with, play_until

CACHED = """async () => {
    const reg = await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const mine = names.filter((n) => n.startsWith("crowsnest-"));
    if (mine.length !== 1) return null;
    const cache = await caches.open(mine[0]);
    const keys = await cache.keys();
    return {name: mine[0], count: keys.length, active: Boolean(reg.active),
            controlled: Boolean(navigator.serviceWorker.controller)};
}"""


def fetch(base: str, path: str) -> tuple[int, bytes, str]:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        return answer.status, answer.read(), answer.headers.get("Content-Type", "")


def test_the_manifest_names_the_app_its_scope_and_icons_that_load(base_url: str) -> None:
    status, body, kind = fetch(base_url, "/static/manifest.webmanifest")
    assert status == 200
    manifest = json.loads(body)
    assert manifest["name"] == manifest["short_name"] == "CrowsNest"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    maskable = {i["sizes"] for i in manifest["icons"] if i["purpose"] == "maskable"}
    assert maskable == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        status, data, kind = fetch(base_url, icon["src"])
        assert status == 200 and kind.startswith(icon["type"])
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"]
    page = fetch(base_url, "/")[1].decode()
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="' + manifest["theme_color"] + '">' in page


def test_the_service_worker_is_served_at_the_root_with_its_version(base_url: str) -> None:
    status, body, kind = fetch(base_url, "/sw.js")
    text = body.decode()
    assert status == 200 and "javascript" in kind
    assert f'const VERSION = "{version()}"' in text
    assert "__PRECACHE__" not in text and "__VERSION__" not in text
    urls = precache()
    assert json.dumps(urls) in text
    needed = ["/", "/static/app.js", "/static/style.css", "/static/offline/worker.js",
              "/static/offline/build/pyodide/pyodide.asm.wasm", "/static/cards.js",
              "/static/offline/build/crowsnest.zip", "/i18n/he.json", "/api/rules"]  # fmt: skip
    assert set(needed) <= set(urls)
    for url in urls:  # every one of them is there to be cached
        assert fetch(base_url, url)[0] == 200, url


@pytest.mark.parametrize(
    ("rules", "lang", "size"),
    [("hearts", "en", (1366, 768)), ("rook/crowsnest", "he", (390, 844))],
)
def test_the_app_opens_and_plays_a_hand_with_the_network_off(
    browser: Browser, base_url: str, screenshots: Path, rules: str, lang: str, size: tuple[int, int]
) -> None:
    phone = size[0] < 500
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": size[0], "height": size[1]},
        has_touch=phone,
        is_mobile=phone,
    )
    page: Page = context.new_page()
    try:
        open_with(page, {**INSTANT, "rules": rules, "level": "normal"}, lang)
        cached = page.wait_for_function(CACHED, timeout=BOOT_MS, polling=500).json_value()
        assert cached["name"] == f"crowsnest-{version()}"
        assert cached["count"] == len(precache())
        context.set_offline(True)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        expect(page.locator("#new-game")).to_be_visible()
        opened = websockets(page)
        page.click("#new-game")  # the server cannot be reached: the game is offline
        started(page)
        play_until(page, "hand-summary")
        name = rules.replace("/", "-")
        page.screenshot(path=str(screenshots / f"pwa-offline-{name}-{lang}.png"))
        assert opened == []
    finally:
        context.close()

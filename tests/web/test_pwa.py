"""The installable web app: the manifest (its fields, icons that load, the scope), the
service worker (served at the root, versioned, caching the whole app on the first
visit, a new version offered and loaded when the player says), and the app opened
again with the network off: a whole hand of Hearts (desktop, English) and of
CrowsNest (phone, Hebrew) played offline at Normal."""

from __future__ import annotations

import http.server
import json
import struct
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from crowsnest.web.pwa import precache, version

from .pages import sized_context
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
    context = sized_context(browser, base_url, size)
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


VERSION_OF_CONTROLLER = """() => new Promise((resolve) => {
    const sw = navigator.serviceWorker;
    sw.addEventListener("message", (e) => resolve(e.data.version), {once: true});
    sw.controller.postMessage({type: "version"});
})"""


class NextVersion(http.server.ThreadingHTTPServer):
    """A proxy in front of the server whose service worker, once ``newer`` is set,
    carries that version instead: the server's next release, as the browser sees it."""

    def __init__(self, upstream: str) -> None:
        super().__init__(("127.0.0.1", 0), _Forward)
        self.upstream = upstream
        self.newer: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Forward(http.server.BaseHTTPRequestHandler):
    server: NextVersion

    def do_GET(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length else None
        skip = {"host", "connection", "accept-encoding"}
        headers = {k: v for k, v in self.headers.items() if k.lower() not in skip}
        request = urllib.request.Request(
            self.server.upstream + self.path, data=data, method=self.command, headers=headers
        )
        try:
            answer = urllib.request.urlopen(request, timeout=60)
        except urllib.error.HTTPError as err:
            answer = err
        with answer:
            body = answer.read()
            if self.path == "/sw.js" and self.server.newer:
                body = body.replace(version().encode(), self.server.newer.encode())
            self.send_response(answer.status)
            for key, value in answer.headers.items():
                if key.lower() not in ("content-length", "transfer-encoding", "connection"):
                    self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def do_POST(self) -> None:
        self.do_GET()

    def do_HEAD(self) -> None:
        self.do_GET()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_a_new_version_installs_in_the_background_and_loads_when_the_player_says(
    browser: Browser, base_url: str
) -> None:
    """The server's next version (its service worker with another version written
    in) installs beside the one in control, the page offers it, and "Load it" lets it
    take over: the page reloads under it, and the old version's cache goes."""
    proxy = NextVersion(base_url)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    context = browser.new_context(base_url=proxy.url)
    page: Page = context.new_page()
    try:
        open_with(page, {**INSTANT, "rules": "hearts"}, "en")
        page.wait_for_function(CACHED, timeout=BOOT_MS, polling=500)
        page.reload()  # the page is now controlled by this version
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert page.evaluate(VERSION_OF_CONTROLLER) == version()
        proxy.newer = "f" * 16 if version() != "f" * 16 else "e" * 16
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        prompt = page.locator("#update-prompt")
        expect(prompt).to_contain_text("A new version of CrowsNest is ready.", timeout=BOOT_MS)
        with page.expect_navigation(timeout=BOOT_MS):
            page.click("#update-reload")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert page.evaluate(VERSION_OF_CONTROLLER) == proxy.newer
        names = page.evaluate("() => caches.keys()")
        assert [n for n in names if n.startswith("crowsnest-")] == [f"crowsnest-{proxy.newer}"]
        expect(page.locator("#update-prompt")).to_have_count(0)
    finally:
        context.close()
        proxy.shutdown()
        proxy.server_close()

"""Browser tests: a real ``crowsnest serve`` and Debian's Chromium under Playwright.

The server runs in its own process on a free port of the loopback address, with a
fresh SQLite database and bots that act at once (``--bot-delay 0``): the page is
tested exactly as a player reaches it. Chromium is the machine's (``/usr/bin/chromium``,
or ``CROWSNEST_CHROMIUM``), which ``make test`` installs with apt where it is missing;
Playwright never downloads a browser of its own.

Screenshots a test wants to keep go to ``test-artifacts/screenshots/`` (fixture
``screenshots``), which CI keeps as artifacts.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from server.helpers import ServerProcess

# Assertions wait up to 15 s (Playwright's default is 5 s): the machine has two cores,
# and a test's server, bots and browser share them.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def _chromium() -> str:
    path = os.environ.get("CROWSNEST_CHROMIUM") or shutil.which("chromium")
    if not path:
        pytest.fail("Chromium is missing: `make test` installs Debian's chromium package")
    return path


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``crowsnest serve`` (bots without delay); its base URL."""
    # A long grace: a table a finished test left behind waits for its player instead
    # of having bots play it out, which would load the machine under later tests.
    # Every browser context of the session is a new player from the same address: the
    # per-address limit on new players (tested in tests/server) is lifted here.
    env = {"CROWSNEST_GRACE": "3600", "CROWSNEST_IDENTITY_BURST": "100000"}
    server = ServerProcess(tmp_path_factory.mktemp("web-server"), env)
    try:
        yield server.start().base
    finally:
        server.stop()


@pytest.fixture(scope="session")
def base_url(server_url: str) -> str:
    """Playwright's ``page.goto("/")`` goes to the test server."""
    return server_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (Playwright downloads no browser here)."""
    return {**browser_type_launch_args, "executable_path": _chromium()}


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The folder for screenshots kept as test artifacts."""
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder

"""The installable web app: what the service worker caches, its version, and the
icons the manifest names.

The service worker (``static/sw.js``, served at ``/sw.js`` so that its scope is the
whole site) is sent with :func:`service_worker`'s two values written in: the list of
URLs it caches on the first visit (the page, every static file (scripts, styles, card
art, the offline build: Pyodide and the Python source), the catalogs, the rule sets
and the client's offers) and a version, a digest of all those files' bytes. A new
version of any of them is a new service worker, which the page offers to load ("new
version" prompt, ``static/offline/pwa.js``).

The icons are drawn here, with the standard library (:func:`png_icon`), by
``make offline`` (``tools/offline_bundle.py``) into the offline build.

>>> data = png_icon(48)
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", len(data) > 100
(True, True)
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import zlib
from functools import cache
from pathlib import Path
from typing import Final

from crowsnest.web import I18N_DIR, LANGUAGES, STATIC_DIR

THEME: Final = "#0d231a"
"""The theme colour (the page's background, style.css ``--bg``)."""
FELT: Final = (0x1C, 0x6E, 0x47)
GOLD: Final = (0xE2, 0xB8, 0x4B)
DARK: Final = (0x0D, 0x23, 0x1A)
ICON_SIZES: Final = (192, 512)
API_CACHED: Final = ("/api/rules", "/api/client", "/i18n/languages.json")
"""Answers of the server the app needs to open with no connection."""
SKIPPED: Final = (".map", ".d.ts", ".py", ".pyc")


def static_files() -> list[Path]:
    """Every file under the static folder the page may load (not the service worker
    itself, type declarations, source maps)."""
    return sorted(
        p
        for p in STATIC_DIR.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.name.endswith(SKIPPED)
        and "__pycache__" not in p.parts
    )  # fmt: skip


def precache() -> list[str]:
    """The URLs the service worker caches on the first visit."""
    files = [f"/static/{p.relative_to(STATIC_DIR).as_posix()}" for p in static_files()]
    catalogs = [f"/i18n/{lang}.json" for lang in LANGUAGES]
    return ["/", *files, *catalogs, *API_CACHED]


@cache
def version() -> str:
    """A digest of every cached file's bytes and of the catalogs' sources."""
    digest = hashlib.sha256()
    for path in [*static_files(), *sorted(I18N_DIR.rglob("*.json")), STATIC_DIR / "sw.js"]:
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def service_worker() -> str:
    """``static/sw.js`` with its version and the URLs to cache written in."""
    text = (STATIC_DIR / "sw.js").read_text(encoding="utf-8")
    return text.replace('"__VERSION__"', json.dumps(version())).replace(
        "[] /* __PRECACHE__ */", json.dumps(precache())
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_icon(size: int) -> bytes:
    """The app's icon, ``size`` pixels square, maskable: a gold ring and a gold
    centre (a crow's nest seen from above) on the felt, everything that matters
    inside the middle 60% (the safe zone a mask keeps is 80%); the background
    fills the square."""
    rows = []
    c = (size - 1) / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            r = math.hypot(x - c, y - c) / size
            if r < 0.09 or 0.2 < r < 0.28:
                colour = GOLD
            elif r < 0.34:
                colour = FELT
            else:
                colour = DARK
            row += bytes(colour)
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    raw = zlib.compress(b"".join(rows), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", raw) + _chunk(b"IEND", b"")
    )


def icons() -> dict[str, bytes]:
    """The manifest's icons by file name."""
    return {f"icon-{size}.png": png_icon(size) for size in ICON_SIZES}

"""The browser client: static files served by the server, and translation catalogs.

The client is plain ES modules in ``static/`` (no build step); every text it shows
comes from the catalogs in ``i18n/<lang>/*.json``, merged per language by
:func:`catalog` and served as ``/i18n/<lang>.json``. A catalog is a flat object of
dotted keys; a value is a string with ``{name}`` placeholders, or a plural object
whose keys are the language's CLDR plural categories (chosen in the browser with
``Intl.PluralRules``).

>>> LANGUAGES
('en', 'el', 'he', 'pl')
>>> RTL
frozenset({'he'})
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

STATIC_DIR = Path(__file__).parent / "static"
I18N_DIR = Path(__file__).parent / "i18n"
LANGUAGES = ("en", "el", "he", "pl")
"""The client's languages, English first (the fallback)."""
RTL = frozenset({"he"})
"""Languages written right to left."""


def catalog_files(lang: str) -> list[Path]:
    """The catalog files of ``lang``, in name order."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return sorted((I18N_DIR / lang).glob("*.json"))


@cache
def catalog(lang: str) -> dict[str, Any]:
    """Every key of ``lang``: its catalog files merged. A key defined in two files is
    an error (each file owns its keys)."""
    merged: dict[str, Any] = {}
    for path in catalog_files(lang):
        entries = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(entries, dict):
            raise ValueError(f"{path}: a catalog is a JSON object")
        twice = merged.keys() & entries.keys()
        if twice:
            raise ValueError(f"{path}: keys defined in another file too: {sorted(twice)[:5]}")
        merged.update(entries)
    return merged

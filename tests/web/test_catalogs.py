"""Translation catalogs: every language has the files and keys English has, the same
placeholders, and plural objects with exactly the categories ``Intl.PluralRules``
uses for that language (CLDR)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from crowsnest.web import I18N_DIR, LANGUAGES, catalog

PLURALS = {
    "en": {"one", "other"},
    "el": {"one", "other"},
    "he": {"one", "two", "other"},
    "pl": {"one", "few", "many", "other"},
}
"""``new Intl.PluralRules(lang).resolvedOptions().pluralCategories`` (integers and
fractions), per CLDR 42 and later."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")
OTHER = [lang for lang in LANGUAGES if lang != "en"]


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def _files(lang: str) -> list[str]:
    return sorted(p.name for p in (I18N_DIR / lang).glob("*.json"))


def _placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in PLACEHOLDER.findall(str(text))}


def test_every_language_is_known_to_the_plural_table() -> None:
    assert set(LANGUAGES) == set(PLURALS)
    assert _files("en"), "English has no catalog"


@pytest.mark.parametrize("lang", OTHER)
def test_same_files_as_english(lang: str) -> None:
    assert _files(lang) == _files("en")


@pytest.mark.parametrize(("lang", "name"), [(lang, n) for lang in OTHER for n in _files("en")])
def test_same_keys_as_english(lang: str, name: str) -> None:
    english = _load(I18N_DIR / "en" / name)
    other = _load(I18N_DIR / lang / name)
    assert sorted(other.keys() - english.keys()) == [], f"{lang}/{name}: keys not in English"
    assert sorted(english.keys() - other.keys()) == [], f"{lang}/{name}: keys missing"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_values_are_texts_or_plural_objects_of_the_language(lang: str) -> None:
    for key, value in catalog(lang).items():
        if isinstance(value, dict):
            assert set(value) == PLURALS[lang], f"{lang}: {key} has forms {sorted(value)}"
            assert all(isinstance(v, str) and v for v in value.values()), (lang, key)
        else:
            assert isinstance(value, str), (lang, key)


@pytest.mark.parametrize("lang", OTHER)
def test_same_placeholders_and_plurality_as_english(lang: str) -> None:
    english, other = catalog("en"), catalog(lang)
    for key, value in english.items():
        if key not in other:
            continue  # reported by test_same_keys_as_english
        assert _placeholders(other[key]) == _placeholders(value), (lang, key)
        assert isinstance(other[key], dict) == isinstance(value, dict), (lang, key)


def test_every_documented_error_code_is_translated() -> None:
    """The client shows a refusal as ``error.<code>``: every code that
    docs/protocol.md lists (websocket, engine and HTTP errors) has a translation."""
    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    section = protocol.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    codes = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))
    assert len(codes) > 40
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if f"error.{c}" not in catalog(lang))
        assert missing == [], f"{lang}: {missing}"

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

PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
"""A placeholder, ``{name}`` or ``{name:case}`` (a card named in a grammatical case)."""
CASES = {"gen", "dat", "acc", "ins", "loc"}
"""The grammatical cases a placeholder may ask for (i18n.js ``cardName``)."""
CARD_WORDS = re.compile(r"^(rank\.[^.]+|card\.(CROW|ROOK)|cardname\.[a-z]+|rules\.bird\.[a-z]+)$")
"""The keys a card's name is made of (and the bird's name in the rules): the only
words a catalog declines."""
INFLECTED = re.compile(r"^(?P<base>.+)\.(?P<case>[a-z]+)$")
OTHER = [lang for lang in LANGUAGES if lang != "en"]


def _load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def _files(lang: str) -> list[str]:
    return sorted(p.name for p in (I18N_DIR / lang).glob("*.json"))


def _placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name, _ in PLACEHOLDER.findall(str(text))}


def _cases_asked(entries: dict[str, Any]) -> set[str]:
    texts = [t for v in entries.values() for t in (v.values() if isinstance(v, dict) else [v])]
    return {case for text in texts for _, case in PLACEHOLDER.findall(str(text)) if case}


def _inflection(key: str, english: dict[str, Any]) -> tuple[str, str] | None:
    """(base key, case) when key is a declined form of one of a card name's words."""
    m = INFLECTED.match(key)
    if m and m["case"] in CASES and m["base"] in english and CARD_WORDS.match(m["base"]):
        return m["base"], m["case"]
    return None


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
    declined = {k for k in other if _inflection(k, english)}
    extra = sorted(other.keys() - english.keys() - declined)
    assert extra == [], f"{lang}/{name}: keys not in English"
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_case_asked_for_is_one_every_card_word_has(lang: str) -> None:
    """A placeholder such as ``{card:gen}`` names the card in the genitive: the catalog
    then holds that case of every word a card's name is made of (numbers excepted), so
    no card falls back to the nominative in the middle of a declined phrase."""
    english, entries = catalog("en"), catalog(lang)
    asked = _cases_asked(entries)
    assert asked <= CASES, f"{lang}: unknown cases {sorted(asked - CASES)}"
    words = [k for k in english if CARD_WORDS.match(k) and not str(entries[k]).isdigit()]
    assert words, "no card words found: the key pattern is stale"
    for case in sorted(asked):
        missing = [k for k in words if f"{k}.{case}" not in entries]
        assert missing == [], f"{lang}: {case} forms missing for {missing}"
        for k in words:
            # A declined form keeps the placeholders of its nominative.
            form = entries[f"{k}.{case}"]
            assert _placeholders(form) == _placeholders(entries[k]), (lang, k, case)
    declined = {k for k in entries if _inflection(k, english)}
    unused = {k for k in declined if k.rsplit(".", 1)[1] not in asked}
    assert unused == set(), f"{lang}: declined forms no text asks for: {sorted(unused)}"


def test_polish_declines_card_names_after_prepositions_and_verbs() -> None:
    """The sentences that once read "od karty Dama pik", "z kartą Walet karo"."""
    pl = catalog("pl")
    assert "{card:gen}" in pl["rules.hearts.first_trick"]
    assert "{card:ins}" in pl["rules.hearts.not_played"]
    assert pl["rank.Q.gen"] == "Damy" and pl["rank.J.ins"] == "Waletem"

"""The glossary (docs/glossary.md) holds: every game term is used in every language's
catalogs, its label keys use it, and no word the glossary refuses is used anywhere."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from crowsnest.web import LANGUAGES, catalog

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"


def _table(heading: str) -> list[dict[str, str]]:
    """The rows of the Markdown table under ``## heading``, as dicts by column."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    lines = [ln.strip() for ln in section.splitlines() if ln.strip().startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    return [
        dict(zip(head, (c.strip() for c in ln.strip("|").split("|")), strict=True))
        for ln in lines[2:]
    ]


def _texts(value: Any) -> list[str]:
    """Every text of a catalog value (plural forms are a dict of texts)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    return []


def _all_text(lang: str) -> str:
    return "\n".join(t for v in catalog(lang).values() for t in _texts(v)).lower()


TERMS = _table("Terms")
REFUSED = _table("Words not used")


def test_the_glossary_has_its_tables() -> None:
    assert {row["term"] for row in TERMS} >= {"nest", "trump", "declarer", "trick"}
    assert {row["lang"] for row in REFUSED} <= set(LANGUAGES)
    assert all(row[lang] for row in TERMS for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_is_used_and_labels_use_it(lang: str) -> None:
    text = _all_text(lang)
    words = catalog(lang)
    for row in TERMS:
        stem = row[lang].lower()
        assert stem in text, (lang, row["term"], stem)
        for key in filter(None, (k.strip() for k in row["label keys"].split(","))):
            label = " ".join(_texts(words[key])).lower()
            assert stem in label, (lang, row["term"], key, label)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_refused_word_is_used(lang: str) -> None:
    words = catalog(lang)
    for row in (r for r in REFUSED if r["lang"] == lang):
        refused = re.compile(rf"(?<!\w){re.escape(row['not used'])}", re.IGNORECASE)
        used = [k for k, v in words.items() for t in _texts(v) if refused.search(t)]
        assert not used, (lang, row["not used"], used)

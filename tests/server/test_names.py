"""Player names: one display form, one comparison key, and a clear refusal of names
that hide characters or pass for someone else's."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from crowsnest.server.people.names import MAX_LENGTH, BadName, PlayerName, display_name, name_key


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ann", "Ann"),
        ("  Ann ", "Ann"),
        ("Ann   Lee", "Ann Lee"),
        ("\uff21\uff4e\uff4e", "Ann"),  # fullwidth letters, NFKC
        ("\u210cenry", "Henry"),  # black-letter H
        ("Άννα", "Άννα"),
        ("דניאל", "דניאל"),
        ("Łukasz Żółć", "Łukasz Żółć"),
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # a combining diaeresis composes
        ("R2-D2", "R2-D2"),
    ],
)
def test_names_are_shown_in_one_normal_form(raw: str, shown: str) -> None:
    assert display_name(raw) == shown
    assert display_name(shown) == shown  # the form is stable


def test_names_differing_only_in_case_compare_equal() -> None:
    assert name_key(display_name("ANN")) == name_key(display_name(" ann")) == "ann"
    assert name_key(display_name("ΆΝΝΑ")) == name_key("άννα")
    assert name_key("Ann") != name_key("Anne")


@pytest.mark.parametrize(
    ("raw", "reason", "words"),
    [
        ("", "empty", "at least one letter"),
        ("   ", "empty", "at least one letter"),
        ("x" * (MAX_LENGTH + 1), "too_long", f"at most {MAX_LENGTH}"),
        ("Ann\u200b", "character", "U+200B (ZERO WIDTH SPACE)"),
        ("\u202eAnn", "character", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("Ann\u2066", "character", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
        ("A\x00nn", "character", "U+0000"),
        ("Ann\x7f", "character", "U+007F"),
        ("P\u0430ypal", "confusable", "Cyrillic, Latin"),  # a Cyrillic a among Latin
        ("\u0410nn", "confusable", "Cyrillic, Latin"),
    ],
)
def test_bad_names_are_refused_saying_why(raw: str, reason: str, words: str) -> None:
    with pytest.raises(BadName, match="name") as err:
        display_name(raw)
    assert err.value.reason == reason
    assert words in str(err.value)


def test_a_long_name_counts_characters_not_bytes() -> None:
    assert display_name("ά" * MAX_LENGTH) == "ά" * MAX_LENGTH


def test_a_request_field_normalises_the_name_or_refuses_it() -> None:
    class Join(BaseModel):
        name: PlayerName

    assert Join(name="  Zoë ").name == "Zoë"
    with pytest.raises(ValidationError, match="RIGHT-TO-LEFT OVERRIDE"):
        Join(name="\u202eAnn")


def test_names_that_look_alike_in_another_script_compare_equal() -> None:
    cyrillic = display_name("\u0440\u0430\u0443\u0440\u0430")  # no Latin letter
    assert cyrillic != "paypa"
    assert name_key(cyrillic) == name_key("paypa")
    assert name_key(display_name("Łukasz")) != name_key("lukasz")  # Ł is not an L
    assert name_key(display_name("\u05d3\u05e0\u05d9")) == "\u05d3\u05e0\u05d9"  # Hebrew: as it is

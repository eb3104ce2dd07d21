"""Player names: one normal form for what is shown, one key for what is compared.

A name is what a player calls themselves at the table, in any script our players
write in (Latin with its accents, Greek, Hebrew, Cyrillic, ...). What we accept is
the PRECIS Nickname profile of RFC 8266 (through ``precis-i18n``): Unicode NFKC, no
control, format or zero-width characters (so no right-to-left override, no
invisible padding), no empty name; plus two rules of ours:

* at most :data:`MAX_LENGTH` characters once normalised;
* no look-alikes: a name that mixes scripts where one of its letters can pass for
  another script's (a Cyrillic a, U+0430, among Latin letters) is
  refused, through ``confusable-homoglyphs`` (Unicode's confusables data).

>>> display_name("  Zoë   Łukasz ")
'Zoë Łukasz'
>>> display_name("\u210cenry") == display_name("Henry"), name_key("ANNA") == name_key("anna")
(True, True)
>>> display_name("Ann\u202e")
Traceback (most recent call last):
...
crowsnest.server.people.names.BadName: a name cannot hold U+202E (RIGHT-TO-LEFT OVERRIDE)
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Final

from confusable_homoglyphs import confusables
from precis_i18n import get_profile
from pydantic import AfterValidator, StringConstraints

MAX_LENGTH: Final = 40
"""Characters in a name, after normalisation."""

_NICKNAME = get_profile("NicknameCaseMapped")
_SPACES = re.compile(r"\s+")


class BadName(ValueError):
    """A name we do not accept; ``reason`` is a stable code, the message says why."""

    def __init__(self, reason: str, message: str, **args: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.args_ = args


def _character(text: str, message: str) -> str | None:
    """The character a PRECIS refusal names (its message says ``position N``)."""
    found = re.search(r"position (\d+)", message)
    if found is None or int(found.group(1)) >= len(text):
        return None
    return text[int(found.group(1))]


def display_name(raw: str) -> str:
    """The name as everyone sees it: NFKC, runs of spaces made one, trimmed; or
    :class:`BadName` saying what is wrong with it."""
    text = _SPACES.sub(" ", unicodedata.normalize("NFKC", raw)).strip()
    if not text:
        raise BadName("empty", "a name needs at least one letter")
    if len(text) > MAX_LENGTH:
        raise BadName("too_long", f"a name is at most {MAX_LENGTH} characters", maximum=MAX_LENGTH)
    try:
        _NICKNAME.enforce(text)
    except UnicodeError as err:
        char = _character(text, str(err))
        if char is None:
            raise BadName("not_allowed", "this name is not allowed") from None
        code = f"U+{ord(char):04X}"
        label = unicodedata.name(char, "a control character")
        raise BadName("character", f"a name cannot hold {code} ({label})", character=code) from None
    if confusables.is_dangerous(text):
        scripts = sorted({_script(c) for c in text if c.isalpha()})
        raise BadName(
            "confusable",
            f"a name cannot mix look-alike letters of different scripts ({', '.join(scripts)})",
            scripts=scripts,
        )
    return text


def name_key(name: str) -> str:
    """What two names are compared by: the display form case-mapped (so ``Ann`` and
    ``ann`` are one name), and every letter that looks like a Latin one (Unicode's
    confusables) read as that letter, so a name written wholly in Cyrillic letters
    that look like ``paypa`` is the same name as ``paypa``. ``name`` must be a display
    name already."""
    key: str = _NICKNAME.enforce(name)
    found = confusables.is_confusable(key, greedy=True, preferred_aliases=["latin"])
    if not found:
        return key
    latin: dict[str, str] = {}
    for entry in found:
        for glyph in entry["homoglyphs"]:
            if glyph["n"].startswith("LATIN ") and len(glyph["c"]) == 1:
                latin.setdefault(entry["character"], glyph["c"].lower())
    return "".join(latin.get(c, c) for c in key)


def _script(char: str) -> str:
    # The first word of the character's Unicode name is its script for the letters
    # a name may hold ("LATIN SMALL LETTER A", "CYRILLIC SMALL LETTER A").
    return unicodedata.name(char, "UNKNOWN").split(" ", 1)[0].title()


MAX_RAW_LENGTH: Final = 4 * MAX_LENGTH
"""Characters a name may be sent with (spaces and all), checked before any work."""

PlayerName = Annotated[
    str, StringConstraints(max_length=MAX_RAW_LENGTH), AfterValidator(display_name)
]
"""A request field that holds a player's name: bounded, validated and normalised."""

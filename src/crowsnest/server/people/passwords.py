"""Passwords too easily guessed to accept (NIST SP 800-63B, 3.1.1.2: compare a new
password with a list of common, expected or compromised values and with words of the
context, such as the service's name and the username).

Not a breach corpus (none is shipped or fetched): the most common passwords of at
least 8 characters in the published leak rankings, the service's own name, the
username, a run of one character, and a run of the keyboard or the alphabet.

>>> guessable("Password1"), guessable("aaaaaaaaaa"), guessable("qwertyuiop")
(True, True, True)
>>> guessable("zoë1987!", username="Zoë1987!"), guessable("correct horse battery")
(True, False)
"""

from __future__ import annotations

from typing import Final

COMMON: Final = frozenset((
    "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "p@ssword",
    "12345678", "123456789", "1234567890", "0123456789", "87654321", "987654321", "11111111",
    "00000000", "12121212", "11223344", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx",
    "qwertyui", "qwertyuiop", "qwerty123", "qwerty12", "asdfghjk", "asdfghjkl", "zxcvbnm1",
    "abcd1234", "abc12345", "aa123456", "a1b2c3d4", "iloveyou", "iloveyou1", "sunshine",
    "princess", "football", "baseball", "basketball", "welcome1", "welcome123", "trustno1",
    "superman", "starwars", "whatever", "letmein1", "dragon12", "jennifer", "michelle",
    "computer", "internet", "monkey123", "shadow12", "master12", "charlie1", "liverpool",
    "chocolate", "butterfly", "babygirl1", "passport", "1234qwer", "qweasdzxc",
))  # fmt: skip
"""The most common passwords of 8 characters or more (lower case)."""

SERVICE: Final = ("crowsnest", "crows nest", "crowsnest1", "rookgame", "heartsgame")
RUNS: Final = ("0123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm")


def guessable(password: str, username: str | None = None) -> bool:
    """Whether ``password`` is one of the first guesses anyone would try: a common
    password, the service's name, the username (ignoring case and blanks at the
    ends), one character repeated, or a stretch of the digits, the alphabet or the
    keyboard's rows, forwards or backwards."""
    folded = password.strip().casefold()
    if folded in COMMON or folded in SERVICE or len(set(folded)) <= 1:
        return True
    if username is not None and folded == username.strip().casefold():
        return True
    return any(folded in run or folded in run[::-1] for run in RUNS)

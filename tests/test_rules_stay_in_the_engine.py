"""The server and the clients hold no rule: they ask the engine (or its view).

A grep, so that what the redesign took out does not come back: a team worked out as
``seat % 2``, a rule set told apart by its id in a condition, a family told apart by
the game's or the rules' class. Each pattern is tested against a line it must catch,
so the guard itself cannot rot into one that finds nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "crowsnest"
WATCHED = [
    *sorted((SRC / "server").rglob("*.py")),
    *sorted((SRC / "web" / "static").glob("*.js")),
    *sorted((SRC / "terminal").glob("*.py")),
]

SEAT = r"(?:seat|seats|me|mySeat|declarer|winner|who|leader|bidder|high_bidder)"
RULES: dict[str, re.Pattern[str]] = {
    "a team from the seat number": re.compile(rf"\b{SEAT}\b[\w.\]\)\s?]*%\s*2\b"),
    # The family ("hearts", "rook") read from a view or the rules is the engine's
    # answer; a rule set's id (which may also be "hearts") in a condition is not.
    "a rule set told apart by its id": re.compile(
        r"""(?:\brules(?:_?[iI]d)?|\.id)\s*(?:==|!=|===|!==)\s*["'](?:rook/|crowsnest|hearts)"""
        r"""|(?:includes|startswith|startsWith)\(\s*["'](?:rook/|crowsnest)"""
        r"""|["']rook/[a-z-]+["']\s*(?:==|!=|===|!==)"""
    ),
    "a family told apart by the class": re.compile(r"isinstance\([^)]*\b(?:HeartsGame|RookGame)\b"),
}

CAUGHT = {
    "a team from the seat number": ["team = seat % 2", "const us = (this.mySeat ?? 0) % 2;"],
    "a rule set told apart by its id": [
        'if rules_id == "hearts":',
        'return rules.includes("crowsnest") ? "crow" : "rook";',
        'data.rules === "rook/crowsnest"',
    ],
    "a family told apart by the class": ["if isinstance(game, HeartsGame):"],
}


@pytest.mark.parametrize("what", list(RULES))
def test_each_pattern_catches_what_it_is_for(what: str) -> None:
    for line in CAUGHT[what]:
        assert RULES[what].search(line), (what, line)


def test_the_watched_files_exist() -> None:
    names = {p.name for p in WATCHED}
    assert {"hub.py", "table.py", "model.js", "hand.js", "render.py"} <= names


@pytest.mark.parametrize("what", list(RULES))
def test_no_rule_outside_the_engine(what: str) -> None:
    found = [
        f"{path.relative_to(SRC)}:{number}: {line.strip()}"
        for path in WATCHED
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RULES[what].search(line) and not line.lstrip().startswith(("#", "//", "*", ">>>"))
    ]
    assert found == [], f"{what}: ask the engine or the view instead\n" + "\n".join(found)

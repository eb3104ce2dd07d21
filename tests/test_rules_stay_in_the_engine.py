"""Outside the engine nobody restates a rule: the server, the clients (the browser's,
the terminal, the command line, the Info tab's text), the bots and the arena ask the
engine (its rule data, its tables or the view).

A grep, so that what the redesign took out does not come back: a team worked out as
``seat % 2``, a rule set told apart by its id in a condition, a family told apart by
the game's or the rules' class, the pass directions' seats, a special trump told by
its name, the trump bonus of a card's power, the queen of spades or the two of clubs
made anew. Each pattern is tested against a line it must catch, so the guard itself
cannot rot into one that finds nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SRC = ROOT / "src" / "crowsnest"
CLIENTS = [
    *sorted((SRC / "server").rglob("*.py")),
    *sorted((SRC / "web" / "static").glob("*.js")),
    *sorted((SRC / "terminal").glob("*.py")),
    *sorted((SRC / "cli").glob("*.py")),
    SRC / "rules_info.py",
    *sorted((ROOT / "tests" / "js").glob("*.js")),
]
"""What shows a game or serves it: it holds no rule at all."""
PLAYERS = [*sorted((SRC / "ai").rglob("*.py")), *sorted((SRC / "arena").rglob("*.py"))]
"""The bots and the arena: they play one family's game with that family's own code,
so they may tell a family's game by its class (to call its own methods); every other
rule is the engine's."""
WATCHED = CLIENTS + PLAYERS

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
    "the seats of the pass directions": re.compile(r"""["'](?:left|right|across)["']\s*:\s*\d"""),
    "a special trump told by its name": re.compile(
        r"""(?:==|!=|===|!==)\s*["']R1["']|["']R1["']\s*(?:==|!=|===|!==)"""
    ),
    "the trump bonus of a card's power": re.compile(
        r"\bTRUMP_BONUS\s*(?::\s*[\w\[\]]+)?\s*=(?!=)|\+\s*1000\s*\*"
    ),
    "the queen of spades or the two of clubs made anew": re.compile(
        r"""hearts_card\(\s*(?:3\s*,\s*12|0\s*,\s*2)\s*\)|parse_card\(\s*["'](?:QS|2C)["']"""
    ),
}
ALLOWED: dict[str, list[Path]] = {"a family told apart by the class": PLAYERS}
"""Files a rule does not apply to."""

CAUGHT = {
    "a team from the seat number": ["team = seat % 2", "const us = (this.mySeat ?? 0) % 2;"],
    "a rule set told apart by its id": [
        'if rules_id == "hearts":',
        'return rules.includes("crowsnest") ? "crow" : "rook";',
        'data.rules === "rook/crowsnest"',
    ],
    "a family told apart by the class": ["if isinstance(game, HeartsGame):"],
    "the seats of the pass directions": ['PASS_TO = {"left": 1, "right": 3, "across": 2}'],
    "a special trump told by its name": [
        'if text == "CROW" or (rules.red_one and text == "R1"):',
        'const special = card === "R1";',
    ],
    "the trump bonus of a card's power": [
        "TRUMP_BONUS: Final = 1000",
        "rank[c] + 1000 * bool((colour_masks[t] | specials) >> c & 1)",
    ],
    "the queen of spades or the two of clubs made anew": [
        "QS: Final = hearts_card(3, 12)",
        'TWO_CLUBS: Final = parse_card("2C", HEARTS)',
    ],
}


@pytest.mark.parametrize("what", list(RULES))
def test_each_pattern_catches_what_it_is_for(what: str) -> None:
    for line in CAUGHT[what]:
        assert RULES[what].search(line), (what, line)


def test_the_watched_files_exist() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in WATCHED}
    assert {
        "src/crowsnest/server/live/hub.py",
        "src/crowsnest/server/table/table.py",
        "src/crowsnest/server/table/resign.py",
        "src/crowsnest/web/static/model.js",
        "src/crowsnest/web/static/hand.js",
        "src/crowsnest/terminal/render.py",
        "src/crowsnest/cli/measure.py",
        "src/crowsnest/rules_info.py",
        "tests/js/fixtures.js",
        "src/crowsnest/ai/hearts/policy.py",
        "src/crowsnest/ai/rook/common.py",
        "src/crowsnest/arena/ratings.py",
    } <= names


@pytest.mark.parametrize("what", list(RULES))
def test_no_rule_outside_the_engine(what: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in WATCHED
        if path not in ALLOWED.get(what, ())
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RULES[what].search(line) and not line.lstrip().startswith(("#", "//", "*", ">>>"))
    ]
    assert found == [], f"{what}: ask the engine or the view instead\n" + "\n".join(found)

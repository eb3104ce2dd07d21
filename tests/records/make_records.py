"""Write the game records of ``tests/records/`` (test data for ``tests/engine/test_records.py``).

Run it only when the record format or the rules change on purpose, and say why in
the commit: the files are regression data, and rewriting them hides any change::

    .venv/bin/python tests/records/make_records.py

Every game is played in process by the bots (no hard bots: they think against the
clock), each seat drawing its chance from ``random.Random(f"{seed}/{seat}")``, so the
same code writes the same files. A file holds the record and what the game came to:
the result of every hand, the final scores and the winner.

The edge cases are found by trying seeds in order until a game shows them: a Hearts
moon, a Rook contract set, a hand that everyone passed (a redeal), and games with
options (no bird card, the dealer forced to bid, counters kept out of the nest).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crowsnest.ai.registry import make_bot
from crowsnest.engine import AnyGame, HeartsGame, RookGame, new_game

FOLDER = Path(__file__).resolve().parent
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Recipe:
    """One record to write: the rule set, who plays it, and what it must show."""

    name: str
    about: str
    rules: str
    players: tuple[str, str, str, str]
    options: Mapping[str, object] = field(default_factory=dict)
    shows: Callable[[AnyGame], bool] = lambda game: True
    """The property the game is chosen for (the first seed that has it)."""
    first_seed: int = 1


def play(recipe: Recipe, seed: int) -> AnyGame:
    """Play a whole game of ``recipe.rules`` with ``recipe.players`` in seats 0..3."""
    played = new_game(recipe.rules, options=recipe.options, seed=seed)
    family = "hearts" if isinstance(played, HeartsGame) else "rook"
    bots = [make_bot(family, name) for name in recipe.players]
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(4)]
    for _ in range(MAX_DECISIONS):
        if played.is_over:
            return played
        seat = min(played.actors)
        action = bots[seat].choose(played.view(seat), played.legal_actions(seat), rngs[seat])
        played.apply(seat, action)
    raise RuntimeError(f"{recipe.name}: seed {seed} did not end in {MAX_DECISIONS} decisions")


def moon(game: AnyGame) -> bool:
    return isinstance(game, HeartsGame) and any(r.moon is not None for r in game.results)


def contract_set(game: AnyGame) -> bool:
    return isinstance(game, RookGame) and any(not r.made for r in game.results)


def redeal(game: AnyGame) -> bool:
    """Some hand was passed by all four and dealt again."""
    return isinstance(game, RookGame) and len(game.deals) > len(game.results)


def hand_results(game: AnyGame) -> list[dict[str, Any]]:
    return [r.to_json() for r in game.results]


def summary(recipe: Recipe, seed: int, played: AnyGame) -> dict[str, Any]:
    return {
        "about": recipe.about,
        "players": list(recipe.players),
        "seed": seed,
        "hands": hand_results(played),
        "scores": list(played.scores),
        "winner": played.winner,
        "record": played.record(),
    }


def dumps(data: Mapping[str, Any]) -> str:
    """JSON with one line per hand, deal and action, so that a change reads as a diff."""

    def block(items: Sequence[Any], indent: str) -> str:
        if not items:
            return "[]"
        inner = f",\n{indent}  ".join(json.dumps(item, ensure_ascii=False) for item in items)
        return f"[\n{indent}  {inner}\n{indent}]"

    def obj(values: Mapping[str, Any], indent: str) -> str:
        lines = []
        for key, value in values.items():
            if key == "record":
                text = obj(value, indent + "  ")
            elif key in ("hands", "deals", "actions"):
                text = block(value, indent + "  ")
            else:
                text = json.dumps(value, ensure_ascii=False)
            lines.append(f'{indent}  "{key}": {text}')
        return "{\n" + ",\n".join(lines) + f"\n{indent}}}"

    return obj(data, "") + "\n"


RECIPES = [
    Recipe("hearts-1", "Hearts: two normal bots, an easy bot and a ducker", "hearts",
         ("normal", "easy", "normal", "ducker")),
    Recipe("hearts-2", "Hearts: four normal bots", "hearts", ("normal",) * 4, first_seed=2),
    Recipe("hearts-moon", "Hearts: a hand in which one player takes every point (the moon)",
         "hearts", ("normal", "random", "random", "random"), shows=moon),
    Recipe("crowsnest-1", "CrowsNest: normal bots (We) against easy bots (They)",
         "rook/crowsnest", ("normal", "easy", "normal", "easy")),
    Recipe("crowsnest-set", "CrowsNest: a declarer is set (loses the bid)", "rook/crowsnest",
         ("greedy", "normal", "greedy", "normal"), shows=contract_set),
    Recipe("crowsnest-redeal", "CrowsNest, minimum bid 100: all four pass and the same dealer "
         "deals again", "rook/crowsnest", ("normal",) * 4, {"min_bid": 100}, shows=redeal),
    Recipe("crowsnest-no-bird", "CrowsNest without the Crow (40 cards, a nest of 4)",
         "rook/crowsnest", ("normal", "easy", "normal", "easy"), {"bird": False}),
    Recipe("crowsnest-dealer-forced", "CrowsNest: the dealer must bid when the others passed",
         "rook/crowsnest", ("normal",) * 4, {"all_pass": "dealer_forced", "target": 200}),
    Recipe("tournament-1", "Tournament Rook: normal against easy", "rook/tournament",
         ("normal", "easy", "normal", "easy")),
    Recipe("tournament-keep-counters", "Tournament Rook: counters may not go to the nest",
         "rook/tournament", ("easy", "normal", "easy", "normal"),
         {"discard_counters": False, "min_bid": 50}),
    Recipe("partnership-1", "Partnership Rook: normal against easy", "rook/partnership",
         ("normal", "easy", "normal", "easy")),
    Recipe("partnership-2", "Partnership Rook: easy against normal", "rook/partnership",
         ("easy", "normal", "easy", "normal"), first_seed=2),
    Recipe("one-high-1", "1-High Partnership: normal against easy", "rook/one-high",
         ("normal", "easy", "normal", "easy")),
    Recipe("one-high-2", "1-High Partnership: easy against normal", "rook/one-high",
         ("easy", "normal", "easy", "normal"), first_seed=2),
    Recipe("red-one-1", "The Red 1: normal against easy", "rook/red-one",
         ("normal", "easy", "normal", "easy")),
    Recipe("red-one-2", "The Red 1: easy against normal", "rook/red-one",
         ("easy", "normal", "easy", "normal"), first_seed=2),
    Recipe("buckeye-1", "Buckeye: normal against easy", "rook/buckeye",
         ("normal", "easy", "normal", "easy")),
    Recipe("buckeye-2", "Buckeye: easy against normal", "rook/buckeye",
         ("easy", "normal", "easy", "normal"), first_seed=2),
    Recipe("dixie-1", "Dixie Rook: normal against easy", "rook/dixie",
         ("normal", "easy", "normal", "easy")),
    Recipe("dixie-2", "Dixie Rook: easy against normal", "rook/dixie",
         ("easy", "normal", "easy", "normal"), first_seed=2),
]  # fmt: skip


def main() -> int:
    for old in FOLDER.glob("*.json"):
        old.unlink()
    for recipe in RECIPES:
        for seed in range(recipe.first_seed, recipe.first_seed + 1000):
            played = play(recipe, seed)
            if recipe.shows(played):
                break
        else:
            raise RuntimeError(f"{recipe.name}: no seed shows what it should")
        path = FOLDER / f"{recipe.name}.json"
        path.write_text(dumps(summary(recipe, seed, played)), encoding="utf-8")
        print(f"{path.name}: seed {seed}, {len(played.log)} actions, scores {played.scores}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

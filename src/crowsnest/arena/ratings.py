"""The bots' fixed ratings: whole games among the levels' bots, rated
game by game with the server's own model (:mod:`crowsnest.skill`).

Hearts: easy, normal and hard with the random bot as the fourth, the seats
rotated from game to game; each game is a four-way ranking by the engine's places.
Rook: two teams of one level each, the pairs (easy, normal), (normal, hard),
(easy, hard) in turn, the sides swapped every other game; each game is team
against team. Every bot starts from the model's default rating; the figures are
what the run ends with. Games are dealt from (``seed``, game number), and each
bot's random source from (``seed``, game, seat), so one seed gives one run.

``python -m crowsnest.arena.ratings FAMILY --games N [--seconds S] --out FILE``
writes ``{"family", "games", "seed", "ratings": {level: {"mu", "sigma"}}}``;
``--merge A B --out src/crowsnest/server/people/bot_ratings.json`` puts two families'
runs into the server's file, with the command, date and machine given.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from crowsnest.arena.players import Seating
from crowsnest.engine import RULESETS, new_game
from crowsnest.skill import LEVELS, UNRATED, Entrant, Rating, rate

RULES = {"hearts": "hearts", "rook": "rook/crowsnest"}
FOURTH = "random"
PAIRS = (("easy", "normal"), ("normal", "hard"), ("easy", "hard"))


def lineup(family: str, game: int) -> list[str]:
    """The bot in each seat of game number ``game``."""
    if family == "hearts":
        names = [*LEVELS, FOURTH]
        return [names[(seat + game) % 4] for seat in range(4)]
    a, b = PAIRS[(game // 2) % len(PAIRS)]
    if game % 2:
        a, b = b, a
    return [a, b, a, b]


def play(family: str, names: Sequence[str], seed: int, game_no: int) -> list[int]:
    """One whole game; each seat's place (the engine's standings)."""
    seating = Seating(family)
    bots = [seating.bot(n) for n in names]
    rngs = [random.Random(f"{seed}:{game_no}:{seat}") for seat in range(4)]
    game = new_game(RULES[family], seed=random.Random(f"{seed}:{game_no}").getrandbits(63))
    while not game.is_over:
        seat = min(game.actors)
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat), rngs[seat]))
    return [st.place for st in game.standings()]


def run(family: str, games: int, seconds: float | None, seed: int) -> tuple[int, dict[str, Rating]]:
    """Play up to ``games`` games (or until ``seconds`` have passed); how many were
    played and each bot's rating after them."""
    ratings: dict[str, Rating] = {}
    end = None if seconds is None else time.monotonic() + seconds
    played = 0
    for game_no in range(games):
        if end is not None and time.monotonic() >= end:
            break
        names = lineup(family, game_no)
        places = play(family, names, seed, game_no)
        teams = [RULESETS[RULES[family]].team_of(s) for s in range(4)]
        entrants = [Entrant(teams[s], places[s], ratings.get(names[s], UNRATED)) for s in range(4)]
        for seat, new in enumerate(rate(family, entrants)):
            ratings[names[seat]] = new
        played += 1
    return played, ratings


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m crowsnest.arena.ratings")
    parser.add_argument("family", nargs="?", choices=sorted(RULES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--merge", nargs="+", type=Path)
    parser.add_argument("--command", default="")
    parser.add_argument("--machine", default=platform.platform())
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    data: dict[str, object]
    if args.merge:
        runs = [json.loads(p.read_text()) for p in args.merge]
        data = {
            "measured": {
                "command": args.command,
                "date": datetime.now(UTC).date().isoformat(),
                "machine": args.machine,
                "games": {r["family"]: r["games"] for r in runs},
                "seed": runs[0]["seed"],
            },
            "ratings": {r["family"]: {k: r["ratings"][k] for k in LEVELS} for r in runs},
        }
    else:
        played, ratings = run(args.family, args.games, args.seconds, args.seed)
        data = {
            "family": args.family,
            "games": played,
            "seed": args.seed,
            "ratings": {
                name: {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2)}
                for name, r in sorted(ratings.items())
            },
        }
    args.out.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()

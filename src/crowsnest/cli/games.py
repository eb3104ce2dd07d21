"""Commands about one game: ``play`` (the terminal game), ``bot`` (one seat over the
bot protocol), ``review`` (the Hard search's view of a seat's decisions) and
``verify`` (a finished game's deals were fair)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from crowsnest.cli.command import command, option, positive_int, positive_seconds


def _play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument(
        "rules_id",
        nargs="?",
        default=None,
        metavar="RULES_ID",
        help="rule set to play (default: CrowsNest)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the bots")
    play.add_argument(
        "--option",
        type=option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, e.g. target=500 or bird=false (repeatable)",
    )
    play.add_argument("--save", default=None, metavar="FILE", help="write the game record here")


@command("play", help="play a game in the terminal", arguments=_play_arguments)
def _play(args: argparse.Namespace) -> int:
    from crowsnest.terminal import run

    options: list[tuple[str, object]] = args.option
    return run(args.rules_id, seed=args.seed, options=dict(options), save=args.save)


def _bot_arguments(bot: argparse.ArgumentParser) -> None:
    bot.add_argument("--game", choices=("hearts", "rook"), required=True)
    bot.add_argument("--level", required=True, help="a bot name, e.g. ducker, hard, random")
    bot.add_argument(
        "--seed", type=int, default=None, help="seed for decisions whose 'act' has no seed"
    )
    bot.add_argument(
        "--budget", type=positive_seconds, default=None, metavar="S", help="seconds per decision"
    )


@command(
    "bot",
    help="play one seat over the bot protocol (JSON lines on stdin/stdout)",
    description="Play one seat over the bot protocol: see docs/bot-protocol.md.",
    arguments=_bot_arguments,
    # A bot that cannot be made; the host closing the pipe or Ctrl-C ends the session.
    failures=((ValueError, 2), ((BrokenPipeError, KeyboardInterrupt), 0)),
)
def _bot(args: argparse.Namespace) -> int:
    import random

    from crowsnest.ai.budget import with_budget
    from crowsnest.ai.registry import make_bot
    from crowsnest.ai.serve import BotSession, serve

    player = make_bot(args.game, args.level)
    if args.budget is not None:
        player = with_budget(player, args.budget)
    session = BotSession(player, args.game, args.level, random.Random(args.seed))
    return serve(session, sys.stdin, sys.stdout)


def _read_record(path: str) -> Any:
    """A record file's JSON (``-``: stdin)."""
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return json.loads(text)


def _review_arguments(review: argparse.ArgumentParser) -> None:
    from crowsnest.ai.review import DEFAULT_WORLDS

    review.add_argument("record", metavar="RECORD", help="a record file (JSON), or - for stdin")
    review.add_argument("--seat", type=int, default=0, choices=range(4), help="seat (default 0)")
    review.add_argument(
        "--worlds",
        type=positive_int,
        default=DEFAULT_WORLDS,
        help=f"sampled worlds per decision (default {DEFAULT_WORLDS})",
    )
    review.add_argument("--all", action="store_true", help="print every decision")
    review.add_argument("--json", action="store_true", help="print the review as JSON")


@command(
    "review",
    help="what the Hard search thinks of each decision of a seat (docs/ai.md)",
    description="Replay a game record to each decision of a seat (a bot seat too), "
    "judge it from that seat's view then with the Hard search, and print the "
    "costly ones: the position, the action taken, the suggested one, the estimated "
    "cost with its standard error and band, the hindsight with all cards face up, "
    "and the seat's accuracy.",
    arguments=_review_arguments,
    failures=(((OSError, ValueError), 2),),  # a record that cannot be read or replayed
)
def _review(args: argparse.Namespace) -> int:
    from crowsnest.ai.review import review

    result = review(_read_record(args.record), args.seat, worlds=args.worlds)
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
        return 0
    acc = "-" if result.accuracy is None else f"{result.accuracy:.1f}"
    chosen = [d for d in result.decisions if not d.forced]
    print(
        f"review of seat {args.seat} ({result.rules}): {len(result.decisions)} decisions, "
        f"{len(chosen)} with a choice, {args.worlds} worlds each; accuracy {acc}"
    )
    unit = "relative points, lower is better" if result.family == "hearts" else "team points"
    print(f"values: {unit}")
    for d in result.decisions:
        if not args.all and d.band is None:
            continue
        trick = " ".join(d.trick) or "-"
        print(f"hand {d.hand_number + 1}, step {d.step} ({d.phase}): hand {' '.join(d.hand)}; "
              f"trick {trick}")  # fmt: skip
        if d.forced:
            print(f"  {d.taken} (forced)")
            continue
        band = d.band or ("within the noise" if d.cost > 0 else "best")
        print(f"  took {d.taken} ({d.taken_value:+.1f}); best {d.best} ({d.best_value:+.1f}): "
              f"cost {d.cost:.1f} ± {d.se:.1f}, {band}")  # fmt: skip
        h = d.hindsight
        if h is not None and h.cut_short:
            print("  hindsight, cards face up: too deep to solve exactly (search cut short)")
        elif h is not None:
            print(f"  hindsight, cards face up: best {h.best} ({h.best_value or 0:+.1f}), "
                  f"took {h.taken_value or 0:+.1f}, cost {h.cost or 0:.1f}")  # fmt: skip
    bands = [d.band for d in result.decisions]
    print(f"inaccuracies {bands.count('inaccuracy')}, mistakes {bands.count('mistake')}, "
          f"blunders {bands.count('blunder')}")  # fmt: skip
    return 0


def _verify_arguments(verify: argparse.ArgumentParser) -> None:
    verify.add_argument("record", metavar="RECORD", help="a record file (JSON), or - for stdin")


@command(
    "verify",
    help="check a finished game's record: fair deals, every action, its end (docs/formats.md)",
    description="Check a game record from the server: the secret matches the "
    "commitment published before the first card, the seed follows from the secret, "
    "the engine deals exactly the recorded hands from it, every action is legal in "
    "turn, and the game reaches the end the record states (actions, final scores, "
    "winner). Prints every deal; a record cut short or altered is NOT VERIFIED, "
    "with the reason.",
    arguments=_verify_arguments,
    failures=(((OSError, ValueError), 2),),  # a record that cannot be read
)
def _verify(args: argparse.Namespace) -> int:
    from crowsnest.fairness import verify

    record = _read_record(args.record)
    if not isinstance(record, dict):
        raise ValueError("a record is a JSON object")
    result = verify(record)
    for number, deal in enumerate(result.deals, start=1):
        hands = "  ".join(f"seat {i}: {' '.join(h)}" for i, h in enumerate(deal["hands"]))
        nest = f"  nest: {' '.join(deal['nest'])}" if deal.get("nest") else ""
        print(f"deal {number}: {hands}{nest}")
    for problem in result.problems:
        print(f"NOT VERIFIED: {problem}")
    if result.ok:
        fair = record["fairness"]
        scores = " ".join(str(x) for x in record["end"]["scores"])
        print(
            f"verified: commitment {fair['commitment']} matches, {len(result.deals)} deals, "
            f"{len(record['actions'])} actions to the end, final scores {scores}"
        )
        return 0
    return 1

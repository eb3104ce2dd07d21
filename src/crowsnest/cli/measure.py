"""Commands that measure the bots over many deals: ``arena`` (duplicate matches),
``position`` (a scenario position's choices played out) and ``calibrate`` (the Rook
auction's forecasts against what happens)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crowsnest.cli.command import Failures, command, option, positive_int, positive_seconds

if TYPE_CHECKING:
    from crowsnest.arena import ArenaResult


def _warn_if_slow(command: str) -> None:
    """A command that plays many hands says on stderr when it runs the source because
    the compiled core is missing or stale (the same results, several times slower)."""
    from crowsnest import native

    status = native.status()
    if status.slow:
        print(
            f"crowsnest {command}: running the source, not the compiled core: {status.reason}",
            file=sys.stderr,
        )


def _add_deals(parser: argparse.ArgumentParser) -> None:
    """A run's ``--deals``, ``--seed`` and ``--workers`` (the arena's, a position's)."""
    parser.add_argument("--deals", type=positive_int, default=200, help="default: %(default)s")
    parser.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    parser.add_argument(
        "--workers", type=positive_int, default=None, help="processes (default: every core)"
    )


def _add_out(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="write each deal to this deal log (JSON lines) as it ends; resume from it",
    )


# -- arena ------------------------------------------------------------------------------


def _arena_arguments(arena: argparse.ArgumentParser) -> None:
    arena.add_argument(
        "rules_id", metavar="RULES_ID", nargs="?", help="hearts, or a rook/... rule set"
    )
    arena.add_argument("--candidate", default=None, metavar="BOT")
    arena.add_argument("--field", default=None, metavar="BOT")
    arena.add_argument("--table", default=None, metavar="A,B,C,D", help="Hearts head to head")
    _add_deals(arena)
    arena.add_argument(
        "--budget",
        type=positive_seconds,
        default=None,
        metavar="S",
        help="seconds per decision for the bots that have a time budget",
    )
    arena.add_argument(
        "--untimed",
        action="store_true",
        help="the search bots' time limit off: each decision does its fixed work, so a run "
        "depends on the code and the seed, not on the machine's load",
    )
    arena.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE")
    arena.add_argument(
        "--seatings",
        choices=("distinct", "cyclic", "rotations"),
        default="distinct",
        help="Hearts --table: every distinct seating (default), the four rotations, or the "
        "distinct rotations (A,B,A,B: its two alternate seatings)",
    )
    _add_out(arena)
    arena.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        default=None,
        metavar="FILE",
        help="report the deal logs of one match together (instead of playing)",
    )
    arena.add_argument(
        "--against",
        type=Path,
        nargs="+",
        default=None,
        metavar="FILE",
        help="with --merge: the candidate's score per deal paired with these deal logs' "
        "on the deals both hold (a change measured on the same deals)",
    )
    arena.add_argument("--json", action="store_true", help="print the result as JSON")
    arena.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress line on stderr (default: when stderr is a terminal)",
    )


def _arena_failures() -> Failures:
    """A bad argument or deal log (``DealLogError`` too) 2; a file, a match or a bot
    program that failed 1."""
    from crowsnest.ai.external import ExternalBotError
    from crowsnest.arena import ArenaError

    return ((ValueError, 2), (OSError, 1), ((ArenaError, ExternalBotError), 1))


@command(
    "arena",
    help="measure bots on duplicate deals",
    description=(
        "Duplicate matches. Hearts: --candidate X --field Y plays X in each seat of "
        "every deal against three Y; --table A,B,C,D plays four bots head to head. "
        "Rook rule sets: team --candidate against team --field, seats swapped. "
        "A bot is a registry name or cmd:'COMMAND' for a bot-protocol program."
    ),
    arguments=_arena_arguments,
    failures=_arena_failures,
)
def _arena(args: argparse.Namespace) -> int:
    from crowsnest import arena

    rules_id: str | None = args.rules_id
    progress: bool = sys.stderr.isatty() if args.progress is None else args.progress
    common: dict[str, Any] = {
        "deals": args.deals,
        "seed": args.seed,
        "workers": args.workers,
        "budget": args.budget,
        "untimed": args.untimed,
        "progress": progress,
        "out": args.out,
    }
    options = dict(args.option)
    result: arena.ArenaResult
    pair: arena.Paired | None = None
    if args.against is not None and args.merge is None:
        raise ValueError("--against compares deal logs: give the others with --merge")
    if args.merge is not None:
        if rules_id is not None or args.candidate or args.field or args.table:
            raise ValueError("--merge reads deal logs: name no rule set or bots")
        if args.against is not None:
            result, pair = arena.paired(args.merge, args.against)
        else:
            result = arena.merged(args.merge)
    else:
        result = _arena_run(args, rules_id, options, common)
    if args.json:
        text = json.dumps(arena.result_json(result, pair), indent=1)
    else:
        text = arena.format_result(result)
        if pair is not None:
            text += "\n" + arena.format_paired(pair, " ".join(map(str, args.against)))
    try:
        print(text, flush=True)
    except BrokenPipeError:  # `crowsnest arena ... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _arena_run(
    args: argparse.Namespace,
    rules_id: str | None,
    options: dict[str, object],
    common: dict[str, Any],
) -> ArenaResult:
    from crowsnest import arena
    from crowsnest.ai.registry import bot_names
    from crowsnest.engine import RULESETS

    if rules_id is None:
        raise ValueError("name a rule set (RULES_ID), or --merge deal logs")
    _warn_if_slow("arena")
    rules = RULESETS.get(rules_id)
    hearts = rules is not None and rules.family == "hearts"
    if options and hearts:
        raise ValueError(f"{rules_id} has no options")
    if args.table is not None:
        if not hearts or args.candidate or args.field:
            raise ValueError("--table is for Hearts, instead of --candidate and --field")
        bots = [b.strip() for b in args.table.split(",")]
        return arena.hearts_table(bots, seatings=args.seatings, **common)
    if args.candidate is None:
        raise ValueError("name a --candidate (or, for Hearts, a --table)")
    if hearts:
        return arena.hearts_arena(args.candidate, args.field or "ducker", **common)
    field = args.field or ("greedy" if "greedy" in bot_names("rook") else "random")
    return arena.rook_arena(rules_id, args.candidate, field, options=options, **common)


# -- position ---------------------------------------------------------------------------


def _position_arguments(position: argparse.ArgumentParser) -> None:
    position.add_argument("name", metavar="NAME", help="the position")
    position.add_argument(
        "--side", default="hard", metavar="BOT", help="the deciding side (default: %(default)s)"
    )
    position.add_argument(
        "--others", default=None, metavar="BOT", help="the opponents (default: --side)"
    )
    _add_deals(position)
    _add_out(position)
    position.add_argument("--json", action="store_true", help="print the result as JSON")


@command(
    "position",
    help="play a scenario position's choices out",
    description=(
        "Each choice at a scenario test's decision, played to the end of the hand by "
        "real bots over deals of the cards the deciding seat cannot see, compared with "
        "the position's reference choice deal by deal (docs/arena.md). Positions: "
        "top-trump, top-trump-rook-takes, medium-raise, monster-raise."
    ),
    arguments=_position_arguments,
    failures=((ValueError, 2), (OSError, 1)),  # PositionLogError is a ValueError
)
def _position(args: argparse.Namespace) -> int:
    from crowsnest.arena import position_runs

    _warn_if_slow("position")
    job = position_runs.Job(args.name, args.side, args.others or args.side, args.seed)
    result = position_runs.run(job, args.deals, workers=args.workers, out=args.out)
    print(json.dumps(result.json(), indent=1) if args.json else result.text(), flush=True)
    return 0


# -- calibrate --------------------------------------------------------------------------


def _calibrate_arguments(calibrate: argparse.ArgumentParser) -> None:
    calibrate.add_argument("rules_id", metavar="RULES_ID", help="a rook/... rule set")
    calibrate.add_argument(
        "--bot", default="hard", metavar="BOT", help="a Rook Hard spec (default: %(default)s)"
    )
    calibrate.add_argument(
        "--field", default="normal", metavar="BOT", help="the other team (default: %(default)s)"
    )
    calibrate.add_argument("--deals", type=positive_int, default=200, help="default: %(default)s")
    calibrate.add_argument(
        "--worlds", type=positive_int, default=300, help="worlds a forecast (default: %(default)s)"
    )
    calibrate.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    calibrate.add_argument("--json", action="store_true", help="print the result as JSON")


@command(
    "calibrate",
    help="the Rook auction's forecasts against what happens",
    description=(
        "Rook Hard against a field on duplicate deals (both plays, untimed); every "
        "contract Hard's team declares is forecast from the declarer's last bid, as "
        "its auction's playouts forecast it, and set against what happened, by band "
        "of the forecast chance (docs/arena.md)."
    ),
    arguments=_calibrate_arguments,
    failures=((ValueError, 2),),
)
def _calibrate(args: argparse.Namespace) -> int:
    from crowsnest.arena.calibration import calibrate

    _warn_if_slow("calibrate")

    def progress(contracts: int) -> None:
        print(f"\r{contracts} contracts", end="", file=sys.stderr, flush=True)

    result = calibrate(
        args.rules_id,
        args.bot,
        args.field,
        args.deals,
        args.worlds,
        args.seed,
        progress if sys.stderr.isatty() else None,
    )
    if sys.stderr.isatty():
        print(file=sys.stderr)  # past the progress line
    print(json.dumps(result.json(), indent=1) if args.json else result.text(), flush=True)
    return 0

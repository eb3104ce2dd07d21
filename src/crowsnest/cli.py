"""Command line: ``crowsnest play [RULES_ID] [--seed N] [--option KEY=VALUE ...] [--save FILE]``,
``crowsnest bot --game G --level L`` (the bot protocol on stdin/stdout),
``crowsnest arena RULES_ID ...`` (duplicate matches), ``crowsnest position NAME``
(a scenario position's choices played out), ``crowsnest calibrate RULES_ID`` (the
Rook auction's forecasts against what happens), ``crowsnest serve`` (the game
server, docs/protocol.md), ``crowsnest bench-server`` (its load test) and
``crowsnest schema`` (the JSON Schemas of every wire format) and ``crowsnest verify
RECORD`` (a finished game's deals were fair).

Subcommand implementations are imported only when that subcommand runs, so
``crowsnest --help`` stays fast and works before every layer exists.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crowsnest import __version__

if TYPE_CHECKING:
    from crowsnest.arena import ArenaResult


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1: {text!r}")
    return value


def _option(text: str) -> tuple[str, object]:
    """``key=value``; the value is read as JSON (``300``, ``false``) or else as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE: {text!r}")
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``crowsnest`` command."""
    parser = argparse.ArgumentParser(
        prog="crowsnest", description="CrowsNest: Rook-family card games and Hearts."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal")
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
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option, e.g. target=500 or bird=false (repeatable)",
    )
    play.add_argument("--save", default=None, metavar="FILE", help="write the game record here")

    _add_bot(sub)
    _add_arena(sub)
    _add_position(sub)
    _add_calibrate(sub)
    _add_serve(sub)
    _add_bench_server(sub)
    _add_schema(sub)
    _add_native(sub)
    _add_verify(sub)
    _add_review(sub)
    return parser


def _add_review(sub: Any) -> None:
    from crowsnest.ai.review import DEFAULT_WORLDS

    review = sub.add_parser(
        "review",
        help="what the Hard search thinks of each decision of a seat (docs/ai.md)",
        description="Replay a game record to each decision of a seat (a bot seat too), "
        "judge it from that seat's view then with the Hard search, and print the "
        "costly ones: the position, the action taken, the suggested one, the estimated "
        "cost with its standard error and band, the hindsight with all cards face up, "
        "and the seat's accuracy.",
    )
    review.add_argument("record", metavar="RECORD", help="a record file (JSON), or - for stdin")
    review.add_argument("--seat", type=int, default=0, choices=range(4), help="seat (default 0)")
    review.add_argument(
        "--worlds",
        type=_positive_int,
        default=DEFAULT_WORLDS,
        help=f"sampled worlds per decision (default {DEFAULT_WORLDS})",
    )
    review.add_argument("--all", action="store_true", help="print every decision")
    review.add_argument("--json", action="store_true", help="print the review as JSON")


def _review(args: argparse.Namespace) -> int:
    from crowsnest.ai.review import review
    from crowsnest.engine import RecordError

    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
        record = json.loads(text)
        result = review(record, args.seat, worlds=args.worlds)
    except (OSError, ValueError, RecordError) as err:
        print(f"crowsnest review: {err}", file=sys.stderr)
        return 2
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


def _add_verify(sub: Any) -> None:
    verify = sub.add_parser(
        "verify",
        help="check a finished game's record: fair deals, every action, its end (docs/formats.md)",
        description="Check a game record from the server: the secret matches the "
        "commitment published before the first card, the seed follows from the secret, "
        "the engine deals exactly the recorded hands from it, every action is legal in "
        "turn, and the game reaches the end the record states (actions, final scores, "
        "winner). Prints every deal; a record cut short or altered is NOT VERIFIED, "
        "with the reason.",
    )
    verify.add_argument("record", metavar="RECORD", help="a record file (JSON), or - for stdin")


def _verify(path: str) -> int:
    from crowsnest.fairness import verify

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = json.loads(text)
    except (OSError, ValueError) as err:
        print(f"crowsnest verify: {err}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print("crowsnest verify: a record is a JSON object", file=sys.stderr)
        return 2
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


def _add_schema(sub: Any) -> None:
    schema = sub.add_parser(
        "schema",
        help="print or write the JSON Schemas of the wire formats",
        description="The JSON Schemas of views, legal actions, events, deals, records, bot "
        "protocol and server messages (all of them are listed without NAME).",
    )
    schema.add_argument("name", nargs="?", default=None, metavar="NAME", help="one format")
    schema.add_argument("--out", default=None, metavar="DIR", help="write NAME.json files here")
    schema.add_argument(
        "--markdown", default=None, metavar="TABLE", help="print one docs table instead"
    )
    schema.add_argument(
        "--docs", default=None, metavar="DIR", help="regenerate the tables of DIR/*.md"
    )


def _add_native(sub: Any) -> None:
    native = sub.add_parser(
        "native",
        help="build the compiled core (engine and searches), or say whether it is used",
        description="The engine's games and the searches' hot modules compiled by mypyc "
        "(docs/ai.md, 'The compiled core'): `build` compiles them unless a build of "
        "today's sources is there; `status` says whether a process started now runs "
        "them, and why.",
    )
    native.add_argument("action", choices=("build", "status"))
    native.add_argument("--force", action="store_true", help="build even if up to date")


def _native(action: str, force: bool) -> int:
    from crowsnest import native

    if action == "build":
        result = native.build(force=force)
        print(f"crowsnest native core: {result}")
        return 0 if result.compiled else 1
    print(f"crowsnest native core: {native.status()}")
    return 0


def _add_bot(sub: Any) -> None:
    bot = sub.add_parser(
        "bot",
        help="play one seat over the bot protocol (JSON lines on stdin/stdout)",
        description="Play one seat over the bot protocol: see docs/bot-protocol.md.",
    )
    bot.add_argument("--game", choices=("hearts", "rook"), required=True)
    bot.add_argument("--level", required=True, help="a bot name, e.g. ducker, hard, random")
    bot.add_argument(
        "--seed", type=int, default=None, help="seed for decisions whose 'act' has no seed"
    )
    bot.add_argument(
        "--budget", type=_positive_seconds, default=None, metavar="S", help="seconds per decision"
    )


def _add_deals(parser: argparse.ArgumentParser) -> None:
    """A run's ``--deals``, ``--seed`` and ``--workers`` (the arena's, a position's)."""
    parser.add_argument("--deals", type=_positive_int, default=200, help="default: %(default)s")
    parser.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    parser.add_argument(
        "--workers", type=_positive_int, default=None, help="processes (default: every core)"
    )


def _add_out(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="write each deal to this deal log (JSON lines) as it ends; resume from it",
    )


def _add_arena(sub: Any) -> None:
    arena = sub.add_parser(
        "arena",
        help="measure bots on duplicate deals",
        description=(
            "Duplicate matches. Hearts: --candidate X --field Y plays X in each seat of "
            "every deal against three Y; --table A,B,C,D plays four bots head to head. "
            "Rook rule sets: team --candidate against team --field, seats swapped. "
            "A bot is a registry name or cmd:'COMMAND' for a bot-protocol program."
        ),
    )
    arena.add_argument(
        "rules_id", metavar="RULES_ID", nargs="?", help="hearts, or a rook/... rule set"
    )
    arena.add_argument("--candidate", default=None, metavar="BOT")
    arena.add_argument("--field", default=None, metavar="BOT")
    arena.add_argument("--table", default=None, metavar="A,B,C,D", help="Hearts head to head")
    _add_deals(arena)
    arena.add_argument(
        "--budget",
        type=_positive_seconds,
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
    arena.add_argument("--option", type=_option, action="append", default=[], metavar="KEY=VALUE")
    arena.add_argument(
        "--seatings",
        choices=("distinct", "cyclic"),
        default="distinct",
        help="Hearts --table: every distinct seating (default) or the four rotations",
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


def _add_position(sub: Any) -> None:
    position = sub.add_parser(
        "position",
        help="play a scenario position's choices out",
        description=(
            "Each choice at a scenario test's decision, played to the end of the hand by "
            "real bots over deals of the cards the deciding seat cannot see, compared with "
            "the position's reference choice deal by deal (docs/arena.md). Positions: "
            "top-trump, top-trump-rook-takes, medium-raise, monster-raise."
        ),
    )
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


def _position(args: argparse.Namespace) -> int:
    from crowsnest.arena import positions

    _warn_if_slow("position")
    job = positions.Job(args.name, args.side, args.others or args.side, args.seed)
    try:
        result = positions.run(job, args.deals, workers=args.workers, out=args.out)
    except ValueError as err:  # PositionLogError too
        print(f"crowsnest position: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"crowsnest position: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("crowsnest position: interrupted", file=sys.stderr)
        return 130
    print(json.dumps(result.json(), indent=1) if args.json else result.text(), flush=True)
    return 0


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


def _add_calibrate(sub: Any) -> None:
    calibrate = sub.add_parser(
        "calibrate",
        help="the Rook auction's forecasts against what happens",
        description=(
            "Rook Hard against a field on duplicate deals (both plays, untimed); every "
            "contract Hard's team declares is forecast from the declarer's last bid, as "
            "its auction's playouts forecast it, and set against what happened, by band "
            "of the forecast chance (docs/arena.md)."
        ),
    )
    calibrate.add_argument("rules_id", metavar="RULES_ID", help="a rook/... rule set")
    calibrate.add_argument(
        "--bot", default="hard", metavar="BOT", help="a Rook Hard spec (default: %(default)s)"
    )
    calibrate.add_argument(
        "--field", default="normal", metavar="BOT", help="the other team (default: %(default)s)"
    )
    calibrate.add_argument("--deals", type=_positive_int, default=200, help="default: %(default)s")
    calibrate.add_argument(
        "--worlds", type=_positive_int, default=300, help="worlds a forecast (default: %(default)s)"
    )
    calibrate.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    calibrate.add_argument("--json", action="store_true", help="print the result as JSON")


def _calibrate(args: argparse.Namespace) -> int:
    from crowsnest.arena.calibration import calibrate

    _warn_if_slow("calibrate")

    def progress(contracts: int) -> None:
        print(f"\r{contracts} contracts", end="", file=sys.stderr, flush=True)

    try:
        result = calibrate(
            args.rules_id,
            args.bot,
            args.field,
            args.deals,
            args.worlds,
            args.seed,
            progress if sys.stderr.isatty() else None,
        )
    except ValueError as err:
        print(f"crowsnest calibrate: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("crowsnest calibrate: interrupted", file=sys.stderr)
        return 130
    if sys.stderr.isatty():
        print(file=sys.stderr)  # past the progress line
    print(json.dumps(result.json(), indent=1) if args.json else result.text(), flush=True)
    return 0


def _play(rules_id: str | None, **kwargs: Any) -> int:
    try:
        terminal = importlib.import_module("crowsnest.terminal")
    except ModuleNotFoundError as exc:
        if exc.name != "crowsnest.terminal":
            raise
        print("crowsnest play: the terminal game is not available yet", file=sys.stderr)
        return 1
    run: Callable[..., int | None] = terminal.run
    return run(rules_id, **kwargs) or 0


def _bot(game: str, level: str, seed: int | None, budget: float | None) -> int:
    import random

    from crowsnest.ai.budget import with_budget
    from crowsnest.ai.registry import make_bot
    from crowsnest.ai.serve import BotSession, serve

    try:
        bot = make_bot(game, level)
        if budget is not None:
            bot = with_budget(bot, budget)
    except ValueError as err:
        print(f"crowsnest bot: {err}", file=sys.stderr)
        return 2
    session = BotSession(bot, game, level, random.Random(seed))
    try:
        return serve(session, sys.stdin, sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


def _arena(args: argparse.Namespace) -> int:
    from crowsnest import arena
    from crowsnest.ai.external import ExternalBotError

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
    try:
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
    except ValueError as err:  # DealLogError too
        print(f"crowsnest arena: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"crowsnest arena: {err}", file=sys.stderr)
        return 1
    except (arena.ArenaError, ExternalBotError) as err:
        print(f"crowsnest arena: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("crowsnest arena: interrupted", file=sys.stderr)
        return 130
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

    if rules_id is None:
        raise ValueError("name a rule set (RULES_ID), or --merge deal logs")
    _warn_if_slow("arena")
    if options and rules_id == "hearts":
        raise ValueError("hearts has no options")
    if args.table is not None:
        if rules_id != "hearts" or args.candidate or args.field:
            raise ValueError("--table is for Hearts, instead of --candidate and --field")
        bots = [b.strip() for b in args.table.split(",")]
        return arena.hearts_table(bots, seatings=args.seatings, **common)
    if args.candidate is None:
        raise ValueError("name a --candidate (or, for Hearts, a --table)")
    if rules_id == "hearts":
        return arena.hearts_arena(args.candidate, args.field or "ducker", **common)
    field = args.field or ("greedy" if "greedy" in bot_names("rook") else "random")
    return arena.rook_arena(rules_id, args.candidate, field, options=options, **common)


def _add_serve(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="run the game server (HTTP API, websockets, bots)",
        description=(
            "Run the game server. Every flag can also be set as an environment variable "
            "CROWSNEST_<NAME> (CROWSNEST_PORT=9000); flags win. See docs/protocol.md."
        ),
    )
    serve.add_argument("--host", default=None, help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default: 8000)")
    serve.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db "
        "(default: SQLite in the data folder)",
    )
    serve.add_argument("--data-dir", default=None, metavar="DIR", help="default: ./data")
    serve.add_argument(
        "--bot-delay", type=float, default=None, metavar="S", help="seconds a bot waits (0.8)"
    )
    serve.add_argument(
        "--grace", type=float, default=None, metavar="S", help="seconds before a bot sits in (60)"
    )
    serve.add_argument("--log-level", default=None, choices=("debug", "info", "warning", "error"))


def _counts(text: str) -> list[int]:
    return [_positive_int(part.strip()) for part in text.split(",")]


def _add_bench_server(sub: Any) -> None:
    bench = sub.add_parser(
        "bench-server",
        help="load-test a running server (scripted clients against normal bots)",
        description=(
            "Open TABLES tables on a running server, each with one scripted client "
            "playing legal moves at once against three normal bots with no delay; "
            "report actions per second and the client-action-to-answer latency."
        ),
    )
    bench.add_argument("--url", default="http://127.0.0.1:8000", help="the server's base URL")
    bench.add_argument(
        "--clients",
        type=_counts,
        default=[100],
        metavar="N[,N...]",
        help="clients (one table each); a list runs one step per count (default: 100)",
    )
    bench.add_argument("--seconds", type=_positive_seconds, default=20.0, metavar="S")
    bench.add_argument("--rules", default="hearts", metavar="RULES_ID")
    bench.add_argument(
        "--ramp",
        type=_positive_seconds,
        default=5.0,
        metavar="S",
        help="seconds over which the clients connect",
    )
    bench.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="S",
        help="seconds each client waits before acting, on average (default: 0, at once)",
    )
    bench.add_argument("--json", action="store_true", help="print the result as JSON")
    bench.add_argument(
        "--cluster",
        type=_positive_int,
        default=None,
        metavar="N",
        help=(
            "start a local cluster of N nodes behind HAProxy (as `make cluster`, with "
            "the limits per client address raised) and load it instead of --url"
        ),
    )
    bench.add_argument(
        "--cluster-dir",
        default="data/bench-cluster",
        metavar="DIR",
        help="the cluster's folder, emptied first (default: data/bench-cluster)",
    )
    bench.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="an empty PostgreSQL database for the cluster (default: one of its own)",
    )


def _serve(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from crowsnest.server.serve import run
    from crowsnest.server.settings import Settings

    given = {
        key: value
        for key, value in vars(args).items()
        if key in ("host", "port", "database_url", "data_dir", "bot_delay", "grace", "log_level")
        and value is not None
    }
    try:
        settings = Settings(**given)
    except ValidationError as err:
        print(
            f"crowsnest serve: {err.errors()[0]['loc']}: {err.errors()[0]['msg']}", file=sys.stderr
        )
        return 2
    try:
        return run(settings)
    except KeyboardInterrupt:
        return 0


def _bench_server(args: argparse.Namespace) -> int:
    from pathlib import Path

    from crowsnest.server.cluster.local import Missing, bench_cluster
    from crowsnest.server.loadtest import main as loadtest

    def load(url: str) -> int:
        return loadtest(
            url=url,
            clients=args.clients,
            seconds=args.seconds,
            rules=args.rules,
            ramp=args.ramp,
            as_json=args.json,
            think=args.think,
        )

    if args.cluster is None:
        return load(args.url)
    try:
        with bench_cluster(args.cluster, Path(args.cluster_dir), args.database_url) as url:
            return load(url)
    except Missing as err:
        print(f"crowsnest bench-server: {err}", file=sys.stderr)
        return 1


def _schema(name: str | None, out: str | None, table: str | None, docs: str | None) -> int:
    from pathlib import Path

    from crowsnest import schema

    if table is not None or docs is not None:
        if table is not None and table not in schema.TABLES:
            print(f"crowsnest schema: no table {table!r}; one of {', '.join(schema.TABLES)}",
                  file=sys.stderr)  # fmt: skip
            return 2
        if table is not None:
            print(schema.markdown(table))
        for page in sorted(Path(docs).glob("*.md")) if docs is not None else []:
            text = page.read_text(encoding="utf-8")
            if schema.update_docs(text) != text:
                page.write_text(schema.update_docs(text), encoding="utf-8")
                print(f"updated {page}")
        return 0
    if name is not None and name not in schema.FORMATS:
        print(f"crowsnest schema: no format {name!r}; one of {', '.join(schema.FORMATS)}",
              file=sys.stderr)  # fmt: skip
        return 2
    names = [name] if name is not None else list(schema.FORMATS)
    if out is not None:
        for each in names:
            path = Path(out) / f"{each}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(schema.schema_text(each), encoding="utf-8")
            print(f"wrote {path}")
    elif name is not None:
        sys.stdout.write(schema.schema_text(name))
    else:
        for each, (_, title) in schema.FORMATS.items():
            print(f"{each:16} {title}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the ``crowsnest`` command; returns the process exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "play":
        rules_id: str | None = args.rules_id
        options: list[tuple[str, object]] = args.option
        return _play(rules_id, seed=args.seed, options=dict(options), save=args.save)
    if args.command == "bot":
        return _bot(args.game, args.level, args.seed, args.budget)
    if args.command == "arena":
        return _arena(args)
    if args.command == "position":
        return _position(args)
    if args.command == "calibrate":
        return _calibrate(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "bench-server":
        return _bench_server(args)
    if args.command == "schema":
        return _schema(args.name, args.out, args.markdown, args.docs)
    if args.command == "verify":
        return _verify(args.record)
    if args.command == "review":
        return _review(args)
    if args.command == "native":
        return _native(args.action, args.force)
    raise AssertionError(f"unhandled command {args.command!r}")  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover - `python -m crowsnest.cli`
    sys.exit(main())

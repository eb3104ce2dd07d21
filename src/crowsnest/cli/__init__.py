"""Command line: ``crowsnest play [RULES_ID] [--seed N] [--option KEY=VALUE ...] [--save FILE]``,
``crowsnest bot --game G --level L`` (the bot protocol on stdin/stdout),
``crowsnest review RECORD`` (the Hard search's view of a seat's decisions),
``crowsnest verify RECORD`` (a finished game's deals were fair),
``crowsnest arena RULES_ID ...`` (duplicate matches), ``crowsnest position NAME``
(a scenario position's choices played out), ``crowsnest calibrate RULES_ID`` (the
Rook auction's forecasts against what happens), ``crowsnest serve`` (the game
server, docs/protocol.md), ``crowsnest schema`` (the JSON Schemas of every wire
format) and ``crowsnest native`` (the compiled core).

One module per group of commands registers each command once
(:func:`~crowsnest.cli.command.command`), and one wrapper turns the errors a command
expects into its message and exit status (:func:`~crowsnest.cli.command.run`). A
command's implementation is imported only when it runs, so ``crowsnest --help``
stays fast and needs neither the server's nor the arena's packages.
"""

from __future__ import annotations

import argparse

from crowsnest import __version__
from crowsnest.cli import games, measure, serving, tools
from crowsnest.cli.command import COMMANDS, run

__all__ = ["build_parser", "main"]

GROUPS = (games, measure, serving, tools)
"""The modules whose commands are registered (in the order ``--help`` lists them)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``crowsnest`` command."""
    parser = argparse.ArgumentParser(
        prog="crowsnest", description="CrowsNest: Rook-family card games and Hearts."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for each in COMMANDS.values():
        each.add_to(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``crowsnest`` command; returns the process exit status."""
    args = build_parser().parse_args(argv)
    return run(args.command, args)

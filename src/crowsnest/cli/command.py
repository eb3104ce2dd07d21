"""A command of ``crowsnest``: registered once, with its arguments and the errors it
expects, and run by the one error wrapper (:func:`run`).

A command module defines a function ``(args) -> exit status`` and registers it with
:func:`command`, naming the errors it expects and the exit status of each. When one
of them ends the command, :func:`run` writes one line, ``crowsnest NAME: message``,
on stderr and exits with that status; an error mapped to status 0 (a closed pipe,
Ctrl-C stopping a server) ends the command quietly. Ctrl-C ends any other command
with ``crowsnest NAME: interrupted`` and status 130. An error nobody expects is a
bug, and its traceback is shown.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

Failures = Sequence[tuple[type[BaseException] | tuple[type[BaseException], ...], int]]
"""(error types, exit status) pairs, the first that matches wins."""
Run = Callable[[argparse.Namespace], int]
INTERRUPTED: Final = 130
"""The exit status of a command Ctrl-C ended (128 + SIGINT, as a shell reports it)."""


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    help: str
    description: str | None
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Run
    failures: Failures | Callable[[], Failures]
    """The errors the command expects, or a function returning them (for error types
    of modules imported only when the command runs)."""

    def add_to(self, sub: Any) -> None:
        """Add the command's parser to ``sub`` (the ``add_subparsers`` of the main one)."""
        parser = sub.add_parser(self.name, help=self.help, description=self.description)
        self.arguments(parser)

    def status_of(self, error: BaseException) -> int | None:
        """The exit status for ``error``; None if the command does not expect it."""
        failures = self.failures() if callable(self.failures) else self.failures
        for kinds, status in failures:
            if isinstance(error, kinds):
                return status
        if isinstance(error, KeyboardInterrupt):
            return INTERRUPTED
        return None


COMMANDS: Final[dict[str, Command]] = {}
"""Every command by name, in the order ``crowsnest --help`` lists them."""


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """A command without arguments."""


def command(
    name: str,
    *,
    help: str,
    description: str | None = None,
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments,
    failures: Failures | Callable[[], Failures] = (),
) -> Callable[[Run], Run]:
    """Register the decorated function as the command ``name``."""

    def register(run: Run) -> Run:
        assert name not in COMMANDS, f"command {name!r} registered twice"
        COMMANDS[name] = Command(name, help, description, arguments, run, failures)
        return run

    return register


def run(name: str, args: argparse.Namespace) -> int:
    """Run the command ``name``; the one place a command's errors become its message
    and exit status."""
    cmd = COMMANDS[name]
    try:
        return cmd.run(args)
    except (Exception, KeyboardInterrupt) as err:
        status = cmd.status_of(err)
        if status is None:
            raise
        if status:
            message = "interrupted" if isinstance(err, KeyboardInterrupt) else str(err)
            print(f"crowsnest {name}: {message}", file=sys.stderr)
        return status


# -- argument types ---------------------------------------------------------------------


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1: {text!r}")
    return value


def option(text: str) -> tuple[str, object]:
    """``key=value``; the value is read as JSON (``300``, ``false``) or else as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE: {text!r}")
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value

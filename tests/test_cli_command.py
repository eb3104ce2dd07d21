"""The one error wrapper of ``crowsnest``: a command's expected errors become one line
on stderr and its exit status; anything else is a bug and keeps its traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from crowsnest.cli import build_parser
from crowsnest.cli.command import COMMANDS, INTERRUPTED, Command, Failures, run


def _register(
    monkeypatch: pytest.MonkeyPatch,
    error: BaseException,
    failures: Failures | Callable[[], Failures],
) -> None:
    def fail(args: argparse.Namespace) -> int:
        raise error

    cmd = Command("fail", "fails", None, lambda parser: None, fail, failures)
    monkeypatch.setitem(COMMANDS, "fail", cmd)


def test_an_expected_error_is_one_line_and_its_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _register(monkeypatch, OSError("no such file"), ((ValueError, 2), (OSError, 1)))
    assert run("fail", argparse.Namespace()) == 1
    assert capsys.readouterr().err == "crowsnest fail: no such file\n"


def test_the_first_matching_failure_wins_and_may_be_given_late(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _register(monkeypatch, KeyError("x"), lambda: ((LookupError, 3), (KeyError, 4)))
    assert run("fail", argparse.Namespace()) == 3
    assert capsys.readouterr().err.startswith("crowsnest fail: ")


def test_status_zero_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _register(monkeypatch, BrokenPipeError(), (((BrokenPipeError, KeyboardInterrupt), 0),))
    assert run("fail", argparse.Namespace()) == 0
    assert capsys.readouterr().err == ""


def test_ctrl_c_says_interrupted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _register(monkeypatch, KeyboardInterrupt(), ((ValueError, 2),))
    assert run("fail", argparse.Namespace()) == INTERRUPTED == 130
    assert capsys.readouterr().err == "crowsnest fail: interrupted\n"


def test_an_unexpected_error_keeps_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch, RuntimeError("a bug"), ((ValueError, 2),))
    with pytest.raises(RuntimeError, match="a bug"):
        run("fail", argparse.Namespace())


def test_every_registered_command_has_its_parser() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(COMMANDS)
    assert {"play", "bot", "arena", "serve", "schema", "native", "review", "verify"} <= set(
        COMMANDS
    )

"""The host side of the bot protocol: a :class:`~crowsnest.ai.base.Bot` that is
another program, spoken to over JSON lines (``docs/bot-protocol.md``).

>>> import sys
>>> from crowsnest.engine import new_game
>>> game = new_game("hearts", seed=3)
>>> with ExternalBot([sys.executable, "-m", "crowsnest.cli", "bot", "--game", "hearts",
...                   "--level", "ducker"]) as bot:
...     action = bot.choose(game.view(0), game.legal_actions(0), random.Random(1))
>>> str(action).startswith("pass ")  # a pass names Hearts cards: its text needs no family
True
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import subprocess
import threading
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from crowsnest.ai.protocol import ACTION, BOT_HELLO, ERROR, act_message, hello_message
from crowsnest.ai.view_json import action_from_text, describe, game_of, is_allowed
from crowsnest.engine import Action, LegalAction, PlayerView, action_text

T = TypeVar("T")


class ExternalBotError(RuntimeError):
    """The program broke the protocol, answered an illegal action, timed out or died."""


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    try:
        for line in stream:
            lines.put(line)
    finally:
        lines.put(None)
        stream.close()


class ExternalBot:
    """Plays through a bot program started with ``command`` (an argv list).

    The program is started by :meth:`start` or at the first decision (the ``hello``
    names the game) and kept for every later one; :meth:`close` (or leaving a ``with``
    block) says ``bye``. Each ``act`` carries a ``seed`` drawn from the ``rng`` handed
    to :meth:`choose`, so a program that seeds its chance from it is reproducible.
    ``timeout`` bounds the wait for any one answer, in seconds.
    """

    def __init__(
        self, command: Sequence[str], *, timeout: float = 60.0, stderr: IO[str] | None = None
    ) -> None:
        if not command:
            raise ValueError("an external bot needs a command")
        self.command = list(command)
        self.timeout = timeout
        self.name: str | None = None
        self._stderr = stderr
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._game: str | None = None
        self._seq = 0

    # -- the Bot contract ----------------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        game = game_of(view)
        self.start(game)
        if game != self._game:
            raise ExternalBotError(f"this bot was started for {self._game}, not {game}")
        self._seq += 1
        seq = self._seq
        self._send(act_message(seq, view, legal, seed=rng.getrandbits(63)))
        while True:  # answers to earlier acts are skipped
            reply = self._receive()
            if reply.get("type") == "error" and reply.get("seq") in (None, seq):
                refused = self._read(ERROR, reply)
                raise ExternalBotError(
                    f"{self._who()} refused the position: {refused['code']}: {refused['message']}"
                )
            if reply.get("seq") == seq and "action" in reply:
                break
        text = self._read(ACTION, reply)["action"]
        try:
            action = action_from_text(text, view.family)
        except ValueError as err:
            raise ExternalBotError(f"{self._who()} answered {text!r}: {err}") from None
        if not is_allowed(action, legal):
            raise ExternalBotError(
                f"{self._who()} answered an illegal action {action_text(action, view.family)!r}"
            )
        return action

    # -- process ---------------------------------------------------------------------------

    def _who(self) -> str:
        return f"external bot {' '.join(self.command)!r}"

    def start(self, game: str) -> None:
        """Start the program and greet it for ``game`` (once; :meth:`choose` does it
        at the first decision otherwise)."""
        if self._proc is not None:
            return
        try:
            proc = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as err:
            raise ExternalBotError(f"cannot start {self._who()}: {err}") from None
        self._proc = proc
        self._game = game
        assert proc.stdout is not None
        threading.Thread(target=_pump, args=(proc.stdout, self._lines), daemon=True).start()
        unsent: ExternalBotError | None = None
        try:
            self._send(hello_message(game))
        except ExternalBotError as err:
            # It may have written and gone before reading its hello: what it wrote says
            # more than the closed pipe (and does not depend on who was quicker).
            unsent = err
        try:
            reply = self._receive()
        except ExternalBotError:
            if unsent is not None:
                raise unsent from None
            raise
        try:
            hello = BOT_HELLO.validate_python(reply)
        except ValidationError:
            self.close()
            raise ExternalBotError(f"{self._who()} did not answer hello: {reply!r}") from None
        self.name = hello.get("name")

    def _read(self, adapter: TypeAdapter[T], reply: dict[str, Any]) -> T:
        """``reply`` as the message ``adapter`` declares, or the error naming its field."""
        try:
            return adapter.validate_python(reply)
        except ValidationError as err:
            raise ExternalBotError(
                f"{self._who()} wrote a bad message: {describe(err, 'message')}"
            ) from None

    def _send(self, message: dict[str, Any]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self._proc.stdin.flush()
        except OSError as err:
            raise ExternalBotError(f"{self._who()} stopped reading: {err}") from None

    def _receive(self) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise ExternalBotError(f"{self._who()}: no answer in {self.timeout} s") from None
        if line is None:
            status = self._proc.wait() if self._proc is not None else None
            raise ExternalBotError(f"{self._who()} exited (status {status})")
        try:
            reply = json.loads(line)
        except ValueError:
            raise ExternalBotError(f"{self._who()} wrote a line that is not JSON") from None
        if not isinstance(reply, dict):
            raise ExternalBotError(f"{self._who()} wrote {reply!r}, not an object")
        return reply

    def close(self) -> None:
        """Say ``bye`` and wait briefly for the program to end (kill it if it does not)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(OSError):  # it may have gone already
                proc.stdin.write(json.dumps({"type": "bye"}) + "\n")
                proc.stdin.flush()
            with contextlib.suppress(OSError):
                proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_proc", None) is not None:
            self.close()

"""The bot side of the bot protocol: ``crowsnest bot`` plays one seat over JSON lines.

:class:`BotSession` is sans-I/O (one line in, the reply lines out), so it is tested
without a process; :func:`serve` runs it on a pair of text streams. A bad line gets
an ``error`` message and the session goes on; only ``bye`` or the end of input stop it.
"""

from __future__ import annotations

import json
import random
from typing import Any, TextIO

from crowsnest.ai.base import Bot
from crowsnest.ai.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    ProtocolError,
    action_message,
    error_message,
    hello_message,
    read_act,
)
from crowsnest.ai.view_json import game_of


class BotSession:
    """One bot playing one family's seat; ``rng`` serves acts that carry no ``seed``."""

    def __init__(self, bot: Bot, game: str, name: str, rng: random.Random) -> None:
        self.bot = bot
        self.game = game
        self.name = name
        self.rng = rng
        self.done = False
        self.version = PROTOCOL_VERSION
        """The session's protocol version: the host's hello's."""

    def handle(self, line: str) -> list[dict[str, Any]]:
        """The replies to one input line (none for a blank line or ``bye``)."""
        if not line.strip():
            return []
        seq: int | None = None
        try:
            if len(line) > MAX_LINE:
                raise ProtocolError("too_long", f"a line may hold at most {MAX_LINE} characters")
            try:
                message = json.loads(line)
            except (ValueError, RecursionError):
                raise ProtocolError("bad_json", "the line is not JSON") from None
            if not isinstance(message, dict):
                raise ProtocolError("bad_message", "a message is a JSON object")
            raw_seq = message.get("seq")
            if isinstance(raw_seq, int) and not isinstance(raw_seq, bool):
                seq = raw_seq
            return self._dispatch(message)
        except ProtocolError as err:
            return [error_message(err.code, err.message, seq)]

    def _dispatch(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        kind = message.get("type")
        if kind == "act":
            return [self._act(message)]
        if kind == "hello":
            return [self._hello(message)]
        if kind == "bye":
            self.done = True
            return []
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")

    def _hello(self, message: dict[str, Any]) -> dict[str, Any]:
        version = message.get("protocol")
        if version not in PROTOCOL_VERSIONS or isinstance(version, bool):
            speaks = " and ".join(str(v) for v in PROTOCOL_VERSIONS)
            raise ProtocolError(
                "unsupported_protocol", f"protocol {version!r}; this bot speaks {speaks}"
            )
        if message.get("game") != self.game:
            raise ProtocolError(
                "wrong_game", f"this bot plays {self.game}, not {message.get('game')!r}"
            )
        assert isinstance(version, int)
        self.version = version
        return hello_message(self.game, version, name=self.name)

    def _act(self, message: dict[str, Any]) -> dict[str, Any]:
        seq, view, legal, seed = read_act(message, self.version)
        if game_of(view) != self.game:
            raise ProtocolError("wrong_game", f"this bot plays {self.game}, not {game_of(view)}")
        if not legal:
            raise ProtocolError("no_legal_actions", "'legal' is empty: nothing to choose from")
        rng = self.rng if seed is None else random.Random(seed)
        try:
            action = self.bot.choose(view, legal, rng)
        except Exception as err:  # a bot bug must not end the session
            raise ProtocolError("bot_failed", f"{type(err).__name__}: {err}") from None
        return action_message(seq, action, view.family)


def serve(session: BotSession, stdin: TextIO, stdout: TextIO) -> int:
    """Answer ``stdin`` line by line until ``bye`` or the end of input; exit status 0."""
    while not session.done:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            break
        if len(line) > MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):  # skip the rest of an overlong line
                rest = stdin.readline(MAX_LINE)
        for reply in session.handle(line):
            stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
